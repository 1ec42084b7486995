"""The garbage collector off for a block: what must die by reference counting alone, as a closed socket's objects
and a refused move's exception must (docs/performance.md, "Memory")."""
import contextlib
import gc


@contextlib.contextmanager
def collector_off():
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
