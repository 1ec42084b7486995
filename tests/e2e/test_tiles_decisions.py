"""The treasure-cave page says whose decision it is and keeps its prompt steady.

When a bot's yellow tile asks you to show a tile, it is your decision during the
bot's turn: the turn bar says so (from the frame's to_act). The show prompt offers
your tiles grouped by colour and sorted by kind, named as a person reads them; and a
frame that arrives while you click (another player answered) keeps the same buttons,
so the click is not lost. Rendered by tiles.js in chromium, as test_tiles_prompts does.
"""
import json

import pytest

from alibaba_tiles.engine import to_act
from tests.e2e.test_tiles_prompts import NAMES, SCENARIOS, find, frame_for, page, render  # noqa: F401 (page: fixture)

pytestmark = pytest.mark.e2e

COLOUR_ORDER = ["pink", "blue", "brown", "green", "yellow", "white"]  # the legend's order (tiles_common.js)


def show_frame(version=7):
    """A frame of the seat a yellow tile asks to show one, during another seat's turn."""
    state, seat = find("show", *SCENARIOS["show"])
    frame = frame_for(state, seat, version)
    frame["to_act"] = to_act(state)
    assert state["current"] != seat and seat in frame["to_act"]
    return state, seat, frame


def turn_line(page):
    return page.evaluate("""() => { const el = document.querySelector('[data-testid=turn]');
      return {text: el.textContent, mine: el.dataset.mine}; }""")


def test_the_turn_bar_says_it_is_your_decision_when_another_players_tile_asks_you(page):
    state, seat, frame = show_frame()
    render(page, frame)
    line = turn_line(page)
    assert line == {"text": f"Your decision ({NAMES[state['current']]}'s turn)", "mine": "1"}
    # the player whose turn it is waits for the others: the bar names who must decide
    waiting = frame_for(state, state["current"])
    waiting["to_act"] = to_act(state)
    render(page, waiting)
    line = turn_line(page)
    assert line["mine"] == "0"
    assert line["text"] == ", ".join(NAMES[s] for s in to_act(state)) + f" to decide ({NAMES[state['current']]}'s turn)"
    assert page.errors == []


def test_the_turn_bar_says_your_turn_when_it_is(page):
    state, seat = find("take", *SCENARIOS["take"])
    frame = frame_for(state, seat)
    frame["to_act"] = to_act(state)
    render(page, frame)
    assert turn_line(page) == {"text": "Your turn", "mine": "1"}
    other = next(s for s in range(state["players"]) if s != seat)
    render(page, dict(frame_for(state, other), to_act=to_act(state)))
    assert turn_line(page) == {"text": f"{NAMES[seat]}'s turn", "mine": "0"}


def test_the_show_prompt_groups_the_tiles_by_colour_sorted_by_kind_with_readable_names(page):
    state, seat, frame = show_frame()
    render(page, frame)
    groups = page.evaluate("""() => Array.from(document.querySelectorAll('[data-testid=action-show] .show-group')).map(g => ({
        colour: g.dataset.colour,
        buttons: Array.from(g.querySelectorAll('button')).map(b => ({testid: b.dataset.testid, title: b.title,
                                                                    action: JSON.parse(b.dataset.action)})),
    }))""")
    tiles = {t["id"]: t for t in frame["view"]["me"]["tiles"]}
    legal_ids = sorted(a["tile"] for a in frame["legal"])
    assert sorted(b["action"]["tile"] for g in groups for b in g["buttons"]) == legal_ids
    colours = [g["colour"] for g in groups]
    assert colours == sorted(set(colours), key=COLOUR_ORDER.index), "one row per colour, in the legend's order"
    for g in groups:
        kinds = [tiles[b["action"]["tile"]]["kind"] for b in g["buttons"]]
        assert kinds == sorted(kinds), g
        for b in g["buttons"]:
            tile = tiles[b["action"]["tile"]]
            assert tile["colour"] == g["colour"]
            assert b["title"] == f"{tile['colour']} {tile['kind']}"  # a name, never the tile's id or a position
    assert page.errors == []


def test_a_click_begun_while_another_answer_arrives_is_not_lost(page):
    _state, _seat, frame = show_frame(version=7)
    render(page, frame)
    action = frame["legal"][-1]
    testid = f"show-{action['tile']}"
    page.evaluate("id => { document.querySelector(`[data-testid='${id}']`).__before = true; }", testid)
    box = page.locator(f'[data-testid="{testid}"]').bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    # another player showed a tile: a new frame, the same choices for this seat
    later = json.loads(json.dumps(frame))
    later["version"] = 8
    page.evaluate("f => LiveMatch.renderer('alibaba_tiles', 'main').update(f, null, [])", later)
    page.mouse.up()
    assert page.evaluate("window.__sent") == [action]
    assert page.evaluate("id => document.querySelector(`[data-testid='${id}']`).__before === true", testid), \
        "the prompt's button is the same element after the re-render"
    # once the choices change, the prompt is drawn anew
    gone = json.loads(json.dumps(later))
    gone["version"], gone["legal"] = 9, []
    page.evaluate("f => LiveMatch.renderer('alibaba_tiles', 'main').update(f, null, [])", gone)
    assert page.locator(f'[data-testid="{testid}"]').count() == 0
    assert page.errors == []
