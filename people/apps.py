from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PeopleConfig(AppConfig):
    """Finding players by name, following and blocking them, inviting and challenging them (docs/people.md)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "people"
    verbose_name = _("People")

    def ready(self):
        # The people plug into the platform's one list of jobs (the expiry of invitations), into the accounts'
        # e-mails (what an invitation says) and data download, and into the lobby: its snapshot (the invitations
        # waiting for the person, shown live) and its seating (no seat beside someone blocked). None of them
        # imports this app.
        from accounts.services import provide_data_part
        from lobby.snapshot import register_personal_part
        from lobby.tables import register_join_check
        from people import friends, invitations, jobs, relations  # noqa: F401 - imported for their registrations

        register_personal_part(invitations.snapshot_part)
        register_join_check(relations.join_refusal)
        provide_data_part("people", friends.data_of)
