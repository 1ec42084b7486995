"""Blocking a person and unblocking them (docs/people.md, "Block"): a block ends the follows between the two
and withdraws the invitations between them; while it stands, the relations and invitations refuse."""
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from people import invitations
from people.errors import PeopleError
from people.models import Block, Follow
from people.relations import other_person


def block(user, name):
    """``user`` blocks ``name``; returns the one blocked."""
    other = other_person(user, name, _("You cannot block yourself."))
    with transaction.atomic():
        try:
            with transaction.atomic():
                Block.objects.create(blocker=user, blocked=other)
        except IntegrityError:
            raise PeopleError(_("You already blocked %(name)s.") % {"name": other.username}, "twice") from None
        Follow.objects.filter(Q(follower=user, followed=other) | Q(follower=other, followed=user)).delete()
        invitations.withdraw_between(user, other)
    return other


def unblock(user, name):
    other = other_person(user, name, _("You cannot block yourself."))
    if not Block.objects.filter(blocker=user, blocked=other).delete()[0]:
        raise PeopleError(_("You have not blocked %(name)s.") % {"name": other.username}, "not_blocked")
    return other
