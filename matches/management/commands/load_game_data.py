from django.core.management.base import BaseCommand

from matches.registry import all_games


class Command(BaseCommand):
    help = "Load (or refresh) every game's default data from its engine/data JSON into the database."

    def handle(self, *args, **options):
        for spec in all_games():
            if spec.load_default_data is None:
                continue
            spec.load_default_data()
            self.stdout.write(f"{spec.key}: default data loaded")
