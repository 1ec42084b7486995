"""The chaos run's accounting and verdicts, pure: no Django, no site, no environment touched, so that
`tests/chaos/test_accounting.py` checks the checks in the normal suite (`run_chaos.py` itself changes
os.environ when imported and needs the whole site).

What a client records of each move it sends (`SentMove`), how a frame answers it (`answer_from_frame`),
how the moves sent are matched with the log's rows (`account_moves`), and the bounds every timing is held
to (`LatenessBound`, `HTTP_WAIT_S`, `SYNC_S`, `ANSWER_S`; docs/operations.md, "Chaos, scripted", says the
same figures and why).
"""
import json
import math
from dataclasses import dataclass, field

# How late an expiry may be applied while the timers run (the clock's workers and beat up): the load gate
# holds p99 <= 250 ms beside a storm of computer players (docs/performance.md); this shared 2-core machine
# runs other work beside the chaos run, so twice that. The max: a deadline whose own task was lost is
# applied by beat's sweep, which runs every second (matches/jobs.py) and takes deadlines SWEEP_GRACE_SECONDS
# (1 s in the chaos run) past, so 2 s, plus 0.5 s of load.
HEALTHY_LATENESS_P99_S = 0.5
HEALTHY_LATENESS_MAX_S = 2.5
# Below this many deadlines a p99 is the max itself (nearest rank): only the max is judged then.
P99_FROM = 100
# When a fault stops the timers (both workers killed, Redis away) for D seconds, every deadline that fell
# meanwhile waits for them: it must be applied within D + TIMER_RECOVERY_S. A worker that starts sweeps at
# once (config/celery.py): Celery's start (~2 s here, idle) and one sweep, with room for a loaded machine.
TIMER_RECOVERY_S = 8.0
# How long an HTTP request may wait while a web process is killed under load: the kernel queues it for
# the dead process's socket until serve_web's replacement starts (~2 s here, idle: Django's import). 8 s
# leaves room for load; a stalled or never-replaced process breaks it (the probe waits 3x that at most).
HTTP_WAIT_S = 8.0
# How long after a fault ends every client may take to be back at its match's version: the layer watch
# closes deaf sockets within LAYER_PROBE_SECONDS + LAYER_PROBE_MISSES x LAYER_PROBE_TIMEOUT = 12 s
# (config/layer_watch.py), then a reconnect and a hello take under a second.
SYNC_S = 15.0
# A move nobody answered (no view past the version it was sent on, no refusal) this long after it was sent
# is judged: no fault here holds the site up longer than SYNC_S, and the client must be back within SYNC_S
# after it, so twice SYNC_S.
ANSWER_S = 2 * SYNC_S

# How a client learned what became of a move it sent.
ACKNOWLEDGED = "acknowledged"   # its own event in the next change's frame
RESYNCED = "resynced"           # its own event in a later full frame (a resync: hello or sync)
NOT_APPLIED = "not applied"     # a view past it without its event, a full frame still at its version, an error

# The checks' names, as CHAOS FAILED says them (each plant of run_chaos.py names one of these).
LATE_DEADLINE = "deadline late past its bound"
SLOW_HTTP = "HTTP wait over its bound"
NOT_SYNCED = "clients not back at their match's version within the bound"
LOST = "acknowledged move not in the log"
DOUBLED = "move applied twice"
UNSENT = "move in the log that no client sent"
UNACKNOWLEDGED = "applied move never acknowledged"


@dataclass(frozen=True)
class LatenessBound:
    p99_s: float
    max_s: float


HEALTHY = LatenessBound(HEALTHY_LATENESS_P99_S, HEALTHY_LATENESS_MAX_S)


def timers_down(seconds):
    """The bound of a scenario whose fault stops the timers for ``seconds``."""
    return LatenessBound(seconds + TIMER_RECOVERY_S, seconds + TIMER_RECOVERY_S)


