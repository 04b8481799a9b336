"""Small timing helpers shared by the benchmarks: medians of repeated runs."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any


def median_seconds(run: Callable[[], Any], *, repeat: int = 5) -> tuple[float, Any]:
    """The median wall time of ``repeat`` calls of ``run``, and the last result."""
    times = []
    result = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def paired_medians(runs: list[Callable[[], Any]], *, repeat: int = 7) -> list[tuple[float, Any]]:
    """The median wall time and the last result of each of ``runs``, calling them in
    turn ``repeat`` times, so that a change in the load of a shared machine weighs on
    every one of them alike."""
    times: list[list[float]] = [[] for _ in runs]
    results: list[Any] = [None] * len(runs)
    for _ in range(repeat):
        for i, run in enumerate(runs):
            start = time.perf_counter()
            results[i] = run()
            times[i].append(time.perf_counter() - start)
    return [(statistics.median(t), r) for t, r in zip(times, results, strict=True)]


def report(label: str, seconds: float, reference: float | None = None) -> None:
    """Print one measured line (and its speed-up over the reference)."""
    line = f"{label:<58} {seconds * 1000:10.2f} ms"
    if reference is not None:
        line += f"   {reference / seconds:6.1f}x faster than the reference"
    print(line, flush=True)
