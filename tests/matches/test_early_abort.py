"""The early abort (docs/ratings.md, "The early abort"; matches/early_abort.py, ``abort_match``).

While a person seated has not made a first decision of their own (an action of theirs on a decision the
game waits for them on, ``to_act``), any person seated may abort the match: it ends aborted, unrated, and
counts nowhere (profiles, history, leaderboards, "My matches"). A person away past the grace when their
first decision is due gets the match aborted instead of a computer player standing in (matches/presence.py).
"""
import json
import random
import time
import weakref

import pytest
from asgiref.sync import sync_to_async
from django.urls import reverse

from accounts.selectors import profile_summary
from gamekit import driver
from lobby.options import engine_options
from matches import early_abort, frames, presence, ratings, registry, scheduling, selectors, services
from matches.endscreen import end_summary
from matches.models import ActionLog, Match, MatchSeat, Rating
from tests.collector import collector_off
from tests.factories import UserFactory
from tests.matches.playing import play_countdown, seat_specs

pytestmark = pytest.mark.django_db(transaction=True)

GRACE = 60.0


def new_match(players, clock=0, now=None):
    with scheduling.suspended():
        return services.create_match("countdown", seat_specs(players), {"clock": clock, "rounds": 1}, seed=3, now=now)


def act(match, seat, action, now=None, version=None):
    with scheduling.suspended():
        return services.match_apply_action(match.pk, seat, action, now=now, client_version=version)


def abort(match, user, version=None, now=None):
    with scheduling.suspended():
        return early_abort.abort_match(match.pk, user, client_version=version, from_client=version is not None, now=now)


def reload(match):
    return Match.objects.get(pk=match.pk)


def snapshot(match):
    """What a refused abort must leave as it was."""
    match = reload(match)
    return (match.status, match.version, match.undecided_seats, match.seat_notices, match.finished_at,
            ActionLog.objects.filter(match=match).count())


def assert_aborted_by(match, code, seat):
    match = reload(match)
    assert match.status == Match.Status.ABORTED and match.finished_at is not None and match.next_deadline is None
    assert match.result is None and match.rated_at is None and match.undecided_seats == []
    assert [(n["code"], n["seat"]) for n in match.seat_notices][-1] == (code, seat)
    return match


# --- who may abort, and until when ---------------------------------------------------------------------------


def test_a_player_aborts_while_a_person_has_not_decided_and_it_ends_unrated_for_everyone():
    alice, bob = UserFactory(), UserFactory()
    match = new_match([alice, bob])
    assert reload(match).undecided_seats == [0, 1]
    act(match, 0, {"type": "add", "n": 2})  # Alice's first decision; Bob's is ahead
    assert reload(match).undecided_seats == [1]
    assert abort(match, bob) == 1
    match = assert_aborted_by(match, early_abort.ABORTED, 1)
    # every frame says so: no action left to take, the window closed, nobody rated
    for viewer in (0, 1, None):
        frame = frames.seat_frame(match, viewer)
        assert frame["status"] == "aborted" and frame["legal"] == [] and frame["to_act"] == [] and frame["abortable"] is False
        assert frame["seat_notices"][-1]["code"] == early_abort.ABORTED
        end = frame["end"]
        assert end["status"] == "aborted" and end["rated"] is False and end["replay_url"] is None
        assert {p["rating"]["state"] for p in end["players"]} == {"unrated"}
    # and nothing is rated, now or by the sweep that catches lost rating tasks
    assert ratings.record_match_ratings(match.pk) is False
    assert not ratings.unrecorded_matches(older_than_seconds=-3600).filter(pk=match.pk).exists()
    assert ratings.record_unrecorded(older_than_seconds=-3600) == 0
    assert not Rating.objects.exists()
    assert reload(match).rated_at is None


def test_the_one_who_already_decided_may_abort_too():
    alice, bob = UserFactory(), UserFactory()
    match = new_match([alice, bob])
    act(match, 0, {"type": "add", "n": 1})
    assert abort(match, alice) == 0
    assert_aborted_by(match, early_abort.ABORTED, 0)


