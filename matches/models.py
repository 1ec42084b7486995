from datetime import timedelta

from django.conf import settings
from django.db import models
from django.utils.translation import gettext, gettext_lazy as _

from matches.seat_names import bot_kind, bot_seat_name, bot_short_label


class Match(models.Model):
    """One game being played (or played): the engine state and its version."""

    class Status(models.TextChoices):
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")
        ABORTED = "aborted", _("Aborted")

    game = models.CharField(_("game"), max_length=40)
    options = models.JSONField(_("options"), default=dict)
    seed = models.BigIntegerField(_("seed"))
    # The rules version of the game the match was created under (its engine's RULES_VERSION then), for good:
    # replays, exports and checks hand it back to the engine (docs/architecture.md, "Changing a rule").
    # No default: whoever stores a match says under which rules it is played.
    rules_version = models.PositiveSmallIntegerField(_("rules version"))
    players = models.PositiveSmallIntegerField(_("players"))
    status = models.CharField(_("status"), max_length=12, choices=Status.choices, default=Status.RUNNING)
    version = models.PositiveIntegerField(_("version"), default=0)
    # The version at which the engine's current decision (its decision_key) opened:
    # a client that saw at least this version is not stale (simultaneous windows).
    step_version = models.PositiveIntegerField(default=0)
    state = models.JSONField(_("state"))
    next_deadline = models.DateTimeField(_("next deadline"), null=True, blank=True, db_index=True)
    is_private = models.BooleanField(_("private"), default=False)
    # An unrated table moves nobody's rating; rated_at is set once the ratings were recorded.
    abandon_grace = models.DurationField(default=timedelta(seconds=60))
    rated = models.BooleanField(_("rated"), default=True)
    # 0: played in real time; else a turn-based match, this many days per decision (every clock
    # of the game set to that many days): nobody is expected to stay online, so no socket-absence
    # takeover (matches/presence.py); absence is a decision's deadline passing.
    decision_days = models.PositiveSmallIntegerField(_("days per decision"), default=0)
    rated_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # [[seat, bot name], ...]: read on every action, so kept beside the state, not joined.
    bot_seats = models.JSONField(default=list, blank=True)
    # What happened to the seats (resigned, a computer player stood in, its person came back), oldest
    # first: [{"code", "seat", "bot", "at", "version"}]; every frame carries it (the table's lasting notices).
    seat_notices = models.JSONField(default=list, blank=True)
    # The seats of the people who have not made a first decision of their own yet (docs/ratings.md, "The early
    # abort"): while there is one, any person seated may abort the match, unrated, and a person away at their
    # first decision gets the match aborted instead of a computer player standing in (matches/aborts.py).
    undecided_seats = models.JSONField(default=list, blank=True)
    result = models.JSONField(_("result"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]
        # Plain indexes: a CharField's db_index also makes a LIKE-pattern index on PostgreSQL,
        # which nothing here queries and every move's update of the row had to maintain.
        indexes = [models.Index(fields=["game"], name="match_game_idx"), models.Index(fields=["status"], name="match_status_idx")]
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
    # The name shown for a person who has no account here (an imported match).
    name = models.CharField(max_length=150, blank=True)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    # On the side ranked first (alone in a free-for-all, with the whole side in a team game).
    won = models.BooleanField(default=False)
    score = models.IntegerField(null=True, blank=True)
    rating_before = models.FloatField(null=True, blank=True)
    rating_after = models.FloatField(null=True, blank=True)
    # When one of the person's sockets last showed life (connect, ping, close).
    last_seen_at = models.DateTimeField(null=True, blank=True)
    # When the person resigned: a computer player (`bot`) finishes the seat and they rank last.
    abandoned_at = models.DateTimeField(null=True, blank=True)
    # Turn-based matches only (kept on each change of who is waited for, matches/turns.py): since
    # when the match waits for this seat (None: it does not), and the waiting period whose
    # your-turn e-mail was sent (at most one per period).
    waiting_since = models.DateTimeField(null=True, blank=True)
    turn_mail_for = models.DateTimeField(null=True, blank=True)
    # Since when a computer player (`bot`) plays the seat for its person, away when a decision of
    # theirs was due; cleared the moment they come back (matches/presence.py). The seat stays theirs.
    stand_in_since = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["match", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="unique_match_seat"),
        ]
        # The header's badge and the digest job read the seats waited for, per person.
        indexes = [models.Index(fields=["user", "waiting_since"], name="seat_waiting_idx")]

    @property
    def display_name(self):
        """A person's name, or a computer player's short name with its seat number ("Greedy 2"),
        or "Former player 2" for a deleted account."""
        if self.user_id:
            return self.user.username
        if not self.bot:
            # No name: the seat of an account deleted since (accounts/services.py).
            return self.name or gettext("Former player %(number)d") % {"number": self.seat + 1}
        return bot_seat_name(self.match.game, self.bot, self.seat)

    @property
    def display_title(self):
        """The computer player's kind, for a hover title; empty for a person."""
        if self.user_id or not self.bot:
            return ""
        return bot_kind(self.match.game, self.bot)


