"""sample_state: a whole state built from one seat's view and the events it was sent (the search bots)."""
import collections
import random

import pytest

from gamekit import driver, events as event_rules, ismcts
from gamekit.errors import CannotSample
from sidibaba import bots, engine
from sidibaba.engine.core import LEADER
from sidibaba.engine.sampling import searchable
from sidibaba.engine.tokens import group
from tests.sidibaba import invariants
from tests.sidibaba.helpers import move, set_up

LAMPS_60 = {"segment_seconds": 60}


def _explorer_match(players, seed):
    """The states of an Explorer match with the events each was reached by (replayed from its log)."""
    playout = driver.play(engine, players, LAMPS_60, seed, [bots.explorer] * players)
    state, events = engine.new_game(players, LAMPS_60, seed, 0.0), []
    for seat_acting, action, now in playout.log:
        yield state, events
        state, new = engine.apply(state, seat_acting, action, now)
        events = events + new


@pytest.mark.parametrize("players", [3, 4, 6])
def test_a_sampled_state_shows_either_role_its_own_view_and_keeps_its_legal_actions(players):
    rng, sampled_by_role = random.Random(players), collections.Counter()
    for step, (state, events) in enumerate(_explorer_match(players, 40 + players)):
        if step % 3:
            continue
        for seat in range(players):
            view = engine.view(state, seat)
            if not searchable(view):
                with pytest.raises(CannotSample):
                    engine.sample_state(view, seat, rng)
                continue
            sampled = engine.sample_state(view, seat, rng, event_rules.for_seat(events, seat, False))
            sampled_by_role["leader" if seat == LEADER else "adventurer"] += 1
            assert engine.view(sampled, seat) == view, f"step {step}, seat {seat}"
            assert engine.legal_actions(sampled, seat) == engine.legal_actions(state, seat), f"step {step}"
            assert invariants.conservation(sampled) == [], f"step {step}, seat {seat}"
    assert sampled_by_role["leader"] and sampled_by_role["adventurer"], dict(sampled_by_role)


def test_an_adventurer_sample_draws_the_maze_it_cannot_see_and_keeps_its_own_tokens():
    state = move(set_up(players=4, maze="vaults", seed=3), "E")
    seat = 2
    view = engine.view(state, seat)
    samples = [engine.sample_state(view, seat, random.Random(i)) for i in range(30)]
    assert all(engine.view(s, seat) == view for s in samples)
    assert len({(s["maze"]["key"], tuple(s["pos"])) for s in samples}) > 1  # the sight alone does not tell
    assert len({s["treasure_at"] for s in samples}) > 1
    assert all(s["hands"][seat] == state["hands"][seat] for s in samples)
    assert all([s["kinds"][t] for t in s["hands"][seat]] == [state["kinds"][t] for t in state["hands"][seat]]
               for s in samples)


def test_the_leader_sample_is_its_own_maze_and_draws_the_adventurers_tokens():
    state = move(set_up(players=4, seed=5), "E")
    view = engine.view(state, LEADER)
    sampled = engine.sample_state(view, LEADER, random.Random(1))
    for key in ("maze", "pos", "treasure_at", "chests", "entrance", "event_hand"):
        assert sampled[key] == state[key]
    assert [len(h) for h in sampled["hands"]] == [len(h) for h in state["hands"]]


def test_the_leaders_token_stays_out_after_a_meeting_as_the_leaders_events_tell():
    met = [{"code": "moved", "stepped": True, "visible_to": "all"}, {"code": "leader_met", "visible_to": "all"}]
    state = move(set_up(players=3, seed=2), "E")
    view = engine.view(state, LEADER)
    assert engine.sample_state(view, LEADER, random.Random(0), met)["leader_kept_out"] is True
    stepped_since = met + [{"code": "moved", "stepped": True, "visible_to": "all"}]
    assert engine.sample_state(view, LEADER, random.Random(0), stepped_since)["leader_kept_out"] is False


