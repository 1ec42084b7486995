import json

from django.core.management.base import BaseCommand, CommandError

from matches.exports import import_export


class Command(BaseCommand):
    help = "Store a match export (JSON) as a finished, unrated match, once it replays to its recorded result."

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--private", action="store_true", help="list it only to the people who sat in it")

    def handle(self, *args, **opts):
        try:
            with open(opts["file"], encoding="utf-8") as handle:
                data = json.load(handle)
            match = import_export(data, is_private=opts["private"])
        except (OSError, ValueError) as exc:  # ExportError and JSONDecodeError are ValueErrors
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"Imported as match {match.pk} ({match.game}, {match.players} players, {match.version} actions).")
