"""Kreuzverhör: race-aware advice against one-step entropy, head to head.

Two bots play whole games through the public game master,
``kreuzverhoer.play_game([advised, entropy], seed=..., cards=False, cases=..., first=...)``:
each answers the other's questionings about the case it chose, so each sees its
opponent's case file exactly. ``advised`` lays ``Table.race()``'s first lay, ``entropy``
the most informative one. Questionings only (no action cards), 12 for each player;
whoever lays the four right cards first wins; if nobody does, the most details right in
the last questioning wins and a tie is a draw (half a point each).

For every seed two random cases are drawn (``kreuzverhoer.bots.deal``, from
``random.Random(seed)``, as before the game master existed: the same games), and four
games are played: each bot gets each case, and each bot questions first, so luck of the
cases and of the first turn cancels out (two copies of one bot score exactly 50%).

Run: ``.venv/bin/python benchmarks/tournament_kreuzverhoer.py --seeds 100``
"""

from __future__ import annotations

import argparse
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor

from deduce.games import kreuzverhoer as kv
from deduce.games.kreuzverhoer.bots import deal

BOTS = (kv.advised, kv.entropy)


def play(cases: tuple[kv.Case, kv.Case], first: int, seed: int = 0) -> float:
    """The score of ``BOTS[0]`` (1 win, 0.5 draw, 0 loss); ``cases[p]`` is the case
    seat ``p`` must solve, ``first`` the seat that questions first."""
    record = kv.play_game(BOTS, seed=seed, cards=False, cases=cases, first=first)
    if record.winners == (0,):
        return 1.0
    return 0.0 if record.winners == (1,) else 0.5


def _seed_games(seed: int) -> list[float]:
    one, two = deal(random.Random(seed))
    return [play(cases, first, seed) for cases in ((one, two), (two, one)) for first in (0, 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    began = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        scores = [s for games in pool.map(_seed_games, range(args.seeds)) for s in games]
    n = len(scores)
    mean = sum(scores) / n
    wins = sum(s == 1.0 for s in scores)
    draws = sum(s == 0.5 for s in scores)
    sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    print(f"{BOTS[0].name} vs {BOTS[1].name}: {n} games ({args.seeds} seeds x 4)")
    print("| race wins | draws | race losses | race score | 95% interval | time |")
    print("| ---: | ---: | ---: | ---: | --- | ---: |")
    print(
        f"| {wins} | {draws} | {n - wins - draws} | {mean:.1%} | "
        f"{mean - half:.1%} to {mean + half:.1%} | {time.perf_counter() - began:.0f} s |"
    )


if __name__ == "__main__":
    main()
