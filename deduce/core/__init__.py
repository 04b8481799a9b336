"""The core: what a game's solutions are and what a clue does to them.

A :class:`Space` holds every world a game's hidden solution can be in, with its weight;
the :class:`Hooks` are what a game defines (its clues, queries and their answers); the
strategies score how well a query splits the worlds; the history, corrections,
explanations and persistence of an investigation; a game's :class:`Declaration` and the
registry that finds every installed game; the deck files some games read.

Example:
    >>> from deduce.core import Space
    >>> space = Space(("x",), ((1, 2, 3),), [[0], [1], [2]])
    >>> space.filter(space.column("x") != 2).size
    2
"""

from deduce._internal.entry import guard
from deduce.core import registry
from deduce.core.declaration import Declaration, Sample
from deduce.core.hooks import Assignment, Clue, Hooks, Query, Secret, Solution
from deduce.core.space import Space
from deduce.core.strategy import STRATEGIES, Partition, joint_partition, partition

__all__ = [
    "STRATEGIES",
    "Assignment",
    "Clue",
    "Declaration",
    "Hooks",
    "Partition",
    "Query",
    "Sample",
    "Secret",
    "Solution",
    "Space",
    "joint_partition",
    "partition",
    "registry",
]

guard(globals())
