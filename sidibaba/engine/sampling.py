"""A full state consistent with one seat's view (the contract's optional ``sample_state``).

For the search bots (``gamekit/ismcts.py``), built from the view (and the seat's events) alone, never
from the true state. Sidi Baba's search bots search the two decisions that make the game, the
Adventurers' vote on the next move and the Leader's Event window after a move, the sharing of a
chest's, the Treasure's or the Merchant's tokens (which one each Adventurer takes in turn), and the
Leader's theft (a jewel or a genie from the Adventurer in front); the review (docs/analysis.md) also judges
the Adventurers' lamp vote (whose unlit lamp goes after a meeting or a curse), the Leader's window before
a closed chest opens, the genie's token its user keeps, the offers to a genie, the token given to
Scheherazade, a padlock's tokens handed out by its opener and the setup of either role (the search bots play
the setup by rehearsal and the Explorer), a line vote open or not. So a state is sampled while setting up, and
in play unless time is stopped (a pause) or other business is pending (dice but Scheherazade's gift, a chest
opening, a padlock's tokens for any seat but its opener): every other view raises ``CannotSample`` and the bot
plays its heuristic instead.

What is drawn:
- for every seat: the identity of each token it may not know (the bag, the other stashes, the tokens
  stolen, spent or paid), from the box's tokens less its own, keeping each stash's jewels and genies
  as counted on the table (``backs``); the event cards it does not hold (the Leader: the deck's
  order; an Adventurer: the Leader's hand too); the seed, so every draw to come;
- in a sharing, the tokens on the table: the jewels as shown, a genie shown face down drawn among the
  genies the seat does not hold; the turn is the number of tokens taken, the order the line's from the
  one taking now (the sharing is the only thing pending: what the rules queue after it is not drawn);
- in a theft (the Leader's alone), the victims still to come, from the line as the rules take it (a
  meeting the first Adventurer twice then the others, a Bandit the first two, the Merchant everyone) less
  those already robbed (the ``stolen`` events since the meeting or the card) and those with nothing to
  lose; a Merchant's pool (what this theft took so far) drawn by the groups those events told (here too
  nothing queued after the theft is drawn: the lamp vote after a meeting, a chest the Bandit was played
  on);
- in the Leader's window before a closed chest or the Treasure opens (the Leader's alone), the square its
  view shows;
- a genie's draw being kept: the seat's own as it sees them (their kinds are in its view), another seat's
  drawn among the tokens that are no curse (a genie's draw puts curses back), as many as the view shows;
- an offer to a genie: the seat's own offer as its view shows it, every other seat's drawn among the jewels
  left, as many and worth as much (at a genie's face values) as its last ``genie_offer`` event since the genie
  was used tells;
- a padlock's tokens being handed out (its opener's alone: the others do not see them): the tokens in their
  slots and the seats still to receive, as shown;
- a proposal of a new line order being voted on: as shown (it is public);
- Scheherazade waiting for a gift (a roll of 1 to 4): the rolls so far from the seat's events, the order the
  line's (its next roller as the view shows), the tokens she holds, given face down, drawn among the tokens
  that are no curse;
- in a lamp vote, the votes cast so far as shown (they are public); whose lamps may be voted out follows
  from the lamps and the lit one in the view (what the rules queue after the vote, a curse's sharing, is
  not drawn);
- for an Adventurer, the maze and where the group stands in it: a maze of the default set (the maze
  choices are public) and a square and facing from which the sight is exactly the one in the view,
  preferring those from which the moves of this lamp (``moves_so_far``, the only moves a player may
  remember: no notes) lead back through open passages; what stands in front (chest, Treasure,
  landslide, arrows, the Leader) put there; the other chests, landslides and the Treasure on squares
  this lamp's walk did not cross, at random; the Leader's token outside;
- while setting up, for the Leader its placements so far as its view holds them; for an Adventurer none until
  the Leader is done (all it is told), then a maze of the default set, an entrance, the Treasure in the
  farther half of the maze from it and the chests anywhere else (``_leaders_setup``).
"""

import itertools
import math

from gamekit import contract
from gamekit.errors import CannotSample

from .core import LEADER
from .data_files import default_mazes, game_data
from .maze import DIRS, MOVE_PARTS, distances, geometry
from .phases.explore import TURNS
from .supplies import bag_kinds, event_list
from .tokens import CURSE, GENIE, JEWEL, build_kinds, face_value, group
from .views import sight

