"""Cluedo's notebook on the classic deck, seen from seat P0, at 3, 4 and 6 players.

A seeded game of random suggestions (each by the next player in turn, answered by the
rules: the card seen when P0 suggests or shows) is noted suggestion by suggestion.
Measured: one update (a suggestion noted), the update and the full sheet (every
envelope's chance and every card's place), the best suggestion (``recommend(top=3)``,
exact over every deal) every sixth suggestion, the same ranked by ``"minimax"`` (the
whole answer partition of every suggestion) once, and the peak memory of the process.
Times are processor time (the machine is shared).

Run: ``.venv/bin/python -m benchmarks cluedo``
"""

from __future__ import annotations

import random
import resource
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from deduce.games.cluedo import Deck, Investigation, hand_sizes

SEED = 1
SUGGESTIONS = 24

Step = tuple[str, str, str, str, str | None, str | None]


def game(players: int, seed: int, suggestions: int) -> tuple[Investigation, list[Step]]:
    """P0's notebook at a dealt table, and a seeded game of suggestions answered truly."""
    rng = random.Random(seed)
    deck = Deck.classic()
    names = tuple(f"P{i}" for i in range(players))
    envelope = [rng.choice(kind) for kind in deck.categories]
    rest = [c for c in deck.cards if c not in envelope]
    rng.shuffle(rest)
    hands: dict[str, set[str]] = {}
    at = 0
    for name, size in zip(names, hand_sizes(len(rest), players, dealer=players - 1), strict=True):
        hands[name] = set(rest[at : at + size])
        at += size
    inv = Investigation(names, "P0", sorted(hands["P0"], key=deck.cards.index), deck=deck)
    steps: list[Step] = []
    for turn in range(suggestions):
        by = names[turn % players]
        cards = [rng.choice(kind) for kind in deck.categories]
        i = names.index(by)
        shown_by = card = None
        for player in names[i + 1 :] + names[:i]:
            held = [c for c in cards if c in hands[player]]
            if held:
                shown_by = player
                card = rng.choice(held) if "P0" in (by, player) else None
                break
        steps.append((by, cards[0], cards[1], cards[2], shown_by, card))
    return inv, steps


def cpu(run: Callable[[], Any]) -> tuple[float, Any]:
    start = time.process_time()
    result = run()
    return time.process_time() - start, result


def sheet(inv: Investigation) -> Any:
    """The full sheet: every envelope's chance and every card's place."""
    return inv.probabilities(), inv.card_locations()


def main() -> None:
    print(f"Cluedo, classic deck, seen from P0; {SUGGESTIONS} suggestions (seed {SEED})")
    for players in (3, 4, 6):
        inv, steps = game(players, SEED, SUGGESTIONS)
        updates, sheets, best = [], [], []
        for n, (by, suspect, weapon, room, shown_by, card) in enumerate(steps, 1):
            noted = partial(inv.suggestion, by, suspect, weapon, room, shown_by=shown_by, card=card)
            took, inv = cpu(noted)
            read, _ = cpu(partial(sheet, inv))
            updates.append(took)
            sheets.append(took + read)
            if n % 6 == 0:
                took, advice = cpu(partial(inv.recommend, top=3))
                best.append((n, took, len(inv.solutions()), advice[0]))
        print(
            f"  {players} players: update {1000 * statistics.median(updates):.0f} ms"
            f" (max {1000 * max(updates):.0f}); update and sheet"
            f" {1000 * statistics.median(sheets):.0f} ms (max {1000 * max(sheets):.0f})"
        )
        for n, took, left, advice in best:
            print(
                f"    after {n:>2}: best suggestion {took:.2f} s ({left} envelopes):"
                f" {advice.action} ({advice.information:.3f} bits)"
            )
        halfway = game(players, SEED, SUGGESTIONS // 2)
        inv = halfway[0]
        for by, suspect, weapon, room, shown_by, card in halfway[1]:
            inv = inv.suggestion(by, suspect, weapon, room, shown_by=shown_by, card=card)
        took, _ = cpu(partial(inv.recommend, top=3, strategy="minimax"))
        print(f"    after {SUGGESTIONS // 2}: minimax {took:.2f} s")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  peak memory of the process: {peak:.0f} MB")


if __name__ == "__main__":
    main()
