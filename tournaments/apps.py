from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        # The tournaments plug into the platform's one list of jobs (matches/job_registry.py) and its end
        # screen (the way back to the tournament): the platform never imports them.
        from matches import endscreen
        from tournaments import jobs  # noqa: F401 - imported for its registration
        from tournaments.snapshot import event_link

        endscreen.register_event_link(event_link)