def test_a_view_with_business_pending_is_not_sampled_and_the_search_bot_plays_the_explorer_there():
    """Dice rolled for a padlock or a combination lock are not rebuilt (a roll is no choice)."""
    state, events = next((s, e) for s, e in _pending_steps("dice", 4, range(0, 40))
                         if s["pending"][0]["mode"] != "scheherazade")
    head = state["pending"][0]
    seat = head["order_line"][head["turn"] % len(head["order_line"])]
    view, legal = engine.view(state, seat), engine.legal_actions(state, seat)
    with pytest.raises(CannotSample):
        engine.sample_state(view, seat, random.Random(0), event_rules.for_seat(events, seat, False))
    bot = ismcts.with_budget(bots.BOTS["master"], iterations=5)
    assert bot(view, legal, random.Random(4)) == bots.navigator_bot(view, legal, random.Random(4))


def _setting_up(players, seeds):
    """(state, events) before each action of the setup in Explorer matches."""
    for seed in seeds:
        for state, events in _explorer_match(players, seed):
            if state["phase"] != "setup":
                break
            yield state, events


def test_the_setup_is_sampled_the_leader_keeping_its_placements_and_an_adventurer_imagining_them_once_made():
    """While setting up, the Leader's sample holds its own maze, Treasure, chests and entrance as far as it has
    placed them; an Adventurer sees only whether the Leader is done: until then its sample has no placements
    (the Leader's setup is still to play), after it a maze, an entrance, the Treasure and the chests drawn."""
    drawn = collections.Counter()
    for state, events in _setting_up(4, range(3)):
        for sampled in _samples(state, events, LEADER, 2):
            for key in ("maze", "treasure_at", "chests", "entrance", "pos", "event_hand"):
                assert sampled[key] == state[key]
        view = engine.view(state, 1)
        for sampled in _samples(state, events, 1, 3):
            if not view["setup_ready"]:
                assert (sampled["maze"], sampled["treasure_at"], sampled["chests"]) == (None, None, [])
                continue
            assert sampled["treasure_at"] not in sampled["chests"]
            assert len(sampled["chests"]) == engine.game_data()["chests"]
            drawn[(sampled["maze"]["key"], sampled["entrance"], sampled["treasure_at"])] += 1
    assert len(drawn) > 1, drawn


def test_the_search_bots_leader_places_its_chests_as_the_explorer_while_the_review_alone_searches_them():
    """The rehearsal settles the maze, the Treasure and the entrance; the chests, not rehearsed, stay the
    Explorer's (as when the setup could not be sampled and the bots' strength was measured)."""
    checked = 0
    for state, _events in _setting_up(4, range(2)):
        legal = engine.legal_actions(state, LEADER)
        if not any(a["type"] == "place_chest" for a in legal):
            continue
        view = engine.view(state, LEADER)
        bot = ismcts.with_budget(bots.BOTS["expert"], iterations=5)
        assert bot(view, legal, random.Random(3)) == bots.explorer(view, legal, random.Random(3))
        checked += 1
    assert checked >= 5


def test_an_adventurer_of_the_search_bots_walks_as_the_navigator_before_and_after_the_treasure_is_shared():
    state = move(set_up(players=4, seed=8), "E")
    seat = next(s for s in engine.to_act(state) if s != LEADER)
    for table in (state, dict(state, treasure_state="shared")):
        view, legal = engine.view(table, seat), engine.legal_actions(table, seat)
        assert bots.settled(view, legal, random.Random(1)) == bots.navigator_bot(view, legal, random.Random(1))
        assert bots.BOTS["expert"](view, legal, random.Random(1)) == bots.navigator_bot(view, legal, random.Random(1))
    assert bots.settled(engine.view(state, LEADER), engine.legal_actions(state, LEADER), random.Random(1)) is None


