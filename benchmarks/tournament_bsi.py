"""Black Stories Investigation: the points advice against the one-step information advice.

Whole games between bots built on the public API (``deduce.games.bsi``), every seat a
bot, every game dealt from its own fixed seed (game ``i`` uses seed ``i``):

- *points*: :data:`~deduce.games.bsi.advised`, the table's default advice (lays ranked by
  the points they lead to, attempts looking two turns ahead);
- *entropy*: :data:`~deduce.games.bsi.entropy_advised`, the one-step information advice
  (the most informative lay, an attempt when it beats the same attempt one card later).

In each row one seat plays the bot under study and every other seat the other bot; the
seat under study rotates with the seed, so that starting first favours nobody. A tie for
the most points is a win for every tied player (as in the rulebook). Run:

    python -m benchmarks.tournament_bsi --games 2000
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from deduce.games.bsi import Bot, advised, entropy_advised, play_game

BOTS: dict[str, Bot] = {"points": advised, "entropy": entropy_advised}
LINEUPS: dict[int, list[tuple[str, str]]] = {
    2: [("points", "entropy")],
    3: [("points", "entropy"), ("entropy", "points")],
    4: [("points", "entropy"), ("entropy", "points")],
}


def one_game(spec: tuple[str, str, int, int]) -> tuple[float, float, float]:
    """(the bot under study won, the share of the other seats that won, its points minus
    the others' mean points) for one game."""
    hero, other, players, seed = spec
    seat = seed % players
    lineup = [BOTS[other]] * players
    lineup[seat] = BOTS[hero]
    record = play_game(lineup, seed=seed)
    others = [s for s in range(players) if s != seat]
    return (
        float(seat in record.winners),
        sum(s in record.winners for s in others) / len(others),
        record.points[seat] - statistics.fmean(record.points[s] for s in others),
    )


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion.

    Example:
        >>> [round(x, 3) for x in wilson(50, 100)]
        [0.404, 0.596]
    """
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float]:
    """The mean and the half-width of its 95% normal interval.

    Example:
        >>> [round(x, 2) for x in mean_interval([1.0, 3.0])]
        [2.0, 1.96]
    """
    mean = statistics.fmean(values)
    return mean, z * statistics.stdev(values) / math.sqrt(len(values))


def tournament(games: int, workers: int, players_list: Sequence[int] = (2, 3, 4)) -> list[str]:
    """The table rows (markdown) for ``games`` games of every lineup and player count."""
    rows = [
        "| players | 1 seat | other seats | games | 1 seat wins (95% CI) | each other seat wins "
        "| difference (95% CI) | points difference (95% CI) |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    with ProcessPoolExecutor(workers) as pool:
        for players in players_list:
            for hero, other in LINEUPS[players]:
                specs = [(hero, other, players, seed) for seed in range(games)]
                results = list(pool.map(one_game, specs, chunksize=16))
                won, other_won, points = zip(*results, strict=True)
                low, high = wilson(sum(won), games)
                diff, diff_half = mean_interval(
                    [a - b for a, b in zip(won, other_won, strict=True)]
                )
                pts, pts_half = mean_interval(points)
                rows.append(
                    f"| {players} | {hero} | {other} | {games} "
                    f"| {100 * statistics.fmean(won):.1f}% ({100 * low:.1f} to {100 * high:.1f}) "
                    f"| {100 * statistics.fmean(other_won):.1f}% "
                    f"| {100 * diff:+.1f} ± {100 * diff_half:.1f} points of % "
                    f"| {pts:+.2f} ± {pts_half:.2f} |"
                )
                print(rows[-1], flush=True)
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=2000, help="games per row (default 2000)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    rows = tournament(args.games, args.workers)
    print()
    print("\n".join(rows))
    print(f"\n{len(rows) - 2} rows of {args.games} games in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
