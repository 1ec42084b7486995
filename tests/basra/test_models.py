"""Basra's game data in the database: refused by the engine's own checks with its messages, seeded from
engine/data, drawn in the admin, and handed to the engine by resolve_options."""
import copy
import json

import pytest
from django.contrib.admin.sites import site
from django.core.exceptions import ValidationError

from basra import engine
from basra.admin import BoardAdmin
from basra.board_svg import board_svg
from basra.engine.data_files import load
from basra.game import resolve_options
from basra.gamedata import load_default_data
from basra.models import Board, CardSet, PriceTable
from matches.registry import default_table_options, get_game

pytestmark = pytest.mark.django_db


def _board_body():
    body = copy.deepcopy(load("board"))
    body.pop("key"), body.pop("name")
    return body


def _board_form(data, instance=None):
    Form = BoardAdmin(Board, site).get_form(None, instance)
    return Form(data=data, instance=instance)


def test_the_shipped_data_is_seeded_and_valid():
    load_default_data()
    assert Board.objects.get(key="basra").name == "Basra"
    for model in (Board, PriceTable, CardSet):
        for row in model.objects.all():
            row.full_clean()
    assert CardSet.objects.get(key="basra").data["destiny_table"] == load("cards")["destiny_table"]


def test_seeding_twice_changes_nothing():
    load_default_data()
    load_default_data()
    assert Board.objects.count() == 1 and PriceTable.objects.count() == 1 and CardSet.objects.count() == 1


def test_a_board_whose_branch_is_short_is_refused_with_the_engines_reason():
    body = _board_body()
    body["branches"][0]["spaces"] = body["branches"][0]["spaces"][:2]
    board = Board(key="short", name="Short", data=body)
    with pytest.raises(ValidationError) as refused:
        board.full_clean()
    assert refused.value.message_dict["data"] == [
        "Junction 1: its branch has 2 spaces but skips 3 (a branch must be as long as what it skips)."
    ]


def test_a_route_that_is_not_52_steps_is_refused_and_says_how_many():
    body = _board_body()
    # one main space fewer: every route is one step short
    dropped = body["route"].pop(30)
    body["spaces"] = [s for s in body["spaces"] if s["id"] != dropped]
    form = _board_form({"key": "short-route", "name": "Short route", "data": json.dumps(body)})
    assert not form.is_valid()
    assert any("not 52" in message and "51" in message for message in form.errors["data"])
    assert not Board.objects.filter(key="short-route").exists()


def test_the_admin_saves_a_valid_board_and_previews_it_as_svg():
    form = _board_form({"key": "copy", "name": "Copy of Basra", "data": json.dumps(_board_body())})
    assert form.is_valid(), form.errors
    board = form.save()
    svg = BoardAdmin(Board, site).preview(board)
    assert svg.startswith("<svg") and svg.count("<rect") >= 61
    assert board_svg({"spaces": "broken"}) == ""


def test_price_tables_and_card_sets_are_checked():
    prices = PriceTable(key="bad", name="Bad", data={"quarters": {"1": {"swindlers": 40}}})
    with pytest.raises(ValidationError) as refused:
        prices.full_clean()
    assert "The price table needs \"quarters\" 1 to 4." in refused.value.message_dict["data"]
    cards = copy.deepcopy(load("cards"))
    cards["destiny_table"][0][0] = cards["destiny_table"][0][1]
    with pytest.raises(ValidationError) as refused:
        CardSet(key="bad", name="Bad", data=cards).full_clean()
    assert refused.value.message_dict["data"] == ["The Destiny Table must be 6 rows of 6 numbers holding 1 to 36 once each."]


def test_resolve_options_keeps_the_shipped_data_as_the_engines_default():
    load_default_data()
    resolved = resolve_options(default_table_options(get_game("basra")))
    assert not {"board", "prices", "cards"} & set(resolved)
    assert engine.validate_options(3, resolved) == []


def test_resolve_options_hands_the_engine_a_saved_board_the_host_picked():
    body = _board_body()
    body["spaces"] = [dict(s, type="empty") if s["type"] == "chance" else s for s in body["spaces"]]
    Board.objects.create(key="quiet", name="Quiet Basra", data=body)
    prices = {"quarters": {q: {g: 50 for g in ("swindlers", "thieves", "defrauders", "robbers")} for q in "1234"}}
    PriceTable.objects.create(key="flat", name="Flat", data=prices)
    options = dict(default_table_options(get_game("basra")), board="quiet", prices="flat")
    resolved = resolve_options(options)
    assert resolved["board"]["name"] == "Quiet Basra" and resolved["prices"] == prices
    state = engine.new_game(3, resolved, 1, 0.0)
    assert all(s["type"] != "chance" for s in state["data"]["board"]["spaces"])


def test_resolve_options_refuses_an_unknown_board():
    with pytest.raises(ValueError):
        resolve_options({"board": "nowhere"})


def test_the_board_admin_page_loads_the_live_preview(admin_client):
    load_default_data()
    board = Board.objects.get(key="basra")
    page = admin_client.get(f"/admin/basra/board/{board.pk}/change/").content.decode()
    assert "basra/admin_board_preview.js" in page and 'data-testid="board-preview"' in page
