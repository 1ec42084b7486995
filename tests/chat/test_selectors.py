"""Who reads which channel, live and in the replay."""
import pytest

from chat import selectors, services
from tests.chat.helpers import make_match, play_to_end
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_players_read_the_players_channel_and_spectators_theirs_while_the_match_runs():
    match, users = make_match()
    assert selectors.readable_channels(match, users[0]) == ["players"]
    assert selectors.readable_channels(match, UserFactory()) == ["spectators"]


def test_after_the_end_players_also_read_the_spectators():
    match, users = make_match()
    match = play_to_end(match.pk)
    assert selectors.readable_channels(match, users[1]) == ["players", "spectators"]
    assert selectors.readable_channels(match, UserFactory()) == ["spectators"]


def test_strangers_read_nothing_of_a_private_match():
    match, _ = make_match(private=True)
    assert selectors.readable_channels(match, UserFactory()) == []


def test_recent_messages_leave_out_muted_authors():
    match, users = make_match()
    services.chat_post(match.pk, users[0], "from zero")
    services.chat_post(match.pk, users[1], "from one")
    services.chat_mute(users[0], users[1].username)
    assert [m["text"] for m in selectors.recent_messages(match.pk, "players", users[0])] == ["from zero"]
    assert [m["text"] for m in selectors.recent_messages(match.pk, "players", users[1])] == ["from zero", "from one"]
