"""Bots for Sidi Baba (pure: they see only their seat's view and legal actions).

"explorer" plays either side: as the Leader it hides the Treasure far away and spends its Events to
steal and cost time; as an Adventurer it remembers where the group has been during this lamp (a relative frame
rebuilt from the moves the view shows: no notes), walks to the least visited square, takes the best tokens and uses genies early.
"navigator_bot" is the Explorer whose Adventurers work out where they stand in the default mazes and walk to
where the Treasure is likely hidden, then out (``sidibaba/navigator.py``): the search bots' Adventurers play so.
"""
import dataclasses
import math
from collections import deque

from gamekit import domains
from gamekit.driver import random_bot
from sidibaba import navigator
from sidibaba.view_choices import choices as _choices, distances_from as _distances, find as _find

TURN_MOVE = {"ahead": "E", "left": "A", "right": "C", "back": "B"}
DR, DC = (-1, 0, 1, 0), (0, 1, 0, -1)
VALUES = {"gold1": 1, "gold2": 2, "carafe": 3, "daggers": 4, "emerald": 2, "stones": 2.5, "necklace": 3,
          "genie": 1.5, "curse": 0}
PAIRS = {"emerald": 6, "stones": 8, "necklace": 10}


# --- the Adventurers' memory -------------------------------------------------------------------

def frame(view):
    """Replay the moves of this lamp since the last teleport in a relative frame: (cell, facing, visits, edges).

    No notes: the view holds only the current lamp's moves, so the frame starts where this lamp was lit.
    """
    trail = view.get("moves_so_far") or []
    if "T" in trail:
        trail = trail[len(trail) - trail[::-1].index("T"):]
    cell, facing = (0, 0), 0
    visits, edges = {cell: 1}, set()
    for move in trail:
        if move in "DEF":
            nxt = (cell[0] + DR[facing], cell[1] + DC[facing])
            edges.add(frozenset((cell, nxt)))
            cell = nxt
            visits[cell] = visits.get(cell, 0) + 1
        facing = (facing + {"A": 3, "B": 2, "C": 1, "D": 3, "E": 0, "F": 1}[move]) % 4
    return cell, facing, visits, edges


def _ahead_of(cell, facing, turn):
    d = (facing + {"ahead": 0, "right": 1, "back": 2, "left": 3}[turn]) % 4
    return (cell[0] + DR[d], cell[1] + DC[d]), d


def _turn_towards(facing, d):
    return {0: "E", 1: "C", 2: "B", 3: "A"}[(d - facing) % 4]


def route_home(view):
    """The first move back to the square where the group entered (through squares walked before)."""
    cell, facing, _visits, edges = frame(view)
    if "T" in (view.get("moves_so_far") or []) or view.get("moves_before_lamp"):
        return None  # the frame does not start at the entrance: no way to know the way back
    start = (DR[0], DC[0])  # the first square inside, one step north of the outside origin
    back = {cell: None}
    queue = deque([cell])
    while queue:
        here = queue.popleft()
        if here == start:
            break
        for d in range(4):
            nxt = (here[0] + DR[d], here[1] + DC[d])
            if nxt not in back and frozenset((here, nxt)) in edges:
                back[nxt] = (here, d)
                queue.append(nxt)
    if start not in back or start == cell:
        return "B" if start == cell else None
    step = start
    while back[step][0] != cell:
        step = back[step][0]
    return _turn_towards(facing, back[step][1])


def _genie_move(view, moves):
    """The next move a Which Way genie gave, while it is being followed."""
    answer = view.get("genie_answer")
    if answer and answer["moves"]:
        index = view["moves_made"] - answer["after_moves"]
        if 0 <= index < len(answer["moves"]) and answer["moves"][index] in moves:
            return answer["moves"][index]
    return None


