from django.urls import path

from lobby import views

app_name = "lobby"
urlpatterns = [
    path("", views.home, name="home"),
    path("tables/new/", views.create_table, name="create_table"),
    path("tables/<int:table_id>/", views.table_detail, name="table"),
    path("tables/<int:table_id>/join/", views.join, name="join"),
    path("tables/<int:table_id>/leave/", views.leave, name="leave"),
    path("tables/<int:table_id>/bot/", views.add_bot, name="add_bot"),
    path("tables/<int:table_id>/clear/", views.clear_seat, name="clear_seat"),
    path("tables/<int:table_id>/move/", views.move_seat, name="move_seat"),
    path("tables/<int:table_id>/start/", views.start, name="start"),
    path("rematch/<int:match_id>/", views.rematch_offer, name="rematch_offer"),
    path("rematch/<int:match_id>/accept/", views.rematch_accept, name="rematch_accept"),
    path("rematch/<int:match_id>/decline/", views.rematch_decline, name="rematch_decline"),
    path("quick-match/", views.quick_match, name="quick_match"),
    path("quick-match/leave/", views.leave_quick_match, name="leave_quick_match"),
]
