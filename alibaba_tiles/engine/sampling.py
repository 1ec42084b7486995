"""A full state consistent with one seat's view (the contract's optional ``sample_state``).

For the search bots (``gamekit/ismcts.py``): built from the view alone, never from the
true state. What the seat sees is copied; what it may not know is drawn at random from
the tiles it has not seen: the face-down tiles of the pyramid, the other players' tiles
behind their screens (a tile they took in plain sight, as the events the seat was sent
tell, or showed openly, stays where it was seen), a tile shown in secret in an open yellow window, the leftover pile,
and the seed (the future draws). The view of the returned state for ``seat`` equals the
view it came from (tests/alibaba_tiles/test_sampling.py).
"""
from gamekit import contract

from .core import GAME
from .data_files import game_rules


def _layout_from_view(lv):
    """A layout with the view's geometry: every position still listed in its covers."""
    cells = [[] for _ in lv["layers"]]
    for pos in lv["covers"]:
        layer, row, col = (int(x) for x in pos.split(":"))
        cells[layer].append([row, col])
    return {"key": lv.get("key"), "name": lv.get("name"),
            "layers": [{"rows": L["rows"], "cols": L["cols"], "cells": sorted(cells[i])}
                       for i, L in enumerate(lv["layers"])],
            "covers": {p: list(below) for p, below in lv["covers"].items() if below}}


def remembered_hands(seen, players):
    """The tiles each seat took in plain sight, from the events ``seen`` (oldest first): every tile
    that enters a hand does so openly (a take, a green effect, a lamp swap, a yellow choice)."""
    hands = [[] for _ in range(players)]
    try:
        for e in seen:
            code = e.get("code")
            if code == "tile_taken" or (code == "effect_used" and e.get("colour") == "green" and e.get("tile")):
                hands[e["seat"]].append(e["tile"]["id"])
            elif code == "lamp_swapped":
                hand = hands[e["seat"]]
                if e["lamp"]["id"] in hand:
                    hand[hand.index(e["lamp"]["id"])] = e["tile"]["id"]
            elif code == "tile_chosen":
                if e["tile"]["id"] in hands[e["owner"]]:
                    hands[e["owner"]].remove(e["tile"]["id"])
                hands[e["seat"]].append(e["tile"]["id"])
    except (KeyError, IndexError, TypeError):
        return [[] for _ in range(players)]
    return hands


def _board_from_view(view):
    """The board (position -> tile id, None where face down), the face-up positions and the face-down ones."""
    board, up = {}, {}
    down_positions = []
    for cell in view["board"]:
        if cell["face_up"]:
            board[cell["pos"]] = cell["tile"]["id"]
            up[cell["pos"]] = True
        else:
            board[cell["pos"]] = None
            down_positions.append(cell["pos"])
    return board, up, down_positions


def _shown_from_view(view, seat, hands):
    """The yellow window's seats and what each showed (a tile id, None, or "secret" when shown to another seat);
    a tile shown openly is put back in its owner's hand."""
    window = [e["seat"] for e in view["shown"]]
    shown = []
    for e in view["shown"]:
        tile = e.get("tile")
        if tile is not None:
            shown.append(tile["id"])
            if e["seat"] != seat and tile["id"] not in hands[e["seat"]]:
                hands[e["seat"]].append(tile["id"])
        else:
            shown.append(None if not e["shown"] else "secret")
    return window, shown


def _deal_to_counts(counts, hands, unseen, required, rng):
    """Bring each hand to its count: tiles remembered beyond it (not ``required``) go back to ``unseen``,
    which is shuffled, and the missing ones are drawn from it."""
    for other, hand in enumerate(hands):
        while len(hand) > counts[other]:  # a memory that disagrees with the counts
            drop = next(t for t in reversed(hand) if t not in required)
            hand.remove(drop)
            unseen.append(drop)
    rng.shuffle(unseen)
    for other, hand in enumerate(hands):
        for _ in range(counts[other] - len(hand)):
            hand.append(unseen.pop())


def sample_state(view, seat, rng, seen=()):
    """A state whose view for ``seat`` is ``view``, its hidden part drawn with ``rng``; ``seen`` are
    the events that seat was sent, oldest first (what it remembers of the others' tiles)."""
    n = view["players"]
    tileset = view["tileset"]
    removed = set(view["removed_kinds"])
    in_play = {i for i, (kind, _colour) in enumerate(tileset["tiles"]) if kind not in removed}
    bazaar = [b["tile"]["id"] for b in view["bazaar"]]
    if view["variant"] == "lamp":
        in_play |= set(bazaar)
    board, up, down_positions = _board_from_view(view)
    mine = [t["id"] for t in (view["me"] or {}).get("tiles", [])]
    visible_ids = {c["tile"]["id"] for c in view["board"] if c["face_up"]} | set(bazaar) | set(mine)
    hands, claimed = [], set(visible_ids)
    for i, hand in enumerate(remembered_hands(seen, n)):
        kept = [t for t in hand if t not in claimed and t in in_play][:view["tile_counts"][i]]
        claimed.update(kept)
        hands.append(kept)
    hands[seat] = list(mine)
    turn = view["this_turn"]
    if turn is not None and view["current"] != seat and turn["tile"]["id"] not in hands[view["current"]]:
        hands[view["current"]].append(turn["tile"]["id"])
    window, shown = _shown_from_view(view, seat, hands)
    known = set(board.values()) | set(bazaar)
    for hand in hands:
        known.update(hand)
    unseen = sorted(in_play - known)
    rng.shuffle(unseen)
    for pos in down_positions:
        board[pos] = unseen.pop()
    required = set(x for x in shown if isinstance(x, int))
    if turn is not None:
        required.add(turn["tile"]["id"])
    _deal_to_counts(view["tile_counts"], hands, unseen, required, rng)
    for i, (w, t) in enumerate(zip(window, shown, strict=True)):
        if t == "secret":  # shown in secret by another seat: one of its tiles, not one seen elsewhere
            taken = {x for x in shown if isinstance(x, int)}
            choices = [x for x in hands[w] if x not in taken and not (turn and x == turn["tile"]["id"])]
            shown[i] = rng.choice(choices or hands[w])
    leftover = unseen
    due = view["deadline"]
    clock = 60 if due is not None else 0
    opened = (due - clock) if due is not None else 0.0
    info = None
    if turn is not None:
        info = {"pos": turn["pos"], "layer": turn["layer"], "flips": turn["flips"],
                "tile": turn["tile"]["id"], "effect_tile": turn["effect_tile"]["id"]}
    state = {
        "game": GAME, "players": n, "variant": view["variant"],
        "seed": rng.randrange(1 << 30), "draws": 0, "clock": clock,
        "layout": _layout_from_view(view["layout"]), "tileset": tileset, "rules": game_rules(),
        "removed_kinds": list(view["removed_kinds"]),
        "board": board, "up": up, "down": view["face_down"], "leftover": leftover, "bazaar": bazaar,
        "hands": hands, "scores": list(view["scores"]), "start": view["start"], "current": view["current"],
        "turn": view["turn"], "phase": view["phase"], "turn_info": info, "window": window, "shown": shown,
        "restrictions": [dict(r) for r in view["restrictions"]], "final_round": view["final_round"],
        "turns_left": view["turns_left"], "step": view["step"], "opened_at": opened, "now": opened,
        "finished": view["finished"], "final": view["final"],
    }
    return contract.stamp_rules_version(state, contract.rules_version(view))
