"""Kreuzverhör: the entropy strategy played against all 1944 cases, beside a numpy walk.

Side by side in one process, in turn, ``ROUNDS`` times:

- ``deduce.simulate(Investigation())``: the default strategy (``"entropy"``, the
  one-step information walk of ``recommend()``) against every case, as a user calls it
  (with two or more cores, a local process pool plays the subtrees after the first lay);
- ``deduce.table.simulation.walk`` of the same tree in this process alone;
- a plain numpy reference written here, outside the engine: at every node an outcome
  table of all 2916 lays x the cases left (a 0/1 table per detail, added), a count per
  number of correct details, the entropy of each lay (rounded as the engine rounds, so
  that ties are ties), the first best lay preferring one that can be the case, and the
  cases split by their answer. A node of one case is solved by laying it.

The reference and deduce must agree on the number of questionings of every case (and
``simulate`` on the histogram). Prints the medians and the ratios deduce / reference
(1.0 or less: deduce is at least as fast).

Run: ``.venv/bin/python -m benchmarks kreuzverhoer_simulate``
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from deduce.games import kreuzverhoer as kv
from deduce.games.kreuzverhoer.counting import SHAPE, guess_tables
from deduce.table.simulation import Stats, simulate, walk

ROUNDS = 7

IntArray = npt.NDArray[np.int64]


def numpy_walk(deck: kv.Deck | None = None) -> tuple[IntArray, int]:
    """Questionings the entropy walk needs for every case (in case order), and the
    number of nodes it visited: plain numpy, the full outcome table at every node."""
    tables = guess_tables(kv.Deck.default() if deck is None else deck)
    cases, laid, guess_case = tables.cases, tables.guess_array, tables.guess_case
    lays = len(laid)
    # match[f][v, c]: 1 if case c has value v in detail f
    match = [
        (np.arange(size)[:, None] == cases[None, :, f]).astype(np.uint8)
        for f, size in enumerate(SHAPE)
    ]
    offsets = (np.arange(lays, dtype=np.int64) * 5)[:, None]
    present = np.zeros(len(cases) + 1, dtype=bool)  # guess_case -1 reads the last one
    needed = np.zeros(len(cases), dtype=np.int64)
    stack: list[tuple[IntArray, int]] = [(np.arange(len(cases)), 0)]
    nodes = 0
    while stack:
        rows, depth = stack.pop()
        nodes += 1
        if len(rows) == 1:
            needed[rows] = depth + 1
            continue
        table = match[0][:, rows][laid[:, 0]]
        for f in range(1, 4):
            table += match[f][:, rows][laid[:, f]]
        counts = np.bincount((table + offsets).ravel(), minlength=5 * lays).reshape(lays, 5)
        p = counts / len(rows)
        with np.errstate(divide="ignore", invalid="ignore"):
            plogp = -np.where(p > 0, p * np.log2(np.where(p > 0, p, 1.0)), 0.0)
        score = np.round(np.maximum(plogp.sum(axis=1), 0.0) + 0.0, 9)
        best = score == score.max()
        present[:] = False
        present[rows] = True
        preferred = best & present[guess_case]
        lay = int(np.argmax(preferred if preferred.any() else best))
        answer = table[lay]
        for k in np.unique(answer).tolist():
            group = rows[answer == k]
            if k == 4:
                needed[group] = depth + 1
            else:
                stack.append((group, depth + 1))
    return needed, nodes


def deduce_walk() -> IntArray:
    """Questionings deduce's entropy walk needs for every case, in case order."""
    start = kv.Investigation()
    ids = start.space.ids
    needed = np.zeros(len(ids), dtype=np.int64)

    def done(case_ids: IntArray, moves: int) -> None:
        needed[np.searchsorted(ids, case_ids)] = moves

    walk(start, "entropy", ids, done)
    return needed


def _histogram(needed: IntArray) -> dict[int, int]:
    return dict(sorted(Counter(needed.tolist()).items()))


def _medians(runs: list[Callable[[], Any]], rounds: int) -> list[float]:
    times: list[list[float]] = [[] for _ in runs]
    for _ in range(rounds):
        for i, run in enumerate(runs):
            start = time.perf_counter()
            run()
            times[i].append(time.perf_counter() - start)
    return [statistics.median(t) for t in times]


def main() -> None:
    """Check that all three agree, time them in turn and print the medians and ratios."""
    reference, nodes = numpy_walk()
    stats = simulate(kv.Investigation())
    assert isinstance(stats, Stats) and stats.strategy == "entropy"
    assert np.array_equal(deduce_walk(), reference), "the walks disagree on some case"
    assert stats.histogram == _histogram(reference), "simulate disagrees with the reference"
    print(
        f"Kreuzverhör, entropy against all {len(reference)} cases ({nodes} nodes, "
        f"{stats.total} questionings, worst {stats.worst}), median of {ROUNDS} rounds in turn"
    )
    seconds = _medians([lambda: simulate(kv.Investigation()), deduce_walk, numpy_walk], ROUNDS)
    ref = seconds[2]
    print(f"{'numpy reference walk':<40}{ref * 1000:>9.1f} ms")
    labels = ("deduce.simulate (default)", "deduce walk, this process")
    for label, s in zip(labels, seconds[:2], strict=True):
        print(f"{label:<40}{s * 1000:>9.1f} ms   ratio {s / ref:.2f}")


if __name__ == "__main__":
    main()
