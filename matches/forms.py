"""The history's filters, as a form: parsed, validated and labelled in the reader's language."""
from django import forms
from django.utils.translation import gettext, gettext_lazy as _

from matches.registry import all_games, table_options


def variant_choices() -> list[tuple[str, str]]:
    """Every game's "variant" choices, once each."""
    seen = {}
    for spec in all_games():
        for option in table_options(spec):
            if option["name"] == "variant":
                for value, label in option.get("choices", []):
                    seen.setdefault(str(value), gettext(label))
    return sorted(seen.items())


class HistoryFilterForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"), required=False)
    player = forms.CharField(label=_("Player"), required=False, max_length=150)
    variant = forms.ChoiceField(label=_("Variant"), required=False)
    date_from = forms.DateField(label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    date_to = forms.DateField(label=_("To"), required=False, widget=forms.DateInput(attrs={"type": "date"}))
    result = forms.ChoiceField(
        label=_("My result"), required=False, choices=[("", _("Any")), ("won", _("Won")), ("lost", _("Lost"))]
    )

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", _("All games"))] + [(spec.key, spec.name) for spec in all_games()]
        self.fields["variant"].choices = [("", _("Any"))] + variant_choices()
        if user is None or not user.is_authenticated:
            del self.fields["result"]

    def clean(self):
        cleaned = super().clean()
        start, end = cleaned.get("date_from"), cleaned.get("date_to")
        if start and end and start > end:
            raise forms.ValidationError(_("The start date is after the end date."))
        return cleaned
