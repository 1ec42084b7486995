"""Rules of Ali Baba's treasure cave: one test per rule and decision.

Specific situations are built by patching a fresh state (see ``rig``).
No database needed.
"""
import copy
import json

import pytest

from alibaba_tiles.engine import (
    OPTIONS,
    IllegalAction,
    apply,
    deadline,
    default_tiles,
    legal_actions,
    new_game,
    result,
    view,
)
from alibaba_tiles.engine.derived import geometry, tile_data
from alibaba_tiles.engine.rules import EFFECT_COLOURS
from alibaba_tiles.engine.scoring import ranks, set_points
from gamekit.events import for_seat

KINDS = ["carpet", "chest", "crown", "diamond", "lamp", "necklace", "ring", "ruby", "statue", "sword"]
COLOURS = ["pink", "blue", "brown", "green", "yellow", "white"]


def T(kind, colour):
    """The id of a tile of the default set."""
    tid = KINDS.index(kind) * 6 + COLOURS.index(colour)
    tile = default_tiles()["tiles"][tid]
    assert (tile["kind"], tile["colour"]) == (kind, colour)
    return tid


def rig(state, board, hands=None, current=0):
    """Put exactly ``board`` ({pos: tile id}) on the table; uncovered tiles face up."""
    s = copy.deepcopy(state)
    s["board"] = dict(board)
    cb = geometry(s["layout"])["covered_by"]
    s["up"] = {p: True for p in board if not any(q in board for q in cb[p])}
    s["down"] = len(board) - len(s["up"])
    used = set(board.values())
    if hands is not None:
        s["hands"] = [list(h) for h in hands]
        for h in hands:
            used.update(h)
    s["leftover"] = [t for t in s["leftover"] if t not in used]
    s["current"] = current
    s["phase"] = "take"
    return s


def skip_or_done(s, seat, now=1.0):
    if not s["finished"] and s["phase"] == "effect" and s["current"] == seat:
        s, _ = apply(s, seat, {"type": "effect", "use": False}, now)
    return s


def take(s, seat, pos, now=1.0):
    s, _ = apply(s, seat, {"type": "take", "pos": pos}, now)
    return s


def tiles_of(s):
    """The state's tile dicts (derived from its stored tile set)."""
    return tile_data(s["tileset"], EFFECT_COLOURS).tiles


def set_start(state, seat):
    """Patch a fresh state so that ``seat`` is the start player (the engine draws it from the seed)."""
    s = copy.deepcopy(state)
    s["start"] = s["current"] = seat
    return s


def fresh(players=2, variant="standard", seed=1, start=0, **opts):
    """A new game whose start player is fixed to ``start`` (seat 0 unless told)."""
    return set_start(new_game(players, dict(opts, variant=variant), seed), start)


# ---------------------------------------------------------------------------
# set-up

def test_standard_pyramid_has_54_tiles_six_unseen_leftovers_and_top_face_up():
    s = fresh(3)
    assert len(s["board"]) == 54 and len(s["leftover"]) == 6
    assert sorted(s["up"]) == ["3:0:0", "3:0:1", "3:1:0", "3:1:1"]
    assert s["down"] == 50
    assert sorted(list(s["board"].values()) + s["leftover"]) == list(range(60))


def test_upper_tile_covers_four_tiles_below():
    s = fresh()
    assert sorted(geometry(s["layout"])["covers"]["2:1:1"]) == sorted(["1:1:1", "1:2:1", "1:1:2", "1:2:2"])


def test_start_player_is_drawn_from_the_seed():
    starts = {}
    for seed in range(200):
        for players in (2, 3, 4):
            s = new_game(players, {}, seed)
            assert 0 <= s["start"] < players and s["current"] == s["start"]
            assert new_game(players, {}, seed)["start"] == s["start"]        # same seed, same start
            starts.setdefault(players, set()).add(s["start"])
    assert starts == {2: {0, 1}, 3: {0, 1, 2}, 4: {0, 1, 2, 3}}          # every seat starts sometimes


def test_start_player_is_drawn_with_the_draw_counter_and_after_the_deal():
    s = new_game(3, {}, 5)
    # the shuffle is draw 0, the start player draw 1: a seed deals the same cave whoever starts
    assert s["draws"] == 2
    import random
    assert s["start"] == random.Random("5:1").randrange(3)
    lamp = new_game(3, {"variant": "lamp"}, 5)
    assert lamp["draws"] == 3 and lamp["start"] == random.Random("5:2").randrange(3)


def test_start_player_moves_first_and_the_view_says_so():
    for seed in range(20):
        s = new_game(4, {}, seed)
        st = s["start"]
        v = view(s, None)
        assert v["start"] == st and v["current"] == st
        assert v["pending"] == [{"seat": st, "decision": "take", "effect": None}]
        assert legal_actions(s, st) and all(legal_actions(s, x) == [] for x in range(4) if x != st)


def test_fixed_start_player_helper():
    s = fresh(4)
    assert s["current"] == 0 and view(s, 2)["pending"] == [{"seat": 0, "decision": "take", "effect": None}]
    s = fresh(4, start=3)
    assert view(s, 2)["start"] == 3 and view(s, 2)["pending"][0]["seat"] == 3


def test_options_declare_the_variant_choice():
    assert OPTIONS[0]["name"] == "variant" and OPTIONS[0]["default"] == "standard"
    assert [c[0] for c in OPTIONS[0]["choices"]] == ["standard", "lamp", "equal", "small"]


def test_same_seed_same_game_other_seed_other_game():
    assert fresh(seed=5)["board"] == fresh(seed=5)["board"]
    assert fresh(seed=5)["board"] != fresh(seed=6)["board"]


