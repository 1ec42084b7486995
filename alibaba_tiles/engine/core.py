"""What every phase shares: the refusal, reading the derived geometry and tiles
of a state, copying a state, recording events, opening a decision."""
import gamekit.errors

from .derived import _GEO_BY_ID, _TILES_BY_ID, geometry, legacy_tile_data, tile_data

GAME = "alibaba_tiles"
EFFECT_COLOURS = ("pink", "blue", "brown", "green", "yellow", "white")
ACTION_TYPES = ("take", "lamp", "effect", "show", "choose", "timeout")

MISSING = object()  # an action's key that is absent (None is a value some actions use)


class IllegalAction(gamekit.errors.IllegalAction):
    """An action the rules do not allow now; the message is for the player."""


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def geo(s):
    """The derived geometry of the state's layout (cached, read-only)."""
    layout = s["layout"]
    hit = _GEO_BY_ID.get(id(layout))
    if hit is not None and hit[0] is layout:
        return hit[1]
    return geometry(layout)


def tile_set(s):
    """The state's tile set: .tiles (dicts, id = index), .kinds, .colours (cached, read-only)."""
    stored = s["tileset"]
    hit = _TILES_BY_ID.get(id(stored))
    if hit is not None and hit[0] is stored:
        return hit[1]
    if "tiles" not in stored and "tiles" in s:   # saved by an older engine: the tiles are in the state
        return legacy_tile_data(stored, s)
    return tile_data(stored, EFFECT_COLOURS)


def tiles(s):
    stored = s["tileset"]
    hit = _TILES_BY_ID.get(id(stored))
    if hit is not None and hit[0] is stored:
        return hit[1].tiles
    return tile_set(s).tiles


def copy_state(st):
    """A copy ``apply`` may change: the mutable parts copied by hand, the layout and tile set shared."""
    s = dict(st)
    s["board"] = dict(st["board"])
    s["up"] = dict(st["up"])
    s["hands"] = [h[:] for h in st["hands"]]
    s["scores"] = st["scores"][:]
    s["bazaar"] = st["bazaar"][:]
    s["window"] = st["window"][:]
    s["shown"] = st["shown"][:]
    s["restrictions"] = st["restrictions"][:]
    s.pop("recent", None)  # kept by older engines: the log of a round now lives in the events
    if st["turn_info"] is not None:
        s["turn_info"] = dict(st["turn_info"])
    return s


def event(s, events, code, visible_to="all", **data):
    """Record what happened: a code and plain data (the page words it), and who may see it."""
    events.append({"code": code, "turn": s["turn"], **data, "visible_to": visible_to})


def open_decision(s, now):
    """A new decision opens: the decision key moves and its clock starts."""
    s["step"] += 1
    s["opened_at"] = now
