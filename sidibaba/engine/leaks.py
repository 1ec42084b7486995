"""The hidden-information oracle: what in a view or an event list a seat may not know."""
from .core import LEADER

# Keys that only ever carry the maze, an absolute position or the Leader's secrets.
SECRET_KEYS = {"maze", "maze_choices", "pos", "facing", "entrance", "treasure_at", "chests", "landslides",
               "arrows_at", "leader_at", "event_cards", "event_id", "cell", "path", "previous", "exit",
               "opening", "hands", "seed", "counter", "bag", "kinds", "trail"}


def _walk(obj, found_keys, token_dicts):
    if isinstance(obj, dict):
        if "id" in obj and "kind" in obj:
            token_dicts.append(obj)
        for key, value in obj.items():
            found_keys.add(key)
            _walk(value, found_keys, token_dicts)
    elif isinstance(obj, list):
        for value in obj:
            _walk(value, found_keys, token_dicts)


def _known_tokens(state, seat):
    """Token ids whose identity this seat may know: its own stash and draws, a padlock it opened."""
    known = set()
    if isinstance(seat, int) and seat != LEADER:
        known = set(state["hands"][seat]) | set(state["keeps"][seat] or [])
    head = state["pending"][0] if state["pending"] else None
    if head is not None and head["kind"] == "padlock_give" and head["opener"] == seat:
        known |= {t for t in head.get("slots", []) if t is not None}
    return known


def hidden_leaks(state, seat, sent):
    if seat == "all" or state["phase"] == "over":
        return []
    keys, token_dicts = set(), []
    _walk(sent, keys, token_dicts)
    leaks = []
    if seat != LEADER:
        for key in sorted(keys & SECRET_KEYS):
            leaks.append(f"key {key!r} (maze, position or Leader's secret) sent to an Adventurer")
    elif "hands" in keys or "seed" in keys:
        leaks.append("Adventurers' stashes or the seed sent to the Leader")
    known = _known_tokens(state, seat)
    for token in token_dicts:
        if token["id"] not in known and token["id"] in _held_elsewhere(state, seat):
            leaks.append(f"identity of token {token['id']} held by another seat")
    return leaks


def _held_elsewhere(state, seat):
    held = set(state["bag"])
    for other, stash in enumerate(state["hands"]):
        if other != seat:
            held |= set(stash)
    for other, keeps in enumerate(state["keeps"]):
        if other != seat and keeps:
            held |= set(keeps)
    return held
