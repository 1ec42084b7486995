"""Who may see an event: everyone, some seats, or nobody until the end."""
from gamekit import events

PUBLIC = {"code": "tile_taken", "seat": 0, "visible_to": "all"}
PRIVATE = {"code": "token_drawn", "token": "pearl", "visible_to": [2]}
SECRET = {"code": "event_drawn", "card": "landslide", "visible_to": "none"}


def test_public_events_reach_every_seat_and_spectators():
    assert all(events.visible(PUBLIC, seat, False) for seat in (0, 1, None))


def test_a_private_event_reaches_only_its_seats():
    assert events.visible(PRIVATE, 2, False)
    assert not events.visible(PRIVATE, 1, False) and not events.visible(PRIVATE, None, False)


def test_a_secret_event_reaches_nobody_until_the_end():
    assert not any(events.visible(SECRET, seat, False) for seat in (0, 1, 2, None))
    assert all(events.visible(SECRET, seat, True) for seat in (0, 1, 2, None))


def test_for_seat_drops_the_audience_field():
    assert events.for_seat([PUBLIC, PRIVATE, SECRET], 2, False) == [
        {"code": "tile_taken", "seat": 0}, {"code": "token_drawn", "token": "pearl"}]
    assert events.for_seat([PUBLIC, PRIVATE, SECRET], None, False) == [{"code": "tile_taken", "seat": 0}]
