"""Posting, muting and reporting: who speaks where, and every refusal changes nothing."""
import pytest
from django.test import override_settings
from django.utils import translation

from chat import services
from chat.models import ChatMessage, ChatMute, ChatReport
from chat.services import ChatError
from people import blocking
from tests.chat.helpers import make_match, play_one_action, play_to_end
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def refused(code, call, *args, **kwargs):
    with pytest.raises(ChatError) as caught:
        call(*args, **kwargs)
    assert caught.value.code == code and caught.value.message
    return caught.value


def test_a_seated_person_posts_in_the_players_channel_with_their_seat():
    match, users = make_match()
    message = services.chat_post(match.pk, users[1], "good luck")
    assert (message.channel, message.seat, message.author, message.text) == ("players", 1, users[1], "good luck")


def test_anyone_else_posts_in_the_spectators_channel_without_a_seat():
    match, _ = make_match()
    watcher = UserFactory()
    message = services.chat_post(match.pk, watcher, "nice move")
    assert (message.channel, message.seat) == ("spectators", None)


def test_a_message_keeps_the_match_version_and_server_time_it_was_posted_at():
    match, users = make_match()
    play_one_action(match.pk)
    message = services.chat_post(match.pk, users[0], "there", now=1234.5)
    assert message.version == 1 and message.server_time == 1234.5


def test_a_private_match_is_only_for_those_seated():
    match, users = make_match(private=True)
    refused("chat_forbidden", services.chat_post, match.pk, UserFactory(), "let me in")
    assert not ChatMessage.objects.exists()
    assert services.chat_post(match.pk, users[0], "just us").channel == "players"


def test_a_person_a_player_blocked_cannot_chat_at_that_match_and_nothing_is_kept():
    match, users = make_match()
    watcher = UserFactory()
    blocking.block(users[0], watcher.username)
    blocking.block(users[0], users[1].username)
    with translation.override("en"):
        assert "blocked you" in refused("chat_blocked", services.chat_post, match.pk, watcher, "hello").message
        refused("chat_blocked", services.chat_post, match.pk, users[1], "hello")
    assert not ChatMessage.objects.exists()
    services.chat_post(match.pk, users[0], "the blocker still speaks")
    blocking.unblock(users[0], watcher.username)
    services.chat_post(match.pk, watcher, "hello again")
    assert ChatMessage.objects.count() == 2


def test_an_unknown_match_is_refused():
    refused("chat_forbidden", services.chat_post, 999999, UserFactory(), "hello?")


def test_an_empty_message_is_refused():
    match, users = make_match()
    for text in ["", "   ", "\n\t", "\x00\x07\u202e"]:
        refused("chat_empty", services.chat_post, match.pk, users[0], text)
    assert not ChatMessage.objects.exists()


def test_a_message_that_is_not_text_is_refused():
    match, users = make_match()
    for text in [None, 12, ["a"], {"text": "a"}]:
        refused("malformed", services.chat_post, match.pk, users[0], text)
    assert not ChatMessage.objects.exists()


def test_control_characters_are_stripped_and_line_breaks_become_spaces():
    match, users = make_match()
    message = services.chat_post(match.pk, users[0], "  a\x00b\x1b[31mc\u202ed\r\ne\x7f  ")
    assert message.text == "ab[31mcd  e"


def test_emoji_sequences_survive_the_cleaning():
    match, users = make_match()
    family = "\U0001F468\u200D\U0001F469\u200D\U0001F467 gg"
    assert services.chat_post(match.pk, users[0], family).text == family


@override_settings(CHAT_MAX_LENGTH=10)
def test_a_message_over_the_length_cap_is_refused():
    match, users = make_match()
    assert services.chat_post(match.pk, users[0], "x" * 10).text == "x" * 10
    error = refused("chat_too_long", services.chat_post, match.pk, users[0], "x" * 11)
    assert "10" in error.message
    assert ChatMessage.objects.count() == 1


def test_html_is_kept_as_plain_text():
    match, users = make_match()
    text = '<img src=x onerror="alert(1)"> & <b>bold</b>'
    assert services.chat_post(match.pk, users[0], text).text == text


@override_settings(CHAT_RATE_MESSAGES=3, CHAT_RATE_SECONDS=10)
def test_the_rate_limit_counts_per_person_and_match_and_lets_the_window_slide():
    match, users = make_match()
    other, other_users = make_match()
    for i in range(3):
        services.chat_post(match.pk, users[0], f"m{i}", now=1000.0 + i)
    refused("chat_rate", services.chat_post, match.pk, users[0], "one too many", now=1005.0)
    assert ChatMessage.objects.filter(match=match).count() == 3
    # Someone else at the same table, and the same person at another table, are counted apart.
    services.chat_post(match.pk, users[1], "me too", now=1005.0)
    services.chat_post(other.pk, users[0], "elsewhere", now=1005.0)
    # Just past the clock's window, the last 10 s still hold the burst: refused; once they no longer do, allowed.
    refused("chat_rate", services.chat_post, match.pk, users[0], "just after", now=1010.5)
    services.chat_post(match.pk, users[0], "later", now=1021.0)