@pytest.mark.parametrize("players,seed", [(3, 73), (5, 80)])
def test_the_search_decides_the_same_when_what_its_seat_may_not_know_changes_for_both_roles(players, seed):
    """Metamorphic, on the Leader's windows (searched) and an Adventurer's lead votes (the navigator's): for an
    Adventurer the chests moved elsewhere in the maze, the bag and the other stashes changed; for the Leader
    the bag, the deck and the stashes."""
    bot = ismcts.with_budget(bots.BOTS["expert"], iterations=6)
    checked = collections.Counter()
    for step, (state, events) in enumerate(_explorer_match(players, seed)):
        for seat in engine.to_act(state):
            view = engine.view(state, seat)
            role = "leader" if seat == LEADER else "adventurer"
            if not searchable(view) or checked[role] >= 6 or len(engine.legal_actions(state, seat)) < 2:
                continue
            if role == "adventurer" and view["line"][0] != seat:
                continue
            seen = event_rules.for_seat(events, seat, False)
            chosen = driver.bot_action(engine, state, seat, bot, random.Random(step), seen=lambda seen=seen: seen)
            for variant in invariants.secret_variants(state, seat, random.Random(step)):
                assert driver.bot_action(engine, variant, seat, bot, random.Random(step), seen=lambda seen=seen: seen) == chosen
                checked[role] += 1
    assert checked["adventurer"] and checked["leader"], dict(checked)


def test_a_search_bot_answers_a_legal_move_for_the_group():
    state = move(set_up(players=4, seed=8), "E")
    state = dict(state, treasure_state="shared")  # the way out is what the Adventurers search
    seat = next(s for s in engine.to_act(state) if s != LEADER)
    bot = ismcts.with_budget(bots.BOTS["master"], iterations=10)
    action = driver.bot_action(engine, state, seat, bot, random.Random(2), seen=lambda: [])
    assert action["type"] in {"vote_move", "use_genie"}
    assert engine.apply(state, seat, action, 1.0)


def test_escape_odds_grow_with_the_lamps_left_and_fall_with_the_way_left():
    state = move(set_up(players=4, seed=8), "E")
    more = dict(state, lamps=[n + 2 if i else 0 for i, n in enumerate(state["lamps"])])
    assert bots.escape_odds(more, 1.0) > bots.escape_odds(state, 1.0)
    shared = dict(state, treasure_state="shared")  # the Treasure found: only the way out is left
    assert bots.escape_odds(shared, 1.0) > bots.escape_odds(state, 1.0)
    assert bots.values(dict(state, phase="over", winner="leader"))[0] == 1.0


def test_a_sampled_state_keeps_the_rules_version_its_view_says():
    from gamekit import contract

    for state, _events in _explorer_match(4, 44):
        state = contract.stamp_rules_version(dict(state), 2)
        view = engine.view(state, 1)
        if searchable(view):
            assert view["rules_version"] == 2
            assert engine.sample_state(view, 1, random.Random(1))["rules_version"] == 2
            return
    pytest.fail("no searchable view in the match")


def _samples(state, events, seat, count):
    """``count`` samples from ``seat``'s view of ``state``, each checked: it shows the same view, keeps the legal
    actions, and every token is in exactly one place."""
    view = engine.view(state, seat)
    assert searchable(view)
    seen = event_rules.for_seat(events, seat, False)
    for i in range(count):
        sampled = engine.sample_state(view, seat, random.Random(i), seen)
        assert engine.view(sampled, seat) == view
        assert engine.legal_actions(sampled, seat) == engine.legal_actions(state, seat)
        assert invariants.conservation(sampled) == []
        yield sampled


def _pending_steps(kind, players, seeds):
    """(state, events) at each step of Explorer matches where business of ``kind`` has begun at the head."""
    for seed in seeds:
        for state, events in _explorer_match(players, seed):
            head = state["pending"][0] if state["pending"] else None
            if head is not None and head["kind"] == kind and head.get("started"):
                yield state, events


