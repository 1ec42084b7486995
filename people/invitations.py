"""Invitations to a table by name, and challenges from a profile (docs/people.md, "Invitations").

An invitation keeps one free seat of the host's open table for the invited person
(lobby.models.TableSeat.reserved_for, as a rematch keeps its players' seats): nobody else may sit
there while it waits. The invited person accepts (they sit; a table whose every seat is then taken
starts, as a rematch does) or declines (the seat is free again and the table page shows who
declined); unanswered, it expires (the job `expire_due`). A challenge is a new table of the
challenger's, made for one invitation. Each refusal changes nothing.
"""
import contextlib
import time
from datetime import UTC, datetime

from django.conf import settings
from django.db import transaction
from django.urls import reverse
from django.utils import formats
from django.utils.translation import gettext as _, ngettext

from accounts import mail
from accounts.models import AccountProfile
from accounts.selectors import game_name
from config import ratelimit
from lobby import tables
from lobby.errors import LobbyError
from lobby.models import Table
from lobby.notify import notify_lobby
from matches.registry import get_game
from people.errors import PeopleError
from people.models import Block, Invitation
from people.relations import audience_allows, other_person, privacy_of

HOST_SCOPE = "people-invitations"
PAIR_SCOPE = "people-invitations-pair"


def _at(now: float) -> datetime:
    return datetime.fromtimestamp(now, tz=UTC)


def _now(now) -> float:
    return time.time() if now is None else now


def check_invitee(host, name):
    """The person ``host`` may invite or challenge, by name; else PeopleError."""
    invitee = other_person(host, name, _("You cannot invite yourself."))
    if Block.objects.filter(blocker=host, blocked=invitee).exists():
        raise PeopleError(_("You blocked %(name)s: unblock them first.") % {"name": invitee.username}, "blocked")
    _findable, invitable = privacy_of(invitee.pk)
    if Block.objects.filter(blocker=invitee, blocked=host).exists() or not audience_allows(invitable, invitee.pk, host.pk):
        # a block is not told to the blocked person: it reads as the privacy setting "nobody"
        raise PeopleError(_("%(name)s does not accept invitations from you.") % {"name": invitee.username}, "not_invitable")
    return invitee


def _count(host, invitee) -> None:
    """One more invitation from ``host``, and from them to ``invitee``, or PeopleError (and nothing counted)."""
    refused = ratelimit.hit_all([(HOST_SCOPE, host.pk, settings.PEOPLE_INVITATIONS_LIMIT),
                                 (PAIR_SCOPE, f"{host.pk}:{invitee.pk}", settings.PEOPLE_INVITATIONS_PER_PERSON_LIMIT)],
                                settings.PEOPLE_INVITATIONS_WINDOW)
    if refused is not None:
        raise PeopleError(ngettext("Too many invitations: try again in %(seconds)d second.",
                                   "Too many invitations: try again in %(seconds)d seconds.", refused.retry_after)
                          % {"seconds": refused.retry_after}, "too_many")


def _lifetime(table) -> int:
    return settings.PEOPLE_TURN_BASED_INVITATION_SECONDS if table.decision_days else settings.PEOPLE_INVITATION_SECONDS


def _locked_table(table_id) -> Table:
    table = Table.objects.select_for_update().filter(pk=table_id).first() if isinstance(table_id, int) else None
    if table is None:
        raise PeopleError(_("That table does not exist."), "no_table")
    if table.status != Table.Status.OPEN:
        raise PeopleError(_("That table has already started or closed."), "closed")
    return table


def _reserve(table, host, invitee, now, challenge=False) -> Invitation:
    """Keep a free seat of the (locked, open) table for ``invitee`` and tell them; inside a transaction."""
    if table.host_id != host.pk:
        raise PeopleError(_("Only the host can invite people to this table."), "not_host")
    seats = list(table.seats.select_for_update())
    if any(s.user_id == invitee.pk for s in seats):
        raise PeopleError(_("%(name)s already sits at this table.") % {"name": invitee.username}, "twice")
    if Invitation.objects.filter(table=table, invitee=invitee, status=Invitation.Status.PENDING).exists():
        raise PeopleError(_("You already invited %(name)s to this table.") % {"name": invitee.username}, "twice")
    free = [s for s in seats if s.is_empty and not s.kept_from(invitee)]
    if not free:
        raise PeopleError(_("There is no free seat at this table."), "full")
    _count(host, invitee)
    seat = free[0]
    seat.reserved_for, seat.declined = invitee, False
    seat.save(update_fields=["reserved_for", "declined"])
    invitation = Invitation.objects.create(table=table, seat=seat.seat, host=host, invitee=invitee, challenge=challenge,
                                           created_at=_at(now), expires_at=_at(now + _lifetime(table)))
    notify_lobby()
    _send_mail(invitee, invitation)
    return invitation


