"""The account pages (accounts/views.py): sign-up with an address, confirmation, address change,
password reset, language, data download and deletion. E-mails go through a real SMTP server."""
import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts import outbox
from accounts.models import AccountProfile, profile_of
from tests.factories import PASSWORD, UserFactory
from tests.mail_server import links_in

User = get_user_model()
SIGNUP = {"username": "newplayer", "password1": "Sesame-open-42", "password2": "Sesame-open-42"}
RESET = "/accounts/password/reset/"
STRANGER, OTHER_STRANGER, OWNER_NETWORK = "203.0.113.9", "203.0.113.10", "198.51.100.7"


@pytest.fixture
def mailbox(settings, mail_settings):
    settings.TIMER_BACKEND = "thread"  # the sender thread; Celery's path: tests/accounts/test_mail.py, tests/e2e
    yield mail_settings
    outbox.flush()


def logged_in(user):
    client = Client()
    client.force_login(user)
    return client



def confirm_link(received):
    return "/" + links_in(received)[0].split("://", 1)[1].split("/", 1)[1]


def with_confirmed_address(username, address, **profile):
    user = UserFactory(username=username)
    AccountProfile.objects.create(user=user, verified_email=address, **profile)
    return user


def browser_of(user):
    """A browser its owner logged in with on the log-in page, then logged out of: it keeps the
    signed device cookie of that log-in (accounts.throttle.remember_device)."""
    client = Client()
    assert client.post("/accounts/login/", {"username": user.username, "password": PASSWORD}).status_code == 302
    client.post("/accounts/logout/")
    return client


def ask_reset(address, client=None, ip=STRANGER):
    return (client or Client()).post(RESET, {"email": address}, REMOTE_ADDR=ip)


def page_text(response, *words):
    """The page without what differs between two people's requests anyway: CSRF tokens and the given words."""
    text = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", response.content.decode())
    for word in words:
        text = text.replace(word, "WORD")
    return text


