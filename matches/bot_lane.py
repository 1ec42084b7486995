"""The lane of computer players: what a decision needs, the decision itself, and the fair share of the
CPU between the accounts whose computer players wait for it. Pure Python: no Django, no Redis, so that a
decision runs in a child process that imports only this, ``gamekit`` and the games' bots.

A computer player's move is three steps (``matches/services.py``, ``match_bot_act``):
1. **read** (the service, in Django): the match, seat and version become a ``DecisionRequest``, plain
   picklable values: the seat's view, its legal actions, what the seat has seen (search bots only), the
   bot's name and where its function lives (``bot_ref``), the seed string;
2. **decide** (``decide`` here): a pure function of the request; the same request gives the same action
   wherever it runs (inline, a process pool's child, a Celery worker);
3. **submit** (the service): the ordinary ``match_apply_action`` with the version the bot was shown.

``FairQueue`` is the one policy both timer backends apply to the decisions waiting (docs/architecture.md,
"The bot lane"): round-robin across owners (the account that hosted the table; ``SHARED_OWNER`` for a match
no table made), at most ``owner_cap`` decisions in flight per owner and ``pool_size`` in all, each job not
before its moment (``BOT_THINK_SECONDS`` after the move that opened it); a job handed out while more are
due than the pool can start is ``hurried``: a search bot then thinks with a fraction of its iterations.
The Redis store (``matches/bot_queue.py``) implements the same rules in Lua, tested equal to this one.
"""
import contextlib
import importlib
import os
import random
import select
import sys
import threading
import time
from dataclasses import dataclass, field

from gamekit import driver, ismcts, review

# The owner of matches no table made (simulate, tests, imports): they share one place in the rotation.
SHARED_OWNER = "shared"
# A hurried search bot thinks with this fraction of its iterations (and of its CPU cap) unless told otherwise.
DEFAULT_HURRIED_FRACTION = 0.25


@dataclass(frozen=True)
class BotJob:
    """A computer player's turn waiting in the lane: ids only, and what the lane said when it handed it out."""

    match: int
    seat: int
    version: int
    owner: str = SHARED_OWNER
    hurried: bool = False

    @property
    def key(self) -> str:
        """One waiting turn per seat of a match: a newer version replaces an older one."""
        return f"{self.match}:{self.seat}"

    @property
    def token(self) -> str:
        """What names the decision while it is in flight."""
        return f"{self.match}:{self.seat}:{self.version}"


@dataclass(frozen=True)
class DecisionRequest:
    """Everything a decision needs, as plain values (picklable, JSON-able)."""

    match: int
    seat: int
    version: int
    game: str
    bot: str
    # "module:attribute" of the bot's function (``bot_ref``), so that a child process finds it; "" when it
    # was not found at module level (the decision then runs where the request was read).
    bot_ref: str
    view: dict
    legal: list
    seen: list | None  # the seat's events, for a bot that remembers (search bots); None for the others
    seed: str
    hurried: bool = False
    hurried_fraction: float = DEFAULT_HURRIED_FRACTION


@dataclass(frozen=True)
class ReviewJob:
    """A step of a match review waiting in the lane (docs/analysis.md): the review's id only. Low priority:
    handed out only while no computer player's decision is due, on its own slots (``REVIEW_SLOTS``)."""

    review: int

    @property
    def token(self) -> str:
        return f"review:{self.review}"


@dataclass(frozen=True)
class ReviewStepRequest:
    """The next few decisions of a review to judge (``gamekit.review.review_decision``), as plain values."""

    review: int
    game: str
    engine_ref: str  # the engine's module
    config_ref: str  # "module:attribute" of the game's review settings (its ``review_config``)
    decisions: tuple[review.Decision, ...]
    seed: str
    players: int
    playouts: int


def review_step(request: ReviewStepRequest) -> list[dict]:
    """The review of the request's decisions, in order: a pure function of the request (a child process runs it)."""
    engine = importlib.import_module(request.engine_ref)
    config = resolve_bot(request.config_ref)
    playouts = review.playouts_for(request.game, request.playouts)
    return [review.review_decision(engine, engine.sample_state, config, decision, request.seed, request.players,
                                   playouts, review.thresholds_for(request.game))
            for decision in request.decisions]


# --- Finding a bot's function by name, in this process or in a child ----------------------------------------

_refs: dict[int, tuple[object, str]] = {}
_resolved: dict[str, object] = {}
_hurried: dict[tuple[str, float], object] = {}
_refs_lock = threading.Lock()


def bot_ref(choose) -> str:
    """Where ``choose`` lives at module level, "module:attribute" (a search bot is a closure made by
    ``gamekit.ismcts.make_bot``, so it is found by identity in the loaded modules); "" if nowhere."""
    with _refs_lock:
        known = _refs.get(id(choose))
        if known is not None and known[0] is choose:
            return known[1]
    ref = ""
    first = [getattr(choose, "__module__", None)]
    for name in first + sorted(name for name in list(sys.modules) if name not in first):
        module = sys.modules.get(name) if name else None
        attributes = getattr(module, "__dict__", None)
        if not isinstance(attributes, dict):
            continue
        found = next((attr for attr, value in list(attributes.items()) if value is choose and not attr.startswith("_")), None)
        if found is not None:
            ref = f"{name}:{found}"
            break
    with _refs_lock:
        _refs[id(choose)] = (choose, ref)
    return ref


