import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login, logout, views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse, reverse_lazy
from django.utils import translation
from django.utils.translation import gettext as _, ngettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST
from django.views.generic import FormView

from accounts import mail, services
from accounts.forms import (
    DeleteAccountForm,
    EmailChangeForm,
    PlayPreferencesForm,
    PreferencesForm,
    PrivacyForm,
    ResetForm,
    SignupForm,
)
from accounts.models import SCREEN_READER_SESSION_KEY, AccountProfile, profile_of
from accounts.selectors import profile_summary
from accounts.sockets import keeping_this_session
from accounts.throttle import client_ip, remember_device
from config import ratelimit
from config.back_redirect import back_to_next


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
        # Accounts made across the whole site, whatever their addresses: a script with many
        # addresses (issue 20, finding 8) is slowed down too; people retry later.
        hit = ratelimit.hit("signup-site", "site", settings.SIGNUP_SITE_LIMIT, settings.SIGNUP_SITE_WINDOW)
        if not hit.allowed:
            message = ngettext(
                "The site takes no more new accounts for the moment. Try again in %(minutes)d minute.",
                "The site takes no more new accounts for the moment. Try again in %(minutes)d minutes.",
                minutes_of(hit.retry_after),
            ) % {"minutes": minutes_of(hit.retry_after)}
            return too_many(self, form, message, hit.retry_after)
        return self.create_account(form)

    def create_account(self, form):
        user = form.save()
        AccountProfile.objects.create(user=user, language=translation.get_language() or settings.LANGUAGE_CODE)
        login(self.request, user, backend="django.contrib.auth.backends.ModelBackend")
        # a newcomer lands in the lobby: say where to start (shown at the top of that page)
        messages.success(self.request, _(
            "Welcome, %(name)s! To start: “Find me a match” under Quick match plays with whoever is waiting; "
            "“Create table” and then “Add a computer player” plays at once against the computer. "
            "“How to play” under each game explains it.") % {"name": user.username})
        address = form.cleaned_data.get("email")
        if address:
            send_confirmation(self.request, user, address)
        response = super().form_valid(form)
        # This browser is now known for this name, as after a log-in: failures from elsewhere do not
        # lock it out, and its password resets are the owner's (accounts.mail, "Limits").
        remember_device(response, user)
        return response


def too_many_emails_message(retry_after: int) -> str:
    return ngettext(
        "Too many e-mails asked for. Try again in %(minutes)d minute.",
        "Too many e-mails asked for. Try again in %(minutes)d minutes.",
        minutes_of(retry_after),
    ) % {"minutes": minutes_of(retry_after)}


def send_confirmation(request, user, address) -> bool:
    """Ask for the address's confirmation link; a message on the next page says what happened."""
    try:
        mail.request_verification(user, address, mail.site_url(), client_ip(request))
    except mail.TooManyEmails as limited:
        messages.error(request, too_many_emails_message(limited.retry_after))
        return False
    messages.success(request, _("We sent a link to %(address)s: follow it to confirm the address.") % {"address": address})
    return True


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
        # The new password closes every socket of the account but this session's: Django keeps it
        # logged in (accounts/sockets.py).
        with keeping_this_session(self.request):
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


# --- The account page: e-mail, language, playing, data download, deletion --------------------------

def account_context(request, **forms):
    user = request.user
    profile = profile_of(user)
    context = {
        "profile": profile,
        "email_form": EmailChangeForm(user),
        "preferences_form": PreferencesForm(instance=profile),
        "play_form": PlayPreferencesForm(instance=profile),
        "privacy_form": PrivacyForm(instance=profile),
        "delete_form": DeleteAccountForm(user),
        "running_matches": services.running_matches(user).count(),
    }
    context.update(forms)
    return context


def accounts_home(request):
    """/accounts/ itself: the account page, through the log-in for a stranger."""
    if not request.user.is_authenticated:
        return auth_views.redirect_to_login(reverse("accounts:account"))
    return redirect("accounts:account")


@login_required
def account(request):
    return render(request, "accounts/account.html", account_context(request))


def _limited_page(request, message, retry_after, **forms):
    response = render(request, "accounts/account.html", account_context(request, throttle_error=message, **forms), status=429)
    response["Retry-After"] = str(retry_after)
    return response


