"""A full state consistent with one seat's view (the contract's optional ``sample_state``).

For the search bots (``gamekit/ismcts.py``): built from the view alone, never from the
true state. What the seat sees is copied (cash, bandits, the board, the phase, its own
movement cards, its own offers, the packs' tops and counts, the cave); what it may not
know is drawn at random: the other players' movement cards (from those neither in its
hand nor played), the order of each pack under its top card (every card of it in Forty
Thieves) and the discard piles (from the gang's cards seen nowhere else), and the seed
(the dice to come). Whether the mover stole this turn comes from the events the seat was
sent (``seen``). Offers between two other players are not imagined: the sampled
window holds only those the seat takes part in. The view of the returned state for
``seat`` equals the view it came from (tests/basra/test_sampling.py).
"""
import marshal

from gamekit import contract

from . import core
from .data_files import game_data

CAVE_KEYS = ("owner", "amount", "turns_left", "fresh")


def _hand_sizes(rules, players, banker):
    """The starting hand sizes of the deal (setup.deal): the seats after the banker get the extra cards."""
    cards = len(rules["movement_cards"])
    sizes = [cards // players] * players
    extra = cards - sum(sizes)
    for i in range(extra):
        sizes[(banker + 1 + i) % players] += 1
    return sizes


def _without(pool, taken):
    out = list(pool)
    for card in taken:
        if card in out:
            out.remove(card)
    return out


def stole_this_turn(seen, turn):
    """Whether the mover stole this turn, from the events ``seen`` (a theft is announced to all)."""
    stole = False
    for e in seen:
        if e.get("code") == "turn_started":
            stole = False
        elif e.get("code") == "stolen":
            stole = True
    return stole


def sample_state(view, seat, rng, seen=()):
    """A state whose view for ``seat`` is ``view``, its hidden part drawn with ``rng``."""
    v = marshal.loads(marshal.dumps({k: val for k, val in view.items() if k != "data"}))
    game = game_data(view["data"])
    n = v["players"]
    forty_thieves = v["options"]["variant"] == "forty_thieves"
    # movement cards: every hand and the played pile hold them all
    mine = list(v["hand"])
    unknown = _without(_without(game.rules["movement_cards"], mine), v["played"])
    rng.shuffle(unknown)
    hands = []
    for other in range(n):
        if other == seat:
            hands.append(mine)
        else:
            count = v["hand_counts"][other]
            hands.append(sorted(unknown[:count]))
            unknown = unknown[count:]
    # bandit cards: each gang's cards not seen elsewhere make its pack (under a known top) and discard pile
    cave = v.get("cave") or {}
    seen_cards = {c for own in v["bandits"] for c in own}
    seen_cards.update(cave.get("turned") or [])
    for claimed in cave.get("claimed") or []:
        seen_cards.update(claimed)
    packs, discard = {}, {}
    for gang in game.gangs:
        entry = v["packs"][gang]
        top = entry.get("top")
        pool = [c["id"] for c in game.cards if c["gang"] == gang and c["id"] not in seen_cards and c["id"] != top]
        if "cards" in entry:  # an open-packs buyer sees which cards the pack holds
            pool = [c for c in entry["cards"] if c != top]
        rng.shuffle(pool)
        under = entry["count"] - (1 if top is not None else 0)
        packs[gang] = ([top] if top is not None else []) + pool[:under]
        discard[gang] = pool[under:under + (cave.get("discard_counts") or {}).get(gang, 0)]
    phase = dict(v["phase"])
    if phase.get("name") == "window":
        phase["offers"] = list(phase.get("offers") or [])
        phase["next_offer"] = 1 + max([o["id"] for o in phase["offers"]] + [0])
    if phase.get("name") in ("junction", "moving"):
        phase.setdefault("path", [])
    rules = game.rules
    state = {
        "game": "basra", "players": n, "seed": rng.randrange(1 << 30), "draws": 0,
        "options": v["options"], "data": view["data"],
        "cash": v["cash"], "bandits": v["bandits"], "hands": hands,
        "hand_size": _hand_sizes(rules, n, v["banker"]),
        "played": v["played"], "packs": packs, "position": v["position"], "round": v["round"],
        "steps": v["steps"], "turn": v["turn"], "banker": v["banker"], "current": v["current"],
        "stole": stole_this_turn(seen, v["turn"]), "dice": v["dice"], "capture": v["capture"], "phase": phase,
        "decision": v["decision"], "finished": v["finished"],
        "ending": forty_thieves and v["position"] == game.board["start"] and v["round"] >= rules["rounds"],
        "round_results": v["round_results"],
        "forty": {"stashes": [{k: s[k] for k in CAVE_KEYS} for s in cave.get("stashes") or []],
                  "claimed": cave.get("claimed") or [[] for _ in range(n)],
                  "discard": discard, "turned": cave.get("turned") or [], "claimers": []},
    }
    if state["forty"]["turned"] == [] and not forty_thieves:
        state["forty"].pop("claimers")
    return contract.stamp_rules_version(state, contract.rules_version(view))


__all__ = ["sample_state", "core"]
