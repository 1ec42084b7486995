"""Following, friends, blocking and finding people by name (docs/people.md).

Every name a person types is looked up alike (`person_named`): an account that is not active, or one
that stands behind a block, is "nobody called so" for the search; for the actions, a block is said as
such to the blocker only (they know), and to the blocked person as a plain refusal.
"""
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Case, IntegerField, Q, Value, When
from django.utils.translation import gettext as _

from accounts.models import AccountProfile, Audience
from matches.models import MatchSeat
from people.errors import PeopleError
from people.models import Block, Follow

NAME_MAX_LENGTH = 150
# Fewer letters than this find nobody: a search is for a name, not a listing of every account.
SEARCH_MIN_LENGTH = 2


def _clean_name(name) -> str:
    return name.strip()[:NAME_MAX_LENGTH] if isinstance(name, str) else ""


def person_named(name):
    """The active account of this name (case-insensitive), or PeopleError."""
    text = _clean_name(name)
    if not text:
        raise PeopleError(_("Type a player's name."), "no_name")
    # a NUL is refused by PostgreSQL with an error: no account has it anyway
    user = None if "\x00" in text else get_user_model().objects.filter(username__iexact=text, is_active=True).first()
    if user is None:
        raise PeopleError(_("There is nobody called %(name)s.") % {"name": text[:40]}, "unknown")
    return user


def blocked_between(a_id, b_id) -> bool:
    """Whether either of the two blocked the other."""
    return Block.objects.filter(Q(blocker_id=a_id, blocked_id=b_id) | Q(blocker_id=b_id, blocked_id=a_id)).exists()


def blocked_by_a_player(match_id, user_id) -> bool:
    """Whether a person seated at the match blocked ``user_id`` (chat/services.py refuses their messages there)."""
    players = MatchSeat.objects.filter(match_id=match_id, user__isnull=False).values("user_id")
    return Block.objects.filter(blocked_id=user_id, blocker_id__in=players).exists()


def join_refusal(user, table, seated_ids) -> str | None:
    """Why ``user`` may not sit at a table where ``seated_ids`` sit (lobby/tables.py's join check): a block
    either way with one of them. The blocked person is not told who blocked them."""
    blocks = Block.objects.filter(Q(blocker=user, blocked_id__in=seated_ids) | Q(blocker_id__in=seated_ids, blocked=user))
    found = list(blocks.values_list("blocker_id", "blocked__username")[:1])
    if not found:
        return None
    blocker_id, blocked_name = found[0]
    if blocker_id == user.pk:
        return _("You blocked %(name)s, who sits at this table: unblock them first.") % {"name": blocked_name}
    return _("You cannot sit at this table.")


def follows(follower_id, followed_id) -> bool:
    return Follow.objects.filter(follower_id=follower_id, followed_id=followed_id).exists()


def are_friends(a_id, b_id) -> bool:
    """Friends follow each other."""
    return Follow.objects.filter(Q(follower_id=a_id, followed_id=b_id) | Q(follower_id=b_id, followed_id=a_id)).count() == 2


def audience_allows(setting: str, owner_id, other_id) -> bool:
    """Whether a person's privacy setting (accounts.models.Audience) lets ``other`` in."""
    if setting == Audience.NOBODY:
        return False
    return setting != Audience.FRIENDS or are_friends(owner_id, other_id)


def privacy_of(user_id) -> tuple[str, str]:
    """(findable_by, invitable_by), read without making a profile (none: the defaults)."""
    row = AccountProfile.objects.filter(user_id=user_id).values_list("findable_by", "invitable_by").first()
    return row or (Audience.EVERYONE, Audience.EVERYONE)


def other_person(user, name, yourself_message):
    """The person called ``name``, who must not be ``user`` (else PeopleError with ``yourself_message``)."""
    other = person_named(name)
    if other.pk == user.pk:
        raise PeopleError(yourself_message, "yourself")
    return other


def follow(user, name):
    """``user`` follows ``name``; once both follow each other they are friends. Returns the one followed."""
    other = other_person(user, name, _("You cannot follow yourself."))
    if Block.objects.filter(blocker=user, blocked=other).exists():
        raise PeopleError(_("You blocked %(name)s: unblock them first.") % {"name": other.username}, "blocked")
    if Block.objects.filter(blocker=other, blocked=user).exists():
        raise PeopleError(_("You cannot follow %(name)s.") % {"name": other.username}, "blocked")
    try:
        with transaction.atomic():
            Follow.objects.create(follower=user, followed=other)
    except IntegrityError:
        raise PeopleError(_("You already follow %(name)s.") % {"name": other.username}, "twice") from None
    return other


def unfollow(user, name):
    other = other_person(user, name, _("You cannot follow yourself."))
    if not Follow.objects.filter(follower=user, followed=other).delete()[0]:
        raise PeopleError(_("You do not follow %(name)s.") % {"name": other.username}, "not_following")
    return other


def search(viewer, query) -> list:
    """Active accounts whose name contains ``query`` (ignoring case), those that start with it first, at most
    PEOPLE_SEARCH_RESULTS: never the viewer, nobody behind a block either way, nobody whose privacy hides them
    from the viewer. Names only: nothing else of an account is read here."""
    text = _clean_name(query)
    if len(text) < SEARCH_MIN_LENGTH or "\x00" in text:
        return []
    blocked = Block.objects.filter(Q(blocker=viewer) | Q(blocked=viewer)).values_list("blocker_id", "blocked_id")
    hidden = {pk for pair in blocked for pk in pair} | {viewer.pk}
    # who the viewer is a friend of: they follow each other
    followed_by_viewer = set(Follow.objects.filter(follower=viewer).values_list("followed_id", flat=True))
    friends = set(Follow.objects.filter(followed=viewer, follower_id__in=followed_by_viewer).values_list("follower_id", flat=True))
    found = (
        get_user_model().objects.filter(is_active=True, username__icontains=text).exclude(pk__in=hidden)
        .exclude(account_profile__findable_by=Audience.NOBODY)
        .exclude(Q(account_profile__findable_by=Audience.FRIENDS) & ~Q(pk__in=friends))
        .annotate(prefix=Case(When(username__istartswith=text, then=Value(0)), default=Value(1), output_field=IntegerField()))
        .order_by("prefix", "username")
        .values_list("pk", "username")[: settings.PEOPLE_SEARCH_RESULTS]
    )
    return [{"id": pk, "username": username, "friend": pk in friends, "following": pk in followed_by_viewer}
            for pk, username in found]
