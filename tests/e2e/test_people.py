"""Issue 37, item 1 ("People"), in each language: two people, each in a browser of their own, find each other
by name, follow each other (friends), one invites the other to a table by name, the other sees the header's
badge, accepts, and both land seated on the match and a first move is played."""
import re
import uuid

import pytest

from tests.e2e.helpers import signup
from tests.e2e.test_accessibility import violations
from tests.e2e.test_tiles_match import _click_for
from tests.e2e.tour import choose_language, submit_table_form

pytestmark = pytest.mark.e2e

WORDS = {
    "en": {"find": "Find a player", "friends": "My friends", "invitations": "Invitations", "kept": "kept for {name} (invited)",
           "invites": "{name} invites you to a table of {game}.", "cave": "Ali Baba's treasure cave"},
    "fr": {"find": "Trouver un joueur", "friends": "Mes amis", "invitations": "Invitations", "kept": "réservée pour {name} (invitation)",
           "invites": "{name} vous invite à une table de {game}.", "cave": "La caverne aux trésors d'Ali Baba"},
}


def find_and_follow(page, base_url, name, language):
    """Search a part of the name in capitals (the search ignores case), follow the one found."""
    page.goto(base_url + "/")
    page.click("[data-testid=lobby-friends]")
    page.click("[data-testid=find-players]")
    assert page.locator("h1").inner_text() == WORDS[language]["find"]
    page.fill("[data-testid=player-q]", name[:-2].upper())
    with page.expect_navigation():
        page.click("[data-testid=player-search-submit]")
    row = page.locator(f"tr[data-player='{name}']")
    assert violations(page) == []  # axe-core, as every page of the site (test_accessibility.py)
    with page.expect_navigation():
        row.locator("[data-testid=follow]").click()
    return page.locator(f"tr[data-player='{name}']")


@pytest.mark.default_mode
@pytest.mark.parametrize("language", ["en", "fr"])
def test_two_people_find_each_other_befriend_invite_and_play(live_server_url, new_page, language):
    suffix = uuid.uuid4().hex[:6]
    host_name, guest_name = f"host{suffix}", f"guest{suffix}"
    host = signup(new_page(), live_server_url, host_name)
    guest = signup(new_page(), live_server_url, guest_name)
    for page in (host, guest):
        choose_language(page, live_server_url, language)

    # They find each other by name and follow each other: friends.
    find_and_follow(host, live_server_url, guest_name, language)
    row = find_and_follow(guest, live_server_url, host_name, language)
    row.locator("[data-testid=friend-badge]").wait_for()
    host.goto(live_server_url + "/players/friends/")
    assert host.locator("h1").inner_text() == WORDS[language]["friends"]
    friend = host.locator(f"[data-testid=friends] tr[data-person='{guest_name}']")
    friend.locator("[data-testid=online]").wait_for()  # the guest's last page was a moment ago
    assert violations(host) == []

    # The host opens a table of the treasure cave for two and invites the guest by name.
    host.goto(live_server_url + "/")
    form = host.locator("[data-testid=create-table-form]")
    form.locator("select[name=game]").select_option("alibaba_tiles")
    form.locator("input[name=seats]").fill("2")
    form.locator("input[name=clock]").fill("0")
    submit_table_form(host, form)
    guest.goto(live_server_url + "/")  # the guest waits in the lobby
    guest.wait_for_function("document.getElementById('lobby-live').classList.contains('on')")
    assert guest.locator("[data-testid=invitations-badge]").count() == 0
    host.fill("[data-testid=invite-name]", guest_name)
    with host.expect_navigation():
        host.click("[data-testid=invite-submit]")
    assert host.locator("[data-testid=seat-kept]").inner_text() == WORDS[language]["kept"].format(name=guest_name)

    # The invitation arrives live on the guest's lobby page (its socket), the header's badge with it.
    arrived = guest.locator("[data-testid=my-invitations] [data-invitation]")
    arrived.wait_for()
    assert arrived.inner_text().startswith(WORDS[language]["invites"].format(name=host_name, game=WORDS[language]["cave"]))
    assert guest.locator("[data-testid=invitations-badge]").inner_text() == "✉ 1"
    guest.reload()  # and on any next page, from the server
    assert guest.locator("[data-testid=invitations-badge]").inner_text() == "✉ 1"
    # a click that navigates returns once the page starts loading: axe-core must see it with its stylesheet
    # (CI once measured the header's links unstyled, 17 px tall)
    with guest.expect_navigation():
        guest.click("[data-testid=answer-invitation]")
    assert guest.locator("h1").inner_text() == WORDS[language]["invitations"]
    assert host_name in guest.locator("[data-testid=invitations-waiting]").inner_text()
    assert violations(guest) == []
    guest.click("[data-testid=accept-invitation]")

    # The table is full: the match starts; the guest lands on it, the host's table page follows it there.
    guest.wait_for_url(re.compile(r"/matches/\d+/$"))
    host.wait_for_url(re.compile(r"/matches/\d+/$"))
    assert host.url == guest.url
    host.wait_for_function("window.__lastFrame && window.__lastFrame.seat === 0")
    guest.wait_for_function("window.__lastFrame && window.__lastFrame.seat === 1")
    assert host.locator("html").get_attribute("lang") == language

    # Whoever the deal lets begin plays a first move; the other sees it.
    pages = (host, guest)
    mover = None
    for _ in range(150):  # the first decision is one seat's, offered in its first frame: at most a few tenths of a second
        mover = next((page for page in pages if page.evaluate("window.__lastFrame.legal.length") > 0), None)
        if mover is not None:
            break
        host.wait_for_timeout(100)
    assert mover is not None, "no seat was offered a first move"
    other = guest if mover is host else host
    version = other.evaluate("window.__lastFrame.version")
    _click_for(mover, mover.evaluate("window.__lastFrame.legal"))
    other.wait_for_function(f"window.__lastFrame.version > {version}")


