"""What each seat may see, and the oracle of the hidden-information tests."""
import marshal

from gamekit import contract

from . import core
from .phases import forty

# The public part of the last state viewed, detached from the state (a marshal copy):
# every seat's view of that state is a shallow copy of it, so views of one state
# share their public nested parts and are read-only. States are never changed in
# place (apply returns a new one), which makes the identity check sound. One tuple,
# swapped in a single assignment, so threads never pair a state with another's part.
_LAST_PUBLIC = (None, None)

PRIVATE_PHASE_KEYS = ("offers", "next_offer", "path")

SINGLE = ("turn", "junction", "pick", "roll", "choose_gang", "give_back", "choose_start", "announce", "claim")


def everything_visible(state, seat):
    return seat == "all" or state["finished"]


def waiting_for(state, offers=None):
    """The seats the game waits for; in a window, ``offers`` are those counted (default: all of them)."""
    phase = state["phase"]
    name = phase["name"]
    if name == "window":
        answer = {o["to"] for o in (phase["offers"] if offers is None else offers)}
        return sorted(answer | {s for s in range(state["players"]) if s not in phase["done"]})
    if name in SINGLE:
        return [phase["seat"]]
    return []


def to_act_seen_by(state, seat):
    """The seats waited for as ``seat`` may know them: the wait for a private offer's answer shows only
    to its two players (rule: a sale offer is seen by those two only until accepted)."""
    phase = state["phase"]
    if phase["name"] != "window" or everything_visible(state, seat):
        return waiting_for(state)
    return waiting_for(state, offers=[o for o in phase["offers"] if seat in (o["from"], o["to"])])


def deadline_for(state, seat):
    """When the clock ``seat`` may know of runs out (the contract's optional ``deadline_for``): in a window,
    the window's own clock or the expiry of an offer ``seat`` made or was made; else the decision's clock.
    A private offer's expiry is the engine's ``deadline`` for everyone (time acts then), but a third
    seat shown it would learn of the offer (rule: a sale offer is seen by its two players only)."""
    if state["finished"]:
        return None
    phase = state["phase"]
    if phase["name"] != "window":
        return phase.get("at")
    offers = phase["offers"] if everything_visible(state, seat) else [o for o in phase["offers"] if seat in (o["from"], o["to"])]
    return min([o["at"] for o in offers if o["at"] is not None] + [phase["at"]])


def buyer_choosing(state, seat):
    phase = state["phase"]
    return state["options"]["open_packs"] and phase["name"] == "pick" and phase["seat"] == seat


def final_result(state):
    """The ranking once the game is over: the richest first, equal fortunes sharing a rank."""
    if not state["finished"]:
        return None
    cash = state["cash"]
    return {"ranks": [1 + sum(1 for other in cash if other > mine) for mine in cash], "scores": list(cash)}


def public_part(state):
    """What every seat sees of ``state`` (packs' tops, cash, bandits, counts, phase without offers)."""
    global _LAST_PUBLIC
    cached_state, cached_base = _LAST_PUBLIC
    if cached_state is state:
        return cached_base
    game = core.data(state)
    phase = state["phase"]
    packs = {}
    face_down = core.is_forty_thieves(state)  # the mover announces how many cards to turn before seeing any
    for gang in game.gangs:
        pack = state["packs"][gang]
        packs[gang] = {"count": len(pack)} if face_down else {"top": pack[0] if pack else None, "count": len(pack)}
    shown = {
        "game": "basra", "players": state["players"], "variant": state["options"]["variant"],
        "options": state["options"], "round": state["round"], "turn": state["turn"],
        "position": state["position"], "steps": state["steps"], "banker": state["banker"],
        "current": state["current"], "cash": state["cash"], "bandits": state["bandits"], "packs": packs,
        "hand_counts": [len(h) for h in state["hands"]], "played": state["played"],
        "dice": state["dice"], "capture": state["capture"],
        # offers are private to their two players until accepted: neither they, the offer counter, nor
        # the wait for the receiver's answer show in the public part (view adds what a seat may see)
        "phase": {k: v for k, v in phase.items() if k not in PRIVATE_PHASE_KEYS},
        "to_act": waiting_for(state, offers=[]), "decision": state["decision"], "finished": state["finished"],
        "result": final_result(state), "round_results": state.get("round_results", []),
    }
    contract.stamp_rules_version(shown, contract.rules_version(state))  # sample_state puts it back
    if state["options"]["variant"] == "forty_thieves":
        cave = state["forty"]
        stashes = []
        for stash in cave["stashes"]:
            before, tokens = forty.stash_place(state, stash)
            stashes.append(dict(stash, before=before, tokens=tokens))
        shown["cave"] = {"stashes": stashes, "claimed": cave["claimed"], "turned": cave["turned"],
                         "discard_counts": {g: len(p) for g, p in cave["discard"].items()}}
    base = marshal.loads(marshal.dumps(shown))
    _LAST_PUBLIC = (state, base)
    return base


