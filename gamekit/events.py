"""Events an engine's ``apply`` returns, and who may see each one.

An event is ``{"code": "tile_taken", ...plain data, "visible_to": V}`` with V
one of ``"all"`` (everyone, spectators too), a list of seats, or ``"none"``
(nobody while the match runs). Once the match is over every event is shown to
whoever may see the match. Events carry data, never sentences: pages word them.
"""


def visible(event: dict, seat, finished: bool) -> bool:
    if finished or seat == "all":
        return True
    audience = event.get("visible_to", "all")
    if audience == "all":
        return True
    if audience == "none" or seat is None:
        return False
    return seat in audience


def without_audience(event: dict) -> dict:
    """A copy of the event as a seat is shown it: without its audience field."""
    return {k: v for k, v in event.items() if k != "visible_to"}


def for_seat(events: list[dict], seat, finished: bool) -> list[dict]:
    """The events this seat (None: a spectator) may see, without their audience field."""
    return [without_audience(event) for event in events if visible(event, seat, finished)]
