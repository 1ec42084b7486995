import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def signup(page, base_url, username, password="a-long-e2e-password-1"):
    """Sign a new person up through the sign-up form; they land logged in."""
    page.goto(f"{base_url}/accounts/signup/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password1]", password)
    page.fill("input[name=password2]", password)
    page.click("[data-testid=signup-submit]")
    page.wait_for_load_state()
    return page


def game_page_scripts(game: str) -> list[str]:
    """The game's own scripts (paths under <game>/static/) in the order its match page loads them."""
    source = (ROOT / game / "templates" / game / "match.html").read_text()
    return re.findall(r"<script src=\"{%% static '(%s/[^']+\.js)' %%}\"" % game, source)


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