def _sharings(players, seeds):
    """(state, events, taker) at each turn of a sharing in Explorer matches."""
    for state, events in _pending_steps("sharing", players, seeds):
        head = state["pending"][0]
        yield state, events, head["order_line"][head["turn"] % len(head["order_line"])]


def test_a_sharing_is_sampled_with_its_table_as_shown_and_a_face_down_genie_drawn_among_the_genies():
    """The table's jewels are the ones shown, a genie face down may be any genie the seat does not hold,
    the one taking is the same, and the tokens add up (every token in exactly one place)."""
    sampled_turns, genie_kinds = 0, set()
    for state, events, taker in _sharings(4, range(60, 66)):
        for seat in range(4):
            view = engine.view(state, seat)
            for sampled in _samples(state, events, seat, 4):
                table = sampled["pending"][0]["slots"]
                for face, token in zip(view["pending"]["table"], table, strict=True):
                    assert (token is None) == (face is None)
                    if face == "genie":
                        genie_kinds.add(sampled["kinds"][token])
                    elif face is not None:
                        assert sampled["kinds"][token] == face
        sampled_turns += 1
        assert taker in engine.to_act(state)
    assert sampled_turns >= 3
    assert len(genie_kinds) > 1  # what a genie face down is stays hidden


def test_the_search_takes_the_same_token_when_what_the_taker_may_not_know_changes():
    """Metamorphic, on the sharing: the bag, the other stashes, the deck and the maze beyond sight changed,
    the search bot's choice of a token is the same."""
    bot = ismcts.with_budget(bots.BOTS["expert"], iterations=6)
    checked = 0
    for step, (state, events, taker) in enumerate(_sharings(4, range(60, 64))):
        if len(engine.legal_actions(state, taker)) < 2 or checked >= 8:
            continue
        seen = event_rules.for_seat(events, taker, False)
        chosen = driver.bot_action(engine, state, taker, bot, random.Random(step), seen=lambda seen=seen: seen)
        for variant in invariants.secret_variants(state, taker, random.Random(step)):
            assert driver.bot_action(engine, variant, taker, bot, random.Random(step),
                                     seen=lambda seen=seen: seen) == chosen
            checked += 1
    assert checked, "no sharing with a choice in the matches"


def _thefts(players, seeds):
    """(state, events) at each step of a theft in Explorer matches."""
    return _pending_steps("theft", players, seeds)


def test_a_theft_is_sampled_for_the_leader_with_the_victims_the_card_still_takes_and_the_merchants_pool_by_group():
    """The Leader's theft: the victims to come are the true ones (the line as the card takes it, less those
    robbed or with nothing to lose), a Merchant's pool holds tokens of the groups the Leader was told, and the
    tokens add up; an Adventurer, who has nothing to decide in a theft, is not sampled there."""
    thefts, pools = collections.Counter(), 0
    for state, events in _thefts(4, range(0, 40)):
        head = state["pending"][0]
        for sampled in _samples(state, events, LEADER, 3):
            item = sampled["pending"][0]
            assert item["victims"] == head["victims"]
            if head["dest"] == "merchant":
                assert [group(sampled["kinds"][t]) for t in item["pool"]] == [group(state["kinds"][t]) for t in head["pool"]]
                pools += bool(head["pool"])
        for seat in range(1, 4):
            assert not searchable(engine.view(state, seat))
        thefts[head["dest"]] += 1
        if thefts["leader"] >= 4 and pools >= 2:
            break
    assert thefts["leader"] >= 4 and pools >= 2, (thefts, pools)



def _lamp_votes(players, seeds):
    """(state, events) at each step of a lamp vote (a lamp given up after a meeting or a curse) in Explorer matches."""
    return _pending_steps("discard_vote", players, seeds)