def choose_move(view, moves):
    sight = view.get("sight") or [{}]
    here = sight[0]
    front = view.get("front") or {}
    told = _genie_move(view, moves)
    if told:
        return told
    if view.get("treasure") == "shared":
        for side, move in (("ahead", "E"), ("left", "A"), ("right", "C")):
            if here.get(side) == "daylight" and move in moves:
                return move
        home = route_home(view)
        if home in moves:
            return home
    elif (front.get("treasure") == "closed" or front.get("chest") == "closed") and "E" in moves:
        return "E"
    cell, facing, visits, _edges = frame(view)
    best, best_score = None, None
    for side in ("ahead", "left", "right", "back"):
        if here.get(side) != "open" and side != "back":
            continue
        target, d = _ahead_of(cell, facing, side)
        move = TURN_MOVE[side]
        if move not in moves:
            continue
        score = visits.get(target, 0) * 10 + {"ahead": 0, "left": 1, "right": 1, "back": 25}[side]
        if side == "back":
            score += 5
        if best_score is None or score < best_score:
            best, best_score = move, score
    return best or moves[0]


def token_value(kind, own_kinds=()):
    if kind in PAIRS:
        return PAIRS[kind] - 1 if kind in own_kinds and own_kinds.count(kind) % 2 == 1 else VALUES[kind]
    return VALUES.get(kind, 1.5)


def adventurer(view, legal, rng, choose=choose_move):
    """The Explorer's Adventurer; ``choose(view, moves)`` picks the move it votes for."""
    seat = view["seat"]
    own = [t["kind"] for t in view.get("tokens", [])]
    for kind in ("choose_character", "open_sesame", "roll", "confirm", "call_move", "call_discard",
                 "call_line_vote"):
        action = _find(legal, kind)
        if action is not None and kind != "call_move":
            return action
    keep = _find(legal, "keep")
    if keep:
        by_id = {t["id"]: t["kind"] for t in view.get("keep_choices") or []}
        return {"type": "keep", "token": max(_choices(keep, "token"), key=lambda t: token_value(by_id.get(t), own))}
    take = _find(legal, "take")
    if take:
        table = (view.get("pending") or {}).get("table") or []
        return {"type": "take", "slot": max(_choices(take, "slot"), key=lambda i: token_value(table[i], own))}
    give_token = _find(legal, "give_token")
    if give_token:
        slot = _choices(give_token, "slot")[0]
        targets = _choices(give_token, "to")
        return {"type": "give_token", "slot": slot, "to": seat if seat in targets else targets[0]}
    give = _find(legal, "give")
    if give:
        kinds = {t["id"]: t["kind"] for t in view.get("tokens", [])}
        return {"type": "give", "token": min(_choices(give, "token"), key=lambda t: token_value(kinds.get(t), own))}
    discard = _find(legal, "discard_lamp")
    if discard:
        lead = view["line"][0]
        owners = _choices(discard, "owner")
        return {"type": "discard_lamp", "owner": max(owners, key=lambda s: (view["lamps"][s], s != lead))}
    if _find(legal, "vote_line"):
        votes = (view.get("line_vote") or {}).get("votes") or []
        if seat < len(votes) and votes[seat] is None:
            return {"type": "vote_line", "accept": True}
    genie = _use_genie(view, legal)
    if genie:
        return genie
    vote = _find(legal, "vote_move")
    if vote:
        move = choose(view, _choices(vote, "move"))
        if view["votes"][seat] is None or view["votes"][seat] != move:
            return {"type": "vote_move", "move": move}
        if _find(legal, "call_move"):
            return {"type": "call_move"}
    return random_bot(view, legal, rng)


def _use_genie(view, legal):
    kinds = {t["id"]: t["kind"] for t in view.get("tokens", [])}
    for action in legal:
        if action["type"] != "use_genie":
            continue
        kind = kinds.get(action["token"])
        if kind == "light" and view["leader_lamps"] < 1:
            continue
        if kind == "way_exit" and view.get("treasure") != "shared":
            continue
        if kind == "way_treasure" and view.get("treasure") != "closed":
            continue
        if "direction" in action:
            return {**action, "direction": "back"}
        return action
    return None


# --- the Leader -------------------------------------------------------------------------------

