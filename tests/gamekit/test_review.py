"""The match review (gamekit/review.py): each decision judged from its seat's view alone, reproducibly."""
import importlib
import random

import pytest

from gamekit import driver, ismcts, review
from tests.gamekit.test_ismcts import Race

GAMES = ("alibaba_tiles", "basra", "sidibaba")
FEW = 4  # playouts per candidate in these tests: the honesty test compares, it does not judge


def _game(name):
    engine = importlib.import_module(f"{name}.engine")
    bots = importlib.import_module(f"{name}.bots")
    return engine, bots


def _options(engine):
    return {option["name"]: option.get("default") for option in engine.OPTIONS}


def _played(name, players, seed):
    """A whole engine match of the game's instant default bot (its first), as the site would log it."""
    engine, bots = _game(name)
    first = next(iter(bots.BOTS.values()))
    return driver.play(engine, players, _options(engine), seed, [first] * players)


def _states_at(engine, players, options, seed, log, seqs):
    """The true state before each logged action of ``seqs`` (what the review must never read)."""
    state = engine.new_game(players, options, seed, 0.0)
    out = {}
    for seq, (seat, action, at) in enumerate(log):
        if seq in seqs:
            out[seq] = state
        state, _events = engine.apply(state, seat, action, at)
    return out


def _race_review(count, taken, seed="s", playouts=FEW):
    state = Race.new(count)
    decision = review.Decision(0, 0, Race.view(state, 0), Race.legal_actions(state, 0), [], taken)
    config = ismcts.SearchConfig()
    return review.review_decision(Race, Race.sample_state, config, decision, seed, 2, playouts, review.DEFAULT_THRESHOLDS)


def test_a_move_that_hands_the_other_seat_the_race_is_marked_a_blunder():
    """A constructed position: at 8, adding 2 wins at once and adding 1 lets the other seat win."""
    reviewed = _race_review(8, {"type": "add", "n": 1}, playouts=16)
    assert reviewed["best"] == {"type": "add", "n": 2}
    assert reviewed["best_value"] == 1.0 and reviewed["taken_value"] == 0.0
    assert reviewed["loss"] == 1.0 and reviewed["mark"] == "blunder"
    # and says to whom: the other seat's expected result rose by the whole win
    assert reviewed["gave"] == {"seats": [1], "gain": 1.0}


def test_the_best_move_loses_nothing_and_is_not_marked():
    reviewed = _race_review(8, {"type": "add", "n": 2}, playouts=16)
    assert reviewed["loss"] == 0.0 and reviewed["mark"] is None and "gave" not in reviewed
    assert [row["action"]["n"] for row in reviewed["candidates"]] == [1, 2]


@pytest.mark.parametrize("loss,mark", [(0.0, None), (0.049, None), (0.05, "inaccuracy"), (0.1, "mistake"),
                                       (0.19, "mistake"), (0.2, "blunder"), (None, None)])
def test_a_loss_is_marked_by_the_games_thresholds(loss, mark):
    assert review.classify(loss, review.Thresholds(0.05, 0.1, 0.2)) == mark


def test_every_game_has_thresholds_from_inaccuracy_to_blunder():
    for game in GAMES:
        limits = review.thresholds_for(game)
        assert 0 < limits.inaccuracy < limits.mistake < limits.blunder < 1


def test_the_search_decides_the_same_with_or_without_its_statistics_asked_for():
    """Exposing the root's statistics changes nothing the bots decide (tree and flat search)."""
    for flat in (False, True):
        config = ismcts.SearchConfig(iterations=60, cpu_seconds=None, flat=flat)
        state = Race.new(5)
        args = (Race, Race.sample_state, Race.view(state, 0), Race.legal_actions(state, 0), 0)
        stats = {}
        plain = ismcts.search(*args, random.Random(3), config, 2)
        asked = ismcts.search(*args, random.Random(3), config, 2, stats=stats)
        assert plain == asked
        assert sum(row["visits"] for row in stats["actions"]) >= 59
        assert all(0.0 <= row["mean"] <= 1.0 for row in stats["actions"] if row["mean"] is not None)


