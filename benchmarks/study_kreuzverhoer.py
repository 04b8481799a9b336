"""Kreuzverhör: how many questionings each strategy needs, over every one of the 1944 cases.

For every case as the secret, each strategy plays the whole game (one decision tree,
see ``kreuzverhoer.questionings_needed``); the table gives the mean and worst number of
questionings and the share of cases solved within the rulebook's 12.

- Without cards: only questionings.
- With cards: after every questioning the best of the five described investigation
  cards (by expected information, bans respected) is played, and the answering player
  names what teaches least (``Interrogation.suggest``): a careful opponent, no defence
  cards.
- Baseline: lay a case drawn at random among those still possible (the same card rule
  in the card column); averaged over several draws per case.

The common strategies play without a limit (so the worst case is measured);
``win_probability`` plays for the 12 questionings, and a case it has not solved by then
counts as 13 in its mean.

Run: ``.venv/bin/python benchmarks/study_kreuzverhoer.py [--draws N]``
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import numpy.typing as npt

from deduce.games import kreuzverhoer as kv

STRATEGIES = ("entropy", "minimax", "expected_size", "most_parts", "win_probability")
IntArray = npt.NDArray[np.int64]


def _strategy(args: tuple[str, bool]) -> tuple[str, bool, IntArray, float]:
    strategy, cards = args
    limit = 12 if strategy == "win_probability" else 40
    start = time.perf_counter()
    needed = kv.questionings_needed(kv.Investigation(limit=limit), strategy, cards=cards)
    return strategy, cards, needed, time.perf_counter() - start


def _random_game(secret: int, seed: int, cards: bool) -> int:
    """Questionings a random-consistent player needs for case ``secret``."""
    rng = random.Random(seed)
    mine = kv.Interrogation(kv.Investigation()._secret_of(secret), limit=40)
    for move in range(1, 41):
        ids = mine.opponent.space.ids
        guess = kv.Guess(*mine.opponent._secret_of(int(ids[rng.randrange(len(ids))])))
        mine = mine.questioning(*guess)
        if mine.last_answer == 4:
            return move
        if cards:
            best = mine.opponent.rank_cards(list(kv.INVESTIGATION_CARDS[:5]))[0]
            if best.allowed and best.information:
                mine = mine.played(best.card)
    raise RuntimeError("no solution in 40 questionings")


def _random_batch(args: tuple[int, int, bool]) -> list[int]:
    first, draws, cards = args
    return [
        _random_game(secret, 1000 * secret + d, cards)
        for secret in range(first, min(first + 100, 1944))
        for d in range(draws)
    ]


def _row(name: str, needed: IntArray) -> str:
    worst = int(needed.max())
    shown = ">12" if worst > 12 and name.startswith("win_probability") else str(worst)
    within = float((needed <= 12).mean())
    return f"| {name} | {needed.mean():.3f} | {shown} | {100 * within:.2f}% |"


def main() -> None:
    """Play every strategy against every case and print a markdown table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, default=10, help="random games per case")
    args = parser.parse_args()
    jobs = [(s, c) for c in (False, True) for s in STRATEGIES]
    results: dict[tuple[str, bool], IntArray] = {}
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=2) as pool:
        for strategy, cards, needed, _ in pool.map(_strategy, jobs):
            results[strategy, cards] = needed
        for cards in (False, True):
            draws = args.draws if not cards else max(1, args.draws // 5)
            batches = [(first, draws, cards) for first in range(0, 1944, 100)]
            games = [n for batch in pool.map(_random_batch, batches) for n in batch]
            results["random consistent", cards] = np.array(games, dtype=np.int64)
    print("| strategy | mean | worst | solved within 12 |")
    print("| --- | ---: | ---: | ---: |")
    for cards in (False, True):
        for name in (*STRATEGIES, "random consistent"):
            label = name + (" + cards" if cards else "")
            print(_row(label, results[name, cards]))
    print(
        f"\n({time.perf_counter() - start:.0f} s; random: {args.draws} draws per case, "
        f"{max(1, args.draws // 5)} with cards)"
    )


if __name__ == "__main__":
    main()
