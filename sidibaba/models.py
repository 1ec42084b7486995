"""Sidi Baba's game data in the database: the mazes, editable in the admin.

A row holds exactly the engine's JSON (rows, cols, cells, openings); its key and name are
columns. The shipped mazes live in ``engine/data/mazes.json`` and are upserted by
``gamedata.load_default_data``. The engine's own validation decides what may be saved.
"""
from django.db import models
from django.utils.translation import gettext, gettext_lazy as _

from matches.game_data import GameData
from sidibaba import engine

# The maze option's value that leaves the choice to the Leader; no maze may take it as key.
LEADER_CHOOSES = "leader"


def maze_errors(data) -> list[str]:
    """The engine's reasons this maze cannot be played, in the reader's language ([] when fine)."""
    if not isinstance(data, dict):
        return [gettext("The maze must be a JSON object.")]
    from sidibaba.maze_reasons import translate_maze_error

    return [translate_maze_error(reason) for reason in engine.validate_maze(data)]


class Maze(GameData):
    not_an_object = _("The maze must be a JSON object.")

    class Meta(GameData.Meta):
        verbose_name = _("maze")
        verbose_name_plural = _("mazes")

    def errors_by_field(self):
        errors = {}
        if self.key == LEADER_CHOOSES:
            errors["key"] = [_("This key is kept for “the Leader chooses”.")]
        errors.update(super().errors_by_field())
        return errors

    def data_errors(self):
        return maze_errors(self.engine_data())

    @property
    def size(self) -> str:
        if not isinstance(self.data, dict):
            return "-"
        return f"{self.data.get('rows')}x{self.data.get('cols')}"


# The row of each kind a new match plays (the shipped one, seeded from the engine's JSON and
# editable in the admin); other rows are kept as drafts or alternatives.
PLAYED_KEY = "standard"


class _Supplies(GameData):
    """One piece of the engine's game data as JSON, checked by the engine's own rules before saving."""

    key = models.SlugField(_("key"), max_length=40, unique=True,
                           help_text=_("A new match plays the row whose key is “standard”."))

    not_an_object = None  # the engine's checks say what the data needs

    class Meta(GameData.Meta):
        abstract = True

    @staticmethod
    def engine_errors(data) -> list[str]:
        return []

    def data_errors(self):
        return [gettext(reason) for reason in self.engine_errors(self.data)]


class TokenMix(_Supplies):
    """How many tokens of each kind the bag holds: {"bag": {"gold1": 14, ..., "curse": 5}}."""

    class Meta(_Supplies.Meta):
        verbose_name = _("token mix")
        verbose_name_plural = _("token mixes")

    @staticmethod
    def engine_errors(data):
        return engine.validate_token_mix(data)


class EventSet(_Supplies):
    """The Leader's deck of events: {"events": [{"kind": "movement", "steps": 1}, ..., {"kind": "merchant"}]}."""

    class Meta(_Supplies.Meta):
        verbose_name = _("event set")
        verbose_name_plural = _("event sets")

    @staticmethod
    def engine_errors(data):
        return engine.validate_event_set(data)
