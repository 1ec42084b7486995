from django.urls import path

from matches import views

app_name = "matches"
urlpatterns = [
    path("", views.history, name="history"),
    path("leaderboards/", views.leaderboard, name="leaderboard"),
    path("<int:match_id>/", views.match_page, name="match"),
    path("<int:match_id>/replay/", views.replay_page, name="replay"),
    path("<int:match_id>/replay.json", views.replay_data, name="replay_data"),
]
