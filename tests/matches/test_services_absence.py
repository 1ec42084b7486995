"""Absence: a seat whose clock ran out plays the rest of that turn on defaults at once (no fresh clock)."""
import time

import pytest

from alibaba_tiles import engine as tiles
from basra import engine as basra
from gamekit import driver, ismcts
from lobby.options import engine_options
from matches import scheduling, services
from matches.models import ActionLog
from matches.services import SeatSpec
from tests.basra.helpers import GAME, cards, give, predecessor
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

CLOCK = 30


def _options():
    return dict(engine_options("alibaba_tiles", {"clock": CLOCK, "variant": "standard", "layout": "standard"}), started_at=0.0)


def _seed_whose_first_timeout_opens_a_prompt_for_the_same_seat():
    """A deal where the tile the clock takes for seat 0 asks seat 0 something more (a lamp or an effect)."""
    for seed in range(1, 400):
        state = tiles.new_game(2, _options(), seed, 0.0)
        at, action = tiles.deadline(state)
        after, _events = tiles.apply(state, None, action, at)
        if tiles.to_act(after) == [0] and tiles.turn_key(after) == tiles.turn_key(state):
            return seed
    pytest.skip("no deal with a follow-up prompt found")


def test_a_timed_out_turn_is_finished_on_defaults_at_once_without_a_fresh_clock():
    seed = _seed_whose_first_timeout_opens_a_prompt_for_the_same_seat()
    start = time.time() - CLOCK - 5
    with scheduling.suspended():
        match = services.create_match(
            "alibaba_tiles", [SeatSpec(user=UserFactory()), SeatSpec(user=UserFactory())],
            dict(_options(), started_at=start), seed=seed, now=start,
        )
        assert services.match_apply_deadline(match.pk, 0) is True
    match.refresh_from_db()
    log = list(ActionLog.objects.filter(match=match).order_by("seq"))
    # The clock's timeout, then seat 0's defaults for the rest of its turn, all at the moment of the expiry.
    assert log[0].seat is None and len(log) >= 2
    assert {entry.seat for entry in log[1:]} == {0}
    assert [entry.server_time for entry in log] == pytest.approx([start + CLOCK] * len(log))
    # The turn passed: seat 1 is on its own fresh clock, not seat 0 on a second one.
    assert tiles.to_act(match.state) == [1]
    assert match.next_deadline.timestamp() == pytest.approx(start + 2 * CLOCK)


def test_a_seat_that_answers_in_time_gets_its_follow_up_prompt_on_its_own_clock():
    seed = _seed_whose_first_timeout_opens_a_prompt_for_the_same_seat()
    now = time.time()
    with scheduling.suspended():
        match = services.create_match(
            "alibaba_tiles", [SeatSpec(user=UserFactory()), SeatSpec(user=UserFactory())],
            dict(_options(), started_at=now), seed=seed, now=now,
        )
        take = tiles.default_action(match.state, 0)
        match = services.match_apply_action(match.pk, 0, take, client_version=0, now=now + 1)
    assert tiles.to_act(match.state) == [0]
    assert match.next_deadline.timestamp() == pytest.approx(now + 1 + CLOCK)


def test_the_replay_of_a_defaulted_turn_equals_the_live_state():
    seed = _seed_whose_first_timeout_opens_a_prompt_for_the_same_seat()
    start = time.time() - CLOCK - 5
    with scheduling.suspended():
        match = services.create_match(
            "alibaba_tiles", [SeatSpec(user=UserFactory()), SeatSpec(user=UserFactory())],
            dict(_options(), started_at=start), seed=seed, now=start,
        )
        services.match_apply_deadline(match.pk, 0)
    match.refresh_from_db()
    log = [(e.seat, e.action, e.server_time) for e in ActionLog.objects.filter(match=match).order_by("seq")]
    assert tiles.replay(2, match.options, seed, log, start) == match.state


def _basra_seed_whose_first_timeout_asks_the_mover_more():
    """A Basra deal where the card the clock plays for the mover asks them something more (buying)."""
    for seed in range(1, 50):
        state = basra.new_game(2, dict(engine_options("basra", {"turn_seconds": CLOCK}), started_at=0.0), seed, 0.0)
        mover = basra.to_act(state)
        at, action = basra.deadline(state)
        after, _events = basra.apply(state, None, action, at)
        if basra.to_act(after) == mover and basra.turn_key(after) == basra.turn_key(state):
            return seed, mover[0]
    pytest.skip("no Basra deal with a follow-up prompt found")


