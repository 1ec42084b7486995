"""The bots: pure, legal, and the merchant finishes richer than the random bot."""
import random

import pytest

import basra.engine as engine
from basra.bots import BOT_LABELS, BOTS, Reader, announce_count, forty_root_actions, thief_bot
from gamekit import domains, driver


def test_bots_and_their_labels():
    assert set(BOTS) == {"random", "merchant", "expert", "master"} == set(BOT_LABELS)
    assert next(iter(BOTS)) == "merchant"  # the default for a new seat: quick and good, not Random
    assert all(isinstance(label, str) and label for label in BOT_LABELS.values())


def test_the_merchant_only_sends_legal_actions_in_both_variants():
    for variant in ("standard", "forty_thieves"):
        for seed in range(6):
            players = 2 + seed % 5
            state = engine.new_game(players, {"variant": variant}, seed, 0.0)
            rng = random.Random(seed)
            now = 0.0
            while engine.result(state) is None:
                movers = engine.to_act(state)
                if not movers:
                    at, action = engine.deadline(state)
                    state, _ = engine.apply(state, None, action, at)
                    now = at
                    continue
                seat = rng.choice(movers)
                legal = engine.legal_actions(state, seat)
                action = domains.fill(BOTS["merchant"](engine.view(state, seat), legal, rng), rng)
                assert domains.find_legal(action, legal) is not None, (action, legal)
                state, _ = engine.apply(state, seat, action, now)
                now += 1.0


def test_the_merchant_finishes_richer_than_the_random_bot_in_most_4_player_matches():
    pairs = wins = 0
    for match in range(40):
        merchants = {match % 4, (match + 2) % 4}
        bots = [BOTS["merchant"] if s in merchants else BOTS["random"] for s in range(4)]
        cash = driver.play(engine, 4, {}, 500 + match, bots).state["cash"]
        for m in merchants:
            for r in set(range(4)) - merchants:
                pairs += 1
                wins += cash[m] > cash[r]
    assert wins / pairs >= 0.7


def _forty_turn_view(players, steps=0, round_=1):
    state = engine.new_game(players, {"variant": "forty_thieves"}, 3, 0.0)
    state["steps"], state["round"] = steps, round_
    seat = engine.to_act(state)[0]
    return engine.view(state, seat), engine.legal_actions(state, seat)


@pytest.mark.parametrize("players,turns", [(2, 3), (3, 5), (4, 7)])
def test_the_thief_steals_until_the_turn_before_its_own(players, turns):
    view, legal = _forty_turn_view(players)
    assert thief_bot(view, legal, random.Random(1)) == {"type": "steal", "turns": turns}


def test_the_thief_steals_shorter_near_the_end_and_not_at_all_on_the_last_turn():
    view, legal = _forty_turn_view(2, steps=45, round_=2)  # 7 steps left: about 3 turns
    assert thief_bot(view, legal, random.Random(1)) == {"type": "steal", "turns": 1}
    view, legal = _forty_turn_view(2, steps=51, round_=2)  # Start is one step away: no turn after this one
    assert thief_bot(view, legal, random.Random(1))["type"] == "play"


def test_the_thief_is_the_merchant_in_the_standard_game():
    state = engine.new_game(2, {"variant": "standard"}, 3, 0.0)
    seat = engine.to_act(state)[0]
    view, legal = engine.view(state, seat), engine.legal_actions(state, seat)
    assert thief_bot(view, legal, random.Random(1)) == BOTS["merchant"](view, legal, random.Random(1))


def test_out_of_the_cave_the_search_weighs_the_stays_that_end_before_its_own_turn_and_the_game():
    view, legal = _forty_turn_view(4)
    options = forty_root_actions(view, legal, random.Random(0))
    assert options == [{"type": "steal", "turns": t} for t in (1, 3, 7, 11)]  # the cards: the next decision
    view, legal = _forty_turn_view(4, steps=38, round_=2)  # 14 steps left: about 6 turns
    assert forty_root_actions(view, legal, random.Random(0)) == [{"type": "steal", "turns": t} for t in (1, 3)]
    view, legal = _forty_turn_view(4, steps=51, round_=2)
    assert forty_root_actions(view, legal, random.Random(0)) == [a for a in legal if a["type"] != "steal"]
    state = engine.new_game(4, {"variant": "standard"}, 3, 0.0)
    seat = engine.to_act(state)[0]
    assert forty_root_actions(engine.view(state, seat), engine.legal_actions(state, seat), random.Random(0)) is None


def _with_stashes(players, mine, other, phase=None):
    """A Forty Thieves view of the mover on its turn (or in ``phase``) with ``mine`` Piastres in the cave and
    ``other`` for the next seat (0: not in the cave)."""
    state = engine.new_game(players, {"variant": "forty_thieves"}, 3, 0.0)
    seat = state["current"]
    state["forty"]["stashes"] = [{"owner": s, "amount": a, "turns_left": 2, "fresh": False}
                                 for s, a in ((seat, mine), ((seat + 1) % players, other)) if a]
    if phase:
        state["phase"] = dict(phase, seat=seat)
    return engine.view(state, seat), engine.legal_actions(state, seat)


ANNOUNCE = {"name": "announce", "gangs": ["thieves"]}


def test_the_mover_turns_three_cards_only_when_another_has_more_at_stake_in_the_cave():
    assert announce_count(_with_stashes(2, 2000, 5000, ANNOUNCE)[0]) == 3
    assert announce_count(_with_stashes(2, 0, 1000, ANNOUNCE)[0]) == 3
    assert announce_count(_with_stashes(2, 5000, 2000, ANNOUNCE)[0]) == 1
    assert announce_count(_with_stashes(4, 3000, 3000, ANNOUNCE)[0]) == 1
    view, legal = _with_stashes(2, 2000, 5000, ANNOUNCE)
    assert legal == [{"type": "announce", "count": {"one_of": [1, 2, 3]}}]
    assert thief_bot(view, legal, random.Random(1)) == {"type": "announce", "count": 3}
    assert forty_root_actions(view, legal, random.Random(1)) == [{"type": "announce", "count": 3}]


def test_in_the_cave_the_search_weighs_only_the_cards_that_may_stop_off_the_capture_spaces():
    view, legal = _with_stashes(2, 3000, 3000)
    assert any(a["type"] == "steal" for a in legal)  # the rules allow a longer stay
    options = forty_root_actions(view, legal, random.Random(0))
    assert [a["type"] for a in options] == ["play"]
    reader = Reader(view)
    kinds = {card: {reader.game.spaces[end]["type"] for end, _ in reader.destinations(view["position"], card)}
             for card in legal[-1]["card"]["one_of"]}
    assert {c for c, k in kinds.items() if k - {"gang", "special"}} == set(options[0]["card"]["one_of"])
    assert set(options[0]["card"]["one_of"]) < set(kinds)  # some cards only stop on a capture space here
