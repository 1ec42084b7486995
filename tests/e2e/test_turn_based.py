"""A turn-based table in the browser: the host picks days per decision, plays against a computer
player, leaves the site; the site's periodic job mails the digest (through the tests' real SMTP
server: the Celery worker and beat on PostgreSQL + Redis, the timer loop and sender thread in the
default mode); the link of the received mail lands on the match, and it is the person's turn; the
mail's unsubscribe link turns the e-mails off."""
import re
import time
import uuid

import pytest

from tests.e2e.test_account_email import PASSWORD, path_of
from tests.mail_server import links_in

pytestmark = [pytest.mark.e2e, pytest.mark.default_mode]


def confirmed_person(page, base, smtp_server):
    name = "turns" + uuid.uuid4().hex[:8]
    address = f"{name}@example.org"
    page.goto(f"{base}/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=email]", address)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    with page.expect_navigation():
        page.click("[data-testid=signup-submit]")
    (confirmation,) = smtp_server.wait_for(address)
    page.goto(base + path_of(links_in(confirmation)[0]))
    page.click("[data-testid=verify-submit]")
    page.wait_for_url(f"{base}/accounts/account/")
    return name, address


def test_a_turn_based_match_mails_your_turn_and_its_link_lands_on_the_match(live_server_url, new_page, smtp_server):
    base = live_server_url
    page = new_page()
    name, address = confirmed_person(page, base, smtp_server)

    page.goto(base + "/")
    page.select_option("select[name=game]", "alibaba_tiles")
    page.fill("input[name=seats]", "2")
    page.select_option("[data-testid=decision-days]", "2")
    page.click("[data-testid=create-table]")
    page.wait_for_url(re.compile(r"/tables/\d+/$"))
    assert "2 days per decision (turn-based)" in page.inner_text("body")
    page.click("[data-testid=add-bot]")
    page.wait_for_selector("[data-testid=seat-bot]")
    page.click("[data-testid=start]")
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    match_path = page.url.removeprefix(base)
    # the computer player moves at once when it starts: then the match waits for the person
    page.wait_for_function("() => document.querySelector('[data-testid=turn]')?.dataset.mine === '1'")

    # on the site (a socket open at the match): no mail, however long the job runs
    time.sleep(3)
    assert len(smtp_server.received(address)) == 1  # the confirmation only

    # off to the lobby: the socket closes; the header counts the match waiting
    page.goto(base + "/")
    assert page.inner_text("[data-testid=my-turns-badge]") == "1"
    # a click that navigates returns once the new page starts loading, not once it is drawn: wait for its load
    with page.expect_navigation():
        page.click("[data-testid=nav-my-matches]")
    row = page.locator("[data-testid=my-turn-row]")
    assert row.count() == 1 and "Your turn" in row.inner_text() and "1 day 23 h" in row.inner_text()

    _confirmation, digest = smtp_server.wait_for(address, count=2, timeout=30)
    assert digest["message"]["Subject"] == "Your turn in 1 match"
    links = links_in(digest)
    other = new_page()  # the mail opened on another device, logged in there too
    other.goto(f"{base}/accounts/login/")
    other.fill("input[name=username]", name)
    other.fill("input[name=password]", PASSWORD)
    with other.expect_navigation():
        other.click("[data-testid=login-submit]")
    other.goto(base + path_of(links[0]))
    assert other.url == base + match_path
    other.wait_for_function("() => document.querySelector('[data-testid=turn]')?.dataset.mine === '1'")
    assert other.inner_text("[data-testid=turn]") == "Your turn"

    # the mail's unsubscribe link: one page, one button, done
    unsubscribe = next(link for link in links if "/accounts/email/unsubscribe/" in link)
    other.goto(base + path_of(unsubscribe))
    other.click("[data-testid=unsubscribe-submit]")
    other.wait_for_selector("[data-testid=unsubscribed]")
