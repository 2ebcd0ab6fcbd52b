"""Timing helpers every part shares: wall clock and CPU time per sample, percentiles with their count.

On a shared machine wall-clock time mostly measures waiting for a core; CPU time (of this process,
or of the bot's process tree read from outside) is what the code itself costs. So every timed part
reports both, plus the number of samples behind its percentiles: ``<stem>p50_ms``, ``<stem>p99_ms``,
``<stem>cpu_p50_ms``, ``<stem>cpu_p99_ms`` and ``<stem>n``. A p99 from fewer than ``P99_MIN_SAMPLES``
samples is one of the 5 worst samples (nearest rank: at 500 it is the 5th worst); the table marks it.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

P99_MIN_SAMPLES = 600  # the least n whose nearest-rank p99 is not among the 5 worst samples


def pct(values: list[float], q: float) -> float:
    """The nearest-rank ``q`` quantile (0.0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Samples:
    """Wall-clock and CPU milliseconds of one timed thing, one pair per sample."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    @contextlib.contextmanager
    def time(self) -> Iterator[None]:
        """Time the block: perf_counter for wall clock, process_time for CPU (threads this part starts,
        e.g. aiosqlite's, included)."""
        wall0, cpu0 = time.perf_counter(), time.process_time()
        try:
            yield
        finally:
            self.add((time.perf_counter() - wall0) * 1000, (time.process_time() - cpu0) * 1000)

    def add(self, wall_ms: float, cpu_ms: float) -> None:
        self.wall.append(wall_ms)
        self.cpu.append(cpu_ms)

    def numbers(self, stem: str, digits: int = 2) -> dict[str, float]:
        """``<stem>p50_ms``/``p99_ms``, ``<stem>cpu_p50_ms``/``cpu_p99_ms`` and ``<stem>n``."""
        return {f"{stem}p50_ms": round(pct(self.wall, 0.5), digits), f"{stem}p99_ms": round(pct(self.wall, 0.99), digits),
                f"{stem}cpu_p50_ms": round(pct(self.cpu, 0.5), digits),
                f"{stem}cpu_p99_ms": round(pct(self.cpu, 0.99), digits), f"{stem}n": float(len(self.wall))}


def sample_count(numbers: dict[str, object], key: str) -> float | None:
    """The sample count behind a ``...p99_ms`` key (``<stem>n``, or the e2e parts' ``<kind>_count``)."""
    if not key.endswith("p99_ms"):
        return None
    stems = [key[: -len("p99_ms")]]
    for suffix in ("cpu_", "sent_", "ack_"):
        if stems[-1].endswith(suffix):
            stems.append(stems[-1][: -len(suffix)])
    for stem in stems:
        for candidate in (f"{stem}n", f"{stem}count", f"{stem.rstrip('_.')}_count"):
            value = numbers.get(candidate)
            if isinstance(value, int | float):
                return float(value)
    return None


# ---------------------------------------------------------------- another process's CPU and memory

_libc = ctypes.CDLL(None, use_errno=True)
_TICK = os.sysconf("SC_CLK_TCK")


def _children_of(pid: int) -> list[int]:
    kids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                kids.append(int(entry.name))
    return kids


def tree(pid: int) -> list[int]:
    """``pid`` and its live descendants (a bot that renders in worker processes is counted whole)."""
    found, todo = [pid], [pid]
    while todo:
        kids = _children_of(todo.pop())
        found += kids
        todo += kids
    return found


def process_cpu_seconds(pid: int) -> float:
    """CPU seconds of one process, every thread, to the nanosecond (its CPU-time clock); 0 if gone."""
    clock = ctypes.c_int()
    if _libc.clock_getcpuclockid(pid, ctypes.byref(clock)) != 0:
        return _ticks(pid)
    try:
        return time.clock_gettime(clock.value)
    except OSError:
        return _ticks(pid)


def _ticks(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / _TICK


def rss_kb(pid: int) -> int:
    """VmRSS of a process, in KiB (0 if gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


class GcPauses:
    """A ``gc.callbacks`` hook: how long each collection held a process's thread, per generation (wall and CPU
    time: on a busy machine the wall time also counts waits for a core)."""

    def __init__(self) -> None:
        self.pauses: dict[int, list[tuple[float, float]]] = {0: [], 1: [], 2: []}  # (wall s, CPU s) each
        self._started = (0.0, 0.0)

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter(), time.thread_time()
        else:
            wall, cpu = self._started
            self.pauses[info["generation"]].append((time.perf_counter() - wall, time.thread_time() - cpu))

    def lines(self) -> list[str]:
        out = []
        for generation, pauses in self.pauses.items():
            if pauses:
                walls, cpus = [w for w, _ in pauses], [c for _, c in pauses]
                out.append(f"gen{generation}: {len(pauses)} collections, {sum(walls):.2f} s in all (CPU {sum(cpus):.2f} s), "
                           f"worst {1000 * max(walls):.0f} ms (CPU {1000 * max(cpus):.0f} ms)")
        return out
