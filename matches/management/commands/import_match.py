import json

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from matches.exports import import_export


def _seat_account(text):
    """`--as 0=alice` -> (0, "alice")."""
    seat, sep, username = text.partition("=")
    if not sep or not seat.strip().isdigit() or not username.strip():
        raise CommandError(f"--as takes SEAT=USERNAME (e.g. --as 0=alice), not {text!r}.")
    return int(seat), username.strip()


class Command(BaseCommand):
    help = (
        "Store a match export (JSON) as a finished, unrated match, once it replays to its recorded result. "
        "It is on nobody's profile unless --as says which account sat in a seat, and private unless --public."
    )

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument(
            "--as", dest="seat_accounts", action="append", default=[], metavar="SEAT=USERNAME",
            help="the account that sat in SEAT (0 is the first); repeat for each seat to attribute",
        )
        parser.add_argument(
            "--public", action="store_true", help="list it to everyone (private by default: only to the accounts given with --as)"
        )

    def handle(self, *args, **opts):
        accounts_by_seat = self.accounts_by_seat([_seat_account(text) for text in opts["seat_accounts"]])
        try:
            with open(opts["file"], encoding="utf-8") as handle:
                data = json.load(handle)
            match = import_export(data, accounts_by_seat=accounts_by_seat, is_private=not opts["public"])
        except (OSError, ValueError, RecursionError) as exc:  # ExportError and JSONDecodeError are ValueErrors
            raise CommandError(f"{opts['file']}: {exc}") from exc
        self.stdout.write(f"Imported as match {match.pk} ({match.game}, {match.players} players, {match.version} actions, "
                          f"{'public' if opts['public'] else 'private'}).")

    def accounts_by_seat(self, pairs):
        seats = [seat for seat, _ in pairs]
        if len(seats) != len(set(seats)):
            raise CommandError("--as names a seat twice.")
        if len({username for _, username in pairs}) != len(pairs):
            raise CommandError("--as names an account twice.")
        users = {u.username: u for u in get_user_model().objects.filter(username__in=[name for _, name in pairs])}
        missing = [name for _, name in pairs if name not in users]
        if missing:
            raise CommandError(f"No such account: {', '.join(missing)}.")
        return {seat: users[username] for seat, username in pairs}
