"""Accounts by e-mail in the browser: the site (web process, and its Celery worker on PostgreSQL +
Redis; its sender thread in the default mode) sends through the tests' real SMTP server, and
the person follows the links of the messages it received: confirm the address, reset the password."""
import uuid
from pathlib import Path

import pytest

from tests.mail_server import links_in

pytestmark = [pytest.mark.e2e, pytest.mark.default_mode]
PASSWORD = "a-long-e2e-password-1"
NEW_PASSWORD = "another-e2e-password-2"


def watched(page):
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def path_of(link):
    return "/" + link.split("://", 1)[1].split("/", 1)[1]


def test_confirm_the_address_then_reset_the_password_by_following_the_emails(live_server_url, new_page, smtp_server):
    name = "mail" + uuid.uuid4().hex[:8]
    address = f"{name}@example.org"
    page = new_page()
    errors = watched(page)

    page.goto(f"{live_server_url}/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=email]", address)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    with page.expect_navigation():
        page.click("[data-testid=signup-submit]")
    assert f"We sent a link to {address}" in page.inner_text(".messages")

    (confirmation,) = smtp_server.wait_for(address)
    assert confirmation["message"]["Subject"] == "Confirm your e-mail address"
    page.goto(live_server_url + path_of(links_in(confirmation)[0]))
    page.click("[data-testid=verify-submit]")
    page.wait_for_url(f"{live_server_url}/accounts/account/")
    assert "(confirmed)" in page.inner_text("[data-testid=email-status]")
    assert address in page.inner_text("[data-testid=email-status]")

    # The same link again says, politely, that the address is confirmed already, with the way on (no error).
    response = page.goto(live_server_url + path_of(links_in(confirmation)[0]))
    assert response.status == 200
    assert f"{address} is already confirmed" in page.inner_text("[data-testid=verify-already]")
    assert page.locator("[data-testid=verify-error]").count() == 0
    page.click("[data-testid=verify-onward]")
    page.wait_for_url(f"{live_server_url}/accounts/account/")
    assert errors == []

    # Forgotten password, from another browser.
    other = new_page()
    other_errors = watched(other)
    other.goto(f"{live_server_url}/accounts/login/")
    other.click("[data-testid=forgot-password]")
    other.fill("input[name=email]", address.upper())
    other.click("[data-testid=password-reset-submit]")
    other.wait_for_selector("[data-testid=password-reset-sent]")

    (_, reset) = smtp_server.wait_for(address, count=2)
    assert reset["message"]["Subject"] == "Choose a new password"
    reset_link = live_server_url + path_of(links_in(reset)[0])
    other.goto(reset_link)
    other.fill("input[name=new_password1]", NEW_PASSWORD)
    other.fill("input[name=new_password2]", NEW_PASSWORD)
    other.click("[data-testid=password-reset-confirm-submit]")
    other.wait_for_selector("[data-testid=password-reset-complete]")

    # The link works once; the new password logs in, the old one no more.
    other.goto(reset_link)
    other.wait_for_selector("[data-testid=password-reset-invalid]")
    other.goto(f"{live_server_url}/accounts/login/")
    other.fill("input[name=username]", name)
    other.fill("input[name=password]", NEW_PASSWORD)
    other.click("[data-testid=login-submit]")
    other.wait_for_selector("[data-testid=nav-profile]")
    assert errors == [] and other_errors == []


def test_an_address_change_is_confirmed_in_french_and_the_account_can_be_deleted(live_server_url, new_page, smtp_server):
    name = "fr" + uuid.uuid4().hex[:8]
    address = f"{name}@example.org"
    page = new_page()
    errors = watched(page)
    page.goto(f"{live_server_url}/")
    with page.expect_navigation():
        page.select_option("select[name=language]", "fr")
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "fr"
    page.goto(f"{live_server_url}/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    with page.expect_navigation():
        page.click("[data-testid=signup-submit]")

    page.goto(f"{live_server_url}/accounts/account/")
    page.fill("[data-testid=email-form] input[name=email]", address)
    page.fill("[data-testid=email-form] input[name=password]", PASSWORD)
    page.click("[data-testid=email-submit]")
    page.wait_for_selector("[data-testid=email-pending]")

    (confirmation,) = smtp_server.wait_for(address)
    assert confirmation["message"]["Subject"] == "Confirmez votre adresse e-mail"
    page.goto(live_server_url + path_of(links_in(confirmation)[0]))
    page.click("[data-testid=verify-submit]")
    page.wait_for_url(f"{live_server_url}/accounts/account/")
    assert "(confirmée)" in page.inner_text("[data-testid=email-status]")

    with page.expect_download() as download:
        page.click("[data-testid=data-download]")
    assert f'"username": "{name}"' in Path(download.value.path()).read_text(encoding="utf-8")

    page.fill("[data-testid=delete-form] input[name=password]", PASSWORD)
    page.click("[data-testid=delete-submit]")
    page.wait_for_url(f"{live_server_url}/")
    assert "Votre compte est supprimé" in page.inner_text(".messages")
    assert page.locator("[data-testid=nav-profile]").count() == 0
    assert errors == []


# A notice as the site's code sends one (the your-turn e-mails to come): its body and its
# List-Unsubscribe header carry the one-click signed link (accounts.mail.unsubscribe_link).
SEND_NOTICE = """
from django.contrib.auth import get_user_model
from django.core.mail import EmailMessage
from accounts import mail
user = get_user_model().objects.get(username=USERNAME)
link = mail.unsubscribe_link(SITE, user.pk, "turns")
message = EmailMessage("It is your turn", "It is your turn.\\n\\nNo more of these: " + link + "\\n", to=[ADDRESS])
mail.add_unsubscribe_headers(message, link).send()
"""


def test_the_unsubscribe_link_of_a_notice_turns_it_off_without_a_log_in(live_server_url, new_page, smtp_server, e2e_env):
    from tests.e2e.conftest import manage
    from tests.e2e.helpers import signup

    name = "un" + uuid.uuid4().hex[:8]
    address = f"{name}@example.org"
    page = new_page()
    errors = watched(page)
    signup(page, live_server_url, name, PASSWORD)
    page.goto(f"{live_server_url}/accounts/account/")
    assert page.is_checked("[data-testid=preferences-form] input[name=email_turns]")

    code = SEND_NOTICE.replace("USERNAME", repr(name)).replace("ADDRESS", repr(address)).replace("SITE", repr(live_server_url))
    manage(e2e_env, "shell", "-c", code)
    (notice,) = smtp_server.wait_for(address)
    assert notice["message"]["List-Unsubscribe"].strip() == f"<{links_in(notice)[0]}>"

    visitor = new_page()  # a browser that is not logged in: the link alone is enough
    visitor_errors = watched(visitor)
    visitor.goto(links_in(notice)[0])
    visitor.click("[data-testid=unsubscribe-submit]")
    visitor.wait_for_selector("[data-testid=unsubscribed]")

    page.reload()
    assert not page.is_checked("[data-testid=preferences-form] input[name=email_turns]")
    page.check("[data-testid=preferences-form] input[name=email_turns]")
    page.click("[data-testid=preferences-submit]")
    page.wait_for_selector(".messages")
    assert page.is_checked("[data-testid=preferences-form] input[name=email_turns]")
    assert errors == [] and visitor_errors == []
