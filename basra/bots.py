"""Bots for Ali Baba in Basra: pure functions ``choose(view, legal, rng) -> action``.

"random" plays any legal action; "merchant" counts: it buys bandits worth
more at the round's end than their price, sells or throws them before a
capture that threatens more than they are worth, completes groups, picks the
movement card whose space pays best and weighs the Destiny odds."""
from basra.engine.data_files import game_data
from gamekit.driver import random_bot

FINE = 200
HIT_CHANCE = 0.45  # about how often Ali Baba stops on a given space ahead (mean card 52/24)
CHANCE_WORTH = {"200": 200, "x50": 175, "two_out": 150, "hand": 60, "two_in": -60}


class Reader:
    """The merchant's reading of one view: odds, worths and what a space costs it."""

    def __init__(self, view):
        self.view = view
        self.game = game_data(view["data"])

    def capture_chance(self, card, black=None, white=None):
        destiny = self.game.card_destiny[card]
        black = self.view["dice"]["black"] if black is None else black
        white = self.view["dice"]["white"] if white is None else white
        table = self.game.destiny_table
        if black and white:
            return 1.0 if table[black - 1][white - 1] in destiny else 0.0
        if black:
            return sum(1 for n in table[black - 1] if n in destiny) / 6
        if white:
            return sum(1 for row in table if row[white - 1] in destiny) / 6
        return len(destiny) / 36

    def group_bonus(self, card, cards):
        group = self.game.card_group[card]
        mates = sum(1 for c in cards if self.game.card_group[c] == group and c != card)
        return self.game.card_value[card] * mates / 3  # a complete group pays double

    def worth(self, card, cards):
        """What the card should still bring at the round's end, less the fines ahead."""
        game = self.game
        ahead = self.gang_spaces_ahead(game.card_gang[card])
        risk = ahead * HIT_CHANCE * FINE * len(game.card_destiny[card]) / 36
        return game.card_value[card] + self.group_bonus(card, cards) - risk

    def gang_spaces_ahead(self, gang):
        game = self.game
        here = self.view["position"]
        count, seen = 0, 0
        while seen < 60:
            options = game.successors.get(here, [])
            if not options:
                break
            here = options[0]
            seen += 1
            space = game.spaces[here]
            if space["type"] == "start":
                break
            if gang in space.get("gangs", []) or space["type"] == "special":
                count += 1
        return count

    def exposure(self, seat, gangs):
        return sum(FINE * self.capture_chance(c) for c in self.view["bandits"][seat] if self.game.card_gang[c] in gangs)

    def space_score(self, space_id, seat):
        game = self.game
        space = game.spaces[space_id]
        kind = space["type"]
        mine = self.view["bandits"][seat]
        if kind == "gang":
            return -self.exposure(seat, space["gangs"])
        if kind == "special":
            if space["kind"] == "all":
                return -self.exposure(seat, game.gangs)
            if space["kind"] == "choose":
                return -min(self.exposure(seat, [g]) for g in game.gangs)
            return -self.exposure(seat, game.gangs) / 4
        if kind == "empty":
            return 40 if self.view["cash"][seat] > 300 else 0
        if kind == "chance":
            if space["kind"] == "numbered":
                return sum(game.price(space_id, game.card_gang[c]) for c in mine)
            if space["kind"] == "x10":
                return 35 * len(mine)
            return CHANCE_WORTH.get(space["kind"], 0)
        return 0

    def destinations(self, start, steps):
        """Every space a move of ``steps`` from ``start`` may end on, with the first step taken."""
        game = self.game
        ends = []
        stack = [(start, steps, None)]
        while stack:
            here, left, first = stack.pop()
            if left == 0 or (here == game.board["start"] and here != start):
                ends.append((here, first))
                continue
            for there in game.successors[here]:
                stack.append((there, left - 1, first or there))
        return ends


