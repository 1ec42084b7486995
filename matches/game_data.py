"""What every game's data rows share: a key, a name and the engine's JSON, checked before saving.

Each game app's models (tile sets, pyramids, boards, mazes, ...) subclass ``GameData`` and
override ``data_errors`` with their engine's own checks; the admin's form shows the reasons
under the data field.
"""
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _


class GameData(models.Model):
    key = models.SlugField(_("key"), max_length=40, unique=True)
    name = models.CharField(_("name"), max_length=120)
    data = models.JSONField(_("data"), default=dict)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    # The one reason given when the data is not a JSON object (data_errors is then not asked);
    # None leaves that case to data_errors too.
    not_an_object = _("The data must be a JSON object.")
    # False where the engine's JSON has no key and name (a price table is just prices).
    engine_reads_key_and_name = True

    class Meta:
        abstract = True
        ordering = ["key"]

    def __str__(self):
        return f"{self.name} ({self.key})"

    def engine_data(self) -> dict:
        """The JSON the engine reads: the data, with this row's key and name where the engine reads them."""
        data = dict(self.data) if isinstance(self.data, dict) else {}
        if self.engine_reads_key_and_name:
            data["key"] = self.key
            data["name"] = self.name
        return data

    def data_errors(self) -> list[str]:
        """The engine's reasons this row's data cannot be played, in the reader's language ([] when fine).

        Each kind of row asks its own engine; the data is a JSON object unless ``not_an_object`` is None."""
        return []

    def errors_by_field(self) -> dict[str, list]:
        """Every reason this row cannot be saved, by field name; a kind of row may add its own."""
        not_an_object = self.not_an_object is not None and not isinstance(self.data, dict)
        reasons = [self.not_an_object] if not_an_object else self.data_errors()
        return {"data": reasons} if reasons else {}

    def clean(self):
        super().clean()
        errors = self.errors_by_field()
        if errors:
            raise ValidationError(errors)
