"""Sidi Baba's entry in the game registry."""
import copy

from django.db import DatabaseError
from django.utils.translation import gettext_lazy as _, gettext_noop

from sidibaba import engine
from sidibaba.models import LEADER_CHOOSES

GAME_KEY = "sidibaba"
# The engine is pure and names its options, roles and bots in English; the lobby translates
# them at render time, and these markers put them in the catalogue.
TRANSLATABLE_LABELS = [
    gettext_noop("Lamp duration (seconds)"),
    gettext_noop("%(seconds)s s per lamp"),
    gettext_noop("Maze"),
    gettext_noop("The Leader chooses"),
    gettext_noop("Leader of the Thieves"),
    gettext_noop("Adventurer"),
    gettext_noop("Random"),
    gettext_noop("Explorer"),
    gettext_noop("Master — beats the Explorer on either side, and as the Leader searches three times longer than Expert, up to 1 s a move"),
    gettext_noop(
        "Expert — beats the Explorer on either side: works out where it stands from what its seat has seen, "
        "and as the Leader searches ahead"
    ),
    gettext_noop("Master"),
    gettext_noop("Expert"),
    # the shipped mazes' names (a maze made in the admin shows its name as typed)
    gettext_noop("The Thieves' Grotto"),
    gettext_noop("The Sunken Vaults"),
    gettext_noop("The Forty Halls"),
    gettext_noop("The Serpent's Coils"),
]
# Every sentence of sidibaba/engine/messages.py (the engine's refusals, shown in the player's language).
ENGINE_MESSAGES = [
    gettext_noop("The game is over."),
    gettext_noop("Time has nothing to do now."),
    gettext_noop("An action is an object with a type."),
    gettext_noop("The Leader has stopped time."),
    gettext_noop("A genie has already been used during this lamp."),
    gettext_noop("Finish what the table is doing first."),
    gettext_noop("That is not yours to do now."),
    gettext_noop("Nothing is asked of you now."),
    gettext_noop("That is not allowed."),
    gettext_noop("Step into the cave first."),
    gettext_noop("A landslide blocks the way."),
    gettext_noop("A wall blocks the way."),
    gettext_noop("You must find the Treasure first."),
    gettext_noop("Sidi Baba is played by 3 to 7 players."),
    gettext_noop("A lamp lasts 60 to 300 seconds."),
    gettext_noop("Unknown maze."),
    gettext_noop("The token mix needs a bag: an object of token kinds and counts."),
    gettext_noop("The bag may only count the known token kinds."),
    gettext_noop("Each token count is a whole number from 0 to 40."),
    gettext_noop("The bag needs at least 10 jewels."),
    gettext_noop("The bag holds 20 to 150 tokens."),
    gettext_noop("The event set is a list of 1 to 40 events."),
    gettext_noop("Each event is one of the known kinds."),
    gettext_noop("Movement, Illusion, both locks, Teleportation and Landslide move 1 to 3 steps."),
    gettext_noop("The Bandit, Scheherazade and the Merchant take no steps."),
]
ROLE_LABELS = {"leader": "Leader of the Thieves", "adventurer": "Adventurer"}


def saved_mazes() -> list[dict]:
    """The mazes in the database as the engine's JSON, or the shipped ones if there are none (or no database)."""
    from sidibaba.models import Maze

    try:
        mazes = [row.engine_data() for row in Maze.objects.order_by("pk")]
    except DatabaseError:
        mazes = []
    return mazes or copy.deepcopy(engine.default_mazes())


def table_options():
    """The engine's options with the maze choice read from the database at form time."""
    options = copy.deepcopy(engine.OPTIONS)
    for option in options:
        if option["name"] == "maze":
            option["choices"] = [[LEADER_CHOOSES, "The Leader chooses"]] + [
                [maze["key"], maze["name"]] for maze in saved_mazes()
            ]
            option["default"] = LEADER_CHOOSES
    return options


def played_supplies() -> dict:
    """The token mix and event set a new match plays, from the database (the rows keyed "standard").

    Left out when a row is missing (or there is no database) or holds the shipped data: the engine
    then uses its own JSON, and the match's options stay small."""
    from sidibaba.models import PLAYED_KEY, EventSet, TokenMix

    supplies = {}
    for option, model, default in (("token_mix", TokenMix, engine.default_token_mix()),
                                   ("event_set", EventSet, engine.default_event_set())):
        try:
            row = model.objects.filter(key=PLAYED_KEY).first()
        except DatabaseError:
            row = None
        if row is not None and row.data != default:
            supplies[option] = copy.deepcopy(row.data)
    return supplies


def resolve_options(options: dict) -> dict:
    """The host's choices -> engine options: the chosen maze's JSON, or every saved maze for the Leader,
    and the token mix and event set saved in the admin."""
    resolved = dict(options)
    resolved.update(played_supplies())
    mazes = saved_mazes()
    key = resolved.get("maze") or LEADER_CHOOSES
    if key == LEADER_CHOOSES:
        resolved["maze"] = LEADER_CHOOSES
        resolved["maze_choices"] = mazes
        return resolved
    chosen = next((maze for maze in mazes if maze["key"] == key), None)
    if chosen is None:
        raise ValueError(f"Unknown maze: {key}")
    resolved["maze_data"] = chosen
    resolved["maze_choices"] = [chosen]  # only this one is played; the others need not be stored
    return resolved


def build_spec():
    from matches.registry import GameSpec
    from sidibaba.bots import BOT_LABELS, BOT_SHORT_LABELS, BOTS, REVIEW_CONFIG
    from sidibaba.gamedata import load_default_data

    return GameSpec(
        key=GAME_KEY,
        name=_("Sidi Baba"),
        engine=engine,
        min_players=engine.rules.MIN_PLAYERS,
        max_players=engine.rules.MAX_PLAYERS,
        options=table_options,
        bots=BOTS,
        review_config=REVIEW_CONFIG,
        bot_labels=BOT_LABELS,
        bot_short_labels=BOT_SHORT_LABELS,
        template="sidibaba/match.html",
        resolve_options=resolve_options,
        load_default_data=load_default_data,
        description=_(
            "One player leads the Thieves and knows the maze; the others explore it blind, "
            "by lamplight, to find the Treasure and get out before the last lamp goes out."
        ),
        role_labels=ROLE_LABELS,
    )