def p99(values):
    """Nearest-rank 99th percentile (the value at or under which 99 % of them lie)."""
    ordered = sorted(values)
    return ordered[max(math.ceil(0.99 * len(ordered)) - 1, 0)]


def fallen_lateness(applied, pending_deadlines, now):
    """The lateness of deadlines that fell: each applied expiry's in ``applied``, (deadline, applied at)
    pairs (the run gives each check the expiries no check judged yet, so every expiry is judged once,
    however long it waited), and each deadline still waiting (``pending_deadlines`` past ``now``: late by
    now, so far; judged again by every check until applied)."""
    late = [at - due for due, at in applied]
    late += [now - due for due in pending_deadlines if due < now]
    return late


def lateness_verdict(lateness, bound):
    """(figures, failed check names) of a scenario's deadlines against its bound."""
    if not lateness:
        return {}, []
    figures = {"late_p99_ms": round(1000 * p99(lateness)), "late_max_ms": round(1000 * max(lateness)),
               "late_bound_ms": f"{round(1000 * bound.p99_s)}/{round(1000 * bound.max_s)}"}
    over = (len(lateness) >= P99_FROM and p99(lateness) > bound.p99_s) or max(lateness) > bound.max_s
    return figures, [LATE_DEADLINE] if over else []


def wait_verdict(seconds, bound, name):
    """[name] when a wait (None: it never ended) is over its bound."""
    return [name] if seconds is None or seconds > bound else []


@dataclass
class SentMove:
    """A move as the client that sent it knows it: applied, it is the log's row of that match, seat and
    action at ``version`` (the version of the view it was sent on) or, where the game let it wait, later."""
    client: str
    match: int
    seat: int
    version: int
    action: dict
    sent_at: float
    answer: str | None = None
    answered_at: float | None = None
    reached: int | None = None   # the version its own event carried, when the client saw one


@dataclass(frozen=True)
class LogRow:
    id: int
    match: int
    seq: int
    seat: int | None   # None: time
    action: dict
    server_time: float = 0.0


def answer_from_frame(move, frame, seat, reconnected=False):
    """(answer, version its event reached) a ``view`` frame gives ``move``, or None while it says nothing yet.

    Applied, the move is the change right after the version it was sent on (a move on an older version
    is refused as stale): our own event at that version, one time did not make (``timed_out`` there: a
    timed-out turn's rest is played on defaults in the seat's name). A change's frame (it carries
    ``after``) past it answers; so does a full frame (connect, hello, sync: no ``after``, the recent
    events), a resync. A frame sent again with no ``after`` and no events (the ratings recorded) says
    nothing. A full frame still at the move's version says nothing was applied on it only when it came on
    a connection opened after the move was sent (``reconnected``: the move went out on a connection since
    cut); on the same connection it may have been made before the server read the move (the answer to our
    own hello). Frames of another match: the client moved on."""
    if frame["match"] != move.match:
        return NOT_APPLIED, None
    full = "after" not in frame
    events = frame.get("events", [])
    if frame["version"] == move.version:
        return (NOT_APPLIED, None) if full and reconnected else None
    if frame["version"] < move.version or (full and not events):
        return None
    made = move.version + 1
    if any(e.get("version") == made and e.get("code") == "timed_out" for e in events):
        return NOT_APPLIED, None
    if any(e.get("version") == made and e.get("seat") == seat for e in events):
        return (RESYNCED if full else ACKNOWLEDGED), made
    return NOT_APPLIED, None


def played_by_seats(rows):
    """The rows a seat's own decision made: not time's (seat None) nor the defaults a timed-out turn played
    in a seat's name (gamekit/timeline.py: right after time's row, at its very time)."""
    chosen, time_at = [], {}
    for row in sorted(rows, key=lambda r: (r.match, r.seq)):
        if row.seat is None:
            time_at[row.match] = (row.seq, row.server_time)
            continue
        last = time_at.get(row.match)
        if last and last[0] == row.seq - 1 and last[1] == row.server_time:
            time_at[row.match] = (row.seq, row.server_time)  # a default: the next may be one too
            continue
        chosen.append(row)
    return chosen