def merchant_bot(view, legal, rng):
    by_type = {a["type"]: a for a in legal}
    seat = view["viewer"]
    reader = Reader(view)
    phase = view["phase"]["name"]
    if "accept" in by_type or "decline" in by_type:
        return answer_offers(reader, view, by_type, seat)
    if phase == "turn":
        return play_turn(reader, view, by_type, seat, rng)
    if phase == "junction":
        options = by_type["route"]["to"]["one_of"]
        left = view["phase"]["left"]
        best = max(options, key=lambda o: max(reader.space_score(end, seat) for end, _ in reader.destinations(o, left - 1)))
        return {"type": "route", "to": best}
    if phase == "pick":
        return pick_card(reader, view, by_type, seat)
    if phase == "choose_gang":
        gangs = by_type["choose"]["gang"]["one_of"]
        return {"type": "choose", "gang": min(gangs, key=lambda g: reader.exposure(seat, [g]))}
    if phase == "give_back":
        cards = by_type["return"]["cards"]
        count = cards["min_size"]
        ranked = sorted(cards["subset_of"], key=lambda c: reader.worth(c, view["bandits"][seat]))
        return {"type": "return", "cards": ranked[:count]}
    if phase == "window":
        return window_move(reader, view, by_type, seat)
    if phase == "choose_start":
        return {"type": "choose_start", "seat": seat}
    if phase == "announce":
        in_cave = any(s["owner"] == seat for s in view["cave"]["stashes"])
        return {"type": "announce", "count": 1 if in_cave else 3}
    if phase == "claim":
        options = by_type["claim"]["card"]["one_of"]
        return {"type": "claim", "card": max(options, key=lambda c: len(reader.game.card_destiny[c]))}
    if "roll" in by_type:
        return {"type": "roll"}
    return random_bot(view, legal, rng)


def play_turn(reader, view, by_type, seat, rng):
    game = reader.game
    if "steal" in by_type:
        stash = next((s for s in view["cave"]["stashes"] if s["owner"] == seat), None)
        if stash is None:
            return {"type": "steal", "turns": min(2, by_type["steal"]["turns"]["max"])}
    cards = by_type["play"]["card"]["one_of"]
    scored = []
    for value in cards:
        ends = reader.destinations(view["position"], value)
        score = max(reader.space_score(end, seat) for end, _ in ends)
        scored.append((score, -value, value, ends))
    scored.sort(reverse=True)
    _score, _neg, value, ends = scored[0]
    if "sell" in by_type:
        target = max(ends, key=lambda e: reader.space_score(e[0], seat))[0]
        space = game.spaces[target]
        gangs = space.get("gangs") or (game.gangs if space["type"] == "special" else [])
        doomed = []
        for card in by_type["sell"]["cards"]["subset_of"]:
            if game.card_gang[card] not in gangs:
                continue
            keep = reader.worth(card, view["bandits"][seat]) - FINE * reader.capture_chance(card)
            if game.price(view["position"], game.card_gang[card]) > keep:
                doomed.append(card)
        if doomed:
            return {"type": "sell", "cards": doomed}
    return {"type": "play", "card": value}


def pick_card(reader, view, by_type, seat):
    game = reader.game
    verb = "buy" if "buy" in by_type else "take"
    options = by_type[verb]["card"]["one_of"]
    mine = view["bandits"][seat]
    best, best_gain = None, 0
    for card in options:
        price = 0 if verb == "take" else game.price(view["position"], game.card_gang[card])
        gain = reader.worth(card, mine) - price
        if view["cash"][seat] - price < 400 and verb == "buy":
            gain -= 100  # keep cash for fines
        if gain > best_gain:
            best, best_gain = card, gain
    return {"type": verb, "card": best} if best is not None else {"type": "stop"}


def answer_offers(reader, view, by_type, seat):
    mine = view["bandits"][seat]
    offers = {o["id"]: o for o in view["phase"].get("offers", [])}
    for offer_id in (by_type.get("accept") or {"offer": {"one_of": []}})["offer"]["one_of"]:
        offer = offers[offer_id]
        if "piastres" in offer:
            gain = sum(reader.worth(c, mine) for c in offer["cards"]) - offer["piastres"]
        else:
            gain = (sum(reader.worth(c, mine) for c in offer["give"]) + offer["give_piastres"]
                    - sum(reader.worth(c, mine) for c in offer["want"]) - offer["want_piastres"])
        if gain > 0:
            return {"type": "accept", "offer": offer_id}
    return {"type": "decline", "offer": by_type["decline"]["offer"]["one_of"][0]}


def window_move(reader, view, by_type, seat):
    game = reader.game
    kind = view["phase"]["kind"]
    if kind == "give":
        cards = by_type["give"]["card"]["one_of"]
        return {"type": "give", "card": min(cards, key=lambda c: (game.card_value[c], c))}
    if kind == "x10":
        return {"type": "roll"}
    if "throw" in by_type:
        cost = game.rules["throw_cost" if kind == "throw20" else "last_chance_cost"]
        gangs = set((view.get("capture") or {}).get("gangs") or [])
        mine = view["bandits"][seat]
        doomed = [c for c in by_type["throw"]["cards"]["subset_of"]
                  if game.card_gang[c] in gangs and FINE * reader.capture_chance(c) > reader.worth(c, mine) + cost]
        doomed = doomed[:by_type["throw"]["cards"]["max_size"]]
        if doomed:
            return {"type": "throw", "cards": doomed}
    return {"type": "done"}


