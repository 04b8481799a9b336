"""Mastermind 6 pegs x 9 colours: the memory and time of one recommendation.

Each measurement is one fresh process: it builds the investigation after the clues,
asks ``recommend(top=3)`` with the default strategy and reports its peak resident memory
(``ru_maxrss``, the whole process: imports and the investigation included), the memory
before the advice, and the wall and CPU seconds of the advice.

The states are those that the default strategy reaches against the secret ``411111``
(the code a third of the way through ``Game(6, 9).codes()``): each measured state's best
move is checked to be the next clue's guess. ``--engine`` also measures each state with
the game's own ranking switched off (the engine ranks every move at once, as before the
ranking in chunks) and checks that both give the same three recommendations, outcomes
included. ``--first`` times the first advice of MM(4,8), MM(5,8), MM(6,6) and MM(7,7)
(the median of three fresh processes, each way when ``--engine`` is given too).

Run: ``.venv/bin/python -m benchmarks mastermind_memory`` (the 6 x 9 states), or
``.venv/bin/python -m benchmarks.bench_mastermind_memory [--engine] [--first]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from typing import Any

CLUES = [("112234", 1, 2), ("135613", 1, 1), ("522783", 0, 0), ("194991", 1, 2)]
"""The default strategy's guesses on MM(6, 9) against 411111, and their feedback."""

STATES = (0, 2, 3, 4)
"""The states measured: the number of those clues given (531441, 9097, 97 and 3 codes)."""

FIRST = ((4, 8), (5, 8), (6, 6), (7, 7))
"""The variants whose first advice ``--first`` times."""

_CHILD = """
import json, resource, sys, time
args = json.loads(sys.argv[1])
import deduce.investigation
from deduce.games import mastermind
if args["engine"]:  # the engine ranks every move at once
    mastermind.Investigation.own_ranking = deduce.investigation.Investigation.own_ranking
inv = mastermind.Investigation(args["pegs"], args["colours"])
for code, black, white in args["clues"]:
    inv = inv.guess(code, black, white)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
wall, cpu = time.perf_counter(), time.process_time()
moves = inv.recommend(top=3)
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
shown = [[str(m.action), m.information, sorted(map(list, m.outcomes.items())), m.worst_case,
          m.strategy, m.score] for m in moves]
print(json.dumps({"codes": inv.space.size, "before": before / 1024, "peak": peak / 1024,
                  "wall": wall, "cpu": cpu, "moves": shown}))
"""


def measure(pegs: int, colours: int, clues: list[Any], *, engine: bool) -> dict[str, Any]:
    """One recommendation in a fresh process: its memory (MB), seconds and moves."""
    args = json.dumps({"pegs": pegs, "colours": colours, "clues": clues, "engine": engine})
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, args], capture_output=True, text=True, check=True
    )
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def states(engine: bool) -> None:
    """The 6 x 9 states, in chunks (and at once, with ``engine``)."""
    print("MM(6,9), recommend(top=3), default strategy, one fresh process each")
    print("| clues | codes | way | peak MB (before advice) | wall s | CPU s | best |")
    print("|---|---|---|---|---|---|---|")
    for n in STATES:
        ways = [("in chunks", False)] + ([("at once", True)] if engine else [])
        results = []
        for label, at_once in ways:
            r = measure(6, 9, [list(c) for c in CLUES[:n]], engine=at_once)
            results.append(r)
            print(
                f"| {n} | {r['codes']} | {label} | {r['peak']:.0f} ({r['before']:.0f}) | "
                f"{r['wall']:.2f} | {r['cpu']:.2f} | {r['moves'][0][0]} |",
                flush=True,
            )
        if n < len(CLUES):
            assert results[0]["moves"][0][0] == CLUES[n][0], (n, results[0]["moves"])
        if engine:
            assert results[0]["moves"] == results[1]["moves"], (n, results)


def first(engine: bool) -> None:
    """The first advice of other variants: the median of three fresh processes."""
    print("First advice, recommend(top=3), default strategy: median of 3 fresh processes")
    print("| variant | way | peak MB | wall s | CPU s | best |")
    print("|---|---|---|---|---|---|")
    for pegs, colours in FIRST:
        for label, at_once in [("in chunks", False)] + ([("at once", True)] if engine else []):
            runs = [measure(pegs, colours, [], engine=at_once) for _ in range(3)]
            peak = max(r["peak"] for r in runs)
            wall = statistics.median(r["wall"] for r in runs)
            cpu = statistics.median(r["cpu"] for r in runs)
            best = runs[0]["moves"][0][0]
            print(
                f"| MM({pegs},{colours}) | {label} | {peak:.0f} | {wall:.2f} | {cpu:.2f} "
                f"| {best} |",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", action="store_true", help="also rank every move at once")
    parser.add_argument("--first", action="store_true", help="time other variants' first advice")
    args, _ = parser.parse_known_args()  # `python -m benchmarks` passes its own names
    print("Run: .venv/bin/python -m benchmarks.bench_mastermind_memory [--engine] [--first]")
    states(args.engine)
    if args.first:
        first(args.engine)


if __name__ == "__main__":
    main()