@pytest.mark.django_db(transaction=True)
class TestWithMail:
    def test_signup_with_an_address_sends_a_link_that_confirms_it(self, mailbox):
        client = Client()
        response = client.post("/accounts/signup/", dict(SIGNUP, email="new@example.org"), follow=True)
        assert "We sent a link to new@example.org" in response.content.decode()
        user = User.objects.get(username="newplayer")
        assert (user.email, profile_of(user).pending_email) == ("", "new@example.org")
        (received,) = mailbox.wait_for("new@example.org")
        link = confirm_link(received)
        assert client.get(link).status_code == 200  # a page with a button: opening the link changes nothing
        assert profile_of(user).verified_email == ""
        response = client.post(link)
        assert response.status_code == 302 and response["Location"] == "/accounts/account/"
        assert profile_of(user).verified_email == "new@example.org"
        assert User.objects.get(pk=user.pk).email == "new@example.org"

    def test_the_signup_language_is_the_language_of_the_emails(self, mailbox):
        client = Client(headers={"accept-language": "fr"})
        client.post("/accounts/signup/", dict(SIGNUP, email="fr@example.org"))
        assert profile_of(User.objects.get(username="newplayer")).language == "fr"
        (received,) = mailbox.wait_for("fr@example.org")
        assert received["message"]["Subject"] == "Confirmez votre adresse e-mail"

    def test_password_reset_by_email_with_djangos_token(self, mailbox):
        user = UserFactory(username="ali")
        AccountProfile.objects.create(user=user, verified_email="ali@example.org")
        client = Client()
        response = client.post("/accounts/password/reset/", {"email": "ALI@example.org"})
        assert response.status_code == 302 and response["Location"] == "/accounts/password/reset/sent/"
        (received,) = mailbox.wait_for("ali@example.org")
        link = confirm_link(received)
        assert link.startswith("/accounts/password/reset/")
        form_page = client.get(link, follow=True)
        assert 'data-testid="password-reset-confirm-form"' in form_page.content.decode()
        response = client.post(
            form_page.redirect_chain[-1][0], {"new_password1": "Another-secret-99", "new_password2": "Another-secret-99"}
        )
        assert response.status_code == 302 and response["Location"] == "/accounts/password/reset/complete/"
        assert User.objects.get(pk=user.pk).check_password("Another-secret-99")
        # The link works once.
        again = Client().get(link, follow=True)
        assert 'data-testid="password-reset-invalid"' in again.content.decode()

    @pytest.mark.parametrize("site_url", [None, "https://play.example.org"], ids=["the settings' own", "set"])
    def test_a_reset_link_starts_with_site_url_never_with_a_forged_host_header(self, settings, mailbox, site_url):
        """Issue 35, finding 2: `Host: 127.0.0.1:6666` passes ALLOWED_HOSTS (its match ignores the port)."""
        if site_url:
            settings.SITE_URL = site_url
        user = UserFactory(username="ali")
        AccountProfile.objects.create(user=user, verified_email="ali@example.org")
        response = Client().post("/accounts/password/reset/", {"email": "ali@example.org"}, HTTP_HOST="127.0.0.1:6666")
        assert response.status_code == 302
        (received,) = mailbox.wait_for("ali@example.org")
        assert "127.0.0.1:6666" not in received["message"].as_string()
        # with DEBUG on (the tests' settings), the settings' own address (config/settings.py)
        assert settings.SITE_URL and links_in(received)[0].startswith(settings.SITE_URL + "/accounts/password/reset/")

    def test_a_confirmation_link_starts_with_site_url_never_with_a_forged_host_header(self, settings, mailbox):
        settings.SITE_URL = "https://play.example.org"
        Client().post("/accounts/signup/", dict(SIGNUP, email="new@example.org"), HTTP_HOST="127.0.0.1:6666")
        (received,) = mailbox.wait_for("new@example.org")
        assert links_in(received)[0].startswith("https://play.example.org/accounts/email/confirm/")
        assert "127.0.0.1:6666" not in received["message"].as_string()

    def test_password_reset_to_an_unknown_or_unconfirmed_address_sends_nothing_and_says_the_same(self, mailbox):
        user = UserFactory(username="ali")
        AccountProfile.objects.create(user=user, pending_email="ali@example.org")
        for address in ("ali@example.org", "nobody@example.org"):
            response = Client().post("/accounts/password/reset/", {"email": address})
            assert response.status_code == 302 and response["Location"] == "/accounts/password/reset/sent/"
        assert outbox.flush()
        assert mailbox.received() == []

    def test_strangers_resets_and_the_owners_signup_mail_do_not_block_the_owners_reset(self, mailbox):
        """Issue 35, finding 1, as reported: two anonymous requests and the owner's sign-up mail,
        and the owner's own request was refused for an hour (429, Retry-After: 3275)."""
        owner = Client()
        owner.post("/accounts/signup/", dict(SIGNUP, email="victim@example.org"), REMOTE_ADDR=OWNER_NETWORK)
        (confirmation,) = mailbox.wait_for("victim@example.org")
        owner.post(confirm_link(confirmation))
        owner.post("/accounts/logout/")
        assert [ask_reset("victim@example.org").status_code for _n in range(2)] == [302, 302]
        # The owner from the browser they signed up with, and from a new one on another network.
        for response in (ask_reset("victim@example.org", owner, OWNER_NETWORK), ask_reset("victim@example.org", ip="192.0.2.44")):
            assert response.status_code == 302, response.get("Retry-After")
            assert response["Location"] == "/accounts/password/reset/sent/"
        received = mailbox.wait_for("victim@example.org", count=5)
        assert [m["message"]["Subject"] for m in received[1:]] == ["Choose a new password"] * 4

    def test_once_strangers_spent_an_addresss_share_the_owners_own_requests_still_get_the_link(self, settings, mailbox):
        settings.PASSWORD_RESET_ADDRESS_LIMIT = 2
        user = with_confirmed_address("ali", "ali@example.org")
        own_browser = browser_of(user)
        for ip in ("203.0.113.1", "203.0.113.2", "203.0.113.3"):
            assert ask_reset("ali@example.org", ip=ip)["Location"] == "/accounts/password/reset/sent/"
        assert outbox.flush()
        assert len(mailbox.received("ali@example.org")) == 2  # the third stranger's was not sent, and was not told so
        # The owner's browser, even on the network of a stranger; the owner logged in.
        assert ask_reset("ALI@example.org", own_browser, ip="203.0.113.1")["Location"] == "/accounts/password/reset/sent/"
        assert logged_in(user).post(RESET, {"email": "ali@example.org"})["Location"] == "/accounts/password/reset/sent/"
        mailbox.wait_for("ali@example.org", count=4)

    def test_the_browser_an_account_signed_up_with_asks_for_resets_as_its_owner(self, settings, mailbox):
        settings.PASSWORD_RESET_ADDRESS_LIMIT = 0  # strangers get nothing sent
        owner = Client()
        owner.post("/accounts/signup/", dict(SIGNUP, email="new@example.org"))
        owner.post(confirm_link(mailbox.wait_for("new@example.org")[0]))
        owner.post("/accounts/logout/")
        assert ask_reset("new@example.org").status_code == 302
        assert ask_reset("new@example.org", owner).status_code == 302
        (_, reset) = mailbox.wait_for("new@example.org", count=2)
        assert reset["message"]["Subject"] == "Choose a new password"
        assert outbox.flush() and len(mailbox.received()) == 2

    def test_the_owners_own_resets_count_against_their_person_limit_only(self, settings, mailbox):
        settings.EMAIL_USER_LIMIT = 2
        user = with_confirmed_address("ali", "ali@example.org")
        own_browser = browser_of(user)
        statuses = [ask_reset("ali@example.org", own_browser).status_code for _n in range(3)]
        assert statuses == [302, 302, 429]
        refused = ask_reset("ali@example.org", own_browser)
        assert int(refused["Retry-After"]) > 0 and "Too many e-mails asked for" in refused.content.decode()
        # The strangers' requests did not take from it, nor it from theirs.
        assert ask_reset("ali@example.org").status_code == 302
        mailbox.wait_for("ali@example.org", count=3)

    def test_reset_requests_are_limited_per_client_address_and_per_client_and_email_address(self, settings, mailbox):
        settings.PASSWORD_RESET_IP_LIMIT, settings.EMAIL_REQUESTER_ADDRESS_LIMIT = 3, 2
        with_confirmed_address("ali", "ali@example.org")
        statuses = [ask_reset(address).status_code for address in ("ali@example.org", "ALI@example.org", "ali@example.org")]
        assert statuses == [302, 302, 429]  # one client, one e-mail address
        assert ask_reset("nobody@example.org").status_code == 302
        assert ask_reset("other@example.org").status_code == 429  # one client, whatever the address
        assert ask_reset("ali@example.org", ip=OTHER_STRANGER).status_code == 302
        mailbox.wait_for("ali@example.org", count=3)

    def test_a_reset_answers_alike_for_an_address_no_account_has_whatever_the_limits(self, settings, mailbox):
        settings.PASSWORD_RESET_ADDRESS_LIMIT, settings.EMAIL_REQUESTER_ADDRESS_LIMIT = 1, 2
        with_confirmed_address("ali", "ali@example.org")

        def answers(address):
            found = []
            for ip in (STRANGER, STRANGER, STRANGER, OTHER_STRANGER):
                response = Client().post(RESET, {"email": address}, REMOTE_ADDR=ip, follow=True)
                retry = response.redirect_chain == [] and response.has_header("Retry-After")
                found.append((response.status_code, response.redirect_chain, retry, page_text(response, address)))
            return found

        known, unknown = answers("ali@example.org"), answers("nobody@example.org")
        assert [a[0] for a in known] == [200, 200, 429, 200]
        assert known == unknown
        assert outbox.flush()
        assert len(mailbox.received("ali@example.org")) == 1 and mailbox.received("nobody@example.org") == []

    def test_confirmation_requests_for_an_address_do_not_spend_its_password_resets(self, settings, mailbox):
        settings.PASSWORD_RESET_ADDRESS_LIMIT = 1
        with_confirmed_address("ali", "ali@example.org")
        for n in range(3):
            client = logged_in(UserFactory(username=f"stranger{n}"))
            client.post("/accounts/account/email/", {"email": "ali@example.org", "password": PASSWORD}, REMOTE_ADDR=f"203.0.113.{n}")
        assert ask_reset("ali@example.org", ip="192.0.2.44").status_code == 302
        received = mailbox.wait_for("ali@example.org", count=2)
        assert sorted(m["message"]["Subject"] for m in received) == ["Choose a new password", "Someone asked for your e-mail address"]

    def test_changing_to_an_address_another_account_has_answers_as_for_a_free_one(self, mailbox):
        """Issue 35, finding 2: "already used by another account" told anyone logged in, without end,
        which addresses have accounts. Now the page is the same, and the owner is told instead."""
        owner = with_confirmed_address("baba", "taken@example.org", language="fr")

        def change(username, address):
            client = logged_in(UserFactory(username=username))
            response = client.post("/accounts/account/email/", {"email": address, "password": PASSWORD}, follow=True)
            return response.status_code, response.redirect_chain, page_text(response, address, username)

        assert change("asker.one", "Taken@example.org") == change("asker.two", "free@example.org")
        assert profile_of(User.objects.get(username="asker.one")).pending_email == "Taken@example.org"
        (link,) = mailbox.wait_for("free@example.org")
        assert confirm_link(link).startswith("/accounts/email/confirm/")
        (notice,) = mailbox.wait_for("taken@example.org")
        assert notice["message"]["Subject"] == "Quelqu'un a demandé votre adresse e-mail"  # in the owner's language
        assert not [link for link in links_in(notice) if "/accounts/" in link]  # no link to confirm anything
        assert outbox.flush() and len(mailbox.received()) == 2
        assert profile_of(owner).verified_email == "taken@example.org"

    def test_address_changes_are_limited_per_person_whether_the_address_is_free_or_not(self, settings, mailbox):
        settings.EMAIL_USER_LIMIT = 3
        for n in range(3):
            with_confirmed_address(f"owner{n}", f"taken{n}@example.org")
        client = logged_in(UserFactory(username="ali"))
        statuses = [
            client.post("/accounts/account/email/", {"email": address, "password": PASSWORD}).status_code
            for address in ("taken0@example.org", "taken1@example.org", "taken2@example.org", "free@example.org")
        ]
        assert statuses == [302, 302, 302, 429]
        refused = client.post("/accounts/account/email/", {"email": "taken0@example.org", "password": PASSWORD})
        assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
        assert "Too many e-mails asked for" in refused.content.decode()

    def test_changing_the_address_keeps_the_old_one_until_the_new_one_is_confirmed(self, mailbox):
        user = UserFactory(username="ali")
        AccountProfile.objects.create(user=user, verified_email="old@example.org")
        client = logged_in(user)
        response = client.post("/accounts/account/email/", {"email": "new@example.org", "password": PASSWORD})
        assert response.status_code == 302
        assert (profile_of(user).verified_email, profile_of(user).pending_email) == ("old@example.org", "new@example.org")
        (received,) = mailbox.wait_for("new@example.org")
        client.post(confirm_link(received))
        assert (profile_of(user).verified_email, profile_of(user).pending_email) == ("new@example.org", "")