def test_the_window_closes_once_every_person_has_decided_and_the_button_goes():
    alice, bob = UserFactory(), UserFactory()
    match = new_match([alice, bob])
    assert frames.seat_frame(reload(match), 0)["abortable"] is True
    act(match, 0, {"type": "add", "n": 1})
    assert frames.seat_frame(reload(match), 1)["abortable"] is True
    act(match, 1, {"type": "bid", "n": 0})
    match = reload(match)
    assert match.undecided_seats == [] and frames.seat_frame(match, 0)["abortable"] is False
    before = snapshot(match)
    for person in (alice, bob):
        with pytest.raises(services.MatchError, match="too late") as refused:
            abort(match, person)
        assert refused.value.code == "too_late"
    assert snapshot(match) == before


def test_computer_players_keep_no_window_open():
    alice = UserFactory()
    match = new_match([alice, "first"])
    assert reload(match).undecided_seats == [0]
    act(match, 0, {"type": "add", "n": 1})
    with pytest.raises(services.MatchError) as refused:
        abort(match, alice)
    assert refused.value.code == "too_late" and reload(match).status == Match.Status.RUNNING


def test_a_refused_aborts_exception_dies_with_its_handler():
    """As for an action (tests/matches/test_services.py): the refusal kept in a local is not kept there while it
    is raised, which made a cycle only a full collection freed (docs/performance.md, "Memory")."""
    alice = UserFactory()
    match = new_match([alice, "first"])
    act(match, 0, {"type": "add", "n": 1})
    with collector_off():
        try:
            abort(match, alice)
        except services.MatchError as error:
            assert error.code == "too_late"
            refused = weakref.ref(error)
        assert refused() is None


def test_an_action_the_game_does_not_wait_for_is_no_first_decision():
    alice, bob = UserFactory(), UserFactory()
    match = new_match([alice, bob])
    act(match, 1, {"type": "cheer"})  # Bob cheers Alice on: the game waits for Alice only
    assert reload(match).undecided_seats == [0, 1]


def test_time_acting_for_a_person_is_no_first_decision_of_theirs():
    t0 = time.time()
    alice, bob = UserFactory(), UserFactory()
    match = new_match([alice, bob], clock=30, now=t0)
    # Alice lets her turn run out: the clock plays for her, she has still not decided herself. Bob aborts at
    # t0 + 40: time acts first (its change stays), then the abort.
    assert abort(match, bob, now=t0 + 40) == 1
    match = assert_aborted_by(match, early_abort.ABORTED, 1)
    assert match.version > 0 and ActionLog.objects.filter(match=match, seat=1).count() == 0


def test_a_person_who_resigns_before_deciding_no_longer_holds_the_window_open():
    alice, bob = UserFactory(), UserFactory()
    match = new_match([alice, bob])
    act(match, 0, {"type": "add", "n": 1})
    with scheduling.suspended():
        presence.resign_seat(match.pk, bob)
    match = reload(match)
    assert match.undecided_seats == []
    # the resignation's notice, which every page gets, says the window closed (no view need follow it)
    assert frames.notice_frame(match, match.seat_notices[-1])["abortable"] is False
    with pytest.raises(services.MatchError) as refused:
        abort(match, alice)
    assert refused.value.code == "too_late"


# --- refused: nothing changes ----------------------------------------------------------------------------------


def test_a_spectator_a_stranger_or_someone_who_resigned_cannot_abort():
    alice, bob, carol = UserFactory(), UserFactory(), UserFactory()
    match = new_match([alice, bob, carol])
    with scheduling.suspended():
        presence.resign_seat(match.pk, carol)
    before = snapshot(match)
    from django.contrib.auth.models import AnonymousUser

    for outsider in (UserFactory(), AnonymousUser(), carol):
        with pytest.raises(services.MatchError, match="Only a player") as refused:
            abort(match, outsider)
        assert refused.value.code == "not_seated"
    assert snapshot(match) == before


def test_a_match_that_is_over_cannot_be_aborted():
    alice, bob = UserFactory(), UserFactory()
    finished = play_countdown([alice, bob], [1, 2])
    assert finished.status == Match.Status.FINISHED
    aborted = new_match([alice, bob])
    abort(aborted, alice)
    for match in (finished, aborted):
        before = snapshot(match)
        with pytest.raises(services.MatchNotRunning):
            abort(match, alice)
        assert snapshot(match) == before
    with pytest.raises(services.MatchError) as missing:
        early_abort.abort_match(10**9, alice)
    assert missing.value.code == "not_found"


