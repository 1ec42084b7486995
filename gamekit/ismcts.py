"""Information-set Monte Carlo tree search: a computer player for any registered game.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree
Search", IEEE TCIAIG 2012). Each iteration draws a *determinization*, a full state built
by the engine's ``sample_state(view, seat, rng)`` from the seat's view alone, then descends
one tree shared by every determinization: at each node only the actions legal in this
determinization are candidates, picked by UCB1 counted over the times each was available;
an action never tried is expanded, a playout (the engine's own ``legal_actions``/``apply``,
time acting through ``deadline`` whenever nobody is waited for) runs to the end or for a
fixed number of actions, and the outcome is backed up, each node scoring it for the seat
that chose the edge into it. The answer is the root action visited most.

Honest by construction: the search is given the view, the legal actions and the events
its seat was sent (``seen``: what a player at the table remembers), never the true state;
everything it simulates was sampled from those by ``sample_state(view, seat, rng, seen)``.

Plain Python (no framework), deterministic for a given ``rng``: the budget is a number of
iterations, with an optional cap on this thread's CPU time that only binds on a slow or
loaded machine (a capped search is no longer reproducible, which is the price of the cap).

Simultaneous decisions (a window where several seats act) are played one seat after the
other in the simulation, the searching seat first at the root; real-time segments are
whatever the engine's contract presents: decisions in ``to_act`` and time in ``deadline``.

Parameters a game may give (``SearchConfig``):
- ``iterations``: iterations per decision; ``cpu_seconds``: the cap (None: none);
- ``determinizations``: how many sampled states are drawn and cycled through;
- ``rollout``: ``policy(engine, state, seat, legal, rng) -> action`` (default: uniform random);
  ``view_policy(bot)`` turns a view bot (``choose(view, legal, rng)``) into one;
- ``rollout_depth``: seat actions per playout before it is scored (None: to the end);
- ``estimate(state) -> [score per seat]``: how a cut playout is scored (higher is better), by who
  leads, or with ``margin_scale`` by the margin over the best other seat (tanh(margin / scale));
- ``exploration``: the UCB constant; ``domain_samples``: instances drawn per action with domains;
- ``values(state, now)``: each seat's value in [0, 1] of an ended or cut playout, in place of the ranks and
  ``estimate`` (a game of sides: Sidi Baba's Leader against the Adventurers);
- ``fallback``: a view bot for the views the engine does not sample (``sample_state`` raises
  ``gamekit.errors.CannotSample``: Sidi Baba samples only some decisions, its engine's ``sampling`` module says which);
- ``settled(view, legal, rng)``: an action taken without searching where the game says so (a Sidi Baba
  Adventurer backs the vote its lead already cast), else None;
- ``root_actions(view, legal, rng)``: the actions weighed at the root, where a game's heuristic fills the
  free parameters (a few well-chosen candidates get the iterations many poor ones would share);
- ``clock(view)``: the simulated time at the root, where time matters (a lamp burning down); the view
  does not carry the server's clock, so a game guesses it from what the view shows;
- ``per_view(view)``: fields of this config to override for one decision (None or {}: none), for a game
  whose variants want other playouts or values (Basra's Forty Thieves plays to the end, by a larger margin);
- ``flat``: no tree, a flat Monte Carlo at the root with common random numbers: every candidate is played
  on the same determinizations with the same playout seeds, so the candidates' differences are not
  drowned in the draws (for games whose opponents the rollout policy models well: no tree below the root
  spreads the iterations over their replies); ``iterations`` then counts playouts;
- ``prior(view, legal, rng)``: a view bot whose choice stands unless a candidate's mean value beats it by
  ``prior_margin`` (flat search only): the search departs from a good heuristic on clear evidence only.
"""
import json
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from gamekit import contract, domains, timeline
from gamekit.errors import CannotSample

WIN_WEIGHT = 0.7  # a playout's value: mostly "did this seat come first", partly how many it beat


