"""The treasure cave's game data in the database: the admin refuses broken layouts,
the shipped data loads idempotently, and the engine gets its layout from the database."""
import copy

import pytest
from django.core.exceptions import ValidationError

from alibaba_tiles import engine
from alibaba_tiles.admin import PyramidLayoutAdmin, TileSetAdmin, layers_svg
from alibaba_tiles.game import resolve_options, table_options
from alibaba_tiles.gamedata import load_default_data
from alibaba_tiles.models import PyramidLayout, TileSet
from matches.registry import clean_table_options, get_game

pytestmark = pytest.mark.django_db


def _standard_body():
    layout = copy.deepcopy(engine.default_layouts()[0])
    assert layout["key"] == "standard"
    return {k: v for k, v in layout.items() if k not in ("key", "name")}


def _layout_form(data, instance=None):
    from django.contrib.admin.sites import site

    Form = PyramidLayoutAdmin(PyramidLayout, site).get_form(None, instance)
    return Form(data=data, instance=instance)


def test_shipped_layouts_and_tiles_are_valid():
    load_default_data()
    keys = set(PyramidLayout.objects.values_list("key", flat=True))
    assert {"standard", "small"} <= keys
    for row in PyramidLayout.objects.all():
        row.full_clean()  # raises if broken
    TileSet.objects.get(key="default").full_clean()


def test_model_refuses_a_layout_whose_covers_relation_is_broken():
    body = _standard_body()
    del body["covers"]["1:0:0"]  # a tile above the bottom that lies on nothing
    layout = PyramidLayout(key="broken", name="Broken", data=body)
    with pytest.raises(ValidationError) as info:
        layout.full_clean()
    messages = info.value.message_dict["data"]
    assert any("1:0:0" in m for m in messages)


def test_model_refuses_a_cover_that_skips_a_layer():
    body = _standard_body()
    body["covers"]["2:0:0"] = ["0:0:0", "1:0:1"]
    with pytest.raises(ValidationError) as info:
        PyramidLayout(key="skip", name="Skips", data=body).full_clean()
    assert any("not in the layer directly below" in m for m in info.value.message_dict["data"])


def test_admin_form_refuses_a_broken_layout_and_accepts_a_good_one():
    import json

    body = _standard_body()
    body["covers"]["1:0:0"] = ["0:0:0", "9:9:9"]
    form = _layout_form({"key": "bad", "name": "Bad", "data": json.dumps(body)})
    assert not form.is_valid()
    assert "9:9:9" in " ".join(form.errors["data"])
    assert not PyramidLayout.objects.filter(key="bad").exists()

    form = _layout_form({"key": "copy", "name": "A copy", "data": json.dumps(_standard_body())})
    assert form.is_valid(), form.errors
    form.save()
    assert PyramidLayout.objects.get(key="copy").tile_count == 54


def test_admin_shows_the_data_pretty_printed_and_a_preview():
    load_default_data()
    row = PyramidLayout.objects.get(key="standard")
    form = _layout_form(None, instance=row)
    html = str(form["data"])
    assert "\n  &quot;layers&quot;" in html or '\n  "layers"' in html
    svg = layers_svg(row.data)
    assert svg.startswith("<svg") and svg.count("<rect") == 54
    from django.contrib.admin.sites import site

    assert "<svg" in str(PyramidLayoutAdmin(PyramidLayout, site).preview(row))
    assert TileSetAdmin(TileSet, site).tile_count(TileSet.objects.get(key="default")) == 60


def test_tileset_model_refuses_a_bad_colour():
    with pytest.raises(ValidationError):
        TileSet(key="odd", name="Odd", data={"tiles": [{"kind": "ring", "colour": "purple"}]}).full_clean()


