import json

from django.core.management.base import BaseCommand, CommandError

from matches.exports import verify


class Command(BaseCommand):
    help = "Replay a match export (JSON) through its game's engine and say whether it reaches the recorded result."

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, **opts):
        try:
            with open(opts["file"], encoding="utf-8") as handle:
                data = json.load(handle)
            checked = verify(data)
        except (OSError, ValueError, RecursionError) as exc:  # ExportError and JSONDecodeError are ValueErrors
            raise CommandError(str(exc)) from exc
        if not checked.ok:
            raise CommandError(f"Mismatch: {checked.message}")
        self.stdout.write(f"OK: {checked.message}")


