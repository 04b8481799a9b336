"""Mastermind(4, 6): Knuth's whole strategy over all 1296 secrets, and one recommendation.

Each is measured next to a straightforward pure-Python implementation of the same
computation, in the same run, and the results are checked to agree.
"""

from __future__ import annotations

from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from itertools import product

import deduce
from benchmarks._timing import median_seconds, report
from deduce.games import mastermind

CODES = list(product(range(6), repeat=4))


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


def one_thread(game: mastermind.Game) -> deduce.Stats:
    with ThreadPoolExecutor(max_workers=1) as one:
        return deduce.simulate(game, "minimax", executor=one)


def main() -> None:
    game = mastermind.Game()

    def cold() -> deduce.Stats:
        mastermind._full_table.cache_clear()
        return deduce.simulate(game, "minimax")

    ref_time, ref_total = median_seconds(reference_knuth, repeat=3)
    report("Knuth minimax, 1296 secrets: pure Python", ref_time)
    for label, run in [
        ("Knuth minimax, 1296 secrets: deduce, cold (tables built)", cold),
        (
            "Knuth minimax, 1296 secrets: deduce, default (process pool)",
            lambda: deduce.simulate(game, "minimax"),
        ),
        ("Knuth minimax, 1296 secrets: deduce, one thread", lambda: one_thread(game)),
    ]:
        seconds, stats = median_seconds(run)
        assert stats.total == ref_total == 5801, (stats.total, ref_total)
        report(label, seconds, ref_time)

    ref_time, ref_best = median_seconds(
        lambda: reference_recommendation(list(range(1296))), repeat=3
    )
    report("one minimax recommendation, 1296 codes: pure Python", ref_time)
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
