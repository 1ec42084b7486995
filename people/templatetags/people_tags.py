"""The profile page's people buttons (follow, block, challenge), drawn by this app so that accounts never
imports it: ``{% load people_tags %}{% people_actions owner %}``."""
from django import template

from matches.registry import all_games
from people.models import Block, Follow
from people.relations import are_friends

register = template.Library()


@register.inclusion_tag("people/profile_actions.html", takes_context=True)
def people_actions(context, owner):
    request = context["request"]
    viewer = request.user
    shown = viewer.is_authenticated and viewer.pk != owner.pk
    state = {"shown": shown, "owner": owner, "request": request, "csrf_token": context.get("csrf_token")}
    if not shown:
        return state
    blocked = Block.objects.filter(blocker=viewer, blocked=owner).exists()
    state.update(
        following=Follow.objects.filter(follower=viewer, followed=owner).exists(),
        follows_me=Follow.objects.filter(follower=owner, followed=viewer).exists(),
        friend=are_friends(viewer.pk, owner.pk),
        blocked=blocked,
        games=[{"key": spec.key, "name": spec.name, "min": spec.min_players, "max": spec.max_players} for spec in all_games()],
    )
    # the seats any game takes; the chosen game's own bounds are checked when the table is made
    state.update(fewest=min(g["min"] for g in state["games"]), most=max(g["max"] for g in state["games"]))
    return state
