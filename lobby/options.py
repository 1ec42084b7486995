"""A table's options: checked for a new table, resolved for the engine, and read by people
(option labels, seat roles)."""
from django.utils.translation import gettext as _, ngettext

from gamekit import contract
from lobby.errors import LobbyError
from matches.registry import clean_table_options, get_game, table_options


def engine_options(game_key: str, table_options: dict) -> dict:
    spec = get_game(game_key)
    return spec.resolve_options(dict(table_options)) if spec.resolve_options else dict(table_options)


def check_options(game_key, seat_count, raw_options):
    spec = get_game(game_key)
    if not spec.min_players <= seat_count <= spec.max_players:
        raise LobbyError(
            ngettext("%(game)s is for %(min)d to %(max)d player.", "%(game)s is for %(min)d to %(max)d players.", spec.max_players)
            % {"game": spec.name, "min": spec.min_players, "max": spec.max_players}
        )
    try:
        options = clean_table_options(spec, raw_options)
    except ValueError as exc:
        raise LobbyError(str(exc)) from exc
    try:
        resolved = engine_options(game_key, options)
    except ValueError as exc:
        raise LobbyError(str(exc)) from exc
    errors = spec.engine.validate_options(seat_count, resolved)
    if errors:
        raise LobbyError(" ".join(errors))
    return options


def translated_options(spec) -> list[dict]:
    """The game's table options for a form, their labels, help and choices in the reader's language (the
    lobby's table form and the tournaments' form draw them: lobby/static/lobby/option_fields.js)."""
    options = []
    for option in table_options(spec):
        option = dict(option, label=_(option["label"]))
        if option.get("help"):
            option["help"] = _(option["help"])
        if "choices" in option:
            option["choices"] = [[value, _(label)] for value, label in option["choices"]]
        options.append(option)
    return options


def default_options(spec) -> dict:
    return {o["name"]: o.get("default") for o in (spec.options() if callable(spec.options) else spec.options)}


def option_summary(game_key, chosen, decision_days=0) -> list[str]:
    """A table's options as people read them, in the reader's language: "60 s per decision", "Pyramid: Standard"."""
    try:
        spec = get_game(game_key)
    except LookupError:
        return []
    summary = []
    if decision_days:
        # every clock of the game runs in days: one phrase says it all
        summary.append(ngettext("%(days)d day per decision (turn-based)", "%(days)d days per decision (turn-based)", decision_days)
                       % {"days": decision_days})
    for option in table_options(spec):
        value = chosen.get(option["name"], option.get("default"))
        if option.get("clock") and decision_days:
            continue
        if option.get("clock"):
            # a game names what its clock times ("180 s per lamp"); by default, each decision
            phrase = _(option["summary"]) if option.get("summary") else _("%(seconds)s s per decision")
            summary.append(phrase % {"seconds": value} if value else _("untimed"))
            continue
        if "choices" in option:
            value = _(dict((str(v), label) for v, label in option["choices"]).get(str(value), str(value)))
        elif option.get("type") == "bool":
            value = _("yes") if value else _("no")
        summary.append(_("%(option)s: %(value)s") % {"option": _(option["label"]), "value": value})
    return summary


def seat_roles(game_key, seat_count, table_options) -> list[str] | None:
    """The role key of each seat, or None when the game has no roles."""
    try:
        spec = get_game(game_key)
    except LookupError:
        return None
    if not spec.provides("roles"):
        return None  # spares resolving the options (which may read the database) for a game without roles
    return contract.roles(spec.engine, seat_count, engine_options(game_key, table_options))


def seat_role_labels(game_key, seat_count, table_options) -> list[str] | None:
    """Each seat's role in the reader's language, or None when the game has no roles."""
    keys = seat_roles(game_key, seat_count, table_options)
    if keys is None:
        return None
    labels = get_game(game_key).role_labels
    return [_(labels.get(key, key)) for key in keys]
