"""Who follows whom, who blocked whom, and the invitations to a table (docs/people.md).

Friends are two people who follow each other: following is one person's choice, friendship
needs both. A block stands between two people both ways: neither finds, follows, invites or
challenges the other, and the blocked person cannot chat where the blocker plays.
"""
from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _


class Follow(models.Model):
    follower = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="following_links",
                                 verbose_name=_("follower"))
    followed = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="follower_links",
                                 verbose_name=_("followed"))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["follower", "followed"], name="unique_follow"),
            models.CheckConstraint(condition=~Q(follower=F("followed")), name="no_self_follow"),
        ]
        verbose_name = _("follow")
        verbose_name_plural = _("follows")

    def __str__(self):
        return f"#{self.follower_id} follows #{self.followed_id}"


class Block(models.Model):
    blocker = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocks",
                                verbose_name=_("blocker"))
    blocked = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", verbose_name=_("blocked"))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="unique_block"),
            models.CheckConstraint(condition=~Q(blocker=F("blocked")), name="no_self_block"),
        ]
        verbose_name = _("block")
        verbose_name_plural = _("blocks")

    def __str__(self):
        return f"#{self.blocker_id} blocked #{self.blocked_id}"


class Invitation(models.Model):
    """A host keeps a seat of their open table for one person (TableSeat.reserved_for) until that person
    accepts (sits), declines (the seat is free again, the host sees who declined) or it expires."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for an answer")
        ACCEPTED = "accepted", _("Accepted")
        DECLINED = "declined", _("Declined")
        EXPIRED = "expired", _("Expired")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    table = models.ForeignKey("lobby.Table", on_delete=models.CASCADE, related_name="invitations", verbose_name=_("table"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations_sent",
                             verbose_name=_("host"))
    invitee = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations_received",
                                verbose_name=_("invited person"))
    # made from the invitee's profile ("Challenge"): the table was made for this invitation
    challenge = models.BooleanField(_("challenge"), default=False)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(_("created at"))
    expires_at = models.DateTimeField(_("expires at"), db_index=True)
    answered_at = models.DateTimeField(_("answered at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["invitee", "status"], name="invitation_invitee_status")]
        constraints = [
            models.UniqueConstraint(fields=["table", "invitee"], condition=Q(status="pending"), name="one_pending_invitation_per_table"),
        ]
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")

    def __str__(self):
        return f"invitation #{self.pk} to table #{self.table_id}"
