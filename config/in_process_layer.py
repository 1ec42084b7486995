"""The default mode's channel layer: Channels' in-memory layer, whose groups are left to the sockets.

Channels' ``InMemoryChannelLayer`` cleans up on every send and receive: a message that waited in a channel
longer than ``expiry`` (60 s) is dropped **and its channel is taken out of every group**, and a channel that
joined a group more than ``group_expiry`` (a day) ago is taken out of it. Both are meant for channels whose
reader went away. Here every group a socket joins it leaves itself when it closes (config/socket_consumer.py,
``leave_groups``, also when its connect stopped part-way), so the clean-up only ever caught live sockets:
- any page open for a day (a turn-based match's): deaf from then on, its pings still answered, so that it
  never reconnected, and it was sent no frame of its match again;
- one whose consumer was held up for a minute (a frame waiting behind its handler), the same way.

Here an expired message is still dropped (its page repairs the gap by version: matches/static/matches/live.js)
but its channel keeps its groups, and a membership lasts until the socket leaves. The Redis layer of the other
mode keeps no such expiry (channels_redis.pubsub: a subscription lasts until the socket unsubscribes).
"""
import time

from channels.layers import InMemoryChannelLayer


class InProcessChannelLayer(InMemoryChannelLayer):
    def _clean_expired(self):
        now = time.time()
        for channel, queue in list(self.channels.items()):
            dropped = False
            while not queue.empty() and queue._queue[0][0] < now:
                queue.get_nowait()
                dropped = True
            if dropped and queue.empty():
                # no reader waits on it (a reader waits only on an empty queue, and this one held messages):
                # the next send or receive makes it again. An empty queue found empty may have a reader waiting
                # on it, and is kept.
                self.channels.pop(channel, None)
