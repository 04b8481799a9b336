"""Mastermind's default away from its shipped trees: what it chooses, and how long the
first advice takes.

On random states of several sizes (a fresh game, or one or two random guesses answered
truthfully for a random secret), it asks ``"fewest_moves"`` for its best move with no
tree kept (an empty cache directory, and :func:`deduce.search.fewest_moves.forget`
before each state), and reports per size how often it plays the optimum (cached or
computed now), the lookahead or the entropy, and the processor time of that first
advice: median, 90th percentile and most.

Run: ``.venv/bin/python -m benchmarks.bench_default_choice [--states 12] [--seed 1000000]``
(seeds from 1,000,000 measure; the calibration of the choice used seed 11).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time

SIZES = ((3, 7), (4, 5), (4, 6), (4, 7), (5, 5))


def _answer(guess: str, secret: str, colours: int) -> tuple[int, int]:
    black = sum(a == b for a, b in zip(guess, secret, strict=True))
    common = sum(min(guess.count(str(c)), secret.count(str(c))) for c in range(1, colours + 1))
    return black, common - black


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--states", type=int, default=12, help="states per size")
    parser.add_argument("--seed", type=int, default=1_000_000, help="the random states' seed")
    args = parser.parse_args()
    os.environ["DEDUCE_CACHE_DIR"] = tempfile.mkdtemp(prefix="deduce-bench-")
    from deduce.games.mastermind import Investigation
    from deduce.search.fewest_moves import choose, forget
    from deduce.search.optimum import prepare

    prepare()
    rng = random.Random(args.seed)
    print("| size | states | optimal | lookahead | entropy | median s | p90 s | most s |")
    print("|---|---|---|---|---|---|---|---|")
    for pegs, colours in SIZES:
        used: list[str] = []
        seconds: list[float] = []
        for _ in range(args.states):
            inv = Investigation(pegs, colours)
            secret = "".join(str(rng.randint(1, colours)) for _ in range(pegs))
            for _ in range(rng.choice([0, 1, 1, 2])):
                guess = "".join(str(rng.randint(1, colours)) for _ in range(pegs))
                black, white = _answer(guess, secret, colours)
                if black == pegs or inv.space.size <= 2:
                    break
                inv = inv.guess(guess, black=black, white=white)
            forget()
            began = time.process_time()
            used.append(choose(inv).strategy)
            inv.best()
            seconds.append(time.process_time() - began)
        ordered = sorted(seconds)
        print(
            f"| {pegs} x {colours} | {len(used)} | {used.count('optimal')} "
            f"| {used.count('lookahead')} | {used.count('entropy')} "
            f"| {statistics.median(ordered):.3f} | {ordered[int(0.9 * (len(ordered) - 1))]:.3f} "
            f"| {ordered[-1]:.3f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