def leader(view, legal, rng):
    maze = view.get("maze")
    for kind in ("resume", "choose_maze"):
        action = _find(legal, kind)
        if action:
            return action
    if _find(legal, "place_treasure"):
        openings = [r * maze["cols"] + c for r, c, _d in maze["openings"]]
        dist = _distances(maze, openings)
        return {"type": "place_treasure", "cell": max(_choices(_find(legal, "place_treasure"), "cell"),
                                                       key=lambda c: (dist.get(c, 0), rng.random()))}
    if _find(legal, "place_chest"):
        placed = [view["treasure_at"]] + view["chests"]["closed"]
        dist = _distances(maze, placed)
        return {"type": "place_chest", "cell": max(_choices(_find(legal, "place_chest"), "cell"),
                                                    key=lambda c: (min(dist.get(c, 0), 3), rng.random()))}
    entrance = _find(legal, "choose_entrance")
    if entrance:
        dist = _distances(maze, [view["treasure_at"]])
        cols = maze["cols"]
        return {"type": "choose_entrance", "opening": max(
            _choices(entrance, "opening"),
            key=lambda k: dist.get(maze["openings"][k][0] * cols + maze["openings"][k][1], 0))}
    steal = _find(legal, "steal")
    if steal:
        options = _choices(steal, "kind")
        return {"type": "steal", "kind": "jewel" if "jewel" in options else options[0]}
    plays = [a for a in legal if a["type"] == "play_event"]
    if plays:
        return _play(view, plays, rng) or {"type": "pass"}
    if _find(legal, "pass"):
        return {"type": "pass"}
    return random_bot(view, [a for a in legal if a["type"] != "pause"] or legal, rng)


def _play(view, plays, rng):
    here = view["pos"][0]
    by_use = {}
    for action in plays:
        by_use.setdefault(action["use"], []).append(action)
    for use in ("illusion", "combination_lock", "small_padlock", "merchant", "bandit"):
        if use in by_use:
            return by_use[use][0]
    for action in by_use.get("move", []):
        for path in _choices(action, "path"):
            if here in path:
                return {**action, "path": path}
    goal = _goal_distances(view)
    if "landslide" in by_use:
        action = by_use["landslide"][0]
        on_route = _route_cells(view, goal)
        cells = [c for c in _choices(action, "cell") if c in on_route] or _choices(action, "cell")
        return {**action, "cell": rng.choice(cells)}
    if "teleportation" in by_use:
        action = by_use["teleportation"][0]
        return {**action, "path": max(_choices(action, "path"), key=lambda p: goal.get(p[-1], 0))}
    if "scheherazade" in by_use:
        return by_use["scheherazade"][0]
    if "move" in by_use:
        dist = _distances(view["maze"], [here])
        action = min(by_use["move"], key=lambda a: len(_choices(a, "path")[0]))
        path = min(_choices(action, "path"), key=lambda p: dist.get(p[-1], 99))
        return {**action, "path": path}
    return None


def _goal_distances(view):
    """Steps from every square to where the Adventurers want to go (the Treasure, once shared an exit)."""
    maze = view["maze"]
    if view["treasure"] == "shared":
        return _distances(maze, [r * maze["cols"] + c for r, c, _d in maze["openings"]], view["landslides"])
    return _distances(maze, [view["treasure_at"]], view["landslides"])


def _route_cells(view, goal):
    """The squares of one shortest walk from the Adventurers to their goal."""
    from sidibaba.engine.maze import geometry
    geo = geometry(view["maze"])
    here = view["pos"][0]
    cells = set()
    while here in goal and goal[here] > 0:
        closer = [c for c in geo.neighbours(here) if goal.get(c, 10 ** 6) < goal[here]]
        if not closer:
            break
        here = closer[0]
        cells.add(here)
    return cells


def explorer(view, legal, rng):
    return leader(view, legal, rng) if view["role"] == "leader" else adventurer(view, legal, rng)


# --- the navigator: the Explorer's Adventurer, its moves reckoned in the default mazes -------------

STEP_ON_CHESTS = True


def navigated_move(view, moves):
    """A Which Way genie's moves while they last, a closed chest or Treasure in front, else the move that
    leaves the fewest moves to go in the mazes that fit (``sidibaba/navigator.py``); the Explorer's walk
    when none fits."""
    told = _genie_move(view, moves)
    if told:
        return told
    front = view.get("front") or {}
    if "E" in moves and (front.get("treasure") == "closed" or (STEP_ON_CHESTS and front.get("chest") == "closed")) \
            and not front.get("leader"):
        return "E"
    return navigator.choose(view, moves) or choose_move(view, moves)


