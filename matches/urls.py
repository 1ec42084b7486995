from django.urls import path
from django.views.generic import RedirectView

from matches import export_views, review_views, views

app_name = "matches"
urlpatterns = [
    path("", views.history, name="history"),
    path("mine/", views.my_matches, name="mine"),
    path("leaderboards/", RedirectView.as_view(pattern_name="leaderboards:index", permanent=True)),
    path("away.json", views.away, name="away"),
    path("<int:match_id>/", views.match_page, name="match"),
    path("<int:match_id>/resign/", views.resign, name="resign"),
    path("<int:match_id>/abort/", views.abort, name="abort"),
    path("<int:match_id>/replay/", views.replay_page, name="replay"),
    path("<int:match_id>/replay.json", views.replay_data, name="replay_data"),
    path("<int:match_id>/replay-events.json", views.replay_events, name="replay_events"),
    path("<int:match_id>/export.json", export_views.match_export, name="export"),
    path("<int:match_id>/review/<int:seat>.json", review_views.match_review, name="review"),
]
