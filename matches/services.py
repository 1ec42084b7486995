"""The one place where an action is applied to a match, whoever sends it.

Socket, timer task, bot task and `simulate` all call `match_apply_action`
(or `match_apply_deadline`): lock the row, refuse a stale version, apply an
overdue deadline first, apply, log, version + 1, and after commit send each
seat its own view and schedule what time and bots do next.
"""
import copy
import logging
import secrets
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone as dj_timezone
from django.utils.translation import gettext as _, gettext_lazy, ngettext

from gamekit import contract, domains, driver, timeline
from matches import bot_lane, broadcast, endings, frames, match_rows, ratings, scheduling, turns
from matches.models import ActionLog, Match, MatchSeat
from matches.registry import get_game, turn_based_options

logger = logging.getLogger(__name__)

# After this many expiries in one call the rest is left to the next call, so
# a match that was left alone for hours cannot hold the row lock for long.
MAX_EXPIRIES_PER_CALL = 50
STALE_MESSAGE = gettext_lazy("The table has moved on since you last saw it; here is the current view.")


class MatchError(Exception):
    """An action that was refused; `code` is machine-readable, the message is for the player."""

    code = "error"

    def __init__(self, message, code=None):
        super().__init__(message)
        self.message = str(message)
        if code:
            self.code = code


class StaleVersion(MatchError):
    code = "stale"


class MatchNotRunning(MatchError):
    code = "not_running"


class IllegalMove(MatchError):
    code = "illegal"


@dataclass
class SeatSpec:
    user: object = None  # a User, or None for a bot
    bot: str = ""


def _translated(exc) -> str:
    """The engine's English message in the reader's language, its parameters filled in after."""
    template = getattr(exc, "template", None) or str(exc)
    params = getattr(exc, "params", None) or {}
    text = _(template)
    return text % params if params else text


def _ts(at: float | None):
    return None if at is None else datetime.fromtimestamp(at, tz=UTC)


def check_decision_days(spec, decision_days) -> int:
    """0 (real time) or one of the turn-based paces, for a game that may be played so; else a MatchError."""
    if decision_days in (0, None):
        return 0
    if not spec.turn_based:
        raise MatchError(_("%(game)s is played in real time only: its clock is part of the game.") % {"game": spec.name}, "bad_options")
    if isinstance(decision_days, bool) or decision_days not in contract.DECISION_DAYS:
        raise MatchError(
            _("Days per decision: one of %(choices)s.") % {"choices": ", ".join(map(str, contract.DECISION_DAYS))}, "bad_options"
        )
    return decision_days


def create_match(game_key, seats, options, *, seed=None, is_private=False, rated=True, abandon_grace=None, now=None,
                 decision_days=0) -> Match:
    """Start a match with these seats (list of SeatSpec). Options are engine options.

    ``decision_days`` > 0 makes it turn-based: every clock of the game runs that many days
    (matches/turns.py)."""
    spec = get_game(game_key)
    players = len(seats)
    if not spec.min_players <= players <= spec.max_players:
        raise MatchError(
            ngettext("%(game)s is for %(min)d to %(max)d player.", "%(game)s is for %(min)d to %(max)d players.", spec.max_players)
            % {"game": spec.name, "min": spec.min_players, "max": spec.max_players},
            "bad_seats",
        )
    decision_days = check_decision_days(spec, decision_days)
    if decision_days:
        options = turn_based_options(spec, options, decision_days)
    now = time.time() if now is None else now
    seed = secrets.randbits(48) if seed is None else seed
    engine_options = dict(options, started_at=now)
    # The rules the match is played under, for good (docs/architecture.md, "Changing a rule"): stored beside
    # the options, not in them, and handed to the engine whenever the match starts again (replays, exports).
    rules_version = spec.engine.RULES_VERSION
    errors = spec.engine.validate_options(players, engine_options)
    if errors:
        raise MatchError(" ".join(errors), "bad_options")
    try:
        state = spec.engine.new_game(players, contract.with_rules_version(engine_options, rules_version), seed, now)
    except spec.engine.IllegalAction as exc:
        raise MatchError(str(exc), "bad_options") from exc
    for seat in seats:
        if seat.bot and seat.bot not in spec.bots:
            raise MatchError(_("Unknown computer player: %(bot)s") % {"bot": seat.bot}, "bad_seats")
    with transaction.atomic():
        match = Match.objects.create(
            game=game_key,
            options=engine_options,
            seed=seed,
            rules_version=rules_version,
            players=players,
            state=state,
            is_private=is_private,
            rated=rated,
            abandon_grace=timedelta(seconds=settings.ABANDON_GRACE_SECONDS if abandon_grace is None else abandon_grace),
            next_deadline=_ts(_deadline_at(spec, state)),
            bot_seats=[[i, s.bot] for i, s in enumerate(seats) if s.bot],
            decision_days=decision_days,
            # every person seated has their first decision ahead (the early abort: abort_match)
            undecided_seats=[i for i, s in enumerate(seats) if s.user is not None],
        )
        MatchSeat.objects.bulk_create(
            [MatchSeat(match=match, seat=i, user=s.user, bot=s.bot or "") for i, s in enumerate(seats)]
        )
        turns.record_waiting(match, spec.engine, None, state, now)
        transaction.on_commit(lambda: _after_commit(match, []))
    return match


