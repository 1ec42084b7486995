from django.urls import path

from matches import leaderboard_views

app_name = "leaderboards"
urlpatterns = [
    path("", leaderboard_views.index, name="index"),
    path("<str:game>/", leaderboard_views.game_board, name="game"),
]