# ---------------------------------------------------------------------------
# a turn

def test_take_moves_tile_behind_screen_and_flips_uncovered_tiles():
    s = fresh()
    s = rig(s, {"3:0:0": T("ring", "pink"), "2:0:0": T("ruby", "pink"), "2:1:1": T("sword", "pink"),
                "3:1:1": T("chest", "pink")})
    assert "2:0:0" not in s["up"]
    s2 = take(s, 0, "3:0:0")
    assert s2["hands"][0] == [T("ring", "pink")]
    assert "2:0:0" in s2["up"]          # uncovered -> flipped
    assert "2:1:1" not in s2["up"]      # still under 3:1:1
    assert view(s2, 1)["board"][0]["tile"] is not None


def test_pink_scores_five():
    s = rig(fresh(), {"3:0:0": T("ring", "pink"), "3:0:1": T("ruby", "blue")})
    s = take(s, 0, "3:0:0")
    s, ev = apply(s, 0, {"type": "effect", "use": True}, 2.0)
    assert s["scores"] == [5, 0]
    assert any(e["code"] == "effect_used" and e["colour"] == "pink" and e["points"] == 5 for e in ev)


def test_blue_scores_two_per_flipped_tile():
    board = {"3:0:0": T("carpet", "blue"), "3:1:1": T("ring", "pink")}
    for p in ("2:0:0", "2:0:1", "2:1:0", "2:1:1"):
        board[p] = T(KINDS[int(p[2]) * 2 + int(p[4])], "pink")
    s = rig(fresh(), board)
    # 2:0:0, 2:0:1 and 2:1:0 lie only under 3:0:0; 2:1:1 also lies under 3:1:1
    s = take(s, 0, "3:0:0")
    assert s["turn_info"]["flips"] == 3
    s, _ = apply(s, 0, {"type": "effect", "use": True}, 2.0)
    assert s["scores"][0] == 6


def test_blue_on_bottom_layer_scores_two():
    s = rig(fresh(), {"0:2:2": T("carpet", "blue"), "0:0:0": T("ring", "pink")})
    s = take(s, 0, "0:2:2")
    s, _ = apply(s, 0, {"type": "effect", "use": True}, 2.0)
    assert s["scores"][0] == 2


def test_blue_with_nothing_flipped_off_bottom_scores_zero():
    s = rig(fresh(), {"3:0:0": T("carpet", "blue"), "3:0:1": T("ring", "pink")})
    s = take(s, 0, "3:0:0")
    s, _ = apply(s, 0, {"type": "effect", "use": True}, 2.0)
    assert s["scores"][0] == 0


def test_brown_scores_two_per_tile_of_that_kind_including_this_one():
    s = rig(fresh(), {"3:0:0": T("sword", "brown"), "3:0:1": T("ring", "pink")},
            hands=[[T("sword", "pink"), T("sword", "blue"), T("ring", "blue")], []])
    s = take(s, 0, "3:0:0")
    s, _ = apply(s, 0, {"type": "effect", "use": True}, 2.0)
    assert s["scores"][0] == 6


def test_green_takes_adjacent_face_up_tile_without_effect():
    s = rig(fresh(), {"3:0:0": T("carpet", "green"), "3:0:1": T("ring", "pink"),
                      "3:1:1": T("ruby", "pink"), "2:0:0": T("crown", "pink")})
    s = take(s, 0, "3:0:0")
    assert "2:0:0" in s["up"]
    uses = [a for a in legal_actions(s, 0) if a.get("use")]
    # orthogonal neighbours in the same layer only: not the diagonal 3:1:1, not 2:0:0 below
    assert uses == [{"type": "effect", "use": True, "pos": "3:0:1"}]
    s, _ = apply(s, 0, uses[0], 2.0)
    assert s["hands"][0] == [T("carpet", "green"), T("ring", "pink")]
    assert s["scores"][0] == 0          # the pink ring's effect is not used
    assert s["current"] == 1 and s["phase"] == "take"


def test_green_flips_again_after_the_second_take():
    board = {"3:0:0": T("carpet", "green"), "3:0:1": T("ring", "pink"), "2:0:2": T("crown", "pink")}
    s = rig(fresh(), board)
    assert "2:0:2" not in s["up"]
    s = take(s, 0, "3:0:0")
    s, ev = apply(s, 0, {"type": "effect", "use": True, "pos": "3:0:1"}, 2.0)
    assert "2:0:2" in s["up"]
    assert any(e["code"] == "tiles_flipped" and e["positions"] == ["2:0:2"] for e in ev)


def test_green_without_adjacent_tile_is_skipped_automatically():
    s = rig(fresh(), {"3:0:0": T("carpet", "green"), "3:1:1": T("ring", "pink")})
    s = take(s, 0, "3:0:0")
    assert s["current"] == 1 and s["phase"] == "take"


