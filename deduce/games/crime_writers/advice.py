"""Advice that plays to win Crime Writers: a guest asks on while the writer says yes
(also, almost) and the turn passes on a no, so the best question is not the single most
informative one but the one that makes the most of my turn.

A question's *turn value* counts what I expect to learn and find before my turn passes:
its expected bits, plus :data:`FIND_BITS` for the chance that it finds an element (naming
a card the writer confirms scores three points), plus, with the chance of a "yes" that
keeps my turn, the value of asking on, estimated by the best single question now. So a
question likely to be answered yes is worth more than an equally informative long shot.

Example:
    >>> from deduce.games.crime_writers.cards import Deck
    >>> from deduce.games.crime_writers.investigation import Investigation
    >>> inv = Investigation(Deck.example())
    >>> best = inv.recommend(top=1, strategy="turn")[0]
    >>> best.strategy, best.score > best.information
    ('turn', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard, is_int
from deduce.core.strategy import Partition, information
from deduce.errors import InvalidInput
from deduce.investigation import Recommendation

__all__ = ["FIND_BITS", "TURN", "recommendations", "turn_recommendations", "turn_values"]

TURN = "turn"
"""The name of the strategy (``recommend(strategy="turn")``)."""

FIND_BITS = 1.0
"""What finding an element is worth, in bits, next to what a question teaches."""


def turn_values(
    part: Partition, names_card: npt.NDArray[np.bool_], *, find_bits: float = FIND_BITS
) -> npt.NDArray[np.float64]:
    """The turn value of each question of ``part`` (outcome 0 "yes", 1 "no");
    ``names_card`` marks the questions that name a card (a "yes" finds the element).

    Example:
        >>> part = Partition(
        ...     mass=np.array([[1.0, 1.0], [3.0, 1.0]]),
        ...     count=np.array([[1, 1], [3, 1]]),
        ...     cond_entropy=np.zeros(2),
        ... )
        >>> [round(float(v), 3) for v in turn_values(part, np.array([False, True]))]
        [1.781, 2.732]
    """
    if np.shape(names_card) != (len(part.mass),):
        raise InvalidInput("names_card", names_card, "one True or False for each question")
    total = part.mass.sum(axis=1)
    p_yes = np.divide(part.mass[:, 0], total, out=np.zeros(len(total)), where=total > 0)
    one: npt.NDArray[np.float64] = information(part) + find_bits * p_yes * names_card
    on = float(one.max()) if len(one) else 0.0
    result: npt.NDArray[np.float64] = one + p_yes * on
    return result


def turn_recommendations(
    queries: Sequence[Any], part: Partition, names_card: Sequence[bool], top: int
) -> list[Recommendation]:
    """The ``top`` questions of ``queries`` by turn value (ties: the first), as
    recommendations whose ``score`` is the turn value."""
    if len(queries) != len(part.mass):
        raise InvalidInput("queries", queries, "one question for each row of the partition")
    value = turn_values(part, np.array(names_card, dtype=bool))
    order = sorted(range(len(queries)), key=lambda i: (-value[i], i))
    return recommendations(queries, part, value, order[:top], strategy=TURN)


def recommendations(
    queries: Sequence[Any],
    part: Partition,
    score: npt.NDArray[np.float64],
    order: Sequence[int],
    *,
    strategy: str,
) -> list[Recommendation]:
    """The questions ``queries[i]`` for ``i`` in ``order`` as recommendations of
    ``strategy``, each with its bits, the chances of "yes" and "no" from ``part`` and its
    ``score``."""
    if np.ndim(score) != 1 or not len(queries) == len(part.mass) == np.shape(score)[0]:
        raise InvalidInput("score", score, "one score for each question of the partition")
    if not all(is_int(i) and 0 <= i < len(queries) for i in order):
        raise InvalidInput("order", order, f"positions of questions, from 0 to {len(queries) - 1}")
    info = information(part)
    total = part.mass.sum(axis=1)
    return [
        Recommendation(
            action=queries[i],
            information=float(info[i]),
            outcomes={
                label: float(part.mass[i, k] / total[i])
                for k, label in enumerate(("yes", "no"))
                if part.mass[i, k] > 0
            },
            worst_case=int(part.count[i].max()),
            strategy=strategy,
            score=float(score[i]),
        )
        for i in order
    ]


guard(globals())
