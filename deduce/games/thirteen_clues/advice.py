"""Advice at a table of 13 Indizien beyond the bits a question gives.

Example:
    >>> from deduce.games.thirteen_clues.cards import Puzzle
    >>> move = accusation_move(Accusation(Puzzle("Duke", "Park", "Gun"), 0.25, False), 4, 4.0)
    >>> move.outcomes
    {'right': 0.25, 'wrong': 0.75}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import numpy as np
import numpy.typing as npt

from deduce.games.thirteen_clues.clues import VERDICTS, Accusation
from deduce.investigation import Recommendation
from deduce.strategy import Partition, information, scores

__all__ = ["accusation_move"]


def accusation_move(
    accusation: Accusation,
    size: int,
    total: float,
    strategy: str = "entropy",
    extra: Mapping[str, Callable[[Partition], npt.NDArray[np.float64]]] | None = None,
) -> Recommendation:
    """Accusing ``accusation``'s puzzle as a move among ``size`` puzzles of total weight
    ``total``: right (the game is won) or wrong (that puzzle is ruled out), scored by
    ``strategy`` like a question."""
    right = accusation.probability * total
    part = Partition(
        mass=np.array([[right, total - right]]),
        count=np.array([[1, size - 1]], dtype=np.int64),
        cond_entropy=np.zeros(1),
    )
    right_wrong = (accusation.probability, 1.0 - accusation.probability)
    outcomes = dict(zip(VERDICTS, right_wrong, strict=True))
    return Recommendation(
        action=accusation,
        information=float(information(part)[0]),
        outcomes={k: p for k, p in outcomes.items() if p > 0},
        worst_case=int(part.count[0][part.mass[0] > 0].max()),
        strategy=strategy,
        score=float(scores(part, strategy, dict(extra or {}))[0]),
    )
