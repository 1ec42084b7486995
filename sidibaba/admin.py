"""The mazes in the admin: a visual editor over the engine's JSON, checked by the engine as you edit."""
from django.contrib import admin
from django.forms import Script
from django.utils.translation import gettext, gettext_lazy as _

from matches.game_data_admin import GameDataAdmin, GameDataEditorAdmin, JSONEditorWidget
from sidibaba import engine
from sidibaba.gamedata import split_maze
from sidibaba.models import EventSet, Maze, TokenMix, maze_errors


class MazeEditorWidget(JSONEditorWidget):
    """The JSON textarea (kept for experts) under a grid drawn from it."""

    template_name = "sidibaba_admin/maze_editor_widget.html"
    textarea_class = "maze-json"

    class Media:
        css = {"all": ["sidibaba_admin/maze_editor.css"]}
        js = [Script("sidibaba_admin/maze_editor.js", type="module")]  # imports matches/admin_editor.js


@admin.register(Maze)
class MazeAdmin(GameDataEditorAdmin):
    editor_widget = MazeEditorWidget
    list_display = ["key", "name", "size", "opening_count", "updated_at"]
    search_fields = ["key", "name"]

    def new_row_data(self):
        """A new maze starts as a copy of the first shipped maze, so the editor has something to draw."""
        _key, _name, body = split_maze(engine.default_mazes()[0])
        return body

    @admin.display(description=_("size"))
    def size(self, obj):
        return obj.size

    @admin.display(description=_("openings"))
    def opening_count(self, obj):
        openings = obj.data.get("openings") if isinstance(obj.data, dict) else None
        return len(openings) if isinstance(openings, list) else "-"

    def check_answer(self, body):
        """{"maze": {...}, "cell": n, "facing": 0..3} -> the engine's reasons and, when playable, the view from there."""
        maze = body.get("maze")
        errors = maze_errors(maze)
        answer = {"errors": errors, "sight": None}
        if not errors and body.get("cell") is not None:
            try:
                answer["sight"] = engine.sight_in(maze, body.get("cell"), body.get("facing"))
            except ValueError:
                answer["sight_error"] = gettext("No such square or facing in this maze.")
        return answer


@admin.register(TokenMix)
class TokenMixAdmin(GameDataAdmin):
    """The bag's counts per token kind; the engine refuses unknown kinds, bad counts and too few jewels."""

    list_display = ["key", "name", "token_count", "updated_at"]

    def new_row_data(self):
        return engine.default_token_mix()

    @admin.display(description=_("tokens"))
    def token_count(self, obj):
        bag = obj.data.get("bag") if isinstance(obj.data, dict) else None
        return sum(v for v in bag.values() if isinstance(v, int)) if isinstance(bag, dict) else "-"


@admin.register(EventSet)
class EventSetAdmin(GameDataAdmin):
    """The Leader's deck; the engine refuses unknown kinds and steps outside 1-3."""

    list_display = ["key", "name", "event_count", "updated_at"]

    def new_row_data(self):
        return engine.default_event_set()

    @admin.display(description=_("events"))
    def event_count(self, obj):
        events = obj.data.get("events") if isinstance(obj.data, dict) else None
        return len(events) if isinstance(events, list) else "-"
