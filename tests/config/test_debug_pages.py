"""Django's debug pages are shown to loopback clients only (config/debug_pages.py; issue 20, finding 2)."""
import pytest
from django.test import Client
from django.urls import include, path

from config.debug_pages import is_loopback

pytestmark = pytest.mark.django_db


def broken(request):
    raise RuntimeError("secret detail of a bug")


urlpatterns = [path("broken/", broken), path("", include("config.urls"))]


@pytest.fixture
def debug_site(settings):
    settings.DEBUG = True
    settings.ROOT_URLCONF = __name__


def get(address, url):
    return Client(REMOTE_ADDR=address, raise_request_exception=False).get(url)


@pytest.mark.parametrize("address", ["203.0.113.5", "10.0.0.2", "::ffff:192.0.2.1", ""])
def test_a_client_elsewhere_gets_the_plain_error_pages(debug_site, address):
    server_error = get(address, "/broken/")
    assert server_error.status_code == 500 and b"secret detail" not in server_error.content and b"DEBUG = True" not in server_error.content
    not_found = get(address, "/no-such-page/")
    assert not_found.status_code == 404 and b"DEBUG = True" not in not_found.content and b"broken/" not in not_found.content


@pytest.mark.parametrize("address", ["127.0.0.1", "::1", "::ffff:127.0.0.1"])
def test_a_loopback_client_gets_the_debug_pages(debug_site, address):
    assert b"secret detail" in get(address, "/broken/").content
    assert b"DEBUG = True" in get(address, "/no-such-page/").content


@pytest.mark.parametrize("host, loopback", [("127.0.0.1", True), ("127.1.2.3", True), ("localhost", True), ("::1", True), ("[::1]", True),
                                            ("0.0.0.0", False), ("::", False), ("192.168.1.4", False), ("example.org", False), ("", False)])
def test_is_loopback(host, loopback):
    assert is_loopback(host) is loopback