@pytest.mark.django_db
class TestBadInput:
    def test_signup_with_an_address_another_account_confirmed_is_refused(self, client):
        AccountProfile.objects.create(user=UserFactory(username="ali"), verified_email="taken@example.org")
        response = client.post("/accounts/signup/", dict(SIGNUP, email="TAKEN@example.org"))
        assert response.status_code == 200
        assert "already used by another account" in response.content.decode()
        assert not User.objects.filter(username="newplayer").exists()

    @pytest.mark.parametrize("address", [
        "not-an-address", "a%00@example.org", "a%0A@example.org", "x" * 250 + "@example.org",
        # A lone surrogate, as bytes a form can carry (UTF-8 of U+D800, which is not UTF-8) and as the text itself.
        "a%ED%A0%80@example.org", "a@exa%ED%A0%80mple.org", "a@exa%EF%BF%BDmple.org",
    ])
    def test_signup_with_a_bad_address_is_refused_clearly_and_creates_nothing(self, client, address):
        body = "&".join(f"{k}={v}" for k, v in dict(SIGNUP, email=address).items())
        response = client.post("/accounts/signup/", body, content_type="application/x-www-form-urlencoded")
        assert response.status_code == 200
        assert 'class="errorlist' in response.content.decode()
        assert not User.objects.filter(username="newplayer").exists()

    @pytest.mark.parametrize("address", ["a\ud800@example.org", "a@exa\udc80mple.org", "\ud83d@example.org"])
    def test_a_lone_surrogate_in_the_address_is_refused_by_the_form(self, address):
        from accounts.forms import SignupForm

        form = SignupForm(dict(SIGNUP, email=address))
        assert not form.is_valid()
        assert form.errors["email"] == ["This field holds a character that is not allowed."]

    def test_signup_without_an_address_is_fine(self, client):
        assert client.post("/accounts/signup/", SIGNUP).status_code == 302
        user = User.objects.get(username="newplayer")
        assert (user.email, profile_of(user).pending_email) == ("", "")

    @pytest.mark.parametrize("token", ["nonsense", "a:b:c", "%ED%A0%80"])
    def test_a_bad_confirmation_link_gets_a_clear_error(self, client, token):
        for method in (client.get, client.post):
            response = method(f"/accounts/email/confirm/{token}/")
            assert response.status_code == 400
            assert "This link is not valid" in response.content.decode()

    def test_changing_the_address_needs_the_password_and_a_well_formed_address(self):
        user = with_confirmed_address("ali", "ali@example.org")
        client = logged_in(user)
        wrong = client.post("/accounts/account/email/", {"email": "new@example.org", "password": "wrong"})
        assert "Your password was entered incorrectly" in wrong.content.decode()
        same = client.post("/accounts/account/email/", {"email": "ALI@example.org", "password": PASSWORD})
        assert "This is already the address of your account." in same.content.decode()
        surrogate = client.post(
            "/accounts/account/email/", f"email=%ED%B2%80@example.org&password={PASSWORD}", content_type="application/x-www-form-urlencoded"
        )
        assert 'class="errorlist' in surrogate.content.decode()
        assert profile_of(user).pending_email == ""

    def test_password_guesses_on_the_account_page_are_limited(self, settings):
        settings.PASSWORD_CHANGE_ATTEMPTS_LIMIT = 2
        client = logged_in(UserFactory(username="ali"))
        statuses = [client.post("/accounts/account/delete/", {"password": "guess"}).status_code for _ in range(3)]
        assert statuses == [200, 200, 429]
        assert client.post("/accounts/account/delete/", {"password": PASSWORD}).status_code == 429
        assert User.objects.filter(username="ali").exists()

    def test_an_unknown_language_is_refused(self):
        user = UserFactory(username="ali")
        response = logged_in(user).post("/accounts/account/preferences/", {"language": "xx", "email_turns": "on"})
        assert response.status_code == 200 and 'class="errorlist' in response.content.decode()
        assert profile_of(user).language == "en"

    def test_the_account_pages_need_a_log_in(self, client):
        for path in ("/accounts/account/", "/accounts/account/data.json"):
            assert client.get(path)["Location"].startswith("/accounts/login/")


