"""Log-in throttling: django-axes with counters that are taken before the password is checked.

Every authentication (our log-in page, the admin's, any `authenticate()` call)
goes through axes.backends.AxesStandaloneBackend, which asks this handler
whether the attempt is allowed. The handler counts the attempt right then,
atomically (config.ratelimit), and refuses it without the password being
checked once a count goes past its limit within settings.LOGIN_ATTEMPTS_WINDOW
seconds (counted from the first attempt of the window). So parallel attempts
cannot all slip under a limit.

What is counted (django-axes' AXES_LOCKOUT_PARAMETERS = [["username",
"ip_address"], "ip_address"]):
- each (username, client address) pair: LOGIN_ATTEMPTS_LIMIT;
- each client address across usernames: LOGIN_ATTEMPTS_IP_LIMIT, larger, so
  that a household or office behind one address is not held up by one typo-prone member.
Never a username alone: failures from elsewhere cannot lock a person out.

A browser a person logged in from before carries a signed device cookie
(django.core.signing) naming that username; its attempts for that username
are counted per device only (LOGIN_ATTEMPTS_LIMIT), not per address: even
someone failing from the same address (a shared network) cannot lock them out.

A successful log-in gives its attempt back and clears its pair's (or device's)
counter, not the address's: one address trying many accounts stays throttled.

Usernames are compared after NFKC normalisation (what Django's forms do) and
case folding, so look-alike spellings share one counter.
"""
import hashlib
import math
import secrets
import unicodedata
from datetime import timedelta

from axes.handlers.cache import AxesCacheHandler
from axes.helpers import get_client_username
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm
from django.core import signing
from django.core.cache import cache
from django.shortcuts import render
from django.utils.translation import ngettext

from config import ratelimit

PAIR_SCOPE = "login-user-ip"
IP_SCOPE = "login-ip"
DEVICE_SCOPE = "login-device"
DEVICE_COOKIE = "login_device"
_DEVICE_SALT = "accounts.throttle.device"


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


def _generation_key(username) -> str:
    return "login-generation:" + hashlib.sha256(username.encode("utf-8", "surrogatepass")).hexdigest()[:40]


def _generation(username) -> int:
    # axes_reset_username moves a name to a new generation: its pairs' counters, under every address, are left behind.
    return cache.get(_generation_key(username), 0)


def device_of(request, username):
    """The device token of this browser when its cookie was set by a log-in as `username`; else None."""
    value = request.COOKIES.get(DEVICE_COOKIE) if request is not None else None
    if not value or not username:
        return None
    try:
        device = signing.loads(value, salt=_DEVICE_SALT, max_age=settings.LOGIN_DEVICE_COOKIE_AGE)
    except signing.BadSignature:
        return None
    if not isinstance(device, dict) or device.get("u") != username:
        return None
    return device.get("d")


def remember_device(response, user) -> None:
    """After a successful log-in: this browser is now known for that username."""
    value = signing.dumps({"u": normalize_username(user.get_username()), "d": secrets.token_urlsafe(16)}, salt=_DEVICE_SALT)
    response.set_cookie(
        DEVICE_COOKIE, value, max_age=settings.LOGIN_DEVICE_COOKIE_AGE, httponly=True, samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )


def _subjects(request, credentials):
    """(scope, identity, limit) for each counter this attempt counts against."""
    name = get_client_username(request, credentials)
    device = device_of(request, name)
    if device:
        return [(DEVICE_SCOPE, f"{device}\n{name}", failure_limit(request, credentials))]
    ip = getattr(request, "axes_ip_address", None) or client_ip(request)
    subjects = []
    if name:
        subjects.append((PAIR_SCOPE, f"{name}\n{ip}\n{_generation(name)}", failure_limit(request, credentials)))
    if ip:
        subjects.append((IP_SCOPE, ip, int(settings.LOGIN_ATTEMPTS_IP_LIMIT)))
    return subjects


def retry_after(request, credentials=None) -> int:
    """Seconds until this username/address may try again; 0 when it may now."""
    window = window_seconds()
    return max([ratelimit.peek(scope, ident, limit, window).retry_after for scope, ident, limit in _subjects(request, credentials)] or [0])


class ReservingCacheHandler(AxesCacheHandler):
    """Counts each attempt when axes asks whether it is allowed, before the password is checked."""

    def is_locked(self, request, credentials=None) -> bool:
        window = window_seconds()
        taken = getattr(request, "login_attempts_taken", None)
        if taken is None:
            taken = request.login_attempts_taken = []
            hits = []
            for scope, ident, limit in _subjects(request, credentials):
                hits.append(ratelimit.hit(scope, ident, limit, window))
                taken.append((scope, ident))
            request.login_attempts_wait = max([h.retry_after for h in hits] or [0])
        return request.login_attempts_wait > 0

    def get_failures(self, request, credentials=None) -> int:
        window = window_seconds()
        return max([ratelimit.peek(scope, ident, limit, window).count for scope, ident, limit in _subjects(request, credentials)] or [0])

    def user_login_failed(self, sender, credentials, request=None, **kwargs):
        # The attempt was counted before the password was checked: nothing more to count.
        if request is not None and request.axes_locked_out:
            request.axes_credentials = credentials

    def user_logged_in(self, sender, request, user, **kwargs):
        for scope, ident in getattr(request, "login_attempts_taken", None) or []:
            if scope != IP_SCOPE:
                ratelimit.clear(scope, ident)
            else:
                ratelimit.release(scope, ident)
        request.login_attempts_taken = []

    def reset_attempts(self, *, ip_address=None, username=None, ip_or_username=False) -> int:
        count = 0
        if username:
            key = _generation_key(normalize_username(username))
            cache.add(key, 0, None)
            cache.incr(key)
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
    wait = getattr(request, "login_attempts_wait", 0) or retry_after(request, credentials) or window_seconds()
    username = request.POST.get("username", "") if request.method == "POST" else ""
    # Unbound, so that rendering it cannot authenticate.
    form = AuthenticationForm(request=request, initial={"username": username})
    context = {"form": form, "throttle_error": throttled_message(wait)}
    response = render(request, "registration/login.html", context, status=429)
    response["Retry-After"] = str(wait)
    return response
