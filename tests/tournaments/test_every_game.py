"""An arena and a Swiss event of each game, start to finish, people and computer players at the
tables (issue 38): the people's decisions are made here through the match service, time through
`now` (a real-time game's clocks and lamps run out by its deadlines)."""
import random

import pytest

from gamekit import driver
from matches import services as match_services
from matches.models import Match
from matches.registry import get_game
from tests.factories import UserFactory
from tests.tournaments.test_services import T0, at
from tournaments import services
from tournaments.models import Tournament, TournamentMatch

pytestmark = pytest.mark.django_db

# Sidi Baba's lamps at their shortest (60 s, the option's least) so that its matches played at random end sooner:
# its two tournaments took 26 s with the 180 s default, 9 s so (alone, the default mode); make check still leaves
# them to make test (marker `slow`)
GAMES = [("alibaba_tiles", 2, {"clock": 0}, 0), ("basra", 3, {}, 0),
         pytest.param("sidibaba", 3, {"segment_seconds": 60}, 0, marks=pytest.mark.slow),
         ("alibaba_tiles", 3, {}, 1), ("basra", 2, {}, 1)]


def finish(match_id, rng):
    """Play a match out as gamekit's driver does: a seat the game waits for decides at random, a
    second after the last decision; when nobody may act, time jumps to the deadline."""
    clock = Match.objects.get(pk=match_id).options["started_at"]
    for _step in range(5_000):
        match = Match.objects.get(pk=match_id)
        if match.status != Match.Status.RUNNING:
            return match
        engine = get_game(match.game).engine
        movers = engine.to_act(match.state)
        due = match.next_deadline.timestamp() if match.next_deadline else None
        if not movers or (due is not None and due <= clock):
            assert due is not None, "nobody may act and no deadline"
            clock = max(clock, due)
            match_services.match_apply_deadline(match_id, match.version, now=clock)
            continue
        seat = rng.choice(movers)
        action = driver.bot_action(engine, match.state, seat, lambda view, legal, r: r.choice(legal), rng)
        assert action is not None, f"seat {seat} is waited for but has no legal action"
        match_services.match_apply_action(match_id, seat, action, client_version=match.version, now=clock)
        clock += 1
    raise AssertionError(f"match {match_id} did not end")


@pytest.mark.parametrize("game, table_size, options, decision_days", GAMES)
@pytest.mark.parametrize("kind", ["arena", "swiss"])
def test_a_tournament_of_each_game_runs_start_to_finish(game, table_size, options, decision_days, kind):
    spec = get_game(game)
    # Sidi Baba's matches played at random are long: one Swiss round is enough to show its tables work
    length = {"minutes": 10} if kind == "arena" else {"rounds": 1 if game == "sidibaba" else 2}
    tournament = services.create_tournament(
        UserFactory(), name="Cup", kind=kind, game=game, table_size=table_size, starts_at=at(T0), raw_options=options,
        bot=next(iter(spec.bots)), decision_days=decision_days, now=T0 - 60, **length)
    people = [UserFactory() for _ in range(table_size + 1)]  # one table full, one completed by computer players
    for person in people:
        services.register(person, tournament.pk, now=T0 - 30)
    rng = random.Random(7)

    def play_what_runs(now):
        services.advance(tournament.pk, now=now)
        for row in TournamentMatch.objects.filter(tournament=tournament, recorded_at__isnull=True):
            finish(row.match_id, rng)
        services.advance(tournament.pk, now=now + 1)

    services.advance(tournament.pk, now=T0)
    # the first tables, then the one that waited for company, completed by computer players
    play_what_runs(T0 + 60)
    if kind == "swiss" and length["rounds"] == 2:
        play_what_runs(T0 + 3600)  # round 2
    else:
        play_what_runs(T0 + 11 * 60)  # past the end: no new table, what runs is played out
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    rows = TournamentMatch.objects.filter(tournament=tournament)
    assert rows.exists() and all(row.recorded_at and row.outcome for row in rows)
    assert any(any(isinstance(p, str) for p in row.players) for row in rows)  # computer players filled seats
    people_rows = [line for line in tournament.standings if not line["computer"]]
    assert sorted(line["player"] for line in people_rows) == sorted(p.pk for p in people)
    assert all(line["matches"] >= 1 for line in people_rows)
    seats = table_size
    assert sum(line["points"] for line in tournament.standings) <= sum(
        seats * (seats - 1) * 2 for _row in rows)  # at most doubled points on fire
