"""What the friends page shows (docs/people.md, "Friends"): whom the person follows, who follows them (friends
follow each other), who of those they follow is online, and their running public matches, to watch."""
from django.contrib.auth import get_user_model

from accounts.selectors import game_name
from matches.models import Match, MatchSeat
from people.models import Block, Follow, Invitation
from people.online import online_ids


def circle(user, now=None) -> dict:
    """{"friends", "following", "followers": [person], "blocked": [name]}; a person is {"username", "friend",
    "following", "online", "matches": [{"id", "game_name"}]}. Online status and matches only of those the person
    follows: following someone is how one asks to see it."""
    following = set(Follow.objects.filter(follower=user).values_list("followed_id", flat=True))
    followers = set(Follow.objects.filter(followed=user).values_list("follower_id", flat=True))
    names = dict(get_user_model().objects.filter(pk__in=following | followers, is_active=True).values_list("pk", "username"))
    online = online_ids([pk for pk in following if pk in names], now)
    playing = {}
    for user_id, match_id, game in (MatchSeat.objects.filter(user_id__in=following, match__status=Match.Status.RUNNING,
                                                             match__is_private=False)
                                    .order_by("match_id").values_list("user_id", "match_id", "match__game")):
        playing.setdefault(user_id, []).append({"id": match_id, "game_name": game_name(game)})

    def person(pk):
        return {"username": names[pk], "friend": pk in following and pk in followers, "following": pk in following,
                "online": pk in online, "matches": playing.get(pk, [])}

    people = sorted((person(pk) for pk in names), key=lambda p: (not p["online"], p["username"].casefold()))
    return {
        "friends": [p for p in people if p["friend"]],
        "following": [p for p in people if p["following"] and not p["friend"]],
        "followers": [p for p in people if not p["following"]],
        "blocked": list(Block.objects.filter(blocker=user).order_by("blocked__username").values_list("blocked__username", flat=True)),
    }


def data_of(user) -> dict:
    """What the people app keeps about the person, for their data download (accounts/services.py)."""
    def invitation(i, other):
        return {"with": other, "table": i.table_id, "challenge": i.challenge, "status": i.status,
                "created_at": i.created_at.isoformat(), "answered_at": i.answered_at.isoformat() if i.answered_at else None}

    return {
        "following": list(Follow.objects.filter(follower=user).order_by("created_at").values_list("followed__username", flat=True)),
        "followers": list(Follow.objects.filter(followed=user).order_by("created_at").values_list("follower__username", flat=True)),
        "blocked": list(Block.objects.filter(blocker=user).order_by("created_at").values_list("blocked__username", flat=True)),
        "invitations_sent": [invitation(i, i.invitee.username)
                             for i in Invitation.objects.filter(host=user).select_related("invitee").order_by("created_at", "id")],
        "invitations_received": [invitation(i, i.host.username)
                                 for i in Invitation.objects.filter(invitee=user).select_related("host").order_by("created_at", "id")],
    }
