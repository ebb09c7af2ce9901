"""Small timing helpers shared by the bench sections."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def per_call_us(fn: Callable[[], object], min_seconds: float = 0.3) -> float:
    """Best-of-5 mean time of one call of ``fn``, in microseconds of this thread's CPU time.

    CPU time, not wall time: on a shared machine a wall clock also counts the
    time spent waiting for a core, which says nothing about the code.
    """
    n = 1
    while True:
        t0 = time.thread_time()
        for _ in range(n):
            fn()
        if time.thread_time() - t0 > min_seconds / 5:
            break
        n *= 2
    best = min(_run(fn, n) for _ in range(5))
    return round(best / n * 1e6, 2)


def _run(fn: Callable[[], object], n: int) -> float:
    t0 = time.thread_time()
    for _ in range(n):
        fn()
    return time.thread_time() - t0


def summary_ms(samples_s: list[float]) -> dict:
    """p50/p90/p99/max of a list of durations in seconds, as milliseconds."""
    s = sorted(samples_s)
    if not s:
        return {}

    def pct(p: float) -> float:
        return round(s[min(len(s) - 1, int(p * len(s)))] * 1000, 3)

    return {"n": len(s), "p50_ms": pct(0.5), "p90_ms": pct(0.9), "p99_ms": pct(0.99),
            "max_ms": round(s[-1] * 1000, 3), "mean_ms": round(statistics.fmean(s) * 1000, 3)}


def frame_summary(wall_s: list[float], cpu_s: list[float]) -> dict:
    """``summary_ms`` of the frames' wall times plus the p50/p99 of their CPU times."""
    c = summary_ms(cpu_s)
    return {**summary_ms(wall_s), "cpu_p50_ms": c["p50_ms"], "cpu_p99_ms": c["p99_ms"]}


def line_figure(out: str, tag: str) -> float | None:
    """The number after ``tag`` on the first line of ``out`` that starts with it (None if none)."""
    for line in out.splitlines():
        if line.startswith(tag):
            return round(float(line.split()[1]), 3)
    return None
