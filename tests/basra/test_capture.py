"""The capture sequence on gang-symbol spaces, fines, bankruptcy and pre-placed dice."""
import basra.engine as engine
from gamekit.events import for_seat
from tests.basra.helpers import GAME, act, all_done, card_with, cards, codes, forced_die, give, land_on, mover, new, space_where

SWINDLER_SPACE = space_where("gang", gangs=["swindlers"])
TWO_GANGS = next(s for s in GAME.board["spaces"] if s["type"] == "gang" and len(s["gangs"]) == 2)


def placed(state, black=None, white=None):
    state["dice"] = {"black": black, "white": white}
    return state


def test_black_4_white_3_crosses_on_15_and_captures_the_cards_holding_it():
    state = new(3)
    seat = mover(state)
    other = (seat + 1) % 3
    caught = card_with("swindlers", 15)
    spared = card_with("swindlers", 15, holding=False)
    other_gang = card_with("thieves", 15)
    give(state, seat, [caught, spared])
    give(state, other, [other_gang])
    state, events = land_on(placed(state, 4, 3), SWINDLER_SPACE)
    assert {"code": "destiny", "black": 4, "white": 3, "number": 15, "gangs": ["swindlers"], "visible_to": "all"} in events
    assert {"code": "captured", "seat": seat, "cards": [caught], "fine": 200, "visible_to": "all"} in events
    assert state["cash"][seat] == 2300 and state["cash"][other] == 2500
    assert caught in state["bandits"][seat]  # captured cards stay with their owner
    assert state["dice"] == {"black": None, "white": None}


def test_the_full_sequence_throw_black_last_chance_white():
    state = new(3)
    seat = mover(state)
    give(state, seat, cards("swindlers", 40)[:2])
    state, _ = land_on(state, SWINDLER_SPACE)
    assert (state["phase"]["name"], state["phase"]["kind"]) == ("window", "throw20")
    state, _ = all_done(state)
    assert state["phase"] == {**state["phase"], "name": "roll", "purpose": "black", "seat": seat}
    state, events = act(state, seat, {"type": "roll"})
    black = state["dice"]["black"]
    assert {"code": "dice_rolled", "die": "black", "value": black, "seat": seat, "purpose": "black", "visible_to": "all"} in events
    assert (state["phase"]["name"], state["phase"]["kind"]) == ("window", "throw100")
    state, _ = all_done(state)
    assert state["phase"]["purpose"] == "white"
    state, events = act(state, seat, {"type": "roll"})
    assert "destiny" in codes(events)
    assert state["capture"] is None and state["current"] != seat


def test_throwing_away_costs_20_a_card_and_returns_it_under_its_pack():
    state = new(3)
    seat = mover(state)
    card = cards("robbers", 80)[0]
    give(state, seat, [card])
    state, _ = land_on(state, SWINDLER_SPACE)
    state, events = act(state, seat, {"type": "throw", "cards": [card]})
    assert state["cash"][seat] == 2480 and state["packs"]["robbers"][-1] == card
    assert {"code": "thrown", "seat": seat, "cards": [card], "cost": 20, "visible_to": "all"} in events


def test_last_chance_costs_100_a_card():
    state = new(3)
    seat = mover(state)
    card = cards("swindlers", 160)[0]
    give(state, seat, [card])
    state, _ = land_on(placed(state, black=2), SWINDLER_SPACE)
    assert state["phase"]["kind"] == "throw100"
    state, _ = act(state, seat, {"type": "throw", "cards": [card]})
    assert state["cash"][seat] == 2400


def test_a_placed_black_die_skips_the_first_window_and_the_black_roll():
    state = new(3)
    seat = mover(state)
    give(state, seat, cards("swindlers", 20)[:1])
    state, events = land_on(placed(state, black=5), SWINDLER_SPACE)
    assert state["phase"]["kind"] == "throw100"
    state, _ = all_done(state)
    assert state["phase"]["purpose"] == "white"
    assert state["dice"]["black"] == 5


def test_a_placed_white_die_removes_both_windows():
    state = new(3)
    seat = mover(state)
    give(state, seat, cards("swindlers", 20)[:1])
    state, _ = land_on(placed(state, white=6), SWINDLER_SPACE)
    assert state["phase"]["purpose"] == "black"
    state, events = act(state, seat, {"type": "roll"})
    assert "destiny" in codes(events) and "window_opened" not in codes(events)


def test_both_dice_placed_means_no_throwing_at_all():
    state = new(3)
    seat = mover(state)
    give(state, seat, cards("swindlers", 20)[:1])
    state, events = land_on(placed(state, 1, 1), SWINDLER_SPACE)
    assert "window_opened" not in codes(events) and "destiny" in codes(events)


