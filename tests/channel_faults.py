"""Channel layers that fail as the Redis layer does while Redis is away: Channels' in-memory layer with one fault.

Set as the test's CHANNEL_LAYERS (the ``settings`` fixture; Channels drops its cached layer when
the setting changes). ``channels_redis``' pubsub layer subscribes a socket's own channel to Redis in
``new_channel``, before any consumer code runs, and joins each group in ``group_add``: either raises
a ConnectionError when Redis is down.
"""
from channels.layers import InMemoryChannelLayer


class RedisDown(ConnectionError):
    pass


class NoNewChannel(InMemoryChannelLayer):
    """A socket's own channel cannot be made: the consumer's connect is never reached."""

    async def new_channel(self, prefix="specific."):
        raise RedisDown("Error connecting to the channel layer (injected)")


class GroupAddFails(InMemoryChannelLayer):
    """The first ``joins`` group_add calls succeed, every later one raises: a connect stopped part-way."""

    def __init__(self, joins=1, **kwargs):
        super().__init__(**kwargs)
        self.joins_left = joins

    async def group_add(self, group, channel):
        if self.joins_left <= 0:
            raise RedisDown(f"Error joining {group} (injected)")
        self.joins_left -= 1
        await super().group_add(group, channel)


def layer(cls, **config):
    """The CHANNEL_LAYERS setting for one of these."""
    return {"default": {"BACKEND": f"{__name__}.{cls.__name__}", "CONFIG": config}}
