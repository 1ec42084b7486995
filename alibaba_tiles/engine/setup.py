"""A table's options, tile sets and the deal of a new game."""
import random

from gamekit import contract

from .core import EFFECT_COLOURS, GAME, IllegalAction, is_int as _is_int
from .data_files import default_layout, default_tiles, game_rules
from .derived import compact_tileset, geometry, tile_data
from .layout import validate_layout

# The rules new matches are played under (docs/architecture.md, "Changing a rule"): bump it when a rule
# changes, keeping the older rule behind ``contract.rules_version(state)`` for the older versions.
RULES_VERSION = 1

VARIANTS = [
    ["standard", "Standard"],
    ["lamp", "Aladdin's lamp"],
    ["equal", "Equal treasures"],
    ["small", "Smaller cave (2 players)"],
]

OPTIONS = [
    {"name": "variant", "label": "Variant", "type": "choice", "choices": VARIANTS, "default": "standard"},
    {"name": "clock", "label": "Seconds per decision (0 = untimed)", "type": "int", "min": 0, "max": 600,
     "default": 60, "clock": True},
]


def _tileset_tiles(tileset):
    return tileset.get("tiles") if isinstance(tileset, dict) else None


def validate_tileset(tileset):
    """Errors for a broken tile set ({"key", "name", "tiles": [{"kind", "colour"}]})."""
    tiles = _tileset_tiles(tileset)
    if not isinstance(tiles, list) or not tiles:
        return ["A tile set must be an object with a non-empty list of tiles."]
    errors = []
    for i, t in enumerate(tiles):
        if not isinstance(t, dict) or not isinstance(t.get("kind"), str) or not t.get("kind"):
            errors.append(f"Tile {i} needs a kind.")
            continue
        if t.get("colour") not in EFFECT_COLOURS:
            errors.append(f"Tile {i} has colour {t.get('colour')!r}; colours are {', '.join(EFFECT_COLOURS)}.")
    return errors


def _variant(options):
    return (options or {}).get("variant") or "standard"


def _removed_kinds_count(variant, rules):
    if variant == "equal":
        return rules["equal_removed_kinds"]
    if variant == "small":
        return rules["small_removed_kinds"]
    return 0


def validate_options(players, options):
    """Human-readable errors for a table's options; [] if they are fine."""
    version_problem = contract.rules_version_problem(options, RULES_VERSION)
    return _table_errors(players, options) + ([version_problem] if version_problem else [])


def _table_errors(players, options):
    rules = game_rules()
    errors = []
    if options is None:
        options = {}
    if not isinstance(options, dict):
        return ["Options must be an object."]
    if not _is_int(players) or not rules["min_players"] <= players <= rules["max_players"]:
        errors.append(f"This game is for {rules['min_players']} to {rules['max_players']} players.")
    variant = _variant(options)
    if variant not in [v[0] for v in VARIANTS]:
        errors.append(f"Unknown variant {variant!r}.")
        return errors
    if variant == "small" and players not in rules["small_players"]:
        errors.append("The smaller cave is for 2 players only.")
    clock = options.get("clock")
    if clock is not None and (isinstance(clock, bool) or not isinstance(clock, (int, float)) or clock < 0):
        errors.append("The clock must be a number of seconds (0 for no clock).")
    started = options.get("started_at")
    if started is not None and (isinstance(started, bool) or not isinstance(started, (int, float))):
        errors.append("started_at must be a time in seconds.")
    tileset = options.get("tiles") or default_tiles()
    terr = validate_tileset(tileset)
    errors.extend(terr)
    if terr:
        return errors
    tiles = tileset["tiles"]
    kinds = _kinds_of(tileset)
    removed = _removed_kinds_count(variant, rules)
    if removed >= len(kinds):
        errors.append("The tile set has too few kinds of treasure for this variant.")
        return errors
    # the worst case: the removed kinds are the most numerous ones
    per_kind = sorted((sum(1 for t in tiles if t["kind"] == k) for k in kinds), reverse=True)
    available = len(tiles) - sum(per_kind[:removed])
    if variant == "lamp":
        lamps = sum(1 for t in tiles if t["kind"] == rules["lamp_kind"])
        if not lamps:
            errors.append("Aladdin's lamp needs lamp tiles in the tile set.")
        if len(tiles) - lamps < rules["bazaar_size"]:
            errors.append("The tile set has too few tiles for the bazaar.")
        available = len(tiles) - rules["bazaar_size"]
    layout = options.get("layout") or default_layout("small" if variant == "small" else "standard")
    lerr = validate_layout(layout, tile_count=None)
    lerr = [e for e in lerr if "tile set has only" not in e]
    errors.extend(lerr)
    if not lerr:
        needed = len(geometry(layout)["order"])
        if needed > available:
            errors.append(f"The layout needs {needed} tiles but only {available} are in play in this variant.")
    return errors