def test_the_walk_yields_each_decision_of_its_seat_with_what_that_seat_had_seen():
    played = _played("basra", 3, 11)
    engine, _bots = _game("basra")
    walked = list(review.decisions(engine, 3, _options(engine), 11, 0.0, played.log, 1))
    assert walked and all(d.seat == 1 for d in walked)
    for decision in walked[:5]:
        actor, action, _at = played.log[decision.seq]
        assert actor == 1 and action == decision.taken
        assert len(ismcts.candidates(decision.legal, 1)) > 1
        assert decision.view["viewer"] == 1
        assert all("visible_to" not in event for event in decision.seen)
    assert [d.seq for d in walked] == sorted({d.seq for d in walked})


def test_a_timed_out_default_is_not_the_seats_decision():
    """An action time played for a seat (logged right after time's own, at the same moment) is skipped."""
    class Once(Race):
        pass
    log = [(None, {"type": "tick"}, 5.0), (0, {"type": "add", "n": 1}, 5.0), (1, {"type": "add", "n": 1}, 6.0)]

    def apply(state, seat, action, now):
        if seat is None:
            return state, []
        return Race.apply(state, seat, action, now)
    Once.apply = staticmethod(apply)
    Once.new_game = staticmethod(lambda players, options, seed, now: Race.new(0))
    assert [d.seq for d in review.decisions(Once, 2, {}, 0, 0.0, log, 0)] == []
    assert [d.seq for d in review.decisions(Once, 2, {}, 0, 0.0, log, 1)] == [2]


@pytest.mark.parametrize("game", GAMES)
def test_a_review_is_reproducible_for_its_seed(game):
    engine, bots = _game(game)
    players = 3
    played = _played(game, players, 21)
    walked = list(review.decisions(engine, players, _options(engine), 21, 0.0, played.log, 1))[:6]
    first = review.review_seat(engine, engine.sample_state, bots.REVIEW_CONFIG, walked, "seed-a", players, game, FEW)
    again = review.review_seat(engine, engine.sample_state, bots.REVIEW_CONFIG, walked, "seed-a", players, game, FEW)
    assert review.canonical(first) == review.canonical(again)
    assert len(first["decisions"]) == len(walked)


# Reviewed decisions the honesty test checks per seat (each against every secret variant of its true state).
HONESTY_DECISIONS = 3


@pytest.mark.parametrize("game", GAMES)
def test_a_review_is_byte_identical_when_what_its_seat_could_not_know_changes(game):
    """Honesty, metamorphic, for every game: at reviewed decisions of a recorded match, the true state is
    changed in what the seat could not know (another hand, the face-down tiles, a pack's or the deck's order,
    the maze beyond sight: the game's ``secret_variants``, which keep the seat's view and legal actions), and
    the review made from the changed table is the same text, byte for byte."""
    engine, bots = _game(game)
    invariants = importlib.import_module(f"tests.{game}.invariants")
    players = 3
    played = _played(game, players, 31)
    options = _options(engine)
    compared = 0
    for seat in range(players):
        walked = list(review.decisions(engine, players, options, 31, 0.0, played.log, seat))
        states = _states_at(engine, players, options, 31, played.log, {d.seq for d in walked})
        reviewed = 0
        for decision in walked:
            if reviewed >= HONESTY_DECISIONS:
                break
            truth = review.review_decision(engine, engine.sample_state, bots.REVIEW_CONFIG, decision, "h", players, FEW)
            if "skipped" in truth:
                continue
            reviewed += 1
            for variant in invariants.secret_variants(states[decision.seq], seat, random.Random(decision.seq)):
                changed = review.Decision(decision.seq, seat, engine.view(variant, seat),
                                          engine.legal_actions(variant, seat), decision.seen, decision.taken)
                other = review.review_decision(engine, engine.sample_state, bots.REVIEW_CONFIG, changed, "h",
                                               players, FEW)
                assert review.canonical(other) == review.canonical(truth), f"seat {seat}, decision {decision.seq}"
                compared += 1
    assert compared, "no decision was compared"


def test_a_games_share_of_the_playouts_keeps_a_floor():
    assert review.playouts_for("basra", 48) == 48
    assert review.playouts_for("sidibaba", 48) == 12
    assert review.playouts_for("sidibaba", 4) == 4 and review.playouts_for("sidibaba", 2) == 2


