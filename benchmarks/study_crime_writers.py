"""Crime Writers: how much of a score the guest's play decides, and how much the deal.

A player's total is the guest points of the stories of the others (3 per element found)
plus the writer points of their own story (its started minutes, which the others' play
and the story drawn decide). The study plays the league's lone-seat games (game ``g``:
``play_game(lineup, seed=g)``, the policy under study at seat ``g % n``, the opponent
policy at every other seat) and reports, per table size: the lone seat's guest points and
the others' mean, the spread (standard deviation) of the writer points of one story and
of a player's guest points over a game, how often the winner is the player with the most
writer points or the most guest points, and the lone seat's share of the wins. Run:

    python -m benchmarks.study_crime_writers --players 3 --policy guest --against entropy --games 60
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from typing import cast

from deduce.games.crime_writers import play_game
from deduce.league import PANELS, lone_share

Game = tuple[list[int], list[int], list[int], float]


def _one(players: int, policy: str, against: str, g: int) -> Game:
    """Game ``g``: every seat's guest points, writer points and questions asked about
    its story (the lone seat first), and the lone seat's win."""
    panel = PANELS["crime-writers"]
    seat = g % players
    lineup = [panel[policy] if s == seat else panel[against] for s in range(players)]
    record = play_game(lineup, seed=g)
    sheet = record.tables[0].sheet
    names = record.truth["names"]
    guest, writer = sheet.guest_points(), sheet.writer_points()
    # rotate so that index 0 is the lone seat
    order = [names[(seat + k) % players] for k in range(players)]
    share = lone_share(tuple(record.winners), seat)
    asked = {names[r]: len(events) for r, events in enumerate(record.truth["events"])}
    return [guest[n] for n in order], [writer[n] for n in order], [asked[n] for n in order], share


def _versus(what: str, games: list[Game], part: int) -> str:
    """The lone seat's mean of ``what`` against the others' mean, and the difference's
    95% interval (mean +- 1.96 standard errors)."""
    rows = [cast(list[int], g[part]) for g in games]
    lone = [row[0] for row in rows]
    others = [statistics.fmean(row[1:]) for row in rows]
    diff = [a - b for a, b in zip(lone, others, strict=True)]
    mean = statistics.fmean(diff)
    half = 1.96 * statistics.stdev(diff) / len(diff) ** 0.5 if len(diff) > 1 else 0.0
    return (
        f"lone seat's {what} per game: {statistics.fmean(lone):.2f} (others' mean "
        f"{statistics.fmean(others):.2f}; difference {mean:+.2f}, 95% interval "
        f"{mean - half:+.2f} to {mean + half:+.2f})"
    )


def main(argv: Sequence[str] | None = None) -> str:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--policy", default="guest")
    parser.add_argument("--against", default="entropy")
    parser.add_argument("--games", type=int, default=60)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    games = [_one(args.players, args.policy, args.against, g) for g in range(args.games)]
    wall = time.perf_counter() - start
    stories = [w for g in games for w in g[1]]
    guests = [p for g in games for p in g[0]]
    by_writer = by_guest = 0.0
    for guest, writer, _, _ in games:
        total = [a + b for a, b in zip(guest, writer, strict=True)]
        best = max(total)
        won = [k for k, t in enumerate(total) if t == best]
        by_writer += sum(writer[k] == max(writer) for k in won) / len(won)
        by_guest += sum(guest[k] == max(guest) for k in won) / len(won)
    n = len(games)
    lines = [
        f"crime-writers, {args.players} players, {args.policy} alone against {args.against}, "
        f"{n} games, {wall:.0f} s",
        _versus("guest points", games, 0),
        _versus("writer points (their own story, asked by the others)", games, 1),
        _versus("story's questions and finds", games, 2),
        f"writer points of one story: mean {statistics.fmean(stories):.1f}, "
        f"sd {statistics.stdev(stories):.1f}",
        f"a player's guest points in a game: mean {statistics.fmean(guests):.1f}, "
        f"sd {statistics.stdev(guests):.1f}",
        f"the winner had the most writer points in {by_writer / n:.2f} of the games, "
        f"the most guest points in {by_guest / n:.2f}",
        f"lone seat's share of the wins: {sum(g[3] for g in games) / n:.3f} "
        f"(fair {1 / args.players:.3f})",
    ]
    text = "\n".join(lines)
    print(text)
    return text


if __name__ == "__main__":
    main()