@pytest.mark.django_db
class TestAccountPage:
    def test_the_accounts_address_leads_to_the_account_page(self):
        response = logged_in(UserFactory(username="ali")).get("/accounts/")
        assert response.status_code == 302 and response["Location"] == "/accounts/account/"

    def test_the_accounts_address_leads_a_stranger_to_the_log_in_then_the_account_page(self, client):
        response = client.get("/accounts/")
        assert response.status_code == 302 and response["Location"] == "/accounts/login/?next=/accounts/account/"

    def test_shows_the_address_and_its_forms(self):
        user = UserFactory(username="ali")
        AccountProfile.objects.create(user=user, verified_email="ali@example.org", pending_email="new@example.org")
        content = logged_in(user).get("/accounts/account/").content.decode()
        assert "ali@example.org" in content and "new@example.org" in content
        for testid in ("email-form", "email-resend", "preferences-form", "data-download", "delete-form"):
            assert f'data-testid="{testid}"' in content

    def test_email_preferences_are_saved(self):
        user = UserFactory(username="ali")
        assert profile_of(user).email_turns is True
        assert logged_in(user).post("/accounts/account/preferences/", {"language": "fr"}).status_code == 302
        assert (profile_of(user).language, profile_of(user).email_turns) == ("fr", False)
        assert logged_in(user).post("/accounts/account/preferences/", {"language": "en", "email_turns": "on"}).status_code == 302
        assert (profile_of(user).language, profile_of(user).email_turns) == ("en", True)

    def test_confirm_moves_is_saved_from_the_account_page(self):
        user = UserFactory(username="ali")
        client = logged_in(user)
        content = client.get("/accounts/account/").content.decode()
        assert 'data-testid="play-form"' in content and 'value="turn_based" required id="id_confirm_moves_1" checked' in content
        response = client.post("/accounts/account/playing/", {"confirm_moves": "always"})
        assert response.status_code == 302 and response["Location"] == "/accounts/account/"
        assert profile_of(user).confirm_moves == "always"
        assert client.post("/accounts/account/playing/", {"confirm_moves": "never"}).status_code == 302
        assert profile_of(user).confirm_moves == "never"
        # the e-mail preferences are left as they were
        assert (profile_of(user).language, profile_of(user).email_turns) == ("en", True)

    def test_an_unknown_confirm_moves_value_is_refused_and_changes_nothing(self):
        user = UserFactory(username="ali")
        for data in ({"confirm_moves": "sometimes"}, {}):
            response = logged_in(user).post("/accounts/account/playing/", data)
            assert response.status_code == 200 and 'class="errorlist' in response.content.decode()
        assert profile_of(user).confirm_moves == "turn_based"

    def test_the_playing_preferences_need_a_log_in_and_a_post(self, client):
        assert client.post("/accounts/account/playing/", {"confirm_moves": "always"})["Location"].startswith("/accounts/login/")
        assert logged_in(UserFactory()).get("/accounts/account/playing/").status_code == 405

    def test_data_download_is_a_json_file_of_ones_own_data(self):
        user = UserFactory(username="ali")
        response = logged_in(user).get("/accounts/account/data.json")
        assert response["Content-Type"].startswith("application/json")
        assert response["Content-Disposition"] == 'attachment; filename="ali-data.json"'
        data = json.loads(response.content)
        assert data["account"]["username"] == "ali"
        assert set(data) == {"account", "ratings", "matches", "chat_messages", "people"}
        assert data["account"]["confirm_moves"] == "turn_based"
        assert (data["account"]["findable_by"], data["account"]["invitable_by"], data["account"]["email_when_invited"]) == (
            "everyone", "everyone", True)

    def test_deleting_the_account_with_the_password_logs_out(self):
        user = UserFactory(username="ali")
        client = logged_in(user)
        response = client.post("/accounts/account/delete/", {"password": PASSWORD})
        assert response.status_code == 302 and response["Location"] == "/"
        assert not User.objects.filter(username="ali").exists()
        assert "_auth_user_id" not in client.session


