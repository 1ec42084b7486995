"""The game registry: each game app registers what the platform needs of it.

A game app's AppConfig.ready() calls `register(GameSpec(...))`. The service,
the lobby, the bots, `simulate` and the tests look games up here only.
"""
from dataclasses import dataclass, field
from types import ModuleType
from typing import Callable

from django.utils.translation import gettext

from gamekit import contract


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
    # name -> a one-word label (English, translated at render time) for seat names such as "Greedy 2"
    bot_short_labels: dict = field(default_factory=dict)
    template: str = "matches/match.html"
    # Turns the host's choices (ids of saved data) into engine options; runs in Django.
    resolve_options: Callable[[dict], dict] | None = None
    # Upserts the default game data into the database (from engine/data JSON).
    load_default_data: Callable[[], None] | None = None
    description: str = ""
    # role key (from the engine's roles()) -> label (English, translated at render time)
    role_labels: dict = field(default_factory=dict)
    # May be played turn-based, days per decision (every clock option set to that many days);
    # a game whose clock is the game itself (Sidi Baba's hourglass) may not.
    turn_based: bool = False


_GAMES: dict[str, GameSpec] = {}


class IncompleteEngine(TypeError):
    """A game registered with an engine that lacks part of the contract."""


def register(spec: GameSpec) -> None:
    lacking = contract.missing(spec.engine)
    if lacking:
        raise IncompleteEngine(f"{spec.key}: the engine lacks {', '.join(lacking)} (see docs/engine-contract.md)")
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


def table_options(spec: GameSpec) -> list[dict]:
    """The options a host picks; each game declares its own, clocks included (no clock is imposed)."""
    return spec.options() if callable(spec.options) else list(spec.options)


def default_table_options(spec: GameSpec) -> dict:
    return {option["name"]: option.get("default") for option in table_options(spec)}


def without_clocks(spec: GameSpec, options: dict) -> dict:
    """The same options with every clock that may be switched off set to 0 (simulations, tests)."""
    cleaned = dict(options)
    for option in contract.clock_options(table_options(spec)):
        if option.get("min", 0) == 0:
            cleaned[option["name"]] = 0
    return cleaned


def is_untimed(spec: GameSpec, options: dict) -> bool:
    """True when no clock of the game runs at this table."""
    return all(not options.get(o["name"]) for o in contract.clock_options(table_options(spec)))


def turn_based_options(spec: GameSpec, options: dict, days: int) -> dict:
    """The engine options of a turn-based table: every clock of the game set to ``days`` days."""
    timed = dict(options)
    for option in contract.clock_options(table_options(spec)):
        timed[option["name"]] = days * contract.DAY_SECONDS
    return timed


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
