"""The how-to-play pages: the player-facing part of docs/rules, in the reader's language."""
import pytest
from django.urls import reverse

from matches.rules import END, START, how_to_play_html, how_to_play_markdown

GAMES = ["alibaba_tiles", "basra", "sidibaba"]


def test_only_the_part_between_the_markers_is_for_players():
    text = f"# Title\n\nintro\n{START}\n## How to play\nplay well\n{END}\n## Reference\nengine details"
    assert how_to_play_markdown(text) == "## How to play\nplay well"


def test_a_file_without_markers_is_shown_whole():
    assert how_to_play_markdown("## Rules\nall of it\n") == "## Rules\nall of it"


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_its_how_to_play_in_english_and_french_with_figures(game):
    english = how_to_play_html(game, "en")
    french = how_to_play_html(game, "fr")
    assert "<h2>How to play</h2>" in english and "<h2>Comment jouer</h2>" in french
    # the engine reference stays out of the players' page
    assert "legal_actions" not in english and "Decision" not in english
    assert 'class="rules-figure"' in english and english.count("data-figure=") == french.count("data-figure=")


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_page_speaks_the_readers_language(client, game):
    url = reverse("rules", args=[game])
    assert "How to play" in client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Comment jouer" in page and f"{game}/rules_figures" not in page
    assert 'data-testid="figure-' not in page  # the pictures are drawn in the browser, by the game's renderer


@pytest.mark.django_db
def test_an_unknown_game_has_no_rules_page(client):
    assert client.get("/rules/chess/").status_code == 404


@pytest.mark.django_db
def test_the_lobby_links_every_game_to_its_rules(client):
    page = client.get(reverse("lobby:home")).content.decode()
    for game in GAMES:
        assert f'href="{reverse("rules", args=[game])}"' in page