def test_a_lamp_vote_is_sampled_for_every_seat_with_the_votes_as_cast():
    """The vote on whose unlit lamp goes (to the Leader after a meeting, out of the game after a curse): the
    votes cast so far are public and the same in every sample, the holders follow from the lamps shown, and
    the tokens add up. The Leader, who has no voice in it, may be sampled too (nothing to decide)."""
    votes = collections.Counter()
    for state, events in _lamp_votes(4, range(0, 12)):
        head = state["pending"][0]
        for seat in range(4):
            for sampled in _samples(state, events, seat, 2):
                assert sampled["pending"] == [{**head, "started": True}]
        votes[head["dest"]] += 1
        if votes["leader"] >= 3 and votes["out"] >= 3:
            return
    pytest.fail(f"too few lamp votes in the matches: {dict(votes)}")


def _chest_windows(players, seeds):
    """(state, events) at each window the Leader has on a closed chest or the Treasure in Explorer matches."""
    return _pending_steps("chest_window", players, seeds)


def test_a_chest_window_is_sampled_for_the_leader_on_the_square_shown_and_played_by_the_search_bots_as_the_explorer():
    """The Leader's window before a closed chest or the Treasure opens (a card may lock, dissolve or rob it):
    sampled for the Leader on the square its view shows, not for an Adventurer (nothing to decide); the search
    bots' Leader plays it as the Explorer, unsearched (only the review weighs it)."""
    bot = ismcts.with_budget(bots.BOTS["expert"], iterations=6)
    windows = 0
    for state, events in _chest_windows(4, range(0, 30)):
        head = state["pending"][0]
        for sampled in _samples(state, events, LEADER, 2):
            assert sampled["pending"][0]["at"] == head["at"]
        for seat in range(1, 4):
            assert not searchable(engine.view(state, seat))
        view, legal = engine.view(state, LEADER), engine.legal_actions(state, LEADER)
        assert bot(view, legal, random.Random(windows)) == bots.explorer(view, legal, random.Random(windows))
        windows += 1
        if windows >= 4:
            return
    pytest.fail(f"only {windows} chest windows in the matches")


def test_a_genies_draw_is_sampled_as_its_user_sees_it_and_drawn_among_the_tokens_that_are_no_curse_for_the_others():
    """The three tokens a genie's user drew and keeps one of are its own (it sees their kinds): a sample for it
    holds them as drawn; for the others, who see only how many it drew, as many tokens are drawn, never a curse
    (a genie's draw puts curses back), and differ from one sample to another (what it drew is its secret). The
    search bots' Leader plays the Explorer meanwhile, as before the draw was sampled."""
    bot = ismcts.with_budget(bots.BOTS["expert"], iterations=6)
    keeps, others_draws = 0, set()
    for seed in range(0, 12):
        for state, events in _explorer_match(4, seed):
            drawing = [s for s in range(1, 4) if state["keeps"][s]]
            if not drawing:
                continue
            keeper = drawing[0]
            for sampled in _samples(state, events, keeper, 2):
                assert sampled["keeps"][keeper] == state["keeps"][keeper]
                assert [sampled["kinds"][t] for t in sampled["keeps"][keeper]] == [state["kinds"][t] for t in state["keeps"][keeper]]
            for seat in range(4):
                if seat in drawing:
                    continue
                for sampled in _samples(state, events, seat, 3):
                    drawn = [sampled["kinds"][t] for t in sampled["keeps"][keeper]]
                    assert len(drawn) == len(state["keeps"][keeper]) and "curse" not in drawn
                    others_draws.add(tuple(sorted(drawn)))
            view, legal = engine.view(state, LEADER), engine.legal_actions(state, LEADER)
            if legal:
                assert bot(view, legal, random.Random(keeps)) == bots.explorer(view, legal, random.Random(keeps))
            keeps += 1
            if keeps >= 4:
                assert len(others_draws) > 1
                return
    pytest.fail(f"only {keeps} genie draws in the matches")


