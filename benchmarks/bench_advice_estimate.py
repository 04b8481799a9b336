"""The console's advice estimate against the time the advice takes.

For Mastermind variants after one and two clues (the default strategy's moves against
a fixed secret), :func:`deduce.search.fewest_moves.advice_seconds` (what the console compares
with its two-minute limit) beside the wall and CPU time of
``recommend(top=3, strategy="fewest_moves")``, one run each.
"""

from __future__ import annotations

import sys
import time

from deduce.games.mastermind import Investigation
from deduce.search import advice_seconds as one_step_seconds
from deduce.search.fewest_moves import advice_seconds, choose

GAMES = {
    "7x7": (7, 7, "2577713", 2),
    "6x6": (6, 6, "251641", 2),
    "5x8": (5, 8, "27184", 2),
}


def main(argv: list[str] | None = None) -> None:
    wanted = argv if argv else list(GAMES)
    for label in wanted:
        pegs, colours, secret, clues = GAMES[label]
        inv = Investigation(pegs, colours)
        for _ in range(clues + 1):
            estimate = advice_seconds(inv, "fewest_moves")
            wall, cpu = time.perf_counter(), time.process_time()
            move = inv.recommend(top=3, strategy="fewest_moves")[0].action
            wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
            print(
                f"MM({label}) after {len(inv.clues)} clues ({inv.space.size} codes): "
                f"estimate {estimate:8.2f} s (one step {one_step_seconds(inv, 'entropy'):.2f}), "
                f"took {wall:7.2f} s wall, {cpu:7.2f} s CPU; estimate/CPU "
                f"{estimate / max(cpu, 1e-9):5.1f}  [{choose(inv)}]",
                flush=True,
            )
            black, white = inv.rules.feedback(secret, move)
            inv = inv.guess(move, black, white)


if __name__ == "__main__":
    main(sys.argv[1:])
