"""The review of a finished match: each decision of one seat judged from that seat's view at that moment.

An engine that read the whole state would judge a player on what they could not know. The review asks the
search (``gamekit/ismcts.py``) instead, on exactly what a search bot in that seat would have been handed:
the seat's view, its legal actions and the events it had been sent (``seen``), never the state, the seed
or anything else of the match. Each candidate action (the game's own few, and the action taken) is played
out from states sampled by the engine's ``sample_state`` (flat Monte Carlo with common random numbers:
every candidate on the same determinizations and playout seeds, so that their differences are not drowned
in the draws), and the search's mean value per root action (``ismcts.search``'s ``stats``) is the estimate
of the expected result, in [0, 1], as the game's search bots value a playout (a win, a place, a margin).

The loss of a decision is the best candidate's estimate less the taken action's; ``THRESHOLDS`` marks it an
inaccuracy, a mistake or a blunder per game (docs/analysis.md). The review's randomness comes from its own
seed (never the match's: the match's seed is hidden), so a review is reproducible for a seed, and its
budget is a number of playouts (no CPU cap, which would make it depend on the machine's load).

Plain Python, no framework: ``decisions`` walks a recorded match (its options, seed and log, as the site
stores them) and ``review_decision`` / ``review_seat`` judge them.
"""
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from gamekit import events as event_rules, ismcts
from gamekit.errors import CannotSample

# Playouts per candidate action of a reviewed decision (the review's budget: docs/analysis.md).
PLAYOUTS_PER_CANDIDATE = 48
# A game's share of those playouts: a Sidi Baba playout is 60 Explorer actions and an Adventurer votes some 500
# times a match (at 48 playouts a seat's review took 6 minutes of CPU; at 12, about a minute and a half).
PLAYOUT_SHARE = {"sidibaba": 0.25}
MIN_PLAYOUTS = 4
# At most this many candidates besides the action taken (the game's own shortlist first, else the legal
# order): a decision with dozens of options (a Basra movement card with a junction) costs a bounded time.
MAX_CANDIDATES = 8
# How many of the largest losses the review sums up in a sentence each.
SWINGS = 3
# What the action taken gave the other seats, against the best one, is told from this gain on (one point of 100):
# less is within the playouts' noise and says nothing.
MIN_GAIN = 0.01


@dataclass(frozen=True)
class Thresholds:
    """A decision's loss (best estimate less the taken action's, on the 0-1 scale) from which it is marked."""

    inaccuracy: float
    mistake: float
    blunder: float


# Per game (docs/analysis.md, "Thresholds"): the scale of a game's values differs (the treasure cave's is half
# a win, half the margin; Basra's the margin; Sidi Baba's the escape odds), so its thresholds do too.
THRESHOLDS = {
    "alibaba_tiles": Thresholds(0.04, 0.08, 0.15),
    "basra": Thresholds(0.04, 0.08, 0.15),
    "sidibaba": Thresholds(0.05, 0.10, 0.20),
}
DEFAULT_THRESHOLDS = Thresholds(0.05, 0.10, 0.20)
MARKS = ("inaccuracy", "mistake", "blunder")


def playouts_for(game: str, playouts: int) -> int:
    """The playouts per candidate a review of ``game`` plays for a budget of ``playouts`` (``PLAYOUT_SHARE``)."""
    return max(min(playouts, MIN_PLAYOUTS), round(playouts * PLAYOUT_SHARE.get(game, 1.0)))


def thresholds_for(game: str) -> Thresholds:
    return THRESHOLDS.get(game, DEFAULT_THRESHOLDS)


def classify(loss: float | None, thresholds: Thresholds) -> str | None:
    """"blunder", "mistake", "inaccuracy" or None for a decision that lost ``loss``."""
    if loss is None:
        return None
    if loss >= thresholds.blunder:
        return "blunder"
    if loss >= thresholds.mistake:
        return "mistake"
    if loss >= thresholds.inaccuracy:
        return "inaccuracy"
    return None


@dataclass(frozen=True)
class Decision:
    """One decision of a seat in a recorded match: what the seat had when it decided, and what it did."""

    seq: int  # the action's place in the match's log (the replay's step ``seq + 1`` shows its result)
    seat: int
    view: dict
    legal: list
    seen: list  # the events the seat had been sent before it, oldest first
    taken: dict


def decisions(engine, players: int, options: dict, seed: int, started_at: float, log, seat: int) -> Iterator[Decision]:
    """Each decision of ``seat`` along a recorded match: ``options`` as the match's ``new_game`` takes them
    (its rules version in), ``log`` the (seat, action, at) of every logged action in order. A seat's action
    that time played for it (a timed-out turn's default, logged right after time's own action at the same
    moment) is not its decision, nor one where it had a single legal action."""
    state = engine.new_game(players, options, seed, started_at)
    seen: list[dict] = []
    previous = None
    for seq, (actor, action, at) in enumerate(log):
        default = previous is not None and previous[0] is None and previous[1] == at
        if actor == seat and not default:
            legal = engine.legal_actions(state, seat)
            if legal and len(ismcts.candidates(legal, 1)) > 1:
                yield Decision(seq, seat, engine.view(state, seat), legal, list(seen), action)
        state, events = engine.apply(state, actor, action, at)
        seen.extend(event_rules.for_seat(events, seat, finished=False))
        previous = (actor, at)


def _review_config(config: ismcts.SearchConfig, view, roots: list, playouts: int) -> ismcts.SearchConfig:
    """The game's search settings for one reviewed decision: its per-view overrides applied, a flat search
    over ``roots`` only, no prior, nothing settled without a search, a budget in playouts and no CPU cap."""
    overrides = config.per_view(view) if config.per_view else None
    if overrides:
        config = replace(config, **overrides)
    return replace(config, flat=True, prior=None, settled=None, per_view=None, fallback=None,
                   root_actions=lambda _view, _legal, _rng: roots, cpu_seconds=None,
                   iterations=playouts * len(roots))


