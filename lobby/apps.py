from django.apps import AppConfig


class LobbyConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "lobby"

    def ready(self):
        # Registers the quick-match sweep (matches/job_registry.py); imported here, not at the top,
        # because it reaches models, which Django loads only after this module.
        from lobby import jobs  # noqa: F401
