"""Sidi Baba's mazes in the database: the engine's refusals surface as form errors (in the reader's
language), the shipped mazes are seeded, and resolve_options hands the engine the saved mazes."""
import copy
import json

import pytest
from django.contrib.admin.sites import site
from django.core.exceptions import ValidationError
from django.utils import translation

from sidibaba import engine
from sidibaba.admin import MazeAdmin
from sidibaba.game import resolve_options
from sidibaba.gamedata import load_default_data, split_maze
from sidibaba.maze_reasons import translate_maze_error
from sidibaba.models import Maze

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def in_english():
    """The reasons are asserted in English unless a test says otherwise (an earlier request may leave French active)."""
    with translation.override("en"):
        yield


@pytest.fixture(autouse=True)
def shipped_mazes():
    """The seeded mazes (a transactional test elsewhere may have emptied the tables since the migration)."""
    load_default_data()


def _grotto_body():
    return copy.deepcopy(split_maze(engine.default_mazes()[0])[2])


def _walled_off(body):
    """The grotto with square 7,7 shut in by walls on its two open sides (7,7 is "W"; 7,6 is "EW")."""
    body = copy.deepcopy(body)
    last = body["cells"][7].split(" ")
    assert last[6:] == ["EW", "W"]
    body["cells"][7] = " ".join(last[:6] + ["W", "."])
    return body


def _maze_form(data, instance=None):
    Form = MazeAdmin(Maze, site).get_form(None, instance)
    return Form(data=data, instance=instance)


def test_the_four_shipped_mazes_are_seeded_and_valid():
    assert sorted(Maze.objects.values_list("key", flat=True)) == ["coils", "grotto", "halls", "vaults"]
    for row in Maze.objects.all():
        row.full_clean()


def test_load_default_data_is_idempotent_and_repairs_an_edited_default():
    Maze.objects.filter(key="grotto").update(name="Renamed", data={"rows": 5})
    load_default_data()
    load_default_data()
    assert Maze.objects.count() == 4
    for maze in engine.default_mazes():
        assert Maze.objects.get(key=maze["key"]).engine_data() == maze


def test_an_unreachable_square_is_refused_with_the_engines_reason():
    with pytest.raises(ValidationError) as refused:
        Maze(key="shut", name="Shut", data=_walled_off(_grotto_body())).full_clean()
    assert refused.value.message_dict["data"] == ["1 squares cannot be reached from the entrances."]


def test_the_admin_form_refuses_a_maze_too_small_and_saves_nothing():
    body = {"rows": 4, "cols": 4, "cells": ["E W . ."] * 4, "openings": [[0, 0, "N"], [3, 3, "S"]]}
    form = _maze_form({"key": "tiny", "name": "Tiny", "data": json.dumps(body)})
    assert not form.is_valid()
    assert form.errors["data"] == ["A maze is 5x5 to 12x12 squares."]
    assert not Maze.objects.filter(key="tiny").exists()


def test_the_engines_reason_is_shown_in_french():
    body = _grotto_body()
    body["openings"] = [[0, 3, "N"]]
    with translation.override("fr"):
        form = _maze_form({"key": "one-door", "name": "One door", "data": json.dumps(body)})
        assert not form.is_valid()
        assert form.errors["data"] == ["Un labyrinthe a de 2 à 4 ouvertures."]


def test_a_maze_may_not_take_the_key_that_means_the_leader_chooses():
    form = _maze_form({"key": "leader", "name": "Mine", "data": json.dumps(_grotto_body())})
    assert not form.is_valid()
    assert "key" in form.errors and "data" not in form.errors


def test_a_good_maze_is_saved_through_the_admin_form():
    body = _grotto_body()
    body["openings"].append([3, 0, "W"])
    form = _maze_form({"key": "three-doors", "name": "Three doors", "data": json.dumps(body)})
    assert form.is_valid(), form.errors
    form.save()
    assert Maze.objects.get(key="three-doors").engine_data() == dict(body, key="three-doors", name="Three doors")


