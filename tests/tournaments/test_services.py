"""Tournaments from creation to the podium, time advanced through the services' `now`
(docs/tournaments.md)."""
from datetime import UTC, datetime

import pytest
from asgiref.sync import sync_to_async
from channels.layers import InMemoryChannelLayer
from django.core.management import call_command

from matches.models import Match
from matches.registry import get_game
from tests.chat.helpers import play_to_end
from tests.factories import UserFactory
from tournaments import services
from tournaments.models import Entry, Tournament, TournamentMatch

pytestmark = pytest.mark.django_db

T0 = 1_900_000_000.0  # the start of every tournament here


def at(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, tz=UTC)


def new_tournament(kind="arena", table_size=2, people=4, **choices):
    creator = UserFactory()
    fields = dict(name="Friday cup", kind=kind, game="countdown", table_size=table_size, raw_options={"clock": 0, "rounds": 1},
                  bot="first", **({"minutes": 30} if kind == "arena" else {"rounds": 2}))
    tournament = services.create_tournament(creator, starts_at=at(T0), now=T0 - 3600, **{**fields, **choices})
    users = [UserFactory() for _ in range(people)]
    for user in users:
        services.register(user, tournament.pk, now=T0 - 60)
    return tournament, users


def running_matches(tournament):
    return list(TournamentMatch.objects.filter(tournament=tournament, recorded_at__isnull=True).select_related("match"))


@pytest.mark.parametrize("choice, message", [
    ({"kind": "knockout"}, "arena or a Swiss"),
    ({"table_size": 9}, "2 to 4 players"),
    ({"table_size": 2.0}, "whole number"),
    ({"minutes": 5}, "from 10 to 360"),
    ({"minutes": "30.5"}, "whole number"),
    ({"bot": "nobody"}, "Unknown computer player"),
    ({"starts_at": at(T0 - 7200)}, "within the next"),
    ({"name": "  "}, "name"),
    ({"name": "cup\ud800"}, "printable"),
])
def test_a_tournament_with_a_bad_choice_is_refused_and_nothing_is_stored(choice, message):
    fields = dict(name="Cup", kind="arena", game="countdown", table_size=2, starts_at=at(T0), minutes=30, bot="first",
                  raw_options={"clock": 0, "rounds": 1})
    with pytest.raises(services.TournamentError, match=message):
        services.create_tournament(UserFactory(), **{**fields, **choice}, now=T0 - 3600)
    assert not Tournament.objects.exists()


def test_nothing_starts_before_its_time():
    tournament, _users = new_tournament()
    assert not services.advance(tournament.pk, now=T0 - 1)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.SCHEDULED and not TournamentMatch.objects.exists()


def test_a_tournament_without_two_people_at_its_start_is_cancelled():
    tournament, _users = new_tournament(people=1)
    services.advance_due(now=T0)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.CANCELLED and not TournamentMatch.objects.exists()


def test_the_arena_seats_everyone_at_its_start_and_fills_an_odd_table_after_the_wait():
    tournament, users = new_tournament(people=3)
    assert services.advance_due(now=T0) == 1
    (first,) = running_matches(tournament)
    assert sorted(first.players) == sorted(u.pk for u in users[:2])
    assert not services.advance(tournament.pk, now=T0 + 19)  # the third waits for company
    services.advance(tournament.pk, now=T0 + 20)
    matches = running_matches(tournament)
    assert len(matches) == 2
    assert sorted(matches[1].players, key=str) == sorted([users[2].pk, "bot:first"], key=str)
    assert matches[1].match.seats.filter(bot="first").count() == 1


def test_an_arena_match_that_ends_counts_once_and_frees_its_players_for_the_next_table():
    tournament, users = new_tournament(people=4)
    services.advance(tournament.pk, now=T0)
    first, second = running_matches(tournament)
    play_to_end(first.match_id)
    play_to_end(second.match_id)
    services.advance(tournament.pk, now=T0 + 60)
    services.advance(tournament.pk, now=T0 + 61)  # run twice: nothing counted twice
    tournament.refresh_from_db()
    assert sum(line["matches"] for line in tournament.standings) == 4
    assert sum(line["points"] for line in tournament.standings) == 4  # two tables of two hand out 2 each
    assert len(running_matches(tournament)) == 2  # all four seated again at once
    before = {frozenset(first.players), frozenset(second.players)}
    again = [frozenset(m.players) for m in running_matches(tournament)]
    assert not before & set(again)  # nobody sits with the same opponent again at once
    top_two = frozenset(line["player"] for line in tournament.standings[:2])
    if top_two not in before:  # the two best sit together, unless they have just met
        assert top_two in again