def _deadline_at(spec, state):
    dl = spec.engine.deadline(state)
    return None if dl is None else dl[0]


def _apply_one(spec, match, state, seat, action, now, new_events):
    """Apply one action in memory and append it to the log; returns the new state.

    A seat's action is matched once against ``legal_actions``, here: the engine then applies
    the legal action's own instance (``contract.apply_legal``). A system action (seat None:
    time) goes to ``apply`` as it is. The events it made are appended to ``new_events`` as
    (version after, event).
    """
    engine = spec.engine
    if seat is not None:
        action = _legal_instance(engine, state, seat, action, match.players, now)
        # What is logged is the legal action's instance, cut to its keys (padding is neither kept nor
        # replayed); a copy of its own, so that nothing the engine keeps in its state shares a list with it.
        logged = {key: copy.deepcopy(value) if isinstance(value, (list, dict)) else value for key, value in action.items()}
    else:
        logged = action
    try:
        if seat is None:
            new_state, events = engine.apply(state, seat, action, now)
        else:
            new_state, events = contract.apply_legal(engine, state, seat, action, now)
    except engine.IllegalAction as exc:
        # The engines speak English; a game lists its messages for the catalogue.
        raise IllegalMove(_translated(exc)) from exc
    # Written with the match row at the end of the change (matches/match_rows.py).
    match.unsaved_actions.append(
        ActionLog(
            match_id=match.pk, seq=match.version, seat=seat, action=logged, server_time=now, events=events, created_at=dj_timezone.now()
        )
    )
    match.version += 1
    new_events.extend((match.version, event) for event in events)
    if engine.decision_key(new_state) != engine.decision_key(state):
        match.step_version = match.version
    return new_state


def _legal_instance(engine, state, seat, action, players, now):
    """The instance of a legal action of ``seat`` that ``action`` stands for (exact JSON types, the legal
    action's own values: ``gamekit.domains.resolve``); else IllegalMove, worded by the engine."""
    is_seat = type(seat) is int and 0 <= seat < players
    # legal_actions is asked of real seats only: an engine need not expect any other.
    resolved = domains.resolve(action, engine.legal_actions(state, seat)) if is_seat else None
    if resolved is None:
        raise IllegalMove(_refusal(engine, state, seat, action, now))
    return resolved


def _refusal(engine, state, seat, action, now) -> str:
    """Why ``action`` is refused, in the engine's own words (translated).

    The engines word their refusals in ``apply`` (``domains.explain_mismatch``, Sidi Baba's
    ``_explain``, the treasure cave's rules): the refused action alone is sent there, for its
    message. ``apply`` never changes the state it is given, so this changes nothing.
    """
    try:
        engine.apply(state, seat, action, now)
    except engine.IllegalAction as exc:
        return _translated(exc)
    # The engine would take what legal_actions does not list: legal_actions is the one source.
    return _("That is not a valid action.")


def _apply_due_expiries(spec, match, state, now, new_events):
    """Let time act (``gamekit.timeline.advance``): every deadline due by ``now`` at its own time, each
    timed-out turn finished on defaults, every action through ``_apply_one``; at most
    MAX_EXPIRIES_PER_CALL expiries (and defaults per turn), the rest left to the next call."""
    def apply(state, seat, action, at):
        count = len(new_events)
        state = _apply_one(spec, match, state, seat, action, at, new_events)
        return state, [event for _version, event in new_events[count:]]

    state, _lines = timeline.advance(spec.engine, state, now, apply=apply, limit=MAX_EXPIRIES_PER_CALL, partial=True)
    return state


def _locked_match(match_id) -> Match:
    """The match row, locked until the end of the transaction, ready to take actions."""
    match = match_rows.lock_match(match_id)
    match.unsaved_actions = []
    match.undecided_changed = False
    return match


