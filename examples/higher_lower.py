"""A game written from scratch against the hooks of ``deduce.Investigation``: Higher or Lower.

A number from 1 to ``top`` is hidden; each question "is it above k?" is answered yes or
no, and at most ``limit`` questions may be asked. The game says only its rules, through
the hooks (``initial_space``, ``apply_clue``, ``check_turn``, ``queries``,
``outcome_table``, ...); probabilities, recommendations, undo, contradictions with their
minimal conflict, ``why``, saving and loading come from the engine.

Run: python examples/higher_lower.py
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

import deduce
from deduce import InvalidInput, Investigation, Space
from deduce.errors import MissingHook


@dataclass(frozen=True, slots=True)
class Above:
    """Clue: the hidden number is (``yes``) or is not above ``k``."""

    k: int
    yes: bool

    def __str__(self) -> str:
        return f"above {self.k}? {'yes' if self.yes else 'no'}"


class HigherLower(Investigation[Above, int, int]):
    """Higher or Lower: queries are the ``k`` of "is it above k?", solutions the number."""

    game = "higher-lower"  # its name in saved files
    clue_types = (Above,)  # what observe() accepts (and from_json() rebuilds)
    default_strategy = "minimax"  # recommend() without a strategy

    def __init__(self, top: int = 100, *, limit: int = 7) -> None:
        self.top = top
        self.limit = limit
        self.begin()

    def above(self, k: int, yes: bool) -> HigherLower:
        """The investigation after "is it above ``k``?" was answered."""
        return self.observe(Above(k, yes))

    # -- the hooks ---------------------------------------------------------------------

    def setup(self) -> dict[str, Any]:
        return {"top": self.top, "limit": self.limit}

    def initial_space(self) -> Space:
        return Space(("number",), (tuple(range(1, self.top + 1)),), [[n] for n in range(self.top)])

    def apply_clue(self, space: Space, clue: Above) -> Space:
        if not 0 <= clue.k < self.top:
            raise InvalidInput("k", clue.k, f"an integer from 0 to {self.top - 1}")
        return space.filter((self._numbers(space) > clue.k) == clue.yes)

    def check_turn(self, clue: Above) -> None:
        if len(self.clues) >= self.limit:
            raise InvalidInput("clue", clue, f"at most {self.limit} questions")

    def solution_of(self, labels: tuple[Any, ...]) -> int:
        return int(labels[0])

    def queries(self) -> Sequence[int]:
        return range(self.top)

    def outcome_table(self, space: Space, queries: Sequence[int]) -> npt.NDArray[Any]:
        ks = np.asarray(queries)[:, None]
        return (self._numbers(space)[None, :] > ks).astype(np.int64)

    def outcome_label(self, query: int, k: int) -> str:
        return "yes" if k else "no"

    def clue_for(self, query: int, k: int) -> Above:
        return Above(query, bool(k))

    @staticmethod
    def _numbers(space: Space) -> npt.NDArray[np.int64]:
        return space.column("number") + 1


def main() -> None:
    inv = HigherLower(100)
    best = inv.recommend(top=1)[0]
    print(f"first question: above {best.action}?  ({best.information:.2f} bits, {best.strategy})")

    # every secret is found within the limit by following the advice
    worst = 0
    for secret in range(1, 101):
        play = HigherLower(100)
        while play.solved is None:
            k = play.best()
            play = play.above(k, secret > k)
        assert play.solved == secret
        worst = max(worst, len(play.clues))
    print(f"every number from 1 to 100 found in at most {worst} questions")

    inv = inv.above(50, yes=False).above(25, yes=True).above(40, yes=False)
    print("left:", inv.solution_count, "numbers, e.g.", inv.solutions()[:3])
    print("26 is possible, 45 is not because of:", [str(c) for c in inv.why("number", 45)])
    try:
        inv.above(60, yes=True)
    except deduce.Contradiction as error:
        print("refused:", error)

    again = deduce.Investigation.from_json(inv.to_json())
    assert again == inv
    print("saved and loaded:", again)

    class Unfinished(Investigation[Above, int, int]):
        def __init__(self) -> None:
            self.begin()

    try:
        Unfinished()
    except MissingHook as error:
        print("a game without its rules:", error)


if __name__ == "__main__":
    main()
