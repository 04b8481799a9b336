"""Mastermind beyond one step: lookahead and the exact optimum, and big variants.

Part 1 plays every secret of MM(3, 4..6) and MM(4, 6) with the one-step entropy
strategy, the lookahead (depths 2 and 3; depth 3 on MM(4, 6) with ``--deep``) and the
exact optimum (with ``--optimal``; for MM(4, 6) also the optimum within 5 guesses), and
prints the totals and the times.
Part 2 times each recommendation of a game of MM(5, 8) and of MM(6, 6) against a fixed
secret (``--big``).

Run: ``.venv/bin/python -m benchmarks.bench_mastermind_search [--optimal] [--deep] [--big]``
"""

from __future__ import annotations

import argparse
import time

from deduce.games import mastermind
from deduce.simulate import simulate


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--optimal", action="store_true", help="also the exact optimum")
    parser.add_argument("--deep", action="store_true", help="also depth 3 on MM(4,6)")
    parser.add_argument("--big", action="store_true", help="time the moves of MM(5,8), MM(6,6)")
    args, _ = parser.parse_known_args()  # `python -m benchmarks` passes its own names
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
