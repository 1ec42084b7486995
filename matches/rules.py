"""How to play, per game: the player-facing part of docs/rules/<game>.md (or its French twin
docs/rules/<game>.fr.md), rendered from Markdown on the server.

The English file is the engine's reference; only the part between the two markers below is meant for
players, so one file keeps the rules and their explanation side by side. The French file holds the
same part translated. A figure is written in the Markdown as raw HTML,
`<figure class="rules-figure" data-figure="NAME"></figure>`, and the game's rules script draws it with
the game's own renderer, so the pictures are the pieces as the match page draws them.
"""
from functools import lru_cache
from pathlib import Path

from django.conf import settings

RULES_DIR = Path(settings.BASE_DIR) / "docs" / "rules"
START = "<!-- how-to-play -->"
END = "<!-- /how-to-play -->"


def rules_file(game: str, language: str | None) -> Path | None:
    """The Markdown file for `game` in `language` (French when asked and written, else English)."""
    if language and language.lower().startswith("fr"):
        french = RULES_DIR / f"{game}.fr.md"
        if french.exists():
            return french
    english = RULES_DIR / f"{game}.md"
    return english if english.exists() else None


def how_to_play_markdown(text: str) -> str:
    """The player-facing part of a rules file: between the markers, or the whole text without them."""
    if START in text:
        text = text.split(START, 1)[1]
        text = text.split(END, 1)[0]
    return text.strip()


@lru_cache(maxsize=32)
def _render(path: str, mtime: float) -> str:
    # imported here, so that a machine whose environment predates the dependency still serves every other page
    import markdown

    text = Path(path).read_text(encoding="utf-8")
    return markdown.markdown(how_to_play_markdown(text), extensions=["tables", "sane_lists"], output_format="html")


def how_to_play_html(game: str, language: str | None) -> str | None:
    """The how-to-play HTML of `game` in `language`, or None when the game has no rules file."""
    path = rules_file(game, language)
    if path is None:
        return None
    return _render(str(path), path.stat().st_mtime)
