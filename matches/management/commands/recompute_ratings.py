from django.core.management.base import BaseCommand

from matches.ratings import recompute_all


class Command(BaseCommand):
    help = "Rebuild every rating from the finished rated matches, in the order they were recorded."

    def handle(self, *args, **opts):
        rated = recompute_all()
        self.stdout.write(f"{rated} rated matches applied.")
