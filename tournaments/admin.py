"""Staff schedule and watch tournaments here (docs/tournaments.md)."""
from django.contrib import admin

from tournaments.models import Entry, Schedule, Tournament, TournamentMatch


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    fields = ("user", "joined_at", "withdrawn_at", "byes")
    readonly_fields = ("joined_at",)
    raw_id_fields = ("user",)


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "kind", "game", "table_size", "starts_at", "status", "current_round")
    list_filter = ("kind", "game", "status")
    search_fields = ("name",)
    readonly_fields = ("status", "current_round", "started_at", "finished_at", "standings", "invite_token")
    inlines = [EntryInline]


@admin.register(TournamentMatch)
class TournamentMatchAdmin(admin.ModelAdmin):
    list_display = ("tournament", "match", "round", "players", "recorded_at")
    list_filter = ("tournament",)
    raw_id_fields = ("match",)


@admin.register(Schedule)
class ScheduleAdmin(admin.ModelAdmin):
    """Recurring tournaments: checked as the tournament form is (Schedule.clean), each occurrence
    created a day ahead (tournaments/schedules.py)."""

    list_display = ("name", "kind", "game", "every", "weekday", "at_time", "active")
    list_filter = ("kind", "game", "every", "active")