def test_yellow_opponents_show_simultaneously_and_mover_chooses():
    hands = [[], [T("ring", "pink"), T("ruby", "blue")], [T("sword", "brown")]]
    s = rig(fresh(3), {"3:0:0": T("carpet", "yellow"), "3:1:1": T("ring", "blue")}, hands=hands)
    s = take(s, 0, "3:0:0")
    step0 = s["step"]
    s, _ = apply(s, 0, {"type": "effect", "use": True}, 2.0)
    assert s["phase"] == "show" and s["step"] == step0 + 1
    v = view(s, 0)
    assert [(p["seat"], p["decision"]) for p in v["pending"]] == [(1, "show"), (2, "show")]
    assert legal_actions(s, 0) == []
    assert legal_actions(s, 1) == [{"type": "show", "tile": T("ring", "pink")},
                                   {"type": "show", "tile": T("ruby", "blue")}]
    s, ev = apply(s, 1, {"type": "show", "tile": T("ruby", "blue")}, 3.0)
    assert s["step"] == step0 + 1                      # the window stays open: no new decision point
    # nobody but its owner learns the shown tile yet
    assert all("tile" not in e for e in for_seat(ev, 0, finished=False) + for_seat(ev, 2, finished=False))
    assert all("tile" not in e for e in for_seat(ev, None, finished=False))
    assert [e["tile"]["id"] for e in for_seat(ev, 1, finished=False) if "tile" in e] == [T("ruby", "blue")]
    assert view(s, 1)["shown"][0]["tile"]["id"] == T("ruby", "blue")   # own tile seen at once
    assert view(s, 2)["shown"][0]["tile"] is None and view(s, 2)["shown"][0]["shown"] is True
    assert view(s, 0)["shown"][0]["tile"] is None and view(s, None)["shown"][0]["tile"] is None
    with pytest.raises(IllegalAction):
        apply(s, 1, {"type": "show", "tile": T("ring", "pink")}, 3.5)
    s, _ = apply(s, 2, {"type": "show", "tile": T("sword", "brown")}, 4.0)
    assert s["phase"] == "choose" and s["step"] == step0 + 2
    v = view(s, 0)
    assert [e["tile"]["id"] for e in v["shown"]] == [T("ruby", "blue"), T("sword", "brown")]
    assert legal_actions(s, 0) == [{"type": "choose", "tile": T("ruby", "blue")},
                                   {"type": "choose", "tile": T("sword", "brown")}]
    s, _ = apply(s, 0, {"type": "choose", "tile": T("sword", "brown")}, 5.0)
    assert s["hands"][0] == [T("carpet", "yellow"), T("sword", "brown")]
    assert s["hands"][2] == [] and s["hands"][1] == [T("ring", "pink"), T("ruby", "blue")]
    assert s["scores"] == [0, 0, 0]                    # the chosen tile's effect is not used
    assert s["current"] == 1 and view(s, 1)["shown"] == []


def test_yellow_skips_opponents_without_tiles():
    hands = [[], [], [T("sword", "brown")], [T("ring", "pink")]]
    s = rig(fresh(4), {"3:0:0": T("carpet", "yellow"), "3:1:1": T("ring", "blue")}, hands=hands)
    s = take(s, 0, "3:0:0")
    s, _ = apply(s, 0, {"type": "effect", "use": True}, 2.0)
    assert s["window"] == [2, 3]


def test_yellow_without_any_opponent_tile_is_skipped_automatically():
    s = rig(fresh(3), {"3:0:0": T("carpet", "yellow"), "3:1:1": T("ring", "blue")})
    s = take(s, 0, "3:0:0")
    assert s["current"] == 1 and s["phase"] == "take"


def _white_game(players=3, restriction=None, extra=None):
    board = {"3:0:0": T("carpet", "white"), "3:0:1": T("ring", "pink"), "3:1:0": T("ring", "blue"),
             "3:1:1": T("ruby", "pink")}
    board.update(extra or {})
    s = rig(fresh(players), board)
    s = take(s, 0, "3:0:0")
    s, _ = apply(s, 0, dict({"type": "effect", "use": True}, **restriction), 2.0)
    return s


def test_white_restriction_forbids_the_named_kind_to_the_others_until_the_next_turn():
    s = _white_game(restriction={"kind": "ring"})
    assert view(s, 1)["restriction"] == {"by": 0, "kind": "ring"}
    assert legal_actions(s, 1) == [{"type": "take", "pos": "3:1:1"}]
    with pytest.raises(IllegalAction, match="ring"):
        apply(s, 1, {"type": "take", "pos": "3:0:1"}, 3.0)
    s = skip_or_done(take(s, 1, "3:1:1"), 1)
    assert s["current"] == 2
    # 3:1:1 gone: only rings are face up, seat 2 may take any of them
    assert {a["pos"] for a in legal_actions(s, 2)} >= {"3:0:1", "3:1:0"}


def test_the_view_lists_the_tiles_forbidden_to_its_viewer():
    s = _white_game(restriction={"kind": "ring"})
    assert view(s, 1)["forbidden"] == ["3:0:1", "3:1:0"]
    assert view(s, 2)["forbidden"] == ["3:0:1", "3:1:0"]
    assert view(s, 0)["forbidden"] == []           # the one who named it is not bound
    assert view(s, None)["forbidden"] == ["3:0:1", "3:1:0"]   # a spectator sees what binds the player to move


def test_the_view_forbids_nothing_when_the_restriction_would_leave_no_tile():
    board = {"3:0:0": T("carpet", "white"), "3:0:1": T("ring", "pink"), "3:1:0": T("ring", "blue")}
    s = rig(fresh(2), board)
    s = take(s, 0, "3:0:0")
    s, _ = apply(s, 0, {"type": "effect", "use": True, "kind": "ring"}, 2.0)
    assert view(s, 1)["restriction"] == {"by": 0, "kind": "ring"} and view(s, 1)["forbidden"] == []


def test_white_restriction_by_colour():
    s = _white_game(restriction={"colour": "pink"})
    assert view(s, 1)["restriction"] == {"by": 0, "colour": "pink"}
    assert legal_actions(s, 1) == [{"type": "take", "pos": "3:1:0"}]