@pytest.mark.parametrize("body, english", [
    ({"rows": 8}, "A maze needs rows, cols, cells and openings."),
    ({"rows": "8", "cols": 8, "cells": [], "openings": []}, "Rows and columns must be whole numbers."),
    ({"rows": 5, "cols": 5, "cells": [], "openings": []}, "The maze needs 5 rows of cells."),
    ({"rows": 5, "cols": 5, "cells": [". ."] + [". . . . ."] * 4, "openings": []}, "Row 0 needs 5 cells."),
    ({"rows": 5, "cols": 5, "cells": ["X . . . ."] + [". . . . ."] * 4, "openings": []},
     "Cell 0,0: sides are written with N, E, S, W."),
    ({"rows": 5, "cols": 5, "cells": ["N . . . ."] + [". . . . ."] * 4, "openings": []},
     "Cell 0,0 opens N through the outer wall: list it under openings."),
    ({"rows": 5, "cols": 5, "cells": ["E . . . ."] + [". . . . ."] * 4, "openings": []},
     "The wall between 0,0 and 0,1 is open on one side only."),
    ({"rows": 5, "cols": 5, "cells": [". . . . ."] * 5, "openings": [[0, 0, "N"], "x"]}, "An opening is [row, column, side]."),
    ({"rows": 5, "cols": 5, "cells": [". . . . ."] * 5, "openings": [[0, 0, "N"], [9, 0, "N"]]},
     "Opening 9,0 lies outside the maze."),
    ({"rows": 5, "cols": 5, "cells": [". . . . ."] * 5, "openings": [[0, 0, "N"], [2, 2, "N"]]},
     "Opening 2,2,N is not in the outer wall."),
    ({"rows": 5, "cols": 5, "cells": [". . . . ."] * 5, "openings": [[0, 0, "N"], [0, 0, "N"]]},
     "Opening 0,0,N is listed twice."),
])
def test_every_maze_reason_of_the_engine_has_a_french_sentence(body, english):
    assert english in engine.validate_maze(body)
    assert translate_maze_error(english) == english
    with translation.override("fr"):
        french = translate_maze_error(english)
    assert french != english


def test_resolve_options_gives_the_engine_the_chosen_maze_from_the_database():
    body = _grotto_body()
    body["openings"].append([3, 0, "W"])
    Maze.objects.create(key="three-doors", name="Three doors", data=body)
    resolved = resolve_options({"segment_seconds": 60, "maze": "three-doors"})
    assert resolved["maze_data"] == dict(body, key="three-doors", name="Three doors")
    assert resolved["segment_seconds"] == 60
    assert engine.validate_options(4, resolved) == []
    state = engine.new_game(4, resolved, 5, 0.0)
    assert state["maze"]["key"] == "three-doors" and len(state["maze"]["openings"]) == 3


def test_resolve_options_offers_every_saved_maze_when_the_leader_chooses():
    Maze.objects.create(key="three-doors", name="Three doors", data=dict(_grotto_body(), openings=[
        [0, 3, "N"], [7, 4, "S"], [3, 0, "W"]]))
    resolved = resolve_options({"segment_seconds": 180, "maze": "leader"})
    assert "maze_data" not in resolved
    assert [m["key"] for m in resolved["maze_choices"]] == ["grotto", "vaults", "halls", "coils", "three-doors"]
    state = engine.new_game(3, resolved, 5, 0.0)
    [choose] = [a for a in engine.legal_actions(state, 0) if a["type"] == "choose_maze"]
    assert choose["maze"]["one_of"] == ["grotto", "vaults", "halls", "coils", "three-doors"]


def test_resolve_options_refuses_a_maze_that_is_not_saved():
    with pytest.raises(ValueError):
        resolve_options({"segment_seconds": 180, "maze": "gone"})
