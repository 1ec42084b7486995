"""Log-in throttling: django-axes with counters that are taken before the password is checked.

Every authentication (our log-in page, the admin's, any `authenticate()` call)
goes through axes.backends.AxesStandaloneBackend, which asks this handler
whether the attempt is allowed. The handler counts the attempt right then,
atomically, per normalised username and per client address
(config.ratelimit); an attempt whose count goes past
settings.LOGIN_ATTEMPTS_LIMIT within settings.LOGIN_ATTEMPTS_WINDOW seconds
(counted from the first attempt of the window) is refused without the
password being checked. So parallel attempts cannot all slip under the limit.
A successful log-in gives its attempt back and clears the username's counter
(not the address's: one address trying many accounts stays throttled).

Usernames are compared after NFKC normalisation (what Django's forms do) and
case folding, so look-alike spellings share one counter.
"""
import math
import unicodedata
from datetime import timedelta

from axes.handlers.cache import AxesCacheHandler
from axes.helpers import get_client_username
from django.conf import settings
from django.shortcuts import render
from django.utils.translation import ngettext

from config import ratelimit

USER_SCOPE = "login-user"
IP_SCOPE = "login-ip"


def normalize_username(username) -> str:
    """The form a username is counted under: NFKC (as Django's forms), stripped, case-folded."""
    return unicodedata.normalize("NFKC", str(username or "")).strip().casefold()


def client_ip(request) -> str:
    """The client's address.

    REMOTE_ADDR unless settings.LOGIN_ATTEMPTS_IP_HEADER names a request header
    set by a trusted reverse proxy (e.g. "HTTP_X_REAL_IP" or
    "HTTP_X_FORWARDED_FOR", of which the last entry, the one the proxy
    appended, is used). Never trust such a header without a proxy that sets it.
    """
    header = getattr(settings, "LOGIN_ATTEMPTS_IP_HEADER", None)
    if header:
        value = request.META.get(header, "")
        entries = [part.strip() for part in value.split(",") if part.strip()]
        if entries:
            return entries[-1]
    return request.META.get("REMOTE_ADDR", "") or ""


def lockout_username(request, credentials) -> str:
    """AXES_USERNAME_CALLABLE: the normalised username of the attempt."""
    field = getattr(settings, "AXES_USERNAME_FORM_FIELD", "username")
    name = (credentials or {}).get(field)
    if name is None and request is not None:
        name = request.POST.get(field, "")
    return normalize_username(name)


def failure_limit(request, credentials) -> int:
    return int(settings.LOGIN_ATTEMPTS_LIMIT)


def window_seconds() -> int:
    return max(1, int(settings.LOGIN_ATTEMPTS_WINDOW))


def cooloff(request=None) -> timedelta:
    return timedelta(seconds=window_seconds())


def _subjects(request, credentials):
    subjects = []
    name = get_client_username(request, credentials)
    if name:
        subjects.append((USER_SCOPE, name))
    ip = getattr(request, "axes_ip_address", None) or client_ip(request)
    if ip:
        subjects.append((IP_SCOPE, ip))
    return subjects


def retry_after(request, credentials=None) -> int:
    """Seconds until this username/address may try again; 0 when it may now."""
    limit, window = failure_limit(request, credentials), window_seconds()
    return max([ratelimit.peek(scope, ident, limit, window).retry_after for scope, ident in _subjects(request, credentials)] or [0])


class ReservingCacheHandler(AxesCacheHandler):
    """Counts each attempt when axes asks whether it is allowed, before the password is checked."""

    def is_locked(self, request, credentials=None) -> bool:
        limit, window = failure_limit(request, credentials), window_seconds()
        taken = getattr(request, "login_attempts_taken", None)
        if taken is None:
            taken = request.login_attempts_taken = []
            hits = []
            for scope, ident in _subjects(request, credentials):
                hits.append(ratelimit.hit(scope, ident, limit, window))
                taken.append((scope, ident))
            request.login_attempts_wait = max([h.retry_after for h in hits] or [0])
        return request.login_attempts_wait > 0

    def get_failures(self, request, credentials=None) -> int:
        limit, window = failure_limit(request, credentials), window_seconds()
        return max([ratelimit.peek(scope, ident, limit, window).count for scope, ident in _subjects(request, credentials)] or [0])

    def user_login_failed(self, sender, credentials, request=None, **kwargs):
        # The attempt was counted before the password was checked: nothing more to count.
        if request is not None and request.axes_locked_out:
            request.axes_credentials = credentials

    def user_logged_in(self, sender, request, user, **kwargs):
        for scope, ident in getattr(request, "login_attempts_taken", None) or []:
            if scope == USER_SCOPE:
                ratelimit.clear(scope, ident)
            else:
                ratelimit.release(scope, ident)
        request.login_attempts_taken = []

    def reset_attempts(self, *, ip_address=None, username=None, ip_or_username=False) -> int:
        count = 0
        if username:
            ratelimit.clear(USER_SCOPE, normalize_username(username))
            count += 1
        if ip_address:
            ratelimit.clear(IP_SCOPE, ip_address)
            count += 1
        return count


def throttled_message(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return ngettext(
        "Too many failed log-in attempts. Try again in %(minutes)d minute.",
        "Too many failed log-in attempts. Try again in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


def lockout_response(request, original_response=None, credentials=None):
    """AXES_LOCKOUT_CALLABLE: the log-in page, unbound, with the wait (HTTP 429 and Retry-After)."""
    from django.contrib.auth.forms import AuthenticationForm

    wait = getattr(request, "login_attempts_wait", 0) or retry_after(request, credentials) or window_seconds()
    username = request.POST.get("username", "") if request.method == "POST" else ""
    # Unbound, so that rendering it cannot authenticate.
    form = AuthenticationForm(request=request, initial={"username": username})
    context = {"form": form, "throttle_error": throttled_message(wait)}
    response = render(request, "registration/login.html", context, status=429)
    response["Retry-After"] = str(wait)
    return response
