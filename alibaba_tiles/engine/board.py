"""The cave: which face-up tiles a seat may take (white restrictions), the
neighbours of a green take, who can show a yellow tile, and taking a tile off
the board (flipping what it uncovered, starting the last round)."""
from .core import event, geo, tiles


def forbidden(tile, restrictions):
    return any(r.get("kind") == tile["kind"] or r.get("colour") == tile["colour"] for r in restrictions)


def restrictions_for(s, seat):
    return [r for r in s["restrictions"] if r["by"] != seat]


def takeable(s, seat):
    """Face-up positions ``seat`` may take now, in the deterministic order (top layer first)."""
    rank = geo(s)["rank"]
    ups = sorted(s["up"], key=rank.__getitem__)
    restr = restrictions_for(s, seat)
    if not restr:
        return ups
    tiles_, board = tiles(s), s["board"]
    ok = [p for p in ups if not forbidden(tiles_[board[p]], restr)]
    return ok if ok else ups


def green_targets(s, seat):
    info = s["turn_info"]
    up = s["up"]
    restr = restrictions_for(s, seat)
    tiles_, board = tiles(s), s["board"]
    out = []
    for q in geo(s)["adjacent"][info["pos"]]:
        if q in up and not (restr and forbidden(tiles_[board[q]], restr)):
            out.append(q)
    rank = geo(s)["rank"]
    out.sort(key=rank.__getitem__)
    return out


def yellow_seats(s, seat):
    n = s["players"]
    return [(seat + i) % n for i in range(1, n) if s["hands"][(seat + i) % n]]


def remove_from_board(s, pos, events):
    """Take the tile at ``pos`` off the board and flip every uncovered face-down tile."""
    board, up = s["board"], s["up"]
    tid = board.pop(pos)
    up.pop(pos, None)
    g = geo(s)
    flipped = []
    covered_by = g["covered_by"]
    for q in g["covers"][pos]:
        if q in board and q not in up:
            for r in covered_by[q]:
                if r in board:
                    break
            else:
                up[q] = True
                flipped.append(q)
    if flipped:
        s["down"] -= len(flipped)
        flipped.sort(key=g["rank"].__getitem__)
        tiles_ = tiles(s)
        event(s, events, "tiles_flipped", seat=s["current"], positions=flipped,
              tiles=[tiles_[board[q]] for q in flipped], count=len(flipped))
        if s["down"] == 0 and not s["final_round"]:
            n = s["players"]
            rel = (s["current"] - s["start"]) % n
            s["final_round"] = True
            s["turns_left"] = 1 + (n - 1 - rel) + n
            event(s, events, "final_round", seat=s["current"], turns_left=s["turns_left"])
    return tid, len(flipped)
