"""Sidi Baba on the site: its registry entry, its table options read from the database, its roles in the
lobby, every label and refusal in the French catalogue, and load_game_data."""
import re

import pytest
from django.core.management import call_command
from django.utils import translation

from lobby.models import Table
from matches.registry import clean_table_options, default_table_options, get_game, table_options
from sidibaba import engine
from sidibaba.bots import BOT_LABELS, BOTS
from sidibaba.engine.messages import MESSAGES
from sidibaba.game import ENGINE_MESSAGES, TRANSLATABLE_LABELS
from sidibaba.gamedata import load_default_data, split_maze
from sidibaba.models import Maze
from tests.factories import UserFactory


def test_sidibaba_is_registered_with_its_page_roles_and_bots():
    spec = get_game("sidibaba")
    assert spec.engine is engine
    assert (spec.min_players, spec.max_players) == (3, 7)
    assert spec.template == "sidibaba/match.html"
    assert spec.role_labels == {"leader": "Leader of the Thieves", "adventurer": "Adventurer"}
    assert spec.bots is BOTS and spec.bot_labels == BOT_LABELS
    assert str(spec.name) == "Sidi Baba"


@pytest.mark.django_db
def test_the_maze_choice_lists_the_saved_mazes_with_the_leader_first():
    load_default_data()
    Maze.objects.create(key="new-one", name="A new one", data=split_maze(engine.default_mazes()[0])[2])
    options = {o["name"]: o for o in table_options(get_game("sidibaba"))}
    assert [c[0] for c in options["maze"]["choices"]] == ["leader", "grotto", "vaults", "halls", "coils", "new-one"]
    assert options["segment_seconds"]["min"] == 60 and options["segment_seconds"]["max"] == 300
    assert options["segment_seconds"]["clock"] is True
    assert default_table_options(get_game("sidibaba")) == {"segment_seconds": 180, "maze": "leader"}


@pytest.mark.django_db
def test_the_table_form_coerces_and_bounds_the_lamp_and_the_maze():
    load_default_data()
    spec = get_game("sidibaba")
    assert clean_table_options(spec, {"segment_seconds": "60", "maze": "coils"}) == {"segment_seconds": 60, "maze": "coils"}
    for bad in ({"segment_seconds": "59"}, {"segment_seconds": "301"}, {"maze": "nowhere"}):
        with pytest.raises(ValueError):
            clean_table_options(spec, bad)


@pytest.mark.django_db
def test_the_lobby_names_the_leader_and_the_adventurers_in_french(client):
    load_default_data()
    host = UserFactory()
    client.force_login(host)
    client.post("/tables/new/", {"game": "sidibaba", "seats": "4", "segment_seconds": "120", "maze": "halls"})
    table = Table.objects.get(game="sidibaba")
    assert table.options == {"segment_seconds": 120, "maze": "halls"}
    client.cookies["django_language"] = "fr"
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert re.findall(r'data-testid="seat-role">([^<]*)<', page) == ["Chef des voleurs"] + ["Aventurier"] * 3


def test_every_refusal_of_the_engine_is_marked_for_translation():
    assert sorted(ENGINE_MESSAGES) == sorted(MESSAGES)


def test_every_label_the_game_shows_is_marked_for_translation():
    spec = get_game("sidibaba")
    shown = {o["label"] for o in engine.OPTIONS} | {label for o in engine.OPTIONS for _v, label in o.get("choices", [])}
    shown |= set(spec.role_labels.values()) | set(spec.bot_labels.values())
    assert shown <= set(TRANSLATABLE_LABELS)


def test_every_label_and_refusal_has_its_french():
    same_in_french = {"Sidi Baba", "Expert"}
    with translation.override("fr"):
        missing = [s for s in TRANSLATABLE_LABELS + ENGINE_MESSAGES
                   if s not in same_in_french and translation.gettext(s) == s]
    assert missing == []


@pytest.mark.django_db
def test_load_game_data_loads_the_mazes():
    Maze.objects.all().delete()
    call_command("load_game_data", verbosity=0)
    assert {m.key: m.engine_data() for m in Maze.objects.all()} == {m["key"]: m for m in engine.default_mazes()}
