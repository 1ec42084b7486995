from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SidiBabaConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "sidibaba"
    verbose_name = _("Sidi Baba")

    def ready(self):
        from matches.registry import register
        from sidibaba.game import build_spec

        register(build_spec())