REFUSALS = {
    "en": {"declined": "{name} declined the invitation", "not_invitable": "{name} does not accept invitations from you.",
           "nobody": "Nobody found by that name."},
    "fr": {"declined": "{name} a refusé l'invitation", "not_invitable": "{name} n'accepte pas vos invitations.",
           "nobody": "Personne ne porte ce nom."},
}


@pytest.mark.default_mode
@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_challenge_from_a_profile_declined_then_a_block(live_server_url, new_page, language):
    suffix = uuid.uuid4().hex[:6]
    challenger_name, other_name = f"bold{suffix}", f"calm{suffix}"
    challenger = signup(new_page(), live_server_url, challenger_name)
    other = signup(new_page(), live_server_url, other_name)
    for page in (challenger, other):
        choose_language(page, live_server_url, language)
    words = REFUSALS[language]

    # From the other's profile: a challenge to the treasure cave makes a table with a seat kept for them.
    challenger.goto(f"{live_server_url}/accounts/u/{other_name}/")
    assert violations(challenger) == []
    challenger.select_option("[data-testid=challenge-game]", "alibaba_tiles")
    with challenger.expect_navigation():
        challenger.click("[data-testid=challenge]")
    challenger.wait_for_url(re.compile(r"/tables/\d+/$"))
    challenger.locator("[data-testid=seat-kept]").wait_for()
    assert violations(challenger) == []  # the table page with its invitation form

    # The other declines; the challenger's table page follows and says who declined.
    other.goto(live_server_url + "/players/invitations/")
    assert challenger_name in other.locator("[data-testid=invitations-waiting]").inner_text()
    with other.expect_navigation():
        other.click("[data-testid=decline-invitation]")
    other.locator("[data-testid=no-invitation]").wait_for()
    challenger.locator("[data-testid=seat-declined]").wait_for()
    assert words["declined"].format(name=other_name) in challenger.locator("[data-testid=seat-declined]").inner_text()

    # The other blocks the challenger from the challenger's profile: no more challenges, and no more finding each other.
    other.goto(f"{live_server_url}/accounts/u/{challenger_name}/")
    with other.expect_navigation():
        other.click("[data-testid=block]")
    other.locator("[data-testid=unblock]").wait_for()
    challenger.goto(f"{live_server_url}/accounts/u/{other_name}/")
    with challenger.expect_navigation():
        challenger.click("[data-testid=challenge]")
    assert words["not_invitable"].format(name=other_name) in challenger.locator(".messages").inner_text()
    challenger.goto(f"{live_server_url}/players/?q={other_name}")
    assert challenger.locator("[data-testid=no-player]").inner_text() == words["nobody"]
