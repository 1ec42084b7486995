"""Bot-only matches on the pure engine, with no database: for tests and benchmarks.

The loop is gamekit's one bot driver; `manage.py simulate` plays the same
bots through the match service and the database instead.
"""
from alibaba_tiles import engine
from alibaba_tiles.bots import BOTS
from gamekit import driver


def acting_seat(state):
    """The first seat the game waits for (inside a yellow window several are; any order is fair)."""
    return engine.to_act(state)[0]


def play_bot_match(bot_names, seed, options=None, check_legal=False):
    """Play to the end with one bot per seat; returns the final ranks."""
    bots = [BOTS[name] for name in bot_names]
    if check_legal:
        bots = [_checked(name, BOTS[name]) for name in bot_names]
    playout = driver.play(engine, len(bot_names), dict(options or {}), seed, bots)
    return engine.result(playout.state)["ranks"]


def _checked(name, choose):
    def checked_choose(view, legal, rng):
        action = choose(view, legal, rng)
        if action not in legal:
            raise AssertionError(f"bot {name} chose {action!r}, not a legal action")
        return action

    return checked_choose


def greedy_wins(matches, variant="standard"):
    """Matches the greedy bot wins outright against the random one, 2 players, alternating seats."""
    wins = 0
    for i in range(matches):
        bots = ["greedy", "random"] if i % 2 == 0 else ["random", "greedy"]
        greedy = bots.index("greedy")
        ranks = play_bot_match(bots, i, {"variant": variant})
        wins += ranks[greedy] == 1 and ranks[1 - greedy] != 1
    return wins
