"""The treasure cave's data in the admin; pyramids are drawn and edited in a visual editor
over the engine's JSON, checked by the engine as you edit (like Sidi Baba's maze editor)."""

from django.contrib import admin
from django.forms import Script
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, gettext_lazy as _, ngettext

from alibaba_tiles import engine
from alibaba_tiles.gamedata import DEFAULT_LAYOUT, DEFAULT_TILESET
from alibaba_tiles.models import PyramidLayout, TileSet, layout_errors
from matches.game_data_admin import GameDataAdmin, GameDataEditorAdmin, JSONEditorWidget

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
        if not (isinstance(rows, int) and isinstance(cols, int)):
            continue
        cells = layer.get("cells") if isinstance(layer.get("cells"), list) else [
            [r, c] for r in range(min(rows, 50)) for c in range(min(cols, 50))]
        off = li * cell / 2
        fill = LAYER_FILLS[li % len(LAYER_FILLS)]
        for rc in cells:
            try:
                r, c = int(rc[0]), int(rc[1])
            except (TypeError, ValueError, IndexError):
                continue
            x, y = off + c * cell + li * 3, off + r * cell - li * 3 + 12
            width, height = max(width, x + cell), max(height, y + cell)
            shapes.append((x, y, cell - gap, cell - gap, fill, f"{li}:{r}:{c}", f"{li}:{r}:{c}"))
    body = format_html_join(
        "",
        '<rect x="{}" y="{}" width="{}" height="{}" rx="3" fill="{}" stroke="#5a3d1c" data-pos="{}">'
        "<title>{}</title></rect>",
        shapes,
    )
    return format_html(
        '<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {} {}">{}</svg>',
        int(width + 4), int(height + 4), int(width + 4), int(height + 4), body,
    )


class PyramidEditorWidget(JSONEditorWidget):
    """The JSON textarea (kept for experts, folded away) under the layers drawn from it."""

    template_name = "alibaba_tiles_admin/pyramid_editor_widget.html"
    textarea_class = "pyramid-json"

    class Media:
        css = {"all": ["alibaba_tiles_admin/pyramid_editor.css"]}
        js = [Script("alibaba_tiles_admin/pyramid_editor.js", type="module")]  # imports matches/admin_editor.js


def _layout_summary(data):
    """How many tiles, how many start face up, and in which variants a table may use this layout."""
    layers = data["layers"]
    counts = [len(layer["cells"]) if "cells" in layer else layer["rows"] * layer["cols"] for layer in layers]
    total, face_up = sum(counts), counts[-1]
    tiles = TileSet.objects.filter(key=DEFAULT_TILESET).first()
    tileset = tiles.engine_data() if tiles is not None else engine.default_tiles()
    playable = [
        gettext(label) for variant, label in engine.VARIANTS
        if not engine.validate_options(2, {"variant": variant, "layout": data, "tiles": tileset})
    ]
    summary = ngettext("%(total)s tile", "%(total)s tiles", total) % {"total": total}
    summary += ", " + ngettext("%(n)s face up at the start.", "%(n)s face up at the start.", face_up) % {"n": face_up}
    if playable:
        summary += " " + gettext("Playable in: %(variants)s.") % {"variants": ", ".join(playable)}
    else:
        summary += " " + gettext("No variant can be played on it with the tile set.")
    return {"tiles": total, "face_up": face_up, "playable": bool(playable), "summary": summary}


@admin.register(PyramidLayout)
class PyramidLayoutAdmin(GameDataEditorAdmin):
    editor_widget = PyramidEditorWidget
    list_display = ["key", "name", "layer_sizes", "tile_count", "updated_at"]
    search_fields = ["key", "name"]

    def new_row_data(self):
        """A new layout starts as a copy of the standard pyramid, which the engine accepts (never null)."""
        layout = next(L for L in engine.default_layouts() if L["key"] == DEFAULT_LAYOUT)
        return {k: v for k, v in layout.items() if k not in ("key", "name")}

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

    def check_answer(self, body):
        """{"layout": {...}} -> the engine's reasons, the preview, and (when playable) what it holds."""
        if "layout" not in body:
            return None
        layout = body["layout"]
        if isinstance(layout, dict):
            # the key and name are the form's fields, checked there
            layout = dict(layout, key="draft", name="draft")
        errors = layout_errors(layout)
        answer = {"errors": errors, "preview": str(layers_svg(layout)) if isinstance(layout, dict) else ""}
        if not errors:
            answer.update(_layout_summary(layout))
        return answer


@admin.register(TileSet)
class TileSetAdmin(GameDataAdmin):
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
