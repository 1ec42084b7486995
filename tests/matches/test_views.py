"""Match pages: the live page, history, replay and leaderboards."""
import random
import re

import pytest

from gamekit import driver
from matches import services
from matches.models import Match
from matches.services import SeatSpec
from matches.simulation import simulate
from tests.factories import UserFactory
from tests.matches import countdown_game

pytestmark = pytest.mark.django_db(transaction=True)


def _finished(players=2, is_private=False, users=None):
    """A countdown match played to the end by its seats (users, else bots) through the service."""
    users = users or []
    seats = [SeatSpec(user=u) for u in users] + [SeatSpec(bot="first")] * (players - len(users))
    match = services.create_match("countdown", seats, {"clock": 0}, seed=3, is_private=is_private)
    rng = random.Random(3)
    while match.status == Match.Status.RUNNING:
        seat = countdown_game.to_act(match.state)[0]
        action = driver.random_bot(None, countdown_game.legal_actions(match.state, seat), rng)
        match = services.match_apply_action(match.pk, seat, action)
    return match


def test_replay_rebuilds_every_step_of_a_finished_match(client):
    simulate("countdown", matches=1, players=2, seed=3, bots=["random", "random"])
    match = Match.objects.get()
    data = client.get(f"/matches/{match.pk}/replay.json?from=0&to={match.version}").json()
    assert len(data["frames"]) == match.version + 1 and data["steps"] == match.version
    assert data["viewer"] == "spectator"
    assert data["frames"][-1]["view"]["totals"] == match.state["totals"]
    assert client.get(f"/matches/{match.pk}/replay/").status_code == 200


def test_replay_json_from_a_seat_or_from_everywhere(client):
    match = _finished(players=3)
    for seat in ("0", "2", "all", "spectator"):
        data = client.get(f"/matches/{match.pk}/replay.json?seat={seat}&from=0&to={match.version}").json()
        assert data["viewer"] == seat and len(data["frames"]) == match.version + 1
    mine = client.get(f"/matches/{match.pk}/replay.json?seat=1&from=2&to=2").json()["frames"][0]["view"]
    state = countdown_game.replay(3, match.options, match.seed, [
        (a.seat, a.action, a.server_time) for a in match.actions.order_by("seq")[:2]], match.options["started_at"])
    assert mine == countdown_game.view(state, 1)


def test_replay_json_carries_the_seats_changes_for_the_games_log(client):
    user = UserFactory()
    match = _finished(players=2, users=[user])
    notices = [{"code": "seat_resigned", "seat": 0, "bot": "first", "at": 1763999990.2, "version": 2}]
    Match.objects.filter(pk=match.pk).update(seat_notices=notices)
    for seat in ("0", "1", "spectator"):
        data = client.get(f"/matches/{match.pk}/replay.json?seat={seat}&from=0&to=1").json()
        assert data["seat_notices"] == notices


def test_a_bad_replay_request_is_a_400(client):
    match = _finished()
    for query in ("seat=7", "seat=x", "from=a", "to=1.5"):
        assert client.get(f"/matches/{match.pk}/replay.json?{query}").status_code == 400, query
    assert client.get(f"/matches/{match.pk}/replay/?seat=9").status_code == 400


def test_the_replay_page_opens_on_the_seat_its_visitor_sat_in(client):
    user = UserFactory()
    match = _finished(users=[user])
    client.force_login(user)
    page = client.get(f"/matches/{match.pk}/replay/")
    assert page.context["replay_viewer"] == "0" and page.context["seat"] == 0
    # "you" stays on the visitor's own seat whichever seat the replay is seen from
    seen_from_1 = client.get(f"/matches/{match.pk}/replay/?seat=1")
    assert seen_from_1.context["seat"] == 1 and seen_from_1.context["own_seat"] == 0
    html = seen_from_1.content.decode()
    badge = '<span class="badge you">'
    assert html.count(badge) == 1
    assert html.index('data-testid="player-0"') < html.index(badge) < html.index('data-testid="player-1"')
    assert client.get(f"/matches/{match.pk}/replay.json").json()["viewer"] == "0"
    assert client.get(f"/matches/{match.pk}/replay/?seat=all").context["seat"] == "all"


def test_replay_of_a_running_match_is_refused_even_to_its_players(client):
    users = [UserFactory(), UserFactory()]
    match = services.create_match("countdown", [SeatSpec(user=u) for u in users], {"clock": 0}, seed=1)
    assert client.get(f"/matches/{match.pk}/replay.json").status_code == 404
    client.force_login(users[0])
    assert client.get(f"/matches/{match.pk}/replay.json").status_code == 404
    assert client.get(f"/matches/{match.pk}/replay/").status_code == 404


