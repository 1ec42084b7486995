"""What each seat (None: a spectator) is sent: its frame (view, what it may do, whom the game waits for,
the events it may see tagged with their versions, the seats' notices, the end screen) and the events a
seat was sent so far. The broadcast after a change (matches/broadcast.py), the socket on connect or
resync (matches/consumers.py) and the presence notices (matches/presence.py) build them here only.

Frames are documented in docs/protocol.md; hidden information stays out because every part is the
engine's view for that seat, or an event filtered by its audience (gamekit/events.py).

In a game that hides unseen actions (``GameSpec.hide_unseen_actions``: Basra), a frame's version is the
version of the last change its seat could see (``seen_version``), not always the match's: an action
hidden from a seat (it made events, none of them visible to that seat: a private offer between two
other seats) sends that seat no frame and does not move its version, so that it learns nothing of it
as it happens (issue 35, #5). Such a game promises that the action changes nothing the seat is shown
(tests/matches/test_contract.py), so the frame built from the state now is the frame of that version.
In the other games every action moves every frame, as before.
"""
import time

from gamekit import contract, events as event_rules
from matches import endscreen
from matches.models import ActionLog, Match
from matches.registry import get_game

# A full frame (connect, resync) carries the events of this many recent actions.
RECENT_EVENT_ACTIONS = 60
# The lasting notices a frame carries (the oldest are dropped from frames, never from the row).
NOTICES_IN_FRAME = 30


def events_for(new_events, seat, finished) -> list[dict]:
    """The events of (version, event) pairs this seat (None: spectator) may see, each tagged with its version."""
    shown = []
    for version, event in new_events:
        if event_rules.visible(event, seat, finished):
            event = event_rules.without_audience(event)
            event["version"] = version
            shown.append(event)
    return shown


def hidden_from(events, seat, finished) -> bool:
    """Whether an action that made ``events`` is hidden from ``seat`` (None: a spectator): it made some
    and this seat may see none of them. An action that made no event counts as seen by everyone."""
    return bool(events) and not any(event_rules.visible(event, seat, finished) for event in events)


def _recent_rows(match: Match, limit=RECENT_EVENT_ACTIONS, before=None) -> list[tuple[int, list]]:
    """(seq, events) of the last ``limit`` actions (up to version ``before``: None, the match's), newest first."""
    rows = ActionLog.objects.filter(match=match)
    if before is not None:
        rows = rows.filter(seq__lt=before)
    return list(rows.order_by("-seq").values_list("seq", "events")[:limit])


def _hides(match: Match) -> bool:
    return get_game(match.game).hide_unseen_actions


def _seen_version(rows, seat, finished, version) -> int:
    """The version of the last change ``seat`` could see among ``rows`` (newest first) of a match at
    ``version``. Should the last ``len(rows)`` actions all be hidden from it (never seen), the version
    before the oldest of them."""
    if finished or seat == "all":
        return version
    for seq, events in rows:
        if not hidden_from(events or [], seat, finished):
            return seq + 1
    return rows[-1][0] if rows else version


def seen_version(match: Match, seat) -> int:
    """The version ``seat`` (None: a spectator) is shown: that of the last change it could see (the match's
    in a game that does not hide unseen actions)."""
    if not _hides(match):
        return match.version
    return _seen_version(_recent_rows(match), seat, match.status != Match.Status.RUNNING, match.version)


def was_shown(match: Match, seat, version: int) -> bool:
    """Whether ``seat`` may have been shown ``version`` (not past the last change it could see): a client
    naming a later one guesses at an action hidden from it, and is answered as for a version the match has
    not reached. A new decision is seen by everyone (the promise of a game that hides unseen actions), so
    a version up to the decision's needs no reading."""
    if version > match.version:
        return False
    if not _hides(match) or version <= match.step_version or match.status != Match.Status.RUNNING:
        return True
    made = ActionLog.objects.filter(match=match, seq__gte=version - 1).values_list("events", flat=True)
    return any(not hidden_from(events or [], seat, False) for events in made)


def public_version(match: Match) -> int:
    """The version every seat and spectator could see (a spectator sees no change a seat misses): what a
    seat's notice is stamped with, as every seat and spectator reads it."""
    return seen_version(match, None)


def recent_events(match: Match, seat, limit=RECENT_EVENT_ACTIONS, rows=None) -> list[dict]:
    """The visible events of the last ``limit`` actions (for a full frame on connect or resync)."""
    rows = _recent_rows(match, limit) if rows is None else rows
    pairs = [(seq + 1, event) for seq, events in reversed(rows) for event in events or []]
    return events_for(pairs, seat, match.status != Match.Status.RUNNING)


def seen_events(match: Match, seat) -> list[dict]:
    """Every event ``seat`` was sent in this match so far, oldest first: what a search bot remembers
    (gamekit/driver.py, ``seen``); read only for a bot that asks for it."""
    rows = ActionLog.objects.filter(match=match).order_by("seq").values_list("events", flat=True)
    return event_rules.for_seat([event for events in rows for event in events or []], seat,
                                match.status != Match.Status.RUNNING)


def bot_seat_numbers(match: Match) -> list[int]:
    """The seats a computer player plays now (its own, resigned, or stood in for)."""
    return sorted(seat for seat, _bot in match.bot_seats)