def test_the_arena_stops_seating_at_its_end_plays_out_what_runs_and_finishes():
    tournament, users = new_tournament(people=2)
    services.advance(tournament.pk, now=T0)
    (running,) = running_matches(tournament)
    end = T0 + 30 * 60
    services.advance(tournament.pk, now=end + 1)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING  # the match at the table plays on
    play_to_end(running.match_id)
    services.advance(tournament.pk, now=end + 2)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert TournamentMatch.objects.filter(tournament=tournament).count() == 1
    assert [line["matches"] for line in tournament.standings] == [1, 1]


def test_a_person_who_withdraws_is_seated_at_no_new_table_and_may_come_back():
    tournament, users = new_tournament(people=2)
    services.advance(tournament.pk, now=T0)
    (running,) = running_matches(tournament)
    services.withdraw(users[0], tournament.pk, now=T0 + 5)
    play_to_end(running.match_id)
    services.advance(tournament.pk, now=T0 + 100)
    assert not running_matches(tournament)
    assert Entry.objects.get(user=users[1]).waiting_since == T0 + 100
    services.register(users[0], tournament.pk, now=T0 + 101)
    services.advance(tournament.pk, now=T0 + 101)
    assert len(running_matches(tournament)) == 1


def test_who_resigns_a_tournament_match_is_withdrawn_after_it():
    from matches import presence

    tournament, users = new_tournament(people=2)
    services.advance(tournament.pk, now=T0)
    (running,) = running_matches(tournament)
    resigner = users[0]
    presence.resign_seat(running.match_id, resigner)
    play_to_end(running.match_id)
    services.advance(tournament.pk, now=T0 + 50)
    assert Entry.objects.get(user=resigner).withdrawn_at is not None
    assert Entry.objects.get(user=users[1]).withdrawn_at is None
    # whatever the computer player made of the seat, who resigned is ranked last: the other wins
    tournament.refresh_from_db()
    points = {line["player"]: line["points"] for line in tournament.standings}
    assert points == {users[1].pk: 2, resigner.pk: 0}


def test_a_withdrawal_by_someone_not_playing_is_refused():
    tournament, _users = new_tournament(people=2)
    with pytest.raises(services.TournamentError):
        services.withdraw(UserFactory(), tournament.pk, now=T0 - 5)


def test_a_swiss_event_takes_nobody_once_it_runs():
    tournament, _users = new_tournament(kind="swiss", people=2)
    services.advance(tournament.pk, now=T0)
    with pytest.raises(services.TournamentError, match="no more players"):
        services.register(UserFactory(), tournament.pk, now=T0 + 1)


def test_a_swiss_event_plays_its_rounds_without_repeats_gives_the_bye_to_a_computer_player_and_ends():
    tournament, users = new_tournament(kind="swiss", people=5, rounds=3)
    services.advance(tournament.pk, now=T0)
    seen_pairs = set()
    for round_number in (1, 2, 3):
        tournament.refresh_from_db()
        assert tournament.current_round == round_number
        tables = running_matches(tournament)
        assert len(tables) == 3
        assert sum(1 for t in tables if any(isinstance(p, str) for p in t.players)) == 1  # one bye
        for table in tables:
            people = frozenset(p for p in table.players if not isinstance(p, str))
            if len(people) == 2:
                assert people not in seen_pairs
                seen_pairs.add(people)
            play_to_end(table.match_id)
        services.advance(tournament.pk, now=T0 + 100 * round_number)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    byes = [entry.byes for entry in Entry.objects.filter(tournament=tournament)]
    assert sorted(len(b) for b in byes) == [0, 0, 1, 1, 1]  # nobody had two byes
    people = [line for line in tournament.standings if not line["computer"]]
    assert [line["matches"] for line in people] == [3] * 5


def test_recompute_tournament_gives_the_live_standings(capsys):
    tournament, _users = new_tournament(kind="swiss", people=4, rounds=1)
    services.advance(tournament.pk, now=T0)
    for table in running_matches(tournament):
        play_to_end(table.match_id)
    services.advance(tournament.pk, now=T0 + 10)
    tournament.refresh_from_db()
    live = tournament.standings
    Tournament.objects.filter(pk=tournament.pk).update(standings=[])
    call_command("recompute_tournament", str(tournament.pk))
    tournament.refresh_from_db()
    assert tournament.standings == live
    assert "differed" in capsys.readouterr().out


def test_an_aborted_match_scores_nothing_and_frees_its_players():
    tournament, users = new_tournament(people=2)
    services.advance(tournament.pk, now=T0)
    (running,) = running_matches(tournament)
    Match.objects.filter(pk=running.match_id).update(status=Match.Status.ABORTED)
    services.advance(tournament.pk, now=T0 + 30)
    tournament.refresh_from_db()
    assert all(line["matches"] == 0 for line in tournament.standings)
    assert len(running_matches(tournament)) == 1  # seated again