def _send_mail(invitee, invitation) -> None:
    """The e-mail, when the person allows it and has a confirmed address (after commit, accounts/mail.py)."""
    url = (settings.SITE_URL or "").rstrip("/")
    profile = AccountProfile.objects.filter(user=invitee, email_invitations=True).exclude(verified_email="").first()
    if url and profile is not None:
        mail.send_later(mail.INVITATION, invitee.pk, url, profile.verified_email, [invitation.pk])


def invite(host, table_id, name, now=None) -> Invitation:
    """``host`` keeps a free seat of their open table for the person called ``name``."""
    now = _now(now)
    invitee = check_invitee(host, name)
    with transaction.atomic():
        return _reserve(_locked_table(table_id), host, invitee, now)


def challenge(challenger, name, game, seats=None, now=None) -> Invitation:
    """A new table of ``game`` (its default options) hosted by ``challenger``, a seat kept for ``name``."""
    now = _now(now)
    invitee = check_invitee(challenger, name)
    try:
        spec = get_game(game) if isinstance(game, str) else None
    except LookupError:
        spec = None
    if spec is None:
        raise PeopleError(_("Unknown game."), "game")
    with transaction.atomic():
        try:
            table = tables.create_table(challenger, game, spec.min_players if seats in (None, "") else seats, {})
        except LobbyError as exc:
            raise PeopleError(exc.message, "table") from None
        return _reserve(_locked_table(table.pk), challenger, invitee, now, challenge=True)


def _locked_invitation(user, invitation_id, now) -> Invitation:
    invitation = (Invitation.objects.select_for_update().filter(pk=invitation_id).first()
                  if isinstance(invitation_id, int) and not isinstance(invitation_id, bool) else None)
    if invitation is None or invitation.invitee_id != user.pk:
        raise PeopleError(_("There is no such invitation for you."), "unknown_invitation")
    if invitation.status == Invitation.Status.EXPIRED or (invitation.status == Invitation.Status.PENDING
                                                          and invitation.expires_at <= _at(now)):
        raise PeopleError(_("This invitation has expired."), "expired")
    if invitation.status == Invitation.Status.WITHDRAWN:
        raise PeopleError(_("This invitation was withdrawn."), "withdrawn")
    if invitation.status != Invitation.Status.PENDING:
        raise PeopleError(_("You already answered this invitation."), "answered")
    return invitation


def accept(user, invitation_id, now=None) -> Table:
    """The invited person sits in the seat kept for them; once every seat is taken the match starts."""
    now = _now(now)
    with transaction.atomic():
        invitation = _locked_invitation(user, invitation_id, now)
        table = _locked_table(invitation.table_id)
        seat = table.seats.select_for_update().get(seat=invitation.seat)
        if seat.reserved_for_id != user.pk or not seat.is_empty:
            raise PeopleError(_("The host gave your seat to someone else."), "seat_taken")
        try:
            tables.join_table(user, table.pk, invitation.seat)
        except LobbyError as exc:
            raise PeopleError(exc.message, "table") from None
        invitation.status, invitation.answered_at = Invitation.Status.ACCEPTED, _at(now)
        invitation.save(update_fields=["status", "answered_at"])
        if not table.seats.filter(user__isnull=True, bot="").exists():
            # refused (e.g. a quota): the host starts it from the table page once it allows
            with contextlib.suppress(LobbyError):
                tables.start_table(table.host, table.pk)
    table.refresh_from_db()
    return table


def _free_seat(invitation, declined: bool) -> None:
    """The seat kept for the invitation is no longer kept: marked declined (the table page says who), or freed."""
    seat = invitation.table.seats.select_for_update().filter(seat=invitation.seat, reserved_for=invitation.invitee_id).first()
    if seat is None:
        return
    if declined:
        seat.declined = True
    else:
        seat.reserved_for = None
    seat.save(update_fields=["declined", "reserved_for"])
    notify_lobby()


def decline(user, invitation_id, now=None) -> Invitation:
    """The invited person declines: the seat is free again; the host's table page shows who declined."""
    now = _now(now)
    with transaction.atomic():
        invitation = _locked_invitation(user, invitation_id, now)
        invitation.status, invitation.answered_at = Invitation.Status.DECLINED, _at(now)
        invitation.save(update_fields=["status", "answered_at"])
        _free_seat(invitation, declined=True)
    return invitation


