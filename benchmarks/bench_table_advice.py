"""The default advice at the speed of the table: processor time per advised decision.

For each game and table size below, whole league games (``deduce.league``'s game masters)
with the default advice (``advised``) at the lone seat and eager players (accusing or
attempting at P >= 0.5) everywhere else, on measuring deals (from
:data:`deduce.league.MEASURING`, never used to tune): the processor time of every
decision the advised seat takes (median and 90th percentile) and of a whole game (the
mean over the games, every seat's moves and the game master's). One warm-up game first,
so the times are those of a process that has played before.

Run: ``.venv/bin/python -m benchmarks table_advice`` (or ``python -m
benchmarks.bench_table_advice thirteen-clues:3``).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable, Mapping
from typing import Any

from deduce.league import MEASURING, PANELS
from deduce.league._policies import PLAY
from deduce.table.referee import Bot

CASES = {
    "thirteen-clues:3": 30,
    "thirteen-clues:4": 20,
    "thirteen-clues:6": 10,
    "bsi:3": 20,
    "kreuzverhoer:2": 10,
    "crime-writers:4": 10,
}
"""Each game:players and its number of games."""

AGAINST = "eager-0.5"


def _timed(bot: Bot[Any, Any], times: list[float]) -> Bot[Any, Any]:
    """``bot``, with the processor time of each of its decisions added to ``times``."""

    def timing(policy: Callable[..., Any]) -> Callable[..., Any]:
        def timed(view: Any, rng: Any) -> Any:
            started = time.process_time()
            move = policy(view, rng)
            times.append(time.process_time() - started)
            return move

        return timed

    policy = bot.policy
    if isinstance(policy, Mapping):
        return Bot(bot.name, {step: timing(f) for step, f in policy.items()})
    return Bot(bot.name, timing(policy))


def measure(game: str, players: int, games: int) -> dict[str, float]:
    """The advised seat's decisions' processor times and the games' (see the module)."""
    panel, play = PANELS[game], PLAY[game]
    times: list[float] = []
    advised = _timed(panel["advised"], times)

    def one(g: int) -> None:
        seat = g % players
        play([advised if s == seat else panel[AGAINST] for s in range(players)], seed=g)

    one(MEASURING.start - 1)  # warm-up: caches built, modules imported
    times.clear()
    started = time.process_time()
    for g in range(MEASURING.start, MEASURING.start + games):
        one(g)
    elapsed = time.process_time() - started
    ordered = sorted(times)
    return {
        "decisions": len(times),
        "median_ms": statistics.median(times) * 1e3,
        "p90_ms": ordered[int(0.9 * (len(ordered) - 1))] * 1e3,
        "game_s": elapsed / games,
    }


def main(argv: list[str] | None = None) -> None:
    wanted = argv if argv else list(CASES)
    for case in wanted:
        game, players = case.split(":")
        got = measure(game, int(players), CASES[case])
        print(
            f"{case:18} advised vs {AGAINST}, {CASES[case]} games from deal {MEASURING.start}: "
            f"{got['decisions']:.0f} decisions, median {got['median_ms']:.1f} ms, "
            f"p90 {got['p90_ms']:.1f} ms processor time; a whole game {got['game_s']:.3f} s",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])
