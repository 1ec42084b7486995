"""Windows where every player may act at once: the throw-away windows of the
capture (with sales between players in the first), the Grand Bandit Bazaar
(free trades and swaps), giving a card to the mover, and everyone's x10 roll.

A window closes when every player has said "done" (or has given / rolled) and
no offer waits for an answer, or when its clock runs out. An offer waits for
the one player it is made to; it expires after the turn clock (if any)."""
from gamekit.phases import OPENED, STAY, goto

from .. import cards, core

COSTS = {"throw20": "throw_cost", "throw100": "last_chance_cost"}


def enter(state, now, events, *, kind):
    """Open a window of ``kind``; when nobody has anything to do in it, go straight on."""
    n = state["players"]
    mover = state["current"]
    own = state["bandits"]
    if kind == "throw20":
        done = [s for s in range(n) if not own[s]]
    elif kind == "throw100":
        cost = core.data(state).rules["last_chance_cost"]
        done = [s for s in range(n) if not own[s] or state["cash"][s] < cost]
    elif kind == "give":
        done = [s for s in range(n) if s == mover or not own[s]]
    elif kind == "x10":
        done = [s for s in range(n) if not own[s]]
    else:
        done = []
    phase = {"name": "window", "kind": kind, "done": done, "offers": [], "next_offer": 1, "receiver": mover}
    if len(done) == n:
        return after(kind)
    state["phase"] = phase
    core.event(events, "window_opened", kind=kind, waiting=[s for s in range(n) if s not in done],
               closes_at=core.closes_at(state, phase, now))
    return OPENED


def after(kind):
    """Where a closed window leads: the capture goes on after a throw-away window; the others end the turn."""
    return goto("capture_next") if kind in COSTS else goto("end_turn")


def waiting(phase, players):
    answer = {o["to"] for o in phase["offers"]}
    return sorted(answer | {s for s in range(players) if s not in phase["done"]})


def locked(phase, seat):
    """Cards promised in ``seat``'s own pending offer."""
    for offer in phase["offers"]:
        if offer["from"] == seat:
            return set(offer.get("cards") or offer.get("give") or [])
    return set()


def acceptable(state, offer):
    cash = state["cash"]
    if "piastres" in offer:
        return cash[offer["to"]] >= offer["piastres"]
    return cash[offer["from"]] >= offer["give_piastres"] and cash[offer["to"]] >= offer["want_piastres"]


