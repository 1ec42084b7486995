from django.contrib import admin

from lobby.models import QuickMatchEntry, Table, TableSeat


class TableSeatInline(admin.TabularInline):
    model = TableSeat
    extra = 0


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["id", "game", "host", "seat_count", "status", "is_private", "created_at"]
    list_filter = ["game", "status", "is_private"]
    inlines = [TableSeatInline]


@admin.register(QuickMatchEntry)
class QuickMatchEntryAdmin(admin.ModelAdmin):
    list_display = ["user", "game", "players", "created_at"]
