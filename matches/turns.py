"""Turn-based matches: who the match waits for, kept on the seats so that a person's waiting
matches are one indexed query (the header's badge, "My matches", the your-turn e-mails).

A turn-based match (``Match.decision_days`` > 0) runs every clock of its game in days: nobody
is expected to stay online, so the socket-absence takeover of matches/presence.py does not
apply; absence is a decision's deadline passing, as at any timed table. Only these matches
keep ``MatchSeat.waiting_since``: a real-time match's seats are not written on every move.
The your-turn e-mails read it: matches/turn_mail.py.
"""
from datetime import UTC, datetime

from matches.models import Match, MatchSeat


def _waited_for(engine, state) -> set[int]:
    return set() if engine.result(state) is not None else set(engine.to_act(state))


def record_waiting(match: Match, engine, old_state, new_state, now: float) -> None:
    """Inside the change's transaction: a seat the match starts waiting for gets ``waiting_since``
    (a new waiting period), a seat it stops waiting for loses it; a finished match waits for nobody."""
    if not match.decision_days:
        return
    before = set() if old_state is None else _waited_for(engine, old_state)
    after = _waited_for(engine, new_state)
    seats = MatchSeat.objects.filter(match_id=match.pk)
    if before - after:
        seats.filter(seat__in=before - after).update(waiting_since=None)
    if after - before:
        at = datetime.fromtimestamp(now, tz=UTC)
        seats.filter(seat__in=after - before, user__isnull=False).update(waiting_since=at)
