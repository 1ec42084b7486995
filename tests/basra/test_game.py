"""Basra in the registry: its name, players, options with the saved data, bots, and load_game_data."""
import pytest
from django.core.management import call_command
from django.utils import translation

from basra import engine
from basra.game import ENGINE_MESSAGES, TRANSLATABLE_LABELS
from basra.models import Board, CardSet, PriceTable
from matches.registry import get_game, table_options
from tests.page_strings import page_strings

pytestmark = pytest.mark.django_db


def test_basra_is_registered_for_two_to_six_players():
    spec = get_game("basra")
    assert str(spec.name) == "Ali Baba in Basra"
    assert (spec.min_players, spec.max_players) == (2, 6)
    assert spec.engine is engine
    assert set(spec.bots) == {"random", "merchant", "expert", "master"} and spec.bot_labels["merchant"] == "Merchant"
    assert spec.template == "basra/match.html"


def test_the_table_options_are_the_engines_plus_the_saved_data():
    Board.objects.create(key="other", name="Another Basra", data={})
    options = {o["name"]: o for o in table_options(get_game("basra"))}
    assert [o["name"] for o in engine.OPTIONS] == list(options)[: len(engine.OPTIONS)]
    assert options["board"]["choices"][0][0] == "basra"  # the shipped board first, then the others
    assert ["other", "Another Basra"] in options["board"]["choices"]
    assert {"prices", "cards"} <= set(options)


def test_labels_and_refusals_are_in_french():
    with translation.override("fr"):
        assert translation.gettext("Ali Baba in Basra") == "Ali Baba à Bassora"
        for text in TRANSLATABLE_LABELS + ENGINE_MESSAGES:
            assert translation.gettext(text) != text or text in ("Standard", "Expert"), text  # the same words in French


def test_load_game_data_loads_basra():
    Board.objects.all().delete()
    PriceTable.objects.all().delete()
    CardSet.objects.all().delete()
    call_command("load_game_data")
    assert Board.objects.filter(key="basra").exists()
    assert PriceTable.objects.filter(key="basra").exists()
    assert CardSet.objects.filter(key="basra").exists()


def test_the_match_page_draws_with_the_games_data(client):
    from matches import services
    from tests.factories import UserFactory

    users = [UserFactory(), UserFactory()]
    match = services.create_match("basra", [services.SeatSpec(user=u) for u in users], {}, seed=3)
    client.force_login(users[0])
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'id="basra-data"' in page and "destiny_table" in page
    assert 'type="module" src="/static/basra/basra_page.js"' in page and 'data-renderer="main"' in page


def test_the_match_pages_strings_are_french_for_a_french_reader(client):
    from matches import services
    from tests.factories import UserFactory

    users = [UserFactory(), UserFactory()]
    match = services.create_match("basra", [services.SeatSpec(user=u) for u in users], {}, seed=3)
    client.force_login(users[0])
    page = client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    # the page names the French catalogue, where its script's strings (basra_strings.js) are French
    assert 'data-catalog="/jsi18n/?language=fr"' in page and "basra_page.js" in page
    strings = page_strings("basra/static/basra/basra_strings.js", "BASRA", "fr")
    assert "Table du Destin" in strings.values() and "a acheté {card} pour {price}" in strings.values()