FACING = {d: i for i, d in enumerate(DIRS)}
SAMPLED_PENDING = {"sharing", "theft", "discard_vote", "chest_window", "genie_offer", "padlock_give"}
# the business only the Leader decides, sampled for the Leader alone
LEADERS_PENDING = {"theft", "chest_window"}


def searchable(view):
    """Whether ``sample_state`` builds a state for this view (the situations the search bots search and those
    the review alone judges: the module says which)."""
    if view.get("paused") is not None:
        return False
    if view.get("phase") == "setup":
        return True
    pending = view.get("pending")
    return (view.get("phase") == "play"
            and (pending is None or _sampled(pending, view.get("seat")))
            and view.get("sight") is not None)


def _sampled(pending, seat):
    """Whether the business pending is one ``sample_state`` rebuilds, for this seat."""
    if pending["kind"] == "dice":  # Scheherazade's gift: the roller who rolled 1 to 4 chooses what to give her
        return pending["mode"] == "scheherazade" and pending["giver"] is not None
    if pending["kind"] == "padlock_give":  # its tokens are shown to the one who opened the padlock, who hands them out
        return seat == pending["opener"]
    return pending["kind"] in SAMPLED_PENDING and (pending["kind"] not in LEADERS_PENDING or seat == LEADER)


def _told(shown, seen):
    """What the seat's events tell of the business pending, walked once and only where it is needed (a search
    samples one view many times): a theft's origin and victims so far, or Scheherazade's rolls so far."""
    if shown is None:
        return None
    if shown["kind"] == "theft":
        return _theft_so_far(seen)
    if shown["kind"] == "dice":
        return _scheherazades_rolls(seen)
    if shown["kind"] == "genie_offer":
        return _offers_so_far(seen)
    return None


def _offers_so_far(seen):
    """Each seat's offer to the genie being asked, as the events tell it: {seat: (jewels, their face value)},
    the last offer of each since the genie was used (an offer replaces the seat's earlier one)."""
    offers = None
    for e in seen:
        if e.get("code") == "genie_used":
            offers = {}
        elif e.get("code") == "genie_offer" and offers is not None:
            offers[e["seat"]] = (e["count"], e["value"])
    if offers is None:
        raise CannotSample("No genie was used in the events.")
    return offers


def _offer_kinds(jewels, count, value, rng):
    """``count`` jewel kinds out of ``jewels`` (the kinds left to draw, with repeats) worth ``value`` in all at a
    genie's face values, drawn with the odds of drawing them: each way weighed by how many such tokens are left."""
    left = {}
    for kind in jewels:
        left[kind] = left.get(kind, 0) + 1
    ways = []
    for combo in itertools.combinations_with_replacement(sorted(left), count):
        if sum(face_value(k) for k in combo) != value:
            continue
        weight = 1
        for kind in set(combo):
            weight *= math.comb(left[kind], combo.count(kind))
        if weight:
            ways.append((combo, weight))
    if not ways:
        raise CannotSample("No jewels left are worth the offer the events tell.")
    combos, weights = zip(*ways, strict=True)
    return list(rng.choices(combos, weights)[0])


def _scheherazades_rolls(seen):
    """How many dice were rolled since Scheherazade came (the seat's events: ``dice_started`` then ``die_rolled``)."""
    rolls = None
    for e in seen:
        if e.get("code") == "dice_started":
            rolls = 0 if e.get("mode") == "scheherazade" else None
        elif e.get("code") == "die_rolled" and rolls is not None:
            rolls += 1
    if rolls is None:
        raise CannotSample("No Scheherazade began in the events.")
    return rolls


def _kept_out(seen):
    """Whether the Leader's token may not enter yet: it met the group and the group has not stepped since."""
    kept = False
    for e in seen:
        code = e.get("code")
        if code == "leader_met":
            kept = True
        elif code == "moved" and e.get("stepped"):
            kept = False
    return kept


