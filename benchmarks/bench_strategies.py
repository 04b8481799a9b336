"""The test kit's speed: examples a second of every ``deduce.testing`` strategy, for every
kind of investigation of every registered game (its declared sample), each as a
hypothesis test that draws and does nothing else, derandomized, the median of three runs.

Run: ``.venv/bin/python -m benchmarks strategies`` (or ``python -m
benchmarks.bench_strategies --examples 100`` for fewer examples a run).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample, Unsatisfiable

from deduce.core import registry
from deduce.testing import clue_sequences, clues, contradictions, games, lies, secrets, setups

GOAL = 100
"""Examples a second that every strategy reaches in every game."""

FIND = settings(derandomize=True, database=None, max_examples=200, deadline=None)


def strategies(start: Any) -> dict[str, st.SearchStrategy[Any] | None]:
    """Each strategy of the kit on ``start``; one that needs a secret gets a random one;
    contradictions, and lies once more, in the first truthful game of three clues or more
    that has ruled something out and is not solved (None: the game has none there, see
    :func:`deduce.testing.contradictions`)."""
    some = secrets(start)
    secret, played = _played(start)
    return {
        "setups": setups(type(start)),
        "secrets": some,
        "games": games(start),
        "clue_sequences": some.flatmap(lambda secret: clue_sequences(start, secret)),
        "clues": some.flatmap(lambda secret: clues(start, secret)),
        "lies": some.flatmap(lambda secret: lies(start, secret)),
        "lies later": None if played is None else _some(lies(played, secret)),
        "contradictions": None if played is None else _some(contradictions(played)),
    }


def _played(start: Any) -> tuple[Any, Any]:
    """A truthful game of ``start`` of three clues or more that has ruled something out
    and is not solved, and its secret ((None, None): none was found)."""

    def ruled_out(pair: tuple[Any, Any]) -> bool:
        inv = pair[1]
        unsolved = inv.solution_count > 1 and not getattr(inv, "over", False)
        return len(inv.clues) >= 3 and inv.space.size < start.space.size and unsolved

    try:
        found: tuple[Any, Any] = find(games(start, max_clues=6), ruled_out, settings=FIND)
    except (NoSuchExample, Unsatisfiable):
        return None, None
    return found


def _some(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[Any] | None:
    """``strategy`` if it has an example (None: it has none there)."""
    try:
        find(strategy, lambda example: True, settings=FIND)
    except (NoSuchExample, Unsatisfiable):
        return None
    return strategy


def rate(strategy: st.SearchStrategy[Any], examples: int) -> float | None:
    """Examples a second that ``strategy`` gives a test that does nothing with them (None:
    it has none there, every try rejected, as a table whose turn no lie fits)."""
    drawn = [0]

    @settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def test(_: Any) -> None:
        drawn[0] += 1

    start = time.perf_counter()
    try:
        test()
    except Unsatisfiable:  # it gave up on every example (a table whose turn fits none)
        return None
    return drawn[0] / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks strategies")
    parser.add_argument("--examples", type=int, default=200, help="examples a run")
    args, _ = parser.parse_known_args(sys.argv[1:] if argv is None else argv)
    slow: list[str] = []
    print(f"{'game':<16}{'kind':<15}{'strategy':<16}{'examples/s':>11}")
    for declaration in registry.declarations():
        for sample in declaration.samples:
            start = declaration.make(sample)
            for name, strategy in strategies(start).items():
                if strategy is None:
                    print(f"{declaration.name:<16}{sample.kind:<15}{name:<16}{'none':>11}")
                    continue
                runs = [rate(strategy, args.examples) for _ in range(3)]
                measured = [speed for speed in runs if speed is not None]
                if not measured:
                    print(f"{declaration.name:<16}{sample.kind:<15}{name:<16}{'none':>11}")
                    continue
                speed = statistics.median(measured)
                mark = "" if speed >= GOAL else "   below the goal"
                print(f"{declaration.name:<16}{sample.kind:<15}{name:<16}{speed:>11.0f}{mark}")
                if speed < GOAL:
                    slow.append(f"{declaration.name} {sample.kind} {name}")
    print(f"below {GOAL} examples/s: {', '.join(slow) if slow else 'none'}")


if __name__ == "__main__":
    main()