@pytest.mark.django_db
@pytest.mark.parametrize("method", ["get", "post"])
def test_a_confirmation_link_followed_again_says_politely_the_address_is_confirmed_with_the_way_on(method):
    from accounts import mail

    user = UserFactory(username="ali")
    AccountProfile.objects.create(user=user, verified_email="ali@example.org")
    path = f"/accounts/email/confirm/{mail.verification_token(user.pk, 'ali@example.org')}/"
    response = getattr(Client(), method)(path)
    html = response.content.decode()
    assert response.status_code == 200 and "<strong>ali@example.org</strong> is already confirmed" in html
    assert 'href="/accounts/login/" data-testid="verify-onward"' in html and "verify-error" not in html
    # the person logged in goes on to their account page; in French too
    response = getattr(logged_in(user), method)(path, HTTP_ACCEPT_LANGUAGE="fr")
    html = response.content.decode()
    assert response.status_code == 200 and "<strong>ali@example.org</strong> est déjà confirmée" in html
    assert 'href="/accounts/account/" data-testid="verify-onward">Aller à votre compte</a>' in html
    assert profile_of(user).verified_email == "ali@example.org"


@pytest.mark.django_db
@pytest.mark.parametrize("method", ["get", "post"])
def test_a_broken_or_expired_confirmation_link_still_gets_a_clear_error(method, settings):
    from accounts import mail

    user = UserFactory(username="ali")
    AccountProfile.objects.create(user=user, pending_email="ali@example.org")
    token = mail.verification_token(user.pk, "ali@example.org")
    response = getattr(Client(), method)(f"/accounts/email/confirm/{token[:-3]}xyz/")
    assert response.status_code == 400 and "This link is not valid" in response.content.decode()
    settings.EMAIL_VERIFY_MAX_AGE = -1
    response = getattr(Client(), method)(f"/accounts/email/confirm/{token}/")
    assert response.status_code == 400 and "This link has expired" in response.content.decode()
    assert profile_of(user).verified_email == ""