def root_candidates(config: ismcts.SearchConfig, view, legal, taken, limit: int = MAX_CANDIDATES) -> list[dict]:
    """The actions a review weighs: the game's own root shortlist (``root_actions``, as its search bots
    weigh them) or the searched legal actions, at most ``limit`` of them, and the action taken."""
    overrides = config.per_view(view) if config.per_view else None
    if overrides:
        config = replace(config, **overrides)
    if config.decision_of is not None:  # the decision the action taken answers, among its own actions
        answered = config.decision_of(taken)
        legal = [a for a in legal if config.decision_of(a) == answered] or legal
    keep = config.action_filter or (lambda actions: actions)
    chosen = config.root_actions(view, legal, random.Random(0)) if config.root_actions else None
    roots = ismcts.candidates(chosen or keep(legal) or legal, config.domain_samples)[:limit]
    if ismcts.action_key(taken) not in {ismcts.action_key(a) for a in roots}:
        roots.append(taken)
    return roots


def review_decision(engine, sample_state, config: ismcts.SearchConfig, decision: Decision, seed: str,
                    players: int, playouts: int = PLAYOUTS_PER_CANDIDATE, thresholds: Thresholds = DEFAULT_THRESHOLDS) -> dict:
    """The review of one decision, plain JSON values: each candidate's estimate, the best one, the taken
    action's estimate, the loss and the mark; ``{"skipped": reason}`` where the game cannot sample this view
    (Sidi Baba samples only some decisions: its engine's ``sampling`` module says which). Reads
    ``decision``'s view, legal actions, seen events and action only, and draws only from ``seed``."""
    roots = root_candidates(config, decision.view, decision.legal, decision.taken)
    base = {"seq": decision.seq, "taken": decision.taken}
    if len(roots) < 2:
        return dict(base, skipped="single")
    stats: dict = {}
    try:
        ismcts.search(engine, sample_state, decision.view, decision.legal, decision.seat,
                      random.Random(f"{seed}:{decision.seq}"), _review_config(config, decision.view, roots, playouts),
                      players=players, seen=decision.seen, stats=stats)
    except CannotSample:
        return dict(base, skipped="not sampled")
    rows = [{"action": row["action"], "value": round(row["mean"], 4)} for row in stats["actions"]]
    taken_key = ismcts.action_key(decision.taken)
    taken = next(row for row in rows if ismcts.action_key(row["action"]) == taken_key)
    best = max(rows, key=lambda row: row["value"])  # the first of equals: the game's own order
    loss = round(max(0.0, best["value"] - taken["value"]), 4)
    out = dict(base, candidates=rows, best=best["action"], best_value=best["value"], taken_value=taken["value"],
               loss=loss, mark=classify(loss, thresholds))
    seat_means = {ismcts.action_key(row["action"]): row.get("seat_means") for row in stats["actions"]}
    gave = gained_by_others(seat_means[taken_key], seat_means[ismcts.action_key(best["action"])], decision.seat)
    if loss and gave:
        out["gave"] = gave
    return out


def gained_by_others(taken: list[float] | None, best: list[float] | None, seat: int) -> dict | None:
    """Who gained most from the action taken rather than the best one: ``{"seats": [...], "gain": g}``, the
    other seats whose expected result it raised the most (more than one where they share a result: Sidi
    Baba's Adventurers, whose values differ only by a small bonus for the richest), by ``g`` on the 0-1 scale:
    each seat within ``MIN_GAIN`` of the largest gain, so that "about g" is true of each; None when nobody gained
    ``MIN_GAIN`` or more. ``taken`` and ``best``: each seat's mean value after either action (the flat search's
    ``seat_means``; None when the search did not give them)."""
    if not taken or not best:
        return None
    gains = {other: taken[other] - best[other] for other in range(len(taken)) if other != seat}
    if not gains:
        return None
    top = max(gains.values())
    if round(top, 4) < MIN_GAIN:
        return None
    return {"seats": [other for other, gain in gains.items() if top - gain < MIN_GAIN], "gain": round(top, 4)}


def review_seat(engine, sample_state, config, decisions_: list[Decision], seed: str, players: int, game: str,
                playouts: int = PLAYOUTS_PER_CANDIDATE, progress: Callable[[int, int], None] | None = None) -> dict:
    """The review of every decision of one seat: ``{"decisions": [...], "swings": [...]}``, the swings being
    the ``SWINGS`` largest losses (their ``seq``), largest first. ``progress(done, total)`` after each."""
    thresholds = thresholds_for(game)
    playouts = playouts_for(game, playouts)
    out = []
    for done, decision in enumerate(decisions_, start=1):
        out.append(review_decision(engine, sample_state, config, decision, seed, players, playouts, thresholds))
        if progress is not None:
            progress(done, len(decisions_))
    return {"decisions": out, "swings": swings(out)}


def swings(reviewed: list[dict], count: int = SWINGS) -> list[int]:
    """The ``seq`` of the ``count`` decisions that lost the most (a mark at least), largest first."""
    marked = [d for d in reviewed if d.get("mark")]
    marked.sort(key=lambda d: (-d["loss"], d["seq"]))
    return [d["seq"] for d in marked[:count]]


def canonical(review) -> str:
    """A review as one JSON text (keys sorted): what the honesty test compares byte for byte."""
    return json.dumps(review, sort_keys=True, separators=(",", ":"))
