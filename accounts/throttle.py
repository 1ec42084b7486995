"""Log-in throttling: a fixed window of failed attempts per username and per IP.

After settings.LOGIN_ATTEMPTS_LIMIT failed attempts for a username, or from an
IP address, within settings.LOGIN_ATTEMPTS_WINDOW seconds (counted from the
first failure of the window), further attempts are refused until the window
ends, without the password being checked. A successful log-in clears the
username's counter (not the IP's: one address trying many accounts stays
throttled).

State lives in Django's cache (Redis in production), so it is shared by every
web process. Two keys per subject: a counter (INCR keeps the key's expiry) and
the time the window started, both expiring with the window.
"""
import hashlib
import math
import time

from django.conf import settings
from django.core.cache import cache as default_cache

DEFAULT_KEY_PREFIX = "login-throttle"


def _digest(value: str) -> str:
    # Usernames may hold any character and be long: hash them into safe keys.
    return hashlib.sha256(value.encode("utf-8")).hexdigest()[:40]


def normalize_username(username: str) -> str:
    return (username or "").strip().casefold()


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


class LoginThrottle:
    """Counts failed log-ins; says how long a username/IP must wait."""

    def __init__(self, cache=None, limit=None, window=None, key_prefix=None, clock=time.time):
        self._cache = cache
        self._limit = limit
        self._window = window
        self._key_prefix = key_prefix
        self._clock = clock

    # Settings are read at call time so override_settings works.
    @property
    def cache(self):
        return self._cache if self._cache is not None else default_cache

    @property
    def limit(self) -> int:
        return int(self._limit if self._limit is not None else settings.LOGIN_ATTEMPTS_LIMIT)

    @property
    def window(self) -> int:
        return max(1, int(self._window if self._window is not None else settings.LOGIN_ATTEMPTS_WINDOW))

    @property
    def key_prefix(self) -> str:
        if self._key_prefix is not None:
            return self._key_prefix
        return getattr(settings, "LOGIN_ATTEMPTS_KEY_PREFIX", DEFAULT_KEY_PREFIX)

    def keys(self, scope: str, ident: str) -> tuple[str, str]:
        """(counter key, window-start key) for a subject ("user" or "ip")."""
        base = f"{self.key_prefix}:{scope}:{_digest(ident)}"
        return f"{base}:count", f"{base}:start"

    def _subjects(self, username: str, ip: str):
        subjects = []
        name = normalize_username(username)
        if name:
            subjects.append(("user", name))
        if ip:
            subjects.append(("ip", ip))
        return subjects

    def retry_after(self, username: str, ip: str) -> int:
        """Seconds until an attempt is allowed again; 0 when it is allowed now."""
        limit, window, now = self.limit, self.window, self._clock()
        wait = 0.0
        for scope, ident in self._subjects(username, ip):
            count_key, start_key = self.keys(scope, ident)
            values = self.cache.get_many([count_key, start_key])
            count = int(values.get(count_key) or 0)
            if count < limit:
                continue
            start = values.get(start_key)
            remaining = (float(start) + window - now) if start is not None else window
            wait = max(wait, remaining, 1)
        return int(math.ceil(wait))

    def is_blocked(self, username: str, ip: str) -> bool:
        return self.retry_after(username, ip) > 0

    def record_failure(self, username: str, ip: str) -> None:
        window, now = self.window, self._clock()
        for scope, ident in self._subjects(username, ip):
            count_key, start_key = self.keys(scope, ident)
            # add() only sets missing keys: the first failure opens the window.
            self.cache.add(start_key, now, window)
            self.cache.add(count_key, 0, window)
            try:
                count = self.cache.incr(count_key)
            except ValueError:  # expired between add() and incr()
                self.cache.add(count_key, 1, window)
                count = 1
            if count == 1:
                # Make sure a counter that INCR had to create still expires.
                self.cache.touch(count_key, window)

    def reset(self, username: str = "", ip: str = "") -> None:
        """Forget the failures of a username (after a successful log-in) and/or an IP."""
        keys = []
        for scope, ident in self._subjects(username, ip):
            keys.extend(self.keys(scope, ident))
        if keys:
            self.cache.delete_many(keys)


login_throttle = LoginThrottle()