class ActionLog(models.Model):
    """Append-only: every action applied to a match, in order (seq = version before)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    seat = models.SmallIntegerField(null=True, blank=True)  # None: the system (time)
    action = models.JSONField()
    server_time = models.FloatField()
    # What the action made happen, each event with its audience (gamekit/events.py).
    events = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="unique_action_seq"),
        ]


class Rating(models.Model):
    """The OpenSkill rating (Plackett-Luce) of a person, or of one kind of computer player, in one game.

    `rating` is the ordinal (mu - 3 sigma), the conservative estimate boards are ordered by.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="ratings")
    # The computer player's name in its game (e.g. "greedy"); empty for a person.
    bot = models.CharField(max_length=40, blank=True)
    game = models.CharField(max_length=40)
    mu = models.FloatField()
    sigma = models.FloatField()
    rating = models.FloatField(db_index=True)
    matches_played = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    last_played_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-rating"]
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], condition=models.Q(user__isnull=False), name="unique_rating_per_game"),
            models.UniqueConstraint(fields=["bot", "game"], condition=models.Q(user__isnull=True), name="unique_bot_rating_per_game"),
            models.CheckConstraint(
                condition=(models.Q(user__isnull=False) & models.Q(bot="")) | (models.Q(user__isnull=True) & ~models.Q(bot="")),
                name="rating_person_or_bot",
            ),
        ]

    @property
    def is_bot(self):
        return not self.user_id

    @property
    def win_rate(self):
        return self.wins / self.matches_played if self.matches_played else 0.0

    @property
    def display_name(self):
        """A person's name, or the computer player's short label (a rating is per kind, not per seat)."""
        if self.user_id:
            return self.user.username
        return bot_short_label(self.game, self.bot)

    @property
    def display_title(self):
        """The computer player's kind, for a hover title; empty for a person."""
        if self.user_id:
            return ""
        return bot_kind(self.game, self.bot)


class SeatPresence(models.Model):
    """One open socket of a seated person, kept in the database so that every web process sees it."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="presences")
    seat = models.PositiveSmallIntegerField()
    channel_name = models.CharField(max_length=200, unique=True)
    seen_at = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["match", "seat"])]


class MatchReview(models.Model):
    """The review of one seat's decisions in a finished match (docs/analysis.md), worked out in the background
    on the computer players' lane one decision at a time, and kept with the match. One row per match and seat:
    asked again, the same row; done under an older engine (``engine_version``), it is worked out again."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("queued")
        RUNNING = "running", _("running")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="reviews")
    seat = models.PositiveSmallIntegerField()
    # The match's rules version and the review's own (gamekit.review.ENGINE_VERSION) it was worked out under.
    rules_version = models.PositiveSmallIntegerField()
    engine_version = models.CharField(max_length=40)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED, db_index=True)
    done = models.PositiveIntegerField(default=0)  # decisions reviewed so far
    total = models.PositiveIntegerField(default=0)  # decisions to review (known once the first step ran)
    # {"decisions": [...], "swings": [seq, ...]} as gamekit.review makes them (decisions appended as they come)
    results = models.JSONField(default=dict, blank=True)
    seed = models.CharField(max_length=60)  # the review's own seed, never the match's
    error = models.TextField(blank=True)
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                     related_name="match_reviews")
    requested_at = models.DateTimeField(db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "seat"], name="unique_match_review")]
        indexes = [models.Index(fields=["requested_by", "requested_at"])]

    def __str__(self):
        return f"review of match {self.match_id}, seat {self.seat}"
