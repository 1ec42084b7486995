import json
import re
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def signup(page, base_url, username, password="a-long-e2e-password-1"):
    """Sign a new person up through the sign-up form; they land logged in."""
    page.goto(f"{base_url}/accounts/signup/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password1]", password)
    page.fill("input[name=password2]", password)
    with page.expect_navigation():
        page.click("[data-testid=signup-submit]")
    return page


def switch_language(page, code):
    """Switch the page to the language ``code`` through the header's language switch (folded under the Menu on a
    phone: it opens it first) and wait for the page in that language; nothing when the page already is."""
    if page.locator("html").get_attribute("lang") == code:
        return
    menu = page.locator("[data-testid=menu-toggle]")
    if not page.locator("select[name=language]").is_visible() and menu.is_visible():
        menu.click()
    with page.expect_navigation():
        page.select_option("select[name=language]", code)
    page.wait_for_load_state()


def login(page, base_url, username, password="demo-password-1"):
    """Log in through the login form and wait for the page it leads to, so that the next step never
    cancels the form's own request (a goto right after the click could race the session cookie)."""
    page.goto(f"{base_url}/accounts/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    with page.expect_navigation():
        page.click("[data-testid=login-submit]")
    return page


def game_page_scripts(game: str) -> list[str]:
    """The game's own renderer modules (paths under <game>/static/) in the order its match page imports
    them: the modules its page module (named by match.html) imports from the game's own folder."""
    source = (ROOT / game / "templates" / game / "match.html").read_text()
    entry = re.search(r"<script type=\"module\" src=\"{%% static '(%s/[^']+\.js)' %%}\"" % game, source).group(1)
    folder = entry.rsplit("/", 1)[0]
    imports = re.findall(r'^import "\./([^"]+\.js)";', (ROOT / game / "static" / entry).read_text(), re.M)
    return [f"{folder}/{name}" for name in imports]


STATIC_ORIGIN = "http://static.test"
# A harness page has no site behind it, so its waits are for chromium alone: seconds on a quiet machine, but a
# fully loaded CI (four workers, each with its own chromium and site) once kept a button from being drawn
# "stable" for 5 s. A longer budget costs nothing when the page is right.
HARNESS_TIMEOUT_MS = 30_000


def static_file(path: str) -> Path:
    """The file a static path (\"matches/ui.js\") names, found as Django's finders find it (an app's static/ or static/)."""
    for candidate in [ROOT / "static" / path, *ROOT.glob(f"*/static/{path}")]:
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(path)


def add_modules(page, scripts=(), language=None, timeout=5_000):
    """Loads the page's ES modules into a harness page (one set with set_content, no site behind it): ui.js and
    ``scripts`` (files under an app's static/ or static paths), served from a stand-in origin as Django serves
    them (relative imports resolve the same way). Harness code written as a classic script then finds the shared
    registry and helpers as window.LiveMatch and window.MatchUI: only the tests read these globals.
    With a ``language``, the page's strings come from the site's JSON catalogue in that language (static/js/i18n.js
    fetches it as on the site); without one, the scripts' English source."""
    from tests.page_strings import catalogue

    def serve(route):
        path = route.request.url.split(STATIC_ORIGIN + "/", 1)[1].split("?", 1)[0]
        if path == "jsi18n/":
            route.fulfill(content_type="application/json", body=json.dumps(catalogue(language)),
                          headers={"Access-Control-Allow-Origin": "*"})
            return
        try:
            body = static_file(path).read_text()
        except FileNotFoundError:
            route.fulfill(status=404, body="")
            return
        # the harness page (about:blank) is another origin: modules need CORS
        route.fulfill(content_type="text/javascript", body=body, headers={"Access-Control-Allow-Origin": "*"})

    page.route(STATIC_ORIGIN + "/**", serve)
    if language:
        page.evaluate("url => { document.documentElement.dataset.catalog = url; }", f"{STATIC_ORIGIN}/jsi18n/")
    paths = [str(s).split("/static/", 1)[1] if "/static/" in str(s) else str(s) for s in scripts]
    imports = "".join(f'import "{STATIC_ORIGIN}/{p}";\n' for p in paths)
    page.add_script_tag(type="module", content=(
        f'import * as MatchUI from "{STATIC_ORIGIN}/matches/ui.js";\n{imports}'
        "window.MatchUI = MatchUI; window.LiveMatch = MatchUI.LiveMatch; window.__modulesReady = true;\n"))
    page.wait_for_function("window.__modulesReady === true", timeout=timeout)


def start_cave_against_a_bot(page, base_url):
    """From the lobby: a 2-seat treasure-cave table without a clock, a computer player in the other seat,
    started; the page lands on the match."""
    page.goto(base_url + "/")
    page.select_option("select[name=game]", "alibaba_tiles")
    page.fill("input[name=seats]", "2")
    page.fill("input[name=clock]", "0")
    page.click("[data-testid=create-table]")
    page.wait_for_url(re.compile(r"/tables/\d+/$"))
    page.click("[data-testid=add-bot]")
    page.wait_for_selector("[data-testid=seat-bot]")
    page.click("[data-testid=start]")
    page.wait_for_url(re.compile(r"/matches/\d+/$"))
    return page


@contextmanager
def harness_page(browser, body: str, styles=(), scripts=(), harness: str = "", width=1280, height=1000, language=None):
    """A page of a game's own scripts and styles on rendered template blocks, with no site behind it (the
    view drawn from a frame the test builds), its strings in ``language`` (add_modules); fails on any page error or
    console error when left."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(HARNESS_TIMEOUT_MS)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.set_content("<!doctype html><html><head><meta charset=utf-8></head><body>" + body + "</body></html>")
    for style in styles:
        page.add_style_tag(path=str(style))
    add_modules(page, scripts, language)
    if harness:
        page.add_script_tag(content=harness)
    page.errors = errors
    try:
        yield page
        assert errors == [], errors
    finally:
        context.close()


def visible_in_viewport(locator, width=1280) -> bool:
    """Shown, with a size, and not cut off on the left or the right of a ``width``-wide window."""
    box = locator.bounding_box()
    return locator.is_visible() and box is not None and box["width"] > 0 and box["x"] >= 0 and box["x"] + box["width"] <= width


# every visible element under the root with text of its own that holds no letter ("★ 3", "▶", "2", "1:05"), and no
# explanation in words around it: a title or aria-label on itself or what holds it, an SVG <title>, or a legend
UNEXPLAINED = r"""(rootSelector) => {
  const root = document.querySelector(rootSelector);
  const out = [];
  root.querySelectorAll('*').forEach(el => {
    const own = Array.from(el.childNodes).filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim();
    if (!own || /\p{L}/u.test(own)) return;
    if (el.closest('title')) return;
    const r = el.getBoundingClientRect();
    if (!r.width || !r.height) return;
    let explained = false;
    for (let a = el; a && a !== root.parentElement; a = a.parentElement) {
      if (a.getAttribute('title') || a.getAttribute('aria-label') || a.closest('[data-testid=legend], [data-testid$=-legend]') ||
          Array.from(a.children).some(c => c.tagName.toLowerCase() === 'title')) { explained = true; break; }
    }
    if (!explained) out.push((el.dataset.testid || el.className.baseVal || el.className || el.tagName) + ': ' + own);
  });
  return out;
}"""


def unexplained_marks(page, root_selector="#game-root") -> list[str]:
    """The symbols, chips and bare numbers shown under ``root_selector`` with no words to explain them."""
    return page.evaluate(UNEXPLAINED, root_selector)


def simulated_match_ids(output: str) -> list[int]:
    """The ids `manage.py simulate` printed ("matches: 12 13"): each test opens its own match, never
    "the first in the list", which another test running beside it may have just pushed down."""
    return [int(pk) for pk in re.search(r"^matches: ([\d ]+)$", output, re.M).group(1).split()]


def open_replay(page, base_url, match_id):
    """From the history page, the replay link of this match, as a person clicks it."""
    page.goto(f"{base_url}/matches/")
    with page.expect_navigation():
        page.click(f"a[href='/matches/{match_id}/replay/']")


def screen_reader_on(page):
    """Turns the screen-reader mode on (docs/accessibility.md) with the switch first in the site's menu, opening the
    menu first on a phone, and waits for the page to come back with the mode on."""
    switch = page.locator("[data-testid=screen-reader-switch]")
    menu = page.locator("[data-testid=menu-toggle]")
    if not switch.is_visible() and menu.is_visible():
        menu.click()
    with page.expect_navigation():
        switch.click()
    assert page.locator("body").get_attribute("data-screen-reader") == "on"


def read_out(page, command):
    """Types ``command`` in the screen-reader panel's field and returns what its readout (#sr-readout) then says:
    the page empties it as the command is sent, and says the answer a moment later."""
    page.fill("[data-testid=sr-command]", command)
    page.press("[data-testid=sr-command]", "Enter")
    page.wait_for_function("() => document.querySelector('[data-testid=sr-readout]').textContent.trim() !== ''")
    return page.locator("[data-testid=sr-readout]").inner_text().strip()
