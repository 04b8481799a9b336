"""13 Indizien tournament: advice that weighs the race against one-step entropy advice.

Every seat is a bot of ``play_game`` (the public game master): it sees its own
``Table`` (its two hidden cards and the puzzles it sees, the public questions and
answers, its own looks at the informant, every accusation, and the glasses). Two
policies:

- ``entropy``: ``Investigation.best("entropy")``: the most informative question or look
  at the informant; the accusation only once nothing else teaches anything (certain, or
  indistinguishable puzzles left);
- ``race``: ``advise(...).best``: moves ranked by their bits times the chance that no one
  who acts before its next action would win first (the glass a move hands over counts),
  and the accusation of a likely but uncertain puzzle when a rival is close.

Game ``g`` of ``n`` players is ``play_game(lineup, seed=g, first=g * 7 % n)``: the deal
``Deal.random(n, seed=g)``; the race bot sits at seat ``g % n``, the others play entropy;
seat ``g * 7 % n`` starts with the one glass. A bot looking at the informant sees a card
it has not seen yet, chosen at random (seeded).
A game with no winner after 300 actions is a draw. The race bot's share of the wins is
compared with ``1/n``, the share of a seat when all play alike (95% Wilson interval).

Run: ``.venv/bin/python benchmarks/tournament_thirteen_clues.py GAMES [PLAYERS...]``.
"""

from __future__ import annotations

import math
import sys
import time

from deduce.games.thirteen_clues import Bot, entropy, play_game

LIMIT = 300
SAMPLES = 4


def race_bot(game: int) -> Bot:
    """``advise(...).best`` with the others' chances drawn from ``seed=game``."""
    return Bot("race", lambda table, rng: table.advice(samples=SAMPLES, seed=game).best)


def play(players: int, game: int, race_seat: int) -> int | None:
    """The winner's seat, or None for a draw."""
    lineup = [race_bot(game) if seat == race_seat else entropy for seat in range(players)]
    record = play_game(lineup, seed=game, first=game * 7 % players, max_moves=LIMIT)
    return record.winners[0] if record.winners else None


def wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if not games:
        return (0.0, 1.0)
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (centre - half, centre + half)


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 40
    counts = [int(a) for a in argv[1:]] or [2, 3, 4, 5, 6]
    print("| players | games | race wins | share | 95% interval | fair share | draws | s/game |")
    print("| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |")
    for players in counts:
        started = time.perf_counter()
        wins = draws = 0
        for game in range(games):
            race_seat = game % players
            winner = play(players, game, race_seat)
            draws += winner is None
            wins += winner == race_seat
        low, high = wilson(wins, games)
        seconds = (time.perf_counter() - started) / games
        print(
            f"| {players} | {games} | {wins} | {wins / games:.3f} | {low:.3f} to {high:.3f} "
            f"| {1 / players:.3f} | {draws} | {seconds:.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])