def view(state, seat):
    full = everything_visible(state, seat)
    shown = dict(public_part(state))
    shown["data"] = state["data"]
    shown["viewer"] = seat
    phase = state["phase"]
    if phase["name"] == "window":
        offers = phase["offers"] if full else [o for o in phase["offers"] if seat in (o["from"], o["to"])]
        shown["phase"] = dict(shown["phase"], offers=[dict(o) for o in offers])
        shown["to_act"] = waiting_for(state, offers=offers)
        if full:
            shown["phase"]["next_offer"] = phase["next_offer"]
    if full or buyer_choosing(state, seat):
        shown["packs"] = {gang: dict(entry) for gang, entry in shown["packs"].items()}
    if full:
        for gang, entry in shown["packs"].items():
            entry["order"] = list(state["packs"][gang])
        shown["hands"] = [list(h) for h in state["hands"]]
        shown["seed"] = state["seed"]
    else:
        if buyer_choosing(state, seat):
            for gang, entry in shown["packs"].items():
                entry["cards"] = sorted(state["packs"][gang])
        if isinstance(seat, int) and 0 <= seat < state["players"]:
            shown["hand"] = list(state["hands"][seat])
    return shown


def hidden_leaks(state, seat, sent):
    """Each secret ``sent`` reveals to ``seat`` that the seat may not know."""
    if everything_visible(state, seat):
        return []
    if isinstance(sent, dict):
        return view_leaks(state, seat, sent)
    leaks = []
    for item in sent or []:
        leaks += event_leaks(state, seat, item)
    return leaks


def view_leaks(state, seat, shown):
    leaks = []
    if "seed" in shown:
        leaks.append("the seed before the end")
    if "hands" in shown:
        leaks.append("every player's movement cards")
    # a view may be judged against a later state (a resync answered before a move), so the hand is
    # checked to be labelled for this seat, not compared with the seat's hand now
    if "hand" in shown and not (isinstance(seat, int) and shown.get("viewer") == seat):
        leaks.append("movement cards that are not the viewer's")
    for gang, pack in (shown.get("packs") or {}).items():
        if "top" in pack and core.is_forty_thieves(state):
            leaks.append(f"the top card of the {gang} pack (face down in Forty Thieves)")
        if "order" in pack:
            leaks.append(f"the order of the {gang} pack")
        if "cards" in pack and not buyer_choosing(state, seat):
            leaks.append(f"the face-down cards of the {gang} pack")
        if "cards" in pack and pack["cards"] != sorted(pack["cards"]):
            leaks.append(f"the order of the {gang} pack")
    if "next_offer" in (shown.get("phase") or {}):
        leaks.append("the count of offers made, private ones included")
    for offer in (shown.get("phase") or {}).get("offers", []):
        if seat not in (offer.get("from"), offer.get("to")):
            leaks.append(f"offer {offer.get('id')} between two other players")
    return leaks


def event_leaks(state, seat, item):
    code = item.get("code")
    if "seed" in item:
        return ["the seed before the end"]
    if code == "hand_dealt" and item.get("seat") != seat:
        return [f"seat {item.get('seat')}'s movement cards"]
    if code in ("offer_made", "offer_declined", "offer_void", "offer_expired") and seat not in (item.get("from"), item.get("to")):
        if "from" not in item or "to" not in item:
            return [f"private offer event {code}"]
        return [f"offer {item.get('offer') or item.get('id')} between two other players"]
    if "order" in item:
        return ["a pack's order"]
    return []
