"""The bots see only a seat's view and always answer with a legal action."""
import random

from alibaba_tiles import engine
from alibaba_tiles.bots import BOT_LABELS, BOTS, greedy_shortlist, strong_bot, win_values
from alibaba_tiles.selfplay import greedy_wins, play_bot_match
from gamekit import ismcts


def play_match(bots, seed, variant="standard"):
    return play_bot_match(bots, seed, {"variant": variant}, check_legal=True)


def greedy_win_rate(matches, variant="standard"):
    return greedy_wins(matches, variant) / matches


def test_bots_are_registered_with_labels():
    assert set(BOTS) == {"random", "greedy", "expert", "master"} and set(BOT_LABELS) == set(BOTS)
    assert next(iter(BOTS)) == "greedy"  # the default for a new seat: quick and good


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


def _greedy_game(players, seed, moves):
    """A state ``moves`` actions into a match of Greedy bots, and the seat to act."""
    state = engine.new_game(players, {"variant": "standard", "clock": 0}, seed, 0.0)
    rng = random.Random(seed)
    for _ in range(moves):
        seat = engine.to_act(state)[0]
        action = strong_bot(engine.view(state, seat), engine.legal_actions(state, seat), rng)
        state, _ = engine.apply(state, seat, action, 0.0)
    return state, engine.to_act(state)[0]


def test_the_masters_shortlist_is_greedys_best_takes_best_first():
    state, seat = _greedy_game(4, 7, 0)
    view, legal = engine.view(state, seat), engine.legal_actions(state, seat)
    assert len(legal) > 3 and legal[0]["type"] == "take"
    shortlist = greedy_shortlist(3)(view, legal, random.Random(0))
    assert len(shortlist) == 3 and all(a in legal for a in shortlist)
    assert strong_bot(view, legal, random.Random(0)) == shortlist[0]
    assert greedy_shortlist(len(legal))(view, legal, random.Random(0)) is None  # few enough: all weighed


def test_a_finished_playout_is_valued_most_for_the_winner_and_by_margin_for_the_rest():
    state = dict(engine.new_game(4, {"variant": "standard", "clock": 0}, 1, 0.0), finished=True,
                 final={"totals": [30, 40, 10, 39], "ranks": [3, 1, 4, 2]})
    values = win_values(0.5, 10.0)(state, 0.0)
    assert max(values) == values[1] > 0.5
    assert values[3] > values[0] > values[2] and all(0 <= v < 0.5 for v in (values[0], values[2], values[3]))


def test_the_master_answers_one_of_greedys_best_takes():
    state, seat = _greedy_game(4, 11, 6)
    view, legal = engine.view(state, seat), engine.legal_actions(state, seat)
    master = ismcts.with_budget(BOTS["master"], iterations=40)
    action = master(view, legal, random.Random(2))
    assert action in (greedy_shortlist(5)(view, legal, random.Random(0)) or legal)
    assert action == master(view, legal, random.Random(2))  # under the cap: the same for the same seed