def _tokens(view, seat, players, rng, table=(), unseen=0, offers=None):
    """Token kinds by id, every seat's stash, the tokens on the table (``table``: a sharing's faces, "genie"
    for one face down, or a Merchant's pool as "jewel" and "genie"), the genie's draws being kept (the seat's
    own as it sees them, another's drawn among the tokens that are no curse), the bag and the set-aside tokens,
    drawn around what the seat knows (its own tokens) and what everyone sees (each stash's jewels and genies,
    the table, how many tokens each draw holds, the bag's size); then ``unseen`` tokens more, each of any kind
    but a curse, put with the table's (Scheherazade's, given face down). ``offers``: the other seats' offers to a
    genie as the events tell them ({seat: (jewels, value)}: ``_offers_so_far``), drawn first among their jewels;
    the tokens offered are returned by seat (the seat's own as its view shows)."""
    kinds = build_kinds(players, game_data(), bag_kinds({}))
    total = len(kinds)
    handed = (view.get("pending") or {}).get("tokens") or []  # a padlock's, shown to its opener
    own = {t["id"]: t["kind"] for t in (view.get("tokens") or []) + (view.get("keep_choices") or []) + handed}
    known_ids = set(own)
    pool = list(kinds)
    for kind in own.values():
        if kind in pool:
            pool.remove(kind)
    rng.shuffle(pool)
    by_group = {}
    for kind in pool:
        by_group.setdefault(group(kind), []).append(kind)
    free_ids = [t for t in range(total) if t not in known_ids]
    rng.shuffle(free_ids)
    new_kinds = [None] * total
    for t, kind in own.items():
        new_kinds[t] = kind
    slots = []
    for face in table:  # first, so that the kinds shown are still in the pool
        if face is None:
            slots.append(None)
            continue
        hidden = face in (GENIE, JEWEL)  # a token face down, or one whose group alone is known
        choices = by_group.get(face if hidden else group(face)) or []
        kind = choices[-1] if hidden and choices else face
        if kind not in choices or not free_ids:
            raise CannotSample("A token on the table is not in the box.")
        choices.remove(kind)
        token = free_ids.pop()
        new_kinds[token] = kind
        slots.append(token)
    hands, offered = _stashes(view, seat, players, rng, by_group, free_ids, new_kinds, offers or {})
    keeps = _draws(view, seat, players, rng, by_group, free_ids, new_kinds)
    slots += [_any_token(rng, by_group, free_ids, new_kinds) for _ in range(unseen)]
    rest = [k for grp in by_group.values() for k in grp]
    rng.shuffle(rest)
    if len(rest) < len(free_ids) or len(free_ids) < view["bag_size"]:
        raise CannotSample("The box's tokens do not add up to what the table shows.")
    for token, kind in zip(free_ids, rest, strict=False):
        new_kinds[token] = kind
    bag = free_ids[:view["bag_size"]]
    aside = free_ids[view["bag_size"]:]
    stolen = [t for t in aside if new_kinds[t] != "curse"]
    curses_out = len(aside) - len(stolen)
    return new_kinds, hands, bag, stolen, curses_out, slots, keeps, offered


def _stashes(view, seat, players, rng, by_group, free_ids, new_kinds, offers):
    """Every seat's stash, and what each offers a genie (``offers``: the others' as the events tell them): the
    seat's own as it sees them, another's jewels and genies as counted on the table (``backs``), its offer drawn
    first; ``by_group``, ``free_ids`` and ``new_kinds`` (``_tokens``' pools and assignment) are updated."""
    hands = [[] for _ in range(players)]
    offered = [[] for _ in range(players)]
    if isinstance(seat, int) and (view.get("pending") or {}).get("my_offer") is not None:
        offered[seat] = list(view["pending"]["my_offer"])
    for other in range(1, players):
        if other == seat:
            hands[other] = [t["id"] for t in view.get("tokens") or []]
            continue
        backs = view["backs"][other]
        count, value = offers.get(other, (0, 0))
        if count > backs["jewels"] or len(free_ids) < count:
            raise CannotSample("An offer of more jewels than the seat holds.")
        for kind in _offer_kinds(by_group.get(JEWEL) or [], count, value, rng) if count else ():
            by_group[JEWEL].remove(kind)
            token = free_ids.pop()
            new_kinds[token] = kind
            hands[other].append(token)
            offered[other].append(token)
        for grp, count in ((JEWEL, backs["jewels"] - len(offered[other])), (GENIE, backs["genies"])):
            for _ in range(count):
                if not by_group.get(grp) or not free_ids:
                    raise CannotSample("More tokens on the table than in the box.")
                token = free_ids.pop()
                new_kinds[token] = by_group[grp].pop()
                hands[other].append(token)
    return hands, offered


