"""Mastermind(4, 6): Knuth's whole strategy over all 1296 secrets, and one recommendation.

Each is measured next to straightforward implementations of the same computation in the
same run (pure Python; for the whole strategy also a numpy walk over a precomputed
feedback table), and the results are checked to agree. The whole strategy and its numpy
reference are timed in turn, run after run, so that the load of a shared machine weighs
on both alike.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from itertools import product

import numpy as np
import numpy.typing as npt

import deduce
from benchmarks._timing import median_seconds, paired_medians, report
from deduce.games import mastermind

CODES = list(product(range(6), repeat=4))
ALL_BLACK = 20  # black * 5 + white


def feedback(secret: tuple[int, ...], guess: tuple[int, ...]) -> int:
    black = sum(s == g for s, g in zip(secret, guess, strict=True))
    common = sum((Counter(secret) & Counter(guess)).values())
    return black * 5 + common - black


def reference_recommendation(candidates: list[int]) -> int:
    """Minimax over every code, ties: a possible code, then the lowest (pure Python)."""
    possible = set(candidates)
    best, best_key = -1, None
    for g, guess in enumerate(CODES):
        parts = Counter(feedback(CODES[s], guess) for s in candidates)
        key = (max(parts.values()), g not in possible, g)
        if best_key is None or key < best_key:
            best, best_key = g, key
    return best


def reference_knuth() -> int:
    """Knuth's strategy for every secret, as a decision-tree walk in pure Python."""
    table = [[feedback(secret, guess) for secret in CODES] for guess in CODES]

    def walk(candidates: list[int], depth: int, guess: int | None = None) -> int:
        if guess is None:
            possible = set(candidates)
            guess, best_key = -1, None
            for g in range(len(CODES)):
                parts = Counter(table[g][s] for s in candidates)
                key = (max(parts.values()), g not in possible, g)
                if best_key is None or key < best_key:
                    guess, best_key = g, key
        groups: dict[int, list[int]] = {}
        for s in candidates:
            groups.setdefault(table[guess][s], []).append(s)
        total = 0
        for k, group in groups.items():
            total += depth * len(group) if k == 20 else walk(group, depth + 1)
        return total

    return walk(list(range(len(CODES))), 1, guess=CODES.index((0, 0, 1, 1)))


def numpy_table() -> npt.NDArray[np.uint8]:
    """The 1296 x 1296 feedback numbers (guess, secret), computed with numpy."""
    codes = np.array(CODES)
    black = (codes[:, None, :] == codes[None, :, :]).sum(axis=2)
    counts = np.stack([(codes == c).sum(axis=1) for c in range(6)], axis=1)
    common = np.minimum(counts[:, None, :], counts[None, :, :]).sum(axis=2)
    return (black * 5 + common - black).astype(np.uint8)


def numpy_knuth(table: npt.NDArray[np.uint8]) -> dict[int, int]:
    """Knuth's strategy for every secret as a numpy tree walk over ``table``: at each
    node every guess is scored by the largest part of its histogram over the node's
    candidates (one ``np.bincount``), ties to a possible code, then the lowest."""
    n, width = len(table), ALL_BLACK + 1
    offsets = (np.arange(n) * width)[:, None]
    order = np.arange(n)
    histogram: Counter[int] = Counter()

    def walk(candidates: npt.NDArray[np.int64], depth: int, guess: int | None) -> None:
        if guess is None:
            flat = (table[:, candidates].astype(np.int64) + offsets).ravel()
            worst = np.bincount(flat, minlength=n * width).reshape(n, width).max(axis=1)
            possible = np.zeros(n, dtype=bool)
            possible[candidates] = True
            guess = int(np.lexsort((order, ~possible, worst))[0])
        answers = table[guess, candidates]
        for k in np.unique(answers):
            group = candidates[answers == k]
            if k == ALL_BLACK:
                histogram[depth] += len(group)
            else:
                walk(group, depth + 1, None)

    walk(np.arange(n), 1, CODES.index((0, 0, 1, 1)))
    return dict(sorted(histogram.items()))


def one_thread(game: mastermind.Game) -> deduce.Stats:
    with ThreadPoolExecutor(max_workers=1) as one:
        return deduce.simulate(game, "minimax", executor=one)


COLD = """
import time
import deduce
from deduce.games import mastermind
start = time.perf_counter()
stats = deduce.simulate(mastermind.Game(), "minimax")
print(time.perf_counter() - start, stats.total)
"""


def cold() -> tuple[float, int]:
    """Seconds of the whole strategy in a fresh process (tables built, pool started)."""
    out = subprocess.run([sys.executable, "-c", COLD], capture_output=True, text=True, check=True)
    seconds, total = out.stdout.split()
    return float(seconds), int(total)


def main() -> None:
    game = mastermind.Game()
    ref_time, ref_total = median_seconds(reference_knuth, repeat=1)
    report("Knuth minimax, 1296 secrets: pure Python (one run)", ref_time)
    colds = [cold() for _ in range(3)]
    assert all(total == 5801 for _, total in colds), colds
    seconds = statistics.median(s for s, _ in colds)
    report("Knuth minimax, 1296 secrets: deduce, cold (new process)", seconds, ref_time)
    seconds, stats = median_seconds(lambda: deduce.simulate(game, "minimax"))
    assert stats.total == ref_total == 5801, (stats.total, ref_total)
    report("Knuth minimax, 1296 secrets: deduce, default (process pool)", seconds, ref_time)
    table = numpy_table()
    (np_time, np_histogram), (seconds, stats) = paired_medians(
        [lambda: numpy_knuth(table), lambda: one_thread(game)], repeat=15
    )
    assert stats.histogram == np_histogram and stats.total == 5801, (stats, np_histogram)
    report("Knuth minimax, 1296 secrets: numpy tree walk", np_time)
    report("Knuth minimax, 1296 secrets: deduce, one thread", seconds, np_time)
    print(f"{'':<58} {'':>13}   {ref_time / seconds:6.1f}x faster than pure Python")

    ref_time, ref_best = median_seconds(
        lambda: reference_recommendation(list(range(1296))), repeat=1
    )
    report("one minimax recommendation, 1296 codes: pure Python (one run)", ref_time)
    start = game.investigation()
    seconds, best = median_seconds(lambda: start.recommend(top=1, strategy="minimax")[0])
    assert best.action == mastermind.Code("1122") and ref_best == game.index("1122")
    report("one minimax recommendation, 1296 codes: deduce", seconds, ref_time)
    seconds, _ = median_seconds(lambda: start.recommend(top=1, strategy="entropy"))
    report("one entropy recommendation, 1296 codes: deduce", seconds)
    for strategy in ("entropy", "expected_size", "most_parts"):
        stats = deduce.simulate(game, strategy)
        print(f"{strategy:<14} total {stats.total}  worst {stats.worst}  opening {stats.opening}")


if __name__ == "__main__":
    main()
