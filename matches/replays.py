"""Replays of finished matches, from any seat's point of view, built lazily.

A finished match never changes, so what is computed once is cached for good:
the frames of each chunk of `CHUNK` steps per viewer, and the engine state at
each chunk's first step (a checkpoint), so that opening step 3000 of a long
match replays from the nearest checkpoint instead of from the start.

A viewer is a seat (0..players-1), None (a spectator) or "all" (everything,
every event). A seat's replay shows what that seat saw at each moment: its
view and the events it was allowed to see then.
"""
from django.core.cache import cache

from gamekit import contract, events as event_rules
from matches.models import Match
from matches.registry import get_game

CHUNK = 100  # actions per cached chunk of frames
MAX_STEPS_PER_REQUEST = 500
CACHE_SECONDS = 7 * 24 * 3600
_KEY = "replay:v3:{match}:{what}"  # v3: frames carry to_act as the viewer may know it


class BadViewer(ValueError):
    pass


def parse_viewer(raw, players):
    """'all', 'spectator' (or empty) or a seat number, as given in a URL; raises BadViewer."""
    if raw in (None, "", "spectator"):
        return None
    if raw == "all":
        return "all"
    try:
        seat = int(raw)
    except (TypeError, ValueError):
        raise BadViewer(raw) from None
    if not 0 <= seat < players:
        raise BadViewer(raw)
    return seat


def viewer_param(viewer) -> str:
    return "spectator" if viewer is None else str(viewer)


def may_watch(match: Match, user) -> bool:
    """A public match is anyone's to watch; a private one only for those who sat in it."""
    if not match.is_private:
        return True
    return bool(user.is_authenticated) and match.seats.filter(user_id=user.pk).exists()


def _key(match, what):
    return _KEY.format(match=match.pk, what=what)


def _new_game(engine, match):
    # The service stores the start time in the options as started_at; the match is replayed under its own
    # rules version, whatever the engine's current one.
    options = contract.with_rules_version(match.options, match.rules_version)
    return engine.new_game(match.players, options, match.seed, match.options.get("started_at", 0.0))


def _state_at(engine, match, step):
    """The state after `step` actions, from the nearest cached checkpoint; caches the checkpoints it passes."""
    chunk = step // CHUNK
    keys = [_key(match, f"state:{k}") for k in range(chunk, 0, -1)]
    cached = cache.get_many(keys) if keys else {}
    start, state = 0, None
    for k in range(chunk, 0, -1):
        hit = cached.get(_key(match, f"state:{k}"))
        if hit is not None:
            start, state = k * CHUNK, hit
            break
    if state is None:
        state = _new_game(engine, match)
    if start == step:
        return state
    new_checkpoints = {}
    log = match.actions.filter(seq__gte=start, seq__lt=step).order_by("seq").values_list("seq", "seat", "action", "server_time")
    for seq, seat, action, at in log.iterator(chunk_size=2000):
        state, _events = engine.apply(state, seat, action, at)
        if (seq + 1) % CHUNK == 0:
            new_checkpoints[_key(match, f"state:{(seq + 1) // CHUNK}")] = state
    if new_checkpoints:
        cache.set_many(new_checkpoints, CACHE_SECONDS)
    return state


def _chunk_of(version):
    """Chunk k holds the frames after actions k*CHUNK .. (k+1)*CHUNK-1 (versions k*CHUNK+1 ..); chunk 0 also version 0."""
    return max(version - 1, 0) // CHUNK


def _chunk_frames(engine, match, viewer, chunk):
    """The frames of one chunk for this viewer, each with the events its action made that the viewer may see."""
    first_seq = chunk * CHUNK
    state = _state_at(engine, match, first_seq)
    frames = []
    if chunk == 0:
        frames.append(_frame(engine, state, viewer, 0, None, None, None, []))
    log = match.actions.filter(seq__gte=first_seq, seq__lt=first_seq + CHUNK).order_by("seq")
    for seq, seat, action, at in log.values_list("seq", "seat", "action", "server_time"):
        state, events = engine.apply(state, seat, action, at)
        frames.append(_frame(engine, state, viewer, seq + 1, seat, action, at, events))
    return frames


def _frame(engine, state, viewer, version, seat, action, at, events):
    seen = event_rules.for_seat(events, viewer, finished=False)
    for event in seen:
        event["version"] = version
    return {
        "version": version,
        "seat": seat,
        "action": action,
        "server_time": at,
        "view": engine.view(state, viewer),
        "events": seen,
        # who had to decide at this step, as the live frame says it (the page's turn bar reads it)
        "to_act": [] if engine.result(state) is not None else contract.to_act_seen_by(engine, state, viewer),
    }


def _frames_of_chunk(engine, match, viewer, chunk):
    key = _key(match, f"frames:{viewer_param(viewer)}:{chunk}")
    part = cache.get(key)
    if part is None:
        part = _chunk_frames(engine, match, viewer, chunk)
        cache.set(key, part, CACHE_SECONDS)
    return part


def event_index(match: Match, viewer) -> dict[str, list[int]]:
    """For each kind (code) of event `viewer` saw during the match, the steps that made one, in order.

    The replay player's "next capture / next effect ..." jumps read it. Built from the same cached
    chunks as the frames (so it shows exactly what the viewer's frames show), then cached itself.
    """
    key = _key(match, f"index:{viewer_param(viewer)}")
    index = cache.get(key)
    if index is not None:
        return index
    engine = get_game(match.game).engine
    index = {}
    for chunk in range(_chunk_of(match.version) + 1):
        for frame in _frames_of_chunk(engine, match, viewer, chunk):
            for event in frame["events"]:
                steps = index.setdefault(event["code"], [])
                if not steps or steps[-1] != frame["version"]:
                    steps.append(frame["version"])
    cache.set(key, index, CACHE_SECONDS)
    return index


def replay_frames(match: Match, viewer, start: int, end: int) -> list[dict]:
    """The frames of steps start..end (inclusive, clipped to the match) as `viewer` saw them."""
    engine = get_game(match.game).engine
    start = max(0, start)
    end = min(match.version, end, start + MAX_STEPS_PER_REQUEST - 1)
    frames = []
    for chunk in range(_chunk_of(start), _chunk_of(end) + 1):
        part = _frames_of_chunk(engine, match, viewer, chunk)
        frames.extend(f for f in part if start <= f["version"] <= end)
    return frames