def _draws(view, seat, players, rng, by_group, free_ids, new_kinds):
    """Each seat's genie's draw being kept: the seat's own as it sees them, another's drawn among the kinds left
    that are no curse (a genie's draw puts curses back), as many as the view shows; ``by_group``, ``free_ids``
    and ``new_kinds`` (``_tokens``' pools and assignment) are updated."""
    keeps = [None] * players
    if view.get("keep_choices"):
        keeps[seat] = [t["id"] for t in view["keep_choices"]]
    for other, count in enumerate(view.get("drawing") or []):
        if other == seat or not count:
            continue
        keeps[other] = [_any_token(rng, by_group, free_ids, new_kinds) for _ in range(count)]
    return keeps


def _any_token(rng, by_group, free_ids, new_kinds):
    """A token of any kind left but a curse (``by_group``, ``free_ids`` and ``new_kinds`` updated)."""
    drawable = [k for grp, kinds in sorted(by_group.items()) if grp != CURSE for k in kinds]
    if not drawable or not free_ids:
        raise CannotSample("More tokens out than the box has left.")
    kind = rng.choice(drawable)
    by_group[group(kind)].remove(kind)
    token = free_ids.pop()
    new_kinds[token] = kind
    return token


def _theft_so_far(seen):
    """What started the latest theft and what it took so far, from the events: ("meeting" | "bandit" |
    "merchant" | None, [(victim, group), ...])."""
    origin, stolen = None, []
    for e in seen:
        code = e.get("code")
        if code == "leader_met" or (code == "event_played" and e.get("use") in ("bandit", "merchant")):
            origin, stolen = "meeting" if code == "leader_met" else e["use"], []
        elif code == "stolen":
            stolen.append((e["seat"], e["group"]))
    return origin, stolen


def _table(view, theft):
    """The tokens ``_tokens`` places aside of the stashes and the bag: a sharing's table as shown, or the
    groups of what a Merchant's theft took so far (``theft``: ``_theft_so_far``'s answer, in a theft)."""
    shown = view.get("pending")
    if shown is None or shown["kind"] not in ("sharing", "theft"):
        return ()
    if shown["kind"] == "sharing":
        return shown["table"]
    origin, stolen = theft
    return [grp for _victim, grp in stolen] if origin == "merchant" else ()


def _pending(view, slots, told):
    """The business the view shows pending, as the state holds it (a sharing, a theft, a chest window,
    Scheherazade waiting for a gift, a lamp vote, an offer to a genie or a padlock's tokens handed out);
    ``slots``: the tokens ``_tokens`` put on the table, or each seat's offer; ``told``: what the seat's events
    tell of it (``_told``)."""
    shown, line = view.get("pending"), list(view["line"])
    if shown is None:
        return []
    if shown["kind"] == "theft":
        return [_theft(view, shown, line, slots, told)]
    if shown["kind"] == "chest_window":
        # the group stands on a closed chest or the Treasure: the Leader's cards may act before it opens
        return [{"kind": "chest_window", "at": shown["cell"], "started": True, "deadline": shown["deadline"]}]
    if shown["kind"] == "dice":
        return [_scheherazade(shown, slots, line, told)]
    if shown["kind"] == "discard_vote":
        # the votes are public; whose lamps may be voted out follows from the lamps and the lit one shown
        return [{"kind": "discard_vote", "dest": shown["dest"], "votes": list(shown["votes"]), "started": True}]
    if shown["kind"] == "padlock_give":  # its tokens as its opener sees them (``_tokens`` kept them aside)
        handed = [None] * max(len(line), 1 + max(t["slot"] for t in shown["tokens"]))
        for token in shown["tokens"]:
            handed[token["slot"]] = token["id"]
        # begun: the chest it opened (``at``) is not read again
        return [{"kind": "padlock_give", "opener": shown["opener"], "at": None, "slots": handed,
                 "to": list(shown["left"]), "started": True}]
    if shown["kind"] == "genie_offer":  # ``slots``: each seat's offer (``_tokens``)
        if [len(o) for o in slots] != shown["offers"]:
            raise CannotSample("The offers shown are not the ones the events tell.")
        return [{"kind": "genie_offer", "user": shown["user"], "genie": shown["genie"], "offers": slots,
                 "started": True}]
    return _sharing(shown, slots, line)