def test_white_restriction_ends_at_the_players_next_turn():
    s = _white_game(players=2, restriction={"kind": "ring"},
                    extra={"2:2:2": T("statue", "pink"), "2:0:2": T("chest", "pink")})
    s = skip_or_done(take(s, 1, "3:1:1"), 1)
    assert s["current"] == 0 and s["restrictions"] == [] and view(s, 0)["restriction"] is None


def test_white_restriction_lifted_when_no_tile_left():
    board = {"3:0:0": T("carpet", "white"), "3:0:1": T("ring", "pink"), "3:1:0": T("ring", "blue")}
    s = rig(fresh(2), board)
    s = take(s, 0, "3:0:0")
    s, _ = apply(s, 0, {"type": "effect", "use": True, "kind": "ring"}, 2.0)
    assert [a["pos"] for a in legal_actions(s, 1)] == ["3:0:1", "3:1:0"]
    s = take(s, 1, "3:0:1")
    assert s["hands"][1] == [T("ring", "pink")]


def test_white_restriction_does_not_bind_the_player_who_named_it():
    s = _white_game(players=3, restriction={"kind": "ring"})
    s = skip_or_done(take(s, 1, "3:1:1"), 1)
    assert s["restrictions"] == [{"by": 0, "kind": "ring"}]
    assert s["restrictions"][0]["by"] == 0
    from alibaba_tiles.engine.rules import takeable
    assert takeable(s, 0) == ["3:0:1", "3:1:0"]


def test_white_offers_every_kind_and_colour():
    s = rig(fresh(), {"3:0:0": T("carpet", "white"), "3:1:1": T("ring", "blue")})
    s = take(s, 0, "3:0:0")
    uses = [a for a in legal_actions(s, 0) if a.get("use")]
    assert len(uses) == 16
    with pytest.raises(IllegalAction):
        apply(s, 0, {"type": "effect", "use": True, "kind": "ring", "colour": "blue"}, 2.0)
    with pytest.raises(IllegalAction):
        apply(s, 0, {"type": "effect", "use": True, "kind": "unicorn"}, 2.0)


def test_effect_is_optional():
    s = rig(fresh(), {"3:0:0": T("ring", "pink"), "3:0:1": T("ruby", "blue")})
    s = take(s, 0, "3:0:0")
    assert {"type": "effect", "use": False} in legal_actions(s, 0)
    s, _ = apply(s, 0, {"type": "effect", "use": False}, 2.0)
    assert s["scores"] == [0, 0] and s["current"] == 1


def test_effect_points_are_public_at_once():
    s = rig(fresh(), {"3:0:0": T("ring", "pink"), "3:0:1": T("ruby", "blue")})
    s, _ = apply(take(s, 0, "3:0:0"), 0, {"type": "effect", "use": True}, 2.0)
    assert view(s, 1)["scores"] == [5, 0] and view(s, None)["scores"] == [5, 0]


# ---------------------------------------------------------------------------
# the end

