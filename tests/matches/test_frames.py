"""What each seat and the spectators are sent (matches/frames.py): their own view and legal actions, the
events they may see tagged with versions, the seats' notices, and the notice frames."""
import pytest

from matches import frames, services
from matches.models import Match
from tests.matches.test_services import new_countdown

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_frame_carries_only_the_events_its_seat_may_see():
    match = new_countdown()
    services.match_apply_action(match.pk, 0, {"type": "add", "n": 2}, client_version=0)
    match = services.match_apply_action(match.pk, 1, {"type": "bid", "n": 1}, client_version=1)
    bidder = frames.seat_frame(match, 1)
    other = frames.seat_frame(match, 0)
    spectator = frames.seat_frame(match, None)
    assert {"code": "bid_placed", "seat": 1, "n": 1, "version": 2} in bidder["events"]
    assert all(event["code"] != "bid_placed" for event in other["events"] + spectator["events"])
    assert {"code": "bid_in", "seat": 1, "version": 2} in other["events"]
    assert other["to_act"] == [0] and isinstance(other["server_time"], float)


def test_a_changes_frames_are_one_per_seat_in_seat_order_and_the_spectators_with_only_their_events():
    match = new_countdown(players=3)
    services.match_apply_action(match.pk, 0, {"type": "add", "n": 2}, client_version=0)
    match = services.match_apply_action(match.pk, 1, {"type": "bid", "n": 1}, client_version=1)
    change = [(2, {"code": "bid_placed", "seat": 1, "n": 1, "visible_to": [1]}),
              (2, {"code": "bid_in", "seat": 1, "visible_to": "all"})]
    seat_frames, watch = frames.change_frames(match, change)
    assert [frame["seat"] for frame in seat_frames] == [0, 1, 2] and watch["seat"] is None
    assert [e["code"] for e in seat_frames[1]["events"]] == ["bid_placed", "bid_in"]
    assert [e["code"] for e in seat_frames[0]["events"]] == [e["code"] for e in watch["events"]] == ["bid_in"]
    # What a seat may do is its own; a spectator may do nothing.
    assert seat_frames[0]["legal"] == [{"type": "bid", "n": n} for n in (0, 1, 2)] and seat_frames[1]["legal"] == []
    assert watch["legal"] == []


def test_a_full_frame_carries_the_events_of_the_recent_actions_only():
    match = new_countdown()
    services.match_apply_action(match.pk, 0, {"type": "add", "n": 2}, client_version=0)
    match = services.match_apply_action(match.pk, 1, {"type": "bid", "n": 1}, client_version=1)
    assert [e["version"] for e in frames.recent_events(match, 1, limit=1)] == [2, 2]
    assert {e["version"] for e in frames.seat_frame(match, 1)["events"]} == {1, 2}


def test_a_notice_frame_carries_the_last_notices_and_the_seats_a_computer_plays():
    match = new_countdown(players=3)
    match.bot_seats = [[2, "first"], [0, "random"]]
    match.seat_notices = [{"code": "seat_stood_in", "seat": 0, "version": v} for v in range(frames.NOTICES_IN_FRAME + 5)]
    notice = {"code": "seat_returned", "seat": 1, "bot": "first", "at": 1.0, "version": 3}
    frame = frames.notice_frame(match, notice)
    assert frame["type"] == "notice" and frame["code"] == "seat_returned" and frame["bots"] == [0, 2]
    assert [n["version"] for n in frame["seat_notices"]] == list(range(5, frames.NOTICES_IN_FRAME + 5))
    # Only the frame is cut: the row keeps every notice.
    assert len(match.seat_notices) == frames.NOTICES_IN_FRAME + 5


def test_a_finished_matchs_frame_carries_its_end_screen_for_that_viewer():
    match = new_countdown()
    Match.objects.filter(pk=match.pk).update(status=Match.Status.ABORTED)
    match.refresh_from_db()
    frame = frames.seat_frame(match, 0)
    assert frame["to_act"] == [] and frame["end"]["status"] == Match.Status.ABORTED
    assert [p["seat"] for p in frame["end"]["players"]] == [0, 1]
