"""The search that plays to win (``deduce.win_chances``) at fixed 13 Indizien positions:
worlds and rollouts per second, and how far the sampled estimates spread.

Positions: a two-player endgame (``play_game`` of two ``eager(0.5)`` bots, seed 10,
stopped after 16 actions: two puzzles and 18 deals left, so the exact chances are known)
and a three-player opening (``Deal.random(3, seed=4)``, no clue yet). For each, the
candidate moves are the accusation and the advice's best question; every run samples
``SAMPLES`` worlds (no budget) with seeds 0 to ``SEEDS - 1``. The spread is the standard
deviation of the estimated chance across the seeds, beside the mean half-width of the 95%
interval (and, in the endgame, the mean distance from the exact chance). Speeds are per
CPU second of this process (on a shared machine the wall time says more about the load).

Run: ``python -m benchmarks rollouts`` (or ``python benchmarks/bench_rollouts.py``).
"""

from __future__ import annotations

import os
import statistics
import sys
import time

from deduce.games.thirteen_clues import Deal, Table, eager, play_game, win_chances

SAMPLES = 40
SEEDS = 5


def _measure(label: str, table: Table, exact: dict[str, float] | None) -> None:
    runs = []
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(SEEDS):
        runs.append(
            win_chances(table, budget=None, samples=SAMPLES, seed=seed, questions=1, exact=False)
        )
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    moves = len(runs[0].moves)
    worlds = SEEDS * SAMPLES
    print(
        f"{label}: {worlds} worlds x {moves} moves in {wall:.1f} s wall, {cpu:.1f} s CPU: "
        f"{worlds / cpu:.1f} worlds and {worlds * moves / cpu:.1f} rollouts per CPU second",
        flush=True,
    )
    for name in sorted({str(m.move) for m in runs[0].moves}):
        found = [next(m for m in r.moves if str(m.move) == name) for r in runs]
        chances = [m.chance for m in found]
        half = statistics.mean((m.high - m.low) / 2 for m in found)
        line = (
            f"  {name}: mean {statistics.mean(chances):.3f}, spread (sd over {SEEDS} seeds) "
            f"{statistics.stdev(chances):.3f}, mean 95% half-width {half:.3f}"
        )
        if exact is not None:
            off = statistics.mean(abs(c - exact[name]) for c in chances)
            line += f"; exact {exact[name]:.3f}, mean distance {off:.3f}"
        print(line, flush=True)


def main(argv: list[str] | None = None) -> None:
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores", flush=True)
    table = play_game([eager(0.5), eager(0.5)], seed=10, max_moves=16).tables[0]
    exact = win_chances(table, budget=None, samples=64, questions=1)
    assert exact.exact
    print(f"two-player endgame: exact over {exact.worlds} worlds in {exact.seconds:.1f} s")
    _measure("two-player endgame", table, {str(m.move): m.chance for m in exact.moves})
    deal = Deal.random(3, seed=4)
    _measure("three-player opening", Table(3, deal.hands[0], list(deal.puzzles[1:])), None)


if __name__ == "__main__":
    main(sys.argv[1:])
