from django import template
from django.conf import settings

register = template.Library()


@register.inclusion_tag("chat/panel.html", takes_context=True)
def chat_panel(context):
    """The table chat beside a match page (live) or its replay (read-only)."""
    user = context["request"].user
    return {
        "seat": context.get("seat"),
        "replay": bool(context.get("replay_url")),
        "me": user.username if user.is_authenticated else "",
        "max_length": settings.CHAT_MAX_LENGTH,
    }
