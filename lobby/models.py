import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


def new_invite_token():
    return secrets.token_urlsafe(12)


class Table(models.Model):
    """A table waiting for players; it becomes a Match when the host starts it."""

    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for players")
        STARTED = "started", _("Started")
        CLOSED = "closed", _("Closed")

    game = models.CharField(_("game"), max_length=40, db_index=True)
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="hosted_tables")
    seat_count = models.PositiveSmallIntegerField(_("seats"))
    options = models.JSONField(_("options"), default=dict)
    is_private = models.BooleanField(_("private"), default=False)
    rated = models.BooleanField(_("rated"), default=True)
    # seconds a seated person may be gone (every socket closed) before a computer player takes the seat
    abandon_grace = models.PositiveIntegerField(_("grace period when someone leaves (s)"), default=60)
    # 0: real time (the game's clocks in seconds); else turn-based, days per decision.
    decision_days = models.PositiveSmallIntegerField(_("days per decision"), default=0)
    invite_token = models.CharField(max_length=32, default=new_invite_token, unique=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True)
    match = models.OneToOneField("matches.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="table")
    from_quick_match = models.BooleanField(default=False)
    # The finished match this table plays again (its host's rematch): same game, seats and options.
    rematch_of = models.OneToOneField("matches.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematch_table")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"{self.game} table #{self.pk}"


class TableSeat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="table_seats")
    bot = models.CharField(max_length=40, blank=True)
    # A rematch keeps each person's seat for them until they accept it (they sit) or decline it.
    reserved_for = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    declined = models.BooleanField(default=False)

    class Meta:
        ordering = ["table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seat"], name="unique_table_seat"),
            models.UniqueConstraint(fields=["table", "user"], name="one_seat_per_user_per_table"),
        ]

    @property
    def is_empty(self):
        return self.user_id is None and not self.bot

    def kept_from(self, user) -> bool:
        """An empty seat a rematch still keeps for someone other than ``user``."""
        return self.reserved_for_id is not None and not self.declined and self.reserved_for_id != getattr(user, "pk", None)


class QuickMatchEntry(models.Model):
    """A player waiting in the quick-match queue for one game and player count."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="quick_match_entries")
    game = models.CharField(max_length=40)
    players = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]
        verbose_name = _("quick match entry")
        verbose_name_plural = _("quick match entries")
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="one_queue_entry_per_game")]
