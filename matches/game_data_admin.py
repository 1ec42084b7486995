"""What every game's admin for its data rows shares (see matches/game_data.py).

``GameDataAdmin`` edits a row's key, name and JSON (indented, its engine's reasons under it);
``GameDataEditorAdmin`` puts a visual editor over the JSON, which asks the engine as you edit
through a ``check/`` address of the admin's own.
"""
import json

from django import forms
from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import JsonResponse
from django.urls import path, reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from matches.admin_forms import game_data_form


class GameDataAdmin(admin.ModelAdmin):
    """A game-data row's admin: its JSON in a wide box; a new row may start from ``new_row_data``."""

    fields = ["key", "name", "data"]

    def __init__(self, model, admin_site):
        super().__init__(model, admin_site)
        if self.form is forms.ModelForm:  # no form of the admin's own
            self.form = game_data_form(model)

    def new_row_data(self):
        """The data a new row starts with (None: the field's default)."""
        return None

    def get_changeform_initial_data(self, request):
        initial = super().get_changeform_initial_data(request)
        data = self.new_row_data()
        if data is not None:
            initial.setdefault("data", data)
        return initial


class JSONEditorWidget(forms.Textarea):
    """The JSON textarea (kept for experts) under a drawing made from it; both stay in sync.

    A subclass names its template, its script and style (Media) and the textarea's class."""

    textarea_class = ""

    def __init__(self, check_url="", attrs=None):
        super().__init__(attrs={"rows": 24, "cols": 80, "class": self.textarea_class, **(attrs or {})})
        self.check_url = check_url

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        context["widget"]["check_url"] = self.check_url
        return context


class GameDataEditorAdmin(GameDataAdmin):
    """A game-data admin whose data is edited in ``editor_widget``, checked by the engine as you edit.

    The editor posts its draft as JSON to ``check/``; ``check_answer`` says what the engine makes of it."""

    editor_widget = JSONEditorWidget

    @property
    def check_url_name(self):
        return f"{self.opts.app_label}_{self.opts.model_name}_check"

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)
        form.base_fields["data"].widget = self.editor_widget(check_url=reverse(f"admin:{self.check_url_name}"))
        return form

    def get_urls(self):
        check = path("check/", self.admin_site.admin_view(self.check_view), name=self.check_url_name)
        return [check, *super().get_urls()]

    def check_view(self, request):
        return require_POST(self._check)(request)

    def _check(self, request):
        if not (self.has_add_permission(request) or self.has_change_permission(request)):
            raise PermissionDenied
        try:
            body = json.loads(request.body)
        except (ValueError, UnicodeDecodeError):
            body = None
        answer = self.check_answer(body) if isinstance(body, dict) else None
        if answer is None:
            return JsonResponse({"errors": [gettext("The request is not JSON.")]}, status=400)
        return JsonResponse(answer)

    def check_answer(self, body: dict) -> dict | None:
        """The editor's request (a JSON object) -> the answer it shows; None when the request lacks the draft."""
        raise NotImplementedError
