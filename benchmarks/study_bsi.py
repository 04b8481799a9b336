"""Black Stories Investigation: bots that follow the one-step advice against simpler bots.

The points advice (the table's default) against the one-step advice is in
``benchmarks/tournament_bsi.py``.

Every game is dealt from a fixed seed; the seat of the bot under study rotates so that
starting first favours nobody. A tie for the most points counts as a win for every
tied player (as in the rulebook). Run:

    python -m benchmarks.study_bsi --games 1000
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from deduce.games.bsi import Bot, cautious, entropy_advised, play_game, random_bot

BOTS = {"entropy": entropy_advised, "cautious": cautious, "random": random_bot}
MATCHES = [("entropy", "random"), ("entropy", "cautious"), ("cautious", "random")]


def _one(spec: tuple[str, str, int, int]) -> tuple[float, float, float, int, float]:
    """(hero won, others' mean win, hero points, turns, others' mean points)."""
    hero, other, players, seed = spec
    seat = seed % players
    lineup: list[Bot] = [BOTS[other]] * players
    lineup[seat] = BOTS[hero]
    record = play_game(lineup, seed=seed)
    winners = record.winners
    others = [s for s in range(players) if s != seat]
    return (
        float(seat in winners),
        sum(s in winners for s in others) / len(others),
        float(record.points[seat]),
        record.turns,
        statistics.fmean(record.points[s] for s in others),
    )


def study(games: int, players_list: Sequence[int] = (2, 3, 4)) -> list[str]:
    """The table rows (markdown) for ``games`` games of every match and player count."""
    rows = [
        "| players | bot (1 seat) | others | games | bot wins | each other wins | "
        "bot points | other points | turns |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    with ProcessPoolExecutor() as pool:
        for players in players_list:
            for hero, other in MATCHES:
                specs = [(hero, other, players, seed) for seed in range(games)]
                results = list(pool.map(_one, specs, chunksize=16))
                won, other_won, pts, turns, other_pts = zip(*results, strict=True)
                rows.append(
                    f"| {players} | {hero} | {other} | {games} "
                    f"| {100 * statistics.fmean(won):.1f}% "
                    f"| {100 * statistics.fmean(other_won):.1f}% "
                    f"| {statistics.fmean(pts):.2f} | {statistics.fmean(other_pts):.2f} "
                    f"| {statistics.fmean(turns):.1f} |"
                )
                print(rows[-1], flush=True)
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=1000, help="games per row (default 1000)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    rows = study(args.games)
    print()
    print("\n".join(rows))
    print(f"\n{len(rows) - 2} rows of {args.games} games in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
