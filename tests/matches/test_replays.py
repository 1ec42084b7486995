"""Replays of finished matches from any seat, built lazily in cached chunks."""
import random
import time
import types

import pytest

from gamekit import driver
from matches import registry, replays, services
from matches.models import ActionLog, Match, MatchSeat
from matches.registry import GameSpec
from matches.services import SeatSpec
from matches.simulation import simulate
from tests.factories import UserFactory
from tests.matches import countdown_game
from tests.page_strings import page_strings

pytestmark = pytest.mark.django_db(transaction=True)


def _marathon_engine():
    """The countdown game without its cap on rounds, for matches of thousands of actions."""
    engine = types.ModuleType("marathon_engine")
    engine.__dict__.update({k: v for k, v in vars(countdown_game).items() if not k.startswith("__")})
    engine.OPTIONS = [{"name": "rounds", "label": "Rounds", "type": "int", "min": 1, "max": 1000, "default": 1}]
    engine.validate_options = lambda players, options: []

    def new_game(players, options, seed, *now):
        state = countdown_game.new_game(players, dict(options, rounds=1), seed, *now)
        state["turns_left"] = players * options.get("rounds", 1)
        return state

    engine.new_game = new_game
    return engine


MARATHON = GameSpec(key="marathon", name="Marathon (test game)", engine=_marathon_engine(), min_players=2, max_players=4,
                    bots={"first": countdown_game.first_bot})


@pytest.fixture
def marathon():
    registry.register(MARATHON)
    yield MARATHON
    registry.unregister(MARATHON.key)


def finished_match(game, players, options, seed, users=None, is_private=False):
    """A match played to its end by random choices on the pure engine, stored as the service stores one."""
    engine = registry.get_game(game).engine
    state = engine.new_game(players, options, seed, 0.0)
    rng = random.Random(seed)
    log, now = [], 1000.0
    while engine.result(state) is None:
        seat = rng.choice(engine.to_act(state))
        action = driver.random_bot(None, engine.legal_actions(state, seat), rng)
        now += 1.0
        state, _events = engine.apply(state, seat, action, now)
        log.append((seat, action, now))
    match = Match.objects.create(
        game=game, options=options, seed=seed, rules_version=engine.RULES_VERSION, players=players, state=state, version=len(log),
        status=Match.Status.FINISHED, result=engine.result(state), is_private=is_private,
    )
    users = users or [None] * players
    MatchSeat.objects.bulk_create(
        [MatchSeat(match=match, seat=i, user=u, bot="" if u else "random") for i, u in enumerate(users)]
    )
    ActionLog.objects.bulk_create(
        [ActionLog(match=match, seq=i, seat=s, action=a, server_time=t) for i, (s, a, t) in enumerate(log)],
        batch_size=2000,
    )
    return match, log


def test_frames_are_the_views_each_step_showed_the_chosen_seat(marathon):
    match, log = finished_match("marathon", 3, {"rounds": 3}, seed=4)
    engine = marathon.engine
    frames = replays.replay_frames(match, 1, 0, match.version)
    assert [f["version"] for f in frames] == list(range(match.version + 1))
    state = engine.new_game(3, {"rounds": 3}, 4, 0.0)
    assert frames[0]["view"] == engine.view(state, 1) and frames[0]["events"] == []
    for frame, (seat, action, at) in zip(frames[1:], log, strict=True):
        state, events = engine.apply(state, seat, action, at)
        assert frame["view"] == engine.view(state, 1)
        assert (frame["seat"], frame["action"], frame["server_time"]) == (seat, action, at)
        assert [e["code"] for e in frame["events"]] == [e["code"] for e in events if e["visible_to"] == "all" or 1 in e["visible_to"]]
        assert all(e["version"] == frame["version"] for e in frame["events"])


def test_a_seats_replay_hides_what_that_seat_did_not_see_then():
    match, _log = finished_match("alibaba_tiles", 3, {"variant": "standard"}, seed=8)
    shown = [f for f in replays.replay_frames(match, "all", 0, match.version)
             if any(e["code"] == "tile_shown" for e in f["events"])]
    assert shown, "the seeded match plays a yellow effect"
    frame = shown[0]
    shower = next(e["seat"] for e in frame["events"] if e["code"] == "tile_shown")
    other = next(s for s in range(3) if s != shower)
    for viewer in (shower, other, None):
        seen = replays.replay_frames(match, viewer, frame["version"], frame["version"])[0]
        private = [e for e in seen["events"] if e["code"] == "tile_shown"]
        assert len(private) == (1 if viewer == shower else 0), viewer
    # the omniscient replay sees the face-down tiles at the start; a seat does not
    first_all = replays.replay_frames(match, "all", 0, 0)[0]["view"]
    first_seat = replays.replay_frames(match, 0, 0, 0)[0]["view"]
    assert all(cell["tile"] for cell in first_all["board"])
    assert not all(cell["tile"] for cell in first_seat["board"])


