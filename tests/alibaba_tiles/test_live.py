"""The treasure cave through the platform: the service, the database and the frames each seat gets."""
import json

import pytest

from lobby.options import engine_options
from matches import scheduling, services
from matches.frames import seat_frame
from matches.models import Match
from matches.services import SeatSpec
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def tiles_options(**chosen):
    return engine_options("alibaba_tiles", {"clock": 0, "variant": "standard", "layout": "standard", **chosen})


def test_frames_keep_hidden_information_on_the_server():
    users = [UserFactory(), UserFactory()]
    with scheduling.suspended():
        match = services.create_match("alibaba_tiles", [SeatSpec(user=u) for u in users], tiles_options(), seed=987654321)
        import random

        from alibaba_tiles import bots

        for step in range(30):
            match.refresh_from_db()
            if match.status != Match.Status.RUNNING:
                break
            for seat in range(2):
                frame = seat_frame(match, seat)
                if frame["legal"]:
                    action = bots.BOTS["random"](frame["view"], frame["legal"], random.Random(step))
                    services.match_apply_action(match.pk, seat, action, client_version=match.version)
                    break
            match.refresh_from_db()
            for seat in (0, 1, None):
                text = json.dumps(seat_frame(match, seat))
                assert "987654321" not in text, "the seed left the server"
                frame = json.loads(text)
                view = frame["view"]
                # Face-down squares carry no tile at all.
                assert all(cell["tile"] is None for cell in view["board"] if not cell["face_up"])
                # Another seat's screen is not in this frame.
                if seat is not None:
                    assert [t["id"] for t in view["me"]["tiles"]] == match.state["hands"][seat]
                assert view["final"] is None


def test_a_finished_match_shows_everything_and_records_the_result():
    from matches.simulation import simulate

    report = simulate("alibaba_tiles", matches=1, players=2, seed=12, bots=["greedy", "random"])
    assert not report.errors
    match = Match.objects.get()
    assert match.status == Match.Status.FINISHED and match.result["ranks"]
    final = seat_frame(match, None)["view"]["final"]
    assert final["seed"] == match.seed and len(final["hands"]) == 2


def test_the_engines_refusal_reaches_the_player_in_their_language():
    from django.utils import translation

    users = [UserFactory(), UserFactory()]
    with scheduling.suspended():
        match = services.create_match("alibaba_tiles", [SeatSpec(user=u) for u in users], tiles_options(), seed=5)
    mover = match.state["current"]
    face_down = next(cell["pos"] for cell in seat_frame(match, mover)["view"]["board"] if not cell["face_up"])
    with translation.override("fr"), pytest.raises(services.IllegalMove) as refused:
        services.match_apply_action(match.pk, mover, {"type": "take", "pos": face_down}, client_version=0)
    assert refused.value.message in ("Cette tuile est encore face cachée.", "Cette tuile est recouverte par une autre tuile.")
    match.refresh_from_db()
    assert match.version == 0
