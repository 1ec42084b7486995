from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AlibabaTilesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "alibaba_tiles"
    verbose_name = _("Ali Baba's treasure cave")

    def ready(self):
        from alibaba_tiles.game import build_spec
        from matches.registry import register

        register(build_spec())