def _kinds_of(tileset):
    kinds = []
    for k in tileset.get("kinds") or []:
        if k not in kinds:
            kinds.append(k)
    for t in tileset["tiles"]:
        if t["kind"] not in kinds:
            kinds.append(t["kind"])
    return kinds


def new_game(players, options, seed, now=None):
    """The deal of ``seed``: kinds removed, the bazaar (lamp), the board, the start player, in that draw order."""
    options = dict(options or {})
    if now is not None:
        options.setdefault("started_at", now)
    errors = validate_options(players, options)
    if errors:
        raise IllegalAction(errors[0])
    rules = game_rules()
    variant = _variant(options)
    layout = options.get("layout") or default_layout("small" if variant == "small" else "standard")
    tileset = options.get("tiles") or default_tiles()
    kinds = _kinds_of(tileset)
    stored_tileset = compact_tileset(tileset, kinds)
    tiles = tile_data(stored_tileset, EFFECT_COLOURS).tiles
    geo = geometry(layout)

    draws = 0

    def rng():
        nonlocal draws
        r = random.Random(f"{seed}:{draws}")
        draws += 1
        return r

    removed = []
    nremove = _removed_kinds_count(variant, rules)
    if nremove:
        removed = sorted(rng().sample(kinds, nremove), key=kinds.index)
    pool = [t["id"] for t in tiles if t["kind"] not in removed]
    bazaar = []
    if variant == "lamp":
        lamp = rules["lamp_kind"]
        lamps = [i for i in pool if tiles[i]["kind"] == lamp]
        others = [i for i in pool if tiles[i]["kind"] != lamp]
        rng().shuffle(others)
        bazaar = others[:rules["bazaar_size"]]
        pool = others[rules["bazaar_size"]:] + lamps
    rng().shuffle(pool)
    order = geo["order"]
    board = {p: pool[i] for i, p in enumerate(order)}
    leftover = pool[len(order):]
    up = {p: True for p in order if not geo["covered_by"][p]}
    # the start player is drawn last, so the deal of a seed does not depend on it
    start = rng().randrange(players)
    started = float(options.get("started_at", 0.0) or 0.0)
    clock = options.get("clock") or 0
    state = {
        "game": GAME,
        "players": players,
        "variant": variant,
        "seed": seed,
        "draws": draws,
        "clock": clock,
        "layout": layout,              # kept whole: the geometry is derived from it (derived.geometry)
        "tileset": stored_tileset,     # key, name, kinds, tiles as [kind, colour] (derived.tile_data)
        "rules": rules,
        "removed_kinds": removed,
        "board": board,
        "up": up,
        "down": len(board) - len(up),
        "leftover": leftover,
        "bazaar": bazaar,
        "hands": [[] for _ in range(players)],
        "scores": [0] * players,
        "start": start,
        "current": start,
        "turn": 1,
        "phase": "take",
        "turn_info": None,        # {"pos", "layer", "flips", "tile", "effect_tile"} of the turn in progress
        "window": [],             # yellow: the seats that must show, in order
        "shown": [],              # yellow: the tile id each of them showed (None = not yet)
        "restrictions": [],       # white: [{"by": seat, "kind": k} or {"by": seat, "colour": c}]
        "final_round": False,
        "turns_left": None,       # turns still to play, the one in progress included
        "step": 1,
        "opened_at": started,
        "now": started,
        "finished": False,
        "final": None,
    }
    return contract.stamp_rules_version(state, contract.chosen_rules_version(options, RULES_VERSION))
