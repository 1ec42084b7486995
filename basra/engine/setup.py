"""Table options, and setting up a match: cash, packs, banker, movement cards."""
from gamekit import contract

from . import board as board_rules, core
from .data_files import DATA_KEYS

VARIANTS = ("standard", "forty_thieves")
# The rules new matches are played under (docs/architecture.md, "Changing a rule"): bump it when a rule
# changes, keeping the older rule behind ``contract.rules_version(state)`` for the older versions.
RULES_VERSION = 1

OPTIONS = [
    {"name": "variant", "label": "Variant", "type": "choice",
     "choices": [["standard", "Standard"], ["forty_thieves", "Forty Thieves"]], "default": "standard"},
    {"name": "open_packs", "label": "Open packs", "type": "bool", "default": False,
     "help": "Buyers may take any card of a pack, face up or not."},
    {"name": "turn_seconds", "label": "Seconds per decision", "type": "int", "min": 0, "max": 300, "default": 60,
     "clock": True, "help": "0 = untimed"},
    {"name": "window_seconds", "label": "Seconds for a throw-away window", "type": "int", "min": 10, "max": 300,
     "default": 30, "clock": True, "summary": "%(seconds)s s per throw-away window"},
    {"name": "bazaar_seconds", "label": "Seconds for the bazaar", "type": "int", "min": 10, "max": 600,
     "default": 60, "clock": True, "summary": "%(seconds)s s for the bazaar"},
]
MIN_PLAYERS, MAX_PLAYERS = 2, 6


def table_options(options):
    """The table choices with defaults filled in (game data entries left out)."""
    options = options or {}
    return {o["name"]: options.get(o["name"], o["default"]) for o in OPTIONS}


def validate_options(players, options):
    errors = []
    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        errors.append(f"Ali Baba in Basra is played by {MIN_PLAYERS} to {MAX_PLAYERS} players.")
    options = options or {}
    for spec in OPTIONS:
        if spec["name"] not in options:
            continue
        value = options[spec["name"]]
        if spec["type"] == "choice" and value not in [c[0] for c in spec["choices"]]:
            errors.append(f"Unknown {spec['name']}: {value!r}.")
        elif spec["type"] == "bool" and not isinstance(value, bool):
            errors.append(f"{spec['name']} must be true or false.")
        elif spec.get("clock") and contract.is_turn_based_clock(value):
            pass  # a turn-based table: days per decision, for every clock alike (docs/rules/basra.md)
        elif spec["type"] == "int" and (not isinstance(value, int) or isinstance(value, bool) or not spec["min"] <= value <= spec["max"]):
            errors.append(f"{spec['name']} must be a whole number from {spec['min']} to {spec['max']}.")
    version_problem = contract.rules_version_problem(options, RULES_VERSION)
    if version_problem:
        errors.append(version_problem)
    # the platform notes when a match began, and the rules version it is played under
    known = {o["name"] for o in OPTIONS} | set(DATA_KEYS) | {"started_at", contract.RULES_VERSION_OPTION}
    for name in options:
        if name not in known:
            errors.append(f"Unknown option {name!r}.")
    if "board" in options:
        errors += board_rules.validate_board(options["board"])
    return errors


def custom_data(options):
    custom = {key: options[key] for key in DATA_KEYS if options and key in options}
    return custom or None


def new_state(players, options, seed):
    """A match set up (cash, packs, banker, movement cards), before its first turn (``table.new_game``)."""
    errors = validate_options(players, options)
    if errors:
        raise ValueError("; ".join(errors))
    state = {
        "game": "basra", "players": players, "seed": seed, "draws": 0,
        "options": table_options(options), "data": custom_data(options),
        "cash": [], "bandits": [[] for _ in range(players)], "hands": [], "hand_size": [],
        "played": [], "packs": {}, "position": None, "round": 1, "steps": 0, "turn": 0,
        "banker": 0, "current": 0, "stole": False, "dice": {"black": None, "white": None},
        "capture": None, "phase": None, "decision": 0, "finished": False, "ending": False, "round_results": [],
        "forty": {"stashes": [], "claimed": [[] for _ in range(players)], "discard": {}, "turned": []},
    }
    contract.stamp_rules_version(state, contract.chosen_rules_version(options, RULES_VERSION))
    game = core.data(state)
    state["cash"] = [game.rules["starting_cash"]] * players
    state["position"] = game.board["start"]
    for gang in game.gangs:
        pack = [c["id"] for c in game.cards if c["gang"] == gang]
        core.rng(state).shuffle(pack)
        state["packs"][gang] = pack
        state["forty"]["discard"][gang] = []
    state["banker"] = core.rng(state).randrange(players)
    events = []
    deal(state, events)
    state["hand_size"] = [len(h) for h in state["hands"]]
    state["current"] = core.next_seat(state, state["banker"])
    return state


def deal(state, events, cards=None):
    """Shuffle the movement cards and deal them evenly; with five players the banker gets one fewer."""
    game = core.data(state)
    cards = list(game.rules["movement_cards"] if cards is None else cards)
    core.rng(state).shuffle(cards)
    n = state["players"]
    sizes = [len(cards) // n] * n
    extra = len(cards) - sum(sizes)
    for seat in core.seats_from(state, core.next_seat(state, state["banker"]))[:extra]:
        sizes[seat] += 1
    hands, at = [], 0
    for size in sizes:
        hands.append(sorted(cards[at:at + size]))
        at += size
    state["hands"] = hands
    for seat, hand in enumerate(hands):
        core.event(events, "hand_dealt", [seat], seat=seat, cards=hand)