@override_settings(CHAT_RATE_MESSAGES=5, CHAT_RATE_SECONDS=10)
def test_a_flood_across_the_edge_of_the_clocks_window_is_refused():
    """Seven messages in two seconds, three before a multiple of 10 s and four after: some are refused (a
    window fixed to the clock counted 3 and 4 and let all seven through)."""
    match, users = make_match()
    accepted = 0
    for i in range(7):
        try:
            services.chat_post(match.pk, users[0], f"flood {i}", now=1008.5 + i * 0.3)
            accepted += 1
        except ChatError as exc:
            assert exc.code == "chat_rate"
    assert accepted == 5
    assert ChatMessage.objects.filter(match=match).count() == 5


@override_settings(CHAT_RATE_MESSAGES=1, CHAT_RATE_SECONDS=10)
def test_the_rate_limit_message_agrees_with_its_number():
    match, users = make_match()
    services.chat_post(match.pk, users[0], "once", now=1000.0)
    with pytest.raises(ChatError, match="at most 1 message every 10 seconds"):
        services.chat_post(match.pk, users[0], "twice", now=1001.0)
    with translation.override("fr"), pytest.raises(ChatError, match="au plus 1 message toutes"):
        services.chat_post(match.pk, users[0], "thrice", now=1002.0)


def test_mute_and_unmute_by_name():
    _, users = make_match()
    assert services.chat_mute(users[0], users[1].username) == users[1].pk
    services.chat_mute(users[0], users[1].username)  # twice is once
    assert list(ChatMute.objects.values_list("user", "muted")) == [(users[0].pk, users[1].pk)]
    services.chat_unmute(users[0], users[1].username)
    assert not ChatMute.objects.exists()


def test_muting_nobody_or_oneself_is_refused():
    _, users = make_match()
    refused("chat_unknown_user", services.chat_mute, users[0], "nobody-by-that-name")
    refused("chat_unknown_user", services.chat_mute, users[0], None)
    refused("chat_bad_mute", services.chat_mute, users[0], users[0].username)
    assert not ChatMute.objects.exists()


def test_a_player_reports_a_players_message_once():
    match, users = make_match()
    message = services.chat_post(match.pk, users[1], "rude words")
    report = services.chat_report(users[0], message.pk, "  insults\x00 ")
    assert (report.message, report.reporter, report.reason, report.handled) == (message, users[0], "insults", False)
    refused("chat_already_reported", services.chat_report, users[0], message.pk, "again")
    assert ChatReport.objects.count() == 1


def test_a_spectator_cannot_report_what_the_players_say_during_the_match():
    match, users = make_match()
    message = services.chat_post(match.pk, users[1], "between us")
    refused("chat_unknown_message", services.chat_report, UserFactory(), message.pk, "")
    assert not ChatReport.objects.exists()


def test_a_player_may_report_a_spectators_message_once_the_match_is_over():
    match, users = make_match()
    message = services.chat_post(match.pk, UserFactory(), "spectator talk")
    refused("chat_unknown_message", services.chat_report, users[0], message.pk, "")
    play_to_end(match.pk)
    assert services.chat_report(users[0], message.pk, "").message == message


def test_reporting_ones_own_or_an_unknown_message_is_refused():
    match, users = make_match()
    message = services.chat_post(match.pk, users[0], "mine")
    refused("chat_bad_report", services.chat_report, users[0], message.pk, "")
    refused("chat_unknown_message", services.chat_report, users[1], 999999, "")
    refused("malformed", services.chat_report, users[1], "12", "")
    refused("malformed", services.chat_report, users[1], True, "")
    assert not ChatReport.objects.exists()


# --- issue 20, finding 3: text the database or an encoder would refuse --------------------------


def test_a_lone_surrogate_or_a_nul_is_taken_out_of_a_message():
    match, (alice, _bob) = make_match()
    assert services.chat_post(match.pk, alice, "a\ud800b\x00c").text == "abc"
    assert services.clean_text("\udfff") == ""


@pytest.mark.parametrize("name", ["\ud800", "bob\x00", "\x00"])
def test_muting_a_name_no_account_can_have_is_an_unknown_user(name):
    _match, (alice, _bob) = make_match()
    error = refused("chat_unknown_user", services.chat_mute, alice, name)
    error.message.encode("utf-8")  # the answer quotes the name in text every encoder takes
    refused("chat_unknown_user", services.chat_unmute, alice, name)
