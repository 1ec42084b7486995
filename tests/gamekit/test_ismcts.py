"""The generic search (gamekit/ismcts.py), on a tiny game of its own and with small budgets."""
import random
import time
from dataclasses import replace

import pytest

from gamekit import domains, ismcts
from gamekit.errors import IllegalAction as _IllegalAction


class Race:
    """A race to 10 with a secret: two seats in turn add 1 or 2 to a count; who reaches 10 wins.
    Each seat also holds a secret number nobody else sees (it changes nothing), so that a sampled
    state has something to draw. Perfect play leaves the count at 1, 4 or 7 for the other seat."""

    class IllegalAction(_IllegalAction):
        pass

    @staticmethod
    def new(count, mover=0, secrets=(3, 5)):
        return {"count": count, "mover": mover, "secrets": list(secrets), "winner": None}

    @staticmethod
    def legal_actions(state, seat):
        if state["winner"] is not None or seat != state["mover"]:
            return []
        return [{"type": "add", "n": {"one_of": [n for n in (1, 2) if state["count"] + n <= 10]}}]

    @staticmethod
    def to_act(state):
        return [] if state["winner"] is not None else [state["mover"]]

    @staticmethod
    def deadline(state):
        return None

    @classmethod
    def apply(cls, state, seat, action, now):
        found = domains.resolve(action, cls.legal_actions(state, seat))
        if found is None:
            raise cls.IllegalAction("not now")
        new = dict(state, count=state["count"] + found["n"], mover=1 - seat)
        if new["count"] == 10:
            new["winner"] = seat
        return new, []

    @staticmethod
    def result(state):
        if state["winner"] is None:
            return None
        ranks = [2, 2]
        ranks[state["winner"]] = 1
        return {"ranks": ranks, "scores": [1 if r == 1 else 0 for r in ranks]}

    @staticmethod
    def view(state, seat):
        return {"count": state["count"], "mover": state["mover"], "seat": seat, "players": 2,
                "secret": state["secrets"][seat]}

    @staticmethod
    def sample_state(view, seat, rng, seen=()):
        secrets = [rng.randrange(100), rng.randrange(100)]
        secrets[seat] = view["secret"]
        return {"count": view["count"], "mover": view["mover"], "secrets": secrets, "winner": None}


def _bot(iterations=300, cpu_seconds=None):
    return ismcts.make_bot(Race, Race.sample_state, lambda view: view["seat"],
                           ismcts.SearchConfig(iterations=iterations, cpu_seconds=cpu_seconds))


def _choose(bot, state, seat, seed=1):
    return domains.fill(bot(Race.view(state, seat), Race.legal_actions(state, seat), random.Random(seed)),
                        random.Random(seed))


@pytest.mark.parametrize("count,best", [(2, 2), (3, 1), (5, 2), (6, 1), (8, 2), (9, 1)])
def test_the_search_finds_the_move_that_wins_the_race(count, best):
    state = Race.new(count)
    assert _choose(_bot(), state, 0)["n"] == best


def test_the_search_is_the_same_for_the_same_seed():
    state = Race.new(0)
    bot = _bot(iterations=60)
    assert [_choose(bot, state, 0, seed) for seed in range(5)] == [_choose(bot, state, 0, seed) for seed in range(5)]


def test_the_search_never_sees_the_other_seats_secret():
    """Metamorphic: the other seat's secret changed, the decision is the same."""
    bot = _bot(iterations=40)
    one, other = Race.new(3, secrets=(3, 5)), Race.new(3, secrets=(3, 77))
    assert Race.view(one, 0) == Race.view(other, 0)
    assert [_choose(bot, one, 0, s) for s in range(4)] == [_choose(bot, other, 0, s) for s in range(4)]


def test_the_cpu_cap_ends_a_search_early():
    bot = _bot(iterations=10**7, cpu_seconds=0.05)
    started = time.thread_time()
    action = _choose(bot, Race.new(0), 0)
    assert time.thread_time() - started < 1.0
    assert action["n"] in (1, 2)


def test_a_single_legal_action_is_answered_without_searching():
    state = Race.new(9)
    assert _choose(_bot(iterations=10**7, cpu_seconds=None), state, 0) == {"type": "add", "n": 1}


