"""Fuzzing the account forms (issue 8, item 5; issue 20, item 2): any input, text from all of Unicode
(lone surrogates as the raw bytes a script can send, NULs, over-long), gets a page, a redirect or a 4xx, never a 500."""
import unicodedata

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from hypothesis import HealthCheck, assume, given, settings as hypothesis_settings, strategies as st

from tests.examples import examples
from tests.factories import PASSWORD, UserFactory
from tests.fuzzing import any_text, post_form

pytestmark = pytest.mark.django_db
User = get_user_model()
FUZZ = hypothesis_settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

# Text a person (or a script) can put in a form: any Unicode, long, control characters, look-alikes.
field_text = st.one_of(
    any_text(max_size=200),
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=30),
    st.sampled_from(["admin", "\uff41dmin", "\u0430dmin", "' OR 1=1 --", "a" * 151, "\x00", "\u202e", PASSWORD]),
)
form_data = st.dictionaries(
    st.sampled_from(
        ["username", "password", "password1", "password2", "old_password", "new_password1", "new_password2", "next", "extra", "email"]
    ),
    field_text,
    max_size=6,
)
# An e-mail address field: text as above, or something close to an address.
address_text = st.one_of(field_text, st.emails(), st.builds(lambda a, b: f"{a}@{b}.org", st.text(max_size=20), st.text(max_size=20)))
account_data = st.fixed_dictionaries(
    {"email": address_text}, optional={"password": st.sampled_from([PASSWORD, "wrong"]), "language": field_text,
                                       "confirm_moves": st.one_of(st.sampled_from(["never", "turn_based", "always"]), field_text)}
)


@FUZZ
@given(data=form_data)
def test_login_form_never_fails_and_logs_nobody_in(data, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # The one right answer (admin's own password) may be drawn too: that log-in rightly succeeds, under
    # any spelling the log-in form reads as "admin" (its username field is NFKC-normalised, as
    # Django's is: a full-width "ａdmin" is admin).
    username = data.get("username")
    assume(not (isinstance(username, str) and unicodedata.normalize("NFKC", username) == "admin"
                and data.get("password") == PASSWORD))
    UserFactory(username="admin")
    client = Client()
    response = post_form(client, "/accounts/login/", data)
    assert response.status_code in (200, 429)
    assert "_auth_user_id" not in client.session


@FUZZ
@given(data=form_data)
def test_signup_form_never_fails_and_creates_only_plain_names(data, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.SIGNUP_LIMIT = 10_000
    before = set(User.objects.values_list("username", flat=True))
    response = post_form(Client(), "/accounts/signup/", data)
    after = set(User.objects.values_list("username", flat=True))
    if response.status_code == 302:
        (created,) = after - before
        assert created.isascii() and all(c.isalnum() or c in "._-" for c in created)
    else:
        assert response.status_code == 200
        assert after == before


@FUZZ
@given(data=form_data)
def test_password_change_form_never_fails_and_keeps_the_password_unless_right(data, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    user = UserFactory(username="owner")
    user.set_password(PASSWORD)
    user.save()
    client = Client()
    client.force_login(user)
    response = post_form(client, "/accounts/password/", data)
    user.refresh_from_db()
    if response.status_code == 302:
        assert data.get("old_password") == PASSWORD
    else:
        assert response.status_code in (200, 429)
        assert user.check_password(PASSWORD)


def test_nul_characters_are_refused_cleanly(client):
    response = client.post("/accounts/login/", {"username": "a\x00b", "password": "x"})
    assert response.status_code == 200
    response = client.post("/accounts/signup/", {"username": "a\x00b", "password1": "Sesame-open-42", "password2": "Sesame-open-42"})
    assert response.status_code == 200 and not User.objects.exists()


@FUZZ
@given(name=any_text(max_size=40))
def test_any_profile_name_in_the_address_is_a_page_or_a_404(name):
    """Finding 7 (a NUL in /accounts/u/%00/ was a 500), for every character."""
    UserFactory(username="walker")
    from tests.fuzzing import encode_field

    response = Client().get("/accounts/u/" + encode_field(name) + "/")
    assert response.status_code in (200, 301, 302, 404)


@FUZZ
@given(data=account_data)
def test_the_account_page_forms_never_fail_and_change_only_on_valid_input(data, settings):
    """Change of address, preferences (e-mail, playing), deletion, password reset: a page, a redirect or a 4xx, never a 500."""
    from accounts.models import AccountProfile, profile_of

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.EMAIL_USER_LIMIT = settings.EMAIL_ADDRESS_LIMIT = settings.PASSWORD_RESET_IP_LIMIT = 10_000
    settings.EMAIL_REQUESTER_ADDRESS_LIMIT = settings.PASSWORD_RESET_ADDRESS_LIMIT = 10_000
    settings.PASSWORD_CHANGE_ATTEMPTS_LIMIT = 10_000
    user = UserFactory(username="owner")
    AccountProfile.objects.filter(user=user).delete()  # the examples share one database transaction
    client = Client()
    client.force_login(user)
    response = post_form(client, "/accounts/account/email/", data)
    pending = profile_of(user).pending_email
    if response.status_code == 302:
        assert data.get("password") == PASSWORD and pending
        assert all(c.isprintable() and c != "\ufffd" for c in pending)
    else:
        assert response.status_code in (200, 429) and pending == ""
    assert post_form(client, "/accounts/account/preferences/", data).status_code in (200, 302)
    playing = post_form(client, "/accounts/account/playing/", data)
    assert playing.status_code in (200, 302)
    assert profile_of(user).confirm_moves == (data.get("confirm_moves") if playing.status_code == 302 else "turn_based")
    assert post_form(Client(), "/accounts/password/reset/", data).status_code in (200, 302, 429)
    data = dict(data, password="wrong")
    assert post_form(client, "/accounts/account/delete/", data).status_code in (200, 429)
    assert User.objects.filter(username="owner").exists()