@dataclass(frozen=True)
class SearchConfig:
    iterations: int = 200
    cpu_seconds: float | None = 1.0
    determinizations: int = 24
    rollout: Callable | None = None
    rollout_depth: int | None = None
    estimate: Callable | None = None
    margin_scale: float | None = None
    margin_mean_weight: float = 0.0  # how much the margin is over the others' mean rather than the best other
    exploration: float = 0.7
    domain_samples: int = 3
    action_filter: Callable | None = None  # legal actions -> those the search considers (None: all)
    step: float = 0.001  # simulated seconds between two actions of a playout
    values: Callable | None = None  # (state, now) -> each seat's value in [0, 1], ended or cut (replaces the above)
    fallback: Callable | None = None  # the view bot played where ``sample_state`` raises CannotSample
    clock: Callable | None = None  # view -> the simulated time at the root (None: a second before the deadline)
    settled: Callable | None = None  # (view, legal, rng) -> an action the game takes without a search, or None
    root_actions: Callable | None = None  # (view, legal, rng) -> the few actions weighed at the root (None: all)
    per_view: Callable | None = None  # view -> {field: value} overriding this config for one decision (None: none)
    flat: bool = False  # a flat Monte Carlo at the root with common random numbers, no tree
    prior: Callable | None = None  # flat: the view bot whose action stands unless beaten by prior_margin
    prior_margin: float = 0.0
    # the review (gamekit/review.py): action -> the decision it answers, where a view holds more than one (Sidi
    # Baba's side business beside a vote); a decision is weighed among its own actions (None: one per view)
    decision_of: Callable | None = None


class _Node:
    __slots__ = ("seat", "action", "children", "visits", "reward", "avail")

    def __init__(self, seat=None, action=None):
        self.seat = seat  # who chose the edge into this node
        self.action = action
        self.children = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0


