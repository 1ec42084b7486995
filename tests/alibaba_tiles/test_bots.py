"""The bots see only a seat's view and always answer with a legal action."""
import random

from alibaba_tiles.bots import BOT_LABELS, BOTS
from alibaba_tiles.engine import apply, legal_actions, new_game, result, view


def play_match(bots, seed, variant="standard"):
    s = new_game(len(bots), {"variant": variant}, seed)
    rng = random.Random(seed)
    now = 0.0
    while not s["finished"]:
        if s["phase"] == "show":
            seat = next(w for w, t in zip(s["window"], s["shown"]) if t is None)
        else:
            seat = s["current"]
        legal = legal_actions(s, seat)
        action = BOTS[bots[seat]](view(s, seat), legal, rng)
        assert action in legal
        now += 1.0
        s, _ = apply(s, seat, action, now)
    return result(s)["ranks"]


def greedy_win_rate(matches, variant="standard"):
    wins = 0
    for i in range(matches):
        bots = ["greedy", "random"] if i % 2 == 0 else ["random", "greedy"]   # alternate seats (the start player is drawn)
        g = bots.index("greedy")
        ranks = play_match(bots, i, variant)
        wins += ranks[g] == 1 and ranks[1 - g] != 1
    return wins / matches


def test_bots_are_registered_with_labels():
    assert set(BOTS) == {"random", "greedy"} and set(BOT_LABELS) == set(BOTS)


def test_greedy_beats_random_in_at_least_75_percent_of_200_two_player_matches():
    assert greedy_win_rate(200) >= 0.75


def test_greedy_beats_random_in_every_variant():
    for variant in ("lamp", "equal", "small"):
        assert greedy_win_rate(30, variant) >= 0.75


def test_bots_play_legal_moves_with_many_players():
    for i, variant in enumerate(("standard", "lamp", "equal")):
        for players in (3, 4):
            play_match(["greedy", "random", "greedy", "random"][:players], 40 + i, variant)
            play_match(["greedy"] * players, 60 + i, variant)
