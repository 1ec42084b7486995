"""A tournament, its entries and its matches. The standings are computed from the matches
(tournaments/standings.py); `Tournament.standings` only keeps the last computation for the pages."""
from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _, pgettext_lazy

# the lobby's invite tokens (a private tournament's link is made the same way)
from lobby.models import new_invite_token


class Tournament(models.Model):
    class Kind(models.TextChoices):
        ARENA = "arena", _("Arena")
        SWISS = "swiss", _("Swiss")

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", pgettext_lazy("tournament", "Starts soon")
        RUNNING = "running", pgettext_lazy("tournament", "Running")
        FINISHED = "finished", pgettext_lazy("tournament", "Finished")
        CANCELLED = "cancelled", pgettext_lazy("tournament", "Cancelled")

    name = models.CharField(_("name"), max_length=80)
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    game = models.CharField(_("game"), max_length=40, db_index=True)
    table_size = models.PositiveSmallIntegerField(_("seats per table"))
    options = models.JSONField(_("table options"), default=dict)
    # 0: real time; else turn-based, days per decision (matches/turns.py)
    decision_days = models.PositiveSmallIntegerField(_("days per decision"), default=0)
    # the kind of computer player that fills seats (a bye, a table that could not fill)
    bot = models.CharField(_("computer players"), max_length=40)
    rated = models.BooleanField(_("rated"), default=True)
    starts_at = models.DateTimeField(_("starts at"), db_index=True)
    # arena: pairing stops after this many minutes; matches still running then are played out and count
    minutes = models.PositiveSmallIntegerField(_("minutes"), null=True, blank=True)
    # Swiss: the number of rounds
    rounds = models.PositiveSmallIntegerField(_("rounds"), null=True, blank=True)
    current_round = models.PositiveSmallIntegerField(default=0)
    # arena: seconds a free player waits for others before computer players fill the table
    fill_after = models.PositiveSmallIntegerField(_("seconds before computer players fill a table"), default=20)
    is_private = models.BooleanField(_("private"), default=False)
    invite_token = models.CharField(max_length=32, default=new_invite_token, unique=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="tournaments_created")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SCHEDULED, db_index=True)
    # when the e-mail reminder went to those registered (tournaments/reminders.py), once
    reminded_at = models.DateTimeField(null=True, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # the next moment time brings something (the start, an arena's fill or end): a wake-up on the clock's lane,
    # read back from here when a timer starts (tournaments/services.py `waiting_wakes`); None: only a match's end
    next_due = models.DateTimeField(null=True, blank=True, db_index=True)
    # moves with every change its pages are told of (tournaments/notify.py): their shared view is built once per version
    version = models.PositiveIntegerField(default=0)
    # the last computed standings (tournaments/services.py `compute_standings`), for the pages
    standings = models.JSONField(default=list, blank=True)
    # the recurring schedule that created it (None: created by a person)
    schedule = models.ForeignKey("Schedule", null=True, blank=True, on_delete=models.SET_NULL, related_name="tournaments")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_at"]
        constraints = [
            # a schedule creates each of its starts once, however many job runs race for it
            models.UniqueConstraint(fields=["schedule", "starts_at"], name="one_tournament_per_scheduled_start"),
            models.CheckConstraint(
                condition=(models.Q(kind="arena", minutes__isnull=False) | models.Q(kind="swiss", rounds__isnull=False)),
                name="tournament_length_for_its_kind",
            ),
        ]

    def __str__(self):
        return f"{self.name} ({self.get_kind_display()}, {self.game})"


class Entry(models.Model):
    """A person registered in a tournament. Withdrawn: seated at no new table (a match already
    running plays on and counts)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_entries")
    joined_at = models.DateTimeField(auto_now_add=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    # arena: since when the person waits for a table (None: at a table, or withdrawn)
    waiting_since = models.FloatField(null=True, blank=True)
    # Swiss: rounds in which the person played a computer player because the numbers were odd
    byes = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["joined_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_per_person")]


class TournamentMatch(models.Model):
    """A match of a tournament; ``players`` says who sat where (a user id, or "bot:<kind>")."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tournament_matches")
    match = models.OneToOneField("matches.Match", on_delete=models.CASCADE, related_name="tournament_match")
    round = models.PositiveSmallIntegerField(default=0)
    players = models.JSONField()
    # when the tournament counted the match's result (once: its advance takes it under the tournament's lock)
    recorded_at = models.DateTimeField(null=True, blank=True)
    # the places it counted, per seat, and the game's sides: a person who resigned ranked last, as for
    # ratings (matches/ratings.py `seat_outcomes`); None for a match that ended without a result (aborted)
    outcome = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["pk"]


class Schedule(models.Model):
    """A recurring tournament staff set up in the admin: every day, or every week on one day, at a
    time of day (UTC). The tournaments' job creates each occurrence a day ahead
    (tournaments/schedules.py), so people can register and be reminded."""

    class Every(models.TextChoices):
        DAILY = "daily", _("Every day")
        WEEKLY = "weekly", _("Every week")

    name = models.CharField(_("name"), max_length=80)
    kind = models.CharField(_("kind"), max_length=10, choices=Tournament.Kind.choices)
    game = models.CharField(_("game"), max_length=40)
    table_size = models.PositiveSmallIntegerField(_("seats per table"))
    options = models.JSONField(_("table options"), default=dict, blank=True)
    decision_days = models.PositiveSmallIntegerField(_("days per decision"), default=0)
    bot = models.CharField(_("computer players"), max_length=40, blank=True)
    rated = models.BooleanField(_("rated"), default=True)
    minutes = models.PositiveSmallIntegerField(_("minutes"), null=True, blank=True)
    rounds = models.PositiveSmallIntegerField(_("rounds"), null=True, blank=True)
    fill_after = models.PositiveSmallIntegerField(_("seconds before computer players fill a table"), default=20)
    every = models.CharField(_("every"), max_length=10, choices=Every.choices, default=Every.DAILY)
    # Monday 0 ... Sunday 6, for a weekly schedule
    weekday = models.PositiveSmallIntegerField(_("day of the week (0 = Monday)"), null=True, blank=True)
    at_time = models.TimeField(_("time of day (UTC)"))
    active = models.BooleanField(_("active"), default=True)

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return f"{self.name} ({self.get_every_display()})"

    def choices(self) -> dict:
        return dict(name=self.name, kind=self.kind, game=self.game, table_size=self.table_size, raw_options=self.options,
                    minutes=self.minutes, rounds=self.rounds, bot=self.bot or None, decision_days=self.decision_days,
                    fill_after=self.fill_after)

    def clean(self):
        from django.core.exceptions import ValidationError

        from tournaments.services import TournamentError, checked_choices

        if self.every == self.Every.WEEKLY and (self.weekday is None or self.weekday > 6):
            raise ValidationError({"weekday": _("A weekly schedule needs a day of the week, 0 (Monday) to 6 (Sunday).")})
        try:
            checked_choices(**self.choices())
        except TournamentError as exc:
            raise ValidationError(exc.message) from None
