"""The treasure cave's end table and its log explain themselves on a 390 px phone (issue 21, items 3 and 11), in
English and French: every column of the end table has a heading in words, every number or symbol in it is under
a worded heading that is on screen or has a tooltip, no cell is cut or pushed off the phone; every line of the
"what happened" log says its event in words (no raw event code, no empty placeholder), its tile chips and
marks have words, nothing is cut; a French page shows none of the game's English strings. Drawn by the match
page's renderer inside its own containers and styles, frame after frame of a match played by random bots on the
pure engine (no server)."""
import json

import pytest

import alibaba_tiles.engine as tiles
from gamekit import driver
from tests.e2e.helpers import unexplained_marks
from tests.e2e.test_phone_end_tables import NAMES, PHONE, end_of, open_page
from tests.e2e.tour import _word_in, english_strings

pytestmark = [pytest.mark.e2e, pytest.mark.default_mode]  # no server: the same in both modes

PLAYERS, SEED, SEAT, OPTIONS = 4, 5, 1, {"variant": "lamp"}

STEP = """
window.__step = function (frame, events) {
  if (!window.__renderer) {
    window.__renderer = LiveMatch.renderer("alibaba_tiles", "main");
    var names = %s;
    window.__renderer.mount(document.getElementById("game-root"), {
      seat: frame.seat, names: names, isYou: function (s) { return s === frame.seat; },
      name: function (s) { return s === null || s === undefined ? "" : names[s]; },
      send: function () { return true; }, toast: function () {}, frame: function () { return window.__frame; },
      serverNow: function () { return 0; }, t: function (key, data, fallback) { return fallback || key; },
    });
  }
  window.__renderer.update(frame, window.__frame || null, events);
  window.__frame = frame;
};
""" % json.dumps(NAMES)

# what is wrong with each line of the log: no word, a raw event code, an empty placeholder, cut or off the phone
LOG_PROBLEMS = r"""([width, names]) => [...document.querySelectorAll('[data-testid=recent] li')].flatMap(li => {
  const text = names.reduce((t, n) => t.split(n).join('NAME'), li.innerText.trim()), r = li.getBoundingClientRect(), out = [];
  if (!/\p{L}/u.test(text)) out.push('no word: ' + text);
  if (/\b[a-z]+_[a-z_]+\b/.test(text)) out.push('a raw code: ' + text);
  if (/undefined|NaN|\bnull\b|[{}]/.test(text)) out.push('a placeholder: ' + text);
  if (r.left < 0 || r.right > width || li.scrollWidth > li.clientWidth + 1) out.push('cut: ' + text);
  return out;
})"""

# what is wrong with the end table: a heading with no word, a number or symbol under no worded heading on screen
# and with no tooltip, a cell cut or off the phone, a table that scrolls sideways
END_PROBLEMS = r"""(width) => {
  const table = document.querySelector('[data-testid=end-screen] table'), out = [];
  const shown = el => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const heads = [...table.querySelectorAll('thead th')];
  heads.filter(shown).forEach(th => { if (!/\p{L}/u.test(th.innerText)) out.push('a heading with no word: ' + th.innerText); });
  table.querySelectorAll('tbody td').forEach(td => {
    if (!shown(td)) return;
    const th = heads[td.cellIndex], worded = th && shown(th) && /\p{L}/u.test(th.innerText);
    [td, ...td.querySelectorAll('*')].filter(shown).forEach(el => {
      const own = [...el.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim();
      if (!own || /\p{L}/u.test(own) || worded) return;
      if (!el.closest('[title]') || !td.contains(el.closest('[title]'))) out.push('unexplained: ' + own);
    });
    const r = td.getBoundingClientRect();
    if (r.left < 0 || r.right > width || td.scrollWidth > td.clientWidth + 1) out.push('cut: ' + td.innerText);
  });
  const wrap = table.parentElement;
  if (wrap.scrollWidth > wrap.clientWidth + 1) out.push('the table scrolls sideways: ' + wrap.scrollWidth + ' > ' + wrap.clientWidth);
  return out;
}"""


def frames():
    """(frame, events) after each action of a whole match seen from SEAT, as the service would send them."""
    playout = driver.play(tiles, PLAYERS, OPTIONS, SEED, [driver.random_bot] * PLAYERS)
    state = tiles.new_game(PLAYERS, OPTIONS, SEED, 0.0)
    for version, (seat, action, now) in enumerate(playout.log, start=1):
        state, events = tiles.apply(state, seat, action, now)
        mine = [dict(e, version=version) for e in events if e.get("visible_to") == "all" or SEAT in (e.get("visible_to") or [])]
        done = tiles.result(state) is not None
        frame = {"type": "view", "match": 1, "version": version, "seat": SEAT, "status": "finished" if done else "running",
                 "view": tiles.view(state, SEAT), "legal": [] if done else tiles.legal_actions(state, SEAT), "to_act": []}
        if done:
            frame["end"] = end_of(PLAYERS)
        yield json.loads(json.dumps(frame)), json.loads(json.dumps(mine))


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_cave_end_table_and_log_explain_themselves_on_a_phone(browser, language):
    english = english_strings("alibaba_tiles", "matches") if language == "fr" else []
    context, page = open_page(browser, "alibaba_tiles", language)
    page.add_script_tag(content=STEP)
    problems, codes = [], set()
    try:
        for frame, events in frames():
            page.evaluate("([f, e]) => window.__step(f, e)", [frame, events])
            codes.update(e["code"] for e in events)
            found = page.evaluate(LOG_PROBLEMS, [PHONE["width"], NAMES]) + unexplained_marks(page, "[data-testid=recent]")
            text = page.inner_text("[data-testid=recent]")
            found += [f"English: {piece}" for piece in english if _word_in(piece, text)]
            problems.extend(p for p in found if p not in problems)
        page.locator("[data-testid=end-screen]").wait_for()
        assert page.locator("[data-testid=end-screen] tbody tr").count() == PLAYERS
        problems += page.evaluate(END_PROBLEMS, PHONE["width"])
        problems += unexplained_marks(page, "[data-testid=tie-break]")
        text = page.inner_text("[data-testid=end-screen]")
        problems += [f"English at the end: {piece}" for piece in english if _word_in(piece, text)]
        assert page.errors == [], page.errors
    finally:
        context.close()
    assert {"tile_taken", "tiles_flipped"} <= codes, codes  # the log was given the match's events
    assert problems == [], "\n".join(problems[:30])
