from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _, ngettext

from chat.models import ChatMessage, ChatReport


def _match_link(message):
    url = reverse("admin:matches_match_change", args=[message.match_id])
    return format_html('<a href="{}">#{}</a>', url, message.match_id)


@admin.register(ChatReport)
class ChatReportAdmin(admin.ModelAdmin):
    list_display = ["id", "message_text", "message_author", "match_link", "reporter", "reason", "created_at", "handled"]
    list_filter = ["handled", "created_at"]
    search_fields = ["message__text", "message__author__username", "reporter__username", "reason"]
    list_select_related = ["message__author", "reporter"]
    readonly_fields = ["message", "message_text", "message_author", "match_link", "reporter", "reason", "created_at"]
    fields = ["message_text", "message_author", "match_link", "reporter", "reason", "created_at", "handled"]
    actions = ["mark_handled"]

    def has_add_permission(self, request):
        return False

    @admin.display(description=_("message"))
    def message_text(self, report):
        return report.message.text

    @admin.display(description=_("author"), ordering="message__author__username")
    def message_author(self, report):
        return report.message.author.username

    @admin.display(description=_("match"))
    def match_link(self, report):
        return _match_link(report.message)

    @admin.action(description=_("Mark the selected reports as handled"))
    def mark_handled(self, request, queryset):
        count = queryset.update(handled=True)
        self.message_user(
            request, ngettext("%(count)d report marked as handled.", "%(count)d reports marked as handled.", count) % {"count": count}
        )


@admin.register(ChatMessage)
class ChatMessageAdmin(admin.ModelAdmin):
    """What was said is a record: staff search and read it, never edit it."""

    list_display = ["id", "match_link", "author", "channel", "seat", "text", "version", "created_at"]
    list_filter = ["channel", "match__game"]
    search_fields = ["text", "author__username", "=match__id"]
    list_select_related = ["author"]

    @admin.display(description=_("match"))
    def match_link(self, message):
        return _match_link(message)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