def test_versions_are_checked_as_for_an_action():
    alice, bob = UserFactory(), UserFactory()
    match = new_match([alice, bob])
    for unknown in (5, True, "0", 1.0):
        with pytest.raises(services.MatchError) as refused:
            abort(match, bob, version=unknown)
        assert refused.value.code == "bad_version"
    act(match, 0, {"type": "add", "n": 1})  # a new decision opens at version 1
    before = snapshot(match)
    # Bob's page still showed version 0: the table has moved on, he is sent the current view and may abort again.
    with pytest.raises(services.StaleVersion):
        abort(match, bob, version=0)
    assert snapshot(match) == before
    assert abort(match, bob, version=1) == 1
    assert_aborted_by(match, early_abort.ABORTED, 1)


# --- counts nowhere --------------------------------------------------------------------------------------------


def test_an_aborted_match_is_on_no_profile_history_leaderboard_or_my_matches(client, settings):
    settings.TIMER_BACKEND = "thread"
    settings.LEADERBOARD_MIN_MATCHES = 1
    alice, bob = UserFactory(), UserFactory()
    finished = play_countdown([alice, bob], [1, 2])
    ratings.record_match_ratings(finished.pk)
    figures = {r.user_id: (r.rating, r.matches_played, r.wins) for r in Rating.objects.all()}
    aborted = new_match([alice, bob])
    assert [row["match"].pk for row in selectors.my_running_matches(alice, time.time())] == [aborted.pk]
    act(aborted, 0, {"type": "add", "n": 3})
    abort(aborted, bob)
    assert {r.user_id: (r.rating, r.matches_played, r.wins) for r in Rating.objects.all()} == figures
    # history (the list and the pages), "My matches", the profile's counts and recent matches, the leaderboard
    assert [m.pk for m in selectors.finished_history(alice, {})] == [finished.pk]
    assert selectors.my_running_matches(alice, time.time()) == []
    profile = profile_summary(alice, viewer=alice)
    assert profile["matches_played"] == 1 and [item["match"].pk for item in profile["recent_matches"]] == [finished.pk]
    assert [(g["game"], g["matches_played"]) for g in profile["ratings"]] == [("countdown", 1)]
    assert [r.public_played for r in selectors.leaderboard("countdown")] == [1, 1]
    client.force_login(alice)
    for url in (reverse("matches:history"), reverse("matches:mine"), reverse("accounts:profile", args=[alice.username]),
                reverse("leaderboards:game", args=["countdown"])):
        page = client.get(url).content.decode()
        assert f"/matches/{aborted.pk}/" not in page, url
    # no replay or export of it either: those are for finished matches
    assert client.get(reverse("matches:replay", args=[aborted.pk])).status_code == 404
    assert client.get(reverse("matches:export", args=[aborted.pk])).status_code in (400, 404)


# --- no stand-in at the first decision -------------------------------------------------------------------------


def test_a_person_away_at_their_first_decision_gets_the_match_aborted_not_a_stand_in():
    t0 = time.time()
    alice, bob = UserFactory(), UserFactory()
    match = new_match([alice, bob], now=t0)
    presence.seat_connected(match.pk, 0, "alice-socket", now=t0)
    presence.seat_connected(match.pk, 1, "bob-socket", now=t0)
    presence.seat_disconnected(match.pk, 1, "bob-socket", now=t0 + 1)
    act(match, 0, {"type": "add", "n": 1}, now=t0 + 100)  # the window now waits for Bob's first decision
    presence.seat_seen(match.pk, 0, "alice-socket", now=t0 + 150)
    # the banner warns Bob that the match, not a computer player, is what his absence costs
    assert presence.away_status(bob, now=t0 + 150) == [
        {"match": match.pk, "game": "Countdown (test game)", "seat": 1, "state": "due", "at": pytest.approx(t0 + 100 + GRACE),
         "aborts": True}
    ]
    assert presence.stand_in_for_absent_seats(now=t0 + 150, grace=GRACE) == 0
    assert reload(match).status == Match.Status.RUNNING
    with scheduling.suspended():
        assert presence.stand_in_for_absent_seats(now=t0 + 161, grace=GRACE) == 1
    match = assert_aborted_by(match, early_abort.ABORTED_AWAY, 1)
    assert match.bot_seats == [] and MatchSeat.objects.get(match=match, seat=1).stand_in_since is None
    assert end_summary(match, 0)["status"] == "aborted" and not Rating.objects.exists()
    assert presence.stand_in_for_absent_seats(now=t0 + 300, grace=GRACE) == 0
    assert presence.away_status(bob, now=t0 + 300) == []


