"""deduce: the detective's notebook for tabletop crime deduction games.

Example:
    >>> import deduce
    >>> from deduce.games import mastermind
    >>> inv = mastermind.Game().investigation().guess("1122", black=1, white=0)
    >>> inv.recommend(top=1, strategy="minimax")[0].worst_case
    44
"""

from deduce.errors import Contradiction, DeduceError, InvalidInput
from deduce.investigation import Assignment, Investigation, Recommendation
from deduce.model import Answer, Fact, Model, ModelInvestigation
from deduce.simulate import Stats, simulate
from deduce.space import Space
from deduce.strategy import STRATEGIES, Partition

__all__ = [
    "STRATEGIES",
    "Answer",
    "Assignment",
    "Contradiction",
    "DeduceError",
    "Fact",
    "InvalidInput",
    "Investigation",
    "Model",
    "ModelInvestigation",
    "Partition",
    "Recommendation",
    "Space",
    "Stats",
    "simulate",
]
