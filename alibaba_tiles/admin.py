from django.contrib import admin
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from matches.admin_forms import game_data_form
from alibaba_tiles.models import PyramidLayout, TileSet


COLOURS = {"pink": "#f2a7c3", "blue": "#7fb2e5", "brown": "#b0825a", "green": "#86c38f", "yellow": "#f3d36b", "white": "#f4f1ea"}
LAYER_FILLS = ["#d9c7a3", "#c9ad7d", "#b8935b", "#a67a3d", "#8f6530", "#7a5226"]


def layers_svg(data):
    """A small picture of the layers, each drawn half a square in from the one below."""
    layers = data.get("layers") if isinstance(data, dict) else None
    if not isinstance(layers, list) or not layers:
        return ""
    cell, gap = 26, 2
    width = height = 0
    shapes = []
    for li, layer in enumerate(layers):
        if not isinstance(layer, dict):
            continue
        rows, cols = layer.get("rows") or 0, layer.get("cols") or 0
        cells = layer.get("cells") or [[r, c] for r in range(rows) for c in range(cols)]
        off = li * cell / 2
        fill = LAYER_FILLS[li % len(LAYER_FILLS)]
        for rc in cells:
            try:
                r, c = int(rc[0]), int(rc[1])
            except (TypeError, ValueError, IndexError):
                continue
            x, y = off + c * cell + li * 3, off + r * cell - li * 3 + 12
            width, height = max(width, x + cell), max(height, y + cell)
            shapes.append((x, y, cell - gap, cell - gap, fill, f"{li}:{r}:{c}"))
    body = format_html_join(
        "",
        '<rect x="{}" y="{}" width="{}" height="{}" rx="3" fill="{}" stroke="#5a3d1c"><title>{}</title></rect>',
        shapes,
    )
    return format_html(
        '<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {} {}">{}</svg>',
        int(width + 4), int(height + 4), int(width + 4), int(height + 4), body,
    )


@admin.register(PyramidLayout)
class PyramidLayoutAdmin(admin.ModelAdmin):
    form = game_data_form(PyramidLayout)
    list_display = ["key", "name", "layer_sizes", "tile_count", "updated_at"]
    search_fields = ["key", "name"]
    readonly_fields = ["preview"]
    fields = ["key", "name", "preview", "data"]

    @admin.display(description=_("layers"))
    def layer_sizes(self, obj):
        layers = obj.data.get("layers") if isinstance(obj.data, dict) else None
        return ", ".join(f"{L.get('rows')}x{L.get('cols')}" for L in layers or [] if isinstance(L, dict))

    @admin.display(description=_("tiles"))
    def tile_count(self, obj):
        return obj.tile_count

    @admin.display(description=_("preview (bottom layer first; each upper layer drawn half a square in)"))
    def preview(self, obj):
        if obj is None or not obj.pk:
            return _("Save to see a preview.")
        return layers_svg(obj.data) or "-"


@admin.register(TileSet)
class TileSetAdmin(admin.ModelAdmin):
    form = game_data_form(TileSet)
    list_display = ["key", "name", "tile_count", "updated_at"]
    search_fields = ["key", "name"]
    readonly_fields = ["preview"]
    fields = ["key", "name", "preview", "data"]

    @admin.display(description=_("tiles"))
    def tile_count(self, obj):
        tiles = obj.data.get("tiles") if isinstance(obj.data, dict) else None
        return len(tiles or [])

    @admin.display(description=_("preview"))
    def preview(self, obj):
        tiles = obj.data.get("tiles") if obj and isinstance(obj.data, dict) else None
        if not tiles:
            return "-"
        chips = format_html_join(
            "",
            '<span style="display:inline-block;margin:2px;padding:2px 6px;border:1px solid #5a3d1c;'
            'border-radius:4px;background:{};font-size:11px">{}</span>',
            ((COLOURS.get(t.get("colour"), "#ddd"), t.get("kind", "?")) for t in tiles if isinstance(t, dict)),
        )
        return format_html('<div style="max-width:720px">{}</div>', chips) if chips else mark_safe("-")
