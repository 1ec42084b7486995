"""The engine contract, checked for every registered game (after OpenSpiel's games_sim_test).

A game is covered the moment it registers: random matches through the one bot
driver with domains filled, a JSON round trip of every state, replay equality,
garbage refused without change, someone always waited for or a deadline set,
and no seat's view or events holding what the game's own oracle says it may
not see.
"""
import collections
import copy
import importlib
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from gamekit import contract, domains, driver, events as event_rules, ismcts
from gamekit.errors import CannotSample
from matches import frames, registry, simulation
from tests.examples import examples

MATCHES_PER_SIZE = 6


def _games():
    return [spec.key for spec in registry.all_games()]


def _engine_defaults(engine):
    return {option["name"]: option.get("default") for option in engine.OPTIONS}


def _garbage(engine, state, seat):
    legal = engine.legal_actions(state, seat)
    junk = [None, [], "take", {}, {"type": 5}, {"type": "no-such-move"}, {"type": "timeout"}]
    if legal:
        padded = dict(legal[0], padding="x" * 50)
        junk.append(domains.sample(padded, random.Random(0)) if not domains.is_concrete(legal[0]) else padded)
        for key, allowed in legal[0].items():
            if isinstance(allowed, dict) and "max" in allowed:
                junk.append(dict(domains.sample(legal[0], random.Random(0)), **{key: allowed["max"] + 1}))
            if isinstance(allowed, dict) and "one_of" in allowed:
                junk.append(dict(domains.sample(legal[0], random.Random(0)), **{key: "not-an-option"}))
    return junk


def _check_hidden_action(spec, before, after, players, events):
    """In a game that hides unseen actions (``GameSpec.hide_unseen_actions``), an action hidden from a seat
    (it made events, that seat may see none: matches/frames.py) sends that seat no frame and leaves its
    version where it was, so it must change nothing the seat is shown: its view, legal actions, the wait as
    it knows it, its deadline, and no new decision opens (the stale check reads the decision's version)."""
    if not spec.hide_unseen_actions:
        return
    engine = spec.engine
    finished = engine.result(after) is not None
    for seat in [*range(players), None]:
        if not frames.hidden_from(events, seat, finished):
            continue
        assert engine.view(after, seat) == engine.view(before, seat), f"an action hidden from {seat} changed its view"
        if seat is not None:
            assert engine.legal_actions(after, seat) == engine.legal_actions(before, seat), \
                f"an action hidden from {seat} changed its legal actions"
        assert contract.to_act_seen_by(engine, after, seat) == contract.to_act_seen_by(engine, before, seat), \
            f"an action hidden from {seat} changed whom it sees waited for"
        assert contract.deadline_for(engine, after, seat) == contract.deadline_for(engine, before, seat), \
            f"an action hidden from {seat} changed its deadline"
        assert engine.decision_key(after) == engine.decision_key(before), f"an action hidden from {seat} opened a decision"


def _check_kept_view(spec, first, state, players):
    """``GameSpec.kept_view_keys``: the parts of the view a change's frame leaves out (the page keeps them from the
    frame before) are the same at every step as at the start, for every viewer."""
    for seat in [*range(players), None]:
        now, then = spec.engine.view(state, seat), spec.engine.view(first, seat)
        for key in spec.kept_view_keys:
            assert key in now and now[key] == then[key], f"the kept view key {key!r} changed for {seat}"


def _check_step(engine, state, players, step_events, finished):
    assert json.loads(json.dumps(state)) == state, "the state is not plain JSON"
    if engine.result(state) is None:
        assert engine.to_act(state) or engine.deadline(state), "nobody is waited for and time will not act"
        for seat in engine.to_act(state):
            assert 0 <= seat < players
    for seat in [*range(players), None]:
        seen = engine.view(state, seat)
        json.dumps(seen)
        assert engine.hidden_leaks(state, seat, seen) == [], f"view of seat {seat}"
        visible = event_rules.for_seat(step_events, seat, finished)
        assert engine.hidden_leaks(state, seat, visible) == [], f"events to seat {seat}"


