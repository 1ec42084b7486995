"""The game registry: each game app registers what the platform needs of it.

A game app's AppConfig.ready() calls `register(GameSpec(...))`. The service,
the lobby, the bots, `simulate` and the tests look games up here only.
"""
from dataclasses import dataclass, field
from types import ModuleType
from typing import Callable

from django.utils.translation import gettext, gettext_noop


@dataclass(frozen=True)
class GameSpec:
    key: str
    name: str  # may be a lazy translation
    engine: ModuleType  # the pure engine module (the contract of ARCHITECTURE.md)
    min_players: int
    max_players: int
    # Table options the host picks, as plain dicts (see docs/protocol.md), or a
    # callable returning them (for choices read from the database at form time).
    options: list | Callable[[], list] = field(default_factory=list)
    # name -> choose_action(view, legal, rng) -> action
    bots: dict = field(default_factory=dict)
    bot_labels: dict = field(default_factory=dict)
    template: str = "matches/match.html"
    # Turns the host's choices (ids of saved data) into engine options; runs in Django.
    resolve_options: Callable[[dict], dict] | None = None
    # Upserts the default game data into the database (from engine/data JSON).
    load_default_data: Callable[[], None] | None = None
    description: str = ""


_GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> None:
    _GAMES[spec.key] = spec


def unregister(key: str) -> None:
    _GAMES.pop(key, None)


def get_game(key: str) -> GameSpec:
    try:
        return _GAMES[key]
    except KeyError:
        raise LookupError(f"Unknown game: {key}") from None


def all_games() -> list[GameSpec]:
    return sorted(_GAMES.values(), key=lambda g: g.key)


# Every table has a clock option; the games' own options come after it.
CLOCK_OPTION = {
    "name": "clock",
    "label": gettext_noop("Seconds per decision (0 = untimed)"),
    "type": "int",
    "min": 0,
    "max": 600,
    "default": 60,
}


def table_options(spec: GameSpec) -> list[dict]:
    own = spec.options() if callable(spec.options) else spec.options
    return [CLOCK_OPTION, *own]


def clean_table_options(spec: GameSpec, raw: dict) -> dict:
    """Coerce the host's raw choices to the declared options; raise ValueError."""
    cleaned = {}
    for option in table_options(spec):
        name = option["name"]
        value = raw.get(name, option.get("default"))
        kind = option.get("type", "choice")
        if kind == "int":
            try:
                value = int(value)
            except (TypeError, ValueError):
                raise ValueError(gettext("%(option)s: a whole number is needed.") % {"option": gettext(option["label"])}) from None
            if not option.get("min", value) <= value <= option.get("max", value):
                raise ValueError(
                    gettext("%(option)s: between %(min)s and %(max)s.")
                    % {"option": gettext(option["label"]), "min": option.get("min"), "max": option.get("max")}
                )
        elif kind == "bool":
            value = value in (True, "1", "true", "on", 1)
        elif kind == "choice":
            allowed = [str(c[0]) for c in option.get("choices", [])]
            if str(value) not in allowed:
                raise ValueError(gettext("%(option)s: unknown choice %(value)s.") % {"option": gettext(option["label"]), "value": repr(value)})
            value = str(value)
        cleaned[name] = value
    return cleaned