def resolve_bot(ref: str):
    """The function ``bot_ref`` named (imported in a child process the first time)."""
    choose = _resolved.get(ref)
    if choose is None:
        module, _sep, attribute = ref.partition(":")
        choose = getattr(importlib.import_module(module), attribute)
        _resolved[ref] = choose
    return choose


def bot_modules(refs) -> list[str]:
    return sorted({ref.partition(":")[0] for ref in refs if ref})


def hurried_bot(choose, fraction: float, ref: str = ""):
    """A search bot on ``fraction`` of its iterations and CPU cap (``ismcts.with_budget``); any other bot as is."""
    if not ismcts.is_search_bot(choose) or fraction >= 1:
        return choose
    cache_key = (ref, fraction)
    if ref and cache_key in _hurried:
        return _hurried[cache_key]
    config = choose.search_config
    cpu = None if config.cpu_seconds is None else config.cpu_seconds * fraction
    quick = ismcts.with_budget(choose, max(1, round(config.iterations * fraction)), cpu)
    if ref:
        _hurried[cache_key] = quick
    return quick


def decide(request: DecisionRequest, choose=None):
    """The bot's action for this request: a pure function of it (``choose`` given: that function instead of
    the one ``bot_ref`` names). The same steps as ``gamekit.driver.bot_action``, so the same action for the
    same seed."""
    choose = resolve_bot(request.bot_ref) if choose is None else choose
    if request.hurried:
        choose = hurried_bot(choose, request.hurried_fraction, request.bot_ref)
    rng = random.Random(request.seed)
    return driver.choose_action(choose, request.view, request.legal, rng,
                                seen=(lambda: list(request.seen or [])))


def prepare_child(niceness: int, site_pid: int) -> None:
    """A pool child's initializer: it gives way to the web process when the CPU is short, and ends when the
    web process ``site_pid`` does. Its parent is the fork server, which waits for every holder of its
    "alive" pipe to go, the children included, while each child waits on a call queue whose write end it
    holds itself: neither ever ended, so a test run left dozens of idle children and the load gate found
    the last site's still running. Once the children go, the fork server and resource tracker go too."""
    if niceness:
        with contextlib.suppress(OSError):
            os.nice(niceness)
    threading.Thread(target=_end_with, args=(site_pid,), name="end-with-site", daemon=True).start()


def prepare_review_child(site_pid: int, idle_class: bool = True, niceness: int = 19) -> None:
    """A review child's initializer: the idle scheduling class (SCHED_IDLE: it runs only when no other process
    of the machine wants the core, and a waking decision preempts it at once), else ``niceness`` (the setting
    REVIEW_NICE, as nice as can be unless said otherwise). Nice 19 alone still took a share of the core on every
    switch: measured beside it on one core, live decisions were 47% slower on average (bench/bench_review_lane.py,
    docs/analysis.md). Without ``idle_class`` (the setting REVIEW_IDLE_CLASS off), at ``niceness``."""
    if not idle_class:
        prepare_child(niceness, site_pid)
        return
    try:
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        prepare_child(0, site_pid)
    except (AttributeError, OSError):  # not Linux, or refused
        prepare_child(niceness, site_pid)


def _end_with(pid: int) -> None:
    try:
        watch = os.pidfd_open(pid)
    except (AttributeError, OSError):  # no pidfd here (or the site is gone already): ask each second
        while _alive(pid):
            time.sleep(1.0)
        os._exit(0)
    select.select([watch], [], [])  # readable once the process has ended
    os._exit(0)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def warm_up() -> int:
    """A no-op a pool runs once at its start, so that its first real decision does not pay the start."""
    return len(sys.modules)


# --- The fair share -------------------------------------------------------------------------------------


@dataclass
class _Pending:
    version: int
    owner: str
    not_before: float