def test_a_range_spanning_chunks_is_continuous_and_cached(marathon):
    match, _log = finished_match("marathon", 2, {"rounds": 40}, seed=2)
    assert match.version > 2 * replays.CHUNK
    frames = replays.replay_frames(match, "all", replays.CHUNK - 3, replays.CHUNK + 3)
    assert [f["version"] for f in frames] == list(range(replays.CHUNK - 3, replays.CHUNK + 4))
    # the same frames again, now from the cache, and the same when reached from another range
    assert replays.replay_frames(match, "all", replays.CHUNK - 3, replays.CHUNK + 3) == frames
    whole = replays.replay_frames(match, "all", 0, match.version)
    assert whole[replays.CHUNK - 3: replays.CHUNK + 4] == frames
    assert [f["version"] for f in whole] == list(range(match.version + 1))


def test_a_match_of_thousands_of_actions_opens_and_seeks_in_under_a_second(client, marathon):
    match, _log = finished_match("marathon", 4, {"rounds": 150}, seed=9)
    assert match.version >= 3000
    started = time.perf_counter()
    page = client.get(f"/matches/{match.pk}/replay/")
    first = client.get(f"/matches/{match.pk}/replay.json?seat=all")
    opened = time.perf_counter() - started
    assert page.status_code == 200 and first.status_code == 200
    data = first.json()
    assert data["steps"] == match.version and data["frames"][0]["version"] == 0
    started = time.perf_counter()
    end = client.get(f"/matches/{match.pk}/replay.json?seat=2&from={match.version - 5}&to={match.version}").json()
    seek = time.perf_counter() - started
    assert [f["version"] for f in end["frames"]] == list(range(match.version - 5, match.version + 1))
    assert end["frames"][-1]["view"]["totals"] == match.state["totals"]
    print(f"\nreplay of {match.version} actions: open {opened * 1000:.0f} ms, cold seek to the end {seek * 1000:.0f} ms")
    assert opened < 1.0 and seek < 1.0


def test_the_viewer_must_be_a_seat_of_the_match_spectator_or_all():
    assert replays.parse_viewer("all", 3) == "all"
    assert replays.parse_viewer("spectator", 3) is None
    assert replays.parse_viewer("2", 3) == 2
    for bad in ("3", "-1", "x", "1.5"):
        with pytest.raises(replays.BadViewer):
            replays.parse_viewer(bad, 3)


def test_a_real_match_replays_to_its_recorded_end_from_every_viewpoint():
    simulate("alibaba_tiles", matches=1, players=2, seed=6, bots=["random", "greedy"])
    match = Match.objects.get()
    for viewer in (0, 1, None, "all"):
        last = replays.replay_frames(match, viewer, match.version, match.version)[0]
        assert last["view"]["final"] == match.state["final"]


def test_a_private_match_may_be_watched_only_by_those_who_sat_in_it():
    sat, stranger = UserFactory(), UserFactory()
    match = services.create_match("countdown", [SeatSpec(user=sat), SeatSpec(bot="first")], {"clock": 0}, seed=1, is_private=True)
    assert replays.may_watch(match, sat)
    assert not replays.may_watch(match, stranger)


def test_each_frame_says_who_had_to_decide_then(marathon):
    match, log = finished_match("marathon", 3, {"rounds": 2}, seed=5)
    engine = marathon.engine
    frames = replays.replay_frames(match, 0, 0, match.version)
    state = engine.new_game(3, {"rounds": 2}, 5, 0.0)
    assert frames[0]["to_act"] == engine.to_act(state)
    for frame, (seat, action, at) in zip(frames[1:], log, strict=True):
        state, _events = engine.apply(state, seat, action, at)
        assert frame["to_act"] == ([] if engine.result(state) is not None else engine.to_act(state))
    assert frames[-1]["to_act"] == []


