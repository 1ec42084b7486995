"""The Forty Thieves variant (1999): every player steals from the cave and the
bandits guard it. Stealing k x 1000 keeps the thief in the cave for k turns;
on a gang space the mover turns 1-3 cards of the gang's pack and rolls both
dice: a card holding the Destiny number catches everyone in the cave."""
from gamekit.phases import OPENED, goto

from .. import cards, core
from . import round_end


def cave(state):
    return state["forty"]


def steps_left_in_game(state):
    game = core.data(state)
    rounds_after = game.rules["rounds"] - state["round"]
    return game.route_length - state["steps"] + game.route_length * rounds_after


def stash_of(state, seat):
    return next((s for s in cave(state)["stashes"] if s["owner"] == seat), None)


def stash_place(state, stash):
    """Where a stash lies at the table: (the seat it lies before, tokens on it).

    The cash is set before the player k turns ahead of the thief, under one token
    per time k goes round the table; it is freed at the end of that player's turn.
    On the thief's own turn (``fresh``) the k turns start after this one; later the
    turn in progress is the first of those left. Seats are counted round the whole
    table: a seat skipped for want of movement cards moves the stash on by one."""
    players = state["players"]
    ahead = stash["turns_left"] if stash["fresh"] else stash["turns_left"] - 1
    before = (state["current"] + ahead) % players
    tokens = -(-max(stash["turns_left"], 1) // players)
    return before, tokens


def steal_limit(state, seat):
    """Turns in the cave may not exceed the spaces still to be visited in the game."""
    stash = stash_of(state, seat)
    return steps_left_in_game(state) - (stash["turns_left"] if stash else 0)


def steal(state, seat, turns, events):
    unit = core.data(state).rules["steal_unit"]
    stash = stash_of(state, seat)
    if stash:  # staying longer counts from zero: +1 turn = +1000
        stash["amount"] += unit * turns
        stash["turns_left"] += turns
    else:
        stash = {"owner": seat, "amount": unit * turns, "turns_left": turns, "fresh": True}
        cave(state)["stashes"].append(stash)
    state["stole"] = True
    core.event(events, "stolen", seat=seat, turns=turns, amount=unit * turns, in_cave=stash["amount"], turns_left=stash["turns_left"])


def tick_stashes(state, events):
    """A turn has passed: a token comes off each stash; the last one frees the cash."""
    for stash in list(cave(state)["stashes"]):
        if stash["fresh"]:
            stash["fresh"] = False
            continue
        stash["turns_left"] -= 1
        if stash["turns_left"] <= 0:
            cave(state)["stashes"].remove(stash)
            core.pay(state, events, stash["owner"], stash["amount"], "cave")


def after_step(state, events):
    """Movement cards are dealt again at halfway and at Start; the second Start ends the game."""
    game = core.data(state)
    if state["position"] == game.board["start"]:
        if state["round"] >= game.rules["rounds"]:
            state["ending"] = True
        else:
            round_end.record(state, None)  # no payout on Start in this variant
            state["round"] += 1
            state["steps"] = 0
            core.event(events, "round_ended", round=state["round"] - 1, paid=None, cash=list(state["cash"]))
            redeal(state, events)
    elif state["steps"] == game.halfway and not state["ending"]:
        redeal(state, events)


def redeal(state, events):
    """The played movement cards are shuffled and dealt back up to each starting hand size."""
    pile = list(state["played"])
    core.rng(state).shuffle(pile)
    state["played"] = []
    for seat in core.seats_from(state, core.next_seat(state, state["banker"])):
        need = state["hand_size"][seat] - len(state["hands"][seat])
        if need > 0:
            state["hands"][seat] = sorted(state["hands"][seat] + pile[:need])
            pile = pile[need:]
    state["played"] = pile
    core.event(events, "hands_topped_up", counts=[len(h) for h in state["hands"]])
    for seat, hand in enumerate(state["hands"]):
        core.event(events, "hand_dealt", [seat], seat=seat, cards=list(hand))


def begin(state, now, events, gangs):
    """The flow step "cave": the mover announces how many cards to turn, unless the cave is empty."""
    if not cave(state)["stashes"]:
        core.event(events, "cave_empty", gangs=gangs)
        return goto("end_turn")
    return goto("announce", gangs=gangs)


def enter(state, now, events, gangs):
    state["phase"] = {"name": "announce", "seat": state["current"], "gangs": gangs}
    return OPENED


def draw(state, gang):
    pack = state["packs"][gang]
    if not pack:
        pile = cave(state)["discard"][gang]
        core.rng(state).shuffle(pile)
        pack.extend(pile)
        pile.clear()
    return pack.pop(0) if pack else None


def turn_cards(state, seat, count, events):
    turned = []
    for gang in state["phase"]["gangs"]:
        for _ in range(count):
            card = draw(state, gang)
            if card is not None:
                turned.append(card)
    cave(state)["turned"] = turned
    core.event(events, "cards_turned", seat=seat, count=count, cards=turned)
    return goto("roll", seat=seat, purpose="both")


def dice_rolled(state, now, events, black, white):
    """The flow step "cave_dice": who is caught in the cave, then their claims."""
    game = core.data(state)
    number = cards.destiny_number(state, black, white)
    turned = cave(state)["turned"]
    core.event(events, "destiny", black=black, white=white, number=number, gangs=[])
    losses = {}
    for stash in list(cave(state)["stashes"]):
        seat = stash["owner"]
        immune = {game.card_group[c] for c in cave(state)["claimed"][seat]}
        if any(number in game.card_destiny[c] and game.card_group[c] not in immune for c in turned):
            cave(state)["stashes"].remove(stash)
            losses[seat] = stash["amount"]
            core.event(events, "caught_in_cave", seat=seat, lost=stash["amount"])
            core.pay(state, events, seat, -game.rules["caught_penalty"], "caught")
    order = core.seats_from(state, core.next_seat(state, state["current"]))
    cave(state)["claimers"] = sorted(losses, key=lambda s: (-losses[s], order.index(s)))
    return goto("next_claim")


def claimable(state, seat):
    game = core.data(state)
    held = {game.card_group[c] for c in cave(state)["claimed"][seat]}
    return [c for c in cave(state)["turned"] if game.card_group[c] not in held]


def next_claim(state, now, events):
    """The flow step "next_claim": the next caught player with a card to claim claims, or the turn ends."""
    claimers = cave(state)["claimers"]
    while claimers:
        seat = claimers.pop(0)
        if claimable(state, seat):
            state["phase"] = {"name": "claim", "seat": seat}
            return OPENED
    game = core.data(state)
    for card in cave(state)["turned"]:
        cave(state)["discard"][game.card_gang[card]].append(card)
    cave(state)["turned"] = []
    return goto("end_turn")


def legal(state, seat):
    phase = state["phase"]
    if seat != phase["seat"]:
        return []
    if phase["name"] == "announce":
        return [{"type": "announce", "count": {"one_of": [1, 2, 3]}}]
    return [{"type": "claim", "card": {"one_of": claimable(state, seat)}}]


def apply(state, seat, action, now, events):
    if action["type"] == "announce":
        core.event(events, "announced", seat=seat, count=action["count"])
        return turn_cards(state, seat, action["count"], events)
    card = action["card"]
    cave(state)["turned"].remove(card)
    cave(state)["claimed"][seat].append(card)
    core.event(events, "card_claimed", seat=seat, card=card)
    return goto("next_claim")


def default(state, seat):
    """What the clock does: announce one card; claim the highest-valued claimable card."""
    if state["phase"]["name"] == "announce":
        return {"type": "announce", "count": 1}
    game = core.data(state)
    best = max(claimable(state, seat), key=lambda c: (game.card_value[c], -c))
    return {"type": "claim", "card": best}


def timeout(state, now, events):
    seat = state["phase"]["seat"]
    return apply(state, seat, default(state, seat), now, events)
