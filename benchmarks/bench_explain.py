"""Explanations in long games: ``why`` and a contradiction's conflict after 100 and 200
clues of 13 Indizien (three players, truthful questions about one random deal).

Run: ``.venv/bin/python -m benchmarks.bench_explain``
"""

from __future__ import annotations

import random
import time
from typing import Any

from deduce.errors import Contradiction
from deduce.games.thirteen_clues import Investigation
from deduce.games.thirteen_clues.investigation import Question


def game(clues: int, seed: int = 1) -> tuple[Investigation, Any]:
    """An investigation after ``clues`` truthful questions, and the deal behind them."""
    rng = random.Random(seed)
    inv = Investigation(
        3, ("Duke", "Park"), [("Officer", "Parlor", "Knife"), ("Butcher", "Harbor", "Sword")]
    )
    deal = inv.sample_deal(rng)
    attributes = inv._attributes
    for _ in range(clues):
        witness = rng.randrange(1, 3)
        asker = rng.choice([s for s in range(3) if s != witness])
        about = rng.choice(attributes)
        inv = inv.observe(Question(asker, witness, about, deal.answer(witness, about), None))
    return inv, deal


def settled_fact(inv: Investigation) -> tuple[str, Any]:
    """A fact settled by the clues (not already before them) that needs the most clues."""
    before = inv._root().marginals()
    facts = [
        (name, value)
        for name, values in inv.marginals().items()
        for value, p in values.items()
        if p in (0.0, 1.0) and before[name][value] != p
    ]
    return max(facts, key=lambda fact: len(inv.why(*fact)))


def lie(inv: Investigation, deal: Any) -> Any:
    """A question whose answer contradicts the earlier clues (not impossible alone)."""
    for about in inv._attributes:
        for witness in (1, 2):
            truth = deal.answer(witness, about)
            for answer in (truth + 1, truth - 1):
                clue = Question(0, witness, about, answer, None)
                try:
                    inv.observe(clue)
                except Contradiction:
                    return clue
                except Exception:
                    continue
    raise AssertionError("no contradicting clue")


def main() -> None:
    for n in (100, 200):
        inv, deal = game(n)
        field, value = settled_fact(inv)
        start = time.perf_counter()
        reason = inv.why(field, value)  # timed again: the search above warmed nothing up
        why_s = time.perf_counter() - start
        clue = lie(inv, deal)
        start = time.perf_counter()
        try:
            inv.observe(clue)
        except Contradiction as error:
            conflict = error.conflict
        conflict_s = time.perf_counter() - start
        print(
            f"{n} clues: why({field}, {value!r}) {why_s:.3f} s ({len(reason)} clues); "
            f"contradiction {conflict_s:.3f} s ({len(conflict)} clues)"
        )


if __name__ == "__main__":
    main()