def test_the_event_index_lists_the_steps_of_each_kind_the_viewer_saw():
    match, _log = finished_match("alibaba_tiles", 3, {"variant": "standard"}, seed=8)
    for viewer in ("all", 1, None):
        frames = replays.replay_frames(match, viewer, 0, match.version)
        expected = {}
        for frame in frames:
            for code in dict.fromkeys(e["code"] for e in frame["events"]):
                expected.setdefault(code, []).append(frame["version"])
        assert replays.event_index(match, viewer) == expected, viewer
    # a seat's index leaves out the tiles others showed it never saw
    assert "tile_shown" in replays.event_index(match, "all")
    assert len(replays.event_index(match, None).get("tile_shown", [])) < len(replays.event_index(match, "all")["tile_shown"])


def test_the_event_index_is_served_for_the_chosen_viewer(client):
    match, _log = finished_match("alibaba_tiles", 2, {"variant": "standard"}, seed=3)
    data = client.get(f"/matches/{match.pk}/replay-events.json?seat=all").json()
    assert data["viewer"] == "all" and data["steps"] == match.version
    assert data["kinds"] == replays.event_index(match, "all")
    assert data["kinds"]["tile_taken"][0] >= 1
    assert client.get(f"/matches/{match.pk}/replay-events.json?seat=7").status_code == 400


def test_the_replay_page_has_the_players_controls_and_no_watching_badge(client):
    match, _log = finished_match("alibaba_tiles", 2, {"variant": "standard"}, seed=3)
    html = client.get(f"/matches/{match.pk}/replay/?seat=spectator").content.decode()
    for testid in ("replay-play", "replay-speed", "replay-move", "replay-event-kind", "replay-viewer"):
        assert f'data-testid="{testid}"' in html, testid
    assert f'data-events-url="/matches/{match.pk}/replay-events.json?seat=spectator"' in html
    assert 'data-testid="spectating"' not in html
    # the game names its kinds of events (EVENT_KINDS of its page strings, from the page's catalogue)
    kinds = "alibaba_tiles/static/alibaba_tiles/tiles_strings.js"
    assert "tiles_page.js" in html and page_strings(kinds, "EVENT_KINDS", "en")["tile_taken"] == "tile taken"
    french = client.get(f"/matches/{match.pk}/replay/?seat=spectator", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Vitesse" in french and "Aller au coup" in french and 'data-catalog="/jsi18n/?language=fr"' in french
    assert page_strings(kinds, "EVENT_KINDS", "fr")["tile_taken"] == "tuile prise"


def _cheered_match(version):
    """A finished two-player countdown_next match with one cheer, played and stored under rules ``version``."""
    engine = registry.get_game("countdown_next").engine
    options = {"rounds": 1, "started_at": 1000.0}
    log = [(1, {"type": "cheer"}, 1001.0), (0, {"type": "add", "n": 1}, 1002.0), (0, {"type": "bid", "n": 0}, 1003.0),
           (1, {"type": "bid", "n": 0}, 1004.0), (1, {"type": "add", "n": 1}, 1005.0), (0, {"type": "bid", "n": 0}, 1006.0),
           (1, {"type": "bid", "n": 0}, 1007.0)]
    state = engine.replay(2, dict(options, rules_version=version), 5, log, 1000.0)
    match = Match.objects.create(game="countdown_next", options=options, seed=5, rules_version=version, players=2,
                                 state=state, version=len(log), status=Match.Status.FINISHED, result=engine.result(state))
    MatchSeat.objects.bulk_create([MatchSeat(match=match, seat=i, bot="first") for i in range(2)])
    ActionLog.objects.bulk_create([ActionLog(match=match, seq=i, seat=s, action=a, server_time=t) for i, (s, a, t) in enumerate(log)])
    return match


@pytest.mark.parametrize("version, counted", [(1, 1), (2, 2)])
def test_a_match_replays_under_its_own_rules_version_not_the_engines_current_one(countdown_next, version, counted):
    # countdown_next plays version 2 (a cheer counts two); a match of version 1 keeps its rule: one
    match = _cheered_match(version)
    frames = replays.replay_frames(match, "all", 0, match.version)
    assert frames[1]["view"]["cheers"] == [counted, 0]
    assert frames[-1]["view"]["cheers"] == match.state["cheers"] == [counted, 0]
