from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    """Sign-up, log-in (throttled), password change and public profiles.

    Uses django.contrib.auth's User: there is no custom user model.
    """

    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self):
        from accounts import sockets  # noqa: F401  (connects the log-out signal)
