"""A dask cluster against a process pool on the same machine: ``deduce.simulate`` of
Mastermind with the entropy strategy over every secret, on a pool of ``--workers``
processes and on :func:`deduce.table.executors.dask_client`'s local cluster of as many
one-thread workers, alternated (pool, dask, dask, pool, ...) so that both see the same
machine; each run's wall time, the medians and their ratio. ``--trimmed`` runs the dask
side on a cluster with dask's own worker settings instead (``MALLOC_TRIM_THRESHOLD_``
kept), to show what :func:`dask_client` changes.

Run: ``.venv/bin/python -m benchmarks dask`` (Mastermind 5 x 8, 32,768 secrets: about
ten minutes on two cores) or ``python -m benchmarks.bench_dask --pegs 5 --colours 6``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

import deduce
from deduce.games.mastermind import Game
from deduce.table.executors import dask_client


def _trimmed(workers: int) -> Any:
    """A local cluster with dask's own worker settings."""
    import distributed

    return distributed.Client(
        processes=True, n_workers=workers, threads_per_worker=1, dashboard_address=":0"
    )


def measure(pegs: int, colours: int, *, workers: int, rounds: int, trimmed: bool) -> str:
    """The rounds' wall times on each side, and the ratio of their medians."""
    game = Game(pegs, colours)
    totals = set()

    def run(executor: Executor) -> float:
        started = time.perf_counter()
        totals.add(deduce.simulate(game, "entropy", executor=executor).total)
        return time.perf_counter() - started

    times: dict[str, list[float]] = {"pool": [], "dask": []}
    client = _trimmed(workers) if trimmed else dask_client(workers=workers)
    sides: dict[str, Callable[[], float]] = {
        "dask": lambda: run(client.get_executor()),
        "pool": lambda: _pooled(run, workers),
    }
    try:
        for r in range(rounds):
            order = ("pool", "dask") if r % 2 == 0 else ("dask", "pool")
            for side in order:
                times[side].append(sides[side]())
                print(f"  round {r + 1} {side}: {times[side][-1]:.1f} s", flush=True)
    finally:
        client.close()
    if len(totals) != 1:
        raise SystemExit(f"the executors disagree: totals {sorted(totals)}")
    pool, dask = statistics.median(times["pool"]), statistics.median(times["dask"])
    kind = "dask's own worker settings" if trimmed else "dask_client"
    return (
        f"Mastermind {pegs}x{colours} entropy, {workers} workers, {rounds} rounds: "
        f"pool median {pool:.1f} s, dask ({kind}) median {dask:.1f} s, "
        f"ratio {dask / pool:.2f}; total moves {totals.pop()}"
    )


def _pooled(run: Callable[[Executor], float], workers: int) -> float:
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return run(pool)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_dask")
    parser.add_argument("--pegs", type=int, default=5)
    parser.add_argument("--colours", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--trimmed", action="store_true")
    args = parser.parse_args(argv if argv is not None else [])
    print(
        measure(
            args.pegs,
            args.colours,
            workers=args.workers,
            rounds=args.rounds,
            trimmed=args.trimmed,
        )
    )


if __name__ == "__main__":
    main(sys.argv[1:])
