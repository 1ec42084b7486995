"""The hidden-information oracle of the treasure cave (the tests' judge, not used in play).

Before the end a seat may never learn a face-down tile, the leftover tiles, a
tile another seat showed while the yellow window is still open, another
seat's screen, or the seed.
"""


def _secret_tile_ids(state):
    secret = {tid for pos, tid in state["board"].items() if pos not in state["up"]}
    secret.update(state["leftover"])
    return secret


def _secret_shows(state, seat):
    """{seat: tile id} shown by others in the yellow window still open (a tile may have been shown openly before)."""
    if not state["window"] or None not in state["shown"]:
        return {}
    return {w: t for w, t in zip(state["window"], state["shown"], strict=True) if t is not None and w != seat}


def _walk(value):
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from _walk(item)
    elif isinstance(value, list):
        for item in value:
            yield from _walk(item)


def hidden_leaks(state, seat, sent):
    if state["finished"] or seat == "all":
        return []
    leaks = []
    secret = _secret_tile_ids(state)
    shows = _secret_shows(state, seat)
    for node in _walk(sent):
        if "kind" in node and node.get("id") in secret:
            leaks.append(f"hidden tile {node['id']} ({node['kind']}) sent to seat {seat}")
        tile = node.get("tile")
        if node.get("seat") in shows and isinstance(tile, dict) and tile.get("id") == shows[node["seat"]] \
                and node.get("turn", state["turn"]) == state["turn"]:
            leaks.append(f"the tile seat {node['seat']} is showing, sent to seat {seat} before the window closed")
        if node.get("seed") is not None:
            leaks.append(f"the seed sent to seat {seat}")
        if node.get("final"):
            leaks.append(f"the final account sent to seat {seat} before the end")
        if node.get("leftover"):
            leaks.append(f"the leftover tiles sent to seat {seat}")
    if isinstance(sent, dict) and isinstance(sent.get("me"), dict):
        own = set(state["hands"][seat]) if isinstance(seat, int) else set()
        foreign = [t["id"] for t in sent["me"].get("tiles", []) if t.get("id") not in own]
        if foreign:
            leaks.append(f"tiles {foreign} of another screen shown to seat {seat} as its own")
    return leaks
