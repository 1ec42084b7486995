"""The treasure cave's game data, editable in the admin.

The engine reads plain JSON; these rows hold exactly that JSON. The shipped
defaults live in ``engine/data/`` and are upserted by ``gamedata.load_default_data``.
"""
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from alibaba_tiles import engine


def layout_errors(data) -> list[str]:
    """The engine's reasons this layout cannot be played, in the reader's language ([] when fine).

    ``data`` is the engine's JSON for the layout, key and name included (see ``engine_data``)."""
    if not isinstance(data, dict):
        return [gettext("The layout must be a JSON object.")]
    from alibaba_tiles.layout_reasons import translate_layout_error

    return [translate_layout_error(reason) for reason in engine.validate_layout(data)]


class _GameData(models.Model):
    key = models.SlugField(_("key"), max_length=40, unique=True)
    name = models.CharField(_("name"), max_length=120)
    data = models.JSONField(_("data"), default=dict)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        abstract = True
        ordering = ["key"]

    def __str__(self):
        return f"{self.name} ({self.key})"

    def engine_data(self) -> dict:
        """The JSON the engine reads: the data with this row's key and name."""
        data = dict(self.data) if isinstance(self.data, dict) else {}
        data["key"] = self.key
        data["name"] = self.name
        return data


class TileSet(_GameData):
    """A set of treasure tiles: {"kinds": [...], "colours": [...], "tiles": [{"id", "kind", "colour"}]}."""

    class Meta(_GameData.Meta):
        verbose_name = _("tile set")
        verbose_name_plural = _("tile sets")

    def clean(self):
        super().clean()
        if not isinstance(self.data, dict):
            raise ValidationError({"data": _("The tile set must be a JSON object.")})
        errors = engine.validate_tileset(self.engine_data())
        if errors:
            raise ValidationError({"data": errors})


class PyramidLayout(_GameData):
    """A pyramid: {"layers": [{"rows", "cols"}...], "covers": {"L:R:C": ["L:R:C", ...]}}."""

    class Meta(_GameData.Meta):
        verbose_name = _("pyramid layout")
        verbose_name_plural = _("pyramid layouts")

    def clean(self):
        super().clean()
        data = self.engine_data() if isinstance(self.data, dict) else self.data
        if isinstance(data, dict):
            # a missing key or name is the form fields' to report, not the layout's
            data["key"], data["name"] = self.key or "-", self.name or "-"
        errors = layout_errors(data)
        if errors:
            raise ValidationError({"data": errors})

    @property
    def tile_count(self):
        layers = self.data.get("layers") if isinstance(self.data, dict) else None
        total = 0
        for layer in layers or []:
            if isinstance(layer, dict):
                cells = layer.get("cells")
                total += len(cells) if isinstance(cells, list) else (layer.get("rows") or 0) * (layer.get("cols") or 0)
        return total
