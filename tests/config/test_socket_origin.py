"""The socket origin check: scheme, host and port of the page, or a trusted origin."""
import pytest

from config.socket_origin import canonical_origin, origin_allowed


def scope(origin, host="127.0.0.1:8000", scheme="ws", extra=()):
    headers = [(b"host", host.encode())] + ([(b"origin", origin.encode())] if origin is not None else []) + list(extra)
    return {"type": "websocket", "scheme": scheme, "headers": headers}


@pytest.mark.parametrize(
    "value, expected",
    [
        ("http://Example.org", "http://example.org:80"),
        ("https://example.org:443", "https://example.org:443"),
        ("http://a:9999", "http://a:9999"),
        ("null", None),
        ("ftp://a", None),
        ("http://a:99999", None),
    ],
)
def test_canonical_origin(value, expected):
    assert canonical_origin(value) == expected


def test_the_page_origin_is_allowed_with_its_port():
    assert origin_allowed(scope("http://127.0.0.1:8000"))


@pytest.mark.parametrize(
    "origin", ["http://127.0.0.1:9999", "http://127.0.0.1", "https://127.0.0.1:8000", "http://evil.example", None, "null"]
)
def test_any_other_origin_is_refused(origin):
    assert not origin_allowed(scope(origin))


def test_a_host_outside_allowed_hosts_is_refused(settings):
    settings.ALLOWED_HOSTS = ["play.example.org"]
    assert not origin_allowed(scope("http://evil.example", host="evil.example"))
    assert origin_allowed(scope("http://play.example.org", host="play.example.org"))


def test_tls_behind_a_proxy_is_https(settings):
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    proxied = [(b"x-forwarded-proto", b"https")]
    assert origin_allowed(scope("https://127.0.0.1:8000", extra=proxied))
    assert not origin_allowed(scope("http://127.0.0.1:8000", extra=proxied))
    assert origin_allowed(scope("https://127.0.0.1:8000", scheme="wss"))


def test_trusted_origins_including_wildcards(settings):
    settings.ALLOWED_HOSTS = ["*"]
    settings.CSRF_TRUSTED_ORIGINS = ["https://play.example.org", "https://*.example.net"]
    assert origin_allowed(scope("https://play.example.org", host="internal:8000"))
    assert origin_allowed(scope("https://eu.example.net", host="internal:8000"))
    assert not origin_allowed(scope("http://eu.example.net", host="internal:8000"))
    assert not origin_allowed(scope("https://play.example.org:8443", host="internal:8000"))
