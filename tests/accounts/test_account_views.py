"""The account pages (accounts/views.py): sign-up with an address, confirmation, address change,
password reset, language, data download and deletion. E-mails go through a real SMTP server."""
import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts import outbox
from accounts.models import AccountProfile, profile_of
from tests.factories import PASSWORD, UserFactory
from tests.mail_server import links_in

User = get_user_model()
SIGNUP = {"username": "newplayer", "password1": "Sesame-open-42", "password2": "Sesame-open-42"}


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
        response = client.post(form_page.redirect_chain[-1][0], {"new_password1": "Another-secret-99", "new_password2": "Another-secret-99"})
        assert response.status_code == 302 and response["Location"] == "/accounts/password/reset/complete/"
        assert User.objects.get(pk=user.pk).check_password("Another-secret-99")
        # The link works once.
        again = Client().get(link, follow=True)
        assert 'data-testid="password-reset-invalid"' in again.content.decode()

    def test_password_reset_to_an_unknown_or_unconfirmed_address_sends_nothing_and_says_the_same(self, mailbox):
        user = UserFactory(username="ali")
        AccountProfile.objects.create(user=user, pending_email="ali@example.org")
        for address in ("ali@example.org", "nobody@example.org"):
            response = Client().post("/accounts/password/reset/", {"email": address})
            assert response.status_code == 302 and response["Location"] == "/accounts/password/reset/sent/"
        assert outbox.flush()
        assert mailbox.received() == []

    def test_password_reset_is_limited_per_address(self, settings, mailbox):
        settings.EMAIL_ADDRESS_LIMIT = 2
        user = UserFactory(username="ali")
        AccountProfile.objects.create(user=user, verified_email="ali@example.org")
        statuses = [Client().post("/accounts/password/reset/", {"email": "ali@example.org"}).status_code for _ in range(3)]
        assert statuses == [302, 302, 429]
        mailbox.wait_for("ali@example.org", count=2)
        assert outbox.flush() and len(mailbox.received()) == 2

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

    def test_changing_the_address_needs_the_password_and_a_free_address(self):
        AccountProfile.objects.create(user=UserFactory(username="baba"), verified_email="taken@example.org")
        user = UserFactory(username="ali")
        client = logged_in(user)
        wrong = client.post("/accounts/account/email/", {"email": "new@example.org", "password": "wrong"})
        assert "Your password was entered incorrectly" in wrong.content.decode()
        taken = client.post("/accounts/account/email/", {"email": "Taken@example.org", "password": PASSWORD})
        assert "already used by another account" in taken.content.decode()
        surrogate = client.post("/accounts/account/email/", f"email=%ED%B2%80@example.org&password={PASSWORD}", content_type="application/x-www-form-urlencoded")
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

    def test_data_download_is_a_json_file_of_ones_own_data(self):
        user = UserFactory(username="ali")
        response = logged_in(user).get("/accounts/account/data.json")
        assert response["Content-Type"].startswith("application/json")
        assert 'attachment; filename="ali-data.json"' == response["Content-Disposition"]
        data = json.loads(response.content)
        assert data["account"]["username"] == "ali"
        assert set(data) == {"account", "ratings", "matches", "chat_messages"}

    def test_deleting_the_account_with_the_password_logs_out(self):
        user = UserFactory(username="ali")
        client = logged_in(user)
        response = client.post("/accounts/account/delete/", {"password": PASSWORD})
        assert response.status_code == 302 and response["Location"] == "/"
        assert not User.objects.filter(username="ali").exists()
        assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_opening_a_used_confirmation_link_says_the_address_is_already_confirmed(client):
    from accounts import mail

    user = UserFactory(username="ali")
    AccountProfile.objects.create(user=user, verified_email="ali@example.org")
    response = client.get(f"/accounts/email/confirm/{mail.verification_token(user.pk, 'ali@example.org')}/")
    assert response.status_code == 400 and "already confirmed" in response.content.decode()


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
