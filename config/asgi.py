import os

from django.core.asgi import get_asgi_application
from django.core.exceptions import ImproperlyConfigured

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
from config import memory_trace  # noqa: E402 - started before Django loads, so that it sees what Django allocates

memory_trace.start_if_asked()
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402 - Django is set up first

from accounts.checks import site_url_errors  # noqa: E402 - Django is set up first
from config import request_connections  # noqa: E402 - Django is set up first
from config.gc_tuning import tune_collector  # noqa: E402 - Django is set up first
from config.routing import websocket_urlpatterns  # noqa: E402 - Django is set up first
from config.socket_auth import PooledAuthMiddlewareStack  # noqa: E402 - Django is set up first
from config.socket_origin import PageOriginValidator  # noqa: E402 - Django is set up first
from matches import scheduling  # noqa: E402 - Django is set up first

# No site is served without the address its e-mails' links start with (with DEBUG off nothing else
# gives it: never a request's Host header, which a client chooses; accounts/checks.py).
if _errors := site_url_errors():
    raise ImproperlyConfigured(f"{_errors[0].msg} {_errors[0].hint}")

application = scheduling.wrap_asgi(ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": PageOriginValidator(PooledAuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
))

tune_collector()
request_connections.connect()
