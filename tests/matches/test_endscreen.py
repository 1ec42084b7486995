"""The end screen (matches/endscreen.py) shows the rematch the lobby registered, never importing the lobby."""
import pytest

from lobby.rematch import rematch_summary
from matches import endscreen, rated_entities, ratings
from matches.models import Match, Rating
from matches.simulation import play_bot_match
from tests.factories import UserFactory
from tests.matches.playing import play_countdown
from tests.matches.test_services import new_countdown

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def registered_rematch():
    """Whatever is registered during the test; the lobby's own afterwards."""
    yield endscreen.register_rematch
    endscreen.register_rematch(rematch_summary)


def test_the_lobby_registers_its_rematch_when_it_loads():
    assert endscreen._rematch_summary is rematch_summary


def test_the_end_screen_shows_the_registered_rematch_for_that_person(registered_rematch):
    match = new_countdown()
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    match.refresh_from_db()
    registered_rematch(lambda m, user_id: {"match": m.pk, "for": user_id})
    seat_zero_user = match.seats.get(seat=0).user_id
    assert endscreen.end_summary(match, 0)["rematch"] == {"match": match.pk, "for": seat_zero_user}
    assert endscreen.end_summary(match, None)["rematch"] == {"match": match.pk, "for": None}


# --- each rated entity's change, once (docs/ratings.md, "Where ratings are shown") ---

def _shown(summary):
    """{seat: the rating the end screen shows on that seat's row}."""
    return {p["seat"]: p["rating"] for p in summary["players"]}


def _entity_row(match, seat_row):
    if seat_row.user_id:
        return Rating.objects.get(game=match.game, user_id=seat_row.user_id)
    return Rating.objects.get(game=match.game, user=None, bot=seat_row.bot)


def _assert_each_entity_shown_once_as_its_rating_row_moved(match):
    match.refresh_from_db()
    seats = {s.seat: s for s in match.seats.all()}
    shown = _shown(endscreen.end_summary(match, None))
    figures = {seat: r for seat, r in shown.items() if r["state"] == "rated"}
    entities = [rated_entities.seat_key(seats[seat]) for seat in figures]
    assert len(entities) == len(set(entities)) == len({rated_entities.seat_key(s) for s in seats.values()})
    for seat, rating in figures.items():
        row, seat_row = _entity_row(match, seats[seat]), seats[seat]
        # What the Rating row really did (a fresh database: everyone started at the default skill).
        assert rating["after"] == ratings.display_rating(row.rating) == ratings.display_rating(seat_row.rating_after)
        assert rating["before"] == ratings.display_rating(seat_row.rating_before) == 1500
        assert rating["change"] == rating["after"] - rating["before"]
        assert rating["seats"] == [s for s in rating["seats"] if rated_entities.seat_key(seats[s]) == rated_entities.seat_key(seat_row)]
        assert sorted(rating["seats"]) == sorted(s for s in seats if rated_entities.seat_key(seats[s]) == rated_entities.seat_key(seat_row))
    for seat, rating in shown.items():
        if seat not in figures:
            # No figure of its own: the seat names the seat that shows its entity's one figure.
            assert rating == {"state": "counted", "with_seat": rating["with_seat"]}
            assert seat in shown[rating["with_seat"]]["seats"]
    return shown


def test_a_bot_kind_in_two_seats_shows_its_one_change_once_with_both_seats(settings):
    settings.TIMER_BACKEND = "thread"  # the rating is recorded on commit
    alice = UserFactory()
    match = play_countdown(["first", alice, "first"], [3, 1, 2])
    shown = _assert_each_entity_shown_once_as_its_rating_row_moved(match)
    assert shown[0]["state"] == "rated" and shown[0]["seats"] == [0, 2]
    assert shown[2] == {"state": "counted", "with_seat": 0}
    assert shown[1]["state"] == "rated" and shown[1]["seats"] == [1] and shown[1]["change"] < 0


def test_sidi_baba_shows_the_leader_and_each_adventurer_once_the_bot_kind_on_both_sides_with_its_sum(settings):
    settings.TIMER_BACKEND = "thread"
    # Master leads and is an Adventurer too: one rating, moved by the sum of its two seats' changes.
    match, _actions = play_bot_match("sidibaba", ["master", "random", "master", "explorer"], {}, seed=5, rated=True)
    shown = _assert_each_entity_shown_once_as_its_rating_row_moved(match)
    best = min((0, 2), key=lambda s: (match.seats.get(seat=s).rank, s))
    other = 2 if best == 0 else 0
    assert shown[best]["seats"] == sorted((0, 2), key=lambda s: (match.seats.get(seat=s).rank, s))
    assert shown[other] == {"state": "counted", "with_seat": best}
    # Each row says its side: Master's figure is for its Leader and its Adventurer together.
    roles = {p["seat"]: p["role"] for p in endscreen.end_summary(match, None)["players"]}
    assert roles == {0: "Leader of the Thieves", 1: "Adventurer", 2: "Adventurer", 3: "Adventurer"}
    # The other kinds show their own change, never Master's.
    for seat in (1, 3):
        assert shown[seat]["seats"] == [seat]
        assert shown[seat]["after"] == ratings.display_rating(match.seats.get(seat=seat).rating_after)


def test_before_the_ratings_are_recorded_the_grouping_is_already_the_same(settings):
    settings.TIMER_BACKEND = "thread"
    alice = UserFactory()
    match = play_countdown(["first", alice, "first"], [3, 1, 2])
    # As between the last move and the rating task: nothing recorded yet.
    Match.objects.filter(pk=match.pk).update(rated_at=None)
    match.seats.update(rating_before=None, rating_after=None)
    match.refresh_from_db()
    shown = _shown(endscreen.end_summary(match, None))
    assert shown[0] == {"state": "pending", "seats": [0, 2]}
    assert shown[2] == {"state": "counted", "with_seat": 0}
    assert shown[1] == {"state": "pending", "seats": [1]}


def test_an_unrated_match_groups_nobody(settings):
    settings.TIMER_BACKEND = "thread"
    alice = UserFactory()
    match = play_countdown(["first", alice, "first"], [3, 1, 2], rated=False)
    summary = endscreen.end_summary(match, None)
    assert {r["state"] for r in _shown(summary).values()} == {"unrated"}
    # The test game's roles, as Sidi Baba's: its dealer in seat 0.
    assert [p["role"] for p in sorted(summary["players"], key=lambda p: p["seat"])] == ["Dealer", "Player", "Player"]


def test_the_last_moves_frame_carries_the_ratings_recorded_as_it_committed(settings):
    """With no broker the ratings are recorded as the last move commits, before that move's frames are made
    from the in-memory match the service saved (rated_at still empty there): they carry the figures, not
    "pending" after the ratings' own frame (the page then waited for its next ask)."""
    settings.TIMER_BACKEND = "thread"
    alice = UserFactory()
    match = play_countdown(["first", alice, "first"], [3, 1, 2])
    saved = Match.objects.get(pk=match.pk)
    saved.rated_at = None  # as the in-memory match of the change that ended it
    shown = _shown(endscreen.end_summary(saved, 1))
    assert shown[1]["state"] == "rated" and shown[0]["state"] == "rated"
