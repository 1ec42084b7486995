"""What each seat (None: a spectator) is sent: its frame (view, what it may do, whom the game waits for,
the events it may see tagged with their versions, the seats' notices, the end screen) and the events a
seat was sent so far. The broadcast after a change (matches/broadcast.py), the socket on connect or
resync (matches/consumers.py) and the presence notices (matches/presence.py) build them here only.

Frames are documented in docs/protocol.md; hidden information stays out because every part is the
engine's view for that seat, or an event filtered by its audience (gamekit/events.py).
"""
import time

from gamekit import contract
from gamekit import events as event_rules
from matches import endscreen
from matches.models import ActionLog, Match
from matches.registry import get_game

# A full frame (connect, resync) carries the events of this many recent actions.
RECENT_EVENT_ACTIONS = 60
# The lasting notices a frame carries (the oldest are dropped from frames, never from the row).
NOTICES_IN_FRAME = 30


def events_for(new_events, seat, finished) -> list[dict]:
    """The events of (version, event) pairs this seat (None: spectator) may see, each tagged with its version."""
    return [
        dict(event_rules.for_seat([event], seat, finished)[0], version=version)
        for version, event in new_events
        if event_rules.visible(event, seat, finished)
    ]


def recent_events(match: Match, seat, limit=RECENT_EVENT_ACTIONS) -> list[dict]:
    """The visible events of the last ``limit`` actions (for a full frame on connect or resync)."""
    rows = list(ActionLog.objects.filter(match=match).order_by("-seq").values_list("seq", "events")[:limit])
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


def frame_notices(match: Match) -> list[dict]:
    return list(match.seat_notices or [])[-NOTICES_IN_FRAME:]


def seat_frame(match: Match, seat, events=None) -> dict:
    """The frame one seat (None: spectator) receives: its view, what it may do, and its new events.

    ``events`` are (version, event) pairs; None means a full frame, with the
    recent events read from the log.
    """
    spec = get_game(match.game)
    finished = match.status != Match.Status.RUNNING
    frame = {
        "type": "view",
        "match": match.pk,
        "version": match.version,
        "seat": seat,
        "status": match.status,
        "view": spec.engine.view(match.state, seat),
        "legal": spec.engine.legal_actions(match.state, seat) if seat is not None else [],
        "to_act": contract.to_act_seen_by(spec.engine, match.state, seat) if not finished else [],
        "events": recent_events(match, seat) if events is None else events_for(events, seat, finished),
        # Who plays for a computer now and what happened to the seats (the badges and the table's notices).
        "bots": bot_seat_numbers(match),
        "seat_notices": frame_notices(match),
        "server_time": time.time(),
    }
    if finished:
        frame["end"] = endscreen.end_summary(match, seat)
    return frame


def change_frames(match: Match, new_events) -> tuple[list[dict], dict]:
    """The frames of one change: each seat's, in seat order, and the spectators'."""
    return [seat_frame(match, seat, new_events) for seat in range(match.players)], seat_frame(match, None, new_events)


def notice_frame(match: Match, notice: dict) -> dict:
    """The frame of a seat's notice (stood in for, back, resigned), the same for every seat and spectator."""
    return {"type": "notice", **notice, "bots": bot_seat_numbers(match), "seat_notices": frame_notices(match)}