MEAN_STEPS_PER_TURN = 2.4  # a little above the mean movement card (52/24): the turns left are not overcounted


def turns_left(view):
    """About how many turns the game has left (Forty Thieves ends when Ali Baba passes Start the second time)."""
    game = game_data(view["data"])
    steps = game.route_length * (game.rules["rounds"] - view["round"]) + game.route_length - view["steps"]
    return steps / MEAN_STEPS_PER_TURN


def steal_turns(view, most):
    """The stay in the cave a thief out of it should steal for: the longest of 2p - 1, p - 1 and 1 turns that
    ends before the game does. With k = -1 (mod p) the stash is freed at the end of the turn before the
    thief's own, so it steals again at once: 1000 k every k + 1 turns. The Merchant's 2 turns with two
    players free it at the end of its own turn and leave it out of the cave a whole round (500 a turn
    against 750 for 3 turns); a stash still in the cave at the end is lost."""
    players = view["players"]
    left = turns_left(view)
    for turns in (2 * players - 1, players - 1, 1):
        if 1 <= turns <= most and turns < left:
            return turns
    return None


def stake_in_cave(view, seat):
    """What ``seat`` loses if caught in the cave: its stash and the 1000 fine (0 out of the cave)."""
    stash = next((s for s in view["cave"]["stashes"] if s["owner"] == seat), None)
    return 0 if stash is None else stash["amount"] + game_data(view["data"]).rules["caught_penalty"]


def announce_count(view):
    """How many cards the mover turns: every card catches everyone in the cave alike, so 3 when another's
    stake there is larger than the mover's own, else 1 (the Merchant says 1 whenever it is in the cave)."""
    seat = view["viewer"]
    others = max((stake_in_cave(view, s) for s in range(view["players"]) if s != seat), default=0)
    return 3 if others > stake_in_cave(view, seat) else 1


def thief_bot(view, legal, rng):
    """The Merchant who times the cave (Forty Thieves): out of the cave, it steals for ``steal_turns``, or
    not at all when no stay ends before the game; it announces ``announce_count``; everything else as the
    Merchant (in the standard game it is the Merchant). The search's playouts."""
    if view["variant"] == "forty_thieves" and view["phase"]["name"] == "announce":
        return {"type": "announce", "count": announce_count(view)}
    if view["variant"] == "forty_thieves" and view["phase"]["name"] == "turn":
        steal = next((a for a in legal if a["type"] == "steal"), None)
        if steal is not None and not stake_in_cave(view, view["viewer"]):
            turns = steal_turns(view, steal["turns"]["max"])
            if turns is not None:
                return {"type": "steal", "turns": turns}
            legal = [a for a in legal if a is not steal]  # a stay the game's end would take: none
    return merchant_bot(view, legal, rng)


BOTS = {"random": random_bot, "merchant": merchant_bot}
BOT_LABELS = {"random": "Random", "merchant": "Merchant"}


# ---------------------------------------------------------------------------
# the search bots: information-set MCTS (gamekit/ismcts.py) over states sampled from the view

from basra import engine  # noqa: E402 - the search bots' section
from gamekit import ismcts  # noqa: E402 - the search bots' section

STASH_DISCOUNT = 0.9


def _estimate(state):
    """A cut playout's scores: each seat's cash, its bandits at their printed value, its cash in the
    cave discounted by ``STASH_DISCOUNT`` for each turn it must still stay there."""
    game = game_data(state["data"])
    worth = [cash + sum(game.card_value[c] for c in own) for cash, own in zip(state["cash"], state["bandits"], strict=True)]
    for stash in state["forty"]["stashes"]:  # cash in the cave may yet be caught: worth less the longer it stays
        worth[stash["owner"]] += stash["amount"] * STASH_DISCOUNT ** stash["turns_left"]
    return worth


def _no_offers(legal):
    """The search does not propose trades (a person may; it answers them): too many to weigh."""
    return [a for a in legal if a["type"] not in ("offer", "trade")]


def _seat(view):
    return view["viewer"]


