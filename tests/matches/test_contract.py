"""The engine contract, checked for every registered game (after OpenSpiel's games_sim_test).

A game is covered the moment it registers: random matches through the one bot
driver with domains filled, a JSON round trip of every state, replay equality,
garbage refused without change, someone always waited for or a deadline set,
and no seat's view or events holding what the game's own oracle says it may
not see.
"""
import copy
import json
import random

import pytest

from gamekit import contract, domains, driver
from gamekit import events as event_rules
from matches import registry, simulation

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


@pytest.mark.parametrize("game", _games())
def test_random_matches_keep_the_contract(game):
    spec = registry.get_game(game)
    engine = spec.engine
    assert contract.missing(engine) == []
    options = _engine_defaults(engine)
    for players in sorted({spec.min_players, spec.max_players}):
        for i in range(MATCHES_PER_SIZE):
            seed = 1000 * players + i
            rng = random.Random(seed)
            state = engine.new_game(players, options, seed, 0.0)
            _check_step(engine, state, players, [], False)
            playout = driver.Playout(state)
            now = 0.0
            while engine.result(state) is None:
                assert len(playout.log) < 20_000, "the match does not end"
                before = len(playout.events)
                state = driver.apply_due_deadlines(engine, state, now, playout)
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
                    state, evs = engine.apply(state, seat, action, now)
                    playout.log.append((seat, action, now))
                    playout.events.extend((len(playout.log) - 1, e) for e in evs)
                    now += 1.0
                elif engine.result(state) is None:
                    now = max(now, engine.deadline(state)[0])
                new_events = [e for _seq, e in playout.events[before:]]
                for event in new_events:
                    assert isinstance(event.get("code") or event.get("type"), str), f"an event without a code: {event}"
                _check_step(engine, state, players, new_events, engine.result(state) is not None)
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