def _games_and_sizes():
    """Each game at its fewest and its most players: one test each, so that the longest (Sidi Baba's,
    minutes) is shared among the workers instead of holding one of them to the end of the run."""
    return [(spec.key, players) for spec in registry.all_games()
            for players in sorted({spec.min_players, spec.max_players})]


@pytest.mark.slow
@pytest.mark.parametrize("game, players", _games_and_sizes())
def test_random_matches_keep_the_contract(game, players):
    spec = registry.get_game(game)
    engine = spec.engine
    assert contract.missing(engine) == []
    options = _engine_defaults(engine)
    for i in range(MATCHES_PER_SIZE):
        seed = 1000 * players + i
        rng = random.Random(seed)
        state = engine.new_game(players, options, seed, 0.0)
        _check_step(engine, state, players, [], False)
        first = state
        playout = driver.Playout(state)
        now = 0.0
        while engine.result(state) is None:
            assert len(playout.log) < 20_000, "the match does not end"
            before, logged, earlier = len(playout.events), len(playout.log), state
            state = driver.apply_due_deadlines(engine, state, now, playout)
            if len(playout.log) == logged + 1:  # one action of time's: judged as a seat's below
                _check_hidden_action(spec, earlier, state, players, [e for _seq, e in playout.events[before:]])
            movers = engine.to_act(state)
            if engine.result(state) is None and movers:
                seat = rng.choice(movers)
                snapshot = copy.deepcopy(state)
                for junk in _garbage(engine, state, seat):
                    with pytest.raises(engine.IllegalAction):
                        engine.apply(state, seat, junk, now)
                assert state == snapshot, "a refused action changed the state"
                action = driver.bot_action(engine, state, seat, driver.random_bot, rng)
                assert domains.find_legal(action, engine.legal_actions(state, seat)) is not None
                earlier = state
                state, evs = engine.apply(state, seat, action, now)
                _check_hidden_action(spec, earlier, state, players, evs)
                playout.log.append((seat, action, now))
                playout.events.extend((len(playout.log) - 1, e) for e in evs)
                now += 1.0
            elif engine.result(state) is None:
                now = max(now, engine.deadline(state)[0])
            new_events = [e for _seq, e in playout.events[before:]]
            for event in new_events:
                assert isinstance(event.get("code") or event.get("type"), str), f"an event without a code: {event}"
            _check_step(engine, state, players, new_events, engine.result(state) is not None)
            _check_kept_view(spec, first, state, players)
        outcome = engine.result(state)
        assert sorted(outcome["ranks"]) and min(outcome["ranks"]) == 1 and len(outcome["ranks"]) == players
        log = json.loads(json.dumps(playout.log))
        assert engine.replay(players, options, seed, [tuple(entry) for entry in log], 0.0) == state


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("game", _games())
def test_a_bot_match_plays_through_the_service(game):
    spec = registry.get_game(game)
    table = registry.without_clocks(spec, registry.default_table_options(spec))
    engine_options = spec.resolve_options(table) if spec.resolve_options else table
    bot = next(iter(spec.bots))
    from matches import scheduling

    with scheduling.suspended():
        match, actions = simulation.play_bot_match(game, [bot] * spec.min_players, engine_options, seed=11)
    assert match.status == "finished" and actions > 0
    logged = list(match.actions.order_by("seq").values_list("seat", "action", "server_time"))
    assert len(logged) == match.version
    replayed = spec.engine.replay(match.players, match.options, match.seed, logged, match.options["started_at"])
    assert replayed == match.state


def test_a_game_without_deadline_for_shows_every_seat_its_deadline():
    from tests.matches import countdown_game

    state = countdown_game.new_game(2, {"rounds": 1, "clock": 30}, 5, 0.0)
    assert countdown_game.deadline(state) is not None
    for seat in (0, 1, None, "all"):
        assert contract.deadline_for(countdown_game, state, seat) == countdown_game.deadline(state)[0]
    untimed = countdown_game.new_game(2, {"rounds": 1, "clock": 0}, 5, 0.0)
    assert countdown_game.deadline(untimed) is None and contract.deadline_for(countdown_game, untimed, 0) is None


