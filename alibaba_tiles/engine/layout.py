"""Pyramid layouts: validation and the derived geometry the engine uses.

A layout is plain data::

    {"key": "standard", "name": "The cave (25 squares)",
     "layers": [{"rows": 5, "cols": 5}, ...],        # layer 0 is the bottom
     "covers": {"1:0:0": ["0:0:0", "0:1:0", ...], ...}}

A layer may also carry ``"cells": [[r, c], ...]`` to use only some squares of
its rows x cols grid.  Positions are written "L:R:C".  ``covers`` maps every
tile above the bottom layer to the tiles it lies on, all in the layer directly
below.  Only the top layer is uncovered at the start (it starts face up).
"""


def pos_name(layer, row, col):
    return f"{layer}:{row}:{col}"


def _layer_cells(layer):
    if "cells" in layer:
        return [tuple(c) for c in layer["cells"]]
    return [(r, c) for r in range(layer["rows"]) for c in range(layer["cols"])]


def positions(layout):
    """All positions, bottom layer first, then row, then column."""
    out = []
    for li, layer in enumerate(layout["layers"]):
        for r, c in sorted(_layer_cells(layer)):
            out.append(pos_name(li, r, c))
    return out


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def validate_layout(layout, tile_count=None):
    """Human-readable errors for a broken layout; [] if it is fine.

    ``tile_count``: how many tiles the set provides (default: the default set, 60).
    """
    errors = []
    if not isinstance(layout, dict):
        return ["A layout must be an object with key, name, layers and covers."]
    key = layout.get("key")
    if not isinstance(key, str) or not key.strip():
        errors.append("The layout needs a key (a short name).")
    if not isinstance(layout.get("name"), str) or not layout.get("name", "").strip():
        errors.append("The layout needs a name.")
    layers = layout.get("layers")
    if not isinstance(layers, list) or not layers:
        errors.append("The layout needs at least one layer.")
        return errors
    known = {}
    for li, layer in enumerate(layers):
        cell_list = _checked_layer_cells(li, layer, errors)
        for r, c in cell_list:
            known[pos_name(li, r, c)] = li
    if errors:
        return errors
    top = len(layers) - 1
    covers = layout.get("covers", {})
    if not isinstance(covers, dict):
        return errors + ["covers must map each upper tile to the list of tiles it lies on."]
    covered = set()
    for upper, below in covers.items():
        covered |= _covered_by(upper, below, known, top, errors)
    for p, li in known.items():
        if li > 0 and not covers.get(p):
            errors.append(f"{p} is above the bottom layer but covers nothing.")
        if li < top and p not in covered:
            errors.append(f"{p} is below the top layer but nothing covers it.")
    limit = 60 if tile_count is None else tile_count
    if len(known) > limit:
        errors.append(f"The layout needs {len(known)} tiles but the tile set has only {limit}.")
    return errors


def _checked_layer_cells(li, layer, errors):
    """The (row, col) cells of layer ``li``, sorted; [] with the reasons added to ``errors`` if it is broken."""
    if not isinstance(layer, dict):
        errors.append(f"Layer {li} must be an object with rows and cols.")
        return []
    rows, cols = layer.get("rows"), layer.get("cols")
    if not (_is_int(rows) and _is_int(cols) and rows > 0 and cols > 0):
        errors.append(f"Layer {li} needs positive whole numbers of rows and cols.")
        return []
    if "cells" not in layer:
        return [(r, c) for r in range(rows) for c in range(cols)]
    cells = layer["cells"]
    if not isinstance(cells, list) or not cells:
        errors.append(f"Layer {li}: cells must be a non-empty list of [row, col].")
        return []
    seen = set()
    for cell in cells:
        if not (isinstance(cell, (list, tuple)) and len(cell) == 2
                and _is_int(cell[0]) and _is_int(cell[1])
                and 0 <= cell[0] < rows and 0 <= cell[1] < cols):
            errors.append(f"Layer {li}: cell {cell!r} is not inside the {rows}x{cols} grid.")
            continue
        if tuple(cell) in seen:
            errors.append(f"Layer {li}: cell {list(cell)} is listed twice.")
        seen.add(tuple(cell))
    return sorted(seen)


def _covered_by(upper, below, known, top, errors):
    """The positions ``upper`` rightly lies on (its ``covers`` entry ``below``); the reasons for the others go to ``errors``."""
    covered = set()
    if upper not in known:
        errors.append(f"covers names an unknown position {upper}.")
        return covered
    lu = known[upper]
    if lu == 0:
        if below:
            errors.append(f"{upper} is on the bottom layer and cannot cover anything.")
        return covered
    if not isinstance(below, list):
        errors.append(f"covers[{upper}] must be a list of positions.")
        return covered
    seen = set()
    for p in below:
        if not isinstance(p, str) or p not in known:
            errors.append(f"{upper} covers an unknown position {p!r}.")
            continue
        if p in seen:
            errors.append(f"{upper} covers {p} twice.")
            continue
        seen.add(p)
        if known[p] == top:
            errors.append(f"{upper} covers {p}, but the top layer cannot be covered.")
        elif known[p] != lu - 1:
            errors.append(f"{upper} covers {p}, which is not in the layer directly below.")
        covered.add(p)
    return covered


def build_geo(layout):
    """Derived, read-only geometry (never saved in the state: see derived.geometry)."""
    order = positions(layout)
    coords = {}
    for p in order:
        li, r, c = (int(x) for x in p.split(":"))
        coords[p] = [li, r, c]
    covers = {p: list(layout.get("covers", {}).get(p, [])) for p in order}
    covered_by = {p: [] for p in order}
    for upper in order:
        for below in covers[upper]:
            covered_by[below].append(upper)
    adjacent = {}
    for p in order:
        li, r, c = coords[p]
        adjacent[p] = [q for q in (pos_name(li, r - 1, c), pos_name(li, r + 1, c),
                                   pos_name(li, r, c - 1), pos_name(li, r, c + 1)) if q in coords]
    take_order = sorted(order, key=lambda p: (-coords[p][0], coords[p][1], coords[p][2]))
    return {
        "order": order,
        "cells": [[p] + coords[p] for p in order],  # [pos, layer, row, col], bottom layer first (for drawing)
        "take_order": take_order,            # top layer first (deterministic default order)
        "rank": {p: i for i, p in enumerate(take_order)},
        "coords": coords,
        "covers": covers,
        "covered_by": covered_by,
        "adjacent": adjacent,
    }