def test_the_seat_that_gained_most_from_the_action_taken_is_named():
    """Seat 0 took "a" where "b" was better: of the other two, seat 2 gained the most from it."""
    gave = review.gained_by_others([0.2, 0.35, 0.45], [0.5, 0.3, 0.2], 0)
    assert gave == {"seats": [2], "gain": 0.25}


def test_seats_that_share_a_result_are_named_together():
    """Sidi Baba's Adventurers share the escape odds (the richest a little more in a won playout): the Leader's
    mistake gave each of them about the same, and both are named; a seat a point or more behind is not."""
    gave = review.gained_by_others([0.6, 0.4, 0.405], [0.8, 0.2, 0.2], 0)
    assert gave == {"seats": [1, 2], "gain": 0.205}
    gave = review.gained_by_others([0.6, 0.4, 0.42, 0.3], [0.8, 0.2, 0.2, 0.2], 0)
    assert gave == {"seats": [2], "gain": 0.22}


def test_a_gain_within_the_noise_names_nobody():
    assert review.gained_by_others([0.45, 0.505, 0.5], [0.5, 0.5, 0.5], 0) is None
    assert review.gained_by_others(None, None, 0) is None


def _sidibaba_decisions(seeds, seats, wanted, players=4):
    """(seed, decision, the true state before it) for each decision that ``wanted`` keeps, of ``seats``, in
    Explorer matches of ``seeds``: the state is what a review must never read, which the honesty checks vary."""
    engine, _bots = _game("sidibaba")
    for seed in seeds:
        played = _played("sidibaba", players, seed)
        for seat in seats:
            walked = [d for d in review.decisions(engine, players, _options(engine), seed, 0.0, played.log, seat)
                      if wanted(d)]
            states = _states_at(engine, players, _options(engine), seed, played.log, {d.seq for d in walked})
            for decision in walked:
                yield seed, decision, states[decision.seq]


def _honest_sidibaba_review(decision, state, seed, players=4):
    """A Sidi Baba decision's review (``FEW`` playouts a candidate), checked to be the same text byte for byte
    when what its seat could not know is other (the game's secret variants of the true state ``state``)."""
    from tests.sidibaba import invariants

    engine, bots = _game("sidibaba")
    judged = review.review_decision(engine, engine.sample_state, bots.REVIEW_CONFIG, decision, "s", players, FEW)
    for variant in invariants.secret_variants(state, decision.seat, random.Random(seed)):
        changed = review.Decision(decision.seq, decision.seat, engine.view(variant, decision.seat),
                                  engine.legal_actions(variant, decision.seat), decision.seen, decision.taken)
        assert review.canonical(review.review_decision(
            engine, engine.sample_state, bots.REVIEW_CONFIG, changed, "s", players, FEW)) == review.canonical(judged)
    return judged


def _pending_kind(decision):
    return (decision.view.get("pending") or {}).get("kind")


def test_a_sidi_baba_sharing_is_judged_the_richer_jewel_the_better_take_and_the_same_from_any_hidden_table():
    """A sharing (which token an Adventurer takes) is sampled and judged: of two jewels on the table, the one
    worth less to the taker's fortune loses value against the richer one; and the review is the same text
    when the bag, the other stashes or a face-down genie on the table are other."""
    from sidibaba.engine.tokens import fortune

    engine, bots = _game("sidibaba")
    checked = 0
    for seed, decision, state in _sidibaba_decisions(range(60, 70), range(1, 4), lambda d: d.taken["type"] == "take"):
        table = decision.view["pending"]["table"]
        jewels = [(fortune([face]), slot) for slot, face in enumerate(table)
                  if face not in (None, "genie") and fortune([face]) > 0]
        if len({worth for worth, _slot in jewels}) < 2:
            continue
        poorer, richer = min(jewels)[1], max(jewels)[1]
        judged = {}
        for slot in (poorer, richer):
            asked = review.Decision(decision.seq, decision.seat, decision.view, decision.legal, decision.seen,
                                    {"type": "take", "slot": slot})
            judged[slot] = review.review_decision(engine, engine.sample_state, bots.REVIEW_CONFIG, asked, "s", 4, FEW)
            assert "skipped" not in judged[slot]
        assert judged[poorer]["taken_value"] < judged[richer]["taken_value"]
        assert judged[poorer]["loss"] > 0
        _honest_sidibaba_review(decision, state, seed)
        checked += 1
        if checked >= 2:
            return
    pytest.fail(f"only {checked} sharings with two jewels of different worth in the matches")


