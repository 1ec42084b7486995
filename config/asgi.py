import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from config.routing import websocket_urlpatterns  # noqa: E402
from config.socket_auth import PooledAuthMiddlewareStack  # noqa: E402
from config.socket_origin import PageOriginValidator  # noqa: E402
from config.gc_tuning import tune_collector  # noqa: E402
from config import request_connections  # noqa: E402
from matches import scheduling  # noqa: E402

application = scheduling.wrap_asgi(ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": PageOriginValidator(PooledAuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
))

tune_collector()
request_connections.connect()
