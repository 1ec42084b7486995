from django.conf import settings
from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse_lazy
from django.utils.translation import ngettext
from django.views.generic import FormView

from accounts.forms import SignupForm
from accounts.selectors import profile_summary
from accounts.throttle import client_ip, remember_device
from config import ratelimit


def minutes_of(seconds: int) -> int:
    return max(1, -(-int(seconds) // 60))


def too_many(view, form, message: str, wait: int):
    """The page again, its form unbound, with the wait: HTTP 429 and Retry-After."""
    response = view.render_to_response(view.get_context_data(form=form, throttle_error=message), status=429)
    response["Retry-After"] = str(wait)
    return response


class LoginView(auth_views.LoginView):
    """Django's LoginView; django-axes throttles it (accounts.throttle) like every other log-in."""

    template_name = "registration/login.html"
    redirect_authenticated_user = True

    def form_valid(self, form):
        response = super().form_valid(form)
        # This browser is now known for this name: failures from elsewhere do not lock it out.
        remember_device(response, form.get_user())
        return response


class LogoutView(auth_views.LogoutView):
    """POST only (Django 5); redirects to settings.LOGOUT_REDIRECT_URL."""


class SignupView(FormView):
    form_class = SignupForm
    template_name = "accounts/signup.html"
    success_url = reverse_lazy("lobby:home")

    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated:
            return redirect(self.success_url)
        return super().dispatch(request, *args, **kwargs)

    def post(self, request, *args, **kwargs):
        # Every attempt counts, so that a script cannot try names (or create accounts) without end.
        hit = ratelimit.hit("signup-ip", client_ip(request), settings.SIGNUP_LIMIT, settings.SIGNUP_WINDOW)
        if not hit.allowed:
            message = ngettext(
                "Too many sign-ups from your address. Try again in %(minutes)d minute.",
                "Too many sign-ups from your address. Try again in %(minutes)d minutes.",
                minutes_of(hit.retry_after),
            ) % {"minutes": minutes_of(hit.retry_after)}
            return too_many(self, self.form_class(), message, hit.retry_after)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        user = form.save()
        login(self.request, user, backend="django.contrib.auth.backends.ModelBackend")
        return super().form_valid(form)


class PasswordChangeView(auth_views.PasswordChangeView):
    template_name = "accounts/password_change_form.html"
    success_url = reverse_lazy("accounts:password_change_done")

    def post(self, request, *args, **kwargs):
        # Counted before the old password is checked, given back when it was right.
        self.attempt = ("password-change-user", request.user.pk)
        hit = ratelimit.hit(*self.attempt, settings.PASSWORD_CHANGE_ATTEMPTS_LIMIT, settings.PASSWORD_CHANGE_ATTEMPTS_WINDOW)
        if not hit.allowed:
            message = ngettext(
                "Too many attempts. Try again in %(minutes)d minute.",
                "Too many attempts. Try again in %(minutes)d minutes.",
                minutes_of(hit.retry_after),
            ) % {"minutes": minutes_of(hit.retry_after)}
            return too_many(self, self.form_class(user=request.user), message, hit.retry_after)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        ratelimit.clear(*self.attempt)
        return super().form_valid(form)

    def form_invalid(self, form):
        if not form.has_error("old_password"):
            ratelimit.release(*self.attempt)
        return super().form_invalid(form)


class PasswordChangeDoneView(auth_views.PasswordChangeDoneView):
    template_name = "accounts/password_change_done.html"


def profile(request, username):
    owner = get_object_or_404(get_user_model(), username=username, is_active=True)
    context = profile_summary(owner, viewer=request.user)
    context["is_owner"] = request.user.is_authenticated and request.user.pk == owner.pk
    return render(request, "accounts/profile.html", context)
