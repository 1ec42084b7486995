from django.apps import AppConfig


class MatchesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "matches"

    def ready(self):
        # Registers the jobs and timer work of matches (matches/job_registry.py); imported here,
        # not at the top, because it reaches models, which Django loads only after this module.
        from matches import jobs  # noqa: F401 - imported for its registrations