def test_the_sweep_behind_the_wake_ups_is_registered_for_both_timers():
    from matches import job_registry

    assert job_registry.get("sweep-overdue-tournaments").every() == 10.0
    assert job_registry.wake_kind("tournament").run is services.wake


def test_scheduled_starts_only_when_due(django_assert_max_num_queries):
    tournament, _users = new_tournament()
    with django_assert_max_num_queries(1):
        assert services.due_tournaments(T0 - 10) == []
    assert services.due_tournaments(T0) == [tournament.pk]


def test_who_is_away_when_the_match_ends_is_withdrawn_and_not_seated_again():
    from matches.models import MatchSeat

    tournament, users = new_tournament(people=2)
    services.advance(tournament.pk, now=T0)
    (running,) = running_matches(tournament)
    MatchSeat.objects.filter(match_id=running.match_id, user=users[1]).update(stand_in_since=at(T0 + 60))
    play_to_end(running.match_id)
    services.advance(tournament.pk, now=T0 + 120)
    assert Entry.objects.get(user=users[1]).withdrawn_at is not None
    services.advance(tournament.pk, now=T0 + 200)
    assert [sorted(m.players, key=str) for m in running_matches(tournament)] == [sorted([users[0].pk, "bot:first"], key=str)]


def test_a_turn_based_swiss_opens_each_round_when_the_last_one_ends():
    tournament, users = new_tournament(kind="swiss", people=4, rounds=2, game="alibaba_tiles", decision_days=1,
                                       raw_options={}, bot="greedy")
    services.advance(tournament.pk, now=T0)
    round_one = running_matches(tournament)
    assert len(round_one) == 2 and all(row.match.decision_days == 1 for row in round_one)
    play_to_end(round_one[0].match_id)
    services.advance(tournament.pk, now=T0 + 2 * 86400)  # a day per decision: the round waits for its last match
    tournament.refresh_from_db()
    assert tournament.current_round == 1
    play_to_end(round_one[1].match_id)
    services.advance(tournament.pk, now=T0 + 3 * 86400)
    tournament.refresh_from_db()
    assert tournament.current_round == 2
    round_two = running_matches(tournament)
    assert {frozenset(r.players) for r in round_two}.isdisjoint({frozenset(r.players) for r in round_one})


def test_who_was_away_at_their_first_decision_is_withdrawn_when_the_match_is_aborted_for_it():
    from matches import presence
    from matches.models import MatchSeat

    tournament, users = new_tournament(people=2)
    services.advance(tournament.pk, now=T0)
    (running,) = running_matches(tournament)
    match = Match.objects.get(pk=running.match_id)
    engine = get_game("countdown").engine
    (first,) = engine.to_act(match.state)
    away = MatchSeat.objects.get(match=match, seat=first).user
    assert presence.stand_in_for_absent_seats(now=T0 + 3600) == 1  # nobody's page is open: past the grace
    assert Match.objects.get(pk=match.pk).status == Match.Status.ABORTED
    services.advance(tournament.pk, now=T0 + 3601)
    assert Entry.objects.get(user=away).withdrawn_at is not None
    assert Entry.objects.exclude(user=away).get().withdrawn_at is None
    tournament.refresh_from_db()
    assert all(line["matches"] == 0 for line in tournament.standings)


class CountingPagesLayer(InMemoryChannelLayer):
    """The in-memory channel layer, noting at each change sent to a tournament's pages what its row and its
    running matches were at that moment (what a page told of it would read)."""
    told = []

    async def group_send(self, group, message):
        if message.get("type") == "tournament.changed":
            CountingPagesLayer.told.append(await sync_to_async(_what_a_page_reads)(int(group.rsplit("-", 1)[1])))
        await super().group_send(group, message)


def _what_a_page_reads(tournament_id):
    tournament = Tournament.objects.get(pk=tournament_id)
    running = TournamentMatch.objects.filter(tournament=tournament, recorded_at__isnull=True).count()
    return sum(line["matches"] for line in tournament.standings), running


@pytest.mark.django_db(transaction=True)
def test_the_standings_reach_the_pages_before_the_new_tables_are_set_up(settings):
    """Counting a match commits and tells the pages on its own: creating the next tables (each match set
    up) takes far longer, and the standings do not wait for it (docs/tournaments.md, "Load")."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": f"{__name__}.CountingPagesLayer"}}
    tournament, _users = new_tournament(people=4)
    services.advance(tournament.pk, now=T0)
    for row in running_matches(tournament):
        play_to_end(row.match_id)
    CountingPagesLayer.told.clear()
    assert services.advance(tournament.pk, now=T0 + 60)
    # first the four seats' results counted with no table yet, then the two new tables
    assert CountingPagesLayer.told == [(4, 0), (4, 2)]
