"""Bot-only matches on the pure engine, with no database: for tests and benchmarks.

(`manage.py simulate` plays them through the match service and the database instead.)
"""
import random

from alibaba_tiles.bots import BOTS
from alibaba_tiles.engine import apply, legal_actions, new_game, result, view


def acting_seat(state):
    """The first seat that may act now (inside a yellow window several may; any order is fair)."""
    return next(seat for seat in range(state["players"]) if legal_actions(state, seat))


def play_bot_match(bot_names, seed, options=None, check_legal=False):
    """Play to the end with one bot per seat; returns the final ranks."""
    state = new_game(len(bot_names), dict(options or {}), seed)
    rng = random.Random(seed)
    now = 0.0
    while result(state) is None:
        seat = acting_seat(state)
        legal = legal_actions(state, seat)
        action = BOTS[bot_names[seat]](view(state, seat), legal, rng)
        if check_legal and action not in legal:
            raise AssertionError(f"bot {bot_names[seat]} chose {action!r}, not a legal action")
        now += 1.0
        state, _ = apply(state, seat, action, now)
    return result(state)["ranks"]


def greedy_wins(matches, variant="standard"):
    """Matches the greedy bot wins outright against the random one, 2 players, alternating seats."""
    wins = 0
    for i in range(matches):
        bots = ["greedy", "random"] if i % 2 == 0 else ["random", "greedy"]
        greedy = bots.index("greedy")
        ranks = play_bot_match(bots, i, {"variant": variant})
        wins += ranks[greedy] == 1 and ranks[1 - greedy] != 1
    return wins