def _steal_groups(legal):
    return sum(len(a["kind"]["one_of"]) for a in legal if a["type"] == "steal")


def test_a_sidi_baba_theft_with_one_group_to_take_is_no_choice_to_judge():
    engine, bots = _game("sidibaba")
    for seed in range(0, 40):
        played = _played("sidibaba", 4, seed)
        for decision in review.decisions(engine, 4, _options(engine), seed, 0.0, played.log, 0):
            if decision.taken["type"] == "steal" and _steal_groups(decision.legal) == 1:
                judged = review.review_decision(engine, engine.sample_state, bots.REVIEW_CONFIG, decision, "s", 4, FEW)
                assert judged == {"seq": decision.seq, "taken": decision.taken, "skipped": "single"}
                return
    pytest.fail("no theft of one group in the matches")


def test_a_sidi_baba_theft_is_judged_for_the_leader_and_the_same_from_any_hidden_stash():
    """The Leader's theft (a jewel or a genie from the Adventurer robbed) is sampled and judged, both groups
    weighed; the review is the same text when the Adventurers' tokens, the bag or what a Merchant's theft
    took so far are other."""
    checked = 0
    for seed, decision, state in _sidibaba_decisions(
            range(0, 40), [0], lambda d: d.taken["type"] == "steal" and _steal_groups(d.legal) == 2):
        judged = _honest_sidibaba_review(decision, state, seed)
        assert "skipped" not in judged
        assert sorted(row["action"]["kind"] for row in judged["candidates"]) == ["genie", "jewel"]
        checked += 1
        if checked >= 3:
            return
    pytest.fail(f"only {checked} thefts with a choice in the matches")


def test_a_sidi_baba_lamp_vote_is_judged_every_holder_weighed_and_the_same_from_any_hidden_stash():
    """An Adventurer's vote on whose unlit lamp goes is sampled and judged, each holder's lamp a candidate; the
    lamps are the group's one clock, so whose lamp goes leaves the group's odds as they were and none is
    marked against another; and the review is the same text when the stashes, the bag or the maze beyond
    sight are other."""
    inaccuracy = review.thresholds_for("sidibaba").inaccuracy
    checked = 0
    for seed, decision, state in _sidibaba_decisions(range(0, 20), range(1, 4),
                                                     lambda d: d.taken["type"] == "discard_lamp"):
        judged = _honest_sidibaba_review(decision, state, seed)
        assert "skipped" not in judged
        holders = next(a["owner"]["one_of"] for a in decision.legal if a["type"] == "discard_lamp")
        lamps = {row["action"]["owner"]: row["value"] for row in judged["candidates"]
                 if row["action"]["type"] == "discard_lamp"}
        assert sorted(lamps) == sorted(holders)
        assert max(lamps.values()) - min(lamps.values()) < inaccuracy
        checked += 1
        if checked >= 3:
            return
    pytest.fail(f"only {checked} lamp votes in the matches")


def test_a_sidi_baba_chest_window_is_judged_for_the_leader_and_the_same_from_any_hidden_stash():
    """The Leader's window before a closed chest or the Treasure opens is sampled and judged, passing weighed
    beside the cards (the search bots play it as the Explorer: the review alone searches it); the review is
    the same text when the Adventurers' tokens or the bag are other."""
    checked = 0
    for seed, decision, state in _sidibaba_decisions(range(0, 30), [0], lambda d: _pending_kind(d) == "chest_window"):
        judged = _honest_sidibaba_review(decision, state, seed)
        assert "skipped" not in judged
        weighed = [row["action"]["type"] for row in judged["candidates"]]
        assert "pass" in weighed and "play_event" in weighed
        checked += 1
        if checked >= 3:
            return
    pytest.fail(f"only {checked} chest windows in the matches")