@pytest.mark.django_db
class TestUnsubscribe:
    def test_the_link_opens_a_page_and_its_button_turns_the_notice_off_without_a_log_in(self):
        from accounts import mail

        user = UserFactory(username="ali")
        path = f"/accounts/email/unsubscribe/{mail.unsubscribe_token(user.pk, 'turns')}/"
        client = Client(enforce_csrf_checks=True)
        assert 'data-testid="unsubscribe-form"' in client.get(path).content.decode()
        assert profile_of(user).email_turns is True  # opening it changes nothing
        response = client.post(path)
        assert response.status_code == 200 and 'data-testid="unsubscribed"' in response.content.decode()
        assert profile_of(user).email_turns is False
        assert client.post(path).status_code == 200  # twice is harmless

    @pytest.mark.parametrize("token", ["nonsense", "a:b:c", "%ED%A0%80"])
    def test_a_bad_link_gets_a_clear_error_and_changes_nothing(self, token):
        user = UserFactory(username="ali")
        for method in (Client().get, Client().post):
            response = method(f"/accounts/email/unsubscribe/{token}/")
            assert response.status_code == 400 and "This unsubscribe link is not valid" in response.content.decode()
        assert profile_of(user).email_turns is True

    def test_a_confirmation_link_is_no_unsubscribe_link(self):
        from accounts import mail

        user = UserFactory(username="ali")
        response = Client().post(f"/accounts/email/unsubscribe/{mail.verification_token(user.pk, 'a@example.org')}/")
        assert response.status_code == 400
        assert profile_of(user).email_turns is True

    def test_the_link_of_a_deleted_account_says_so(self):
        from accounts import mail

        token = mail.unsubscribe_token(UserFactory(username="ali").pk, "turns")
        User.objects.filter(username="ali").delete()
        response = Client().post(f"/accounts/email/unsubscribe/{token}/")
        assert response.status_code == 400 and "no longer exists" in response.content.decode()


