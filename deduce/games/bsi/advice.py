"""Advice at a Black Stories Investigation table: which attempt to make, and when.

The functions here read a :class:`~deduce.games.bsi.Table` (seat 0's view) and are what
its advice methods (``recommend_attempt``, ``best_attempt``) return.

Example:
    >>> from deduce.games.bsi import Table
    >>> t = Table(2, case="man/day/inside/knife", hand=["woman/knife", "man/gun", "day/gun"])
    >>> [o.drops for o in attempt_options(t.played("woman/knife", 1, 2))]
    [3, 2, 1]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from deduce.errors import InvalidInput
from deduce.games.bsi.cards import CASES, FIELD_OF
from deduce.games.bsi.events import AttemptOption
from deduce.games.bsi.investigation import points
from deduce.games.bsi.state import State

if TYPE_CHECKING:  # the table imports this module: no import cycle at run time
    from deduce.games.bsi.table import Table

__all__ = ["attempt_options", "best_after_one_more", "ready"]

_NOT_NOW = {
    ("attempt", "lay"): "a turn starts by laying a card, and it may go under the "
    "grid you would attempt: ask again once your card is laid",
    ("attempt", "draw"): "one attempt per turn: draw to end it",
    ("lay", "attempt"): "your card for this turn is laid already",
    ("lay", "draw"): "your card for this turn is laid already",
}


def ready(table: Table, step: str, advice: str) -> State:
    """The table's state, if it is my turn and at ``step``; else InvalidInput saying why.

    Example:
        >>> from deduce.games.bsi import Table
        >>> t = Table(2, case="man/day/inside/knife", hand=["woman/knife", "man/gun", "day/gun"])
        >>> ready(t, "lay", "advice").turn
        0
    """
    s = table.state
    now = table.step
    if now == "over":
        raise InvalidInput("step", now, "a game still going on", reason="the game is over")
    if s.turn != 0:
        raise InvalidInput(
            "turn", s.turn, "your turn (seat 0)", reason=f"{advice} is for your own turn"
        )
    if now != step:
        reason = _NOT_NOW[step, now]
        raise InvalidInput("step", now, f"the {step} step of your turn", reason=reason)
    return s


def best_after_one_more(table: Table, opponent: int) -> float:
    """P(right) after the best card of my hand is laid at ``opponent``'s grid.

    Example:
        >>> from deduce.games.bsi import Table
        >>> t = Table(2, case="man/day/inside/knife", hand=["woman/knife", "man/gun", "day/gun"])
        >>> round(best_after_one_more(t, 1), 4)  # 15 cases; a 2-piece card splits them
        0.1333
    """
    space = table.space
    column = space.worlds[:, opponent - 1]
    weights = space.weights.astype(np.float64)
    total = weights.sum()
    best = float(np.bincount(column, weights=weights).max() / total)
    for card in set(table.state.hand):
        fields = FIELD_OF[card.index, column]
        joint = np.zeros((4, len(CASES)))
        np.add.at(joint, (fields, column), weights)
        best = max(best, float(joint.max(axis=1).sum() / total))
    return best


def attempt_options(table: Table) -> list[AttemptOption]:
    """Every attempt I can make now, best first (see ``Table.recommend_attempt``).

    Raises:
        InvalidInput: not the attempt step of my turn.
    """
    state = ready(table, "attempt", "advice on an attempt")
    options = []
    for opponent in table.opponents:
        probabilities = table.case_probabilities(opponent)
        case, p = next(iter(probabilities.items()))
        cards = len(state.grids[opponent])
        later = 0.0 if state.final else best_after_one_more(table, opponent)
        for drops in state.drops[0]:
            now = p * points(drops, cards)
            wait = later * points(drops, cards + 1) if later else 0.0
            options.append(AttemptOption(opponent, case, drops, p, now, wait))
    options.sort(key=lambda o: (not o.advisable, -(o.points - o.wait_points), -o.points, -o.drops))
    return options
