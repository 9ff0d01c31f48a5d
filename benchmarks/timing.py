"""What every benchmark reports of its runs (issue 28): min and median of runs interleaved with their baseline's,
and the machine they ran on, with its load: a figure read without the load it was measured under misleads."""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable, Sequence


def interleaved(repeat: int, steps: dict[str, Callable[[], object]]) -> dict[str, list[float]]:
    """Seconds of each step over ``repeat`` rounds, the steps run in turn within a round (baseline and ours
    side by side in time, so a burst of load falls on both)."""
    times: dict[str, list[float]] = {name: [] for name in steps}
    for _ in range(repeat):
        for name, step in steps.items():
            began = time.perf_counter()
            step()
            times[name].append(time.perf_counter() - began)
    return times


def spread(times: Sequence[float]) -> str:
    """``min   123 ms  median   130 ms``."""
    return f"min {min(times) * 1000:7.0f} ms  median {statistics.median(times) * 1000:7.0f} ms"


def ratio(ours: Sequence[float], base: Sequence[float]) -> str:
    """The ratio of the medians and of the minimums: ``1.18 (min 1.15)``."""
    return f"{statistics.median(ours) / statistics.median(base):.2f} (min {min(ours) / min(base):.2f})"


def machine() -> str:
    """``2 CPUs, load average 1.02 1.10 1.31`` (no load where the system does not say it, as on Windows)."""
    try:
        load = "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    except (AttributeError, OSError):
        load = "load average not reported by this system"
    return f"{os.cpu_count()} CPUs, {load}"
