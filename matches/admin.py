from django.contrib import admin

from matches.models import ActionLog, Match, MatchReview, MatchSeat, Rating


class MatchSeatInline(admin.TabularInline):
    model = MatchSeat
    extra = 0
    readonly_fields = ["seat", "user", "bot", "name", "rank", "won", "score", "rating_before", "rating_after"]
    can_delete = False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["id", "game", "players", "status", "version", "is_private", "rated", "created_at", "finished_at"]
    list_filter = ["game", "status", "is_private", "rated"]
    # The state, seed and log are the record of what happened: staff read them, never edit them.
    readonly_fields = [
        "game",
        "options",
        "seed",
        "rules_version",
        "players",
        "version",
        "step_version",
        "state",
        "bot_seats",
        "next_deadline",
        "result",
        "created_at",
        "finished_at",
        "rated_at",
    ]
    inlines = [MatchSeatInline]


@admin.register(ActionLog)
class ActionLogAdmin(admin.ModelAdmin):
    list_display = ["match", "seq", "seat", "action", "server_time"]
    list_filter = ["match__game"]
    search_fields = ["match__id"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ["user", "bot", "game", "rating", "mu", "sigma", "matches_played", "wins", "last_played_at"]
    list_filter = ["game"]
    search_fields = ["user__username", "bot"]
    # Figures come from the matches (`manage.py recompute_ratings` rebuilds them): read, not edited.
    readonly_fields = ["user", "bot", "game", "mu", "sigma", "rating", "matches_played", "wins", "last_played_at"]


@admin.register(MatchReview)
class MatchReviewAdmin(admin.ModelAdmin):
    """The queue of match reviews (docs/analysis.md): what waits, runs, is done or failed, and for whom."""

    list_display = ["id", "match", "seat", "status", "done", "total", "requested_by", "requested_at", "finished_at"]
    list_filter = ["status", "match__game"]
    ordering = ["-requested_at"]
    readonly_fields = ["match", "seat", "rules_version", "engine_version", "status", "done", "total", "results",
                       "seed", "error", "requested_by", "requested_at", "created_at", "finished_at"]
