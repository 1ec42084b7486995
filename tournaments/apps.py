from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        # The tournaments plug into the platform's one list of jobs (matches/job_registry.py): the
        # platform never imports them.
        from tournaments import jobs  # noqa: F401 - imported for its registration