def _password_attempt_refused(request):
    """Counts one password check of the person (email change, deletion) before the password is
    checked, as the password change does; the 429 page when over the limit, else None."""
    hit = ratelimit.hit(*_password_attempt(request), settings.PASSWORD_CHANGE_ATTEMPTS_LIMIT, settings.PASSWORD_CHANGE_ATTEMPTS_WINDOW)
    if not hit.allowed:
        return _limited_page(request, too_many_attempts(hit.retry_after), hit.retry_after)
    return None


def _password_attempt(request):
    return ("password-check-user", request.user.pk)


@login_required
@require_POST
def email_change(request):
    # Given back when the password was right.
    attempt = _password_attempt(request)
    if refused := _password_attempt_refused(request):
        return refused
    form = EmailChangeForm(request.user, request.POST)
    if not form.is_valid():
        if not form.has_error("password"):
            ratelimit.release(*attempt)
        return render(request, "accounts/account.html", account_context(request, email_form=form))
    ratelimit.release(*attempt)
    # Counted and answered alike whether another account has the address or not (its owner is
    # told instead of being sent a link: accounts.mail.request_verification): the form is no way
    # to find out which addresses have accounts (issue 35).
    try:
        mail.request_verification(request.user, form.cleaned_data["email"], mail.site_url(), client_ip(request))
    except mail.TooManyEmails as limited:
        return _limited_page(request, too_many_emails_message(limited.retry_after), limited.retry_after)
    messages.success(
        request,
        _(
            "If %(address)s is free to use, a link to confirm it is on its way: follow it. "
            "Until then your account keeps its current address."
        ) % {"address": form.cleaned_data["email"]},
    )
    return redirect("accounts:account")


@login_required
@require_POST
def email_resend(request):
    profile = profile_of(request.user)
    if not profile.pending_email:
        messages.error(request, _("No address waits for confirmation."))
        return redirect("accounts:account")
    try:
        mail.request_verification(request.user, profile.pending_email, mail.site_url(), client_ip(request))
    except mail.TooManyEmails as limited:
        return _limited_page(request, too_many_emails_message(limited.retry_after), limited.retry_after)
    messages.success(
        request, _("If %(address)s is free to use, a link to confirm it is on its way: follow it.") % {"address": profile.pending_email}
    )
    return redirect("accounts:account")


def _save_profile_form(request, form_class, context_key, saved_message):
    """One of the account page's forms of the person's profile: saved and said, or the page again with its errors."""
    form = form_class(request.POST, instance=profile_of(request.user))
    if not form.is_valid():
        return render(request, "accounts/account.html", account_context(request, **{context_key: form}))
    form.save()
    messages.success(request, saved_message)
    return redirect("accounts:account")


@login_required
@require_POST
def preferences(request):
    return _save_profile_form(request, PreferencesForm, "preferences_form", _("Your e-mail preferences are saved."))


@login_required
@require_POST
def play_preferences(request):
    return _save_profile_form(request, PlayPreferencesForm, "play_form", _("Your game preferences are saved."))


@require_POST
def screen_reader_switch(request):
    """The header's switch of the screen-reader mode (docs/accessibility.md): ``screen_reader`` "on" or "off",
    kept in a logged-in person's profile, else in the visitor's session; back to ``next`` (this site's only)."""
    value = request.POST.get("screen_reader")
    if value not in ("on", "off"):
        return HttpResponseBadRequest(_("The screen-reader mode is “on” or “off”."), content_type="text/plain; charset=utf-8")
    on = value == "on"
    if request.user.is_authenticated:
        profile = profile_of(request.user)
        profile.screen_reader = on
        profile.save(update_fields=["screen_reader"])
    else:
        request.session[SCREEN_READER_SESSION_KEY] = on
    messages.success(request, _("Screen-reader mode on.") if on else _("Screen-reader mode off."))
    return back_to_next(request, "lobby:home")


@login_required
@require_POST
def privacy(request):
    return _save_profile_form(request, PrivacyForm, "privacy_form", _("Your privacy settings are saved."))


@csrf_exempt  # the signed link is the proof; a mail client's one-click POST carries no cookie (RFC 8058)
def unsubscribe(request, token):
    """GET: a page with a button (a mail scanner opening links turns nothing off); POST: turn the notice off."""
    try:
        if request.method != "POST":
            _user, notice = services.read_unsubscribe(token)
            return render(request, "accounts/unsubscribe.html", {"done": False, "notice": notice})
        _user, notice = services.unsubscribe(token)
    except services.AccountError as refused:
        return render(request, "accounts/unsubscribe.html", {"error": str(refused)}, status=400)
    return render(request, "accounts/unsubscribe.html", {"done": True, "notice": notice})