@dataclass
class FairQueue:
    """The decisions waiting, per owner, and those in flight: the lane's policy, in memory.

    ``take(now, pool_size, owner_cap)`` hands out at most one job:
    1. in-flight entries whose expiry passed are dropped (a killed worker's slot comes back);
    2. nothing while ``pool_size`` decisions are in flight;
    3. among owners with a due job (``not_before <= now``) and fewer than ``owner_cap`` in flight, the one
       served least recently (its ``turn``; ties by the owner's name), its earliest due job (ties by key);
    4. ``hurried`` when the due jobs (every owner's) outnumber the free slots of the pool.
    Review steps (``push_review`` / ``take_review``, docs/analysis.md) are a lower class: handed out only while
    no decision is due, at most ``review_slots`` at once, on slots of their own (a step in flight takes none
    of the ``pool_size``, so a decision that comes due meanwhile starts at once).
    An owner enters the rotation at the current count of hand-outs (behind those served before) and leaves
    it when it has nothing waiting and nothing in flight. Not thread-safe: its users hold a lock.
    """

    inflight_seconds: float = 60.0
    pending: dict[str, _Pending] = field(default_factory=dict)
    turns: dict[str, int] = field(default_factory=dict)
    inflight: dict[str, tuple[str, float]] = field(default_factory=dict)  # token -> (owner, expiry)
    handed_out: int = 0
    reviews: dict[int, float] = field(default_factory=dict)  # review id -> not before (low priority)
    review_inflight: dict[str, float] = field(default_factory=dict)  # review token -> expiry

    def push(self, job: BotJob, not_before: float) -> bool:
        """Wait for ``not_before``; False when the same or a newer version of this seat's turn already waits,
        or this very decision is in flight."""
        waiting = self.pending.get(job.key)
        if (waiting is not None and waiting.version >= job.version) or job.token in self.inflight:
            return False
        self.pending[job.key] = _Pending(job.version, job.owner, not_before)
        if waiting is not None and waiting.owner != job.owner:
            self._forget_if_idle(waiting.owner)
        self.turns.setdefault(job.owner, self.handed_out)
        return True

    def take(self, now: float, pool_size: int, owner_cap: int) -> BotJob | None:
        for token, (owner, expiry) in list(self.inflight.items()):
            if expiry <= now:
                del self.inflight[token]
                self._forget_if_idle(owner)
        if len(self.inflight) >= pool_size:
            return None
        busy = self._inflight_per_owner()
        due_per_owner: dict[str, list[tuple[float, str]]] = {}
        for key, waiting in self.pending.items():
            if waiting.not_before <= now:
                due_per_owner.setdefault(waiting.owner, []).append((waiting.not_before, key))
        due = sum(len(jobs) for jobs in due_per_owner.values())
        for owner in sorted(self.turns, key=lambda name: (self.turns[name], name)):
            if owner in due_per_owner and busy.get(owner, 0) < owner_cap:
                _at, key = min(due_per_owner[owner])
                waiting = self.pending.pop(key)
                match, seat = (int(part) for part in key.split(":"))
                job = BotJob(match, seat, waiting.version, owner, hurried=due > pool_size - len(self.inflight))
                self.handed_out += 1
                self.turns[owner] = self.handed_out
                self.inflight[job.token] = (owner, now + self.inflight_seconds)
                return job
        return None


    def push_review(self, job: ReviewJob, not_before: float) -> bool:
        """A review's next step waits; False when it already waits. A step in flight pushes the next one as it
        ends (its slot is still taken: the next waits for it)."""
        if job.review in self.reviews:
            return False
        self.reviews[job.review] = not_before
        return True

    def take_review(self, now: float, review_slots: int) -> ReviewJob | None:
        """The earliest due review step, only while no computer player's decision is due (they always go first)
        and fewer than ``review_slots`` steps are in flight. Review steps have slots of their own: they never
        take one of the ``pool_size`` a decision needs."""
        for token, expiry in list(self.review_inflight.items()):
            if expiry <= now:
                del self.review_inflight[token]
        if any(w.not_before <= now for w in self.pending.values()):
            return None
        if len(self.review_inflight) >= review_slots:
            return None
        due = [(at, review_id) for review_id, at in self.reviews.items() if at <= now]
        if not due:
            return None
        _at, review_id = min(due)
        del self.reviews[review_id]
        job = ReviewJob(review_id)
        self.review_inflight[job.token] = now + self.inflight_seconds
        return job

    def done_review(self, job: ReviewJob) -> bool:
        """The review step is over: its slot is free again."""
        return self.review_inflight.pop(job.token, None) is not None

    def done(self, job: BotJob) -> bool:
        """The decision is over (played, refused or failed): its slot is free again."""
        entry = self.inflight.pop(job.token, None)
        if entry is None:
            return False
        self._forget_if_idle(entry[0])
        return True

    def waiting(self) -> list[tuple[float, tuple[int, int, int]]]:
        """(not_before, (match, seat, version)) of every job waiting, in time order."""
        return sorted((w.not_before, (*(int(p) for p in key.split(":")), w.version)) for key, w in self.pending.items())

    def waiting_reviews(self) -> list[tuple[float, int]]:
        """(not_before, review id) of every review step waiting, in time order."""
        return sorted((at, review_id) for review_id, at in self.reviews.items())

    def in_flight(self) -> dict[str, int]:
        """Decisions in flight per owner."""
        return self._inflight_per_owner()

    def clear(self) -> None:
        self.reviews.clear()
        self.review_inflight.clear()
        self.pending.clear()
        self.turns.clear()
        self.inflight.clear()

    def _inflight_per_owner(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for owner, _expiry in self.inflight.values():
            counts[owner] = counts.get(owner, 0) + 1
        return counts

    def _forget_if_idle(self, owner: str) -> None:
        if owner in self.turns and not any(w.owner == owner for w in self.pending.values()) \
                and not any(o == owner for o, _e in self.inflight.values()):
            del self.turns[owner]
