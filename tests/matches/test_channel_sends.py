"""The ways sync code hands messages to the channel layer (matches/channel_sends.py)."""
import asyncio
import threading

from matches import channel_sends
from matches.channel_sends import DedicatedLoopThread, WebLoopQueue


class RecordingLayer:
    """A channel layer that keeps what it was given, and on which thread."""

    def __init__(self):
        self.sent = []
        self.done = threading.Event()
        self.expected = 0

    async def group_send(self, group, event):
        self.sent.append((group, event, threading.current_thread().name))
        if len(self.sent) >= self.expected:
            self.done.set()


def test_the_dedicated_loop_thread_runs_every_send_on_one_long_lived_loop():
    sender = DedicatedLoopThread()
    layer = RecordingLayer()
    sender.run(layer.group_send("match.1", {"n": 1}))
    sender.run(layer.group_send("match.1", {"n": 2}))
    assert [(g, e) for g, e, _thread in layer.sent] == [("match.1", {"n": 1}), ("match.1", {"n": 2})]
    assert {thread for _g, _e, thread in layer.sent} == {"channel-sender"}


def test_the_web_loop_queue_sends_on_the_running_loop_in_the_order_queued_without_the_thread_waiting():
    loop = asyncio.new_event_loop()
    runner = threading.Thread(target=loop.run_forever, name="web-loop", daemon=True)
    runner.start()
    try:
        queue = WebLoopQueue()
        layer = RecordingLayer()
        layer.expected = 3
        queue.submit(loop, layer, [("match.1", {"v": 1})])
        queue.submit(loop, layer, [("match.1", {"v": 2}), ("match.2", {"v": 2})])
        assert layer.done.wait(5)
        assert [e["v"] for _g, e, _thread in layer.sent] == [1, 2, 2]
        assert {thread for _g, _e, thread in layer.sent} == {"web-loop"}
    finally:
        asyncio.run_coroutine_threadsafe(_cancel_others(), loop).result(5)
        loop.call_soon_threadsafe(loop.stop)
        runner.join(5)
        loop.close()


async def _cancel_others():
    """The queue's draining task lives as long as its loop: ended here, with the test's loop."""
    for task in asyncio.all_tasks():
        if task is not asyncio.current_task():
            task.cancel()


def test_a_thread_no_request_started_sends_through_the_web_loop_the_process_named_in_order():
    """The default mode's clock, bot lane and jobs: their frames join the same queue as the sockets' threads'."""
    loop = asyncio.new_event_loop()
    runner = threading.Thread(target=loop.run_forever, name="web-loop", daemon=True)
    runner.start()
    layer = RecordingLayer()
    layer.expected = 3
    try:
        channel_sends.use_web_loop(loop)
        worker = threading.Thread(target=lambda: [channel_sends.send_events(layer, [("match.1", {"v": v})])
                                                  for v in (1, 2, 3)], name="bot-lane_0")
        worker.start()
        worker.join(5)
        assert layer.done.wait(5)
        assert [e["v"] for _g, e, _thread in layer.sent] == [1, 2, 3]
        assert {thread for _g, _e, thread in layer.sent} == {"web-loop"}
    finally:
        channel_sends.use_web_loop(None)
        asyncio.run_coroutine_threadsafe(_cancel_others(), loop).result(5)
        loop.call_soon_threadsafe(loop.stop)
        runner.join(5)
        loop.close()
