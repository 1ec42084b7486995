"""The treasure cave's entry in the game registry."""
import copy

from django.db import DatabaseError
from django.utils.translation import gettext_lazy as _, gettext_noop

from alibaba_tiles import engine
from alibaba_tiles.gamedata import DEFAULT_LAYOUT, DEFAULT_TILESET

GAME_KEY = "alibaba_tiles"
# The engine is pure and names its options and bots in English; the lobby
# translates them at render time, and these markers put them in the catalogue.
TRANSLATABLE_LABELS = [
    gettext_noop("Variant"),
    gettext_noop("Standard"),
    gettext_noop("Aladdin's lamp"),
    gettext_noop("Equal treasures"),
    gettext_noop("Smaller cave (2 players)"),
    gettext_noop("Pyramid"),
    gettext_noop("Random"),
    gettext_noop("Greedy — looks one move ahead"),
    gettext_noop(
        "Master — the strongest: tries Greedy's best moves out to the end and wins half its games "
        "against three Greedy players, up to 1 s a move"
    ),
    gettext_noop("Expert — searches several moves ahead in a third of Master's time, and plays about as well as Greedy"),
    gettext_noop("Master"),
    gettext_noop("Expert"),
]
# The engine's refusals, shown to the player in their language by the match service.
ENGINE_MESSAGES = [
    gettext_noop("Choose one of the shown tiles."),
    gettext_noop("It is not time yet."),
    gettext_noop("It is not your turn."),
    gettext_noop("Name either a kind of treasure or a colour."),
    gettext_noop("No other player has a tile to show."),
    gettext_noop("Nobody asked you to show a tile."),
    gettext_noop("Only players can make that move."),
    gettext_noop("Only the clock can end a turn."),
    gettext_noop("Say whether to keep the lamp or which bazaar tile to swap it for."),
    gettext_noop("Say whether to use the magic effect (use: true or false)."),
    gettext_noop("Say which adjacent face-up tile to take."),
    gettext_noop("Say which tile to take (its position)."),
    gettext_noop("Show one of your own tiles."),
    gettext_noop("Show one of your tiles."),
    gettext_noop("That is not a valid action."),
    gettext_noop("That tile has already been taken."),
    gettext_noop("That tile is covered by another tile."),
    gettext_noop("That tile is still face down."),
    gettext_noop("The game is over."),
    gettext_noop("The time of the action is missing."),
    gettext_noop("There is no such colour."),
    gettext_noop("There is no such kind of treasure."),
    gettext_noop("There is no such place in the cave."),
    gettext_noop("There is no such seat at this table."),
    gettext_noop("There is no such tile in the bazaar."),
    gettext_noop("This table has no clock."),
    gettext_noop("This tile has no magic effect."),
    gettext_noop("Unknown action."),
    gettext_noop("Wait until the others have shown a tile."),
    gettext_noop("You can only take a face-up tile next to the one you took, in the same layer."),
    gettext_noop("You have already shown a tile."),
]
# The smaller cave variant is played on this layout when the host kept the default pyramid.
SMALL_VARIANT = "small"
SMALL_LAYOUT = "small"


def _saved_layouts():
    """[(key, name)] of the layouts in the database, or the shipped ones if it is not ready."""
    from alibaba_tiles.models import PyramidLayout

    try:
        rows = list(PyramidLayout.objects.order_by("key").values_list("key", "name"))
    except DatabaseError:
        rows = []
    if not rows:
        rows = [(layout["key"], layout["name"]) for layout in engine.default_layouts()]
    # the default first
    rows.sort(key=lambda kn: (kn[0] != DEFAULT_LAYOUT, kn[0]))
    return rows


def table_options():
    """The engine's options plus the pyramid, read from the database at form time."""
    options = copy.deepcopy(engine.OPTIONS)
    options.append({
        "name": "layout",
        "label": "Pyramid",
        "type": "choice",
        "choices": [[key, name] for key, name in _saved_layouts()],
        "default": DEFAULT_LAYOUT,
        "help": "The smaller cave variant uses the smaller pyramid when the standard one is picked.",
    })
    return options


def layout_key_for(options: dict) -> str:
    key = options.get("layout") or DEFAULT_LAYOUT
    if options.get("variant") == SMALL_VARIANT and key == DEFAULT_LAYOUT:
        key = SMALL_LAYOUT
    return key


def resolve_options(options: dict) -> dict:
    """The host's choices -> engine options: the layout and tile set as JSON from the database."""
    from alibaba_tiles.models import PyramidLayout, TileSet

    resolved = dict(options)
    key = layout_key_for(resolved)
    resolved.pop("layout", None)
    row = PyramidLayout.objects.filter(key=key).first()
    if row is not None:
        resolved["layout"] = row.engine_data()
    else:
        try:
            resolved["layout"] = copy.deepcopy(engine.data_files.default_layout(key))
        except KeyError:
            raise ValueError(f"Unknown pyramid layout: {key}") from None
    tiles = TileSet.objects.filter(key=DEFAULT_TILESET).first()
    resolved["tiles"] = tiles.engine_data() if tiles is not None else copy.deepcopy(engine.default_tiles())
    return resolved


def build_spec():
    from alibaba_tiles.bots import BOT_LABELS, BOT_SHORT_LABELS, BOTS, REVIEW_CONFIG
    from alibaba_tiles.gamedata import load_default_data
    from matches.registry import GameSpec

    rules = engine.game_rules()
    return GameSpec(
        key=GAME_KEY,
        name=_("Ali Baba's treasure cave"),
        engine=engine,
        min_players=rules["min_players"],
        max_players=rules["max_players"],
        options=table_options,
        bots=BOTS,
        review_config=REVIEW_CONFIG,
        # a fixed half of every frame's text: sent once, on connect (matches/frames.py, change_frames)
        kept_view_keys=("layout", "tileset"),
        bot_labels=BOT_LABELS,
        bot_short_labels=BOT_SHORT_LABELS,
        template="alibaba_tiles/match.html",
        turn_based=True,
        resolve_options=resolve_options,
        load_default_data=load_default_data,
        description=_("Take treasure tiles from a four-layer pyramid; use their colours' magic; collect sets."),
    )
