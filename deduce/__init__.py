"""deduce: the detective's notebook for tabletop crime deduction games.

Example:
    >>> import deduce
    >>> from deduce.games import mastermind
    >>> inv = mastermind.Game().investigation().guess("1122", black=1, white=0)
    >>> inv.recommend(top=1, strategy="minimax")[0].worst_case
    44

The distribution is ``deduce-notebook`` (``pip install deduce-notebook``); the package it
installs is imported as ``deduce``, and ``deduce.__version__`` is its version:

    >>> from importlib.metadata import version
    >>> deduce.__version__ == version(deduce.DISTRIBUTION)
    True
"""

from importlib.metadata import PackageNotFoundError, version

from deduce._internal.entry import guard
from deduce.core.declaration import Declaration, Sample
from deduce.core.space import Space
from deduce.core.strategy import STRATEGIES, Partition
from deduce.errors import Contradiction, DeduceError, InvalidInput, MissingHook
from deduce.investigation import Assignment, Investigation, Recommendation
from deduce.model import Answer, Fact, Model, ModelInvestigation
from deduce.search.review import MoveReview, Review
from deduce.table.rollouts import MoveChance, Position, WinChances, wilson, win_chances
from deduce.table.simulation import Stats, simulate

DISTRIBUTION = "deduce-notebook"
"""The name deduce is published and installed under (``pip install deduce-notebook``)."""

try:
    __version__ = version(DISTRIBUTION)
except PackageNotFoundError:  # imported from a source tree that was never installed
    __version__ = "0+unknown"

__all__ = [
    "DISTRIBUTION",
    "STRATEGIES",
    "Answer",
    "Assignment",
    "Contradiction",
    "Declaration",
    "DeduceError",
    "Fact",
    "InvalidInput",
    "Investigation",
    "MissingHook",
    "Model",
    "ModelInvestigation",
    "MoveChance",
    "MoveReview",
    "Partition",
    "Position",
    "Recommendation",
    "Review",
    "Sample",
    "Space",
    "Stats",
    "WinChances",
    "simulate",
    "wilson",
    "win_chances",
]

guard(globals())
