"""What the exact search may spend, and what it found: :class:`Budget` and :class:`Optimum`.

:func:`deduce.search.optimum.optimal` takes the one and returns the other.

Example:
    >>> Budget(seconds=2).seconds, Budget().nodes
    (2.0, None)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from deduce._internal.entry import guard
from deduce._internal.language import N_
from deduce._internal.validation import check_int
from deduce.errors import InvalidInput

__all__ = ["Budget", "Optimum"]


@dataclass(frozen=True, slots=True)
class Budget:
    """How much work the exact search may do (None: no limit).

    Example:
        >>> Budget(seconds=1.5).nodes is None
        True
    """

    seconds: float | None = 10.0
    nodes: int | None = None

    def __post_init__(self) -> None:
        seconds = self.seconds
        if seconds is not None:
            if (
                isinstance(seconds, (bool, np.bool_))
                or not isinstance(seconds, (int, float, np.integer, np.floating))
                or not math.isfinite(seconds)
                or seconds <= 0
            ):
                raise InvalidInput("seconds", seconds, N_("a positive number of seconds, or None"))
            object.__setattr__(self, "seconds", float(seconds))
        if self.nodes is not None:
            object.__setattr__(self, "nodes", check_int("nodes", self.nodes, 1))


@dataclass(frozen=True, slots=True)
class Optimum:
    """What the exact search found.

    Attributes:
        move: the first move of the best tree (of the lookahead if it fell back).
        total: the weighted sum of moves over every world (Mastermind: of every code);
            NaN when the search fell back (no tree was proven best), infinity when no
            tree finishes within ``max_moves``.
        expected: the expected number of moves.
        histogram: moves -> worlds that need them, in the best tree (None if not exact).
        exact: whether ``total`` is the proven optimum.
        fell_back: why the lookahead had to decide instead (None when exact).
        nodes: sets of worlds searched.
        seconds: the time it took.
        max_moves: the cap on moves asked for (None: no cap).
        tree: the best tree (None if not exact): the world ids of each of its nodes
            with two solutions or more, in order -> the move made there.
    """

    move: object
    total: float
    expected: float
    histogram: dict[int, int] | None
    exact: bool
    fell_back: str | None
    nodes: int
    seconds: float
    max_moves: int | None = None
    tree: Mapping[tuple[int, ...], object] | None = field(default=None, repr=False, compare=False)

    @property
    def worst(self) -> int | None:
        """The most moves any world needs in the best tree."""
        return max(self.histogram) if self.histogram else None


guard(globals())