def _save(spec, match, state, now):
    turns.record_waiting(match, spec.engine, match.state, state, now)
    match.state = state
    match.next_deadline = _ts(_deadline_at(spec, state))
    match.updated_at = dj_timezone.now()
    outcome = spec.engine.result(state)
    fields = ["state", "version", "step_version", "next_deadline", "updated_at"]
    if getattr(match, "undecided_changed", False):
        fields.append("undecided_seats")
    if outcome is not None and match.status == Match.Status.RUNNING:
        match.status = Match.Status.FINISHED
        match.result = outcome
        match.finished_at = _ts(now)
        match.next_deadline = None
        fields += ["status", "result", "finished_at"]
        ratings.record_ranks(match, outcome)
        if match.rated:
            transaction.on_commit(lambda: scheduling.schedule_rating(match.pk))
        endings.match_ended(match.pk)
    match_rows.write_change(match, fields, match.unsaved_actions)
    match.unsaved_actions = []


def match_apply_action(match_id, seat, action, *, client_version=None, now=None, from_client=False) -> Match:
    """Apply `action` for `seat` (None = system). Raises MatchError; changes nothing then.

    An overdue deadline is applied first and stays applied even if the action
    itself is then refused: time acted before the action arrived.
    ``from_client``: ``client_version`` comes from the seat's page, which is only shown the versions of
    the changes it could see (matches/frames.py): a later one is refused as one the match has not reached,
    so that guessing at it tells nothing of an action hidden from the seat. The platform's own callers
    (bots, ``simulate``) pass the match's version.
    """
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise MatchError(_("An action is an object with a \"type\"."), "malformed")
    refused = None
    with transaction.atomic():
        match = _locked_match(match_id)
        if match.status != Match.Status.RUNNING:
            raise MatchNotRunning(_("This match is over."))
        spec = get_game(match.game)
        now = time.time() if now is None else now
        _check_client_version(match, seat, client_version, from_client)
        start_version, start_step = match.version, match.step_version
        new_events = []
        state = _apply_due_expiries(spec, match, match.state, now, new_events)
        if client_version is not None and match.step_version != start_step and client_version < match.step_version:
            refused = StaleVersion(STALE_MESSAGE)
        elif spec.engine.result(state) is None:
            try:
                before = state
                state = _apply_one(spec, match, state, seat, action, now, new_events)
                _note_first_decision(spec, match, before, seat, new_events)
            except IllegalMove as exc:
                refused = exc
        else:
            refused = MatchNotRunning(_("This match is over."))
        if match.version != start_version:
            _save(spec, match, state, now)
            transaction.on_commit(lambda: _after_commit(match, new_events, start_version))
    if refused is not None:
        try:
            raise refused
        finally:
            # this frame is in the exception's traceback: holding the exception too, it would make a cycle
            # (with every frame and state the traceback holds) that only a full collection frees, in a web
            # process a socket's consumer with it (docs/performance.md, "Memory")
            del refused
    return match


def _check_client_version(match, seat, client_version, from_client) -> None:
    """Refuse a version the seat names that the match has not reached (or, ``from_client``, that the seat was
    never shown: matches/frames.py), and a view older than both the current decision and the last change the
    seat could see (stale). None: the caller names none (the platform's own callers)."""
    if client_version is None:
        return
    if isinstance(client_version, bool) or not isinstance(client_version, int) or client_version > match.version \
            or from_client and not frames.was_shown(match, seat, client_version):
        raise MatchError(_("Unknown version."), "bad_version")
    if client_version < match.step_version and client_version < frames.seen_version(match, seat):
        # The seat acted on a view older than both the decision and the last change it could see
        # (its frames carry that version: matches/frames.py). An engine keeps every new decision
        # visible to all, so the second half only guards against a client resyncing forever.
        raise StaleVersion(STALE_MESSAGE)


def _note_first_decision(spec, match, state, seat, new_events) -> None:
    """``seat`` just acted on ``state`` (the action's events are the last of ``new_events``, tagged with the match's
    version): if the game waited for it there (``to_act``) and its person had not decided yet, that was their first
    decision (docs/ratings.md, "The early abort"). Not an action hidden from some seat or the spectators (a private
    offer in Basra): the abort's window, shown to all, would tell them of it. Costs nothing once everyone decided."""
    if not (match.undecided_seats and seat in match.undecided_seats and seat in spec.engine.to_act(state)):
        return
    if spec.hide_unseen_actions:
        made = [event for version, event in new_events if version == match.version]
        if any(frames.hidden_from(made, viewer, False) for viewer in [*range(match.players), None]):
            return
    match.undecided_seats = [s for s in match.undecided_seats if s != seat]
    match.undecided_changed = True


