from django.http import Http404
from django.shortcuts import render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from matches.registry import all_games, get_game
from matches.rules import how_to_play_html


def rules_page(request, game):
    try:
        spec = get_game(game)
    except LookupError:
        raise Http404("Unknown game") from None
    html = how_to_play_html(spec.key, get_language())
    if html is None:
        raise Http404("This game has no rules page yet")
    # each game draws the pictures of its rules page with its own renderer (<game>/rules_figures.html)
    figures = f"{spec.key}/rules_figures.html"
    try:
        get_template(figures)
    except TemplateDoesNotExist:
        figures = None
    return render(
        request,
        "matches/rules.html",
        {
            "spec": spec,
            # our own Markdown from docs/rules (not user input): its figures are raw HTML on purpose
            "rules_html": mark_safe(html),
            "figures_template": figures,
            "games": all_games(),
        },
    )
