"""validate_layout: the shipped layouts pass, broken ones are refused with a readable error."""
import copy

import pytest

from alibaba_tiles.engine import default_layouts, default_tiles, new_game, validate_layout, validate_options


def std():
    return copy.deepcopy([L for L in default_layouts() if L["key"] == "standard"][0])


def small():
    return copy.deepcopy([L for L in default_layouts() if L["key"] == "small"][0])


def test_shipped_layouts_are_valid():
    keys = [L["key"] for L in default_layouts()]
    assert keys == ["standard", "small"]
    for layout in default_layouts():
        assert validate_layout(layout) == []
        assert layout["name"]


def test_shipped_tile_set_is_ten_kinds_by_six_colours():
    tiles = default_tiles()["tiles"]
    assert len(tiles) == 60 and [t["id"] for t in tiles] == list(range(60))
    assert len({(t["kind"], t["colour"]) for t in tiles}) == 60


def _broken(mutate, base=std):
    layout = base()
    mutate(layout)
    return validate_layout(layout)


@pytest.mark.parametrize("mutate, words", [
    (lambda L: L["covers"]["1:0:0"].append("0:9:9"), "unknown position"),
    (lambda L: L["covers"].__setitem__("7:0:0", ["0:0:0"]), "unknown position"),
    (lambda L: L["covers"]["2:0:0"].append("0:2:2"), "directly below"),
    (lambda L: L["covers"].__setitem__("2:1:1", []), "covers nothing"),
    (lambda L: L["covers"].pop("3:0:0"), "covers nothing"),
    (lambda L: L["covers"]["1:0:0"].append("0:0:0"), "twice"),
    (lambda L: L["covers"].__setitem__("0:0:0", ["0:0:1"]), "bottom layer"),
    (lambda L: L["covers"]["3:0:0"].append("3:0:1"), "top layer"),
    (lambda L: [L["covers"][p].remove("0:4:4") for p in list(L["covers"]) if "0:4:4" in L["covers"][p]],
     "nothing covers it"),
    (lambda L: L["layers"].__setitem__(0, {"rows": 5, "cols": 0}), "rows and cols"),
    (lambda L: L.pop("key"), "key"),
    (lambda L: L.pop("name"), "name"),
    (lambda L: L.__setitem__("layers", []), "layer"),
    (lambda L: L["layers"][3].__setitem__("cells", [[0, 0], [0, 0]]), "twice"),
])
def test_validate_layout_refuses_broken_layouts(mutate, words):
    errors = _broken(mutate)
    assert errors and any(words in e for e in errors), errors


def test_validate_layout_refuses_a_layout_needing_more_tiles_than_the_set():
    big = {"key": "big", "name": "Big", "layers": [{"rows": 8, "cols": 8}], "covers": {}}
    assert any("only 60" in e for e in validate_layout(big))
    ok = {"key": "flat", "name": "Flat", "layers": [{"rows": 5, "cols": 5}], "covers": {}}
    assert validate_layout(ok) == []
    assert validate_options(2, {"layout": big})


def test_validate_layout_refuses_non_objects():
    assert validate_layout(None) and validate_layout([]) and validate_layout({"covers": 3})


def test_broken_layout_is_refused_by_new_game():
    layout = std()
    layout["covers"]["2:0:0"] = ["0:0:0"]
    from alibaba_tiles.engine import IllegalAction
    with pytest.raises(IllegalAction):
        new_game(2, {"layout": layout}, 1)


def test_a_flat_layout_plays_until_the_cave_is_empty():
    from alibaba_tiles.engine import apply, legal_actions
    flat = {"key": "flat", "name": "Flat", "layers": [{"rows": 2, "cols": 2}], "covers": {}}
    s = new_game(2, {"layout": flat}, 1)
    assert len(s["up"]) == 4 and s["down"] == 0
    while not s["finished"]:
        seat = s["current"] if s["phase"] != "show" else [w for w, t in zip(s["window"], s["shown"], strict=True)
                                                          if t is None][0]
        s, _ = apply(s, seat, legal_actions(s, seat)[0], 1.0)
    assert not s["board"]


def test_layout_with_partial_layer_cells():
    layout = {"key": "steps", "name": "Steps", "layers": [
        {"rows": 2, "cols": 2}, {"rows": 1, "cols": 2, "cells": [[0, 0]]}],
        "covers": {"1:0:0": ["0:0:0", "0:0:1", "0:1:0", "0:1:1"]}}
    assert validate_layout(layout) == []
    s = new_game(2, {"layout": layout}, 2)
    assert sorted(s["board"]) == ["0:0:0", "0:0:1", "0:1:0", "0:1:1", "1:0:0"] and list(s["up"]) == ["1:0:0"]


def test_engine_and_bots_import_only_the_standard_library():
    import ast
    import pathlib
    import sys

    import alibaba_tiles.engine as eng
    root = pathlib.Path(eng.__file__).parent
    files = list(root.glob("*.py")) + [root.parent / "bots.py"]
    for path in files:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module]
            else:
                continue
            for name in names:
                # gamekit: the plain package engines share (no framework either)
                    assert name.split(".")[0] in sys.stdlib_module_names | {"gamekit"}, (path.name, name)