def _theft(view, shown, line, pool, theft):
    """A theft as the rules queued it (a meeting: the first of the line twice, then the others; a Bandit: the
    first two; the Merchant: all of the line), less the victims already robbed (the ``stolen`` events since)
    and those passed over or left with nothing to lose."""
    origin, stolen = theft
    if origin is None:
        raise CannotSample("No theft began in the events.")
    victims = {"meeting": line[:1] + line, "bandit": line[:2], "merchant": line}[origin]
    for robbed, _group in stolen:
        if robbed not in victims:
            raise CannotSample("A victim the theft did not take.")
        victims = victims[victims.index(robbed) + 1:]
    backs = view["backs"]
    victims = [s for s in victims if backs[s]["jewels"] + backs[s]["genies"]]
    if not victims or victims[0] != shown["victim"] or shown["dest"] != ("merchant" if origin == "merchant" else "leader"):
        raise CannotSample("The theft shown is not the one the events tell.")
    item = {"kind": "theft", "victims": victims, "dest": shown["dest"], "started": True, "deadline": shown["deadline"]}
    if origin == "merchant":
        item["pool"] = list(pool)
    return item


def _scheherazade(shown, pool, line, turn):
    """Scheherazade waiting for a gift: ``turn`` the rolls so far (from the events), the line's order (its roller
    next, as the view shows), the tokens given her so far face down (``pool``)."""
    if not line or line[turn % len(line)] != shown["roller"] or shown["giver"] not in line:
        raise CannotSample("Scheherazade's turn is not the one the events tell.")
    return {"kind": "dice", "mode": "scheherazade", "turn": turn, "pool": list(pool), "giver": shown["giver"],
            "order_line": list(line), "started": True}


def _sharing(shown, slots, line):
    """The sharing the view shows: its turn is the tokens taken so far, its order the line's, turned so
    that the one taking now takes at that turn."""
    taken = sum(1 for t in slots if t is None)
    if shown["taker"] not in line:
        raise CannotSample("The one taking is not in the line.")
    start = (line.index(shown["taker"]) - taken) % len(line)
    return [{"kind": "sharing", "source": shown["source"], "slots": list(slots),
             "rounds": 2 if shown["source"] == "treasure" else 1, "turn": taken, "started": True,
             "order_line": line[start:] + line[:start]}]


def _events(view, seat, rng):
    """The event kinds, the Leader's hand and the deck: the Leader's own cards as it sees them."""
    kinds = event_list({})
    hand = [c["card"] for c in view.get("event_cards") or []]
    for card in view.get("event_cards") or []:
        if card["card"] >= len(kinds):
            raise CannotSample("An event card not in the default set.")
        kinds[card["card"]] = {k: v for k, v in card.items() if k != "card"}
    others = [c for c in range(len(kinds)) if c not in hand]
    rng.shuffle(others)
    if seat != LEADER:
        hand = others[:view["event_hand"]]
        others = others[view["event_hand"]:]
    deck = others[:view["event_deck"]]
    used = others[view["event_deck"]:]
    return kinds, hand, deck, used


def _walk_back(g, cell, facing, trail):
    """The squares this lamp's walk crossed, walked back from (cell, facing); None if a wall is in the way."""
    crossed = [cell]
    for move in reversed(trail):
        forward, turn = MOVE_PARTS[move]
        facing = (facing - turn) % 4
        if forward:
            if cell < 0:
                return None
            back = g.step[cell][(facing + 2) % 4]
            if back is None or isinstance(back, tuple):
                # the group came in from outside through this opening
                k = next((i for i, (c, d) in enumerate(g.openings) if c == cell and (d + 2) % 4 == facing), None)
                if k is None:
                    return None
                cell = -1 - k
            else:
                cell = back
            crossed.append(cell)
    return crossed


_PLACES = {}  # what the group sees -> where it may stand (a search samples one view many times)