def test_a_space_with_two_symbols_endangers_both_gangs():
    gang_a, gang_b = TWO_GANGS["gangs"]
    a, b = card_with(gang_a, 15), card_with(gang_b, 15)
    state = new(3)
    seat = mover(state)
    give(state, seat, [a, b])
    state, events = land_on(placed(state, 4, 3), TWO_GANGS["id"])
    assert {"code": "captured", "seat": seat, "cards": sorted([a, b]), "fine": 400, "visible_to": "all"} in events


def test_bankruptcy_sells_every_card_at_the_quarter_price_and_forgives_the_rest():
    state = new(3)
    seat = mover(state)
    caught = [c for c in cards("swindlers") if 15 in GAME.card_destiny[c]][:3]
    safe = cards("robbers", 20)[0]
    give(state, seat, caught + [safe])
    state["cash"][seat] = 100
    state, events = land_on(placed(state, 4, 3), SWINDLER_SPACE)
    price = GAME.price(SWINDLER_SPACE, "swindlers") * len(caught) + GAME.price(SWINDLER_SPACE, "robbers")
    assert {"code": "bankrupt", "seat": seat, "cards": sorted(caught + [safe]), "amount": price, "visible_to": "all"} in events
    assert state["bandits"][seat] == []
    assert state["cash"][seat] == 0
    forgiven = next(e for e in events if e["code"] == "debt_forgiven")
    assert forgiven["amount"] == 200 * len(caught) - (100 + price)


def test_players_sell_cards_to_each_other_in_the_first_window():
    state = new(3)
    seller = mover(state)
    buyer = (seller + 1) % 3
    card = cards("swindlers", 160)[0]
    give(state, seller, [card])
    give(state, buyer, cards("thieves", 20)[:1])
    state, _ = land_on(state, SWINDLER_SPACE)
    key = engine.decision_key(state)
    state, events = act(state, seller, {"type": "offer", "to": buyer, "cards": [card], "piastres": 150})
    offer = next(e for e in events if e["code"] == "offer_made")
    assert offer["visible_to"] == [seller, buyer]
    assert engine.decision_key(state) == key
    assert buyer in engine.to_act(state)
    accept = next(a for a in engine.legal_actions(state, buyer) if a["type"] == "accept")
    assert accept == {"type": "accept", "offer": {"one_of": [offer["id"]]}}
    state, events = act(state, buyer, {"type": "accept", "offer": offer["id"]})
    assert events[0]["code"] == "offer_accepted" and events[0]["visible_to"] == "all"
    assert card in state["bandits"][buyer]
    assert state["cash"][seller] == 2650 and state["cash"][buyer] == 2350


def test_no_swaps_in_the_throw_away_window():
    state = new(3)
    seat = mover(state)
    give(state, seat, cards("swindlers", 20)[:1])
    state, _ = land_on(state, SWINDLER_SPACE)
    types = {a["type"] for a in engine.legal_actions(state, seat)}
    assert "trade" not in types and {"throw", "offer", "done"} <= types


def test_a_sale_offer_is_seen_only_by_the_two_players_until_accepted():
    state = new(3)
    seller = mover(state)
    buyer, bystander = (seller + 1) % 3, (seller + 2) % 3
    card = cards("swindlers", 40)[0]
    give(state, seller, [card])
    state, _ = land_on(state, SWINDLER_SPACE)
    state, events = act(state, seller, {"type": "offer", "to": buyer, "cards": [card], "piastres": 10})
    assert for_seat(events, bystander, False) == []
    assert engine.view(state, bystander)["phase"]["offers"] == []
    assert engine.hidden_leaks(state, bystander, engine.view(state, bystander)) == []
    assert engine.view(state, buyer)["phase"]["offers"][0]["piastres"] == 10


def test_declining_an_offer_changes_nothing_but_the_offer():
    state = new(3)
    seller = mover(state)
    buyer = (seller + 1) % 3
    card = cards("swindlers", 40)[0]
    give(state, seller, [card])
    state, _ = land_on(state, SWINDLER_SPACE)
    state, _ = act(state, seller, {"type": "offer", "to": buyer, "cards": [card], "piastres": 10})
    state, events = act(state, buyer, {"type": "decline", "offer": 1})
    assert events[0]["code"] == "offer_declined" and events[0]["visible_to"] == [seller, buyer]
    assert card in state["bandits"][seller]