def _off_capture_spaces(view, legal):
    """In the cave: the movement cards (at a junction, the ways) after which Ali Baba may stop off every
    capture space, when there are such; else ``legal`` as it is."""
    reader = Reader(view)
    phase = view["phase"]
    if phase["name"] == "junction":
        kind, here, after = "route", None, phase["left"] - 1
    else:
        kind, here, after = "play", view["position"], None
    action = next((a for a in legal if a["type"] == kind), None)
    if action is None:
        return legal
    name = "to" if kind == "route" else "card"

    def safe(option):
        ends = reader.destinations(option, after) if here is None else reader.destinations(here, option)
        return any(reader.game.spaces[end]["type"] not in ("gang", "special") for end, _ in ends)
    options = [o for o in action[name]["one_of"] if safe(o)]
    if not options:
        return legal
    return [dict(a, **{name: {"one_of": options}}) if a is action else a for a in legal]


def forty_root_actions(view, legal, rng):
    """Forty Thieves, what the root weighs: out of the cave on its turn, the stays of 1 turn and those
    ending just before its own turn (p - 1, 2p - 1, 3p - 1), those that end before the game does
    (``turns_left``), and not the cards (the same turn's next decision): the runs sometimes played without
    stealing, a stay of 3,000-5,000 given up on noise; when no stay ends before the game, the cards;
    in the cave, no longer stay (a stash piled up is caught whole: the runs lost 14,000 and 15,000 so)
    and only the cards and ways that may stop off the capture spaces, if any (whole-game playouts are
    too noisy to see a one-in-ten catch: the runs stopped on them and were caught four times a match);
    the announce as ``announce_count`` says (60 iterations over the dice are noise: they turned 3 cards
    with 14,000 in the cave). None elsewhere: every action."""
    name = view["phase"]["name"]
    if view["variant"] != "forty_thieves":
        return None
    if name == "announce":
        return [{"type": "announce", "count": announce_count(view)}]
    if name not in ("turn", "junction"):
        return None
    in_cave = stake_in_cave(view, view["viewer"]) > 0
    steal = next((a for a in legal if a["type"] == "steal"), None)
    others = [a for a in legal if a is not steal]
    if in_cave:
        return _off_capture_spaces(view, others)
    if steal is None:
        return None
    players, most, left = view["players"], steal["turns"]["max"], turns_left(view)
    stays = sorted({t for t in (1, players - 1, 2 * players - 1, 3 * players - 1) if 1 <= t <= most and t < left})
    return [{"type": "steal", "turns": t} for t in stays] or others  # none ends before the game: the cards


# Forty Thieves is won in the cave, a few thousand Piastres a stay: playouts of the thief to the game's end
# (about 100 actions, 5-8 ms; 30 actions rarely see a long stay freed or the game end that loses it),
# valued by the final margin over a scale of such stays.
FORTY = {"rollout": ismcts.view_policy(thief_bot), "rollout_depth": None, "margin_scale": 3000.0,
         "root_actions": forty_root_actions}


def _per_variant(view):
    return FORTY if view["variant"] == "forty_thieves" else None


def search_bot(iterations, cpu_seconds=1.0, rollout_depth=30, margin_scale=400.0, exploration=0.3):
    config = ismcts.SearchConfig(iterations=iterations, cpu_seconds=cpu_seconds, determinizations=12,
                                 rollout=ismcts.view_policy(merchant_bot), rollout_depth=rollout_depth,
                                 estimate=_estimate, margin_scale=margin_scale, exploration=exploration,
                                 action_filter=_no_offers, per_view=_per_variant)
    return ismcts.make_bot(engine, engine.sample_state, _seat, config)


# Levels by iterations (reproducible for a seed), capped at SEARCH_CPU_SECONDS of CPU per decision.
SEARCH_CPU_SECONDS = 1.0
expert_bot = search_bot(iterations=60, cpu_seconds=SEARCH_CPU_SECONDS)
master_bot = search_bot(iterations=200, cpu_seconds=SEARCH_CPU_SECONDS)

# The match review (gamekit/review.py, docs/analysis.md): the search bots' own settings (Merchant playouts of
# 30 actions valued by the margin; Forty Thieves' whole-game thief playouts and shortlist), played flat.
REVIEW_CONFIG = expert_bot.search_config

# The first is what the lobby offers first and what takes over a seat left for good: the Merchant
# (good and instant; the search bots cost up to a second of the worker's CPU a decision).
BOTS = {"merchant": merchant_bot, "master": master_bot, "expert": expert_bot, "random": random_bot}
BOT_LABELS = {
    "merchant": "Merchant",
    "master": "Master — the strongest: searches three times longer than Expert, up to 1 s a move",
    "expert": "Expert — searches several moves ahead and beats the Merchant, in Forty Thieves too",
    "random": "Random",
}
BOT_SHORT_LABELS = {"merchant": "Merchant", "master": "Master", "expert": "Expert", "random": "Random"}
