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
from deduce.games.thirteen_clues import attributes as attributes_of
from deduce.games.thirteen_clues.investigation import Question


def game(clues: int, seed: int = 1) -> tuple[Investigation, Any]:
    """An investigation after ``clues`` truthful questions, and the deal behind them."""
    rng = random.Random(seed)
    inv = Investigation(
        3, ("Duke", "Park"), [("Officer", "Parlor", "Knife"), ("Butcher", "Harbor", "Sword")]
    )
    deal = inv.sample_deal(rng)
    attributes = attributes_of(3)
    for _ in range(clues):
        witness = rng.randrange(1, 3)
        asker = rng.choice([s for s in range(3) if s != witness])
        about = rng.choice(attributes)
        inv = inv.observe(Question(asker, witness, about, deal.answer(witness, about), None))
    return inv, deal


def settled_facts(inv: Investigation) -> list[tuple[str, Any]]:
    """Every fact the clues settled (certain or ruled out) that was open before them."""
    before = inv.origin.marginals()
    return [
        (name, value)
        for name, values in inv.marginals().items()
        for value, p in values.items()
        if p in (0.0, 1.0) and before[name][value] != p
    ]


def lie(inv: Investigation, deal: Any) -> Any:
    """A question whose answer contradicts the earlier clues (not impossible alone)."""
    for about in attributes_of(3):
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
        facts = settled_facts(inv)[:3]
        start = time.perf_counter()
        reasons = [inv.why(*fact) for fact in facts]
        why_s = (time.perf_counter() - start) / len(facts)
        clue = lie(inv, deal)
        start = time.perf_counter()
        try:
            inv.observe(clue)
        except Contradiction as error:
            conflict = error.conflict
        conflict_s = time.perf_counter() - start
        sizes = ", ".join(str(len(r)) for r in reasons)
        print(
            f"{n} clues: why {why_s:.3f} s per fact ({len(facts)} facts of {sizes} clues); "
            f"contradiction {conflict_s:.3f} s (conflict of {len(conflict)} clues)",
            flush=True,
        )


if __name__ == "__main__":
    main()