def test_an_unanswered_offer_expires_on_the_turn_clock_and_is_not_accepted():
    state = new(3, turn_seconds=5, window_seconds=30)
    seller = mover(state)
    buyer = (seller + 1) % 3
    card = cards("swindlers", 40)[0]
    give(state, seller, [card])
    state, _ = land_on(state, SWINDLER_SPACE, now=100.0)
    state, _ = act(state, seller, {"type": "offer", "to": buyer, "cards": [card], "piastres": 10}, now=101.0)
    at, action = engine.deadline(state)
    assert at == 106.0
    state, events = engine.apply(state, None, action, at)
    assert codes(events)[0] == "offer_expired"
    assert card in state["bandits"][seller] and state["phase"]["name"] == "window"


def test_a_window_closes_on_its_clock_even_on_an_untimed_table():
    state = new(3, turn_seconds=0, window_seconds=20)
    seat = mover(state)
    give(state, seat, cards("swindlers", 40)[:1])
    state, _ = land_on(state, SWINDLER_SPACE, now=50.0)
    at, action = engine.deadline(state)
    assert at == 70.0
    key = engine.decision_key(state)
    state, events = engine.apply(state, None, action, at)
    assert "window_closed" in codes(events) and engine.decision_key(state) != key
    assert state["bandits"][seat] == cards("swindlers", 40)[:1]  # nothing thrown by default


def test_acting_inside_a_window_keeps_the_decision_key_and_closing_changes_it():
    state = new(3)
    seat = mover(state)
    other = (seat + 1) % 3
    give(state, seat, cards("swindlers", 40)[:1])
    give(state, other, cards("thieves", 40)[:1])
    state, _ = land_on(state, SWINDLER_SPACE)
    key = engine.decision_key(state)
    assert engine.to_act(state) == sorted([seat, other])
    state, _ = act(state, seat, {"type": "done"})
    assert engine.decision_key(state) == key and engine.to_act(state) == [other]
    state, _ = act(state, other, {"type": "done"})
    assert engine.decision_key(state) != key


def test_the_black_die_roll_is_the_movers_and_rolled_by_the_server():
    state = new(3)
    seat = mover(state)
    state, _ = land_on(state, SWINDLER_SPACE)  # nobody holds cards: no window
    assert engine.legal_actions(state, seat) == [{"type": "roll"}]
    assert engine.legal_actions(state, (seat + 1) % 3) == []
    state = forced_die(state, 4)
    state, events = act(state, seat, {"type": "roll"})
    assert state["dice"]["black"] == 4 and events[0]["value"] == 4


def test_players_with_nothing_to_do_are_done_from_the_start():
    state = new(4)
    seat = mover(state)
    poor = (seat + 1) % 4
    give(state, seat, cards("swindlers", 40)[:1])
    give(state, poor, cards("thieves", 40)[:1])
    state["cash"][poor] = 50
    state, _ = land_on(state, SWINDLER_SPACE)
    assert engine.to_act(state) == sorted([seat, poor])  # the two without cards are done
    state, _ = all_done(state)
    state, _ = act(state, seat, {"type": "roll"})
    assert engine.to_act(state) == [seat]  # last chance: the poor player cannot pay 100


def test_a_window_nobody_can_act_in_is_skipped():
    state = new(3)
    state, events = land_on(state, SWINDLER_SPACE)
    assert "window_opened" not in codes(events) and state["phase"]["purpose"] == "black"


def test_one_pending_offer_at_a_time_with_its_cards_locked():
    state = new(3)
    seller = mover(state)
    buyer = (seller + 1) % 3
    held = cards("swindlers", 40)[:2]
    give(state, seller, held)
    state, _ = land_on(state, SWINDLER_SPACE)
    state, _ = act(state, seller, {"type": "offer", "to": buyer, "cards": held[:1], "piastres": 10})
    legal = engine.legal_actions(state, seller)
    assert "offer" not in {a["type"] for a in legal}
    assert next(a for a in legal if a["type"] == "throw")["cards"]["subset_of"] == held[1:]


def test_an_offer_whose_cards_changed_hands_is_void():
    state = new(3, turn_seconds=0)
    a = mover(state)
    b, c = (a + 1) % 3, (a + 2) % 3
    card = cards("swindlers", 40)[0]
    give(state, a, [card])
    give(state, c, cards("thieves", 20)[:1])
    state, _ = land_on(state, space_where("chance", kind="bazaar"))
    state, _ = act(state, b, {"type": "trade", "to": a, "give": [], "give_piastres": 50, "want": [card], "want_piastres": 0})
    state, _ = act(state, c, {"type": "trade", "to": a, "give": [], "give_piastres": 90, "want": [card], "want_piastres": 0})
    state, events = act(state, a, {"type": "accept", "offer": 2})
    assert card in state["bandits"][c]
    assert {"code": "offer_void", "offer": 1, "from": b, "to": a, "visible_to": [b, a]} in events