def test_after_the_first_decision_an_absence_is_what_it_was():
    t0 = time.time()
    alice, bob = UserFactory(), UserFactory()
    match = new_match([alice, bob], now=t0)
    presence.seat_connected(match.pk, 0, "alice-socket", now=t0)
    act(match, 0, {"type": "add", "n": 1}, now=t0)
    act(match, 1, {"type": "bid", "n": 0}, now=t0)  # Bob's first decision, then he is gone
    presence.seat_seen(match.pk, 0, "alice-socket", now=t0 + 100)
    act(match, 0, {"type": "bid", "n": 0}, now=t0 + 100)  # Bob's turn opens
    presence.seat_seen(match.pk, 0, "alice-socket", now=t0 + 150)
    with scheduling.suspended():
        assert presence.stand_in_for_absent_seats(now=t0 + 161, grace=GRACE) == 1
    match = reload(match)
    assert match.status == Match.Status.RUNNING and match.bot_seats == [[1, "first"]]
    assert [n["code"] for n in match.seat_notices] == [presence.STOOD_IN]


def test_a_turn_based_match_may_be_aborted_and_waits_for_nobody_after():
    alice, bob = UserFactory(), UserFactory()
    with scheduling.suspended():
        match = services.create_match("alibaba_tiles", seat_specs([alice, bob]), game_options("alibaba_tiles"), seed=5,
                                      decision_days=1)
    waited = registry.get_game("alibaba_tiles").engine.to_act(match.state)
    assert MatchSeat.objects.get(match=match, seat=waited[0]).waiting_since is not None
    abort(match, bob)
    assert_aborted_by(match, early_abort.ABORTED, 1)
    assert not MatchSeat.objects.filter(match=match, waiting_since__isnull=False).exists()
    assert selectors.waiting_count(alice) == 0


# --- each game's first decision --------------------------------------------------------------------------------


def game_options(key):
    spec = registry.get_game(key)
    spec.load_default_data()
    return engine_options(key, registry.default_table_options(spec))


@pytest.mark.parametrize("key", ["alibaba_tiles", "basra", "sidibaba"])
def test_each_games_first_decision_is_the_seats_own_action_on_a_decision_it_is_waited_for(key):
    spec = registry.get_game(key)
    players = max(spec.min_players, 3)
    people = [UserFactory() for _ in range(players)]
    with scheduling.suspended():
        match = services.create_match(key, seat_specs(people), game_options(key), seed=5)
    assert match.undecided_seats == list(range(players))
    # The seat the game waits for acts: for Sidi Baba the Leader (seat 0), whose set-up is his first decision.
    waited = spec.engine.to_act(match.state)
    seat = 0 if key == "sidibaba" else waited[0]
    assert seat in waited
    legal = spec.engine.legal_actions(match.state, seat)
    if key == "sidibaba":
        legal = [a for a in legal if a["type"] == "choose_maze"]  # the first step of his set-up
    action = driver.random_bot(spec.engine.view(match.state, seat), legal, random.Random(1))
    act(match, seat, action)
    match = reload(match)
    assert match.undecided_seats == [s for s in range(players) if s != seat]
    # someone who has not decided yet aborts: the real game's match ends as the test game's did
    assert abort(match, people[match.undecided_seats[-1]]) == match.undecided_seats[-1]
    match = reload(match)
    assert match.status == Match.Status.ABORTED
    for viewer in (*range(players), None):
        frame = frames.seat_frame(match, viewer)
        assert frame["status"] == "aborted" and frame["legal"] == [] and frame["abortable"] is False


