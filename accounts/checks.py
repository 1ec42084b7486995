"""SITE_URL, the start of every link in an e-mail: set, and a bare origin (issue 35, finding 2).

The links are never built from a request's Host header: a client chooses it (a
forged ``Host: 127.0.0.1:6666`` passes ALLOWED_HOSTS, whose match ignores the
port), and a reset link sent to someone's mailbox would lead to that address.
With DEBUG off nothing else gives the site's address, so `manage.py check
--deploy` fails without it (``accounts.E001``) and the web process refuses to
start (config/asgi.py).
"""
from urllib.parse import urlsplit

from django.conf import settings
from django.core.checks import Error, Tags, register


def site_url_errors() -> list[Error]:
    url = settings.SITE_URL
    if not url:
        return [Error(
            "SITE_URL is not set: the links in e-mails (address confirmations, password resets, "
            "your-turn digests) have no address of the site.",
            hint="Set SITE_URL to the address people reach the site at, e.g. SITE_URL=https://play.example.org "
                 "(docs/operations.md, \"E-mail\").",
            id="accounts.E001",
        )]
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError:
        parts = None
    if (parts is None or parts.scheme not in {"http", "https"} or not parts.hostname or parts.username or parts.password
            or parts.path or parts.query or parts.fragment):
        return [Error(
            f"SITE_URL must be a scheme and a host, with a port if any, and nothing else: not {url!r}.",
            hint="e.g. SITE_URL=https://play.example.org or http://127.0.0.1:8000",
            id="accounts.E002",
        )]
    return []


@register(Tags.security, deploy=True)
def check_site_url(app_configs, **kwargs):
    return site_url_errors()
