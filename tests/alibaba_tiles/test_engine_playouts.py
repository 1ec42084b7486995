"""Random playouts: hidden information, replay, purity, robustness. No database."""
import json
import random

import pytest

from alibaba_tiles.bots import random_bot
from alibaba_tiles.engine import apply, deadline, legal_actions, new_game, replay, result, view
from alibaba_tiles.engine.derived import tile_data
from alibaba_tiles.engine.rules import EFFECT_COLOURS
from gamekit.events import for_seat

CONFIGS = [(2, "standard"), (3, "standard"), (4, "standard"), (2, "lamp"), (3, "lamp"), (4, "lamp"),
           (2, "equal"), (3, "equal"), (4, "equal"), (2, "small")]


def owing(s):
    if s["phase"] == "show":
        return [w for w, t in zip(s["window"], s["shown"], strict=True) if t is None]
    return [s["current"]]


def playout(players, variant, seed, clock=0, timeouts=0.0, on_step=None):
    """A random game; returns (final state, log).  ``timeouts``: chance that time acts instead."""
    options = {"variant": variant}
    if clock:
        options["clock"] = clock
        options["started_at"] = 100.0
    s = new_game(players, options, seed)
    rng = random.Random(seed * 7 + 1)
    log = []
    now = 100.0
    while not s["finished"]:
        dl = deadline(s)
        if dl and rng.random() < timeouts:
            now = max(now, dl[0])
            seat, action = None, dl[1]
        else:
            seat = rng.choice(owing(s))
            action = random_bot(view(s, seat), legal_actions(s, seat), rng)
            now += rng.random()
        before = s
        s, events = apply(s, seat, action, now)
        log.append((seat, action, now))
        if on_step:
            on_step(before, s, seat, action, events)
    return s, log