def places(view):
    """Where the group may stand: (maze, cell, facing, the squares this lamp's walk crossed) for every maze
    of the default set and position from which the sight is the view's, preferring those from which this
    lamp's moves walk back through open passages (and, on the first lamp, back out of an opening)."""
    want = view["sight"]
    front = view.get("front") or {}
    trail = view.get("moves_so_far") or []
    whole = not view.get("moves_before_lamp") and "T" not in trail  # the walk from the entrance on
    if "T" in trail:
        trail = trail[len(trail) - trail[::-1].index("T"):]
    key = repr((want, bool(front.get("landslide")), bool(view.get("outside")), trail, whole))
    options = _PLACES.get(key)
    if options is None:
        if len(_PLACES) > 256:
            _PLACES.clear()
        options = _PLACES[key] = _places(view, want, front, trail, whole)
    return options


def _place_group(view, rng):
    """A maze, the group's position, and the squares this lamp's walk crossed, consistent with the sight."""
    options = places(view)
    if not options:
        raise CannotSample("No maze of the default set shows this sight.")
    return options[rng.randrange(len(options))]


def _places(view, want, front, trail, whole):
    blocked_front = bool(front.get("landslide"))
    entered, walked, fits = [], [], []
    for maze in default_mazes():
        g = geometry(maze)
        cells = [-1 - k for k in range(len(g.openings))] if view.get("outside") else range(g.size)
        for cell in cells:
            for facing in range(4):
                if cell < 0 and g.outside[cell][1] != facing:
                    continue
                target = g.target(cell, facing)
                slides = [target] if blocked_front and isinstance(target, int) else []
                if sight({"maze": maze, "pos": [cell, facing], "landslides": slides}) != want:
                    continue
                crossed = _walk_back(g, cell, facing, trail)
                if crossed is None:
                    fits.append((maze, cell, facing, [cell]))
                else:
                    (entered if whole and crossed[-1] < 0 else walked).append((maze, cell, facing, crossed))
    return entered or walked or fits


def _leaders_setup(view, rng):
    """The Leader's placements as an Adventurer may imagine them while setting up: nothing yet until the
    Leader is done (the view tells only that, ``setup_ready``); then a maze of the default set, an entrance,
    the Treasure on a square in the farther half of the maze from it (where a Leader hides it: the Explorer
    takes the farthest) and the chests anywhere else."""
    if not view["setup_ready"]:
        return {"maze": None, "pos": None, "entrance": None, "treasure_at": None, "chests": []}
    mazes = default_mazes()
    maze = mazes[rng.randrange(len(mazes))]
    g = geometry(maze)
    entrance = rng.randrange(len(g.openings))
    outside = -1 - entrance
    dist = distances(g, g.outside[outside][0])
    far = max(dist.values())
    treasure_at = rng.choice(sorted(c for c, d in dist.items() if 2 * d >= far))
    free = [c for c in range(g.size) if c != treasure_at]
    return {"maze": maze, "pos": [outside, g.outside[outside][1]], "entrance": entrance,
            "treasure_at": treasure_at, "chests": rng.sample(free, game_data()["chests"])}


def _maze_part(view, seat, rng):
    """The maze and everything on it: the Leader's own view, or a draw for an Adventurer."""
    if seat == LEADER:
        return {"maze": view["maze"], "pos": None if view["pos"] is None else list(view["pos"]),
                "entrance": view["entrance"],
                "treasure_at": view["treasure_at"], "chests": list(view["chests"]["closed"]),
                "chests_open": list(view["chests"]["open"]), "landslides": list(view["landslides"]),
                "arrows": [list(a) for a in view["arrows_at"]], "leader_at": view["leader_at"],
                "trail": list(view["trail"])}
    if view["phase"] == "setup":
        return {**_leaders_setup(view, rng), "chests_open": [], "landslides": [], "arrows": [], "leader_at": None,
                "trail": []}
    maze, cell, facing, crossed = _place_group(view, rng)
    g = geometry(maze)
    front = view.get("front") or {}
    target = g.target(cell, facing)
    ahead = target if isinstance(target, int) else None
    taken = {c for c in crossed if c >= 0}
    if ahead is not None:
        taken.add(ahead)
    free = [c for c in range(g.size) if c not in taken]
    rng.shuffle(free)
    chests_total = game_data()["chests"]
    closed, opened, treasure_at, landslides, arrows, leader_at = [], [], None, [], [], None
    if ahead is not None:
        if front.get("chest") == "closed":
            closed.append(ahead)
        elif front.get("chest") == "open":
            opened.append(ahead)
        if front.get("treasure"):
            treasure_at = ahead
        if front.get("landslide"):
            landslides.append(ahead)
        if front.get("leader"):
            leader_at = ahead
        for arrow in front.get("arrows") or []:
            arrows.append([ahead, arrow["colour"], (facing + TURNS.index(arrow["direction"])) % 4])
    if treasure_at is None:
        treasure_at = free.pop()
    while len(opened) < view["chests_opened"]:
        opened.append(free.pop())
    while len(closed) + len(opened) < chests_total and free:
        closed.append(free.pop())
    while len(landslides) < view["landslides_placed"] and free:
        landslides.append(free.pop())
    before = view["moves_before_lamp"]
    entrance = -1 - cell if cell < 0 else rng.randrange(len(g.openings))
    return {"maze": maze, "pos": [cell, facing], "entrance": entrance, "treasure_at": treasure_at,
            "chests": closed, "chests_open": opened, "landslides": landslides, "arrows": arrows,
            "leader_at": leader_at, "trail": ["E"] * before + list(view.get("moves_so_far") or [])}