def test_the_oracle_catches_a_leaky_view():
    """The contract test would fail a game whose view shows another seat's secret."""
    from tests.matches import countdown_game

    state = countdown_game.new_game(2, {"rounds": 1}, 5, 0.0)
    state, _ = countdown_game.apply(state, 0, {"type": "add", "n": 1}, 1.0)
    state, events = countdown_game.apply(state, 0, {"type": "bid", "n": 2}, 2.0)
    leaky_view = dict(countdown_game.view(state, 1), bids=dict(state["bids"]))
    assert countdown_game.hidden_leaks(state, 1, leaky_view)
    assert countdown_game.hidden_leaks(state, 1, events)  # the bid_placed event, unfiltered
    assert countdown_game.hidden_leaks(state, 1, event_rules.for_seat(events, 1, False)) == []


# --- Invariants over random play (Hypothesis) --------------------------------------------------
#
# Random matches of a drawn size and seed, with time jumping by drawn amounts so deadlines fall
# between actions at random moments, checked at every step. A game brings its own
# ``tests/<game>/invariants.py``: ``conservation(state) -> [problem]`` and
# ``secret_variants(state, seat, rng) -> [state]`` (states that differ only in what that seat may not
# know). Short runs on purpose: the three properties add well under a minute to the suite.

PROPERTY_STEPS = 40
WARMUP_STEPS = 2500  # a random Sidi Baba match lasts about 2000 steps, the others 100-250
PROPERTY_EXAMPLES = 20
PROPERTY_SETTINGS = settings(max_examples=examples(PROPERTY_EXAMPLES), deadline=None, database=None,
                             suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def _invariants(game):
    try:
        return importlib.import_module(f"tests.{game}.invariants")
    except ModuleNotFoundError:
        return None


def _game_with_invariants():
    return [game for game in _games() if _invariants(game) is not None]


def _random_play(engine, players, seed, warmup, choices):
    """The states of a random match after ``warmup`` unchecked random steps (deep states come cheap;
    a match over before that gives its last steps): each choice either lets time run (to the next
    deadline and a little past it) or has a random waited-for seat act after a random pause."""
    state = engine.new_game(players, _engine_defaults(engine), seed, 0.0)
    now = 0.0
    prefix = random.Random(seed)
    choices = [prefix.randrange(2**16) for _ in range(warmup)] + list(choices)
    last = collections.deque(maxlen=len(choices) - warmup)
    for step, choice in enumerate(choices):
        if step >= warmup:
            yield state, now
        else:
            last.append((state, now))
        if engine.result(state) is not None:
            if step < warmup:
                yield from last
            return
        due = engine.deadline(state)
        if due is not None and (not engine.to_act(state) or choice % 16 == 0):
            now = max(now, due[0]) + (choice % 3)
        else:
            now += (choice % 11) * 0.5
        state = driver.apply_due_deadlines(engine, state, now)
        movers = engine.to_act(state)
        if engine.result(state) is None and movers:
            seat = movers[choice % len(movers)]
            action = driver.bot_action(engine, state, seat, driver.random_bot, random.Random(choice))
            state, _events = engine.apply(state, seat, action, now)
    yield state, now


def _play_strategy(game):
    spec = registry.get_game(game)
    return (st.integers(spec.min_players, spec.max_players), st.integers(0, 10**6), st.integers(0, WARMUP_STEPS),
            st.lists(st.integers(0, 2**16), min_size=PROPERTY_STEPS, max_size=PROPERTY_STEPS))


@pytest.mark.parametrize("game", _game_with_invariants())
def test_every_piece_is_in_exactly_one_place_at_every_step(game):
    """Conservation: lamps, tokens, cards, tiles and Piastres are never created, lost or doubled."""
    engine = registry.get_game(game).engine
    invariants = _invariants(game)

    @PROPERTY_SETTINGS
    @given(*_play_strategy(game))
    def check(players, seed, warmup, choices):
        for step, (state, _now) in enumerate(_random_play(engine, players, seed, warmup, choices)):
            assert invariants.conservation(state) == [], f"step {step}"

    check()


@pytest.mark.parametrize("game", _game_with_invariants())
def test_a_view_does_not_change_when_what_its_seat_may_not_know_changes(game):
    """Hidden information, metamorphic: another hand, the bag's or a pack's order, another player's
    private offer changed, and the seat's (or a spectator's) view, legal actions, the wait it sees and
    its deadline stay the same."""
    engine = registry.get_game(game).engine
    invariants = _invariants(game)

    @PROPERTY_SETTINGS
    @given(*_play_strategy(game))
    def check(players, seed, warmup, choices):
        rng = random.Random(seed)
        for step, (state, _now) in enumerate(_random_play(engine, players, seed, warmup, choices)):
            if engine.result(state) is not None:
                break  # after the end everything is shown
            for seat in [*range(players), None]:
                seen, legal = engine.view(state, seat), engine.legal_actions(state, seat)
                waited = contract.to_act_seen_by(engine, state, seat)  # the frame's to_act
                deadline = contract.deadline_for(engine, state, seat)  # "My matches"' time left
                for variant in invariants.secret_variants(state, seat, rng):
                    assert engine.view(variant, seat) == seen, f"step {step}, view of seat {seat}"
                    assert engine.legal_actions(variant, seat) == legal, f"step {step}, legal actions of seat {seat}"
                    assert contract.to_act_seen_by(engine, variant, seat) == waited, f"step {step}, to_act seen by {seat}"
                    assert contract.deadline_for(engine, variant, seat) == deadline, f"step {step}, deadline of seat {seat}"

    check()


def _games_that_sample():
    return [game for game in _games() if registry.get_game(game).provides("sample_state")]


SAMPLE_EXAMPLES = 8


@pytest.mark.parametrize("game", _games_that_sample())
def test_the_view_of_a_sampled_state_is_the_view_it_came_from(game):
    """Honesty of the search bots: ``sample_state(view, seat, rng)`` builds a whole state from what the
    seat sees, and that state shows the seat exactly the view it was built from, with the same legal
    actions (docs/engine-contract.md, "Computer players that search"). A game may decline a view it does
    not search (``CannotSample``: Sidi Baba samples a move vote and the Leader's window), but every role
    must be sampled somewhere along these matches."""
    engine = registry.get_game(game).engine
    sampled_views = collections.Counter()

    @settings(max_examples=examples(SAMPLE_EXAMPLES), deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(*_play_strategy(game))
    def check(players, seed, warmup, choices):
        rng = random.Random(seed)
        for step, (state, _now) in enumerate(_random_play(engine, players, seed, warmup, choices[:10])):
            if engine.result(state) is not None:
                break
            for seat in range(players):
                seen = engine.view(state, seat)
                try:
                    sampled = engine.sample_state(seen, seat, rng)
                except CannotSample:
                    continue  # a situation the game's search bots do not search (they play their fallback)
                sampled_views[(contract.roles(engine, players, {}) or [None] * players)[seat]] += 1
                assert json.loads(json.dumps(sampled)) == sampled, f"step {step}: not JSON"
                assert engine.view(sampled, seat) == seen, f"step {step}, view of seat {seat}"
                if seat in engine.to_act(state):
                    assert engine.legal_actions(sampled, seat) == engine.legal_actions(state, seat), f"step {step}"

    check()
    spec = registry.get_game(game)
    every_role = set(contract.roles(engine, spec.max_players, {}) or [None])
    assert set(sampled_views) == every_role, f"every role's views are sampled somewhere: {dict(sampled_views)}"


# Random steps before the metamorphic test's decisions: Sidi Baba's search starts once the group is in the maze.
SEARCH_WARMUP = {"sidibaba": 120}


def _search_bots(game):
    return [name for name, bot in registry.get_game(game).bots.items() if ismcts.is_search_bot(bot)]


@pytest.mark.parametrize("game", [g for g in _game_with_invariants() if _search_bots(g)])
def test_a_search_bot_decides_the_same_when_what_its_seat_may_not_know_changes(game):
    """Honesty, metamorphic: the hidden part of the true state changed (another hand, a pack's or the
    pyramid's order, where the Treasure and chests lie for a Sidi Baba Adventurer), and a search bot given
    the same generator makes the same decision."""
    spec = registry.get_game(game)
    engine = spec.engine
    invariants = _invariants(game)
    bot = ismcts.with_budget(spec.bots[_search_bots(game)[0]], iterations=12)
    checked, searched = 0, collections.Counter()
    warmup = SEARCH_WARMUP.get(game, 30)
    for players, seed in ((spec.min_players, 5), (spec.max_players, 6)):
        states = list(_random_play(engine, players, seed, warmup + seed, [seed * 7 + i for i in range(12)]))
        for step, (state, _now) in enumerate(states[::3]):
            if engine.result(state) is not None:
                break
            for seat in engine.to_act(state):
                legal = engine.legal_actions(state, seat)
                chosen = driver.bot_action(engine, state, seat, bot, random.Random(step))
                try:
                    engine.sample_state(engine.view(state, seat), seat, random.Random(0))
                    searched[(contract.roles(engine, players, {}) or [None] * players)[seat]] += 1
                except CannotSample:
                    pass  # the bot played its fallback here: still checked, but not a search
                for variant in invariants.secret_variants(state, seat, random.Random(seed)):
                    assert driver.bot_action(engine, variant, seat, bot, random.Random(step)) == chosen
                    checked += 1
                assert domains.find_legal(chosen, legal) is not None
    # Sidi Baba's roles are each searched in tests/sidibaba/test_sampling.py (random play seldom leaves a
    # move vote free of pending business); here at least one decision must have been a search.
    assert checked and searched, f"decisions searched by role: {dict(searched)}"


_HUGE = 10**30
_CONFUSIONS = (
    lambda v: float(v) if type(v) is int else 0.5,
    lambda v: True,
    lambda v: str(v),
    lambda v: [v],
    lambda v: _HUGE,
    lambda v: "NaN",
    lambda v: "Infinity",
    lambda v: float("nan"),
)


def _confused(action):
    """The action with one field (or one item of a list field) replaced by a value of another JSON type."""
    for key, value in action.items():
        for confuse in _CONFUSIONS:
            wrong = confuse(value)
            if type(wrong) is not type(value):  # a same-typed value might be legal
                yield dict(action, **{key: wrong})
            if type(value) is list and value:
                item = confuse(value[0])
                if type(item) is not type(value[0]):
                    yield dict(action, **{key: [item, *value[1:]]})


@pytest.mark.parametrize("game", _games())
def test_a_legal_action_with_a_field_of_another_type_is_refused_without_change(game):
    """Type confusion: 1.0 for 1, true, "1", [1], a huge number, "NaN"/"Infinity" in any field of any
    legal action is refused with the game's IllegalAction and the state stays byte-identical."""
    engine = registry.get_game(game).engine

    @PROPERTY_SETTINGS
    @given(*_play_strategy(game))
    def check(players, seed, warmup, choices):
        rng = random.Random(seed)
        for state, now in _random_play(engine, players, seed, warmup, choices):
            if engine.result(state) is not None:
                break
            before = json.dumps(state, sort_keys=True)
            for seat in engine.to_act(state):
                legal = engine.legal_actions(state, seat)
                for template in rng.sample(legal, min(3, len(legal))):
                    action = domains.sample(template, rng)
                    for wrong in _confused(action):
                        with pytest.raises(engine.IllegalAction):
                            engine.apply(state, seat, wrong, now)
            assert json.dumps(state, sort_keys=True) == before, "a refused action changed the state"

    check()
