"""The one bot driver: which bot seats act now, what they choose, and a
self-play loop for tests and benchmarks. The service uses the same two
first functions; `simulate` and the engine benchmarks use `play`.

A bot is ``choose(view, legal, rng) -> action``; it sees only its seat's view
and legal actions, and may return an action still holding domains (the driver
draws the free parameters).
"""
import functools
import random
from dataclasses import dataclass, field

from gamekit import domains, events as event_rules, timeline


class StuckMatch(RuntimeError):
    """Nobody is waited for and time will not act: a bug in an engine."""


def seats_to_drive(engine, state, bot_seats) -> list[int]:
    """The bot seats the game is waiting for, in seat order."""
    bots = set(bot_seats)
    return [seat for seat in engine.to_act(state) if seat in bots]


def bot_action(engine, state, seat, choose, rng: random.Random, seen=None):
    """What the bot in ``seat`` sends now, or None if it has nothing it may do.

    A bot marked ``remembers`` (the search bots) is also given ``seen=`` the events this seat
    was sent so far, oldest first: ``seen`` here is a function returning them, called only then."""
    legal = engine.legal_actions(state, seat)
    if not legal:
        return None
    return choose_action(choose, engine.view(state, seat), legal, rng, seen)


def choose_action(choose, view, legal, rng: random.Random, seen=None):
    """The bot's action on this view and these legal actions, its free parameters drawn: the decision
    itself, a pure function of its arguments (``matches/bot_lane.py`` runs it in a child process)."""
    if not getattr(choose, "remembers", False):
        return domains.fill(choose(view, legal, rng), rng)
    return domains.fill(choose(view, legal, rng, seen=seen() if seen else []), rng)


def random_bot(view, legal, rng: random.Random):
    """The reference bot: any legal action, domains drawn at random."""
    return domains.sample(rng.choice(legal), rng)


@dataclass
class Playout:
    state: dict
    log: list = field(default_factory=list)  # (seat, action, now)
    events: list = field(default_factory=list)  # (seq, event) with the audience kept


def apply_due_deadlines(engine, state, now, playout=None, limit=timeline.LIMIT):
    """Let time act for every deadline at or before ``now``, as the service does (``gamekit.timeline.advance``:
    each at its own time, a timed-out turn finished on defaults)."""
    try:
        state, lines = timeline.advance(engine, state, now, limit=limit)
    except timeline.EndlessDeadlines as exc:
        raise StuckMatch(str(exc)) from exc
    if playout is not None:
        _record(playout, lines)
    return state


def _record(playout, lines):
    for seat, action, at, evs in lines:
        playout.log.append((seat, action, at))
        playout.events.extend((len(playout.log) - 1, e) for e in evs)


def play(engine, players, options, seed, bots, *, now=0.0, step=1.0, max_actions=20_000, rng=None) -> Playout:
    """Play a whole match with a bot in every seat (``bots``: list of choose functions).

    Time is simulated: each action comes ``step`` seconds after the previous
    one, and deadlines fall due on that clock. When no bot is waited for, time
    jumps to the next deadline.
    """
    rng = rng or random.Random(seed)
    state = engine.new_game(players, options, seed, now)
    playout = Playout(state)
    for _ in range(max_actions):
        state = apply_due_deadlines(engine, state, now, playout)
        if engine.result(state) is not None:
            break
        movers = engine.to_act(state)
        if not movers:
            due = engine.deadline(state)
            if due is None:
                raise StuckMatch("nobody is waited for and no deadline is set")
            now = max(now, due[0])
            continue
        seat = rng.choice(movers)
        action = bot_action(engine, state, seat, bots[seat], random.Random(f"{seed}:{seat}:{len(playout.log)}"),
                            seen=functools.partial(visible_events, playout, seat))
        if action is None:
            raise StuckMatch(f"seat {seat} is waited for but has no legal action")
        state, lines = timeline.act(engine, state, seat, action, now)
        _record(playout, lines)
        now += step
    playout.state = state
    return playout


def visible_events(playout: Playout, seat, finished=False) -> list[dict]:
    return event_rules.for_seat([e for _seq, e in playout.events], seat, finished)