@pytest.mark.django_db
def test_a_mail_clients_one_click_unsubscribe_from_the_headers_of_a_received_message(mail_settings):
    """RFC 8058: the client POSTs List-Unsubscribe=One-Click to the List-Unsubscribe link, with no cookie."""
    from django.core.mail import EmailMessage

    from accounts import mail

    user = UserFactory(username="ali")
    link = mail.unsubscribe_link("http://testserver", user.pk, "turns")
    mail.add_unsubscribe_headers(EmailMessage("Your turn", "It is your turn.", to=["ali@example.org"]), link).send()
    (received,) = mail_settings.wait_for("ali@example.org")
    assert received["message"]["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    target = received["message"]["List-Unsubscribe"].strip().strip("<>")
    response = Client(enforce_csrf_checks=True).post(
        "/" + target.split("://", 1)[1].split("/", 1)[1], "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 200
    assert profile_of(user).email_turns is False


@pytest.mark.django_db
def test_the_data_download_is_limited_per_person_with_a_clear_wait(settings):
    settings.DATA_DOWNLOAD_LIMIT = 2
    ali = logged_in(UserFactory(username="ali"))
    assert [ali.get("/accounts/account/data.json").status_code for _n in range(2)] == [200, 200]
    refused = ali.get("/accounts/account/data.json")
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "Too many downloads of your data. Try again in 60 minutes." in refused.content.decode()
    # another person is not held up by it
    assert logged_in(UserFactory(username="bob")).get("/accounts/account/data.json").status_code == 200
