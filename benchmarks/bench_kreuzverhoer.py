"""Kreuzverhör: one full recommendation on the 1944-case space over all 2916 guesses.

Side by side in the same run, inside the same ``recommend`` call: the game's own
partition (binomial moments of 16 small marginals of the case tensor) against

- a straightforward numpy version: a uint8 outcome table of 2916 x cases (for each of
  the four details, the rows of a small "laid value x case" 0/1 table picked by the
  laid values and added), then, for each number of correct details, a count per row;
- the engine's generic path (``deduce.investigation.Investigation.partition``: outcome
  table from the game hook, then ``deduce.core.strategy.partition``).

Prints medians and the ratios.

Run: ``.venv/bin/python benchmarks/bench_kreuzverhoer.py``
"""

from __future__ import annotations

import copy
import statistics
import time
import types
from collections.abc import Callable
from typing import Any

import numpy as np

from deduce.core.space import Space
from deduce.core.strategy import Partition
from deduce.games import kreuzverhoer as kv
from deduce.investigation import Investigation as Base

REPEATS = 41


def _median_ms(call: Callable[[], Any], repeats: int = REPEATS) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def _numpy_partition(inv: kv.Investigation, space: Space, queries: Any) -> Partition:
    """Outcome table + a count per answer, written plainly with numpy (every case has
    weight 1 here, so the counts are the masses)."""
    laid = inv._tables.guess_array[inv._query_numbers(queries)]  # (Q, 4) value indices
    table = np.zeros((len(laid), space.size), dtype=np.uint8)
    for column, size in enumerate(len(inv.deck.names(f)) for f in kv.FIELDS):
        same = np.arange(size)[:, None] == space.worlds[None, :, column]  # (values, cases)
        table += same.astype(np.uint8)[laid[:, column]]
    counts = np.stack([np.count_nonzero(table == k, axis=1) for k in range(5)], axis=1)
    return Partition(counts.astype(np.float64), counts.astype(np.int64), np.zeros(len(laid)))


def _with(inv: kv.Investigation, method: Callable[..., Partition]) -> kv.Investigation:
    """The same investigation, recommending through another partition."""
    other = copy.copy(inv)
    other.partition = types.MethodType(method, other)  # type: ignore[method-assign]
    return other


def main() -> None:
    """Time both ways on the full space and after one questioning; print the medians."""
    cases = {
        "full space (1944 cases)": kv.Investigation(),
        "after one questioning": kv.Investigation().questioning(
            "Mord", "Berlin", "Juri L.", "Messer", correct=1
        ),
    }
    print(f"Kreuzverhör, recommend(top=3) over all 2916 guesses, median of {REPEATS} runs")
    print(
        f"{'position':<24}{'game':>10}{'numpy ref':>12}{'ratio':>8}{'engine ref':>13}{'ratio':>8}"
    )
    for label, fast in cases.items():
        plain = _with(fast, _numpy_partition)
        engine = _with(fast, Base.partition)
        assert bool((fast.space.weights == 1).all())
        for strategy in ("entropy", "minimax"):  # the same answers every way
            expected = fast.recommend(top=3, strategy=strategy)
            assert plain.recommend(top=3, strategy=strategy) == expected
            assert engine.recommend(top=3, strategy=strategy) == expected
        times = [
            _median_ms(lambda i=inv: i.recommend(top=3))  # type: ignore[misc]
            for inv in (fast, plain, engine)
        ]
        print(
            f"{label:<24}{times[0]:>7.2f} ms{times[1]:>9.2f} ms{times[1] / times[0]:>7.1f}x"
            f"{times[2]:>10.2f} ms{times[2] / times[0]:>7.1f}x"
        )
    inv = cases["full space (1944 cases)"]
    queries, space = inv.queries(), inv.space
    times = [
        _median_ms(lambda: inv.partition(space, queries)),
        _median_ms(lambda: _numpy_partition(inv, space, queries)),
        _median_ms(lambda: Base.partition(inv, space, queries)),
    ]
    label = "partition only, full"
    print(
        f"{label:<24}{times[0]:>7.2f} ms{times[1]:>9.2f} ms{times[1] / times[0]:>7.1f}x"
        f"{times[2]:>10.2f} ms{times[2] / times[0]:>7.1f}x"
    )


if __name__ == "__main__":
    main()
