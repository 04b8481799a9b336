"""Kreuzverhör: race-aware advice against one-step entropy, head to head.

Two bots play whole games on the public API: each answers the other's questionings about
the case it chose (``Interrogation``), whose case file ``opponent`` is the questioner's
own case file. The race bot lays ``race(mine, theirs)[0]`` (``theirs``: the case file of
its opponent, which its own answers built); the entropy bot lays ``best("entropy")``.
Questionings only (no action cards), 12 for each player; whoever lays the four right
cards first wins; if nobody does, the most details right in the last questioning wins
and a tie is a draw (half a point each).

For every seed two random cases are drawn, and four games are played: each bot gets each
case, and each bot questions first, so luck of the cases and of the first turn cancels
out (two copies of one bot score exactly 50%).

Run: ``.venv/bin/python benchmarks/tournament_kreuzverhoer.py --seeds 100``
"""

from __future__ import annotations

import argparse
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor

from deduce.games import kreuzverhoer as kv
from deduce.games.kreuzverhoer.advice import race

BOTS = ("race", "entropy")


def _lay(bot: str, mine: kv.Investigation, theirs: kv.Investigation) -> kv.Guess:
    if bot == "race":
        return race(mine, theirs, top=1)[0].action
    guess: kv.Guess = mine.best(bot)
    return guess


def play(bots: tuple[str, str], cases: tuple[kv.Case, kv.Case], first: int) -> float:
    """The score of ``bots[0]`` (1 win, 0.5 draw, 0 loss); ``cases[p]`` is the case
    player ``p`` must solve, ``first`` the player who questions first."""
    # answering[p]: player p answers about the case the other player must solve
    answering = [kv.Interrogation(cases[1]), kv.Interrogation(cases[0])]
    last = [0, 0]
    player = first
    while any(answering[1 - p].opponent.questionings_left for p in (0, 1)):
        mine = answering[1 - player].opponent
        if mine.questionings_left:
            guess = _lay(bots[player], mine, answering[player].opponent)
            answering[1 - player] = answering[1 - player].questioning(*guess)
            last[player] = answering[1 - player].last_answer or 0
            if last[player] == 4:
                return 1.0 if player == 0 else 0.0
        player = 1 - player
    return 1.0 if last[0] > last[1] else 0.0 if last[0] < last[1] else 0.5


def _seed_games(seed: int) -> list[float]:
    rng = random.Random(seed)
    start = kv.Investigation()
    one = start.secret_of(rng.randrange(start.space.size))
    two = start.secret_of(rng.randrange(start.space.size))
    return [play(BOTS, cases, first) for cases in ((one, two), (two, one)) for first in (0, 1)]


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
    print(f"{BOTS[0]} vs {BOTS[1]}: {n} games ({args.seeds} seeds x 4)")
    print("| race wins | draws | race losses | race score | 95% interval | time |")
    print("| ---: | ---: | ---: | ---: | --- | ---: |")
    print(
        f"| {wins} | {draws} | {n - wins - draws} | {mean:.1%} | "
        f"{mean - half:.1%} to {mean + half:.1%} | {time.perf_counter() - began:.0f} s |"
    )


if __name__ == "__main__":
    main()