def test_a_sidi_baba_setup_is_judged_for_either_role_and_the_same_from_any_hidden_placement():
    """The setup is sampled and judged: the Leader's maze, Treasure and entrance among the choices the search
    bots rehearse (every maze, the squares farthest from the openings, every entrance), its chests; an
    Adventurer's character among the characters left, and "Open Sesame" is no choice. The review is the same
    text when the bag, the deck, the stashes or (for an Adventurer) the Leader's placements are other."""
    judged_types, first = set(), {}
    for seed, decision, state in _sidibaba_decisions([0], range(4), lambda d: d.view["phase"] == "setup"):
        first.setdefault(decision.taken["type"], (seed, decision, state))  # one of each kind: a review is slow
    for kind, (seed, decision, state) in first.items():
        judged = _honest_sidibaba_review(decision, state, seed)
        if kind == "open_sesame":
            assert judged["skipped"] == "single"
            continue
        assert "skipped" not in judged, (kind, judged)
        judged_types.add(kind)
        weighed = [row["action"] for row in judged["candidates"]]
        assert {a["type"] for a in weighed} == {kind}
        for every, field in (("choose_maze", "maze"), ("choose_entrance", "opening"), ("choose_character", "character")):
            if kind == every:
                offered = next(a for a in decision.legal if a["type"] == kind)[field]["one_of"]
                assert sorted(a[field] for a in weighed) == sorted(offered)
    assert judged_types == {"choose_maze", "place_treasure", "place_chest", "choose_entrance", "choose_character"}


@pytest.mark.parametrize("placed", [2, 8])
def test_a_sidi_baba_character_chosen_after_the_leaders_placements_is_the_same_wherever_they_are(placed):
    """An Adventurer choosing its character once the Leader has placed some (``placed`` of its 8 choices: the
    maze and the Treasure; or all, the setup ready) is judged, and the review is the same text whichever
    maze, squares and entrance the Leader chose (none of which it sees)."""
    from gamekit import domains
    from tests.sidibaba.helpers import act

    engine, bots = _game("sidibaba")
    state, rng = engine.new_game(4, _options(engine), 7, 0.0), random.Random(0)
    for _ in range(placed):
        state = act(state, 0, domains.fill(bots.explorer(engine.view(state, 0), engine.legal_actions(state, 0), rng), rng))
    view, legal = engine.view(state, 1), engine.legal_actions(state, 1)
    assert view["setup_ready"] is (placed == 8)
    decision = review.Decision(0, 1, view, legal, [], {"type": "choose_character", "character": "morgiana"})
    assert "skipped" not in _honest_sidibaba_review(decision, state, 7)


def test_a_sidi_baba_genie_offer_is_judged_and_the_same_from_any_hidden_stash():
    """The Adventurers' offer to a genie one of them asked is sampled (the others' offers drawn as the events
    tell their worth) and judged: confirming weighed beside offering jewels; the review is the same text when
    the stashes, the bag or the maze beyond sight are other."""
    checked = 0
    for seed, decision, state in _sidibaba_decisions(range(0, 40), range(1, 4),
                                                     lambda d: _pending_kind(d) == "genie_offer"):
        judged = _honest_sidibaba_review(decision, state, seed)
        if judged.get("skipped") == "single":  # a user with no jewel to offer: confirming is no choice
            continue
        assert "skipped" not in judged
        assert {row["action"]["type"] for row in judged["candidates"]} == {"confirm", "offer"}
        checked += 1
        if checked >= 2:
            return
    pytest.fail(f"only {checked} genie offers with a choice in the matches")


def test_a_sidi_baba_padlocks_tokens_handed_out_are_judged_and_the_same_from_any_hidden_stash():
    """The Adventurer who opened a padlock hands its tokens out one by one, which token to whom: judged among
    the slots and seats left; the review is the same text when the others' stashes or the bag are other."""
    checked = 0
    # the Explorer's five-player match of seed 31 opens a padlock (a rare card: none in four players' seeds 0-39)
    for seed, decision, state in _sidibaba_decisions([31], range(1, 5), lambda d: d.taken["type"] == "give_token",
                                                     players=5):
        judged = _honest_sidibaba_review(decision, state, seed, players=5)
        if judged.get("skipped") == "single":  # the last token to the last seat: no choice
            continue
        assert "skipped" not in judged
        assert {row["action"]["type"] for row in judged["candidates"]} == {"give_token"}
        checked += 1
    assert checked >= 2, f"only {checked} padlock tokens handed out with a choice"


