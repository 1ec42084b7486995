import math

from django.contrib.auth import get_user_model, login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import UserCreationForm
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse_lazy
from django.utils.translation import ngettext
from django.views.generic import FormView

from accounts.selectors import profile_summary
from accounts.throttle import client_ip, login_throttle


def throttled_message(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return ngettext(
        "Too many failed log-in attempts. Try again in %(minutes)d minute.",
        "Too many failed log-in attempts. Try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


class LoginView(auth_views.LoginView):
    """Django's LoginView behind the throttle (accounts.throttle)."""

    template_name = "registration/login.html"
    redirect_authenticated_user = True

    def post(self, request, *args, **kwargs):
        username = request.POST.get("username", "")
        wait = login_throttle.retry_after(username, client_ip(request))
        if wait:
            # Refused before the form is validated: no password is checked.
            # The form is unbound so that rendering it cannot authenticate.
            form = self.form_class(request=request, initial={"username": username})
            context = self.get_context_data(form=form, throttle_error=throttled_message(wait))
            response = self.render_to_response(context, status=429)
            response["Retry-After"] = str(wait)
            return response
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        login_throttle.reset(username=self.request.POST.get("username", ""))
        return super().form_valid(form)

    def form_invalid(self, form):
        if form.has_error("__all__", "invalid_login") or form.has_error("__all__", "inactive"):
            login_throttle.record_failure(self.request.POST.get("username", ""), client_ip(self.request))
        return super().form_invalid(form)


class LogoutView(auth_views.LogoutView):
    """POST only (Django 5); redirects to settings.LOGOUT_REDIRECT_URL."""


class SignupView(FormView):
    form_class = UserCreationForm
    template_name = "accounts/signup.html"
    success_url = reverse_lazy("lobby:home")

    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated:
            return redirect(self.success_url)
        return super().dispatch(request, *args, **kwargs)

    def form_valid(self, form):
        user = form.save()
        login(self.request, user, backend="django.contrib.auth.backends.ModelBackend")
        return super().form_valid(form)


class PasswordChangeView(auth_views.PasswordChangeView):
    template_name = "accounts/password_change_form.html"
    success_url = reverse_lazy("accounts:password_change_done")


class PasswordChangeDoneView(auth_views.PasswordChangeDoneView):
    template_name = "accounts/password_change_done.html"


def profile(request, username):
    owner = get_object_or_404(get_user_model(), username=username, is_active=True)
    context = profile_summary(owner, viewer=request.user)
    context["is_owner"] = request.user.is_authenticated and request.user.pk == owner.pk
    return render(request, "accounts/profile.html", context)
