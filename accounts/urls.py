from django.urls import path

from accounts import views
from config import url_converters  # noqa: F401  (registers <name:...>)

app_name = "accounts"
urlpatterns = [
    path("", views.accounts_home, name="home"),
    path("signup/", views.SignupView.as_view(), name="signup"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", views.LogoutView.as_view(), name="logout"),
    path("password/", views.PasswordChangeView.as_view(), name="password_change"),
    path("password/done/", views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("password/reset/", views.PasswordResetView.as_view(), name="password_reset"),
    path("password/reset/sent/", views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path("password/reset/<uidb64>/<token>/", views.PasswordResetConfirmView.as_view(), name="password_reset_confirm"),
    path("password/reset/complete/", views.PasswordResetCompleteView.as_view(), name="password_reset_complete"),
    path("account/", views.account, name="account"),
    path("account/email/", views.email_change, name="email_change"),
    path("account/email/resend/", views.email_resend, name="email_resend"),
    path("account/preferences/", views.preferences, name="preferences"),
    path("account/playing/", views.play_preferences, name="play_preferences"),
    path("account/privacy/", views.privacy, name="privacy"),
    path("screen-reader/", views.screen_reader_switch, name="screen_reader"),
    path("account/data.json", views.account_data, name="account_data"),
    path("account/delete/", views.delete_account, name="delete_account"),
    path("email/confirm/<str:token>/", views.verify_email, name="verify_email"),
    path("email/unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("u/<name:username>/", views.profile, name="profile"),
]