def test_a_sidi_baba_adventurer_is_not_told_to_propose_a_line_instead_of_voting():
    """Proposing a new line order is open beside every decision of play, no alternative to a move vote or a take:
    an Adventurer's vote is weighed against the other votes (and a genie), never against a proposal; a take of the
    one token left on the table is no choice, even though a proposal could be made beside it."""
    engine, bots = _game("sidibaba")
    weighed, single_takes = set(), 0
    for _seed, decision, _state in _sidibaba_decisions([0], range(1, 4),
                                                       lambda d: d.taken["type"] in ("vote_move", "take")):
        assert any(a["type"] == "propose_line" for a in decision.legal)  # the side business is open
        roots = review.root_candidates(bots.REVIEW_CONFIG, decision.view, decision.legal, decision.taken)
        weighed |= {a["type"] for a in roots}
        if decision.taken["type"] == "take" and len(roots) == 1:
            assert review.review_decision(engine, engine.sample_state, bots.REVIEW_CONFIG, decision, "s", 4,
                                          FEW)["skipped"] == "single"
            single_takes += 1
    assert "vote_move" in weighed and "take" in weighed and "propose_line" not in weighed
    assert single_takes


def test_a_sidi_baba_genies_keep_is_judged_among_the_tokens_drawn_and_the_same_from_any_hidden_stash():
    """Keeping one of a genie's three tokens is a decision of its own, open beside the move vote: it is weighed
    among the tokens drawn (not against a vote), and the review is the same text when the other stashes, the
    bag or the maze beyond sight are other."""
    checked = 0
    for seed, decision, state in _sidibaba_decisions(range(0, 20), range(1, 4), lambda d: d.taken["type"] == "keep"):
        judged = _honest_sidibaba_review(decision, state, seed)
        assert "skipped" not in judged
        assert sorted(row["action"]["token"] for row in judged["candidates"]) == \
            sorted(t["id"] for t in decision.view["keep_choices"])
        checked += 1
        if checked >= 3:
            return
    pytest.fail(f"only {checked} genie keeps in the matches")


def test_a_sidi_baba_vote_cast_while_another_keeps_a_genies_draw_is_judged_and_the_same_whatever_was_drawn():
    """While an Adventurer keeps one of a genie's three tokens, the others see only how many it drew: their votes
    are judged on draws of their own making, and the review is the same text when what it drew is other."""
    def beside_a_draw(d):
        return d.taken["type"] == "vote_move" and any(n for s, n in enumerate(d.view["drawing"]) if s != d.seat)

    checked = 0
    for seed, decision, state in _sidibaba_decisions(range(0, 20), range(1, 4), beside_a_draw):
        assert "skipped" not in _honest_sidibaba_review(decision, state, seed)
        checked += 1
        if checked >= 2:
            return
    pytest.fail(f"only {checked} votes cast beside another's genie draw in the matches")


def test_a_sidi_baba_gift_to_scheherazade_is_judged_the_cheaper_jewel_no_worse_and_the_same_from_any_hidden_stash():
    """Giving Scheherazade a token (a roll of 1 to 4) is judged among the giver's tokens: a cheaper jewel given
    keeps more of the giver's fortune and is valued no lower than a dearer one; the review is the same text when
    the other stashes, the bag, or what she holds face down are other."""
    from sidibaba.engine.tokens import fortune

    checked = 0
    for seed, decision, state in _sidibaba_decisions(range(0, 40), range(1, 4), lambda d: d.taken["type"] == "give"):
        judged = _honest_sidibaba_review(decision, state, seed)
        assert "skipped" not in judged
        worth = {t["id"]: fortune([t["kind"]]) for t in decision.view["tokens"]}
        values = {row["action"]["token"]: row["value"] for row in judged["candidates"]}
        cheapest, dearest = min(values, key=worth.get), max(values, key=worth.get)
        assert values[cheapest] >= values[dearest]
        checked += 1
        if checked >= 3:
            return
    pytest.fail(f"only {checked} gifts to Scheherazade in the matches")
