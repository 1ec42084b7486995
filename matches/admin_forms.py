"""What every game's admin shares: editing a row of game data as indented JSON."""
import json

from django import forms
from django.utils.translation import gettext_lazy as _


class PrettyJSONField(forms.JSONField):
    """Shows the JSON indented, so a person can edit it."""

    def prepare_value(self, value):
        if isinstance(value, str):
            return value
        return json.dumps(value, indent=2, ensure_ascii=False)


class GameDataForm(forms.ModelForm):
    """A game-data row's form: JSON that cannot be read gets that one error.

    The model's clean() runs even when a field failed; with unreadable JSON it would judge the
    data the row had before (nothing, for a new row) and add reasons that mislead."""

    def _update_errors(self, errors):
        if "data" in self._errors and hasattr(errors, "error_dict"):
            errors.error_dict.pop("data", None)
            if not errors.error_dict:
                return
        super()._update_errors(errors)


def game_data_form(model_cls):
    """A form for a game-data row (key, name, data), its JSON in a wide monospace box."""

    class Form(GameDataForm):
        data = PrettyJSONField(
            label=_("data"),
            widget=forms.Textarea(attrs={"rows": 30, "cols": 90, "style": "font-family: monospace"}),
        )

        class Meta:
            model = model_cls
            fields = ["key", "name", "data"]

    return Form
