from django.conf import settings
from django.urls import path

from lobby.consumers import LobbyConsumer
from matches.consumers import MatchConsumer
from tournaments.consumers import TournamentConsumer

websocket_urlpatterns = [
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    path("ws/match/<int:match_id>/", MatchConsumer.as_asgi()),
    path("ws/tournament/<int:tournament_id>/", TournamentConsumer.as_asgi()),
]

if settings.LOAD_ECHO_ROUTE:
    # The floor for bench/load.py (config/load_echo.py); off unless asked for.
    from config.load_echo import EchoConsumer

    websocket_urlpatterns.append(path("ws/echo/<int:table>/", EchoConsumer.as_asgi()))