def abortable(match: Match) -> bool:
    """The early abort's window is open: the match runs and a person seated has not made a first decision yet."""
    return match.status == Match.Status.RUNNING and bool(match.undecided_seats)


def frame_notices(match: Match) -> list[dict]:
    return list(match.seat_notices or [])[-NOTICES_IN_FRAME:]


def seat_frame(match: Match, seat, events=None, version=None, after=None) -> dict:
    """The frame one seat (None: spectator) receives: its view, what it may do, and its new events.

    ``events`` are (version, event) pairs; None means a full frame, with the
    recent events read from the log and the version of the last change this
    seat could see. ``version``: the frame's version (default: the match's).
    ``after``: in a change's frame, the version of the frame this seat was sent before it (None: not
    known, or a full frame; the frame then has no "after").
    """
    spec = get_game(match.game)
    finished = match.status != Match.Status.RUNNING
    if events is None:
        rows = _recent_rows(match)
        if spec.hide_unseen_actions:
            version = _seen_version(rows, seat, finished, match.version)
        shown_events = recent_events(match, seat, rows=rows)
    else:
        shown_events = events_for(events, seat, finished)
    frame = {
        "type": "view",
        "match": match.pk,
        "version": match.version if version is None else version,
        "seat": seat,
        "status": match.status,
        "view": spec.engine.view(match.state, seat),
        "legal": spec.engine.legal_actions(match.state, seat) if seat is not None and not finished else [],
        "to_act": contract.to_act_seen_by(spec.engine, match.state, seat) if not finished else [],
        "events": shown_events,
        # Who plays for a computer now and what happened to the seats (the badges and the table's notices).
        "bots": bot_seat_numbers(match),
        "seat_notices": frame_notices(match),
        # The early abort's window is open (a person seated has not made a first decision yet): the page
        # offers its players the Abort button while it is (docs/ratings.md, "The early abort").
        "abortable": abortable(match),
        "server_time": time.time(),
    }
    if after is not None:
        frame["after"] = after
    if finished:
        frame["end"] = endscreen.end_summary(match, seat)
    return frame


def change_version(new_events, seat, finished, since, version):
    """The version of the last action of a change (the actions after ``since`` up to ``version``, their
    events ``new_events``, (version, event) pairs) that ``seat`` could see; None when it saw none of them.
    ``since`` None: not known, the whole change counts as seen."""
    if since is None or finished or seat == "all":
        return version
    made = {}
    for at, event in new_events:
        made.setdefault(at, []).append(event)
    for at in range(version, since, -1):
        if not hidden_from(made.get(at, []), seat, finished):
            return at
    return None


def shown_before(match: Match, since: int) -> dict:
    """The version each seat (None: the spectators) was shown before the change after version ``since``:
    ``since``, or in a game that hides unseen actions the last version up to it that the seat could see
    (what ``seen_version`` said then; the match was running). The change's frames carry it as "after".

    On the path of every move: no read in a game that does not hide actions, and one row (the last
    action before the change) when every seat and the spectators could see it, as nearly always."""
    viewers = [*range(match.players), None]
    if not _hides(match) or since == 0:
        return dict.fromkeys(viewers, since)
    rows = _recent_rows(match, 1, before=since)
    if rows and not any(hidden_from(rows[0][1] or [], viewer, False) for viewer in viewers):
        return dict.fromkeys(viewers, since)
    rows = _recent_rows(match, before=since)
    return {viewer: _seen_version(rows, viewer, False, since) for viewer in viewers}


def change_frames(match: Match, new_events, since=None) -> tuple[list[dict | None], dict | None]:
    """The frames of one change (the actions after version ``since``; None: not known): each seat's, in seat
    order, and the spectators'; None for a seat (or the spectators) that could see none of its actions, in
    a game that hides unseen actions. Each frame carries as "after" the version of the frame its seat was
    sent before (``shown_before``; none when ``since`` is not known): a client holding an older one missed
    a frame, and asks for a full one (docs/protocol.md, "Missed frames")."""
    finished = match.status != Match.Status.RUNNING
    hidden_since = since if _hides(match) else None
    after = {} if since is None else shown_before(match, since)
    kept = get_game(match.game).kept_view_keys

    def frame(seat):
        version = change_version(new_events, seat, finished, hidden_since, match.version)
        if version is None:
            return None
        frame = seat_frame(match, seat, new_events, version, after.get(seat))
        if kept:
            # What never changes in a match is in the full frame the page drew first (``GameSpec.kept_view_keys``):
            # a change's frame names it instead (it was half of a treasure cave frame's text, five frames a move).
            frame["view"] = {key: value for key, value in frame["view"].items() if key not in kept}
            frame["kept"] = list(kept)
        return frame

    return [frame(seat) for seat in range(match.players)], frame(None)


def notice_frame(match: Match, notice: dict) -> dict:
    """The frame of a seat's notice (stood in for, back, resigned, the match aborted), the same for every seat
    and spectator."""
    return {"type": "notice", **notice, "bots": bot_seat_numbers(match), "seat_notices": frame_notices(match),
            "abortable": abortable(match)}