def _end_board():
    board = {"2:0:0": T("carpet", "pink"), "1:0:0": T("chest", "pink")}
    covered = {"0:0:0", "0:1:0", "0:0:1", "0:1:1"}
    free = [f"0:{r}:{c}" for r in range(5) for c in range(5) if f"0:{r}:{c}" not in covered]
    for i, p in enumerate(free):
        board[p] = T(KINDS[i % 10], COLOURS[(i // 10) + 1])
    return board


def test_end_round_completed_then_one_last_turn():
    s = rig(fresh(3), _end_board())
    assert s["down"] == 1
    s = skip_or_done(take(s, 0, "0:4:4"), 0)
    s = skip_or_done(take(s, 1, "2:0:0"), 1)          # seat 1 flips the last face-down tile
    assert s["final_round"]
    seats = []
    while not s["finished"]:
        seat = s["current"]
        seats.append(seat)
        s = skip_or_done(take(s, seat, legal_actions(s, seat)[0]["pos"]), seat)
    # the round is completed (seat 2), then everyone one last turn (0, 1, 2)
    assert seats == [2, 0, 1, 2]
    assert s["board"]                                   # tiles are left, the game is over anyway
    assert result(s) is not None


def test_end_round_is_completed_up_to_the_seat_before_a_drawn_start_player():
    # seat 2 starts: a round is 2, 0, 1; seat 0 flips the last tile, so seat 1 completes the round
    s = rig(fresh(3, start=2), _end_board(), current=2)
    s = skip_or_done(take(s, 2, "0:4:4"), 2)
    s = take(s, 0, "2:0:0")
    assert s["final_round"] and s["turns_left"] == 1 + 1 + 3     # this turn, seat 1, then 2, 0, 1
    s = skip_or_done(s, 0)
    assert view(s, None)["start"] == 2
    seats = []
    while not s["finished"]:
        seat = s["current"]
        seats.append(seat)
        s = skip_or_done(take(s, seat, legal_actions(s, seat)[0]["pos"]), seat)
    assert seats == [1, 2, 0, 1]


def test_last_tile_flipped_by_the_seat_before_the_start_player():
    # seat 1 starts in a 3-player game; seat 0 (last of the round) flips the last tile: one more full round
    s = rig(fresh(3, start=1), _end_board(), current=0)
    s = take(s, 0, "2:0:0")
    assert s["final_round"] and s["turns_left"] == 1 + 0 + 3     # this turn, then 1, 2, 0
    s = skip_or_done(s, 0)
    seats = []
    while not s["finished"]:
        seat = s["current"]
        seats.append(seat)
        s = skip_or_done(take(s, seat, legal_actions(s, seat)[0]["pos"]), seat)
    assert seats == [1, 2, 0]


def test_turns_left_counts_down_in_the_view():
    s = rig(fresh(2), _end_board())
    s = take(s, 0, "2:0:0")                            # start player flips the last tile
    v = view(s, 1)
    assert v["final_round"] and v["turns_left"] == 1 + 1 + 2
    s = skip_or_done(s, 0)
    assert view(s, 1)["turns_left"] == 3


def test_empty_board_ends_at_once():
    s = rig(fresh(3), {"0:0:0": T("ring", "white")})
    s = take(s, 0, "0:0:0")
    assert s["finished"] and result(s) is not None
    assert s["hands"][0] == [T("ring", "white")]


def test_empty_board_still_lets_the_mover_use_the_effect_of_the_last_tile():
    s = rig(fresh(3), {"0:0:0": T("ring", "pink")})
    s = take(s, 0, "0:0:0")
    assert not s["finished"] and s["phase"] == "effect"
    s, _ = apply(s, 0, {"type": "effect", "use": True}, 2.0)
    assert s["finished"] and s["scores"][0] == 5
    assert result(s)["scores"][0] == 5 + 1


def test_rule_text_example_scores_24():
    kinds = ["carpet"] * 4 + ["chest"] * 2 + ["crown"] * 3 + ["ruby", "statue"] + ["sword"] * 2
    assert set_points(kinds, [0, 1, 3, 6, 10, 15, 21]) == 24


def test_set_scores_1_3_6_10_15_21():
    assert [set_points(["ring"] * n, [0, 1, 3, 6, 10, 15, 21]) for n in range(7)] == [0, 1, 3, 6, 10, 15, 21]


def _finished_with(hands, scores, players=2):
    s = rig(fresh(players), {"0:0:0": T("lamp", "white")}, hands=hands + [[]] * (players - len(hands)))
    s["scores"] = list(scores)
    s = take(s, 0, "0:0:0")
    return s


def test_total_is_sets_plus_effect_points():
    s = _finished_with([[T("ring", "pink")], [T("ruby", "pink")]], [4, 0])
    # seat 0 also took the white lamp: 2 sets of 1 = 2, plus 4
    assert s["final"]["totals"] == [6, 1] and result(s) == {"ranks": [1, 2], "scores": [6, 1]}


def test_tie_goes_to_fewer_tiles():
    assert ranks([10, 10], [5, 4]) == [2, 1]
    # seat 0: lamp + ring + ruby = 3 points from 3 tiles; seat 1: 3 rings = 6 points... equalised below
    s = _finished_with([[T("ring", "pink")], [T("ruby", "pink"), T("ruby", "blue")]], [1, 0])
    # seat 0: 2 tiles (1+1) + 1 = 3, seat 1: 2 rubies = 3 -> tie on points and on tiles
    assert s["final"]["totals"] == [3, 3] and s["final"]["ranks"] == [1, 1]
    s = _finished_with([[T("ring", "pink")], [T("ruby", "pink"), T("ruby", "blue"), T("sword", "pink")]], [2, 0])
    # seat 0: 2 tiles -> 4 points; seat 1: 3 tiles -> 3 + 1 = 4 points: fewer tiles wins
    assert s["final"]["totals"] == [4, 4] and s["final"]["ranks"] == [1, 2]


def test_full_tie_shares_the_rank():
    assert ranks([7, 7, 3], [2, 2, 1]) == [1, 1, 3]


# ---------------------------------------------------------------------------
# variants

def test_lamp_variant_puts_six_other_tiles_in_the_bazaar_and_all_lamps_in_the_cave():
    s = fresh(3, "lamp", seed=4)
    tiles = tiles_of(s)
    assert len(s["bazaar"]) == 6 and all(tiles[t]["kind"] != "lamp" for t in s["bazaar"])
    assert sum(1 for t in s["board"].values() if tiles[t]["kind"] == "lamp") == 6
    assert len(s["board"]) == 54 and s["leftover"] == []
    assert [b["index"] for b in view(s, 1)["bazaar"]] == list(range(6))


def _lamp_state():
    s = fresh(2, "lamp", seed=4)
    baz = [T("ring", "pink"), T("ruby", "blue"), T("sword", "brown"), T("chest", "green"),
           T("crown", "yellow"), T("statue", "white")]
    s = rig(s, {"3:0:0": T("lamp", "blue"), "3:1:1": T("ring", "blue"), "2:0:0": T("carpet", "pink")})
    s["bazaar"] = baz
    return take(s, 0, "3:0:0")


def test_lamp_keep_uses_its_own_colour_effect():
    s = _lamp_state()
    assert s["phase"] == "lamp"
    assert legal_actions(s, 0) == [{"type": "lamp", "swap": None}] + [
        {"type": "lamp", "swap": i} for i in range(6)]
    s, _ = apply(s, 0, {"type": "lamp", "swap": None}, 2.0)
    assert s["phase"] == "effect" and view(s, 0)["pending"][0]["effect"] == "blue"
    s, _ = apply(s, 0, {"type": "effect", "use": True}, 3.0)
    assert s["scores"][0] == 2 and s["hands"][0] == [T("lamp", "blue")]


def test_lamp_swap_takes_the_bazaar_tile_and_its_effect():
    s = _lamp_state()
    s, _ = apply(s, 0, {"type": "lamp", "swap": 0}, 2.0)
    assert s["hands"][0] == [T("ring", "pink")]
    assert s["bazaar"][0] == T("lamp", "blue")
    assert view(s, 0)["pending"][0]["effect"] == "pink"
    s, _ = apply(s, 0, {"type": "effect", "use": True}, 3.0)
    assert s["scores"][0] == 5


def test_lamp_swap_to_blue_counts_the_flips_of_the_lamp_take():
    s = _lamp_state()
    s, _ = apply(s, 0, {"type": "lamp", "swap": 1}, 2.0)
    s, _ = apply(s, 0, {"type": "effect", "use": True}, 3.0)
    assert s["scores"][0] == 2        # 2:0:0 was flipped by taking the lamp


def test_lamp_from_green_effect_has_no_lamp_choice():
    s = fresh(2, "lamp", seed=4)
    s = rig(s, {"3:0:0": T("carpet", "green"), "3:0:1": T("lamp", "pink"), "3:1:1": T("ring", "blue")})
    s = take(s, 0, "3:0:0")
    s, _ = apply(s, 0, {"type": "effect", "use": True, "pos": "3:0:1"}, 2.0)
    assert s["current"] == 1 and s["phase"] == "take"


def test_lamp_in_standard_game_is_an_ordinary_tile():
    s = rig(fresh(2), {"3:0:0": T("lamp", "pink"), "3:1:1": T("ring", "blue")})
    s = take(s, 0, "3:0:0")
    assert s["phase"] == "effect"


def test_equal_variant_removes_one_kind_and_fills_the_pyramid_exactly():
    s = fresh(3, "equal", seed=9)
    assert len(s["removed_kinds"]) == 1
    kinds = {tiles_of(s)[t]["kind"] for t in s["board"].values()}
    assert len(s["board"]) == 54 and s["leftover"] == [] and s["removed_kinds"][0] not in kinds
    assert view(s, 0)["removed_kinds"] == s["removed_kinds"]


def test_small_cave_layout_and_three_kinds_removed():
    s = fresh(2, "small", seed=3)
    assert s["layout"]["key"] == "small"
    assert [(L["rows"], L["cols"]) for L in view(s, 0)["layout"]["layers"]] == [(4, 4), (4, 3), (3, 2), (2, 1)]
    assert len(s["board"]) == 36 and len(s["leftover"]) == 6 and len(s["removed_kinds"]) == 3
    assert sorted(geometry(s["layout"])["covers"]["1:2:1"]) == ["0:2:1", "0:2:2"]
    assert sorted(s["up"]) == ["3:0:0", "3:1:0"]
    kinds = {tiles_of(s)[t]["kind"] for t in list(s["board"].values()) + s["leftover"]}
    assert not kinds & set(s["removed_kinds"])


def test_smaller_cave_refused_for_three_players():
    from alibaba_tiles.engine import validate_options
    assert validate_options(3, {"variant": "small"}) == ["The smaller cave is for 2 players only."]
    assert validate_options(2, {"variant": "small"}) == []
    with pytest.raises(IllegalAction, match="smaller cave"):
        new_game(3, {"variant": "small"}, 1)


def test_invalid_options_are_refused():
    from alibaba_tiles.engine import validate_options
    assert validate_options(5, {}) and validate_options(1, {})
    assert validate_options(2, {"variant": "nope"})
    assert validate_options(2, {"clock": -3})
    assert validate_options(2, {"variant": "standard"}) == [] and validate_options(4, {}) == []
    with pytest.raises(IllegalAction):
        new_game(2, {"variant": "nope"}, 1)
    with pytest.raises(IllegalAction):
        new_game(5, {}, 1)


def test_options_layout_and_tiles_replace_the_defaults():
    from alibaba_tiles.engine import default_layouts
    small = [L for L in default_layouts() if L["key"] == "small"][0]
    tiles = {"key": "mini", "name": "Mini",
             "tiles": [{"kind": k, "colour": c} for k in KINDS[:7] for c in COLOURS]}
    s = new_game(3, {"layout": small, "tiles": tiles}, 2)
    assert len(s["board"]) == 36 and len(s["leftover"]) == 6 and len(tiles_of(s)) == 42
    too_few = {"key": "tiny", "name": "Tiny", "tiles": tiles["tiles"][:30]}
    from alibaba_tiles.engine import validate_options
    assert validate_options(2, {"layout": small, "tiles": too_few})


# ---------------------------------------------------------------------------
# time

def test_deadline_none_without_clock():
    assert deadline(fresh()) is None and deadline(fresh(clock=0)) is None


def test_deadline_is_decision_opening_plus_clock():
    s = fresh(clock=30, started_at=1000.0)
    assert deadline(s) == (1030.0, {"type": "timeout"})
    s = take(s, 0, legal_actions(s, 0)[0]["pos"], now=1012.5)
    if not s["finished"]:
        assert deadline(s) == (1042.5, {"type": "timeout"})
        assert view(s, 1)["deadline"] == 1042.5


def test_timeout_refused_before_the_deadline_and_from_players():
    s = fresh(clock=30, started_at=1000.0)
    with pytest.raises(IllegalAction):
        apply(s, None, {"type": "timeout"}, 1010.0)
    with pytest.raises(IllegalAction):
        apply(s, 0, {"type": "timeout"}, 1040.0)
    with pytest.raises(IllegalAction):
        apply(fresh(), None, {"type": "timeout"}, 1040.0)


def test_timeout_takes_first_legal_tile_then_skips_effect():
    s = rig(fresh(clock=10), {"3:0:0": T("ring", "pink"), "3:0:1": T("ruby", "pink")})
    s, _ = apply(s, None, {"type": "timeout"}, 10.0)
    assert s["hands"][0] == [T("ring", "pink")] and s["phase"] == "effect" and s["current"] == 0
    assert deadline(s)[0] == 20.0
    s, _ = apply(s, None, {"type": "timeout"}, 20.0)
    assert s["scores"] == [0, 0] and s["current"] == 1 and s["phase"] == "take"


def test_timeout_keeps_the_lamp():
    s = _lamp_state()
    s["clock"] = 5
    s, _ = apply(s, None, {"type": "timeout"}, s["opened_at"] + 5)
    assert s["hands"][0] == [T("lamp", "blue")] and s["phase"] == "effect"


def test_timeout_shows_first_tiles_then_chooses_the_first_shown():
    hands = [[], [T("ring", "pink"), T("ruby", "blue")], [T("sword", "brown"), T("crown", "pink")]]
    s = rig(fresh(3, clock=10), {"3:0:0": T("carpet", "yellow"), "3:1:1": T("ring", "blue")}, hands=hands)
    s = take(s, 0, "3:0:0", now=1.0)
    s, _ = apply(s, 0, {"type": "effect", "use": True}, 2.0)
    s, _ = apply(s, 2, {"type": "show", "tile": T("crown", "pink")}, 3.0)
    s, _ = apply(s, None, {"type": "timeout"}, 12.0)
    assert s["phase"] == "choose" and s["shown"] == [T("ring", "pink"), T("crown", "pink")]
    s, _ = apply(s, None, {"type": "timeout"}, 22.0)
    assert s["hands"][0] == [T("carpet", "yellow"), T("ring", "pink")] and s["current"] == 1


def test_timeouts_alone_finish_a_game():
    s = fresh(3, clock=5, seed=11)
    n = 0
    while not s["finished"]:
        at, action = deadline(s)
        s, _ = apply(s, None, action, at)
        n += 1
    assert n > 54 and result(s)


# ---------------------------------------------------------------------------
# step

def test_step_increments_on_each_new_decision_point():
    s = rig(fresh(), {"3:0:0": T("ring", "pink"), "3:0:1": T("ruby", "blue")})
    a = s["step"]
    s = take(s, 0, "3:0:0")
    assert s["step"] == a + 1
    s = skip_or_done(s, 0)
    assert s["step"] == a + 2 and view(s, 0)["step"] == s["step"]


# ---------------------------------------------------------------------------
# illegal actions

def _assert_illegal(s, seat, action, match=None):
    before = json.dumps(s, sort_keys=True)
    with pytest.raises(IllegalAction, match=match):
        apply(s, seat, action, 5.0)
    assert json.dumps(s, sort_keys=True) == before


def test_illegal_actions_raise_and_leave_the_state_unchanged():
    s = fresh(3)
    _assert_illegal(s, 1, {"type": "take", "pos": "3:0:0"}, "not your turn")
    _assert_illegal(s, 0, {"type": "take", "pos": "1:0:0"}, "covered")
    _assert_illegal(s, 7, {"type": "take", "pos": "3:0:0"}, "seat")
    _assert_illegal(s, "0", {"type": "take", "pos": "3:0:0"})
    _assert_illegal(s, 0, {"type": "dance"}, "Unknown")
    _assert_illegal(s, 0, {"type": "take", "pos": 5})
    _assert_illegal(s, 0, {"type": "take"})
    _assert_illegal(s, 0, {"type": "take", "pos": "9:9:9"})
    _assert_illegal(s, 0, "take")
    _assert_illegal(s, 0, {"type": "effect", "use": True})
    _assert_illegal(s, None, {"type": "take", "pos": "3:0:0"})
    s2 = skip_or_done(take(s, 0, "3:0:0"), 0)
    _assert_illegal(s2, 1, {"type": "take", "pos": "3:0:0"}, "already")


def test_face_down_tile_cannot_be_taken():
    s = rig(fresh(), {"2:0:0": T("ring", "pink"), "3:1:1": T("ruby", "pink"), "2:2:2": T("sword", "pink")})
    s["up"].pop("2:0:0")       # a face-down tile that nothing covers (cannot happen in play)
    s["down"] += 1
    _assert_illegal(s, 0, {"type": "take", "pos": "2:0:0"}, "face down")
    _assert_illegal(s, 0, {"type": "take", "pos": "2:2:2"}, "covered")


def test_malformed_effect_show_and_choose_fields():
    s = rig(fresh(), {"3:0:0": T("ring", "pink"), "3:0:1": T("ruby", "blue")})
    s = take(s, 0, "3:0:0")
    _assert_illegal(s, 0, {"type": "effect", "use": "yes"})
    _assert_illegal(s, 0, {"type": "effect"})
    _assert_illegal(s, 0, {"type": "take", "pos": "3:0:1"})
    hands = [[], [T("ring", "pink")], [T("sword", "brown")]]
    y = rig(fresh(3), {"3:0:0": T("carpet", "yellow"), "3:1:1": T("ring", "blue")}, hands=hands)
    y, _ = apply(take(y, 0, "3:0:0"), 0, {"type": "effect", "use": True}, 2.0)
    _assert_illegal(y, 1, {"type": "show", "tile": "x"})
    _assert_illegal(y, 1, {"type": "show", "tile": T("sword", "brown")})   # not one's own
    _assert_illegal(y, 0, {"type": "show", "tile": T("ring", "pink")})
    _assert_illegal(y, 0, {"type": "choose", "tile": T("ring", "pink")})
    y, _ = apply(y, 1, {"type": "show", "tile": T("ring", "pink")}, 3.0)
    y, _ = apply(y, 2, {"type": "show", "tile": T("sword", "brown")}, 3.0)
    _assert_illegal(y, 0, {"type": "choose", "tile": T("ring", "blue")})
    _assert_illegal(y, 1, {"type": "choose", "tile": T("ring", "pink")})
    lamp = _lamp_state()
    _assert_illegal(lamp, 0, {"type": "lamp", "swap": 6})
    _assert_illegal(lamp, 0, {"type": "lamp", "swap": "1"})
    _assert_illegal(lamp, 0, {"type": "lamp"})


def test_actions_after_the_end_are_refused():
    s = rig(fresh(2), {"0:0:0": T("ring", "white")})
    s = take(s, 0, "0:0:0")
    assert s["finished"] and legal_actions(s, 1) == [] and deadline(s) is None
    _assert_illegal(s, 1, {"type": "take", "pos": "0:0:0"}, "over")


# ---------------------------------------------------------------------------
# views

VIEW_KEYS = {"game", "seat", "players", "variant", "layout", "board", "bazaar", "current", "pending",
             "restriction", "scores", "tile_counts", "me", "shown", "forbidden", "final_round",
             "turns_left", "deadline", "finished", "final"}


def test_view_has_the_agreed_keys():
    s = fresh(3)
    for seat in (0, 1, None):
        v = view(s, seat)
        assert set(v) >= VIEW_KEYS
        assert v["game"] == "alibaba_tiles" and v["seat"] == seat and v["players"] == 3
        json.dumps(v)
    assert view(s, None)["me"] is None
    assert view(s, 0)["me"] == {"tiles": [], "sets": {}, "set_points": 0, "effect_points": 0}
    assert set(view(s, 0)["layout"]) >= {"key", "name", "layers"}
    assert {b["pos"] for b in view(s, 0)["board"] if b["face_up"]} == set(s["up"])


def test_taking_a_tile_is_an_event_for_everyone():
    s = rig(fresh(2), {"3:0:0": T("carpet", "blue"), "3:1:1": T("ring", "pink")})
    s, ev = apply(s, 0, {"type": "take", "pos": "3:0:0"}, 1.0)
    taken = ev[0]
    assert taken["code"] == "tile_taken" and taken["seat"] == 0 and taken["pos"] == "3:0:0"
    assert taken["tile"]["id"] == T("carpet", "blue") and taken["visible_to"] == "all"
    assert "recent" not in s and "recent" not in view(s, 1)


def test_the_view_says_which_tile_waits_for_its_effect():
    s = rig(fresh(2), {"3:0:0": T("carpet", "blue"), "3:1:1": T("ring", "pink")})
    s = take(s, 0, "3:0:0")
    turn = view(s, 1)["this_turn"]
    assert turn["tile"]["id"] == turn["effect_tile"]["id"] == T("carpet", "blue")


def test_the_omniscient_view_shows_every_tile_and_hand_at_any_moment():
    s = rig(fresh(2), {"3:0:0": T("carpet", "blue"), "2:0:0": T("ring", "pink")},
            hands=[[T("ruby", "pink")], [T("sword", "blue")]])
    v = view(s, "all")
    assert not v["finished"] and v["me"] is None and v["seat"] == "all"
    assert {b["pos"]: b["tile"]["id"] for b in v["board"]} == {"3:0:0": T("carpet", "blue"), "2:0:0": T("ring", "pink")}
    assert [b["face_up"] for b in v["board"] if b["pos"] == "2:0:0"] == [False]
    assert [[t["id"] for t in h] for h in v["hands"]] == [[T("ruby", "pink")], [T("sword", "blue")]]
    assert "hands" not in view(s, 0) and "hands" not in view(s, None)
    json.dumps(v)


def test_final_view_shows_everything():
    s = rig(fresh(2, seed=3), {"0:0:0": T("ring", "white")}, hands=[[T("ruby", "pink")], [T("sword", "blue")]])
    s = take(s, 0, "0:0:0")
    v = view(s, None)
    f = v["final"]
    assert v["finished"] and f["seed"] == 3
    assert [[t["id"] for t in h] for h in f["hands"]] == [[T("ruby", "pink"), T("ring", "white")],
                                                          [T("sword", "blue")]]
    assert len(f["leftover"]) == len(s["leftover"]) and f["leftover"]
    assert set(f) >= {"hands", "sets", "set_points", "effect_points", "totals", "tile_counts", "ranks",
                      "leftover", "seed"}


def test_a_deal_is_made_under_the_rules_version_asked_and_version_1_is_left_unwritten():
    import alibaba_tiles.engine as engine

    assert engine.RULES_VERSION == 1
    plain = new_game(2, {"variant": "small"}, 4, 0.0)
    assert new_game(2, {"variant": "small", "rules_version": 1}, 4, 0.0) == plain and "rules_version" not in plain
    assert engine.validate_options(2, {"rules_version": 2}) == ["Unknown rules version 2: this game plays versions 1 to 1."]
    with pytest.raises(IllegalAction, match="Unknown rules version"):
        new_game(2, {"rules_version": 0}, 4, 0.0)


def test_a_state_of_a_later_rules_version_says_so_in_every_view_and_a_sampled_state_keeps_it():
    import random

    import alibaba_tiles.engine as engine
    from gamekit import contract, domains

    state = contract.stamp_rules_version(new_game(3, {}, 4, 0.0), 2)
    for seat in (0, 1, 2, None, "all"):
        assert view(state, seat)["rules_version"] == 2
    assert engine.sample_state(view(state, 1), 1, random.Random(1))["rules_version"] == 2
    seat = engine.to_act(state)[0]
    action = domains.sample(legal_actions(state, seat)[0], random.Random(1))
    assert apply(state, seat, action, 1.0)[0]["rules_version"] == 2  # and it stays the match's
