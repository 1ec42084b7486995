"""Table chat: what was said at a match, who muted whom, and what was reported."""
from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ChatMessage(models.Model):
    """One message, kept with its match and the match version it was posted at (for the replay)."""

    class Channel(models.TextChoices):
        PLAYERS = "players", _("Players")
        SPECTATORS = "spectators", _("Spectators")

    match = models.ForeignKey("matches.Match", on_delete=models.CASCADE, related_name="chat_messages", verbose_name=_("match"))
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_messages", verbose_name=_("author"))
    seat = models.PositiveSmallIntegerField(_("seat"), null=True, blank=True)  # None: a spectator
    channel = models.CharField(_("channel"), max_length=12, choices=Channel.choices)
    text = models.TextField(_("text"))
    version = models.PositiveIntegerField(_("match version"))
    server_time = models.FloatField(_("server time"))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["match", "id"]
        indexes = [models.Index(fields=["match", "channel", "id"], name="chat_match_channel_id")]
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")

    def __str__(self):
        return f"#{self.pk} {self.author_id}: {self.text[:40]}"


class ChatMute(models.Model):
    """`user` no longer receives what `muted` writes, in any match."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_mutes")
    muted = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "muted"], name="unique_chat_mute")]
        verbose_name = _("chat mute")
        verbose_name_plural = _("chat mutes")


class ChatReport(models.Model):
    """A person flags a message for the staff; one report per message and reporter."""

    message = models.ForeignKey(ChatMessage, on_delete=models.CASCADE, related_name="reports", verbose_name=_("message"))
    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_reports", verbose_name=_("reporter")
    )
    reason = models.CharField(_("reason"), max_length=300, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    handled = models.BooleanField(_("handled"), default=False, db_index=True)

    class Meta:
        ordering = ["handled", "-created_at"]
        constraints = [models.UniqueConstraint(fields=["message", "reporter"], name="unique_chat_report")]
        verbose_name = _("chat report")
        verbose_name_plural = _("chat reports")

    def __str__(self):
        return f"report #{self.pk} on message #{self.message_id}"
