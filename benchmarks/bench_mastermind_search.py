"""Mastermind beyond one step: lookahead and the exact optimum, and big variants.

Part 1 plays every secret of MM(3, 4..6) and MM(4, 6) with the one-step entropy
strategy, the lookahead (depths 2 and 3; depth 3 on MM(4, 6) with ``--deep``) and the
exact optimum (with ``--optimal``; for MM(4, 6) also the optimum within 5 guesses), and
prints the totals and the times.
Part 2 times each recommendation of a game of MM(5, 8) and of MM(6, 6) against a fixed
secret (``--big``).
Part 3 times the table's default (``strategy="fewest_moves"``) on MM(4, 6) (``--table``):
the first move in a new process with an empty cache (the shipped tree read), the same
again in that process, every move of a game against each of 50 secrets, and moves away
from the tree (the optimum computed and kept, or the lookahead).

Run: ``.venv/bin/python -m benchmarks.bench_mastermind_search [--optimal] [--deep] [--big]
[--table]``
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

from deduce.games import mastermind
from deduce.search.fewest_moves import choose
from deduce.table.simulation import simulate


def totals(pegs: int, colours: int, with_optimal: bool, deep: bool) -> None:
    game = mastermind.Game(pegs, colours)
    runs: list[tuple[str, str, int | None]] = [
        ("entropy", "entropy", None),
        ("lookahead (depth 2)", "lookahead", None),
    ]
    if deep or pegs < 4:
        runs.append(("lookahead (depth 3)", "lookahead3", None))
    if with_optimal:
        runs.append(("optimal", "optimal", None))
        if (pegs, colours) == (4, 6):
            runs.append(("optimal, at most 5 guesses", "optimal", 5))
    for label, strategy, cap in runs:
        start = time.perf_counter()
        stats = simulate(game, strategy, max_moves=cap)
        seconds = time.perf_counter() - start
        print(
            f"| MM({pegs},{colours}) | {label} | {stats.total} | {stats.mean:.3f} | "
            f"{stats.worst} | {seconds:.1f} s |",
            flush=True,
        )


def per_move(pegs: int, colours: int, strategy: str = "entropy") -> None:
    game = mastermind.Game(pegs, colours)
    secret = game.codes()[len(game.codes()) // 3]
    inv = game.investigation()
    times = []
    while inv.solved is None:
        start = time.perf_counter()
        move = inv.best(strategy)
        times.append(time.perf_counter() - start)
        black, white = game.feedback(secret, move)
        inv = inv.guess(move, black, white)
    shown = ", ".join(f"{t:.2f}" for t in times)
    print(f"| MM({pegs},{colours}) | {strategy} | {shown} |", flush=True)


_FIRST_MOVE = """
import time
start = time.perf_counter()
from deduce.games.mastermind import Investigation
imported = time.perf_counter()
inv = Investigation(4, 6)
move = inv.best()
cold = time.perf_counter()
inv.best()
warm = time.perf_counter()
print(move, imported - start, cold - imported, warm - cold)
"""


def table_default() -> None:
    """The default's first move cold and warm, and its time per move, on MM(4, 6)."""
    colds, warms, imports = [], [], []
    for _ in range(5):
        with tempfile.TemporaryDirectory() as cache:
            env = {**os.environ, "DEDUCE_CACHE_DIR": cache}
            out = subprocess.run(
                [sys.executable, "-c", _FIRST_MOVE], env=env, capture_output=True, text=True
            )
            move, imported, cold, warm = out.stdout.split()
            imports.append(float(imported))
            colds.append(float(cold))
            warms.append(float(warm))
    print(f"| first move ({move}), new process, empty cache | {statistics.median(colds):.3f} s |")
    print(f"| the same again in that process | {statistics.median(warms) * 1000:.2f} ms |")
    print(f"| (importing deduce before it) | {statistics.median(imports):.2f} s |")
    game = mastermind.Game(4, 6)
    times: list[float] = []
    for secret in game.codes()[::26]:  # 50 secrets
        inv = game.investigation()
        while inv.solved is None or not any(c.black == 4 for c in inv.clues):
            start = time.perf_counter()
            move = inv.best()
            times.append(time.perf_counter() - start)
            black, white = game.feedback(secret, move)
            inv = inv.guess(move, black, white)
    print(
        f"| every move of 50 games ({len(times)} moves) | median "
        f"{statistics.median(times) * 1000:.1f} ms, slowest {max(times) * 1000:.1f} ms |"
    )
    for first, black, white in [("1234", 0, 4), ("1234", 1, 1), ("1111", 0, 0)]:
        inv = game.investigation().guess(first, black, white)
        start = time.perf_counter()
        inv.best()
        print(
            f"| after {first} {black} {white} ({inv.space.size} codes): {choose(inv)} | "
            f"{time.perf_counter() - start:.2f} s |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--optimal", action="store_true", help="also the exact optimum")
    parser.add_argument("--deep", action="store_true", help="also depth 3 on MM(4,6)")
    parser.add_argument("--big", action="store_true", help="time the moves of MM(5,8), MM(6,6)")
    parser.add_argument("--table", action="store_true", help="time the table's default")
    args, _ = parser.parse_known_args()  # `python -m benchmarks` passes its own names
    if args.table:
        print("| MM(4,6), default strategy | time |")
        print("| --- | ---: |")
        table_default()
        return
    print("| variant | strategy | total | mean | worst | time |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for pegs, colours in [(3, 4), (3, 5), (3, 6), (4, 6)]:
        totals(pegs, colours, args.optimal, args.deep)
    if args.big:
        print("\n| variant | strategy | seconds per move |")
        print("| --- | --- | --- |")
        for pegs, colours in [(5, 8), (6, 6)]:
            per_move(pegs, colours)


if __name__ == "__main__":
    main()
