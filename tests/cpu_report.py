"""The CPU each test costs, for deciding where the suite's time goes (README, "make test").

A pytest plugin, off unless asked for: `make test PYTEST_ARGS="-p tests.cpu_report"`. On a machine whose
cores are all busy the suite's wall time is its CPU time over the cores, and a test's duration says little
(it waits as much on the others as on itself); this records, for each test, the CPU spent while it ran by
its pytest worker and by every process the worker started (its site's web and Celery processes,
Playwright's driver and Chromium, the commands it ran), read from /proc. What ends with the session (the
site, the browser) lands on the last test of each worker, as "ended", and the browser's part of it may
then read below zero. PostgreSQL and Redis serve every worker and are not counted. Each worker writes
`test-artifacts/cpu-per-test-<mode>-<worker>.tsv` (with the time each test finished);
`python -m tests.cpu_report [top] [postgresql|default]` sums them: the costliest files and tests, the CPU of
each kind of process, and when each worker ran out of tests (the pass's tail: workers idle while the last
ones finish).
"""
import collections
import os
import sys
import time
from pathlib import Path

import pytest

HZ = os.sysconf("SC_CLK_TCK")
ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"
KINDS = ("worker", "site", "browser", "subprocess", "other", "ended")


def _kind(command: str) -> str:
    if "chromium" in command or "chrome" in command or "playwright" in command or "/node " in command:
        return "browser"
    if "manage_runner" in command or "manage.py" in command:
        return "subprocess"
    if "celery" in command or "web_server" in command or "uvicorn" in command:
        return "site"
    return "other"


def _processes() -> dict[int, tuple[int, int, int]]:
    """Every process: pid -> (parent, start time, CPU ticks)."""
    found = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as stat:
                text = stat.read()
        except OSError:
            continue
        fields = text[text.rfind(")") + 2:].split()
        # with the times of its children that ended and were waited for (a closed page's renderer)
        found[int(name)] = (int(fields[1]), int(fields[19]), sum(map(int, fields[11:15])))
    return found


class CpuRecorder:
    def __init__(self):
        self.me = os.getpid()
        self.kinds: dict[tuple[int, int], str] = {}
        self.rows: list[tuple] = []

    def _descendants(self) -> dict[tuple[int, int], tuple[int, int]]:
        """Each process under this worker, (pid, start time) -> (CPU ticks, parent)."""
        table = _processes()
        children = collections.defaultdict(list)
        for pid, (parent, _start, _ticks) in table.items():
            children[parent].append(pid)
        found = {}
        stack = list(children[self.me])
        while stack:
            pid = stack.pop()
            parent, start, ticks = table[pid]
            found[(pid, start)] = (ticks, parent)
            stack += children[pid]
        return found

    def _kind_of(self, key) -> str:
        if key not in self.kinds:
            try:
                with open(f"/proc/{key[0]}/cmdline", "rb") as cmdline:
                    self.kinds[key] = _kind(cmdline.read().replace(b"\0", b" ").decode(errors="replace"))
            except OSError:
                self.kinds[key] = "other"
        return self.kinds[key]

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item):
        own = os.times()
        before = self._descendants()
        started = time.monotonic()
        yield
        wall = time.monotonic() - started
        after = self._descendants()
        own_after = os.times()
        spent = dict.fromkeys(KINDS, 0.0)
        spent["worker"] = sum(own_after[:2]) - sum(own[:2])
        for key, (ticks, _parent) in after.items():
            spent[self._kind_of(key)] += (ticks - before.get(key, (0, 0))[0]) / HZ
        # A process that ended during the test added its whole life to its parent's children's times: less
        # what it had spent by the start. The worker's own children: the short-lived ones it started and
        # waited for go to "subprocess"; when the site or the browser it started ended (the session's end,
        # in the last test), what the ending ones left goes to "ended", their trees' whole lives, with them.
        waited_by_me = 0.0
        ended = False
        for key, (ticks, parent) in before.items():
            if key not in after:
                if parent == self.me:
                    waited_by_me += ticks / HZ
                    ended = True
                else:
                    spent[self._kind_of(key)] -= ticks / HZ
        waited = max(0.0, sum(own_after[2:4]) - sum(own[2:4]) - waited_by_me)
        spent["ended" if ended else "subprocess"] += waited
        self.rows.append((item.nodeid, wall, *(spent[kind] for kind in KINDS), time.time()))

    def pytest_sessionfinish(self):
        ARTIFACTS.mkdir(exist_ok=True)
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        mode = "postgresql" if os.environ.get("DATABASE_URL", "").startswith("postgres") else "default"
        with open(ARTIFACTS / f"cpu-per-test-{mode}-{worker}.tsv", "w") as out:
            out.write("\t".join(("test", "wall", *KINDS, "finished")) + "\n")
            for row in self.rows:
                out.write("\t".join([row[0], *(f"{value:.2f}" for value in row[1:])]) + "\n")


def pytest_configure(config):
    config.pluginmanager.register(CpuRecorder(), "cpu_recorder")


def summary(paths: list[Path], top: int = 40) -> str:
    rows = []
    ends = {}  # worker -> when its last test finished
    for path in paths:
        lines = path.read_text().splitlines()[1:]
        read = [(fields[0], *map(float, fields[1:])) for fields in (line.split("\t") for line in lines)]
        rows += [row[:2 + len(KINDS)] for row in read]
        if read and len(read[-1]) > 2 + len(KINDS):
            ends[path.stem.rsplit("-", 1)[-1]] = read[-1][2 + len(KINDS)]
    totals = [sum(row[i] for row in rows) for i in range(2, 2 + len(KINDS))]
    lines = [f"{len(rows)} tests; CPU-s " + ", ".join(f"{kind} {total:.0f}" for kind, total in zip(KINDS, totals, strict=True))]
    by_file = collections.Counter()
    for row in rows:
        by_file[row[0].split("::")[0]] += sum(row[2:])
    lines.append("costliest files (CPU-s):")
    lines += [f"  {cpu:7.1f}  {name}" for name, cpu in by_file.most_common(top)]
    lines.append("costliest tests (CPU-s total = " + " + ".join(KINDS) + "; wall s):")
    for row in sorted(rows, key=lambda row: -sum(row[2:]))[:top]:
        lines.append(f"  {sum(row[2:]):6.1f} = " + " + ".join(f"{value:.1f}" for value in row[2:]) + f"  ({row[1]:.0f} s)  {row[0]}")
    if len(ends) > 1:
        last = max(ends.values())
        lines.append("each worker's last test finished, seconds before the last one: "
                     + ", ".join(f"{worker} {last - end:.0f}" for worker, end in sorted(ends.items())))
    return "\n".join(lines)


if __name__ == "__main__":
    # python -m tests.cpu_report [how many] [postgresql|default]
    top = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    mode = sys.argv[2] if len(sys.argv) > 2 else "*"
    print(summary(sorted(ARTIFACTS.glob(f"cpu-per-test-{mode}-*.tsv")), top=top))