def test_a_timed_out_basra_mover_is_played_for_at_once_for_the_rest_of_the_turn():
    seed, mover = _basra_seed_whose_first_timeout_asks_the_mover_more()
    start = time.time() - CLOCK - 5
    with scheduling.suspended():
        match = services.create_match(
            "basra", [SeatSpec(user=UserFactory()), SeatSpec(user=UserFactory())],
            engine_options("basra", {"turn_seconds": CLOCK}), seed=seed, now=start,
        )
        assert services.match_apply_deadline(match.pk, 0) is True
    match.refresh_from_db()
    log = list(ActionLog.objects.filter(match=match).order_by("seq"))
    # The clock played the smallest card; the follow-up prompt (buying) took the default at once: stop.
    assert log[0].seat is None and len(log) >= 2
    assert {entry.seat for entry in log[1:]} == {mover}
    assert log[-1].action == {"type": "stop"}
    assert [entry.server_time for entry in log] == pytest.approx([start + CLOCK] * len(log))
    # The other seat now plays on its own fresh clock.
    assert basra.to_act(match.state) == [1 - mover]
    assert match.next_deadline.timestamp() == pytest.approx(start + 2 * CLOCK)


def test_a_timed_out_basra_mover_is_not_played_for_in_a_window_which_keeps_its_own_clock():
    gang_space = next(s["id"] for s in GAME.board["spaces"] if s["type"] == "gang"
                      and GAME.successors[predecessor(s["id"])] == [s["id"]])
    start = time.time() - CLOCK - 5
    with scheduling.suspended():
        match = services.create_match(
            "basra", [SeatSpec(user=UserFactory()), SeatSpec(user=UserFactory())],
            engine_options("basra", {"turn_seconds": CLOCK, "window_seconds": 20}), seed=1, now=start,
        )
        # The mover's smallest card takes Ali Baba onto a gang space; only the mover holds a bandit.
        state = match.state
        mover = basra.to_act(state)[0]
        state["position"] = predecessor(gang_space)
        state["steps"] = GAME.steps_from_start.get(state["position"], 0)
        state["hands"][mover] = sorted(state["hands"][mover][1:] + [1])
        give(state, mover, cards()[:1])
        match.state = state
        match.save(update_fields=["state"])
        assert services.match_apply_deadline(match.pk, 0) is True
    match.refresh_from_db()
    # Only the clock acted: the throw-away window waits for the mover alone, on the window's clock.
    assert [entry.seat for entry in ActionLog.objects.filter(match=match)] == [None]
    assert (match.state["phase"]["name"], match.state["phase"]["kind"]) == ("window", "throw20")
    assert basra.to_act(match.state) == [mover]
    assert match.next_deadline.timestamp() == pytest.approx(start + CLOCK + 20)


@pytest.mark.parametrize("game", ["alibaba_tiles", "basra"])
def test_the_driver_and_the_search_play_a_timed_out_turn_as_the_service_did(game):
    """Time acts in one place (gamekit/timeline.py): the bots' driver and the search's simulation
    finish a timed-out turn on the same defaults, at the same moment, as the match service."""
    engine = {"alibaba_tiles": tiles, "basra": basra}[game]
    if game == "alibaba_tiles":
        seed, options = _seed_whose_first_timeout_opens_a_prompt_for_the_same_seat(), _options()
    else:
        seed, options = _basra_seed_whose_first_timeout_asks_the_mover_more()[0], engine_options("basra", {"turn_seconds": CLOCK})
    start = time.time() - CLOCK - 5
    with scheduling.suspended():
        match = services.create_match(game, [SeatSpec(user=UserFactory()), SeatSpec(user=UserFactory())],
                                      dict(options, started_at=start), seed=seed, now=start)
        initial = match.state
        assert services.match_apply_deadline(match.pk, 0) is True
    match.refresh_from_db()
    logged = [(e.seat, e.action, e.server_time) for e in ActionLog.objects.filter(match=match).order_by("seq")]
    assert len(logged) >= 2  # the timeout and at least one default
    playout = driver.Playout(initial)
    assert driver.apply_due_deadlines(engine, initial, start + CLOCK + 5, playout) == match.state
    assert playout.log == logged
    sim = ismcts._Sim(engine, initial, step=10.0, now=start + CLOCK - 5)
    assert sim.movers() == engine.to_act(match.state)
    assert sim.state == match.state