def navigator_bot(view, legal, rng):
    """The Explorer, its Adventurers walking by the navigator's reckoning (the Leader as the Explorer's)."""
    if view["role"] == "leader":
        return leader(view, legal, rng)
    return adventurer(view, legal, rng, choose=navigated_move)


# ---------------------------------------------------------------------------
# the search bots: information-set MCTS (gamekit/ismcts.py) over states sampled from the view

from gamekit import ismcts  # noqa: E402 - the search bots' section
from sidibaba import engine, rehearsal  # noqa: E402 - the search bots' section
from sidibaba.engine.maze import distances as _maze_distances, geometry as _geometry  # noqa: E402 - the search bots' section
from sidibaba.engine.table import SIDE_HANDLERS  # noqa: E402 - the search bots' section
from sidibaba.engine.tokens import fortune as _fortune  # noqa: E402 - the search bots' section

# A real-time match is long (a few hundred actions). The Leader's Event window is weighed by a flat search
# (no tree: the Adventurers' replies are the Explorer's, which the playouts model) with common random
# numbers; a playout stops after ROLLOUT_DEPTH actions (about a lamp) and is valued by the Adventurers' odds
# of escaping (``escape_odds``); the Explorer's own choice stands unless another candidate's mean value beats
# it by PRIOR_MARGIN. The tree (6-action playouts) was measured no better for the Leader; for the Adventurers
# both the tree and the flat search did worse than the navigator's reckoning alone (docs/bots.md).
ROLLOUT_DEPTH = 60
PRIOR_MARGIN = 0.02
STEP_SECONDS = 1.0  # simulated seconds between two actions of a playout (as bench and simulate play)
# escape_odds's logistic fit: 15,580 states of 360 Explorer matches (3, 4 and 6 players, 60 s lamps, an
# action a second; bench/fit_escape_odds.py): each square of the shortest way left costs about eight moves.
ODDS_PER_MOVE = 0.01396
ODDS_PER_SQUARE = 0.1112
ODDS_BIAS = -0.413


def _steps_to(g, start, goals):
    """Squares from ``start`` (outside: from the square it enters) to the nearest of ``goals``."""
    extra = 0
    if start < 0:
        start, extra = g.outside[start][0], 1
    dist = _maze_distances(g, start)
    found = [dist[c] for c in goals if c in dist]
    return extra + (min(found) if found else 4 * g.size)


def escape_odds(state, now):
    """The Adventurers' chance of escaping, guessed from a state that is not over: the squares left to walk
    (to the Treasure then out, or out once it is shared, the shortest way) against the moves left (the lamps
    still held and what is left of the lit one, at one move per ``players - 0.5`` actions of
    ``STEP_SECONDS``: every Adventurer votes, the Leader answers), weighed as fitted on Explorer matches."""
    g = _geometry(state["maze"])
    here = state["pos"][0]
    exits = [cell for cell, _d in g.openings]
    if state["treasure_state"] == "shared":
        need = _steps_to(g, here, exits)
    else:
        treasure = state["treasure_at"]
        need = _steps_to(g, here, [treasure]) + _steps_to(g, treasure, exits) + 1
    # a lamp the group must give up (a meeting with the Leader, a curse) is gone already, though the vote on
    # whose lamp goes may be still to come when the playout is cut
    doomed = sum(1 for item in state["pending"] if item["kind"] == "discard_vote")
    seconds = max(0, sum(state["lamps"]) - doomed) * state["segment_seconds"]
    if state["lit"] is not None and state["ends_at"] is not None:
        seconds += max(0.0, state["ends_at"] - (now or 0.0))
    moves_left = seconds / (STEP_SECONDS * (state["players"] - 0.5))
    z = ODDS_PER_MOVE * moves_left - ODDS_PER_SQUARE * need + ODDS_BIAS
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def values(state, now=None):
    """Each seat's value of a playout: the side that won 1 (an Adventurer a little more the richer it is
    among them, for its rank: only the richest wins), the other 0; a cut playout by ``escape_odds``, an
    Adventurer's odds weighed the same way by its fortune then, so that which token it takes in a sharing
    counts (a review judges the sharing; the Leader's value does not depend on it)."""
    players = state["players"]
    if state["phase"] == "over" and state["winner"] == "leader":
        return [1.0] + [0.0] * (players - 1)
    fortunes = [_fortune([state["kinds"][t] for t in state["hands"][s]]) for s in range(1, players)]
    top = max(fortunes) or 1
    shares = [0.9 + 0.1 * f / top for f in fortunes]
    if state["phase"] == "over":
        return [0.0] + shares
    odds = escape_odds(state, now)
    return [1.0 - odds] + [odds * share for share in shares]


