"""Matches with people in them, for the chat tests."""
import random

from gamekit import driver
from matches import services
from matches.models import Match
from matches.registry import get_game
from matches.services import SeatSpec
from tests.factories import UserFactory


def make_match(players=2, private=False):
    """A running countdown match with `players` people; returns (match, users by seat)."""
    users = [UserFactory() for _ in range(players)]
    match = services.create_match("countdown", [SeatSpec(user=u) for u in users], {"clock": 0, "rounds": 1}, seed=3, is_private=private)
    return match, users


def play_one_action(match_id):
    """The first seat the game waits for does its first legal action (domains filled)."""
    match = Match.objects.get(pk=match_id)
    engine = get_game(match.game).engine
    for seat in engine.to_act(match.state):
        action = driver.bot_action(engine, match.state, seat, lambda view, legal, rng: legal[0], random.Random(0))
        return services.match_apply_action(match_id, seat, action, client_version=match.version)
    raise AssertionError("nobody is waited for")


def play_to_end(match_id):
    while Match.objects.get(pk=match_id).status == Match.Status.RUNNING:
        play_one_action(match_id)
    return Match.objects.get(pk=match_id)
