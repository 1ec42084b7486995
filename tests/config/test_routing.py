"""config/routing.py: the sockets the site serves."""
import importlib

from django.test import override_settings


def _socket_paths():
    import config.routing

    return [str(p.pattern) for p in importlib.reload(config.routing).websocket_urlpatterns]


def test_the_load_echo_socket_is_not_served_unless_asked_for():
    assert not any("echo" in path for path in _socket_paths())


def test_the_load_echo_socket_is_served_when_load_echo_route_is_on():
    with override_settings(LOAD_ECHO_ROUTE=True):
        assert "ws/echo/<int:table>/" in _socket_paths()
    # reloaded without it for the tests that follow
    assert not any("echo" in path for path in _socket_paths())
