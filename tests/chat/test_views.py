"""The chat on the match pages and in the replay, at each message's moment."""
import pytest

from chat import services
from tests.chat.helpers import make_match, play_one_action, play_to_end
from tests.factories import UserFactory
from tests.page_strings import page_strings

pytestmark = pytest.mark.django_db


def finished_match_with_chat(private=False):
    """A match with a message in each channel at version 0, a players' one at version 1, then played out."""
    match, users = make_match(private=private)
    watcher = UserFactory()
    services.chat_post(match.pk, users[0], "hello table")
    if not private:
        services.chat_post(match.pk, watcher, "hello watchers")
    play_one_action(match.pk)
    services.chat_post(match.pk, users[1], "nice move")
    return play_to_end(match.pk), users, watcher


def chat_of(client, match):
    response = client.get(f"/matches/{match.pk}/replay.json")
    assert response.status_code == 200
    return [(m["text"], m["channel"], m["version"]) for m in response.json()["chat"]]


def test_the_replay_gives_a_player_both_channels_at_their_versions(client):
    match, users, _ = finished_match_with_chat()
    client.force_login(users[0])
    assert chat_of(client, match) == [
        ("hello table", "players", 0),
        ("hello watchers", "spectators", 0),
        ("nice move", "players", 1),
    ]


def test_the_replay_gives_a_spectator_only_the_spectators_channel(client):
    match, _, watcher = finished_match_with_chat()
    client.force_login(watcher)
    assert chat_of(client, match) == [("hello watchers", "spectators", 0)]
    client.logout()
    assert chat_of(client, match) == [("hello watchers", "spectators", 0)]


def test_the_replay_of_a_private_match_shows_its_chat_to_its_players_alone(client):
    match, users, _ = finished_match_with_chat(private=True)
    client.force_login(UserFactory())
    # someone who did not sit in a private match gets no replay at all, chat included
    assert client.get(f"/matches/{match.pk}/replay.json").status_code == 404
    client.force_login(users[1])
    assert [text for text, _, _ in chat_of(client, match)] == ["hello table", "nice move"]


def test_the_replay_leaves_out_muted_authors(client):
    match, users, _ = finished_match_with_chat()
    services.chat_mute(users[0], users[1].username)
    client.force_login(users[0])
    assert "nice move" not in [text for text, _, _ in chat_of(client, match)]


def test_the_match_page_shows_the_readers_channel(client):
    match, users = make_match()
    client.force_login(users[0])
    html = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'id="chat-panel"' in html and "Players' chat" in html and 'data-mode="live"' in html
    client.force_login(UserFactory())
    html = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Spectators' chat" in html and 'maxlength="300"' in html


def test_the_replay_page_has_a_read_only_chat(client):
    match, users, _ = finished_match_with_chat()
    html = client.get(f"/matches/{match.pk}/replay/").content.decode()
    assert 'data-mode="replay"' in html and 'data-testid="chat-input"' not in html


def test_the_chat_panel_speaks_french(client):
    match, users = make_match()
    client.force_login(users[0])
    client.cookies["django_language"] = "fr"
    html = client.get(f"/matches/{match.pk}/").content.decode()
    assert "Discussion des joueurs" in html and "Envoyer" in html
    # the script's words (chat_strings.js) come from the catalogue the page names, in French
    assert 'data-catalog="/jsi18n/?language=fr"' in html
    assert page_strings("chat/static/chat/chat_strings.js", "CHAT", "fr")["mute"] == "rendre muet"
