"""The search: which move to make, and how good a move was.

Moves ranked by a strategy (:mod:`~deduce.search.ranking`), looked ahead a few moves
(:mod:`~deduce.search.lookahead`), the optimal decision tree within a budget
(:mod:`~deduce.search.optimum`, :mod:`~deduce.search.trees`,
:mod:`~deduce.search.tree_cache`, :mod:`~deduce.search.fewest_moves`), the advice an
investigation gives (:mod:`~deduce.search.advice`) and the review of the moves made
(:mod:`~deduce.search.review`).

Example:
    >>> from deduce.games.mastermind import Investigation
    >>> from deduce.search import expected_moves
    >>> expected_moves(Investigation(2, 2), "12", depth=3)
    2.0
"""

from deduce._internal.entry import guard
from deduce.search.budget import Budget, Optimum
from deduce.search.lookahead import (
    SEARCHES,
    Lookahead,
    advice_seconds,
    distinct_moves,
    ends_with_a_move,
    expected_moves,
    lookahead_scores,
    lower_bound,
    symmetric_partition,
)
from deduce.search.optimum import optimal, prepare
from deduce.search.ranking import Ranking, Recommendation, rank_queries
from deduce.search.review import Decision, MoveReview, Review

__all__ = [
    "SEARCHES",
    "Budget",
    "Decision",
    "Lookahead",
    "MoveReview",
    "Optimum",
    "Ranking",
    "Recommendation",
    "Review",
    "advice_seconds",
    "distinct_moves",
    "ends_with_a_move",
    "expected_moves",
    "lookahead_scores",
    "lower_bound",
    "optimal",
    "prepare",
    "rank_queries",
    "symmetric_partition",
]

guard(globals())