def _tile_ids(obj, out):
    """Every tile id found in tile-shaped dicts anywhere in obj."""
    if isinstance(obj, dict):
        if "id" in obj and "kind" in obj and "colour" in obj:
            out.add(obj["id"])
        for v in obj.values():
            _tile_ids(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _tile_ids(v, out)
    return out


def _keys(obj, out):
    if isinstance(obj, dict):
        for k, v in obj.items():
            out.add(k)
            _keys(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _keys(v, out)
    return out


def check_hidden(s, seen_public):
    """No view before the end reveals a face-down tile, a leftover, another seat's tiles or the seed."""
    if s["finished"]:
        return
    face_down = {t for p, t in s["board"].items() if p not in s["up"]}
    secret = face_down | set(s["leftover"])
    window_hidden = set()
    if s["phase"] == "show" and None in s["shown"]:
        window_hidden = {t for t in s["shown"] if t is not None}
    for seat in list(range(s["players"])) + [None]:
        v = view(s, seat)
        ids = _tile_ids(v, set())
        assert not ids & secret, (seat, ids & secret)
        others = set().union(*[set(h) for i, h in enumerate(s["hands"]) if i != seat])
        # another seat's tile may only appear if it became public (taken in view of all, or shown)
        assert not (ids & others) - seen_public, (seat, (ids & others) - seen_public)
        if window_hidden:
            # a shown tile stays hidden from the others until every opponent has shown
            for entry in v["shown"]:
                assert entry["seat"] == seat or entry["tile"] is None
        keys = _keys(v, set())
        assert "seed" not in keys and "leftover" not in keys and "hands" not in keys
        assert "draws" not in keys
        for cell in v["board"]:
            assert cell["face_up"] or cell["tile"] is None
        assert v["final"] is None


def test_hidden_information_over_many_random_playouts():
    for i in range(40):
        players, variant = CONFIGS[i % len(CONFIGS)]
        public = set()

        def on_step(before, after, seat, action, events, public=public):
            # what everybody at the table saw: tiles on the board face up, the bazaar, shown tiles
            public.update(after["board"][p] for p in after["up"])
            public.update(after["bazaar"])
            if after["phase"] == "choose":
                public.update(after["shown"])
            for e in events:
                _tile_ids(e, public)
            check_hidden(after, public)

        public.update(new_game(players, {"variant": variant}, i)["bazaar"])
        s, _ = playout(players, variant, 1000 + i, on_step=on_step)
        assert s["finished"]


def test_events_never_reveal_face_down_tiles_or_shown_tiles_early():
    def on_step(before, after, seat, action, events):
        secret = {t for p, t in after["board"].items() if p not in after["up"]} | set(after["leftover"])
        assert not _tile_ids(events, set()) & secret
        if after["phase"] == "show":
            for viewer in list(range(after["players"])) + [None]:
                ids = _tile_ids(for_seat(events, viewer, finished=False), set())
                hidden = {t for w, t in zip(after["window"], after["shown"], strict=True) if t is not None and w != viewer}
                assert not ids & hidden, (viewer, ids & hidden)
    for i in range(40):
        playout(3, "standard", 50 + i, on_step=on_step)


def test_a_shown_tile_is_told_to_its_owner_alone_until_everyone_has_shown():
    seen = []

    def on_step(before, after, seat, action, events):
        if action["type"] == "show":
            private = [e for e in events if e["code"] == "tile_shown"]
            assert [e["visible_to"] for e in private] == [[seat]]
            assert private[0]["tile"]["id"] == action["tile"]
            assert any(e["code"] == "tile_offered" and e["seat"] == seat and e["visible_to"] == "all" for e in events)
            if after["phase"] == "choose":
                revealed = {e["seat"]: e["tile"]["id"] for e in events if e["code"] == "tile_revealed"}
                assert revealed == dict(zip(after["window"], after["shown"], strict=True))
            seen.append(seat)
    for i in range(20):
        playout(3, "standard", 500 + i, on_step=on_step)
    assert seen


def test_events_are_codes_and_data_never_sentences():
    def on_step(before, after, seat, action, events):
        for e in events:
            assert isinstance(e["code"], str) and "text" not in e
            assert e["visible_to"] == "all" or isinstance(e["visible_to"], list)
            assert e["turn"] == before["turn"]
            json.dumps(e)
    for i, (players, variant) in enumerate(CONFIGS):
        playout(players, variant, 700 + i, clock=15, timeouts=0.2, on_step=on_step)


def test_view_after_the_end_shows_everything():
    s, _ = playout(3, "standard", 5)
    v = view(s, 1)
    assert v["finished"] and v["final"]["seed"] == 5 and len(v["final"]["leftover"]) == 6
    assert all(cell["tile"] is not None for cell in v["board"])
    assert sum(len(h) for h in v["final"]["hands"]) == sum(v["tile_counts"])


def test_replay_of_a_random_playout_equals_the_live_state():
    for i, (players, variant) in enumerate(CONFIGS):
        s, log = playout(players, variant, 300 + i, clock=20, timeouts=0.2)
        options = {"variant": variant, "clock": 20, "started_at": 100.0}
        again = replay(players, options, 300 + i, [list(x) for x in json.loads(json.dumps(log))])
        assert again == s
        assert json.loads(json.dumps(s)) == s


def test_apply_does_not_mutate_its_input():
    def on_step(before, after, seat, action, events):
        pass
    for i, (players, variant) in enumerate(CONFIGS):
        s = new_game(players, {"variant": variant, "clock": 10}, 77 + i)
        rng = random.Random(i)
        now = 0.0
        while not s["finished"]:
            snapshot = json.dumps(s, sort_keys=True)
            if rng.random() < 0.2:
                now = deadline(s)[0]
                seat, action = None, {"type": "timeout"}
            else:
                seat = rng.choice(owing(s))
                action = rng.choice(legal_actions(s, seat))
                now += 0.5
            s2, _ = apply(s, seat, action, now)
            assert json.dumps(s, sort_keys=True) == snapshot
            assert s2 is not s
            s = s2


def test_step_only_stays_when_a_seat_acts_inside_an_open_window():
    def on_step(before, after, seat, action, events):
        if action["type"] == "show" and after["phase"] == "show":
            assert after["step"] == before["step"]
        else:
            assert after["step"] > before["step"]
    for i in range(40):
        playout(4, "standard", 900 + i, on_step=on_step)


def test_every_legal_action_is_accepted():
    rng = random.Random(3)
    for i, (players, variant) in enumerate(CONFIGS):
        s = new_game(players, {"variant": variant}, i)
        for _ in range(30):
            if s["finished"]:
                break
            seat = owing(s)[0]
            legal = legal_actions(s, seat)
            assert legal
            for a in legal:
                apply(s, seat, a, 1.0)
            for other in range(players):
                if other not in owing(s):
                    assert legal_actions(s, other) == []
            s, _ = apply(s, seat, rng.choice(legal), 1.0)


@pytest.mark.slow  # over 5 s (make check leaves it to make test)
def test_a_thousand_random_playouts_end_without_error():
    for i in range(1000):
        players, variant = CONFIGS[i % len(CONFIGS)]
        clock = 15 if i % 3 == 0 else 0
        s, log = playout(players, variant, i, clock=clock, timeouts=0.1 if clock else 0.0)
        r = result(s)
        assert r is not None and len(r["ranks"]) == players and min(r["ranks"]) == 1
        total_tiles = sum(len(h) for h in s["hands"])
        tiles = tile_data(s["tileset"], EFFECT_COLOURS).tiles
        assert total_tiles + len(s["board"]) + len(s["leftover"]) + len(s["bazaar"]) == len(tiles) - sum(
            1 for t in tiles if t["kind"] in s["removed_kinds"])


@pytest.mark.slow  # over 5 s (make check leaves it to make test)
def test_a_state_reloaded_from_json_plays_on_like_the_live_one():
    """The server saves the state as JSON after every move: derived data must come back the same."""
    for i, (players, variant) in enumerate(CONFIGS):
        live, log = playout(players, variant, 600 + i)
        s = new_game(players, {"variant": variant}, 600 + i)
        for seat, action, now in log:
            s = json.loads(json.dumps(s))                     # fresh objects every move, as from the database
            for who in range(players):
                assert json.dumps(view(s, who)) == json.dumps(view(_live_at(players, variant, 600 + i, log, s), who))
            s, _ = apply(s, seat, action, now)
        assert s == live


def _live_at(players, variant, seed, log, target):
    """The live (never serialised) state at the same step as ``target``."""
    s = new_game(players, {"variant": variant}, seed)
    for seat, action, now in log:
        if s["step"] == target["step"] and s["shown"] == target["shown"]:
            break
        s, _ = apply(s, seat, action, now)
    return s


def test_saved_state_keeps_no_derived_geometry():
    for players, variant in CONFIGS:
        s = new_game(players, {"variant": variant}, 1)
        assert not {"geo", "tiles", "kinds", "colours"} & set(s)
        assert len(json.dumps(s)) < 6000


def test_a_state_read_again_shares_the_derived_data_of_an_equal_one_without_hashing_it(monkeypatch):
    """The site reads every state again from the database (new objects, same content): its geometry and tiles are
    found by equality with the contents seen last; a content changed in any way is not mistaken for them."""
    from alibaba_tiles.engine import derived

    s = new_game(3, {"variant": "standard"}, 5)
    geo, tiles = derived.geometry(s["layout"]), tile_data(s["tileset"], EFFECT_COLOURS)
    again = json.loads(json.dumps(s))

    def no_hash(obj):
        raise AssertionError("hashed a content seen last")

    with monkeypatch.context() as patch:
        patch.setattr(derived, "content_key", no_hash)
        assert derived.geometry(again["layout"]) is geo
        assert tile_data(again["tileset"], EFFECT_COLOURS) is tiles
    other = json.loads(json.dumps(s["layout"]))
    other["layers"] = other["layers"][:-1]
    assert derived.geometry(other) is not geo and derived.geometry(other)["covers"] != geo["covers"]


def test_a_state_saved_by_the_older_engine_still_plays():
    """Matches in progress were saved with "geo", "tiles", "kinds", "colours" inside the state."""
    s = new_game(3, {"variant": "standard"}, 4)
    td = tile_data(s["tileset"], EFFECT_COLOURS)
    old = json.loads(json.dumps(dict(s, tiles=td.tiles, kinds=td.kinds, colours=td.colours, geo={},
                                     tileset={"key": s["tileset"]["key"], "name": s["tileset"]["name"]})))
    for who in (0, 1, 2, None):
        assert json.dumps(view(old, who)) == json.dumps(view(s, who))
    rng = random.Random(4)
    now = 0.0
    while not s["finished"]:
        seat = owing(s)[0]
        assert legal_actions(old, seat) == legal_actions(s, seat)
        action = rng.choice(legal_actions(s, seat))
        now += 1.0
        s, _ = apply(s, seat, action, now)
        old, _ = apply(old, seat, action, now)
        old = json.loads(json.dumps(old))
    assert result(old) == result(s)
