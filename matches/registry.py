"""The game registry: each game app registers what the platform needs of it.

A game app's AppConfig.ready() calls `register(GameSpec(...))`. The service,
the lobby, the bots, `simulate` and the tests look games up here only.
`register` refuses a game that breaks the rules of docs/architecture.md
("How a game plugs in"), saying why.
"""
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType

from django.utils.translation import gettext

from gamekit import contract


@dataclass(frozen=True)
class GameSpec:
    key: str
    name: str  # may be a lazy translation
    engine: ModuleType  # the pure engine module (docs/engine-contract.md; gamekit/contract.py)
    min_players: int
    max_players: int
    # Table options the host picks, as plain dicts (see docs/protocol.md), or a
    # callable returning them (for choices read from the database at form time).
    options: list | Callable[[], list] = field(default_factory=list)
    # name -> choose_action(view, legal, rng) -> action; at least one: the first stands in for a person
    # who is away or resigned (matches/presence.py) and is simulate's default
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
    # An action whose events a seat may not see changes nothing that seat is shown (the engine's view,
    # legal actions, to_act_seen_by, deadline_for; and it opens no decision): the platform then sends that
    # seat no frame of it and does not move the version it is shown (matches/frames.py; Basra's private
    # offers). tests/matches/test_contract.py checks the promise at every step of random matches.
    hide_unseen_actions: bool = False
    # Keys of the engine's view that never change during a match, whoever views it (the treasure cave's layout
    # and tile set): a change's frame leaves them out and names them in "kept", and the page keeps them from the
    # frame before (docs/protocol.md, "Kept parts of the view"); a full frame carries them. The promise is
    # checked at every step of random matches (tests/matches/test_contract.py).
    kept_view_keys: tuple = ()
    # The search settings the match review plays each decision's candidates with (gamekit/review.py,
    # docs/analysis.md): a ``gamekit.ismcts.SearchConfig``; None: the game's matches are not reviewed.
    review_config: object = None

    def provides(self, name: str) -> bool:
        """Whether the engine has the optional function ``name`` (one of ``gamekit.contract.OPTIONAL``)."""
        return contract.optional(self.engine, name) is not None

    @property
    def optional_functions(self) -> tuple[str, ...]:
        """The optional functions of the contract this game's engine provides."""
        return contract.provided(self.engine)


_GAMES: dict[str, GameSpec] = {}
# A game's key names it in URLs, static folders and docs/rules/<key>.md, and fits the `game` columns.
KEY_PATTERN = re.compile(r"[a-z][a-z0-9_]{0,39}")


class GameRefused(TypeError):
    """A game that breaks the rules a game must follow (docs/architecture.md, "How a game plugs in")."""


class IncompleteEngine(GameRefused):
    """A game registered with an engine that breaks the engine contract (docs/engine-contract.md)."""


def _is_count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def spec_problems(spec: GameSpec) -> list[str]:
    """What ``spec`` breaks of the rules outside the engine; [] when none."""
    found = []
    if not isinstance(spec.key, str) or not KEY_PATTERN.fullmatch(spec.key):
        found.append(f"the key {spec.key!r} is not 1-40 lowercase letters, digits and underscores, starting with a letter")
    if not (_is_count(spec.min_players) and _is_count(spec.max_players) and 1 <= spec.min_players <= spec.max_players):
        found.append(f"the player counts {spec.min_players!r}..{spec.max_players!r} are not whole numbers with 1 <= min <= max")
    if not isinstance(spec.bots, dict) or not spec.bots:
        found.append("it has no computer player (at least one: the first stands in for a person who is away or resigned)")
    else:
        found += [f"the computer player {name!r} is not a function" for name, choose in spec.bots.items() if not callable(choose)]
        for labels in ("bot_labels", "bot_short_labels"):
            unknown = sorted(set(getattr(spec, labels)) - set(spec.bots))
            if unknown:
                found.append(f"{labels} names no computer player of the game: {', '.join(map(str, unknown))}")
    if spec.role_labels and not spec.provides("roles"):
        found.append("role_labels without roles() in the engine")
    if not (isinstance(spec.options, list) or callable(spec.options)):
        found.append("options is neither a list nor a function returning one")
    for hook in ("resolve_options", "load_default_data"):
        if getattr(spec, hook) is not None and not callable(getattr(spec, hook)):
            found.append(f"{hook} is not a function")
    if not isinstance(spec.template, str) or not spec.template:
        found.append("template is not a template's name")
    if not isinstance(spec.turn_based, bool):
        found.append("turn_based is not True or False")
    if not isinstance(spec.hide_unseen_actions, bool):
        found.append("hide_unseen_actions is not True or False")
    if not (isinstance(spec.kept_view_keys, tuple) and all(isinstance(key, str) for key in spec.kept_view_keys)):
        found.append("kept_view_keys is not a tuple of the view's keys")
    return found


def register(spec: GameSpec) -> None:
    """Add a game, or raise GameRefused (IncompleteEngine when the engine breaks its contract) with every reason."""
    engine_problems = contract.problems(spec.engine)
    found = [f"the engine {problem}" for problem in engine_problems] + spec_problems(spec)
    if found:
        refusal = IncompleteEngine if engine_problems else GameRefused
        raise refusal(f"{spec.key}: {'; '.join(found)} (see docs/architecture.md, \"How a game plugs in\", "
                      f"and docs/engine-contract.md)")
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
                raise ValueError(
                    gettext("%(option)s: unknown choice %(value)s.") % {"option": gettext(option["label"]), "value": repr(value)}
                )
            value = str(value)
        cleaned[name] = value
    return cleaned