def test_an_offer_the_payer_can_no_longer_afford_can_only_be_declined():
    state = new(3)
    seller = mover(state)
    buyer = (seller + 1) % 3
    card = cards("swindlers", 40)[0]
    give(state, seller, [card])
    give(state, buyer, cards("thieves", 20)[:3])
    state, _ = land_on(state, SWINDLER_SPACE)
    state["cash"][buyer] = 100
    state, _ = act(state, seller, {"type": "offer", "to": buyer, "cards": [card], "piastres": 90})
    state, _ = act(state, buyer, {"type": "throw", "cards": cards("thieves", 20)[:1]})
    assert [a["type"] for a in engine.legal_actions(state, buyer)][:1] == ["decline"]


def test_a_sale_offer_names_its_buyer_concretely_with_that_buyers_cash_as_ceiling():
    state = new(3)
    seller = mover(state)
    give(state, seller, cards("swindlers", 40)[:1])
    state["cash"][(seller + 1) % 3] = 700
    state, _ = land_on(state, SWINDLER_SPACE)
    offers = [a for a in engine.legal_actions(state, seller) if a["type"] == "offer"]
    assert [(o["to"], o["piastres"]["max"]) for o in offers] == [((seller + 1) % 3, 700), ((seller + 2) % 3, 2500)]


def test_a_sale_offer_is_seen_by_those_two_only_until_accepted_so_other_views_do_not_change():
    """Rule: a sale offer is seen by the seller and the buyer only until accepted. The bystander's and
    a spectator's views stay identical through the offer and its decline (no offer counter, no wait
    for the buyer's answer once the buyer is done)."""
    state = new(3)
    seller = mover(state)
    buyer, bystander = (seller + 1) % 3, (seller + 2) % 3
    card = cards("swindlers", 40)[0]
    give(state, seller, [card])
    give(state, buyer, cards("thieves", 20)[:1])
    state, _ = land_on(state, SWINDLER_SPACE)
    state, _ = act(state, buyer, {"type": "done"})
    before = {seat: engine.view(state, seat) for seat in (bystander, None)}
    offered, _ = act(state, seller, {"type": "offer", "to": buyer, "cards": [card], "piastres": 77})
    assert buyer in engine.to_act(offered) and buyer in engine.view(offered, buyer)["to_act"]
    declined, _ = act(offered, buyer, {"type": "decline", "offer": 1})
    for seat in (bystander, None):
        assert engine.view(offered, seat) == before[seat]
        assert engine.view(declined, seat) == before[seat]
        assert engine.hidden_leaks(offered, seat, engine.view(offered, seat)) == []
    assert engine.view(offered, "all")["phase"]["next_offer"] == 2


def test_the_wait_for_a_private_offers_answer_shows_only_to_its_two_players():
    """Rule: a sale offer is seen by the seller and the buyer only until accepted. The frames' to_act
    (what the page's turn bar reads) must not tell a bystander that the buyer is being waited for."""
    from gamekit import contract

    state = new(3)
    seller = mover(state)
    buyer, bystander = (seller + 1) % 3, (seller + 2) % 3
    card = cards("swindlers", 40)[0]
    give(state, seller, [card])
    give(state, buyer, cards("thieves", 20)[:1])
    state, _ = land_on(state, SWINDLER_SPACE)
    state, _ = act(state, buyer, {"type": "done"})
    before = {seat: contract.to_act_seen_by(engine, state, seat) for seat in (bystander, None)}
    offered, _ = act(state, seller, {"type": "offer", "to": buyer, "cards": [card], "piastres": 77})
    assert buyer in engine.to_act(offered)  # the clock and the bots still wait for the answer
    for seat in (seller, buyer, "all"):
        assert buyer in contract.to_act_seen_by(engine, offered, seat)
    for seat in (bystander, None):
        assert contract.to_act_seen_by(engine, offered, seat) == before[seat]


def test_a_buyer_holding_exactly_the_price_may_accept_and_is_left_with_nothing():
    state = new(3)
    seller = mover(state)
    buyer = (seller + 1) % 3
    card = cards("swindlers", 40)[0]
    give(state, seller, [card])
    state, _ = land_on(state, SWINDLER_SPACE)
    state["cash"][buyer] = 90
    state, _ = act(state, seller, {"type": "offer", "to": buyer, "cards": [card], "piastres": 90})
    assert {"type": "accept", "offer": {"one_of": [1]}} in engine.legal_actions(state, buyer)
    state, _ = act(state, buyer, {"type": "accept", "offer": 1})
    assert state["cash"][buyer] == 0 and card in state["bandits"][buyer]