def _same(a, b):
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


@dataclass
class Accounting:
    """Every move sent and every row of a seat a client plays, each in one list."""
    acknowledged: list = field(default_factory=list)   # answered applied, in the log once
    resynced: list = field(default_factory=list)       # the same, learnt from a resync
    refused: list = field(default_factory=list)        # answered not applied, not in the log
    in_flight: list = field(default_factory=list)      # not answered yet, sent less than ANSWER_S ago
    unanswered: list = field(default_factory=list)     # never answered, not in the log (lost in transit)
    lost: list = field(default_factory=list)           # answered applied, not in the log
    unacknowledged: list = field(default_factory=list)  # in the log, the client told otherwise or nothing
    doubled: list = field(default_factory=list)        # rows repeating a row of the same seat and action
    unsent: list = field(default_factory=list)         # rows no client sent

    def failed(self):
        return [name for name, items in ((LOST, self.lost), (DOUBLED, self.doubled), (UNSENT, self.unsent),
                                         (UNACKNOWLEDGED, self.unacknowledged)) if items]


def _claim_rows(moves, by_seat):
    """{id(move): row} for each move applied: each row claimed by one move at most."""
    claims, claimed = {}, set()

    def claim(move, fits):
        row = next((r for r in by_seat.get((move.match, move.seat), ())
                    if r.id not in claimed and fits(r) and _same(r.action, move.action)), None)
        if row is not None:
            claims[id(move)] = row
            claimed.add(row.id)

    for move in moves:
        if move.reached is not None:
            claim(move, lambda r, m=move: r.seq == m.reached - 1)
    for move in moves:
        if id(move) not in claims and move.reached is None:
            claim(move, lambda r, m=move: r.seq == m.version)
    for i, move in enumerate(moves):
        if id(move) not in claims and move.reached is None:
            later = [m.version for m in moves[i + 1:] if (m.match, m.seat) == (move.match, move.seat)]
            end = min(later, default=math.inf)
            claim(move, lambda r, m=move, end=end: m.version < r.seq < end)
    return claims


def _verdict(result, move, row, now, answer_bound):
    applied_answer = move.answer in (ACKNOWLEDGED, RESYNCED)
    if row is not None and applied_answer:
        (result.acknowledged if move.answer == ACKNOWLEDGED else result.resynced).append(move)
    elif applied_answer:
        result.lost.append(move)
    elif move.answer is None and now - move.sent_at < answer_bound:
        result.in_flight.append(move)
    elif row is not None:
        result.unacknowledged.append(move)
    else:
        (result.refused if move.answer else result.unanswered).append(move)


def account_moves(moves, rows, now, answer_bound=ANSWER_S):
    """Matches every move sent with the log: ``rows`` are every log row of the matches the clients play
    (time's and its defaults are left out here), ``moves`` every move those clients sent. Each row is claimed by one move at
    most, so a move applied twice leaves a row over. A move claims, with its seat and action: the row
    its own event was seen at when the client saw one; else the row at the version it was sent on; else
    the first row past it before that seat's next move (where the game let it wait)."""
    by_seat = {}
    for row in played_by_seats(rows):
        by_seat.setdefault((row.match, row.seat), []).append(row)
    moves = sorted(moves, key=lambda m: (m.match, m.seat, m.version, m.sent_at))
    claims = _claim_rows(moves, by_seat)
    result = Accounting()
    for move in moves:
        _verdict(result, move, claims.get(id(move)), now, answer_bound)
    claimed = {row.id for row in claims.values()}
    for seat_rows in by_seat.values():
        for row in seat_rows:
            if row.id in claimed:
                continue
            twin = any(other.id != row.id and _same(other.action, row.action) for other in seat_rows)
            (result.doubled if twin else result.unsent).append(row)
    return result
