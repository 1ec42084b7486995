"""What one seat (or a spectator, seat None) may see of a state.

Before the end a view never holds a face-down tile (nor its id), another
seat's tiles, the leftover tiles or the seed.  After the end it shows everything.
"""
from .rules import deadline, owes
from .scoring import set_points, sets_of


def view(state, seat):
    s = state
    tiles = s["tiles"]
    geo = s["geo"]
    coords = geo["coords"]
    board_ = s["board"]
    up = s["up"]
    finished = s["finished"]
    layout = s["layout"]
    n = s["players"]
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
        seat = None

    board = []
    for p in geo["order"]:
        tid = board_.get(p)
        if tid is None:
            continue
        li, r, c = coords[p]
        face = p in up
        board.append({"pos": p, "layer": li, "row": r, "col": c, "face_up": face,
                      "tile": dict(tiles[tid]) if (face or finished) else None})

    pending = []
    info = s["turn_info"]
    for w, decision in owes(s):
        effect = None
        if decision == "effect":
            effect = tiles[info["effect_tile"]]["colour"]
        elif decision in ("show", "choose"):
            effect = "yellow"
        elif decision == "lamp":
            effect = tiles[info["tile"]]["colour"]
        pending.append({"seat": w, "decision": decision, "effect": effect})

    shown = []
    if s["window"]:
        all_shown = None not in s["shown"]
        for w, t in zip(s["window"], s["shown"]):
            visible = t is not None and (all_shown or w == seat or finished)
            shown.append({"seat": w, "shown": t is not None, "tile": dict(tiles[t]) if visible else None})

    hands = s["hands"]
    me = None
    if seat is not None:
        mine = [dict(tiles[t]) for t in hands[seat]]
        kinds = [t["kind"] for t in mine]
        me = {"tiles": mine, "sets": sets_of(kinds),
              "set_points": set_points(kinds, s["rules"]["set_scores"]),
              "effect_points": s["scores"][seat]}

    restrictions = [dict(r) for r in s["restrictions"]]
    dl = deadline(s)
    turn = None
    if info is not None:
        turn = {"pos": info["pos"], "layer": info["layer"], "flips": info["flips"]}
    return {
        "game": "alibaba_tiles",
        "seat": seat,
        "players": n,
        "variant": s["variant"],
        "step": s["step"],
        "turn": s["turn"],
        "start": s["start"],
        "layout": {"key": layout.get("key"), "name": layout.get("name"),
                   "layers": [{"rows": L["rows"], "cols": L["cols"]} for L in layout["layers"]],
                   "covers": geo["covers"]},
        "board": board,
        "bazaar": [{"index": i, "tile": dict(tiles[t])} for i, t in enumerate(s["bazaar"])],
        "current": s["current"],
        "phase": s["phase"],
        "pending": pending,
        "restriction": restrictions[-1] if restrictions else None,
        "restrictions": restrictions,
        "scores": s["scores"][:],
        "tile_counts": [len(h) for h in hands],
        "me": me,
        "shown": shown,
        "this_turn": turn,
        "recent": [dict(e) for e in s["recent"]],
        "removed_kinds": list(s["removed_kinds"]),
        "face_down": s["down"],
        "final_round": s["final_round"],
        "turns_left": s["turns_left"] if s["final_round"] else None,
        "deadline": dl[0] if dl else None,
        "finished": finished,
        "final": s["final"] if finished else None,
    }
