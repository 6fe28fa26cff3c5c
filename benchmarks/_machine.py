"""What the benchmarks print about the machine they ran on."""

from __future__ import annotations

import time


def cpu_probe() -> float:
    """Seconds this machine takes for a fixed piece of pure Python now: on a shared machine the
    same code has measured half as fast from one hour to the next, and this says which kind of
    hour a run's figures come from."""
    started = time.perf_counter()
    sum(range(30_000_000))
    return time.perf_counter() - started
