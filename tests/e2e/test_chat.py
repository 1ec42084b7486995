"""Two people at one table chat live; a third watches, talks with the spectators and never reads the players."""
import re
import uuid

import pytest

from tests.e2e.conftest import manage
from tests.e2e.helpers import signup, simulated_match_ids

pytestmark = pytest.mark.e2e


def _say(page, text):
    page.fill("[data-testid=chat-input]", text)
    page.click("[data-testid=chat-send]")


def _messages(page):
    return page.locator("[data-testid=chat-message] .chat-text").all_text_contents()


def _wait_for_message(page, text):
    page.wait_for_function(
        "text => [...document.querySelectorAll('[data-testid=chat-message] .chat-text')].some(e => e.textContent === text)",
        arg=text,
    )


@pytest.mark.default_mode
def test_players_chat_live_and_a_spectator_does_not_read_them(live_server_url, new_page):
    suffix = uuid.uuid4().hex[:6]
    host = signup(new_page(), live_server_url, f"chost{suffix}")
    guest = signup(new_page(), live_server_url, f"cguest{suffix}")
    watcher = signup(new_page(), live_server_url, f"cwatch{suffix}")

    host.goto(live_server_url + "/")
    host.select_option("select[name=game]", "alibaba_tiles")
    host.fill("input[name=seats]", "2")
    host.fill("input[name=clock]", "0")
    host.click("[data-testid=create-table]")
    host.wait_for_url(re.compile(r"/tables/\d+/$"))
    guest.goto(host.url)
    guest.click("[data-testid=join-seat] >> nth=0")
    host.wait_for_selector(f"text=cguest{suffix}")
    host.click("[data-testid=start]")
    host.wait_for_url(re.compile(r"/matches/\d+/$"))
    guest.wait_for_url(re.compile(r"/matches/\d+/$"))
    watcher.goto(host.url)
    for page in (host, guest, watcher):
        page.wait_for_function("window.__lastFrame")
    assert "Players' chat" in host.inner_text("[data-testid=chat-panel]")
    assert "Spectators' chat" in watcher.inner_text("[data-testid=chat-panel]")

    # The players talk: both read it at once; markup stays text.
    _say(host, "good luck <b>both</b>")
    _wait_for_message(guest, "good luck <b>both</b>")
    _wait_for_message(host, "good luck <b>both</b>")
    assert guest.locator("[data-testid=chat-messages] b").count() == 0
    _say(guest, "you too")
    _wait_for_message(host, "you too")

    # The spectator talks among spectators.
    _say(watcher, "who will win?")
    _wait_for_message(watcher, "who will win?")
    host.wait_for_timeout(500)
    assert _messages(watcher) == ["who will win?"]
    assert _messages(host) == ["good luck <b>both</b>", "you too"]
    assert _messages(guest) == ["good luck <b>both</b>", "you too"]

    # Reloading brings the history back: each reader's own channel only.
    watcher.reload()
    _wait_for_message(watcher, "who will win?")
    assert _messages(watcher) == ["who will win?"]

    # The guest mutes the host: the host's next message no longer reaches the guest.
    guest.locator(f"[data-testid=chat-message][data-author=chost{suffix}] >> text=mute").first.click()
    guest.wait_for_selector("[data-testid=chat-muted]:not([hidden])")
    assert _messages(guest) == ["you too"]
    _say(host, "are you there?")
    _wait_for_message(host, "are you there?")
    _say(guest, "still here")
    _wait_for_message(guest, "still here")
    assert "are you there?" not in _messages(guest)

    # Writing too much is refused with a visible reason (the field caps the length; the server caps the rate).
    # more than the 5 allowed per 10 s, whatever was said earlier (a slow machine may have let the window pass)
    for i in range(7):
        _say(guest, f"flood {i}")
    guest.wait_for_selector("[data-testid=chat-error]:not([hidden])")
    assert "too fast" in guest.inner_text("[data-testid=chat-error]")


SEED_CHAT = """
from chat.models import ChatMessage
from django.contrib.auth import get_user_model
from matches.models import Match
match = Match.objects.get(pk=MATCH_ID)
alice = get_user_model().objects.get(username="alice")
said = [(0, "spectators", "first move soon"), (2, "spectators", "after two moves"), (match.version, "players", "players only")]
for version, channel, text in said:
    ChatMessage.objects.create(match=match, author=alice, seat=None if channel == "spectators" else 0, channel=channel, text=text,
                               version=version, server_time=0)
print(match.pk)
"""


def test_the_replay_shows_each_message_from_its_moment_on(live_server_url, e2e_env, new_page):
    out = manage(e2e_env, "simulate", "alibaba_tiles", "--matches", "1", "--players", "2", "--seed", "11", "--verbosity", "0").stdout
    (match_id,) = simulated_match_ids(out)
    manage(e2e_env, "shell", "-c", f"MATCH_ID = {match_id}\n{SEED_CHAT}")
    page = new_page()
    page.goto(f"{live_server_url}/matches/{match_id}/replay/")
    page.wait_for_function("window.__lastFrame && window.__lastFrame.version === 0")
    assert _messages(page) == ["first move soon"]
    page.click("#replay-next")
    page.wait_for_function("window.__lastFrame.version === 1")
    assert _messages(page) == ["first move soon"]
    page.click("#replay-next")
    page.wait_for_function("window.__lastFrame.version === 2")
    assert _messages(page) == ["first move soon", "after two moves"]
    # Whoever did not sit in the match never reads the players' channel, even at the end.
    last = int(page.get_attribute("#replay-slider", "max"))
    page.fill("#replay-slider", str(last))
    page.wait_for_selector("[data-testid=end-screen]")
    assert _messages(page) == ["first move soon", "after two moves"]
    assert page.locator("[data-testid=chat-input]").count() == 0
