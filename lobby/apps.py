from django.apps import AppConfig


class LobbyConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "lobby"

    def ready(self):
        # Imported here, once every app is loaded (Django's rule for ready(): these modules reach
        # models). The lobby plugs itself into the platform, so that matches never imports the lobby:
        # its rematch into the end screen, its quick-match sweep into the job registry.
        from lobby import jobs  # noqa: F401 - imported for its registrations
        from lobby.rematch import rematch_summary
        from matches import endscreen

        endscreen.register_rematch(rematch_summary)
