"""manage.py recompute_tournament ID: the standings again from the tournament's matches alone."""
from django.core.management.base import BaseCommand, CommandError

from tournaments.models import Tournament
from tournaments.services import compute_standings


class Command(BaseCommand):
    help = "Recompute a tournament's standings from its matches and store them; says whether they differed."

    def add_arguments(self, parser):
        parser.add_argument("tournament", type=int)

    def handle(self, *args, tournament, **options):
        try:
            row = Tournament.objects.get(pk=tournament)
        except Tournament.DoesNotExist:
            raise CommandError(f"no tournament {tournament}") from None
        standings = compute_standings(row)
        same = standings == row.standings
        Tournament.objects.filter(pk=row.pk).update(standings=standings)
        for place, line in enumerate(standings, start=1):
            self.stdout.write(f"{place:>3}  {line['player']!s:<16} {line['points']:>5} points  "
                              f"{line['matches']} matches  {line['wins']} wins")
        self.stdout.write("unchanged" if same else "the stored standings differed and were replaced")
