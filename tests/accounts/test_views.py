from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.accounts.factories import PASSWORD, MatchSeatFactory, RatingFactory, UserFactory

pytestmark = pytest.mark.django_db
User = get_user_model()


def logged_in_id(client):
    return client.session.get("_auth_user_id")


class TestSignup:
    def test_page(self, client):
        response = client.get("/accounts/signup/")
        assert response.status_code == 200
        content = response.content.decode()
        assert 'data-testid="signup-submit"' in content
        for name in ("username", "password1", "password2"):
            assert f'name="{name}"' in content

    def test_creates_user_logs_in_and_goes_to_the_lobby(self, client):
        response = client.post("/accounts/signup/", {"username": "newplayer", "password1": "Sesame-open-42", "password2": "Sesame-open-42"})
        assert response.status_code == 302
        assert response["Location"] == reverse("lobby:home")
        user = User.objects.get(username="newplayer")
        assert user.check_password("Sesame-open-42")
        assert logged_in_id(client) == str(user.pk)

    @pytest.mark.parametrize(
        "data",
        [
            {"username": "newplayer", "password1": "Sesame-open-42", "password2": "Sesame-open-43"},
            {"username": "newplayer", "password1": "123", "password2": "123"},
            {"username": "", "password1": "Sesame-open-42", "password2": "Sesame-open-42"},
            {"username": "bad name!", "password1": "Sesame-open-42", "password2": "Sesame-open-42"},
        ],
    )
    def test_bad_signup_shows_errors_and_creates_nothing(self, client, data):
        response = client.post("/accounts/signup/", data)
        assert response.status_code == 200
        assert response.context["form"].errors
        assert 'class="errorlist' in response.content.decode()
        assert not User.objects.exists()
        assert logged_in_id(client) is None

    def test_taken_username(self, client):
        UserFactory(username="taken")
        response = client.post("/accounts/signup/", {"username": "taken", "password1": "Sesame-open-42", "password2": "Sesame-open-42"})
        assert response.status_code == 200
        assert "username" in response.context["form"].errors
        assert User.objects.count() == 1


class TestLoginLogout:
    def test_page(self, client):
        response = client.get("/accounts/login/")
        assert response.status_code == 200
        content = response.content.decode()
        assert 'data-testid="login-submit"' in content
        assert 'name="username"' in content and 'name="password"' in content

    def test_login_and_logout(self, client):
        user = UserFactory()
        response = client.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
        assert response.status_code == 302
        assert response["Location"] == reverse("lobby:home")
        assert logged_in_id(client) == str(user.pk)

        assert client.get("/accounts/logout/").status_code == 405  # POST only
        assert logged_in_id(client) == str(user.pk)
        response = client.post("/accounts/logout/")
        assert response.status_code == 302
        assert logged_in_id(client) is None

    def test_login_follows_next(self, client):
        user = UserFactory()
        response = client.post("/accounts/login/?next=/matches/", {"username": user.username, "password": PASSWORD, "next": "/matches/"})
        assert response["Location"] == "/matches/"

    def test_wrong_password(self, client):
        user = UserFactory()
        response = client.post("/accounts/login/", {"username": user.username, "password": "nope"})
        assert response.status_code == 200
        assert response.context["form"].errors
        assert logged_in_id(client) is None


class TestPasswordChange:
    def test_needs_login(self, client):
        response = client.get("/accounts/password/")
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("accounts:login"))

    def test_change(self, client):
        user = UserFactory()
        client.force_login(user)
        assert client.get("/accounts/password/").status_code == 200
        response = client.post(
            "/accounts/password/",
            {"old_password": PASSWORD, "new_password1": "Another-secret-77", "new_password2": "Another-secret-77"},
        )
        assert response.status_code == 302
        assert response["Location"] == reverse("accounts:password_change_done")
        user.refresh_from_db()
        assert user.check_password("Another-secret-77")
        # Still logged in (the session hash was updated).
        assert logged_in_id(client) == str(user.pk)
        assert client.get(response["Location"]).status_code == 200

    def test_wrong_old_password(self, client):
        user = UserFactory()
        client.force_login(user)
        response = client.post(
            "/accounts/password/",
            {"old_password": "wrong", "new_password1": "Another-secret-77", "new_password2": "Another-secret-77"},
        )
        assert response.status_code == 200
        assert "old_password" in response.context["form"].errors
        user.refresh_from_db()
        assert user.check_password(PASSWORD)