# --- the page and the socket -----------------------------------------------------------------------------------


def test_the_abort_view_aborts_for_the_signed_in_person_and_the_button_goes_with_the_window(client):
    alice, bob = UserFactory(), UserFactory()
    match = new_match([alice, bob])
    client.force_login(alice)
    page = client.get(reverse("matches:match", args=[match.pk])).content.decode()
    assert 'data-testid="abort"' in page and 'data-testid="abort" hidden' not in page
    assert "{#" not in page and "early abort" not in page  # the template's comments stay in the template
    assert client.get(reverse("matches:abort", args=[match.pk])).status_code == 405
    with scheduling.suspended():
        response = client.post(reverse("matches:abort", args=[match.pk]), {"version": "0"}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("matches:match", args=[match.pk])
    assert "You aborted the match" in response.content.decode()
    assert_aborted_by(match, early_abort.ABORTED, 0)
    # refused: a clear message, nothing changed
    response = client.post(reverse("matches:abort", args=[match.pk]), follow=True)
    assert "This match is over." in response.content.decode()
    assert client.post(reverse("matches:abort", args=[10**9])).status_code == 404


def test_the_abort_view_refuses_a_stranger_and_a_bad_version_and_speaks_french(client):
    alice, bob = UserFactory(), UserFactory()
    match = new_match([alice, bob])
    act(match, 0, {"type": "add", "n": 1})
    act(match, 1, {"type": "bid", "n": 0})
    client.force_login(alice)
    page = client.get(reverse("matches:match", args=[match.pk])).content.decode()
    assert 'data-testid="abort" hidden' in page  # the window closed: no button
    response = client.post(reverse("matches:abort", args=[match.pk]), {"version": "x"}, follow=True)
    assert "Unknown version." in response.content.decode()
    response = client.post(reverse("matches:abort", args=[match.pk]), follow=True, HTTP_ACCEPT_LANGUAGE="fr")
    assert "Trop tard pour annuler" in response.content.decode()
    client.force_login(UserFactory())
    response = client.post(reverse("matches:abort", args=[match.pk]), follow=True)
    assert "Only a player of this match may abort it." in response.content.decode()
    assert reload(match).status == Match.Status.RUNNING


@pytest.mark.asyncio
async def test_an_abort_frame_tells_every_seat_and_spectator():
    from tests.matches.test_consumers import connect

    alice, bob, watcher = await sync_to_async(lambda: (UserFactory(), UserFactory(), UserFactory()))()
    match = await sync_to_async(new_match)([alice, bob])
    sockets = []
    for user in (alice, bob, watcher):
        communicator, connected, _ = await connect(match.pk, user)
        assert connected
        first = await communicator.receive_json_from(timeout=5)
        assert first["abortable"] is True
        sockets.append(communicator)
    spectator = sockets[2]
    await spectator.send_to(text_data=json.dumps({"type": "abort", "version": 0}))
    refused = await spectator.receive_json_from(timeout=5)
    assert refused["type"] == "error" and refused["code"] == "not_seated"
    await sockets[1].send_to(text_data=json.dumps({"type": "abort"}))
    refused = await sockets[1].receive_json_from(timeout=5)
    assert refused["type"] == "error" and refused["code"] == "malformed"
    await sockets[1].send_to(text_data=json.dumps({"type": "abort", "version": 0}))
    for communicator in sockets:
        notice = await communicator.receive_json_from(timeout=5)
        assert notice["type"] == "notice" and notice["code"] == early_abort.ABORTED and notice["seat"] == 1
        view = await communicator.receive_json_from(timeout=5)
        assert view["type"] == "view" and view["status"] == "aborted" and view["abortable"] is False and view["legal"] == []
        assert view["end"]["status"] == "aborted"
    await sockets[0].send_to(text_data=json.dumps({"type": "abort", "version": 0}))
    refused = await sockets[0].receive_json_from(timeout=5)
    assert refused["type"] == "error" and refused["code"] == "not_running"
    for communicator in sockets:
        await communicator.disconnect()
