"""What the lobby page shows a person: open tables, running public matches, the queue."""
from lobby.models import QuickMatchEntry, Table
from lobby.options import option_summary, seat_role_labels
from matches.models import Match
from matches.registry import all_games
from matches.seat_names import bot_kind, bot_seat_name
from matches.selectors import shown_rating_of, shown_ratings

# What other apps add to a logged-in person's snapshot, each a function (user) -> dict, registered as
# Django starts (the people app: the invitations waiting for the person, docs/people.md): the lobby never
# imports them.
_personal_parts: list = []


def register_personal_part(part) -> None:
    if part not in _personal_parts:
        _personal_parts.append(part)


def lobby_snapshot(user) -> dict:
    """What the lobby page shows this user: open tables, running public matches, the queue."""
    open_tables = (
        Table.objects.filter(status=Table.Status.OPEN)
        .filter(is_private=False)
        .select_related("host")
        .prefetch_related("seats__user")[:100]
    )
    mine = (
        Table.objects.filter(status=Table.Status.OPEN, seats__user=user, is_private=True).prefetch_related("seats__user")
        if user.is_authenticated
        else []
    )
    started_mine = (
        Table.objects.filter(status=Table.Status.STARTED, seats__user=user, match__status=Match.Status.RUNNING).values_list(
            "pk", "match_id"
        )
        if user.is_authenticated
        else []
    )
    running = Match.objects.filter(status=Match.Status.RUNNING, is_private=False).prefetch_related("seats__user")[:50]
    names = {g.key: str(g.name) for g in all_games()}
    queue = {}
    for entry in QuickMatchEntry.objects.all():
        key = f"{entry.game}:{entry.players}"
        queue[key] = queue.get(key, 0) + 1
    my_queue = None
    if user.is_authenticated:
        mine_entry = QuickMatchEntry.objects.filter(user=user).first()
        if mine_entry:
            my_queue = {"game": mine_entry.game, "game_name": names.get(mine_entry.game, mine_entry.game), "players": mine_entry.players}

    role_labels = {}  # (game, seats, options) -> labels: tables made alike share one computation
    summaries = {}  # (game, options) -> the options as read: saves a query per table for options read from the database

    def seat_dicts(t):
        seats = []
        options_key = (t.game, t.seat_count, repr(sorted(t.options.items())))
        if options_key not in role_labels:
            role_labels[options_key] = seat_role_labels(t.game, t.seat_count, t.options)
        roles = role_labels[options_key]
        for s in t.seats.all():
            seat = {
                "seat": s.seat,
                "user": s.user.username if s.user_id else None,
                "bot": s.bot or None,
                "name": s.user.username if s.user_id else bot_seat_name(t.game, s.bot, s.seat) if s.bot else None,
                "title": bot_kind(t.game, s.bot) if s.bot else "",
                # an empty seat a rematch keeps for a player of the last match
                "kept": s.kept_from(None),
                "rating": shown_rating_of(figures, t.game, s.user_id, s.bot),
            }
            if roles is not None:
                seat["role_label"] = roles[s.seat]
            seats.append(seat)
        return seats

    def summary_of(t):
        key = (t.game, repr(sorted(t.options.items())), t.decision_days)
        if key not in summaries:
            summaries[key] = option_summary(t.game, t.options, t.decision_days)
        return summaries[key]

    def table_dict(t):
        return {
            "id": t.pk,
            "game": t.game,
            "game_name": names.get(t.game, t.game),
            "host": t.host.username,
            "seat_count": t.seat_count,
            "private": t.is_private,
            "options": t.options,
            "summary": summary_of(t),
            "seats": seat_dicts(t),
        }

    open_tables, mine, running = list(open_tables), list(mine), list(running)
    # Everyone's shown rating beside their name, every game's in one query (a bot: its kind's in that game).
    figures = shown_ratings([(t.game, s.user_id, s.bot) for t in [*open_tables, *mine] for s in t.seats.all()]
                            + [(m.game, s.user_id, s.bot) for m in running for s in m.seats.all()])
    tables = [table_dict(t) for t in open_tables]
    seen = {t["id"] for t in tables}
    tables += [table_dict(t) for t in mine if t.pk not in seen]
    snapshot = {
        "type": "lobby",
        "tables": tables,
        "running": [
            {
                "match": m.pk,
                "game": m.game,
                "game_name": names.get(m.game, m.game),
                "players": [{"name": s.display_name, "title": s.display_title,
                             "rating": shown_rating_of(figures, m.game, s.user_id, s.bot)} for s in m.seats.all()],
                "started_at": m.started_at.isoformat(),
                "mine": user.is_authenticated and any(s.user_id == user.pk for s in m.seats.all()),
            }
            for m in running
        ],
        "my_started": [{"table": t, "match": m} for t, m in started_mine],
        "queue": queue,
        "my_queue": my_queue,
    }
    if user.is_authenticated:
        for part in _personal_parts:
            snapshot.update(part(user))
    return snapshot