def sample_state(view, seat, rng, seen=()):
    """A state whose view for ``seat`` is ``view``, its hidden part drawn with ``rng`` (see the module)."""
    if not searchable(view):
        raise CannotSample("Not a decision Sidi Baba's sampler rebuilds (sidibaba/engine/sampling.py says which).")
    players = view["players"]
    data = game_data()
    shown = view.get("pending")
    told = _told(shown, seen)
    setting_up = view["phase"] == "setup"
    gift = shown is not None and shown["kind"] == "dice"  # Scheherazade's tokens given so far are face down
    asked = shown is not None and shown["kind"] == "genie_offer"
    kinds, hands, bag, stolen, curses_out, slots, keeps, offered = _tokens(
        view, seat, players, rng, _table(view, told), unseen=shown["pool"] if gift else 0,
        offers=told if asked else None)
    event_kinds, event_hand, event_deck, events_used = _events(view, seat, rng)
    state = {
        "game": "sidibaba", "players": players, "seed": rng.randrange(1 << 30), "counter": 0, "phase": view["phase"],
        "decision": rng.randrange(1 << 20), "segment_seconds": view["segment_seconds"],
        "window_seconds": data["window_seconds"], "pause_max_seconds": data["pause_max_seconds"],
        "mazes": view.get("maze_choices") or default_mazes(), "kinds": kinds, "event_kinds": event_kinds,
        "setup": {"deadline": view["setup_deadline"] if setting_up else 0.0, "chests": data["chests"],
                  "characters": data["characters"]},
        "characters": list(view["characters"]), "line": list(view["line"]), "lamps": list(view["lamps"]),
        "lit": view["lit"], "leader_lamps": view["leader_lamps"], "lamps_out": view["lamps_out"],
        "hands": hands, "bag": bag, "keeps": keeps,
        "treasure_state": view["treasure"], "leader_kept_out": _kept_out(seen),
        "event_deck": event_deck, "event_hand": event_hand, "events_used": events_used, "stolen": stolen,
        "genies_spent": [], "jewels_paid": [], "curses_out": curses_out,
        "segment": view["segment"], "ends_at": view["segment_ends_at"], "paused": None,
        "genie_segment": view["segment"] if view["genie_used"] else None,
        "votes": list(view["votes"]), "line_vote": None,  # the line's vote, if open, below (it is public)
        "window": {"move": view["moves_made"]} if view["window_open"] else None,
        "pending": _pending(view, offered if asked else slots, told),
        "moves": view["moves_made"], "lamp_trail_from": view["moves_before_lamp"],
        "winner": None, "end_reason": None,
        "last_answer": dict(view["genie_answer"]) if view["genie_answer"] else None,
    }
    state.update(_maze_part(view, seat, rng))
    shown_vote = view.get("line_vote")
    if shown_vote is not None:  # ``opened``: the decision it opened on, which nothing reads back
        state["line_vote"] = {"line": list(shown_vote["line"]), "by": shown_vote["by"],
                              "votes": list(shown_vote["votes"]), "opened": state["decision"]}
    return contract.stamp_rules_version(state, contract.rules_version(view))


__all__ = ["places", "sample_state", "searchable"]