def clock(view):
    """The time at the root of a search, guessed (the view does not carry the server's clock): the lit lamp's
    start plus this lamp's moves at the pace ``escape_odds`` assumes, at least half a second before it is out;
    while setting up, the setup's start (the Explorer's setup takes seconds of the minutes given)."""
    if view.get("phase") == "setup":
        return view["setup_deadline"] - engine.game_data()["setup_seconds"]
    ends = view.get("segment_ends_at")
    if ends is None:
        return None
    elapsed = len(view.get("moves_so_far") or []) * STEP_SECONDS * (view["players"] - 0.5)
    return min(ends - view["segment_seconds"] + elapsed, ends - 0.5)


def settled(view, legal, rng):
    """The decisions taken without a search: all of an Adventurer's, by the navigator (``sidibaba/navigator.py``):
    the group works out where it stands in the mazes that fit what it sees, walks to where the Treasure is
    likely hidden, then out. The flat search over sampled mazes, with the Explorer's walk in its playouts, did
    worse than the navigator's own vote, before the Treasure is shared and after it (measured: docs/bots.md).
    And the Leader's setup (what the rehearsal leaves: its chests), its window on a closed chest, or any of its
    decisions while an Adventurer keeps a genie's draw, as the Explorer plays them: sampled for the review alone
    (docs/analysis.md), not searched by the bots, whose strength was measured without them."""
    if view["role"] != "adventurer":
        pending = view.get("pending")
        in_chest_window = pending is not None and pending["kind"] == "chest_window"
        unsearched = view["phase"] == "setup" or in_chest_window or any(view.get("drawing") or [])
        return explorer(view, legal, rng) if unsearched else None
    return navigator_bot(view, legal, rng)


def leader_candidates(view, legal, rng):
    """The Leader's root candidates: passing, and each card in hand played as the Explorer would play it
    (its square, path or cell chosen by the heuristic), and also every other place it may go: each square
    a walk of the Leader's token may stop on (a walk stops where it meets the group), each square a
    Teleportation may land the group on, each square of the group's shortest way a Landslide may block.
    A few dozen actions at most, not every path there is: the flat search plays each one on the same
    futures."""
    if view["role"] != "leader":
        return None
    if view["phase"] == "setup":  # the review's alone (the bots' setup is the rehearsal's, then the Explorer's)
        plans = rehearsal.candidates(view, legal)
        return [rehearsal.as_action(plan) for plan in plans] if plans else None
    out = [a for a in legal if a["type"] == "pass"]
    seen = set()

    def add(action):
        key = ismcts.action_key(action)
        if key not in seen:
            seen.add(key)
            out.append(action)
    for action in legal:
        if action["type"] != "play_event":
            continue
        here = view["pos"][0]
        played = _play(view, [action], rng)
        if played is not None:
            add(domains.fill(played, rng))
        if action["use"] in ("move", "teleportation"):
            stops = {}
            for path in _choices(action, "path"):
                stop = path[:path.index(here) + 1] if action["use"] == "move" and here in path else path
                stops.setdefault((stop[-1], len(stop) < len(path)), path)  # the walk stops at a meeting
            for path in stops.values():
                add({**action, "path": path})
        elif action["use"] == "landslide":
            on_route = _route_cells(view, _goal_distances(view))
            for cell in _choices(action, "cell"):
                if cell in on_route:
                    add({**action, "cell": cell})
    return out or None


SEARCHED = ("play_event", "pass")


def _searched(legal):
    """What the search weighs: the Leader's Events and passing (not a pause)."""
    return [a for a in legal if a["type"] in SEARCHED]


def _seat(view):
    return view["seat"]


