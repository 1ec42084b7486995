from django.urls import path

from people import views

app_name = "people"
urlpatterns = [
    path("", views.players, name="players"),
    path("friends/", views.friends, name="friends"),
    path("follow/", views.follow, name="follow"),
    path("unfollow/", views.unfollow, name="unfollow"),
    path("block/", views.block, name="block"),
    path("unblock/", views.unblock, name="unblock"),
    path("challenge/", views.challenge, name="challenge"),
    path("tables/<int:table_id>/invite/", views.invite, name="invite"),
    path("invitations/", views.invitations_page, name="invitations"),
    path("invitations/<int:invitation_id>/accept/", views.accept, name="accept"),
    path("invitations/<int:invitation_id>/decline/", views.decline, name="decline"),
    path("invitations/<int:invitation_id>/withdraw/", views.withdraw, name="withdraw"),
]