def action_key(action) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def _domain_values(domain, draw, limit):
    """A few values of one domain: all of a small one, else its ends and some between."""
    if "one_of" in domain:
        options = list(domain["one_of"])
        return options if len(options) <= limit else draw.sample(options, limit)
    if "subset_of" in domain:
        pool = list(domain["subset_of"])
        low = domain.get("min_size", 0)
        high = min(domain.get("max_size", len(pool)), len(pool))
        if high < low:
            return [[]]
        picks = []
        if low == 0:
            picks.append([])
        if low <= 1 <= high:
            picks += [[c] for c in pool[:limit]]
        if high == len(pool) and len(pool) > 1:
            picks.append(pool)
        while len(picks) < min(limit, 2 ** len(pool)) and len(picks) < limit:
            picks.append(sorted(draw.sample(pool, draw.randint(max(low, 1), high))))
            if len(picks) > 3 * limit:
                break
        return picks or [draw.sample(pool, low)]
    low, high = domain["min"], domain["max"]
    if high - low < limit:
        return list(range(low, high + 1))
    return sorted({low, high, (low + high) // 2, low + (high - low) // 4, low + 3 * (high - low) // 4})


def candidates(legal, domain_samples=3) -> list[dict]:
    """The concrete actions the search considers: every concrete legal action, and for one with
    domains its instances over a few values of each domain (every value of a small one), drawn by
    a generator seeded by the action itself so that every determinization offers the same ones
    (the tree's edges are shared); at most ``8 * domain_samples`` per legal action."""
    out, seen = [], set()
    limit = 8 * max(1, domain_samples)
    for option in legal:
        if domains.is_concrete(option):
            picks = [option]
        else:
            draw = random.Random(action_key(option))
            picks = [{}]
            for name, value in option.items():
                values = _domain_values(value, draw, limit) if domains.is_domain(value) else [value]
                picks = [dict(p, **{name: v}) for p in picks for v in values]
                if len(picks) > limit:
                    picks = draw.sample(picks, limit)
        for pick in picks:
            key = action_key(pick)
            if key not in seen:
                seen.add(key)
                out.append(pick)
    return out


def random_policy(engine, state, seat, legal, rng):
    return domains.sample(rng.choice(legal), rng)


def view_policy(bot):
    """A playout policy from a view bot: it sees the simulated seat's view of the sampled state."""
    def policy(engine, state, seat, legal, rng):
        return domains.fill(bot(engine.view(state, seat), legal, rng), rng)
    return policy


def outcome(engine, state, estimate=None, scale=None, mean_weight=0.0, values=None, now=None) -> list[float] | None:
    """Each seat's value of ``state`` in [0, 1]: ``values``' if given (a game with sides values an ending its
    own way), else its result if the game is over, else ``estimate``'s scores."""
    if values is not None:
        return values(state, now)
    res = engine.result(state)
    if res is not None and scale and res.get("scores"):
        return _by_margin(res["scores"], scale, mean_weight)
    if res is not None:
        ranks = res["ranks"]
        n = len(ranks)
        firsts = sum(1 for r in ranks if r == 1)
        return [WIN_WEIGHT * ((1.0 / firsts) if r == 1 else 0.0)
                + (1 - WIN_WEIGHT) * (sum(1 for o in ranks if o > r) + 0.5 * (sum(1 for o in ranks if o == r) - 1)) / max(1, n - 1)
                for r in ranks]
    if estimate is None:
        return None
    scores = estimate(state)
    n = len(scores)
    if scale:
        return _by_margin(scores, scale, mean_weight)
    top = max(scores)
    firsts = sum(1 for s in scores if s == top)
    return [WIN_WEIGHT * ((1.0 / firsts) if s == top else 0.0)
            + (1 - WIN_WEIGHT) * (sum(1 for o in scores if o < s) + 0.5 * (sum(1 for o in scores if o == s) - 1)) / max(1, n - 1)
            for s in scores]


def _by_margin(scores, scale, mean_weight=0.0):
    """Each seat's value by its margin over the best other seat (with ``mean_weight``, partly over the
    others' mean: with many players the best other is far ahead early, which flattens every value)."""
    if len(scores) < 2:
        return [0.5] * len(scores)
    out = []
    for i, s in enumerate(scores):
        others = [o for j, o in enumerate(scores) if j != i]
        against = (1 - mean_weight) * max(others) + mean_weight * sum(others) / len(others)
        out.append(0.5 + 0.5 * math.tanh((s - against) / scale))
    return out


class _Sim:
    """One determinization being played: the state, the simulated clock, time acting when due."""

    def __init__(self, engine, state, step, now=None):
        self.engine = engine
        self.state = state
        self.step = step
        due = engine.deadline(state)
        self.now = now if now is not None else ((due[0] - 1.0) if due else 0.0)

    def movers(self, limit=200):
        """The seats waited for, after letting time act while nobody is, or before the next action would
        come (``step`` from now): a decision is then made on the state that action will meet ([] when
        the game is over). Time acts as on the site (``gamekit.timeline.expire``), at the simulated clock."""
        engine = self.engine
        for _ in range(limit):
            if engine.result(self.state) is not None:
                return []
            movers = engine.to_act(self.state)
            due = engine.deadline(self.state)
            if movers and (due is None or due[0] > self.now + self.step):
                return movers
            if due is None:
                return []
            self.now = max(self.now, due[0])
            # as on the site: a timed-out turn is finished on defaults at once (gamekit/timeline.py)
            self.state, _ = timeline.expire(engine, self.state, self.now, due[1], limit=limit, partial=True)
        return []

    def play(self, seat, action, legal=None):
        """``legal``: the list ``action`` was picked from (the state's own legal actions): when it is one
        of them itself, the engine applies it without matching it again (a fifth of a cave playout's time)."""
        self.now += self.step
        if legal is not None and any(a is action for a in legal):
            self.state, _ = contract.apply_legal(self.engine, self.state, seat, action, self.now)
        else:
            self.state, _ = self.engine.apply(self.state, seat, action, self.now)


def _next_turn(engine, sim, keep, domain_samples):
    """(mover, candidate actions, their keys) of the simulated state's next mover, or None at an end."""
    movers = sim.movers()
    if not movers:
        return None
    mover = movers[0]
    found = engine.legal_actions(sim.state, mover)
    options = candidates(keep(found) or found, domain_samples)
    if not options:
        return None
    return mover, options, [action_key(a) for a in options]


def _mark_available(node, mover, keys):
    """Count one more chance to be picked for each child of ``node`` among ``keys``; the indexes of the keys with no child yet."""
    untried = [i for i, k in enumerate(keys) if (mover, k) not in node.children]
    for k in keys:
        child = node.children.get((mover, k))
        if child is not None:
            child.avail += 1
    return untried


def _best_by_ucb(node, mover, keys, log_c):
    """The child (every one of ``keys`` tried) with the best upper confidence bound; the first of equals."""
    best, best_score = None, None
    for k in keys:
        child = node.children[(mover, k)]
        score = child.reward / child.visits + log_c * math.sqrt(math.log(child.avail) / child.visits)
        if best_score is None or score > best_score:
            best, best_score = child, score
    return best


def search(engine, sample_state, view, legal, seat, rng: random.Random, config: SearchConfig = SearchConfig(),
           players: int = 2, seen=(), stats: dict | None = None):
    """The action ISMCTS picks for ``seat`` (of ``players``) from its ``view`` and ``legal`` actions.

    ``stats``, a dict given by the caller, is filled with the root's statistics (``root_statistics``):
    what the search knew of each root action when it chose (the match review reads them,
    ``gamekit/review.py``); it changes nothing of the choice or of what ``rng`` draws."""
    overrides = config.per_view(view) if config.per_view else None
    if overrides:
        config = replace(config, **overrides)
    neutral = [0.5] * players
    keep = config.action_filter or (lambda actions: actions)
    chosen = config.root_actions(view, legal, random.Random(0)) if config.root_actions else None
    root_options = candidates(chosen or keep(legal) or legal, config.domain_samples)
    if len(root_options) == 1:
        _report(stats, root_options, [0], [0.0])
        return root_options[0]
    rng = random.Random(rng.random())
    if config.flat:
        return _flat_search(engine, sample_state, view, legal, seat, rng, config, root_options, seen, stats, players)
    rollout = config.rollout or random_policy
    pool = []
    now = config.clock(view) if config.clock else None
    started = time.thread_time()
    root = _Node()
    root_keys = [action_key(a) for a in root_options]
    for iteration in range(max(1, config.iterations)):
        if config.cpu_seconds is not None and iteration and time.thread_time() - started > config.cpu_seconds:
            break
        if len(pool) < config.determinizations:
            pool.append(sample_state(view, seat, random.Random(rng.random()), seen))
        sim = _Sim(engine, pool[iteration % len(pool)], config.step, now)
        node, path, first = root, [root], True
        expanded = False
        value = None
        try:
            while True:
                if first:
                    mover, options, keys = seat, root_options, root_keys
                    first = False
                else:
                    turn = _next_turn(engine, sim, keep, config.domain_samples)
                    if turn is None:
                        break
                    mover, options, keys = turn
                untried = _mark_available(node, mover, keys)
                if untried:
                    i = untried[rng.randrange(len(untried))]
                    child = node.children[(mover, keys[i])] = _Node(mover, options[i])
                    child.avail = 1
                    path.append(child)  # counted even if the rules trip on it below (no unvisited child)
                    sim.play(mover, options[i])
                    expanded = True
                    break
                node = _best_by_ucb(node, mover, keys, config.exploration)
                path.append(node)
                sim.play(mover, node.action)
            if expanded:
                value = _playout(engine, sim, rollout, config, rng)
            else:
                value = outcome(engine, sim.state, config.estimate, config.margin_scale, config.margin_mean_weight,
                                config.values, sim.now)
        except engine.IllegalAction:
            value = None  # a sampled state the rules trip on: count the visit, score nothing
        if value is None:
            value = neutral
        for n in path[1:]:
            n.visits += 1
            n.reward += value[n.seat]
    best = max((root.children.get((seat, k)) for k in root_keys),
               key=lambda c: (-1, 0) if c is None else (c.visits, c.reward))
    children = [root.children.get((seat, k)) for k in root_keys]
    _report(stats, root_options, [c.visits if c else 0 for c in children], [c.reward if c else 0.0 for c in children])
    return best.action if best is not None else root_options[0]


def root_statistics(root_options, visits, rewards, seat_rewards=None) -> dict:
    """The root's statistics, plain values: each root action with its visits (playouts in the flat search)
    and its mean value for the searching seat in [0, 1] (None when never visited), in the root's order; the
    flat search adds each seat's mean value (``seat_means``: what the action left every seat, the review's
    "who gained from it")."""
    out = [{"action": action, "visits": n, "mean": (total / n) if n else None}
           for action, n, total in zip(root_options, visits, rewards, strict=True)]
    if seat_rewards is not None:
        for row, n, totals in zip(out, visits, seat_rewards, strict=True):
            row["seat_means"] = [t / n for t in totals] if n else None
    return {"actions": out}


def _report(stats, root_options, visits, rewards, seat_rewards=None):
    if stats is not None:
        stats.update(root_statistics(root_options, visits, rewards, seat_rewards))


def _flat_search(engine, sample_state, view, legal, seat, rng, config, root_options, seen, stats=None, players=2):
    """Flat Monte Carlo with common random numbers: each round draws one determinization and one playout
    seed and plays every root candidate from them; a round is played whole or not at all, so every
    candidate's mean is over the same draws: a round that would end past the CPU cap, judged by the
    longest round so far, is not started."""
    rollout = config.rollout or random_policy
    now = config.clock(view) if config.clock else None
    keys = [action_key(a) for a in root_options]
    totals = [0.0] * len(root_options)
    seat_totals = [[0.0] * players for _ in root_options]
    neutral = [0.5] * players
    rounds = max(1, config.iterations // len(root_options))
    started = time.thread_time()
    done = 0
    longest = 0.0
    for _ in range(rounds):
        round_started = time.thread_time()
        if config.cpu_seconds is not None and done and round_started - started + longest > config.cpu_seconds:
            break
        state = sample_state(view, seat, random.Random(rng.random()), seen)
        seed = rng.random()
        for i, option in enumerate(root_options):
            sim = _Sim(engine, state, config.step, now)
            try:
                sim.play(seat, option)
                value = _playout(engine, sim, rollout, config, random.Random(seed))
            except engine.IllegalAction:
                value = None
            value = neutral if value is None else value
            totals[i] += value[seat]
            for s, v in enumerate(value):
                seat_totals[i][s] += v
        done += 1
        longest = max(longest, time.thread_time() - round_started)
    _report(stats, root_options, [done] * len(root_options), totals, seat_totals)
    best = max(range(len(root_options)), key=lambda i: totals[i])
    if config.prior is not None:
        # the generator root_actions is given too: the prior's free choices match the candidates'
        preferred = action_key(domains.fill(config.prior(view, legal, random.Random(0)), random.Random(0)))
        if preferred in keys:
            p = keys.index(preferred)
            if (totals[best] - totals[p]) / done <= config.prior_margin:
                best = p
    return root_options[best]


def _playout(engine, sim, rollout, config, rng):
    depth = config.rollout_depth
    acted = 0
    while depth is None or acted < depth:
        movers = sim.movers()
        if not movers:
            break
        mover = movers[rng.randrange(len(movers))] if len(movers) > 1 else movers[0]
        legal = engine.legal_actions(sim.state, mover)
        if not legal:
            break
        sim.play(mover, rollout(engine, sim.state, mover, legal, rng), legal)
        acted += 1
    return outcome(engine, sim.state, config.estimate, config.margin_scale, config.margin_mean_weight,
                                config.values, sim.now)


def make_bot(engine, sample_state, seat_of: Callable[[dict], int], config: SearchConfig):
    """A bot ``choose(view, legal, rng)`` that searches with ``config``."""
    def choose(view, legal, rng, seen=()):
        settled = config.settled(view, legal, rng) if config.settled else None
        if settled is not None:
            return settled
        try:
            return search(engine, sample_state, view, legal, seat_of(view), rng, config, players=view["players"],
                          seen=seen)
        except CannotSample:
            if config.fallback is None:
                raise
            return config.fallback(view, legal, rng)
    choose.search_config = config
    choose.sample_state = sample_state
    choose.seat_of = seat_of
    choose.engine = engine
    choose.remembers = True  # the driver hands it the events its seat was sent (gamekit/driver.py)
    return choose


def with_budget(bot, iterations, cpu_seconds=None):
    """The same search bot on another budget (tests: a few iterations, no CPU cap, so reproducible)."""
    config = replace(bot.search_config, iterations=iterations, cpu_seconds=cpu_seconds)
    return make_bot(bot.engine, bot.sample_state, bot.seat_of, config)


def is_search_bot(bot) -> bool:
    return hasattr(bot, "search_config")
