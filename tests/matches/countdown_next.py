"""The countdown game after a rule change: its rules version 2 (docs/architecture.md, "Changing a rule").

The same engine as tests/matches/countdown_game.py, which keeps both rules behind the version (a cheer
counts one in version 1, two from version 2 on); this one plays versions 1 and 2 and starts new matches at
version 2. Registered only by the tests that use it (the fixture ``countdown_next``, tests/conftest.py)."""
import sys

from gamekit import contract
from matches.registry import GameSpec
from tests.matches import countdown_game
from tests.matches.countdown_game import (  # noqa: F401 - the engine contract, as countdown_game has it
    OPTIONS,
    IllegalAction,
    apply,
    deadline,
    decision_key,
    first_bot,
    hidden_leaks,
    legal_actions,
    random_bot,
    result,
    roles,
    to_act,
    view,
)

RULES_VERSION = 2


def validate_options(players, options):
    return countdown_game.check_options(players, options, RULES_VERSION)


def new_game(players, options, seed, now=0.0):
    return countdown_game.start(players, options, seed, now, RULES_VERSION)


def replay(players, options, seed, log, now=0.0):
    return contract.replay(sys.modules[__name__], players, options, seed, log, now)


SPEC = GameSpec(key="countdown_next", name="Countdown, rules version 2 (test game)", engine=sys.modules[__name__],
                min_players=2, max_players=4, options=OPTIONS, bots={"first": first_bot, "random": random_bot},
                role_labels={"dealer": "Dealer", "player": "Player"})
