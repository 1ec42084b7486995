from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Match(models.Model):
    """One game being played (or played): the engine state and its version."""

    class Status(models.TextChoices):
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")
        ABORTED = "aborted", _("Aborted")

    game = models.CharField(_("game"), max_length=40, db_index=True)
    options = models.JSONField(_("options"), default=dict)
    seed = models.BigIntegerField(_("seed"))
    players = models.PositiveSmallIntegerField(_("players"))
    status = models.CharField(_("status"), max_length=12, choices=Status.choices, default=Status.RUNNING, db_index=True)
    version = models.PositiveIntegerField(_("version"), default=0)
    # The version at which the engine's current decision point ("step") opened:
    # a client that saw at least this version is not stale (simultaneous windows).
    step_version = models.PositiveIntegerField(default=0)
    state = models.JSONField(_("state"))
    next_deadline = models.DateTimeField(_("next deadline"), null=True, blank=True, db_index=True)
    is_private = models.BooleanField(_("private"), default=False)
    # [[seat, bot name], ...]: read on every action, so kept beside the state, not joined.
    bot_seats = models.JSONField(default=list, blank=True)
    result = models.JSONField(_("result"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")

    def __str__(self):
        return f"{self.game} #{self.pk}"


class MatchSeat(models.Model):
    """Who sits in a seat: a person or a bot (bot holds the bot's name)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="match_seats")
    bot = models.CharField(max_length=40, blank=True)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    score = models.IntegerField(null=True, blank=True)
    rating_before = models.FloatField(null=True, blank=True)
    rating_after = models.FloatField(null=True, blank=True)

    class Meta:
        ordering = ["match", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="unique_match_seat"),
        ]

    @property
    def display_name(self):
        if self.user_id:
            return self.user.username
        from django.utils.translation import gettext

        from matches.registry import get_game

        try:
            label = get_game(self.match.game).bot_labels.get(self.bot, self.bot)
        except LookupError:
            label = self.bot
        return gettext("Computer: %(bot)s") % {"bot": gettext(label)}


class ActionLog(models.Model):
    """Append-only: every action applied to a match, in order (seq = version before)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    seat = models.SmallIntegerField(null=True, blank=True)  # None: the system (time)
    action = models.JSONField()
    server_time = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="unique_action_seq"),
        ]


class Rating(models.Model):
    """A player's Elo-style rating in one game."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings")
    game = models.CharField(max_length=40)
    rating = models.FloatField(default=1500.0)
    matches_played = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-rating"]
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="unique_rating_per_game")]
