"""The web process's collector: start-up heap frozen, rarer collections, pauses traced on request."""
import gc

import pytest

from config import gc_tuning


def test_tuning_freezes_the_start_up_heap_and_sets_the_thresholds(monkeypatch):
    before = gc.get_threshold()
    monkeypatch.setenv("GC_TRACE", "1")
    monkeypatch.setattr(gc_tuning, "FULL_COLLECTION_SECONDS", 3600)
    try:
        gc_tuning.tune_collector()
        assert gc.get_threshold() == gc_tuning.THRESHOLDS
        assert gc.get_freeze_count() > 0
        assert gc_tuning._trace_pause in gc.callbacks
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
        while gc_tuning._trace_pause in gc.callbacks:
            gc.callbacks.remove(gc_tuning._trace_pause)


def test_a_long_pause_is_written_with_its_generation(monkeypatch, capsys):
    monkeypatch.setattr(gc_tuning, "TRACE_OVER_SECONDS", 0.0)
    gc_tuning._trace_pause("start", {"generation": 2})
    gc_tuning._trace_pause("stop", {"generation": 2, "collected": 7})
    assert "generation 2" in capsys.readouterr().err


class _Stop(Exception):
    pass


def test_the_full_collection_thread_frees_a_cycle_left_in_the_oldest_generation(monkeypatch):
    class Node:
        pass

    freed = []
    waits = []

    def sleep(seconds):
        waits.append(seconds)
        if len(waits) > 1:
            raise _Stop

    node = Node()
    node.me = node
    gc.collect(1)  # moved to the oldest generation, which allocation counts never collect now
    del node
    monkeypatch.setattr(gc_tuning.time, "sleep", sleep)
    gc.callbacks.append(lambda phase, info: phase == "stop" and freed.append(info["collected"]))
    try:
        with pytest.raises(_Stop):
            gc_tuning._collect_fully_every(60)
    finally:
        gc.callbacks.pop()
    assert waits == [60, 60] and sum(freed) >= 1