class TestProfile:
    def test_unknown_user(self, client):
        assert client.get("/accounts/u/nobody/").status_code == 404

    def test_shows_ratings_stats_and_matches(self, client):
        user = UserFactory(username="alice")
        # Ordinals, shown as 1500 + 20 x ordinal (docs/ratings.md): 5.6 is shown as 1612.
        RatingFactory(user=user, game="countdown", rating=5.6, matches_played=3, wins=2)
        won = MatchSeatFactory(user=user, rank=1, won=True, score=10, rating_before=4.0, rating_after=5.6)
        MatchSeatFactory(match__game="countdown", user=UserFactory(), seat=1, match=won.match, rank=2)
        lost = MatchSeatFactory(user=user, rank=2, score=3)
        running = MatchSeatFactory(user=user, match__status="running")

        response = client.get("/accounts/u/alice/")
        assert response.status_code == 200
        content = response.content.decode()
        assert "Countdown (test game)" in content  # the game's name from the registry
        assert '<strong data-testid="profile-rating">1612</strong>' in content
        assert '<td data-testid="profile-rating-change">+32</td>' in content
        assert response.context["matches_played"] == 2
        assert response.context["matches_won"] == 1
        for seat in (won, lost, running):
            assert f'href="/matches/{seat.match_id}/"' in content
        assert [m["match"].pk for m in response.context["recent_matches"]] == [running.match_id, lost.match_id, won.match_id]
        # Not the owner: no password link.
        assert reverse("accounts:password_change") not in content

    def test_owner_sees_the_password_link(self, client):
        user = UserFactory()
        client.force_login(user)
        content = client.get(reverse("accounts:profile", args=[user.username])).content.decode()
        assert reverse("accounts:password_change") in content

    def test_twenty_recent_matches_newest_first(self, client):
        user = UserFactory()
        seats = [MatchSeatFactory(user=user) for _ in range(23)]
        response = client.get(reverse("accounts:profile", args=[user.username]))
        shown = [m["match"].pk for m in response.context["recent_matches"]]
        assert shown == [s.match_id for s in reversed(seats)][:20]

    def test_private_matches_hidden_from_others(self, client):
        owner, other, seated = UserFactory(), UserFactory(), UserFactory()
        private = MatchSeatFactory(user=owner, match__is_private=True)
        MatchSeatFactory(user=seated, match=private.match, seat=1)
        public = MatchSeatFactory(user=owner)
        url = reverse("accounts:profile", args=[owner.username])

        def shown(viewer):
            client.logout()
            if viewer:
                client.force_login(viewer)
            return {m["match"].pk for m in client.get(url).context["recent_matches"]}

        assert shown(None) == {public.match_id}
        assert shown(other) == {public.match_id}
        assert shown(seated) == {public.match_id, private.match_id}
        assert shown(owner) == {public.match_id, private.match_id}


class TestSignupNames:
    @pytest.mark.parametrize("name", ["\u0430lice", "b\u043eb", "caf\u00e9", "with space", "x@y", "a+b"])
    def test_lookalike_or_non_ascii_names_are_refused(self, client, name):
        response = client.post("/accounts/signup/", {"username": name, "password1": "Sesame-open-42", "password2": "Sesame-open-42"})
        assert response.status_code == 200
        assert "username" in response.context["form"].errors
        assert not User.objects.exists()

    def test_full_width_name_is_stored_in_its_plain_form(self, client):
        response = client.post(
            "/accounts/signup/", {"username": "\uff56ictim", "password1": "Sesame-open-42", "password2": "Sesame-open-42"}
        )
        assert response.status_code == 302
        assert User.objects.get().username == "victim"

    def test_name_differing_only_in_case_is_taken(self, client):
        UserFactory(username="alice")
        response = client.post("/accounts/signup/", {"username": "ALICE", "password1": "Sesame-open-42", "password2": "Sesame-open-42"})
        assert response.status_code == 200
        assert "username" in response.context["form"].errors
        assert User.objects.count() == 1

    @pytest.mark.parametrize("name", ["alice", "Bob_2", "j.doe", "x-y"])
    def test_ascii_names_are_accepted(self, client, name):
        response = client.post("/accounts/signup/", {"username": name, "password1": "Sesame-open-42", "password2": "Sesame-open-42"})
        assert response.status_code == 302
        assert User.objects.get().username == name


