"""13 Indizien: how many of my own actions make me certain of my puzzle?

For 3, 4 and 5 players, random deals (seeds 0..games-1); I alone act, every answer is
the truth of the deal, and nothing else happens at the table. Two policies:

- ``recommended``: each turn the move ``Investigation.best("entropy")`` names (a question
  to a witness about a colour, category or sub-kind, a look at an informant card, or the
  accusation, which it names when no other move can teach anything);
- ``random``: a move drawn at random among the questions not asked yet (and the
  informant, while it has cards I have not seen).

Actions count until exactly one puzzle is left (the accusation that follows is not
counted). Sometimes no question can tell my puzzle from another: when my cards and
another player's hidden cards can be swapped without changing any colour, category or
sub-kind count that anyone sees. When no move teaches anything, both policies accuse
the most probable puzzle (an action; if it is wrong, that puzzle is ruled out; if it is
right, the game ends there): ``best`` names that accusation. ``accused`` counts the
games that needed an accusation. The histograms are :class:`deduce.Stats`.

Run: ``.venv/bin/python benchmarks/study_thirteen_clues.py [games]`` (default 200)
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from typing import Any

from deduce import Stats
from deduce.games.thirteen_clues import Accusation, Ask, Deal, Informant, Investigation, Peek

LIMIT = 200


def play(deal: Deal, policy: str, rng: random.Random) -> tuple[int, int]:
    """(actions, accusations): what the policy needs until it knows the true puzzle."""
    inv = Investigation(deal.players, deal.hands[0], list(deal.puzzles[1:]))
    asked: set[Any] = set()
    accusations = 0
    shown = list(deal.informants)
    rng.shuffle(shown)  # the informant cards in the order I would turn them
    for action in range(1, LIMIT + 1):
        advice = inv.best("entropy")
        if isinstance(advice, Accusation):  # no move teaches anything: accuse
            accusations += 1
            guess = advice.puzzle
            if guess == deal.puzzles[0]:
                return action, accusations
            inv = inv.accused(guess.person, guess.location, guess.weapon)
            continue
        if policy == "recommended":
            move = advice
        else:
            move = rng.choice([q for q in inv.queries() if q not in asked])
        if isinstance(move, Peek):
            seen = {c.card for c in inv.clues if isinstance(c, Informant)}
            inv = inv.informant(next(card for card in shown if card not in seen))
        else:
            assert isinstance(move, Ask)
            asked.add(move)
            inv = inv.question(0, move.witness, move.about, deal.answer(move.witness, move.about))
        if inv.solved is not None:
            assert inv.solved == deal.puzzles[0]
            return action, accusations
    raise RuntimeError(f"{policy} did not finish within {LIMIT} actions")


def main(games: int = 200) -> None:
    print(f"13 Indizien: actions until I know my puzzle, {games} random deals each")
    print(
        f"{'players':>7} {'policy':>12} {'mean':>6} {'median':>6} {'worst':>5} "
        f"{'accused':>7}  histogram"
    )
    for players in (3, 4, 5):
        for policy in ("recommended", "random"):
            start = time.perf_counter()
            moves: Counter[int] = Counter()
            accused = 0
            for seed in range(games):
                deal = Deal.random(players, seed=seed)
                actions, accusations = play(deal, policy, random.Random(seed))
                moves[actions] += 1
                accused += accusations > 0
            stats = Stats(policy, dict(sorted(moves.items())))
            ordered = sorted(moves.elements())
            median = ordered[len(ordered) // 2]
            print(
                f"{players:>7} {policy:>12} {stats.mean:6.2f} {median:6d} {stats.worst:5d} "
                f"{accused:7d}  {stats.histogram}  ({time.perf_counter() - start:.0f} s)"
            )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
