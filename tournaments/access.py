"""Who may see a tournament: a public one everybody; a private one its creator, its players,
staff, and whoever opened its invite link (remembered in the session)."""
from tournaments.models import Tournament

INVITES_SESSION_KEY = "tournament_invites"


def may_see(tournament: Tournament, user, session_invites=()) -> bool:
    if not tournament.is_private:
        return True
    if tournament.invite_token in session_invites:
        return True
    if user is None or not user.is_authenticated:
        return False
    return user.is_staff or tournament.created_by_id == user.pk or tournament.entries.filter(user=user).exists()