def withdraw(host, invitation_id, now=None) -> Invitation:
    """The host takes back an invitation still waiting: the seat is free again."""
    now = _now(now)
    with transaction.atomic():
        invitation = (Invitation.objects.select_for_update().filter(pk=invitation_id, host=host).first()
                      if isinstance(invitation_id, int) and not isinstance(invitation_id, bool) else None)
        if invitation is None:
            raise PeopleError(_("There is no such invitation of yours."), "unknown_invitation")
        if invitation.status != Invitation.Status.PENDING:
            raise PeopleError(_("This invitation is no longer waiting for an answer."), "answered")
        invitation.status, invitation.answered_at = Invitation.Status.WITHDRAWN, _at(now)
        invitation.save(update_fields=["status", "answered_at"])
        _free_seat(invitation, declined=False)
    return invitation


def withdraw_between(a, b, now=None) -> int:
    """Every invitation still waiting between the two, either way (a block): withdrawn, their seats freed."""
    now = _now(now)
    count = 0
    with transaction.atomic():
        for invitation in Invitation.objects.select_for_update().filter(
                status=Invitation.Status.PENDING, host__in=[a, b], invitee__in=[a, b]).select_related("table"):
            invitation.status, invitation.answered_at = Invitation.Status.WITHDRAWN, _at(now)
            invitation.save(update_fields=["status", "answered_at"])
            _free_seat(invitation, declined=False)
            count += 1
    return count


def expire_due(now=None) -> int:
    """The periodic job: every invitation past its time expires and its seat is free again. Idempotent."""
    now = _now(now)
    count = 0
    for pk in list(Invitation.objects.filter(status=Invitation.Status.PENDING, expires_at__lte=_at(now)).values_list("pk", flat=True)):
        with transaction.atomic():
            invitation = (Invitation.objects.select_for_update().filter(pk=pk, status=Invitation.Status.PENDING)
                          .select_related("table").first())
            if invitation is None:
                continue
            invitation.status = Invitation.Status.EXPIRED
            invitation.save(update_fields=["status"])
            _free_seat(invitation, declined=False)
            count += 1
    return count


def waiting_for(user, now=None):
    """The invitations this person may still answer: pending, not expired, to a table still open."""
    return (Invitation.objects.filter(invitee=user, status=Invitation.Status.PENDING, expires_at__gt=_at(_now(now)),
                                      table__status=Table.Status.OPEN)
            .select_related("host", "table").order_by("-created_at", "-id"))


# The lobby's snapshot lists at most this many of the invitations waiting for the person (the header's badge counts all).
SNAPSHOT_INVITATIONS = 5


def snapshot_part(user) -> dict:
    """The lobby snapshot's part for a logged-in person (lobby/snapshot.py): the invitations waiting for them,
    so that the lobby page shows one as it arrives. One query of four columns (every logged-in lobby socket
    builds it at each change of the lobby); a second one counts them only when more than are listed wait."""
    rows = list(Invitation.objects.filter(invitee=user, status=Invitation.Status.PENDING, expires_at__gt=_at(time.time()),
                                          table__status=Table.Status.OPEN)
                .order_by("-created_at", "-id").values_list("pk", "host__username", "table__game", "challenge")[:SNAPSHOT_INVITATIONS])
    listed = [{"id": pk, "host": host, "game": game, "game_name": str(game_name(game)), "challenge": challenge}
              for pk, host, game, challenge in rows]
    count = waiting_for(user).count() if len(listed) == SNAPSHOT_INVITATIONS else len(listed)
    return {"invitations": {"count": count, "waiting": listed}}


def sent_by(user, limit=20):
    """The host's latest invitations, with their answers."""
    return Invitation.objects.filter(host=user).select_related("invitee", "table").order_by("-created_at", "-id")[:limit]


def describe(user, invitation_id, url) -> dict | None:
    """What the e-mail says, read when it is built: nothing once the invitation no longer waits."""
    invitation = waiting_for(user).filter(pk=invitation_id).first()
    if invitation is None:
        return None
    return {"host": invitation.host.username, "game": game_name(invitation.table.game), "challenge": invitation.challenge,
            "expires": formats.date_format(invitation.expires_at, "DATETIME_FORMAT"),
            "link": url + reverse("people:invitations")}


mail.provide_invitation(describe)
