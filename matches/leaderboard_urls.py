from django.urls import path

from config import url_converters  # noqa: F401  (registers <name:...>)
from matches import leaderboard_views

app_name = "leaderboards"
urlpatterns = [
    path("", leaderboard_views.index, name="index"),
    path("<name:game>/", leaderboard_views.game_board, name="game"),
]