def test_scheherazades_gift_is_sampled_with_her_turn_from_the_events_and_what_she_holds_face_down():
    """A roll of 1 to 4 under Scheherazade: the roller chooses a token to give her. The sample's rolls so far come
    from the seat's events (``dice_started``, ``die_rolled``), the order from the line (its next roller as shown),
    and the tokens given her so far, face down, are drawn among the tokens that are no curse."""
    gifts, held = 0, 0
    for players in (3, 4):
        for seed in range(0, 40):
            for state, events in _explorer_match(players, seed):
                head = state["pending"][0] if state["pending"] else None
                if head is None or head["kind"] != "dice" or head.get("giver") is None:
                    continue
                for seat in range(players):
                    for sampled in _samples(state, events, seat, 2):
                        item = sampled["pending"][0]
                        assert (item["turn"], item["order_line"], item["giver"]) == \
                            (head["turn"], head["order_line"], head["giver"])
                        assert len(item["pool"]) == len(head["pool"])
                        assert all(sampled["kinds"][t] != "curse" for t in item["pool"])
                gifts += 1
                held += bool(head["pool"])
                if gifts >= 4 and held:
                    return
    pytest.fail(f"only {gifts} gifts to Scheherazade ({held} with tokens given before) in the matches")


def test_a_genie_offer_is_sampled_with_each_offer_worth_what_the_events_tell():
    """While the table offers jewels to a genie, each seat sees the others' offers by count, and the events tell
    what each is worth: the sample draws every other seat's offer among the jewels left, as many and worth as
    much as told; a seat's own offer is the one it made."""
    from sidibaba.engine.tokens import face_value

    state, events = next(_pending_steps("genie_offer", 4, range(0, 40)))
    user = state["pending"][0]["user"]
    other = next(s for s in range(1, 4) if s != user
                 and sum(1 for t in state["hands"][s] if group(state["kinds"][t]) == "jewel") >= 2)
    jewels = [t for t in state["hands"][other] if group(state["kinds"][t]) == "jewel"][:2]
    state, new = engine.apply(state, other, {"type": "offer", "tokens": jewels}, 1.0)
    events = events + new
    worth = sum(face_value(state["kinds"][t]) for t in jewels)
    drawn = set()
    for seat in range(4):
        for sampled in _samples(state, events, seat, 6):
            offer = sampled["pending"][0]["offers"][other]
            if seat == other:
                assert offer == jewels
                continue
            assert len(offer) == 2 and sum(face_value(sampled["kinds"][t]) for t in offer) == worth
            assert all(t in sampled["hands"][other] for t in offer)
            drawn.add(tuple(sorted(sampled["kinds"][t] for t in offer)))
    assert drawn, "no other seat's sample drew the offer"


def test_a_padlocks_tokens_are_sampled_for_the_one_handing_them_out_as_shown():
    """The Adventurer who opened a padlock sees the tokens it hands out (the others do not: not sampled for them):
    its sample holds them in their slots, the seats still to receive as shown."""
    checked = 0
    for state, events in _pending_steps("padlock_give", 4, range(0, 40)):
        head = state["pending"][0]
        for sampled in _samples(state, events, head["opener"], 3):
            assert sampled["pending"][0]["slots"][:len(head["slots"])] == head["slots"]
            assert sampled["pending"][0]["to"] == head["to"]
        for seat in range(4):
            if seat != head["opener"]:
                assert not searchable(engine.view(state, seat))
        checked += 1
    assert checked >= 2


def test_a_line_vote_open_is_sampled_as_shown_for_every_seat():
    """A proposal of a new line order, and the votes on it so far, are public: every seat's sample holds them as
    shown, and the decisions taken while the vote is open (a move vote, the vote itself) are sampled."""
    from tests.sidibaba.helpers import act

    state = move(set_up(players=4, seed=6), "E")
    state = act(state, 2, {"type": "propose_line", "line": [3, 2, 1]})
    state = act(state, 3, {"type": "vote_line", "accept": False})
    for seat in range(4):
        for sampled in _samples(state, [], seat, 3):
            shown = sampled["line_vote"]
            assert (shown["line"], shown["by"], shown["votes"]) == ([3, 2, 1], 2, [None, None, True, False])
