"""The treasure cave's game data, editable in the admin.

The engine reads plain JSON; these rows hold exactly that JSON. The shipped
defaults live in ``engine/data/`` and are upserted by ``gamedata.load_default_data``.
"""
from django.utils.translation import gettext, gettext_lazy as _

from alibaba_tiles import engine
from matches.game_data import GameData


def layout_errors(data) -> list[str]:
    """The engine's reasons this layout cannot be played, in the reader's language ([] when fine).

    ``data`` is the engine's JSON for the layout, key and name included (see ``engine_data``)."""
    if not isinstance(data, dict):
        return [gettext("The layout must be a JSON object.")]
    from alibaba_tiles.layout_reasons import translate_layout_error

    return [translate_layout_error(reason) for reason in engine.validate_layout(data)]


class TileSet(GameData):
    """A set of treasure tiles: {"kinds": [...], "colours": [...], "tiles": [{"id", "kind", "colour"}]}."""

    not_an_object = _("The tile set must be a JSON object.")

    class Meta(GameData.Meta):
        verbose_name = _("tile set")
        verbose_name_plural = _("tile sets")

    def data_errors(self):
        return engine.validate_tileset(self.engine_data())


class PyramidLayout(GameData):
    """A pyramid: {"layers": [{"rows", "cols"}...], "covers": {"L:R:C": ["L:R:C", ...]}}."""

    not_an_object = _("The layout must be a JSON object.")

    class Meta(GameData.Meta):
        verbose_name = _("pyramid layout")
        verbose_name_plural = _("pyramid layouts")

    def data_errors(self):
        # a missing key or name is the form fields' to report, not the layout's
        return layout_errors(dict(self.engine_data(), key=self.key or "-", name=self.name or "-"))

    @property
    def tile_count(self):
        layers = self.data.get("layers") if isinstance(self.data, dict) else None
        total = 0
        for layer in layers or []:
            if isinstance(layer, dict):
                cells = layer.get("cells")
                total += len(cells) if isinstance(cells, list) else (layer.get("rows") or 0) * (layer.get("cols") or 0)
        return total
