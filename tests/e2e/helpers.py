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
