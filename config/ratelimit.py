"""Atomic fixed-window counters in Django's cache (Redis in production), shared by every process.

A window opens at the first hit of a subject and lasts `window` seconds; each
hit is counted with one atomic INCR before whatever it guards runs, so
parallel requests cannot all slip under the limit ("reserve, then act").
"""
import hashlib
import math
import time
from dataclasses import dataclass

from django.core.cache import cache as default_cache

KEY_PREFIX = "ratelimit"


@dataclass(frozen=True)
class Hit:
    count: int
    limit: int
    retry_after: int

    @property
    def allowed(self) -> bool:
        return self.count <= self.limit


def keys(scope: str, ident) -> tuple[str, str]:
    """(counter key, window-start key). Identifiers are hashed: they may be long or hold any character."""
    digest = hashlib.sha256(str(ident).encode("utf-8")).hexdigest()[:40]
    base = f"{KEY_PREFIX}:{scope}:{digest}"
    return f"{base}:count", f"{base}:start"


def _seconds_left(start, window: int, now: float) -> int:
    if start is None:
        return window
    return max(1, int(math.ceil(float(start) + window - now)))


def hit(scope: str, ident, limit: int, window: int, cache=None, now=None) -> Hit:
    """Count one hit of `ident` in `scope`; allowed while the count stays within `limit`."""
    cache = cache or default_cache
    window = max(1, int(window))
    now = time.time() if now is None else now
    count_key, start_key = keys(scope, ident)
    # add() only sets a missing key: the first hit opens the window, later ones keep its expiry.
    cache.add(start_key, now, window)
    cache.add(count_key, 0, window)
    try:
        count = cache.incr(count_key)
    except ValueError:  # the window expired between add() and incr()
        cache.add(count_key, 1, window)
        count = 1
    retry_after = 0 if count <= limit else _seconds_left(cache.get(start_key), window, now)
    return Hit(count=count, limit=int(limit), retry_after=retry_after)


def hit_all(counters, window: int) -> Hit | None:
    """One hit on each (scope, identity, limit) of ``counters``, all or none: the first Hit past its limit
    (and every hit of this call given back), else None."""
    taken = []
    for scope, ident, limit in counters:
        counted = hit(scope, ident, limit, window)
        taken.append((scope, ident))
        if not counted.allowed:
            for given_back in taken:
                release(*given_back)
            return counted
    return None


def peek(scope: str, ident, limit: int, window: int, cache=None, now=None) -> Hit:
    """The current count without counting a hit."""
    cache = cache or default_cache
    now = time.time() if now is None else now
    count_key, start_key = keys(scope, ident)
    values = cache.get_many([count_key, start_key])
    count = int(values.get(count_key) or 0)
    retry_after = 0 if count < limit else _seconds_left(values.get(start_key), max(1, int(window)), now)
    return Hit(count=count, limit=int(limit), retry_after=retry_after)


def release(scope: str, ident, cache=None) -> None:
    """Give back one hit (the guarded thing turned out not to count, e.g. a successful log-in)."""
    cache = cache or default_cache
    count_key, _ = keys(scope, ident)
    try:
        if cache.decr(count_key) < 0:
            cache.delete(count_key)
    except ValueError:  # already expired
        pass


def clear(scope: str, ident, cache=None) -> None:
    (cache or default_cache).delete_many(list(keys(scope, ident)))
