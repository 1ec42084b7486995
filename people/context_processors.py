"""What every page's header shows about invitations: how many wait for the logged-in person."""
from people.invitations import waiting_for


def invitations(request):
    """``invitations_count``: one count, only for a logged-in person and only when a template is rendered."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"invitations_count": 0}
    return {"invitations_count": waiting_for(user).count()}
