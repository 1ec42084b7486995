"""Create the demo accounts (alice, bob, carol) and a staff superuser "admin".

Idempotent: accounts that already exist are left as they are (their password
is not reset and nobody is promoted), so running it twice changes nothing.
Refuses to run when settings.DEBUG is off: the passwords are in the README,
and DEBUG is on only for a site served on a loopback address (scripts/run.sh).
"""
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

DEMO_PLAYERS = ("alice", "bob", "carol")
DEMO_PASSWORD = "demo-password-1"
ADMIN_USERNAME = "admin"
ADMIN_PASSWORD = "admin-password-1"


class Command(BaseCommand):
    help = "Create demo accounts alice, bob, carol and a superuser admin (only with DEBUG on: a site on this machine)."

    def handle(self, *args, **options):
        if not settings.DEBUG:
            raise CommandError(
                "DEBUG is off: the demo accounts have well-known passwords and are only for a site served on a loopback address."
            )
        User = get_user_model()
        with transaction.atomic():
            for username in DEMO_PLAYERS:
                self._ensure(User, username, DEMO_PASSWORD, superuser=False)
            self._ensure(User, ADMIN_USERNAME, ADMIN_PASSWORD, superuser=True)

    def _ensure(self, User, username, password, superuser):
        if User.objects.filter(username=username).exists():
            self.stdout.write(f"{username}: already exists, left unchanged")
            return
        if superuser:
            User.objects.create_superuser(username=username, email="", password=password)
            self.stdout.write(self.style.SUCCESS(f"{username}: created (staff superuser)"))
        else:
            User.objects.create_user(username=username, password=password)
            self.stdout.write(self.style.SUCCESS(f"{username}: created"))
