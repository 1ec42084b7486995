"""Match pages: the live page, history, replay and leaderboards."""
import pytest

from matches import services
from matches.models import Match
from matches.services import SeatSpec
from matches.simulation import simulate
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_replay_rebuilds_every_step_of_a_finished_match(client):
    simulate("countdown", matches=1, players=2, seed=3, bots=["random", "random"])
    match = Match.objects.get()
    data = client.get(f"/matches/{match.pk}/replay.json").json()
    assert len(data["frames"]) == match.version + 1
    assert data["frames"][-1]["view"]["totals"] == match.state["totals"]
    assert client.get(f"/matches/{match.pk}/replay/").status_code == 200


def test_replay_of_a_running_match_is_refused(client):
    users = [UserFactory(), UserFactory()]
    match = services.create_match("countdown", [SeatSpec(user=u) for u in users], {"clock": 0}, seed=1)
    assert client.get(f"/matches/{match.pk}/replay.json").status_code == 404


def test_private_running_match_page_is_hidden_from_strangers(client):
    users = [UserFactory(), UserFactory()]
    match = services.create_match("countdown", [SeatSpec(user=u) for u in users], {"clock": 0}, seed=1, is_private=True)
    client.force_login(UserFactory())
    assert client.get(f"/matches/{match.pk}/").status_code == 404


def test_history_and_leaderboard_pages(client):
    simulate("countdown", matches=2, players=2, seed=3, bots=["random", "random"])
    assert client.get("/matches/").status_code == 200
    assert client.get("/matches/leaderboards/").status_code == 200