def legal(state, seat):
    phase = state["phase"]
    kind = phase["kind"]
    actions = []
    incoming = [o for o in phase["offers"] if o["to"] == seat]
    if incoming:
        ok = [o["id"] for o in incoming if acceptable(state, o)]
        if ok:
            actions.append({"type": "accept", "offer": {"one_of": ok}})
        actions.append({"type": "decline", "offer": {"one_of": [o["id"] for o in incoming]}})
    if seat in phase["done"]:
        return actions
    rules = core.data(state).rules
    cash = state["cash"]
    own = state["bandits"][seat]
    if kind == "give":
        return actions + [{"type": "give", "card": {"one_of": list(own)}}]
    if kind == "x10":
        return actions + [{"type": "roll"}]
    busy = locked(phase, seat)
    free = [c for c in own if c not in busy]
    has_offer = any(o["from"] == seat for o in phase["offers"])
    if kind in COSTS:
        most = min(len(free), cash[seat] // rules[COSTS[kind]])
        if most >= 1:
            actions.append({"type": "throw", "cards": {"subset_of": free, "min_size": 1, "max_size": most}})
    others = [s for s in range(state["players"]) if s != seat]
    if kind == "throw20" and free and not has_offer:
        for to in others:
            actions.append({"type": "offer", "to": to, "cards": {"subset_of": free, "min_size": 1},
                            "piastres": {"min": 0, "max": cash[to]}})
    if kind == "bazaar" and not has_offer:
        for to in others:
            actions.append({"type": "trade", "to": to, "give": {"subset_of": free}, "give_piastres": {"min": 0, "max": cash[seat]},
                            "want": {"subset_of": list(state["bandits"][to])}, "want_piastres": {"min": 0, "max": cash[to]}})
    actions.append({"type": "done"})
    return actions


def apply(state, seat, action, now, events):
    phase = state["phase"]
    kind = action["type"]
    if kind == "throw":
        cost = core.data(state).rules[COSTS[phase["kind"]]]
        for card in action["cards"]:
            cards.return_to_pack(state, seat, card)
        state["cash"][seat] -= cost * len(action["cards"])
        core.event(events, "thrown", seat=seat, cards=sorted(action["cards"]), cost=cost * len(action["cards"]))
    elif kind in ("offer", "trade"):
        make_offer(state, seat, action, now, events)
    elif kind == "accept":
        accept(state, offer_by_id(phase, action["offer"]), events)
    elif kind == "decline":
        offer = offer_by_id(phase, action["offer"])
        phase["offers"].remove(offer)
        private(events, "offer_declined", offer)
    elif kind == "give":
        card = action["card"]
        state["bandits"][seat].remove(card)
        state["bandits"][phase["receiver"]].append(card)
        state["bandits"][phase["receiver"]].sort()
        phase["done"].append(seat)
        core.event(events, "card_given", seat=seat, to=phase["receiver"], card=card)
    elif kind == "roll":
        roll_x10(state, seat, events)
    elif kind == "done":
        phase["done"].append(seat)
        core.event(events, "done", seat=seat)
    return settle(state, events)


def private(events, code, offer):
    """An event about an offer, seen only by the two players concerned."""
    core.event(events, code, [offer["from"], offer["to"]], offer=offer["id"], **{"from": offer["from"], "to": offer["to"]})


def offer_by_id(phase, offer_id):
    return next(o for o in phase["offers"] if o["id"] == offer_id)


def make_offer(state, seat, action, now, events):
    phase = state["phase"]
    offer = {k: v for k, v in action.items() if k != "type"}
    offer["id"] = phase["next_offer"]
    offer["from"] = seat
    turn = state["options"]["turn_seconds"]
    offer["at"] = now + turn if turn > 0 else None
    phase["next_offer"] += 1
    phase["offers"].append(offer)
    shown = {k: v for k, v in offer.items() if k != "at"}
    core.event(events, "offer_made", [seat, offer["to"]], **shown)


def accept(state, offer, events):
    phase = state["phase"]
    phase["offers"].remove(offer)
    seller, buyer = offer["from"], offer["to"]
    own = state["bandits"]
    if "piastres" in offer:
        moves = [(seller, buyer, offer["cards"])]
        cash_moves = [(buyer, seller, offer["piastres"])]
    else:
        moves = [(seller, buyer, offer["give"]), (buyer, seller, offer["want"])]
        cash_moves = [(seller, buyer, offer["give_piastres"]), (buyer, seller, offer["want_piastres"])]
    for giver, taker, moved in moves:
        for card in moved:
            own[giver].remove(card)
            own[taker].append(card)
        own[taker].sort()
    for payer, payee, amount in cash_moves:
        state["cash"][payer] -= amount
        state["cash"][payee] += amount
    shown = {k: v for k, v in offer.items() if k != "at"}
    core.event(events, "offer_accepted", **shown)


def roll_x10(state, seat, events):
    value = core.roll_die(state)
    amount = value * len(state["bandits"][seat]) * 10
    state["phase"]["done"].append(seat)
    core.event(events, "dice_rolled", die="die", value=value, seat=seat, purpose="x10")
    core.pay(state, events, seat, amount, "x10")


def prune(state, events):
    """Offers whose cards have changed hands meanwhile are void."""
    own = state["bandits"]
    for offer in list(state["phase"]["offers"]):
        gives = offer.get("cards") or offer.get("give") or []
        wants = offer.get("want") or []
        if any(c not in own[offer["from"]] for c in gives) or any(c not in own[offer["to"]] for c in wants):
            state["phase"]["offers"].remove(offer)
            private(events, "offer_void", offer)


def settle(state, events):
    """The window closes once nobody is waited for; until then the same decision goes on."""
    prune(state, events)
    phase = state["phase"]
    if not waiting(phase, state["players"]):
        return close(state, events)
    return STAY


def close(state, events):
    phase = state["phase"]
    for offer in phase["offers"]:
        private(events, "offer_expired", offer)
    phase["offers"] = []
    core.event(events, "window_closed", kind=phase["kind"])
    return after(phase["kind"])


def default(state, seat):
    """One seat's share of the window's timeout: an offer to it is not accepted; then the giver's
    cheapest card, the x10 roll, or nothing thrown."""
    phase = state["phase"]
    incoming = [o["id"] for o in phase["offers"] if o["to"] == seat]
    if incoming:
        return {"type": "decline", "offer": incoming[0]}
    if seat in phase["done"]:
        return None
    if phase["kind"] == "give":
        return {"type": "give", "card": cards.cheapest_cards(state, seat, 1)[0]}
    if phase["kind"] == "x10":
        return {"type": "roll"}
    return {"type": "done"}


def next_due(phase):
    times = [o["at"] for o in phase["offers"] if o["at"] is not None]
    return min(times + [phase["at"]])


def timeout(state, now, events):
    phase = state["phase"]
    expiring = [o for o in phase["offers"] if o["at"] is not None and o["at"] <= now and o["at"] < phase["at"]]
    if expiring:
        for offer in expiring:
            phase["offers"].remove(offer)
            private(events, "offer_expired", offer)
        return settle(state, events)
    for seat in range(state["players"]):
        if seat in phase["done"]:
            continue
        if phase["kind"] == "give":  # the giver's cheapest card
            card = cards.cheapest_cards(state, seat, 1)[0]
            state["bandits"][seat].remove(card)
            state["bandits"][phase["receiver"]].append(card)
            state["bandits"][phase["receiver"]].sort()
            core.event(events, "card_given", seat=seat, to=phase["receiver"], card=card, default=True)
        elif phase["kind"] == "x10":
            roll_x10(state, seat, events)
    return close(state, events)
