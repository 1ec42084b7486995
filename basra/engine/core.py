"""What every phase shares: copying the state, seeded draws, opening a
decision with its clock (the phase table's bookkeeping), events, cash and
cards moving about."""
import marshal
import random

from gamekit.errors import IllegalAction as _GamekitIllegalAction

from .data_files import game_data


class IllegalAction(_GamekitIllegalAction):
    """An action the rules of Ali Baba in Basra do not allow now."""


def copy_state(state):
    """A deep copy of the state; the game data never changes during a match, so it is shared."""
    data = state["data"]
    if data is None:
        return marshal.loads(marshal.dumps(state))
    rest = {k: v for k, v in state.items() if k != "data"}
    new = marshal.loads(marshal.dumps(rest))
    new["data"] = data
    return new


def data(state):
    return game_data(state["data"])


def rng(state):
    generator = random.Random(f"{state['seed']}:{state['draws']}")
    state["draws"] += 1
    return generator


def roll_die(state):
    return rng(state).randint(1, 6)


def event(events, code, visible_to="all", **fields):
    fields["code"] = code
    fields["visible_to"] = visible_to
    events.append(fields)


def closes_at(state, phase, now):
    """When the clock of a decision opening now runs out (None: untimed).

    A single decision runs on ``turn_seconds`` (0: untimed); a window where
    several seats act closes after its own length (``bazaar_seconds`` for the
    bazaar, ``window_seconds`` for the others) whatever the table clock; the
    end of the game has no clock.
    """
    options = state["options"]
    if phase["name"] == "over":
        return None
    if phase["name"] == "window":
        return now + options["bazaar_seconds" if phase["kind"] == "bazaar" else "window_seconds"]
    return now + options["turn_seconds"] if options["turn_seconds"] > 0 else None


def open_decision(state, now):
    """A new decision is open (the phase table's ``OPENED``): its key moves and its clock starts."""
    phase = state["phase"]
    phase["at"] = closes_at(state, phase, now)
    state["decision"] += 1


def next_seat(state, seat):
    return (seat + 1) % state["players"]


def seats_from(state, first):
    """All seats clockwise starting with ``first``."""
    n = state["players"]
    return [(first + i) % n for i in range(n)]


def pay(state, events, seat, amount, reason):
    """Pay ``seat`` from the bank (amount > 0) or to the bank (amount < 0, never below what they hold)."""
    if amount < 0:
        amount = -min(-amount, state["cash"][seat])
    if amount:
        state["cash"][seat] += amount
        event(events, "paid", seat=seat, amount=amount, reason=reason)
    return amount


def is_forty_thieves(state):
    return state["options"]["variant"] == "forty_thieves"
