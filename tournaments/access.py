"""Who may see a tournament: a public one everybody; a private one its creator, its players,
staff, and whoever opened its invite link (remembered in the session)."""
from tournaments.models import Tournament

INVITES_SESSION_KEY = "tournament_invites"


def seen_from_its_row(tournament: Tournament, user, session_invites=()) -> bool:
    """Whether the tournament's row alone says the reader may see it (public, invited, staff, its creator),
    without asking the database; False leaves it to `may_see` (a player of a private one)."""
    if not tournament.is_private or tournament.invite_token in session_invites:
        return True
    return user is not None and user.is_authenticated and (user.is_staff or tournament.created_by_id == user.pk)


def may_see(tournament: Tournament, user, session_invites=()) -> bool:
    if seen_from_its_row(tournament, user, session_invites):
        return True
    return user is not None and user.is_authenticated and tournament.entries.filter(user=user).exists()
