"""channels' AuthMiddlewareStack with the session and user read on the database threads (config/database_threads.py).

channels reads them with a thread-sensitive database_sync_to_async: every
socket's connect of a process queued through one thread. Under a connect burst
(bench/load.py --scenario burst, docs/performance.md) half of 800 sockets
waited past daphne's connect timeout. Nothing in get_user needs that thread.
"""
from channels.auth import AuthMiddleware, get_user
from channels.sessions import CookieMiddleware, SessionMiddleware

from config.database_threads import database_call

_get_user_pooled = database_call(get_user.func)


class PooledAuthMiddleware(AuthMiddleware):
    async def resolve_scope(self, scope):
        scope["user"]._wrapped = await _get_user_pooled(scope)


def PooledAuthMiddlewareStack(inner):  # noqa: N802 - named after channels' AuthMiddlewareStack
    return CookieMiddleware(SessionMiddleware(PooledAuthMiddleware(inner)))
