"""Crime Writers tournament: the turn value (``strategy="turn"``) against one-step entropy.

Every game is one story of ``deduce.games.crime_writers.play_game(lineup, seed=g,
rounds=1)``: the first writer tells a story drawn from the notebook's prior (sample
deck) and answers truthfully; every guest follows its own table (every reply is public),
asks in turn, asks on after a "yes" and passes the turn on a "no", and names a card once
it is certain (3 points for the guest who finds an element). One guest ranks questions
by turn value (``following("turn")``), the others by entropy (``entropy``).

Game ``g`` with ``n`` players: seed ``g`` draws the story and the clock (the same games
as the self-play loop that came before ``play_game``); the turn guest is guest
``g % (n - 1)`` in asking order. With three or more players the
measure is the turn guest's share of the guests' points (fair share ``1/(n-1)``; mean and
95% normal interval over games). With two players only the writer scores, by the minutes
the one guest needs: each seed is played once with each strategy, and the measure is the
mean of (entropy's questions - turn's questions) with its 95% interval.

Run: ``.venv/bin/python benchmarks/tournament_crime_writers.py GAMES [PLAYERS...]``.
"""

from __future__ import annotations

import math
import statistics
import sys
import time

from deduce.games.crime_writers import entropy, following, play_game

TURN = following("turn")


def interval(values: list[float]) -> tuple[float, float, float]:
    """Mean and its 95% normal interval."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return mean, mean - half, mean + half


def questions(record: object) -> int:
    """The questions asked about the story (finds are not questions)."""
    events = record.truth["events"][0]  # type: ignore[attr-defined]
    return sum(e.reply != "found" for e in events)


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 40
    counts = [int(a) for a in argv[1:]] or [2, 3, 4, 5]
    print("| players | games | measure | mean | 95% interval | fair | s/game |")
    print("| --- | ---: | --- | ---: | --- | ---: | ---: |")
    for players in counts:
        guests = range(1, players)  # seat 0 writes
        started = time.perf_counter()
        values: list[float] = []
        for game in range(games):
            if players == 2:
                per = {}
                for bot in (entropy, TURN):
                    per[bot.name] = questions(play_game([entropy, bot], seed=game, rounds=1))
                values.append(per["entropy"] - per["turn"])
                continue
            turn_guest = guests[game % len(guests)]
            lineup = [entropy] + [TURN if g == turn_guest else entropy for g in guests]
            points = play_game(lineup, seed=game, rounds=1).points
            total = sum(points[g] for g in guests)
            values.append(points[turn_guest] / total if total else 1 / len(guests))
        mean, low, high = interval(values)
        seconds = (time.perf_counter() - started) / games
        if players == 2:
            measure, fair = "questions saved by turn", "0"
        else:
            measure, fair = "turn guest's share of points", f"{1 / len(guests):.3f}"
        print(
            f"| {players} | {games} | {measure} | {mean:.3f} | {low:.3f} to {high:.3f} "
            f"| {fair} | {seconds:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])