def match_apply_deadline(match_id, version, now=None) -> bool:
    """Let time act on a match if `version` is still current and the deadline passed.

    Idempotent: a task delivered twice, late, or after a player's action finds
    another version or no due deadline and does nothing.
    """
    with transaction.atomic():
        try:
            match = _locked_match(match_id)
        except Match.DoesNotExist:
            return False
        if match.status != Match.Status.RUNNING or match.version != version:
            return False
        spec = get_game(match.game)
        now = time.time() if now is None else now
        new_events = []
        state = _apply_due_expiries(spec, match, match.state, now, new_events)
        if match.version == version:
            # Not yet due (a task that fired early): make sure one is scheduled.
            transaction.on_commit(lambda: _schedule_deadline(match))
            return False
        _save(spec, match, state, now)
        transaction.on_commit(lambda: _after_commit(match, new_events, version))
    return True


# Logged when a computer player's move is refused on the state it was shown; the browser and
# smoke tests fail on it (tests/e2e/conftest.py, tests/smoke/test_newcomer.py).
BOT_REFUSED = "computer player's move refused"


# A seat notice (docs/protocol.md): the computer players of this table think less for a while, the
# machine being busy (matches/bot_lane.py, "hurried"); written once per match per busy spell.
BOTS_HURRIED = "bots_hurried"
# A busy spell of a match ends when none of its decisions was hurried for this long.
HURRIED_SPELL_SECONDS = 120


def bot_decision_request(match_id, seat, version, *, hurried=False):
    """Read: what the bot in ``seat`` must decide on at ``version`` (``bot_lane.DecisionRequest``, plain values),
    or None when there is nothing to decide (stale version, not a bot, no legal action)."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.status != Match.Status.RUNNING or match.version != version:
        return None
    bot_name = dict((s, b) for s, b in match.bot_seats).get(seat)
    if not bot_name:
        return None
    spec = get_game(match.game)
    legal = spec.engine.legal_actions(match.state, seat)
    if not legal:
        return None
    choose = spec.bots[bot_name]
    return bot_lane.DecisionRequest(
        match=match_id, seat=seat, version=version, game=match.game, bot=bot_name, bot_ref=bot_lane.bot_ref(choose),
        view=spec.engine.view(match.state, seat), legal=legal,
        seen=frames.seen_events(match, seat) if getattr(choose, "remembers", False) else None,
        seed=f"{match.seed}:{seat}:{version}", hurried=hurried, hurried_fraction=settings.BOT_HURRIED_FRACTION,
    )


def match_bot_submit(request, action, now=None) -> bool:
    """Submit: the bot's ``action`` through ``match_apply_action`` with the version it was shown; True if played."""
    match_id, seat, version = request.match, request.seat, request.version
    try:
        match_apply_action(match_id, seat, action, client_version=version, now=now)
    except StaleVersion:
        return False
    except MatchError as exc:
        if Match.objects.filter(pk=match_id).values_list("version", flat=True).first() != version:
            # Lost a race, not a fault: another seat of a simultaneous window acted (or time did)
            # between the bot's reading and its move. The bot is asked again at the new version.
            return False
        # The bot chose, on the very state it was shown, something the rules refuse: a bug in the bot.
        logger.error("%s %s in match %s seat %s: %s", BOT_REFUSED, request.bot, match_id, seat, exc.message)
        return False
    if request.hurried:
        note_hurried(match_id, seat, request.bot, now)
    return True


def match_bot_act(match_id, seat, version, *, hurried=False, decide=None, now=None) -> bool:
    """The bot in `seat` acts if the match is still at `version` and it has something to do: read, decide, submit.

    ``decide(request) -> action`` runs the decision elsewhere (the default mode's process pool); by default it
    runs here (a Celery worker of the bots' queue, tests). ``hurried``: the lane was saturated when it handed
    this turn out, so a search bot thinks with a fraction of its iterations (``BOT_HURRIED_FRACTION``)."""
    request = bot_decision_request(match_id, seat, version, hurried=hurried)
    if request is None:
        return False
    if decide is None or not request.bot_ref:
        action = bot_lane.decide(request, choose=get_game(request.game).bots[request.bot])
    else:
        action = decide(request)
    if action is None:
        return False
    return match_bot_submit(request, action, now)