class TestRateLimits:
    """Issue 8, finding 13: sign-ups per address and old-password guesses per user are limited."""

    def test_signups_per_address_are_limited(self, client, settings):
        settings.SIGNUP_LIMIT = 2
        for n in range(2):
            data = {"username": f"new{n}", "password1": "Sesame-open-42", "password2": "Sesame-open-42"}
            assert client.post("/accounts/signup/", data, REMOTE_ADDR="10.7.7.7").status_code == 302
            client.logout()
        data = {"username": "new9", "password1": "Sesame-open-42", "password2": "Sesame-open-42"}
        response = client.post("/accounts/signup/", data, REMOTE_ADDR="10.7.7.7")
        assert response.status_code == 429
        assert int(response["Retry-After"]) > 0
        assert "Too many sign-ups from your address." in response.content.decode()
        assert not User.objects.filter(username="new9").exists()
        assert client.post("/accounts/signup/", data, REMOTE_ADDR="10.7.7.8").status_code == 302

    def test_accounts_made_across_the_site_are_limited_whatever_the_addresses(self, client, settings):
        """Issue 20, finding 8: ten accounts from ten addresses all went through."""
        settings.SIGNUP_SITE_LIMIT = 3
        for n in range(3):
            data = {"username": f"spread{n}", "password1": "Sesame-open-42", "password2": "Sesame-open-42"}
            assert client.post("/accounts/signup/", data, REMOTE_ADDR=f"10.8.0.{n}").status_code == 302
            client.logout()
        data = {"username": "spread9", "password1": "Sesame-open-42", "password2": "Sesame-open-42"}
        response = client.post("/accounts/signup/", data, REMOTE_ADDR="10.8.0.99")
        assert response.status_code == 429 and int(response["Retry-After"]) > 0
        assert "The site takes no more new accounts for the moment." in response.content.decode()
        assert not User.objects.filter(username="spread9").exists()
        # A refused name is not counted: only accounts actually made are.
        bad = {"username": "spread8", "password1": "a", "password2": "b"}
        assert client.post("/accounts/signup/", bad, REMOTE_ADDR="10.8.0.98").status_code == 200

    def test_old_password_guesses_are_limited(self, client, settings):
        settings.PASSWORD_CHANGE_ATTEMPTS_LIMIT = 3
        user = UserFactory()
        client.force_login(user)
        for _ in range(3):
            data = {"old_password": "wrong", "new_password1": "Another-secret-77", "new_password2": "Another-secret-77"}
            assert client.post("/accounts/password/", data).status_code == 200
        data = {"old_password": PASSWORD, "new_password1": "Another-secret-77", "new_password2": "Another-secret-77"}
        response = client.post("/accounts/password/", data)
        assert response.status_code == 429
        assert int(response["Retry-After"]) > 0
        assert "Too many attempts. Try again in" in response.content.decode()
        user.refresh_from_db()
        assert user.check_password(PASSWORD)

    def test_a_right_old_password_does_not_use_up_the_allowance(self, client, settings):
        settings.PASSWORD_CHANGE_ATTEMPTS_LIMIT = 2
        user = UserFactory()
        client.force_login(user)
        for _ in range(3):  # right old password, mismatched new ones
            data = {"old_password": PASSWORD, "new_password1": "Another-secret-77", "new_password2": "Another-secret-78"}
            assert client.post("/accounts/password/", data).status_code == 200
        data = {"old_password": PASSWORD, "new_password1": "Another-secret-77", "new_password2": "Another-secret-77"}
        assert client.post("/accounts/password/", data).status_code == 302


def test_staff_see_an_admin_link_in_the_header_and_others_do_not(client):
    client.force_login(UserFactory(is_staff=True))
    assert '<a href="/admin/" data-testid="nav-admin">Admin</a>' in client.get("/").content.decode()
    client.force_login(UserFactory())
    assert 'data-testid="nav-admin"' not in client.get("/").content.decode()


def test_every_page_links_the_svg_favicon_which_exists():
    from django.contrib.staticfiles import finders
    from django.test import Client

    page = Client().get("/accounts/login/").content.decode()
    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in page
    path = finders.find("favicon.svg")
    assert path and Path(path).read_text().startswith("<svg")


def test_the_quick_match_queue_has_a_proper_plural_name_in_the_admin():
    from lobby.models import QuickMatchEntry

    assert str(QuickMatchEntry._meta.verbose_name_plural) == "quick match entries"


# --- issue 20, finding 7: a NUL in the URL is no such page, not a server error ---------------------


@pytest.mark.parametrize("path", ["/accounts/u/%00/", "/accounts/u/alice%00/", "/rules/%00/", "/leaderboards/tiles%00/"])
def test_a_nul_in_a_name_taken_from_the_url_is_a_404(path):
    UserFactory(username="alice")
    client = Client(raise_request_exception=False)
    assert client.get(path).status_code == 404
