"""Finished matches of the countdown test game, played through the real service, with chosen totals."""
import time

from matches import services
from matches.services import SeatSpec


def seat_specs(players) -> list[SeatSpec]:
    """A SeatSpec per entry: a User is a person, a string is a bot's name."""
    return [SeatSpec(bot=p) if isinstance(p, str) else SeatSpec(user=p) for p in players]


def play_countdown(players, totals, *, rated=True, is_private=False, now=None):
    """Seat ``players`` and play one round in which seat i adds totals[i] (1-3) and everyone bids 0.

    The highest total ranks first; equal totals share a rank.
    """
    # Played in the recent past, so that it has finished by the time the test looks.
    now = time.time() - 600 if now is None else now
    match = services.create_match(
        "countdown", seat_specs(players), {"clock": 0, "rounds": 1}, seed=11, rated=rated, is_private=is_private, now=now
    )
    for seat, total in enumerate(totals):
        now += 1
        match = services.match_apply_action(match.pk, seat, {"type": "add", "n": total}, now=now)
        for bidder in range(len(players)):
            match = services.match_apply_action(match.pk, bidder, {"type": "bid", "n": 0}, now=now)
    match.refresh_from_db()
    return match
