"""The bots: pure, legal, and the merchant finishes richer than the random bot."""
import random

import basra.engine as engine
from basra.bots import BOT_LABELS, BOTS
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
