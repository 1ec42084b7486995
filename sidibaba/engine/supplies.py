"""The token mix (how many of each token kind the bag holds) and the event set (the Leader's deck).

Both are plain data a match is started with (options ``token_mix`` = {"bag": {kind: count}} and
``event_set`` = {"events": [{"kind", "steps"?}, ...]}); the shipped ones are in ``data/game.json``.
The kinds themselves (what a genie does, what a jewel is worth) are rules, not data: a mix may
only count the known kinds, an event set only use the known event kinds.
"""
from .data_files import game_data

MAX_COUNT = 40
MIN_JEWELS = 10
BAG_SIZE = (20, 150)
EVENT_COUNT = (1, 40)
# Event kinds that move the Leader token this many steps first; the others take no steps.
STEPS = (1, 3)
STEPPED_EVENTS = ("movement", "illusion", "small_padlock", "combination_lock", "teleportation", "landslide")
PLAIN_EVENTS = ("bandit", "scheherazade", "merchant")
EVENT_KINDS = STEPPED_EVENTS + PLAIN_EVENTS

# Every sentence below is also in messages.MESSAGES (translated by the platform).
BAG_NOT_AN_OBJECT = "The token mix needs a bag: an object of token kinds and counts."
UNKNOWN_TOKEN = "The bag may only count the known token kinds."
BAD_COUNT = "Each token count is a whole number from 0 to 40."
FEW_JEWELS = "The bag needs at least 10 jewels."
BAD_BAG_SIZE = "The bag holds 20 to 150 tokens."
EVENTS_NOT_A_LIST = "The event set is a list of 1 to 40 events."
UNKNOWN_EVENT = "Each event is one of the known kinds."
BAD_STEPS = "Movement, Illusion, both locks, Teleportation and Landslide move 1 to 3 steps."
NO_STEPS = "The Bandit, Scheherazade and the Merchant take no steps."


def default_token_mix():
    return {"bag": dict(game_data()["bag"])}


def default_event_set():
    return {"events": [dict(e) for e in game_data()["events"]]}


def _is_count(value, low, high):
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def validate_token_mix(mix) -> list[str]:
    bag = mix.get("bag") if isinstance(mix, dict) else None
    if not isinstance(bag, dict):
        return [BAG_NOT_AN_OBJECT]
    kinds = game_data()["token_kinds"]
    errors = []
    if any(kind not in kinds for kind in bag):
        errors.append(UNKNOWN_TOKEN)
    if any(not _is_count(count, 0, MAX_COUNT) for count in bag.values()):
        errors.append(BAD_COUNT)
    if errors:
        return errors
    if sum(count for kind, count in bag.items() if kinds[kind]["group"] == "jewel") < MIN_JEWELS:
        errors.append(FEW_JEWELS)
    if not BAG_SIZE[0] <= sum(bag.values()) <= BAG_SIZE[1]:
        errors.append(BAD_BAG_SIZE)
    return errors


def validate_event_set(event_set) -> list[str]:
    events = event_set.get("events") if isinstance(event_set, dict) else None
    if not isinstance(events, list) or not EVENT_COUNT[0] <= len(events) <= EVENT_COUNT[1]:
        return [EVENTS_NOT_A_LIST]
    errors = []
    for card in events:
        kind = card.get("kind") if isinstance(card, dict) else None
        if kind not in EVENT_KINDS or any(key not in ("kind", "steps") for key in card):
            reason = UNKNOWN_EVENT
        elif kind in STEPPED_EVENTS and not _is_count(card.get("steps"), *STEPS):
            reason = BAD_STEPS
        elif kind in PLAIN_EVENTS and "steps" in card:
            reason = NO_STEPS
        else:
            continue
        if reason not in errors:
            errors.append(reason)
    return errors


def bag_kinds(options):
    """The bag's token kinds in the rules' order (not the mix's key order: a database may reorder keys)."""
    bag = (options.get("token_mix") or default_token_mix())["bag"]
    return [kind for kind in game_data()["token_kinds"] for _ in range(bag.get(kind, 0))]


def event_list(options):
    return [dict(e) for e in (options.get("event_set") or default_event_set())["events"]]