def test_load_default_data_is_idempotent_and_matches_the_engine_json():
    load_default_data()
    first = {(r.key, r.name, repr(r.data)) for r in PyramidLayout.objects.all()}
    counts = (PyramidLayout.objects.count(), TileSet.objects.count())
    load_default_data()
    load_default_data()
    assert (PyramidLayout.objects.count(), TileSet.objects.count()) == counts
    assert {(r.key, r.name, repr(r.data)) for r in PyramidLayout.objects.all()} == first
    for layout in engine.default_layouts():
        assert PyramidLayout.objects.get(key=layout["key"]).engine_data() == layout
    assert TileSet.objects.get(key="default").engine_data() == engine.default_tiles()


def test_load_default_data_repairs_an_edited_default():
    load_default_data()
    PyramidLayout.objects.filter(key="standard").update(name="Renamed")
    load_default_data()
    assert PyramidLayout.objects.get(key="standard").name == engine.default_layouts()[0]["name"]


def test_resolve_options_gives_the_engine_the_layout_from_the_database():
    load_default_data()
    # a layout that only exists in the database: the standard pyramid without its top layer
    body = _standard_body()
    body["layers"] = body["layers"][:3]
    body["covers"] = {p: below for p, below in body["covers"].items() if not p.startswith("3:")}
    PyramidLayout.objects.create(key="flat", name="Flat cave", data=body)

    resolved = resolve_options({"clock": 0, "variant": "standard", "layout": "flat"})
    assert resolved["layout"] == dict(body, key="flat", name="Flat cave")
    assert resolved["tiles"] == engine.default_tiles()
    assert resolved["clock"] == 0 and resolved["variant"] == "standard"
    assert engine.validate_options(2, resolved) == []
    state = engine.new_game(2, resolved, seed=7)
    view = engine.view(state, 0)
    assert view["layout"]["key"] == "flat"
    assert len(view["board"]) == 25 + 16 + 9
    # only the top layer of this cave (3x3) starts face up
    assert sum(1 for b in view["board"] if b["face_up"]) == 9


def test_an_edited_layout_in_the_database_wins_over_the_json():
    load_default_data()
    row = PyramidLayout.objects.get(key="standard")
    row.name = "The big cave"
    row.save()
    assert resolve_options({"variant": "standard", "layout": "standard"})["layout"]["name"] == "The big cave"


def test_the_smaller_cave_variant_plays_on_the_small_layout():
    load_default_data()
    resolved = resolve_options({"clock": 0, "variant": "small", "layout": "standard"})
    assert resolved["layout"]["key"] == "small"
    assert engine.validate_options(2, resolved) == []
    state = engine.new_game(2, resolved, seed=3)
    assert len(engine.view(state, 0)["board"]) == 36
    # the engine's own default for the variant is the same layout
    assert engine.new_game(2, {"variant": "small"}, seed=3)["layout"]["key"] == "small"


def test_table_options_list_the_saved_layouts():
    load_default_data()
    PyramidLayout.objects.create(key="zz-custom", name="Custom", data=_standard_body())
    options = {o["name"]: o for o in table_options()}
    assert options["variant"]["choices"] == engine.OPTIONS[0]["choices"]
    layout = options["layout"]
    assert layout["default"] == "standard"
    assert [c[0] for c in layout["choices"]][0] == "standard"
    assert "zz-custom" in [c[0] for c in layout["choices"]]
    spec = get_game("alibaba_tiles")
    cleaned = clean_table_options(spec, {"clock": "0", "variant": "lamp", "layout": "zz-custom"})
    assert cleaned == {"clock": 0, "variant": "lamp", "layout": "zz-custom"}
    with pytest.raises(ValueError):
        clean_table_options(spec, {"layout": "nowhere"})


def test_the_game_is_registered():
    spec = get_game("alibaba_tiles")
    assert str(spec.name) == "Ali Baba's treasure cave"
    assert (spec.min_players, spec.max_players) == (2, 4)
    assert spec.engine is engine
    assert spec.template == "alibaba_tiles/match.html"
    assert spec.bots and set(spec.bot_labels) == set(spec.bots)
    assert spec.load_default_data is load_default_data
    assert spec.resolve_options is resolve_options
