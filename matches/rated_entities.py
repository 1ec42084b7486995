"""Who a seat's rating belongs to (docs/ratings.md): a person, a kind of computer player however many seats
it plays, or nobody. Its own module so that what shows ratings (the end screen) and what records them
(matches/ratings.py) name a rated entity the same way without the one importing the other."""


def seat_key(seat_row) -> tuple | None:
    """Who a seat's rating belongs to: ("user", id), ("bot", name), or None (a person without an account)."""
    if seat_row.user_id:
        return ("user", seat_row.user_id)
    if seat_row.bot:
        return ("bot", seat_row.bot)
    return None
