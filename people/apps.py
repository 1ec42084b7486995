from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PeopleConfig(AppConfig):
    """Finding players by name, following and blocking them, inviting and challenging them (docs/people.md)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "people"
    verbose_name = _("People")

    def ready(self):
        # The people plug into the platform's one list of jobs (the expiry of invitations) and into the
        # accounts' e-mails (what an invitation says): neither imports this app.
        from people import invitations, jobs  # noqa: F401 - imported for their registrations
