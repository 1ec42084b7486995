"""Building Sidi Baba states for the rule tests (pure engine, no database)."""
from sidibaba import engine
from sidibaba.engine.core import clone
from sidibaba.engine.maze import geometry

CHESTS = [9, 18, 27, 36, 45]


def act(state, seat, action, now=1.0):
    return engine.apply(state, seat, action, now)[0]


def set_up(players=4, maze="grotto", treasure=63, chests=CHESTS, entrance=0, seconds=180, seed=1, now=0.0):
    """A game just after "Open Sesame" with the given placements (the Leader did them)."""
    state = engine.new_game(players, {"segment_seconds": seconds, "maze": maze}, seed, now)
    state = act(state, 0, {"type": "place_treasure", "cell": treasure}, now)
    for cell in chests:
        state = act(state, 0, {"type": "place_chest", "cell": cell}, now)
    state = act(state, 0, {"type": "choose_entrance", "opening": entrance}, now)
    for seat in range(1, players):
        state = act(state, seat, {"type": "choose_character", "character": engine.game_data()["characters"][seat]}, now)
    return act(state, state["line"][0], {"type": "open_sesame"}, now)


def move(state, letter, now=1.0):
    """All Adventurers vote for ``letter``: the move is executed."""
    for seat in range(1, state["players"]):
        state = act(state, seat, {"type": "vote_move", "move": letter}, now)
    return state


def edit(state, **changes):
    """A copy of the state with some fields replaced (for putting the table in a given situation)."""
    new = clone(state)
    new.update(changes)
    return new


def geo(state):
    return geometry(state["maze"])


def kind_ids(state, kind):
    return [t for t, k in enumerate(state["kinds"]) if k == kind]


def give_tokens(state, seat, kinds):
    """Move tokens of these kinds out of the bag into ``seat``'s stash."""
    new = clone(state)
    for kind in kinds:
        token = next(t for t in new["bag"] if new["kinds"][t] == kind)
        new["bag"].remove(token)
        new["hands"][seat].append(token)
    return new
