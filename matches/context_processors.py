"""What every page's header shows about the person's matches."""
from matches import selectors


def my_turns(request):
    """``my_turns_count``: the turn-based matches waiting for the logged-in person (the header's
    badge). One count on the seats' (user, waiting_since) index, only for a logged-in person and
    only when a template is rendered (context processors run for nothing else)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"my_turns_count": 0}
    return {"my_turns_count": selectors.waiting_count(user)}
