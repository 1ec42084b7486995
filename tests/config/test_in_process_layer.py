"""The default mode's channel layer (config/in_process_layer.py): a message that waited past its expiry is
dropped, but its channel keeps its groups; a membership lasts until the socket leaves. Channels' own in-memory
layer, beside it, shows what it did instead: a live socket taken out of its match's group for good."""
import asyncio
import time

import pytest
from channels.layers import InMemoryChannelLayer

from config.in_process_layer import InProcessChannelLayer

pytestmark = pytest.mark.asyncio
GROUP = "match-1"


async def _late_message(layer):
    """A message to ``channel`` through its group, already past its expiry when the next send cleans up (as one
    waiting behind a consumer held up for longer than the expiry)."""
    expiry, layer.expiry = layer.expiry, -1
    await layer.group_send(GROUP, {"type": "frame", "n": 1})
    layer.expiry = expiry


async def _received(layer, channel, timeout=1.0):
    try:
        return await asyncio.wait_for(layer.receive(channel), timeout)
    except TimeoutError:
        return None


async def test_a_socket_whose_frame_waited_past_the_expiry_still_gets_the_next_frames():
    layer = InProcessChannelLayer()
    channel = await layer.new_channel()
    await layer.group_add(GROUP, channel)
    await _late_message(layer)
    await layer.group_send(GROUP, {"type": "frame", "n": 2})  # cleans up first: the late one goes
    assert await _received(layer, channel) == {"type": "frame", "n": 2}
    await layer.group_send(GROUP, {"type": "frame", "n": 3})
    assert await _received(layer, channel) == {"type": "frame", "n": 3}


async def test_channels_own_layer_took_such_a_socket_out_of_its_group_for_good():
    """Why the layer is ours: the stock one drops the channel from every group with the late message."""
    layer = InMemoryChannelLayer()
    channel = await layer.new_channel()
    await layer.group_add(GROUP, channel)
    await _late_message(layer)
    await layer.group_send(GROUP, {"type": "frame", "n": 2})
    assert await _received(layer, channel, timeout=0.2) is None
    assert channel not in layer.groups.get(GROUP, {})


async def test_a_membership_older_than_a_day_lasts_until_the_socket_leaves():
    layer = InProcessChannelLayer()
    channel = await layer.new_channel()
    await layer.group_add(GROUP, channel)
    layer.groups[GROUP][channel] = time.time() - 2 * layer.group_expiry  # a page open for two days
    await layer.group_send(GROUP, {"type": "frame", "n": 1})
    assert await _received(layer, channel) == {"type": "frame", "n": 1}
    await layer.group_discard(GROUP, channel)
    await layer.group_send(GROUP, {"type": "frame", "n": 2})
    assert await _received(layer, channel, timeout=0.2) is None


async def test_a_reader_waiting_on_an_empty_channel_is_not_cut_off_by_a_clean_up():
    """A clean-up forgets only a queue it emptied of late messages: one found empty may have a reader waiting."""
    layer = InProcessChannelLayer()
    reader, other = await layer.new_channel(), await layer.new_channel()
    await layer.group_add(GROUP, reader)
    waiting = asyncio.ensure_future(layer.receive(reader))
    await asyncio.sleep(0)  # the reader waits on its (empty) queue
    await layer.group_add("elsewhere", other)
    expiry, layer.expiry = layer.expiry, -1
    await layer.group_send("elsewhere", {"type": "frame", "n": 0})
    layer.expiry = expiry
    await layer.group_send(GROUP, {"type": "frame", "n": 1})  # cleans up the other channel's late message first
    assert await asyncio.wait_for(waiting, 1.0) == {"type": "frame", "n": 1}
    assert other not in layer.channels  # the late message is gone, and its emptied queue with it


async def test_late_messages_of_a_channel_nobody_reads_are_dropped():
    layer = InProcessChannelLayer()
    gone = await layer.new_channel()
    await layer.group_add(GROUP, gone)
    for _ in range(3):
        await _late_message(layer)
    await layer.group_send("nobody", {"type": "frame"})  # any send cleans up
    assert gone not in layer.channels
