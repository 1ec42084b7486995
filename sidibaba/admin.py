"""The mazes in the admin: a visual editor over the engine's JSON, checked by the engine as you edit."""
import json

from django import forms
from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.http import JsonResponse
from django.urls import path, reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from matches.admin_forms import GameDataForm, PrettyJSONField, game_data_form
from sidibaba import engine
from sidibaba.gamedata import split_maze
from sidibaba.models import EventSet, Maze, TokenMix, maze_errors


class MazeEditorWidget(forms.Textarea):
    """The JSON textarea (kept for experts) under a grid drawn from it; both stay in sync."""

    template_name = "sidibaba_admin/maze_editor_widget.html"

    class Media:
        css = {"all": ["sidibaba_admin/maze_editor.css"]}
        js = ["sidibaba_admin/maze_editor.js"]

    def __init__(self, check_url="", attrs=None):
        super().__init__(attrs={"rows": 24, "cols": 80, "class": "maze-json", **(attrs or {})})
        self.check_url = check_url

    def get_context(self, name, value, attrs):
        context = super().get_context(name, value, attrs)
        context["widget"]["check_url"] = self.check_url
        return context


class MazeForm(GameDataForm):
    data = PrettyJSONField(label=_("data"))

    class Meta:
        model = Maze
        fields = ["key", "name", "data"]


@admin.register(Maze)
class MazeAdmin(admin.ModelAdmin):
    form = MazeForm
    list_display = ["key", "name", "size", "opening_count", "updated_at"]
    search_fields = ["key", "name"]

    def get_form(self, request, obj=None, change=False, **kwargs):
        form = super().get_form(request, obj, change=change, **kwargs)
        form.base_fields["data"].widget = MazeEditorWidget(check_url=reverse("admin:sidibaba_maze_check"))
        return form

    def get_changeform_initial_data(self, request):
        """A new maze starts as a copy of the first shipped maze, so the editor has something to draw."""
        initial = super().get_changeform_initial_data(request)
        _key, _name, body = split_maze(engine.default_mazes()[0])
        initial.setdefault("data", body)
        return initial

    @admin.display(description=_("size"))
    def size(self, obj):
        return obj.size

    @admin.display(description=_("openings"))
    def opening_count(self, obj):
        openings = obj.data.get("openings") if isinstance(obj.data, dict) else None
        return len(openings) if isinstance(openings, list) else "-"

    def get_urls(self):
        check = path("check/", self.admin_site.admin_view(self.check_view), name="sidibaba_maze_check")
        return [check, *super().get_urls()]

    def check_view(self, request):
        return require_POST(self._check)(request)

    def _check(self, request):
        """{"maze": {...}, "cell": n, "facing": 0..3} -> the engine's reasons and, when playable, the view from there."""
        if not (self.has_add_permission(request) or self.has_change_permission(request)):
            raise PermissionDenied
        try:
            body = json.loads(request.body)
        except (ValueError, UnicodeDecodeError):
            return JsonResponse({"errors": [gettext("The request is not JSON.")]}, status=400)
        if not isinstance(body, dict):
            return JsonResponse({"errors": [gettext("The request is not JSON.")]}, status=400)
        maze = body.get("maze")
        errors = maze_errors(maze)
        answer = {"errors": errors, "sight": None}
        if not errors and body.get("cell") is not None:
            try:
                answer["sight"] = engine.sight_in(maze, body.get("cell"), body.get("facing"))
            except ValueError:
                answer["sight_error"] = gettext("No such square or facing in this maze.")
        return JsonResponse(answer)


@admin.register(TokenMix)
class TokenMixAdmin(admin.ModelAdmin):
    """The bag's counts per token kind; the engine refuses unknown kinds, bad counts and too few jewels."""

    form = game_data_form(TokenMix)
    fields = ["key", "name", "data"]
    list_display = ["key", "name", "token_count", "updated_at"]

    def get_changeform_initial_data(self, request):
        initial = super().get_changeform_initial_data(request)
        initial.setdefault("data", engine.default_token_mix())
        return initial

    @admin.display(description=_("tokens"))
    def token_count(self, obj):
        bag = obj.data.get("bag") if isinstance(obj.data, dict) else None
        return sum(v for v in bag.values() if isinstance(v, int)) if isinstance(bag, dict) else "-"


@admin.register(EventSet)
class EventSetAdmin(admin.ModelAdmin):
    """The Leader's deck; the engine refuses unknown kinds and steps outside 1-3."""

    form = game_data_form(EventSet)
    fields = ["key", "name", "data"]
    list_display = ["key", "name", "event_count", "updated_at"]

    def get_changeform_initial_data(self, request):
        initial = super().get_changeform_initial_data(request)
        initial.setdefault("data", engine.default_event_set())
        return initial

    @admin.display(description=_("events"))
    def event_count(self, obj):
        events = obj.data.get("events") if isinstance(obj.data, dict) else None
        return len(events) if isinstance(events, list) else "-"
