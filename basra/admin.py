import json

from django.contrib import admin
from django.forms import Script
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from basra.board_svg import board_svg
from basra.models import Board, CardSet, PriceTable
from matches.game_data_admin import GameDataAdmin


@admin.register(Board)
class BoardAdmin(GameDataAdmin):
    """Boards are checked by the engine's own rules (every route 52 steps from Start back to Start) on save."""

    list_display = ["key", "name", "space_count", "junction_count", "updated_at"]

    class Media:
        # the board redrawn under the JSON as it is edited
        js = [Script("basra/admin_board_preview.js", type="module")]  # imports basra_board.js
        css = {"all": ["basra/basra.css"]}
    search_fields = ["key", "name"]
    readonly_fields = ["preview"]
    fields = ["key", "name", "preview", "data"]

    @admin.display(description=_("spaces"))
    def space_count(self, obj):
        return len(obj.data.get("spaces") or []) if isinstance(obj.data, dict) else 0

    @admin.display(description=_("junctions"))
    def junction_count(self, obj):
        return len(obj.data.get("branches") or []) if isinstance(obj.data, dict) else 0

    @admin.display(description=_("preview (Start top left, clockwise; junctions outlined in red, walls at the corners)"))
    def preview(self, obj):
        if obj is None or not obj.pk:
            return _("Save to see a preview.")
        return board_svg(obj.engine_data()) or "-"


@admin.register(PriceTable)
class PriceTableAdmin(GameDataAdmin):
    list_display = ["key", "name", "updated_at"]
    readonly_fields = ["preview"]
    fields = ["key", "name", "preview", "data"]

    @admin.display(description=_("preview"))
    def preview(self, obj):
        quarters = obj.data.get("quarters") if obj and isinstance(obj.data, dict) else None
        if not isinstance(quarters, dict):
            return "-"
        rows = format_html_join("", "<tr><th>{}</th><td>{}</td></tr>", ((q, json.dumps(p)) for q, p in sorted(quarters.items())))
        return format_html("<table>{}</table>", rows)


@admin.register(CardSet)
class CardSetAdmin(GameDataAdmin):
    list_display = ["key", "name", "card_count", "updated_at"]
    readonly_fields = ["preview"]
    fields = ["key", "name", "preview", "data"]

    @admin.display(description=_("cards"))
    def card_count(self, obj):
        return len(obj.data.get("cards") or []) if isinstance(obj.data, dict) else 0

    @admin.display(description=_("Destiny Table (black die: rows, white die: columns)"))
    def preview(self, obj):
        table = obj.data.get("destiny_table") if obj and isinstance(obj.data, dict) else None
        if not isinstance(table, list):
            return "-"
        rows = format_html_join(
            "", "<tr>{}</tr>", ((format_html_join("", "<td>{}</td>", ((n,) for n in row)),) for row in table if isinstance(row, list))
        )
        return format_html('<table class="destiny">{}</table>', rows)
