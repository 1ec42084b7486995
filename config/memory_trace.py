"""MEMORY_TRACE_DIR: a web process's Python allocations, snapshotted to files for a tracemalloc diff.

Off unless MEMORY_TRACE_DIR is set (tracing costs CPU and memory of its own). Set, the process starts
tracemalloc (MEMORY_TRACE_FRAMES frames per allocation, default 8) and writes a snapshot to
``<dir>/<pid>-<seconds since start>.snap`` every MEMORY_TRACE_SECONDS (default 300) and on SIGUSR2.
Compare two of one process with ``python -m config.memory_trace OLD NEW`` (the lines that grew most).
Found with it: docs/performance.md, "Memory".
"""
import os
import signal
import sys
import threading
import time
import tracemalloc


def start_if_asked():
    directory = os.environ.get("MEMORY_TRACE_DIR")
    if not directory:
        return
    os.makedirs(directory, exist_ok=True)
    tracemalloc.start(int(os.environ.get("MEMORY_TRACE_FRAMES", "8")))
    started = time.monotonic()

    def dump():
        path = os.path.join(directory, f"{os.getpid()}-{time.monotonic() - started:05.0f}.snap")
        tracemalloc.take_snapshot().dump(path)

    every = float(os.environ.get("MEMORY_TRACE_SECONDS", "300"))

    def dump_every():
        while True:
            time.sleep(every)
            dump()

    threading.Thread(target=dump_every, name="memory-trace", daemon=True).start()
    signal.signal(signal.SIGUSR2, lambda _signum, _frame: threading.Thread(target=dump, daemon=True).start())


def compare(old_path, new_path, top=25):
    """The allocation sites (grouped by traceback) that grew most from OLD to NEW."""
    old, new = tracemalloc.Snapshot.load(old_path), tracemalloc.Snapshot.load(new_path)
    filters = [tracemalloc.Filter(False, tracemalloc.__file__)]
    stats = new.filter_traces(filters).compare_to(old.filter_traces(filters), "traceback")
    total = sum(s.size_diff for s in stats)
    print(f"total {total / 2**20:+.2f} MB")
    for stat in stats[:top]:
        print(f"{stat.size_diff / 1024:+9.1f} KB {stat.count_diff:+7d} blocks (now {stat.size / 1024:.1f} KB)")
        for line in stat.traceback.format()[-16:]:
            print("    " + line)


if __name__ == "__main__":
    compare(sys.argv[1], sys.argv[2])