@login_required
def account_data(request):
    # Each download reads all of a person's matches, ratings and messages: a few per hour is plenty.
    hit = ratelimit.hit("data-download", request.user.pk, settings.DATA_DOWNLOAD_LIMIT, settings.DATA_DOWNLOAD_WINDOW)
    if not hit.allowed:
        message = ngettext(
            "Too many downloads of your data. Try again in %(minutes)d minute.",
            "Too many downloads of your data. Try again in %(minutes)d minutes.",
            minutes_of(hit.retry_after),
        ) % {"minutes": minutes_of(hit.retry_after)}
        return _limited_page(request, message, hit.retry_after)
    body = json.dumps(services.account_data(request.user), ensure_ascii=False, indent=2)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{request.user.username}-data.json"'
    return response


@login_required
@require_POST
def delete_account(request):
    attempt = _password_attempt(request)
    if refused := _password_attempt_refused(request):
        return refused
    form = DeleteAccountForm(request.user, request.POST)
    if not form.is_valid():
        return render(request, "accounts/account.html", account_context(request, delete_form=form))
    ratelimit.release(*attempt)
    try:
        services.delete_account(request.user)
    except services.AccountError as refused:
        form.add_error(None, str(refused))
        return render(request, "accounts/account.html", account_context(request, delete_form=form), status=409)
    logout(request)
    messages.success(request, _("Your account was deleted. The matches you played stay in the others' history, under “Former player”."))
    return redirect("lobby:home")


def too_many_attempts(retry_after: int) -> str:
    return ngettext(
        "Too many attempts. Try again in %(minutes)d minute.",
        "Too many attempts. Try again in %(minutes)d minutes.",
        minutes_of(retry_after),
    ) % {"minutes": minutes_of(retry_after)}


def _onward(request, user) -> str:
    """Where a confirmation sends its person next: their account page, through the log-in unless they are in."""
    return "accounts:account" if request.user.is_authenticated and request.user.pk == user.pk else "accounts:login"


def verify_email(request, token):
    """GET: what the link is for; POST: confirm it (a link opened by a mail scanner confirms nothing).
    A link followed again (its address already confirmed) says so, with the way onward: no error."""
    try:
        if request.method == "POST":
            user = services.confirm_email(token)
            messages.success(request, _("Your address %(address)s is confirmed.") % {"address": user.email})
            return redirect(_onward(request, user))
        address = services.check_confirmation(token)
    except services.AlreadyConfirmed as done:
        return render(request, "accounts/verify_email.html", {"confirmed": done.address, "onward": _onward(request, done.user)})
    except services.AccountError as refused:
        return render(request, "accounts/verify_email.html", {"error": str(refused)}, status=400)
    return render(request, "accounts/verify_email.html", {"address": address})


# --- Password reset: Django's views, mail sent later (accounts.mail) -------------------------

class PasswordResetView(auth_views.PasswordResetView):
    form_class = ResetForm
    template_name = "accounts/password_reset_form.html"
    success_url = reverse_lazy("accounts:password_reset_done")

    def post(self, request, *args, **kwargs):
        """Counted against the one asking, never against the account (issue 35): the owner's own
        request (logged in, or from a browser their log-in or sign-up marked) against their
        person's limit; anyone else's against their client address, and that address's requests
        for this e-mail address, before anything is looked up. Past those, HTTP 429; past the
        address's strangers' share (accounts.mail.send_reset) nothing is sent and the answer is
        the same as for an address no account has."""
        form = self.get_form()
        if not form.is_valid():
            return self.form_invalid(form)
        owner = form.owner_asking(request)
        try:
            if owner is not None:
                mail.count_email(owner.pk)
            else:
                mail.count_reset_request(client_ip(request), form.cleaned_data["email"])
        except mail.TooManyEmails as limited:
            response = self.render_to_response(
                self.get_context_data(form=self.form_class(), throttle_error=too_many_emails_message(limited.retry_after)), status=429
            )
            response["Retry-After"] = str(limited.retry_after)
            return response
        form.save(url=mail.site_url(), owner=owner)
        return redirect(self.success_url)


class PasswordResetDoneView(auth_views.PasswordResetDoneView):
    template_name = "accounts/password_reset_done.html"


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    template_name = "accounts/password_reset_confirm.html"
    success_url = reverse_lazy("accounts:password_reset_complete")


class PasswordResetCompleteView(auth_views.PasswordResetCompleteView):
    template_name = "accounts/password_reset_complete.html"