def test_the_candidates_cover_a_small_domain_and_sample_a_large_one():
    small = ismcts.candidates([{"type": "play", "card": {"one_of": [1, 2, 3]}}, {"type": "done"}])
    assert small == [{"type": "play", "card": 1}, {"type": "play", "card": 2}, {"type": "play", "card": 3},
                     {"type": "done"}]
    big = ismcts.candidates([{"type": "offer", "cards": {"subset_of": list(range(20)), "min_size": 1},
                              "piastres": {"min": 0, "max": 900}}])
    assert 1 < len(big) <= 24
    assert all(domains.matches(a, {"type": "offer", "cards": {"subset_of": list(range(20)), "min_size": 1},
                                   "piastres": {"min": 0, "max": 900}}) for a in big)
    assert big == ismcts.candidates([{"type": "offer", "cards": {"subset_of": list(range(20)), "min_size": 1},
                                      "piastres": {"min": 0, "max": 900}}])


def test_a_finished_game_is_valued_by_its_ranks():
    won = Race.new(10)
    won["winner"] = 1
    assert ismcts.outcome(Race, won) == [0.0, 1.0]


def test_per_view_overrides_the_config_for_that_decision_only():
    """A game's variant may weigh other root actions (or playouts): here only "add 1" where 2 wins the race."""
    def only_one(view, legal, rng):
        return [{"type": "add", "n": 1}]
    config = ismcts.SearchConfig(iterations=200, cpu_seconds=None,
                                 per_view=lambda view: {"root_actions": only_one} if view["count"] == 8 else None)
    bot = ismcts.make_bot(Race, Race.sample_state, lambda view: view["seat"], config)
    assert _choose(bot, Race.new(8), 0)["n"] == 1
    assert _choose(bot, Race.new(5), 0)["n"] == 2  # no override there: the winning move
    assert bot.search_config.root_actions is None


def _flat_bot(iterations=60, prior=None, margin=0.0):
    return ismcts.make_bot(Race, Race.sample_state, lambda view: view["seat"],
                           ismcts.SearchConfig(iterations=iterations, cpu_seconds=None, flat=True, prior=prior,
                                               prior_margin=margin))


@pytest.mark.parametrize("count,best", [(8, 2), (7, 1)])
def test_the_flat_search_weighs_each_root_move_on_the_same_futures(count, best):
    assert _choose(_flat_bot(), Race.new(count), 0)["n"] == best


def test_the_flat_search_keeps_the_priors_choice_unless_another_is_better_by_the_margin():
    def timid(view, legal, rng):
        return {"type": "add", "n": 1}
    assert _choose(_flat_bot(prior=timid, margin=2.0), Race.new(8), 0)["n"] == 1  # no value beats it by 2
    assert _choose(_flat_bot(prior=timid, margin=0.5), Race.new(8), 0)["n"] == 2  # winning now: 1 against 0


def test_the_flat_search_is_the_same_for_the_same_seed_and_blind_to_the_other_secret():
    bot = _flat_bot(iterations=20)
    one, other = Race.new(3, secrets=(3, 5)), Race.new(3, secrets=(3, 77))
    assert [_choose(bot, one, 0, s) for s in range(4)] == [_choose(bot, other, 0, s) for s in range(4)]


def test_a_playout_applies_its_legal_actions_without_matching_them_again_and_decides_the_same():
    """_Sim.play(seat, action, legal) hands an action that is itself one of ``legal`` to the engine's
    apply_legal (no second match, a fifth of a cave playout's time); the decisions are those of an
    engine without apply_legal, whose every step is matched (the real treasure cave, 4 seats)."""
    import types

    from alibaba_tiles import bots, engine
    checked = types.SimpleNamespace(**{name: getattr(engine, name) for name in dir(engine)
                                       if not name.startswith("_") and name != "apply_legal"})
    config = replace(bots.master_bot.search_config, iterations=30, cpu_seconds=None)
    fast, slow = (ismcts.make_bot(e, engine.sample_state, lambda view: view["seat"], config) for e in (engine, checked))
    state = engine.new_game(4, {"clock": 0}, 11, 0.0)
    compared = 0
    rng = random.Random(3)
    while engine.result(state) is None and compared < 4:
        seat = engine.to_act(state)[0]
        view, legal = engine.view(state, seat), engine.legal_actions(state, seat)
        if legal[0]["type"] == "take" and len(legal) > 1:
            assert fast(view, legal, random.Random(compared)) == slow(view, legal, random.Random(compared))
            compared += 1
        state, _ = engine.apply(state, seat, bots.strong_bot(view, legal, rng), 0.0)
    assert compared == 4
    # an action that is not one of ``legal`` itself (a copy, or a wrong one) is still matched
    sim = ismcts._Sim(engine, state if engine.result(state) is None else engine.new_game(4, {"clock": 0}, 12, 0.0), 1.0, 0.0)
    seat = engine.to_act(sim.state)[0]
    legal = engine.legal_actions(sim.state, seat)
    with pytest.raises(engine.IllegalAction):
        sim.play(seat, dict(legal[0], type="no such action"), legal)
