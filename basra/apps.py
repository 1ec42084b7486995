from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BasraConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "basra"
    verbose_name = _("Ali Baba in Basra")

    def ready(self):
        from basra.game import build_spec
        from matches.registry import register

        register(build_spec())
