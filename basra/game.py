"""Ali Baba in Basra's entry in the game registry."""
import copy

from django.db import DatabaseError
from django.utils.translation import gettext_lazy as _, gettext_noop

from basra import engine
from basra.engine.data_files import load

GAME_KEY = "basra"
# The saved game data a host picks from, as (table option, model name, label).
DATA_CHOICES = [("board", "Board", "Board"), ("prices", "PriceTable", "Price table"), ("cards", "CardSet", "Card set and Destiny Table")]
# The engine is pure and names its options and bots in English; the lobby
# translates them at render time, and these markers put them in the catalogue.
TRANSLATABLE_LABELS = [
    gettext_noop("Variant"),
    gettext_noop("%(seconds)s s per throw-away window"),
    gettext_noop("%(seconds)s s for the bazaar"),
    gettext_noop("Standard"),
    gettext_noop("Forty Thieves"),
    gettext_noop("Open packs"),
    gettext_noop("Buyers may take any card of a pack, face up or not."),
    gettext_noop("Seconds per decision"),
    gettext_noop("0 = untimed"),
    gettext_noop("Seconds for a throw-away window"),
    gettext_noop("Seconds for the bazaar"),
    gettext_noop("Board"),
    gettext_noop("Price table"),
    gettext_noop("Card set and Destiny Table"),
    gettext_noop("Random"),
    gettext_noop("Merchant"),
    gettext_noop("Master — the strongest: searches three times longer than Expert, up to 1 s a move"),
    gettext_noop("Expert — searches several moves ahead and beats the Merchant, in Forty Thieves too"),
    gettext_noop("Master"),
    gettext_noop("Expert"),
]
# The engine's refusals, shown to the player in their language by the match service.
ENGINE_MESSAGES = [
    gettext_noop("The game is over."),
    gettext_noop("That is not a valid action."),
    gettext_noop("Unknown action."),
    gettext_noop("Time has not run out yet."),
    gettext_noop("Only players can make that move."),
    gettext_noop("It is not your turn."),
]


def _model(name):
    from basra import models

    return getattr(models, name)


def _saved(model_name, option):
    """[(key, name)] of the saved rows, the shipped one first; the shipped one alone if the database is not ready."""
    try:
        rows = list(_model(model_name).objects.order_by("key").values_list("key", "name"))
    except DatabaseError:
        rows = []
    default = load(option).get("key", GAME_KEY) if option == "board" else GAME_KEY
    if not rows:
        rows = [(default, load(option).get("name", "Basra") if option == "board" else "Basra")]
    rows.sort(key=lambda kn: (kn[0] != default, kn[0]))
    return rows


def table_options():
    """The engine's options plus the saved board, price table and card set, read at form time."""
    options = copy.deepcopy(engine.OPTIONS)
    for option, model_name, label in DATA_CHOICES:
        rows = _saved(model_name, option)
        options.append({"name": option, "label": label, "type": "choice", "choices": [list(r) for r in rows], "default": rows[0][0]})
    return options


def resolve_options(options: dict) -> dict:
    """The host's choices -> engine options: each picked key replaced by its JSON from the database.

    The shipped data is left out (the engine's default) so states stay small."""
    resolved = dict(options)
    for option, model_name, _label in DATA_CHOICES:
        key = resolved.pop(option, None)
        if key is None:
            continue
        if not isinstance(key, str):
            raise ValueError(f"Unknown {option}: {key!r}")
        row = _model(model_name).objects.filter(key=key).first()
        if row is None:
            if key == (load(option).get("key", GAME_KEY) if option == "board" else GAME_KEY):
                continue
            raise ValueError(f"Unknown {option}: {key}")
        data = row.engine_data()
        if data != load(option):
            resolved[option] = data
    return resolved


def build_spec():
    from basra.bots import BOT_LABELS, BOT_SHORT_LABELS, BOTS, REVIEW_CONFIG
    from basra.gamedata import load_default_data
    from matches.registry import GameSpec

    return GameSpec(
        key=GAME_KEY,
        name=_("Ali Baba in Basra"),
        engine=engine,
        min_players=engine.setup.MIN_PLAYERS,
        max_players=engine.setup.MAX_PLAYERS,
        options=table_options,
        bots=BOTS,
        review_config=REVIEW_CONFIG,
        bot_labels=BOT_LABELS,
        bot_short_labels=BOT_SHORT_LABELS,
        template="basra/match.html",
        turn_based=True,
        # a private offer made, declined, void or run out moves nothing anyone else is shown (issue 35, #5)
        hide_unseen_actions=True,
        resolve_options=resolve_options,
        load_default_data=load_default_data,
        description=_("Lead Ali Baba round Basra with movement cards, buy bandit cards and dodge the Destiny Table."),
    )
