"""13 Indizien tournament: advice that weighs the race against one-step entropy advice.

Every seat is a bot built on the public API: its own ``Investigation`` (its two hidden
cards and the puzzles it sees), the public questions and answers, its own looks at the
informant and its own wrong accusations, and the table's ``Glasses``. Two policies:

- ``entropy``: ``Investigation.best("entropy")``: the most informative question or look
  at the informant; the accusation only once nothing else teaches anything (certain, or
  indistinguishable puzzles left);
- ``race``: ``advise(...).best``: moves ranked by their bits times the chance that no one
  who acts before its next action would win first (the glass a move hands over counts),
  and the accusation of a likely but uncertain puzzle when a rival is close.

Game ``g`` of ``n`` players: ``Deal.random(n, seed=g)``; the race bot sits at seat
``g % n``, the others play entropy; seat ``g * 7 % n`` starts with the one glass. A bot
looking at the informant sees a card it has not seen yet, chosen at random (seeded).
A game with no winner after 300 actions is a draw. The race bot's share of the wins is
compared with ``1/n``, the share of a seat when all play alike (95% Wilson interval).

Run: ``.venv/bin/python benchmarks/tournament_thirteen_clues.py GAMES [PLAYERS...]``.
"""

from __future__ import annotations

import math
import random
import sys
import time
from typing import Any

from deduce.games.thirteen_clues import (
    Accusation,
    Ask,
    Deal,
    Glasses,
    Investigation,
    Peek,
    Question,
    advise,
    view_of,
)

LIMIT = 300
SAMPLES = 4


def rotated(glasses: Glasses, seat: int) -> Glasses:
    """The glasses as ``seat`` numbers the table (itself seat 0)."""
    n = glasses.players
    counts = tuple(glasses.counts[(seat + k) % n] for k in range(n))
    return Glasses(n, counts, (glasses.active - seat) % n)


def choose(policy: str, inv: Investigation, glasses: Glasses, seat: int, game: int) -> Any:
    if policy == "entropy":
        return inv.best("entropy")
    return advise(inv, rotated(glasses, seat), samples=SAMPLES, seed=game).best


def play(players: int, game: int, race_seat: int) -> int | None:
    """The winner's seat, or None for a draw."""
    deal = Deal.random(players, seed=game)
    rng = random.Random(game)
    bots = [view_of(deal, seat) for seat in range(players)]
    policies = ["race" if seat == race_seat else "entropy" for seat in range(players)]
    glasses = Glasses.start(players, first=game * 7 % players)
    for _ in range(LIMIT):
        seat = glasses.active
        move = choose(policies[seat], bots[seat], glasses, seat, game)
        if isinstance(move, Accusation):
            if move.puzzle == deal.puzzles[seat]:
                return seat
            p = move.puzzle
            bots[seat] = bots[seat].accused(p.person, p.location, p.weapon)
            glasses = glasses.accused(right=False)
        elif isinstance(move, Peek):
            seen = {c.card for c in bots[seat].clues if hasattr(c, "card")}
            card = rng.choice([c for c in deal.informants if c not in seen])
            bots[seat] = bots[seat].informant(card)
            glasses = glasses.consulted()
        else:
            assert isinstance(move, Ask)
            witness = (seat + move.witness) % players
            answer = deal.answer(witness, move.about, side=move.side)
            for other in range(players):
                asker, heard = (seat - other) % players, (witness - other) % players
                clue = Question(asker, heard, move.about, answer, move.side)
                bots[other] = bots[other].observe(clue)
            glasses = glasses.asked(witness)
    return None


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