def search_bot(iterations, cpu_seconds=1.0, rollout_depth=ROLLOUT_DEPTH, prior_margin=PRIOR_MARGIN, rehearsals=3):
    """A search bot for either role: the Leader's setup by rehearsal (``sidibaba/rehearsal.py``: ``rehearsals``
    rounds of whole matches), its windows by a flat search; an Adventurer walks by the navigator (``settled``)."""
    setup = rehearsal.setup_bot(explorer, rounds=rehearsals, cpu_seconds=cpu_seconds)

    def decided(view, legal, rng):
        return setup(view, legal, rng) or settled(view, legal, rng)
    config = ismcts.SearchConfig(iterations=iterations, cpu_seconds=cpu_seconds, determinizations=12,
                                 rollout=ismcts.view_policy(explorer), rollout_depth=rollout_depth,
                                 values=values, action_filter=_searched,
                                 step=STEP_SECONDS, fallback=explorer, clock=clock,
                                 settled=decided, root_actions=leader_candidates,
                                 flat=True, prior=explorer, prior_margin=prior_margin)
    return ismcts.make_bot(engine, engine.sample_state, _seat, config)


# Levels by iterations (reproducible for a seed), capped at SEARCH_CPU_SECONDS of CPU per decision.
SEARCH_CPU_SECONDS = 1.0
expert_bot = search_bot(iterations=30, cpu_seconds=SEARCH_CPU_SECONDS, rehearsals=3)
master_bot = search_bot(iterations=100, cpu_seconds=SEARCH_CPU_SECONDS, rehearsals=6)

# The match review (gamekit/review.py, docs/analysis.md): the search bots' own settings (60 Explorer actions
# valued by the escape odds); it reviews the decisions ``sample_state`` samples: a move vote, the Leader's
# Event window and its window on a closed chest, a sharing, the Leader's theft, a lamp vote (whose unlit lamp
# goes), an offer to a genie, a padlock's tokens handed out and the setup, a line vote open or not. The chest
# window, the theft's two choices (a jewel, a genie) and the setup are weighed by the review only: the search
# bots play a chest window and steal as the Explorer does (a jewel when there is one), unsearched
# (``settled``), and set up by rehearsal then as the Explorer; all of an Adventurer's decisions are the
# navigator's. (The Leader's Event window while the Adventurers vote on a new line order is searched, as any
# other: the sampler refused that view before, so the Explorer played it.)
REVIEWED = (*SEARCHED, "steal")
# The line's vote and a genie's keep are open beside every decision of play (the engine's SIDE_HANDLERS): each is
# a decision of its own, so the review weighs a move vote or a take among its own choices, a genie's keep among
# the tokens drawn, a line proposed among other lines (``decision_of``). Weighed all together, a move vote was
# told "Propose the line Ann → Bob", the line as it stood, was better by the playouts' noise.
SIDE_ACTIONS = frozenset(SIDE_HANDLERS)
# An Adventurer's setup is three decisions: its character, whether to give a lamp (and to whom), and, for the
# one leading the line once all is set, "Open Sesame" (no other choice: the review says so).
SETUP_ACTIONS = frozenset({"choose_character", "give_lamp", "open_sesame"})


def decision_of(action):
    """The decision an action answers: its own type for the side business and an Adventurer's setup, else the
    one decision at hand."""
    return action["type"] if action["type"] in SIDE_ACTIONS or action["type"] in SETUP_ACTIONS else "at hand"


REVIEW_CONFIG = dataclasses.replace(expert_bot.search_config, decision_of=decision_of,
                                    action_filter=lambda legal: [a for a in legal if a["type"] in REVIEWED])

# The first is what the lobby offers first and what takes over a seat left for good: the Explorer (plays
# either role, instant; a search bot costs up to a second of the worker's CPU a decision).
BOTS = {"explorer": explorer, "master": master_bot, "expert": expert_bot, "random": random_bot}
BOT_LABELS = {
    "explorer": "Explorer",
    "master": "Master — beats the Explorer on either side, and as the Leader searches three times longer than Expert, up to 1 s a move",
    "expert": "Expert — beats the Explorer on either side: works out where it stands from what its seat has seen, "
              "and as the Leader searches ahead",
    "random": "Random",
}
BOT_SHORT_LABELS = {"explorer": "Explorer", "master": "Master", "expert": "Expert", "random": "Random"}
