"""The move a one-step strategy makes at a node of its decision tree, found with less work.

:func:`deduce.simulate.walk` asks for a move at every node of a strategy's decision
tree, and most nodes are small: in Knuth's tree of Mastermind(4, 6), 952 of its 1378
nodes hold a single code. :func:`best_move` gives exactly the move that
:meth:`Investigation.best` gives, and skips work whose outcome is known in advance:

- **One world left.** Every move has one answer, so ``"minimax"``, ``"entropy"`` and
  ``"expected_size"`` score all moves alike, and the tie goes to the first move that can
  be the solution (or the first move).
- **A perfect minimax split.** No move leaves fewer than one solution per answer. When a
  move that can be the solution does that, it wins, and the first such move wins the
  tie: in small spaces the moves that can be the solution are evaluated first.
- **Small spaces.** Moves that a symmetry of the game makes equivalent split the worlds
  alike (the contract of ``query_orbits``), so the first of the best class is the best
  move overall: below :data:`SYMMETRY_FROM` worlds every move is evaluated at once,
  which costs less than finding the classes.

Other strategies (a game's own, the searches) are left to :meth:`Investigation.best`.

Example:
    >>> from deduce.games.mastermind import Investigation
    >>> inv = Investigation(4, 6).guess("1122", black=1, white=0)
    >>> best_move(inv, "minimax") == inv.best("minimax")
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from deduce.search import distinct_moves
from deduce.strategy import STRATEGIES, rank

if TYPE_CHECKING:
    from deduce.investigation import Investigation

__all__ = ["PERFECT_BELOW", "SYMMETRY_FROM", "best_move", "plain_strategy"]

SYMMETRY_FROM = 64
"""Spaces of at least this many worlds are split one move per class of equivalent moves;
smaller ones by every move."""

PERFECT_BELOW = 8
"""Below this many worlds, ``"minimax"`` first looks for a perfect split among the moves
that can be the solution."""

_ALIKE_ON_ONE_WORLD = ("minimax", "entropy", "expected_size")  # "most_parts" counts noise


def plain_strategy(inv: Investigation, strategy: str) -> bool:
    """Whether ``strategy`` is a built-in one-step strategy that ``inv``'s game does not
    replace with its own (then :func:`best_move` may take its shortcuts).

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> plain_strategy(Investigation(2, 2), "minimax"), plain_strategy(
        ...     Investigation(2, 2), "lookahead"
        ... )
        (True, False)
    """
    return strategy in STRATEGIES and strategy not in inv._extra_strategies()


def best_move(inv: Investigation, strategy: str, *, plain: bool | None = None) -> Any:
    """The move ``inv.best(strategy)`` makes, found with the shortcuts of this module.

    Args:
        inv: the node of the decision tree.
        strategy: the strategy's name.
        plain: the answer of :func:`plain_strategy` when the caller already knows it.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> str(best_move(Investigation(3, 3).guess("112", black=2, white=0), "minimax"))
        '113'
    """
    if not (plain_strategy(inv, strategy) if plain is None else plain):
        return inv.best(strategy)
    space = inv.space
    queries = inv.queries()
    if not queries:
        return inv.best(strategy)  # its error
    if space.size == 1 and strategy in _ALIKE_ON_ONE_WORLD:
        return queries[_first(inv.possible_queries(space, queries))]
    if strategy == "minimax" and space.size < PERFECT_BELOW:
        possible = np.flatnonzero(inv.possible_queries(space, queries))
        if len(possible):
            among = [queries[i] for i in possible.tolist()]
            perfect = np.flatnonzero(inv.partition(space, among).count.max(axis=1) <= 1)
            if len(perfect):
                return among[int(perfect[0])]
    moves: Sequence[Any] = queries
    if space.size >= SYMMETRY_FROM:
        moves = distinct_moves(inv, queries)
    part = inv.partition(space, moves)
    candidates = inv.possible_queries(space, moves)
    score = np.asarray(STRATEGIES[strategy](part), dtype=np.float64)
    if score.ndim != 1 or np.isnan(score).any():
        return moves[int(rank(part, strategy, candidates=candidates)[0])]
    best = score == score.max()  # rank's order: the best score, a possible move, the first
    preferred = best & np.asarray(candidates, dtype=bool)
    return moves[_first(preferred if preferred.any() else best)]


def _first(mask: Any) -> int:
    """The first true position of ``mask``, else 0."""
    where = np.flatnonzero(mask)
    return int(where[0]) if len(where) else 0
