"""accounts/services.py: confirming an address, deleting an account, the data download."""
import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from accounts import mail, services
from accounts.models import AccountProfile, profile_of
from chat.models import ChatMessage
from chat.services import chat_post
from matches.models import ActionLog, Match, MatchSeat, Rating
from matches.ratings import record_match_ratings
from tests.chat.helpers import make_match, play_one_action, play_to_end
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
User = get_user_model()


@pytest.fixture(autouse=True)
def ratings_in_process(settings):
    settings.TIMER_BACKEND = "thread"  # no broker: ratings are recorded as each match ends


def pending(user, address):
    profile = profile_of(user)
    profile.pending_email = address
    profile.save()
    return mail.verification_token(user.pk, address)


class TestConfirmEmail:
    def test_a_valid_link_makes_the_pending_address_the_accounts(self):
        user = UserFactory(username="ali")
        token = pending(user, "Ali@Example.org")
        services.confirm_email(token)
        profile = AccountProfile.objects.get(user=user)
        assert (profile.verified_email, profile.pending_email) == ("Ali@Example.org", "")
        assert User.objects.get(pk=user.pk).email == "Ali@Example.org"

    @pytest.mark.parametrize("token", ["", "nonsense", "a:b:c", "\ud800", "x" * 5000])
    def test_a_bad_link_is_refused_and_changes_nothing(self, token):
        user = UserFactory(username="ali")
        pending(user, "ali@example.org")
        with pytest.raises(services.AccountError, match="not valid"):
            services.confirm_email(token)
        assert profile_of(user).verified_email == ""

    def test_a_tampered_link_is_refused(self):
        user = UserFactory(username="ali")
        token = pending(user, "ali@example.org")
        forged = mail.verification_token(user.pk, "ali@example.org").rsplit(":", 1)[0] + ":" + "A" * 43
        for bad in (token[:-1] + ("a" if token[-1] != "a" else "b"), forged):
            with pytest.raises(services.AccountError, match="not valid"):
                services.confirm_email(bad)
        assert profile_of(user).verified_email == ""

    def test_an_expired_link_says_so_and_changes_nothing(self, settings):
        user = UserFactory(username="ali")
        token = pending(user, "ali@example.org")
        settings.EMAIL_VERIFY_MAX_AGE = -1
        with pytest.raises(services.AccountError, match="expired"):
            services.confirm_email(token)
        assert profile_of(user).pending_email == "ali@example.org"

    def test_the_link_of_an_address_replaced_since_is_refused(self):
        user = UserFactory(username="ali")
        old = pending(user, "old@example.org")
        pending(user, "new@example.org")
        with pytest.raises(services.AccountError, match="no longer waits"):
            services.confirm_email(old)
        assert profile_of(user).verified_email == ""

    def test_an_address_confirmed_by_another_account_first_is_refused(self):
        first, second = UserFactory(username="ali"), UserFactory(username="baba")
        token_first = pending(first, "shared@example.org")
        token_second = pending(second, "SHARED@example.org")
        services.confirm_email(token_first)
        with pytest.raises(services.AccountError, match="already used"):
            services.confirm_email(token_second)
        assert profile_of(second).verified_email == ""
        assert profile_of(second).pending_email == "SHARED@example.org"

    def test_a_link_used_twice_says_the_address_is_already_confirmed(self):
        user = UserFactory(username="ali")
        token = pending(user, "ali@example.org")
        services.confirm_email(token)
        with pytest.raises(services.AccountError, match="already confirmed"):
            services.confirm_email(token)

    def test_two_accounts_cannot_hold_one_confirmed_address_in_the_database(self):
        from django.db import IntegrityError, transaction

        a, b = profile_of(UserFactory(username="ali")), profile_of(UserFactory(username="baba"))
        a.verified_email = "x@example.org"
        a.save()
        b.verified_email = "X@EXAMPLE.ORG"
        with pytest.raises(IntegrityError), transaction.atomic():
            b.save()


class TestDeleteAccount:
    def test_finished_matches_stay_replayable_for_the_others_with_an_anonymous_seat(self):
        match, (leaver, stayer) = make_match()
        chat_post(match.pk, leaver, "good luck")
        chat_post(match.pk, stayer, "thanks")
        match = play_to_end(match.pk)
        record_match_ratings(match.pk)  # on commit in the site; this test's transaction never commits
        actions = ActionLog.objects.filter(match=match).count()
        stayer_rating = Rating.objects.get(user=stayer).rating

        services.delete_account(leaver)

        assert not User.objects.filter(pk=leaver.pk).exists()
        seats = list(MatchSeat.objects.filter(match=match).order_by("seat"))
        assert [s.user_id for s in seats] == [None, stayer.pk]
        assert seats[0].display_name == "Former player 1"
        assert ActionLog.objects.filter(match=match).count() == actions
        assert Match.objects.get(pk=match.pk).result == match.result
        assert Rating.objects.get(user=stayer).rating == stayer_rating
        assert not Rating.objects.filter(user_id=leaver.pk).exists()
        # Their own words go with them; the others' stay.
        assert list(ChatMessage.objects.filter(match=match).values_list("text", flat=True)) == ["thanks"]
        client = Client()
        client.force_login(stayer)
        page = client.get(f"/matches/{match.pk}/replay/")
        assert page.status_code == 200 and "Former player 1" in page.content.decode()
        assert client.get(f"/matches/{match.pk}/replay.json?seat=1&from=0&to={actions}").status_code == 200

    def test_it_is_refused_while_the_person_plays_a_running_match(self):
        match, (player, _other) = make_match()
        play_one_action(match.pk)
        with pytest.raises(services.AccountError, match="not over"):
            services.delete_account(player)
        assert User.objects.filter(pk=player.pk).exists()
        assert MatchSeat.objects.filter(match=match, user=player).exists()


class TestAccountData:
    def test_it_holds_the_account_its_matches_ratings_and_own_chat_messages_only(self):
        match, (me, other) = make_match()
        chat_post(match.pk, me, "salam")
        chat_post(match.pk, other, "not mine")
        play_to_end(match.pk)
        record_match_ratings(match.pk)
        profile = profile_of(me)
        profile.verified_email, profile.language = "me@example.org", "fr"
        profile.save()

        data = json.loads(json.dumps(services.account_data(me)))

        assert data["account"]["username"] == me.username
        assert data["account"]["email"] == "me@example.org"
        assert data["account"]["language"] == "fr"
        assert [(m["match"], m["seat"], m["status"]) for m in data["matches"]] == [(match.pk, 0, "finished")]
        assert [r["game"] for r in data["ratings"]] == ["countdown"]
        assert [m["text"] for m in data["chat_messages"]] == ["salam"]
        assert "not mine" not in json.dumps(data)
