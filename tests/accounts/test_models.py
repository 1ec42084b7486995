"""The person's profile (accounts/models.py): when their match pages confirm moves."""
import pytest

from accounts.models import AccountProfile, ConfirmMoves, confirms_moves, confirms_moves_at, profile_of
from tests.factories import UserFactory


def test_confirm_moves_is_at_turn_based_tables_only_by_default():
    assert AccountProfile._meta.get_field("confirm_moves").default == ConfirmMoves.TURN_BASED
    assert confirms_moves(ConfirmMoves.TURN_BASED, turn_based=True) is True
    assert confirms_moves(ConfirmMoves.TURN_BASED, turn_based=False) is False


def test_never_confirms_and_always_confirms_whatever_the_table():
    for turn_based in (True, False):
        assert confirms_moves(ConfirmMoves.NEVER, turn_based) is False
        assert confirms_moves(ConfirmMoves.ALWAYS, turn_based) is True


@pytest.mark.django_db
def test_a_person_without_a_profile_has_the_default_and_reading_it_makes_none():
    user = UserFactory()
    assert confirms_moves_at(user, turn_based=True) is True
    assert confirms_moves_at(user, turn_based=False) is False
    assert not AccountProfile.objects.filter(user=user).exists()


@pytest.mark.django_db
def test_the_persons_own_setting_is_read():
    user = UserFactory()
    profile = profile_of(user)
    profile.confirm_moves = ConfirmMoves.ALWAYS
    profile.save()
    assert confirms_moves_at(user, turn_based=False) is True
    profile.confirm_moves = ConfirmMoves.NEVER
    profile.save()
    assert confirms_moves_at(user, turn_based=True) is False
