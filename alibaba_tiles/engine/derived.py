"""Data derived from what the state keeps, computed once and cached per process.

The saved state keeps only what cannot be derived: the layout itself (so a
saved match still replays after its layout was edited in the admin) and its
tile set in a compact form.  The geometry (positions, covers / covered-by,
adjacency, take order) and the tile dicts are rebuilt from those here and
shared read-only between states and views: callers must never mutate them.

Three cache levels:

* by object identity: ``apply`` shares the layout / tile-set objects between
  consecutive states, so the usual lookup is one dict get and an ``is`` check;
* by equality with the few contents seen last: a state loaded again from the
  database (new objects, same content, on every move of the site) costs one
  comparison, which allocates nothing (the hash below builds the JSON text);
* by content (a hash of the canonical JSON): any other content seen before
  costs one hash, not a rebuild.
"""
import hashlib
import json

from .layout import build_geo

_MAX_ENTRIES = 512
# An identity entry pins its object (so that its id is not reused), and every state read
# from the database brings new objects: only the states in flight need one, so few are kept.
# Measured (docs/performance.md): 512 of them pinned about 15 MB per web process.
_MAX_IDENTITY_ENTRIES = 64

# The contents last seen, compared by equality: a site plays a handful of layouts and tile sets at a time.
_RECENT_ENTRIES = 8

_GEO_BY_ID = {}        # id(layout) -> (layout, geo); holding the layout keeps its id from being reused
_GEO_BY_CONTENT = {}   # content hash -> geo
_GEO_RECENT = [()]     # ((layout, geo), ...) newest first, one tuple swapped whole (threads read it at once)
_TILES_BY_ID = {}      # id(tileset) -> (tileset, TileData)
_TILES_BY_CONTENT = {}
_TILES_RECENT = [()]


def content_key(obj):
    """A hash of ``obj``'s canonical JSON (sorted keys, no spaces)."""
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _remember(by_id, obj, value):
    if len(by_id) >= _MAX_IDENTITY_ENTRIES:
        by_id.clear()
    by_id[id(obj)] = (obj, value)


def _cached(by_id, by_content, recent, obj, build):
    """``build(obj)``, looked up first by ``obj``'s identity, then among the ``recent`` contents, then by its
    content's hash."""
    hit = by_id.get(id(obj))
    if hit is not None and hit[0] is obj:
        return hit[1]
    for known, value in recent[0]:
        if type(known) is type(obj) and known == obj:
            _remember(by_id, obj, value)
            return value
    key = content_key(obj)
    value = by_content.get(key)
    if value is None:
        if len(by_content) >= _MAX_ENTRIES:
            by_content.clear()
        value = by_content[key] = build(obj)
    _remember(by_id, obj, value)
    recent[0] = ((obj, value), *recent[0][:_RECENT_ENTRIES - 1])
    return value


def geometry(layout):
    """The derived geometry of ``layout`` (see ``layout.build_geo``), cached by content."""
    return _cached(_GEO_BY_ID, _GEO_BY_CONTENT, _GEO_RECENT, layout, build_geo)


class TileData:
    """The tiles of a stored tile set: ``tiles`` (id = index), ``kinds`` and ``colours``."""

    __slots__ = ("tiles", "kinds", "colours")

    def __init__(self, tiles, kinds, colours):
        self.tiles = tiles
        self.kinds = kinds
        self.colours = colours


def compact_tileset(tileset, kinds):
    """What the state keeps of a tile set: key, name, kinds in order, tiles as [kind, colour]."""
    return {"key": tileset.get("key"), "name": tileset.get("name"), "kinds": list(kinds),
            "tiles": [[t["kind"], t["colour"]] for t in tileset["tiles"]]}


def tile_data(stored, colour_order):
    """TileData for a stored (compact) tile set, cached by content."""

    def build(stored):
        tiles = [{"id": i, "kind": k, "colour": c} for i, (k, c) in enumerate(stored["tiles"])]
        present = {t["colour"] for t in tiles}
        return TileData(tiles, list(stored["kinds"]), [c for c in colour_order if c in present])

    return _cached(_TILES_BY_ID, _TILES_BY_CONTENT, _TILES_RECENT, stored, build)


def legacy_tile_data(stored, state):
    """TileData for a state saved before the tile set was kept compact (it held "tiles",
    "kinds", "colours" and "geo" itself); cached by the identity of its ``tileset`` object."""
    data = TileData(state["tiles"], state["kinds"], state["colours"])
    _remember(_TILES_BY_ID, stored, data)
    return data
