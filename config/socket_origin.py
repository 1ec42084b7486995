"""Sockets are accepted only from the site's own pages: Origin compared as scheme, host and port.

channels' AllowedHostsOriginValidator compares the host only, so a page on
another port of the same machine (`http://127.0.0.1:9999`) was let in. Here
the Origin must equal the origin of the request itself (scheme, Host header
with its port), or be one of settings.CSRF_TRUSTED_ORIGINS, and the Host must
be allowed by settings.ALLOWED_HOSTS, as Django's CSRF check does for forms.
"""
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}


def canonical_origin(value: str) -> str | None:
    """`scheme://host:port`, lower case, with the default port spelled out; None if it is not an origin."""
    try:
        parts = urlsplit(value.strip())
        port = parts.port or DEFAULT_PORTS.get(parts.scheme)
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname or port is None:
        return None
    return f"{parts.scheme}://{parts.hostname.lower()}:{port}"


def _allowed_hosts():
    hosts = settings.ALLOWED_HOSTS
    if settings.DEBUG and not hosts:
        return [".localhost", "127.0.0.1", "[::1]"]
    return hosts


def _is_secure(scope, headers) -> bool:
    if scope.get("scheme") in ("wss", "https"):
        return True
    proxy_header = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if proxy_header:
        name, secure_value = proxy_header
        name = name.removeprefix("HTTP_").replace("_", "-").lower().encode("latin-1")
        return headers.get(name, b"").decode("latin-1").split(",")[0].strip() == secure_value
    return False


def _trusted(origin: str) -> bool:
    parsed = urlsplit(origin)
    for entry in settings.CSRF_TRUSTED_ORIGINS:
        if canonical_origin(entry.replace("*.", "", 1)) is None:
            continue
        if "*." in entry:
            pattern = urlsplit(entry)
            domain = pattern.netloc.split("*.", 1)[1].split(":")[0].lower()
            if parsed.scheme == pattern.scheme and (parsed.hostname or "").endswith("." + domain):
                return True
        elif canonical_origin(entry) == origin:
            return True
    return False


def origin_allowed(scope) -> bool:
    headers = dict(scope.get("headers", []))
    origin = canonical_origin(headers.get(b"origin", b"").decode("latin-1"))
    host = headers.get(b"host", b"").decode("latin-1")
    domain, _port = split_domain_port(host)
    if origin is None or not domain or not validate_host(domain, _allowed_hosts()):
        return False
    own = canonical_origin(("https://" if _is_secure(scope, headers) else "http://") + host)
    return origin == own or _trusted(origin)


class PageOriginValidator:
    """ASGI middleware: refuses (plain 403 handshake) a socket opened from another origin."""

    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not origin_allowed(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
