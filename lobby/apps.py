from django.apps import AppConfig


class LobbyConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "lobby"

    def ready(self):
        # Imported once every app is loaded (Django's rule for ready()): the lobby plugs its rematch
        # into the platform's end screen, so that matches never imports the lobby.
        from lobby.rematch import rematch_summary
        from matches import endscreen

        endscreen.register_rematch(rematch_summary)