def test_a_finished_private_match_is_hidden_from_anyone_who_did_not_sit_in_it(client):
    """Finding 4 of issue 8: anonymous GET of a private match's replay.json returned every frame."""
    sat = UserFactory()
    match = _finished(users=[sat], is_private=True)
    for url in (f"/matches/{match.pk}/replay.json", f"/matches/{match.pk}/", f"/matches/{match.pk}/replay/"):
        assert client.get(url).status_code == 404, url
    client.force_login(UserFactory())
    for url in (f"/matches/{match.pk}/replay.json", f"/matches/{match.pk}/", f"/matches/{match.pk}/replay/"):
        assert client.get(url).status_code == 404, url
    client.force_login(sat)
    for url in (f"/matches/{match.pk}/replay.json", f"/matches/{match.pk}/", f"/matches/{match.pk}/replay/"):
        assert client.get(url).status_code == 200, url


def test_a_public_match_page_asks_a_visitor_to_log_in(client):
    match = _finished()
    response = client.get(f"/matches/{match.pk}/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_private_running_match_page_is_hidden_from_strangers(client):
    users = [UserFactory(), UserFactory()]
    match = services.create_match("countdown", [SeatSpec(user=u) for u in users], {"clock": 0}, seed=1, is_private=True)
    client.force_login(UserFactory())
    assert client.get(f"/matches/{match.pk}/").status_code == 404


def test_history_and_leaderboard_pages(client):
    simulate("countdown", matches=2, players=2, seed=3, bots=["random", "random"])
    assert client.get("/matches/").status_code == 200
    assert client.get("/leaderboards/").status_code == 200


def _turn_based_cave(users, seed, days=2):
    from lobby.options import engine_options
    from matches import scheduling

    options = engine_options("alibaba_tiles", {"clock": 60, "variant": "standard", "layout": "standard"})
    with scheduling.suspended():
        return services.create_match("alibaba_tiles", [SeatSpec(user=u) for u in users], options, seed=seed, decision_days=days)


def _confirm_moves(client, match):
    html = client.get(f"/matches/{match.pk}/").content.decode()
    on = 'data-confirm-moves="on"' in html
    assert on == ('data-testid="confirm-bar"' in html)
    return on


def test_the_match_page_confirms_moves_by_the_persons_setting_and_the_kind_of_table(client):
    from accounts.models import AccountProfile, profile_of

    alice, bob = UserFactory(), UserFactory()
    turn_based = _turn_based_cave([alice, bob], 1)
    real_time = services.create_match("countdown", [SeatSpec(user=alice), SeatSpec(user=bob)], {"clock": 0}, seed=1)
    client.force_login(alice)
    # by default: at the turn-based table only
    assert (_confirm_moves(client, turn_based), _confirm_moves(client, real_time)) == (True, False)
    profile = profile_of(alice)
    for setting, expected in (("always", (True, True)), ("never", (False, False))):
        profile.confirm_moves = setting
        profile.save()
        assert (_confirm_moves(client, turn_based), _confirm_moves(client, real_time)) == expected
    # a spectator has nothing to confirm, whatever their setting
    watcher = UserFactory()
    AccountProfile.objects.create(user=watcher, confirm_moves="always")
    client.force_login(watcher)
    assert _confirm_moves(client, real_time) is False


def _whose(match):
    from alibaba_tiles import engine as tiles

    return tiles.to_act(match.state)[0]


def test_my_matches_lists_the_ones_waiting_for_me_first_and_the_header_counts_them(client):
    alice, bob, carol = UserFactory(), UserFactory(), UserFactory()
    # the same deal twice, Alice in the starting seat once and in the other seat once
    matches = [_turn_based_cave(users, seed) for seed in (1, 2) for users in ([alice, bob], [bob, alice])]
    matches.append(_turn_based_cave([alice, carol], 3, days=7))
    mine_waiting = [m for m in matches if m.seats.get(seat=_whose(m)).user == alice]
    others = [m for m in matches if m not in mine_waiting]
    assert mine_waiting and others, "the deals should give both cases"
    client.force_login(alice)
    page = client.get("/matches/mine/")
    html = page.content.decode()
    assert page.status_code == 200
    rows = [int(part.split('"')[0]) for part in html.split('data-match="')[1:]]
    assert sorted(rows[: len(mine_waiting)]) == sorted(m.pk for m in mine_waiting)
    assert sorted(rows) == sorted(m.pk for m in matches)
    assert html.count('data-testid="my-turn-row"') == len(mine_waiting)
    assert f'data-testid="my-turns-badge" title="{len(mine_waiting)} match' in html
    # the phone's one-line header shows the count beside its Menu (templates/base.html)
    assert f'data-testid="menu-turns" aria-label="My matches: {len(mine_waiting)} match' in html
    # someone else's turn names them; a two-day clock shows days left
    assert ">1 day 23 h<" in html and "Your turn" in html
    for match in others:
        assert match.seats.get(seat=_whose(match)).user.username in html
    # the badge is on every page of the site, and not there for someone nothing waits for
    assert 'data-testid="my-turns-badge"' in client.get("/").content.decode()
    client.force_login(UserFactory())
    assert 'data-testid="my-turns-badge"' not in client.get("/").content.decode()
    assert 'data-testid="menu-turns"' not in client.get("/").content.decode()


@pytest.mark.parametrize("language, none, one", [
    ("en", "No match is waiting for you.", "1 match is waiting for you."),
    ("fr", "Aucune partie ne vous attend.", "1 partie vous attend."),
])
def test_my_matches_says_in_words_that_no_match_waits_and_counts_one_in_the_singular(client, language, none, one):
    alice, bob = UserFactory(), UserFactory()
    match = _turn_based_cave([alice, bob], 1)
    waiting, other = (alice, bob) if match.seats.get(seat=_whose(match)).user == alice else (bob, alice)
    client.force_login(other)
    summary = client.get("/matches/mine/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'<p data-testid="my-matches-summary">{none}</p>' in summary
    client.force_login(waiting)
    summary = client.get("/matches/mine/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'<p data-testid="my-matches-summary">{one}</p>' in summary


def test_my_matches_needs_a_login(client):
    page = client.get("/matches/mine/")
    assert page.status_code == 302 and "/accounts/login/" in page["Location"]


def test_the_header_badge_costs_one_query(client):
    alice = UserFactory()
    _turn_based_cave([alice, UserFactory()], 1)
    client.force_login(alice)
    client.get("/matches/")  # warm: sessions, site caches
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        client.get("/matches/")
    badge = [q["sql"] for q in queries.captured_queries if '"waiting_since" IS NOT NULL' in q["sql"]]
    assert len(badge) == 1


def test_the_away_endpoint_tells_a_person_their_due_decision_and_its_countdown(client):
    """/matches/away.json feeds the banner on every page (issue 21, item 1)."""
    import time

    from matches import presence

    assert client.get("/matches/away.json").json()["matches"] == []  # nobody logged in
    alice, bob = UserFactory(), UserFactory()
    match = services.create_match("countdown", [SeatSpec(user=alice), SeatSpec(user=bob)], {"clock": 0, "rounds": 1},
                                  seed=3, abandon_grace=30)
    client.force_login(alice)  # seat 0: due at once, no page of the match open
    data = client.get("/matches/away.json").json()
    assert abs(data["server_time"] - time.time()) < 5
    [entry] = data["matches"]
    assert entry["state"] == "due" and entry["url"] == f"/matches/{match.pk}/" and entry["match"] == match.pk
    assert 0 < entry["at"] - time.time() <= 30
    presence.seat_connected(match.pk, 0, "alice-socket")  # the match's page is open: no countdown
    assert client.get("/matches/away.json").json()["matches"] == []
    client.force_login(bob)  # not due: nothing to say
    assert client.get("/matches/away.json").json()["matches"] == []


def test_the_match_page_shows_each_seats_rating_beside_its_name_for_one_query(client, settings):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from matches.models import Rating
    from matches.ratings import display_rating
    from tests.matches.playing import play_countdown

    settings.TIMER_BACKEND = "thread"
    alice, bob = UserFactory(), UserFactory()
    play_countdown([alice, bob, "first"], [3, 1, 2])  # rated: alice above 1500, the bot kind moved too
    match = services.create_match("countdown", [SeatSpec(user=alice), SeatSpec(bot="first"), SeatSpec(bot="first")],
                                  {"clock": 0, "rounds": 1}, seed=4)
    client.force_login(alice)
    with CaptureQueriesContext(connection) as queries:
        page = client.get(f"/matches/{match.pk}/").content.decode()
    assert len([q for q in queries.captured_queries if "matches_rating" in q["sql"]]) == 1
    figures = [re.search(rf'data-testid="player-rating-{seat}"[^>]*>(\d+)<', page).group(1) for seat in range(3)]
    bot = display_rating(Rating.objects.get(game="countdown", bot="first").rating)
    assert figures == [str(display_rating(Rating.objects.get(game="countdown", user=alice).rating)), str(bot), str(bot)]
    assert figures[0] != "1500"