def note_hurried(match_id, seat, bot_name, now=None) -> bool:
    """The table is told, once per busy spell, that its computer players think less for now; True if told."""
    key = f"bots-hurried:{match_id}"
    if not cache.add(key, 1, timeout=HURRIED_SPELL_SECONDS):
        cache.touch(key, HURRIED_SPELL_SECONDS)
        return False
    now = time.time() if now is None else now
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id, status=Match.Status.RUNNING).first()
        if match is None:
            return False
        # stamped with the version everyone saw: the match's may count an action hidden from some seats
        notice = {"code": BOTS_HURRIED, "seat": seat, "bot": bot_name, "at": now, "version": frames.public_version(match)}
        match.seat_notices = list(match.seat_notices or []) + [notice]
        match.save(update_fields=["seat_notices", "updated_at"])
        frame = frames.notice_frame(match, notice)
        transaction.on_commit(lambda: broadcast.send_notice(match, frame))
    return True


# The account whose computer players a match's are (the host of the table it was started from), per match:
# a match's table never changes, and every bot turn asks.
_owners: dict[int, str] = {}
_OWNERS_KEPT = 10_000


def bot_owner(match_id) -> str:
    """Whom the lane counts this match's bot turns against: "user:<id>" of the host of the lobby's table the
    match was started from (``Table.match``, read through the relation, matches never imports lobby), else
    the shared owner of matches no table made (simulate, tests, imports)."""
    owner = _owners.get(match_id)
    if owner is None:
        host = Match.objects.filter(pk=match_id).values_list("table__host_id", flat=True).first()
        owner = bot_lane.SHARED_OWNER if host is None else f"user:{host}"
        if len(_owners) >= _OWNERS_KEPT:
            _owners.clear()
        _owners[match_id] = owner
    return owner


def _schedule_deadline(match: Match):
    if match.status == Match.Status.RUNNING and match.next_deadline is not None:
        scheduling.schedule_deadline(match.pk, match.version, match.next_deadline.timestamp())


def _schedule_bots(match: Match) -> bool:
    """Schedules every bot that may act now; True if there was one."""
    if match.status != Match.Status.RUNNING or not match.bot_seats:
        return False
    spec = get_game(match.game)
    scheduled = False
    for seat in driver.seats_to_drive(spec.engine, match.state, [seat for seat, _bot in match.bot_seats]):
        scheduling.schedule_bot(match.pk, seat, match.version, owner=bot_owner(match.pk))
        scheduled = True
    return scheduled


def schedule_next(match: Match):
    """Schedule what time and the bots do next (after a change outside an action, e.g. a seat taken over)."""
    _schedule_deadline(match)
    _schedule_bots(match)


def _after_commit(match: Match, new_events, since=None):
    """Runs right after the commit, on the in-memory match that was just saved (the change: the actions
    after version ``since``)."""
    broadcast.send_views(match, new_events, since)
    _schedule_deadline(match)
    _schedule_bots(match)


def sweep_overdue_matches(now=None, grace=0.0) -> int:
    """Apply every deadline that passed more than `grace` seconds ago; returns how many matches moved.

    The fallback for a lost timer task: the version guard makes it safe to run
    beside the scheduled tasks.
    """
    now = time.time() if now is None else now
    moved = 0
    due = Match.objects.filter(status=Match.Status.RUNNING, next_deadline__lte=_ts(now - grace)).values_list("pk", "version")
    for match_id, version in due:
        if match_apply_deadline(match_id, version, now=now):
            moved += 1
    return moved


def wake_idle_bots(idle_seconds=10.0, now=None) -> int:
    """Reschedule bots of matches that did not move for a while (a lost bot task); returns how many.

    A match found waiting for a person is remembered by (id, version) in the
    cache and not loaded again until it moves: an untimed match may wait for
    days, and the sweep runs every few seconds.
    """
    now = time.time() if now is None else now
    idle = Match.objects.filter(status=Match.Status.RUNNING, updated_at__lte=_ts(now - idle_seconds)).exclude(bot_seats=[])
    keys = {f"idle-match:{pk}:{version}": pk for pk, version in idle.values_list("pk", "version")}
    known_waiting = cache.get_many(list(keys)) if keys else {}
    to_check = [pk for key, pk in keys.items() if key not in known_waiting]
    count = 0
    for match in Match.objects.filter(pk__in=to_check) if to_check else []:
        if _schedule_bots(match):
            count += 1
        else:
            cache.set(f"idle-match:{match.pk}:{match.version}", 1, timeout=86400)
    return count
