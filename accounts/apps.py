from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    """Sign-up, log-in (throttled), password change and public profiles.

    Uses django.contrib.auth's User: there is no custom user model.
    """

    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self):
        # Imported once the app registry is ready (both reach models): the log-out signal's
        # receiver, the e-mail task accounts/mail.py sends by name, and the SITE_URL check.
        from accounts import checks, sockets, tasks  # noqa: F401 - imported for its registrations
