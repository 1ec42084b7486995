"""Sends each seat (and the spectators) its own frame after a change is committed, as one channel
message per change (the frames are built in matches/frames.py; how they reach the layer from sync
code, matches/channel_sends.py)."""
from channels.layers import get_channel_layer
from django.utils import translation

from matches import frames
from matches.channel_sends import send_events
from matches.frame_text import frame_text


def match_group(match_id) -> str:
    """Every socket of the match, seated or watching: one message per change reaches them all."""
    return f"match.{match_id}"


def send_views(match, new_events, since=None) -> None:
    """Each seat's frame with the (version, event) pairs it may see, and the spectators' frame; none to a
    seat (or the spectators) that could see none of the change's actions (those after version ``since``:
    matches/frames.py, ``change_frames``)."""
    layer = get_channel_layer()
    if layer is None:
        return
    seat_frames, watch_frame = frames.change_frames(match, new_events, since)
    if watch_frame is None and not any(seat_frames):
        return
    ended_in = translation.get_language() if watch_frame is not None and "end" in watch_frame else None
    event = frames_event([None if frame is None else frame_text(frame) for frame in seat_frames],
                         None if watch_frame is None else frame_text(watch_frame), ended_in=ended_in)
    send_events(layer, [(match_group(match.pk), event)])


def frames_event(seat_texts: list[str | None], watch_text: str | None, released_seat=None, ended_in=None) -> dict:
    """The one channel-layer message of a change: each seat's frame and the spectators', as text (None:
    nothing for that seat, or the spectators, which could see nothing of the change).

    Measured under load (docs/performance.md): one message per seat and one for the
    spectators was five Redis publishes per move at four seats, each received and
    decoded again by every web process. Now it is one; the consumer of a socket
    sends only the text of its own seat (``seat_text``), so a seat's frame still
    reaches no other seat's socket: the channel layer is inside the server.
    ``released_seat``: the seat whose person this frame replaces (a computer
    player took over, or they resigned); that seat's sockets go on as spectators.
    ``ended_in``: on the change that ended the match, the language its end screen was worded in (the
    players' names and titles are the server's words); a socket of a page in another language follows
    it with a frame in its own.
    """
    return {"type": "match.frames", "seats": seat_texts, "watch": watch_text, "released_seat": released_seat,
            "ended_in": ended_in}


def seat_text(event: dict, seat) -> str | None:
    """The text of ``event`` (from ``frames_event``) that the socket of ``seat`` (None: a spectator) may send;
    None: nothing to send."""
    seats = event["seats"]
    return seats[seat] if seat is not None and 0 <= seat < len(seats) else event["watch"]


# Notices after which the seat they name is no longer its person's.
# A computer player standing in for someone away does not release the seat: it stays theirs.
RELEASING_NOTICES = ("seat_resigned",)


def send_notice(match, notice: dict) -> None:
    """The same notice frame to every seat and the spectators (e.g. a seat taken over by a computer player)."""
    layer = get_channel_layer()
    if layer is None:
        return
    released = notice.get("seat") if notice.get("code") in RELEASING_NOTICES else None
    text = frame_text(notice)
    event = frames_event([text] * match.players, text, released)
    send_events(layer, [(match_group(match.pk), event)])


def send_to_groups(messages) -> None:
    """Send [(group, event), ...] through the channel layer from sync code (e.g. after a commit)."""
    layer = get_channel_layer()
    if layer is None:
        return
    send_events(layer, list(messages), wait=True)
