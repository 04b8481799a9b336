"""The move a one-step strategy makes at a node of its decision tree, found with less work.

:func:`deduce.table.simulation.walk` asks for a move at every node of a strategy's decision
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

A game that is its outcome table (``table_game``) and has no turn rules is walked by
:func:`walk_spaces` without an investigation per node: each answer's space is the
worlds that give it, the hooks of the investigation it starts from answer for every
node's space (as in the lookahead of :mod:`deduce.search`), and a node of one world is
read off at its parent.

Example:
    >>> from deduce.games.mastermind import Investigation
    >>> inv = Investigation(4, 6).guess("1122", black=1, white=0)
    >>> best_move(inv, "minimax") == inv.best("minimax")
    True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce.core.hooks import Hooks
from deduce.core.space import Space
from deduce.core.strategy import STRATEGIES, rank
from deduce.errors import DeduceError, InvalidInput
from deduce.search.lookahead import distinct_moves

if TYPE_CHECKING:
    from deduce.core.hooks import Query
    from deduce.investigation import Investigation

__all__ = [
    "MAX_MOVES",
    "PERFECT_BELOW",
    "SYMMETRY_FROM",
    "best_move",
    "plain_strategy",
    "rows_of",
    "secret_ids",
    "spaces_suffice",
    "walk_spaces",
]

MAX_MOVES = 64
"""A strategy that has not finished after this many moves is stopped (DeduceError)."""

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
    return strategy in STRATEGIES and strategy not in inv.extra_strategies()


def best_move(
    inv: Investigation[Any, Query],
    strategy: str,
    *,
    space: Space | None = None,
    fixed: Sequence[Any] = (),
    plain: bool | None = None,
) -> Query:
    """The move ``inv.best(strategy)`` makes, found with the shortcuts of this module.

    Args:
        inv: the node of the decision tree.
        strategy: the strategy's name.
        space: the worlds left after the moves ``fixed`` made since ``inv`` (default
            ``inv.space``); for a ``table_game``, this is the best move of
            the investigation those moves lead to.
        fixed: the moves made since ``inv``, which the game's symmetries must keep.
        plain: the answer of :func:`plain_strategy` when the caller already knows it.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> str(best_move(Investigation(3, 3).guess("112", black=2, white=0), "minimax"))
        '113'
    """
    if not (plain_strategy(inv, strategy) if plain is None else plain) or (
        not isinstance(strategy, str) or strategy not in STRATEGIES
    ):
        return inv.best(strategy)  # it checks the strategy
    space = inv.space if space is None else space
    queries = inv.queries()
    if not queries:
        return inv.best(strategy)  # its error
    if space.size == 1 and strategy in _ALIKE_ON_ONE_WORLD:
        return queries[_first(inv.possible_queries(space, queries))]
    if strategy == "minimax" and space.size < PERFECT_BELOW:
        possible = np.asarray(inv.possible_queries(space, queries)).nonzero()[0]
        if len(possible):
            among = [queries[i] for i in possible.tolist()]
            perfect = (inv.partition(space, among).count.max(axis=1) <= 1).nonzero()[0]
            if len(perfect):
                return among[int(perfect[0])]
    moves: Sequence[Query] = queries
    if space.size >= SYMMETRY_FROM:
        moves = distinct_moves(inv, queries, fixed)
    part = inv.partition(space, moves)
    candidates = inv.possible_queries(space, moves)
    score = np.asarray(STRATEGIES[strategy](part), dtype=np.float64)
    if score.ndim != 1 or np.isnan(score).any():
        return moves[int(rank(part, strategy, candidates=candidates)[0])]
    best = score == score.max()  # rank's order: the best score, a possible move, the first
    preferred = best & np.asarray(candidates, dtype=bool)
    return moves[_first(preferred if preferred.any() else best)]


def spaces_suffice(inv: Investigation, strategy: str) -> bool:
    """Whether a tree of ``strategy`` from ``inv`` can be walked on spaces alone: a plain
    strategy (:func:`plain_strategy`), a game whose moves and hooks depend on the space
    only and whose clues keep the worlds of their answer (``table_game``), and that has no
    turn rules (``check_turn``) but those that only end the game (``turns_only_end``).

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> spaces_suffice(Investigation(2, 2), "minimax")
        True
    """
    kind = type(inv)
    no_turns = kind.check_turn is Hooks.check_turn or kind.turns_only_end
    return kind.table_game and no_turns and plain_strategy(inv, strategy)


Done = Callable[[npt.NDArray[np.int64], int], None]


def walk_spaces(
    inv: Investigation, strategy: str, world_ids: npt.NDArray[np.int64], done: Done
) -> None:
    """:func:`deduce.table.simulation.walk` without an investigation per node, for a game and a
    strategy where :func:`spaces_suffice`: each node is the space its clues leave and
    the moves made since ``inv``, and the hooks of ``inv`` answer for it.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> seen = []
        >>> start = Investigation(2, 3)
        >>> walk_spaces(start, "entropy", start.space.ids, lambda ids, moves: seen.append(moves))
        >>> sorted(seen)
        [1, 2, 2, 2, 2, 3, 3, 3, 3]
    """
    strategy = inv.check_strategy(strategy)
    _visit(inv, strategy, inv.space, secret_ids(inv, world_ids), (), done)


def secret_ids(inv: Investigation, world_ids: Any) -> npt.NDArray[np.int64]:
    """``world_ids`` as an array, if they are ids of worlds of ``inv``'s space.

    Raises:
        InvalidInput: not a list of ids, or an id that is not one of the space's.
    """
    ids = np.asarray(world_ids)
    if ids.ndim != 1 or (ids.size and ids.dtype.kind not in "iu"):
        raise InvalidInput("world_ids", world_ids, "a list of ids of worlds (integers)")
    if not np.isin(ids, inv.space.ids).all():
        raise InvalidInput("world_ids", world_ids, "ids of worlds of the investigation's space")
    return ids.astype(np.int64)


def _visit(
    inv: Investigation,
    strategy: str,
    space: Space,
    world_ids: npt.NDArray[np.int64],
    moves: tuple[object, ...],
    done: Done,
) -> None:
    depth = len(moves)
    if depth >= MAX_MOVES:
        raise DeduceError(f"strategy {strategy!r} did not finish within {MAX_MOVES} moves")
    query = best_move(inv, strategy, space=space, fixed=moves, plain=True)
    answer = inv.outcome_table(space, [query])[0]  # of every world of the space
    if len(world_ids) == space.size and bool((world_ids == space.ids).all()):
        outcome = answer
    else:
        outcome = answer[rows_of(space.ids, world_ids)]
    for k in sorted(set(outcome.tolist())):
        group = world_ids[outcome == k] if len(outcome) > 1 else world_ids
        if inv.finishes(query, k):
            done(group, depth + 1)
            continue
        child = space.filter(answer == k)  # what the clue of answer k leaves (table_game)
        if child.size == space.size:
            raise DeduceError(f"strategy {strategy!r} chose {query!r}, which teaches nothing")
        if child.size == 1 and depth + 1 < MAX_MOVES and _finds(inv, strategy, child, group):
            done(group, depth + 2)  # the node below: its one world's move finished it
            continue
        _visit(inv, strategy, child, group, (*moves, query), done)


def _finds(
    inv: Investigation, strategy: str, space: Space, world_ids: npt.NDArray[np.int64]
) -> bool:
    """Whether the move of a node of one world (``space``, the secrets ``world_ids``)
    finishes the game: the node's whole walk, read off without visiting it."""
    if strategy not in _ALIKE_ON_ONE_WORLD or len(world_ids) != 1 or world_ids[0] != space.ids[0]:
        return False
    queries = inv.queries()
    if not queries:
        return False
    move = queries[_first(inv.possible_queries(space, queries))]
    return inv.finishes(move, int(inv.outcome_table(space, [move])[0, 0]))


def rows_of(ids: npt.NDArray[np.int64], world_ids: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The rows of ``world_ids`` in a space whose rows have ``ids``.

    Example:
        >>> rows_of(np.array([3, 5, 9]), np.array([9, 3])).tolist()
        [2, 0]
    """
    for name, given in (("ids", ids), ("world_ids", world_ids)):
        if np.ndim(given) != 1:
            raise InvalidInput(name, given, "a list of ids of worlds (integers)")
    if len(ids) and bool((ids[1:] > ids[:-1]).all()):
        rows = np.searchsorted(ids, world_ids)
        if bool((rows < len(ids)).all()) and np.array_equal(ids[rows], world_ids):
            return rows.astype(np.int64)
    where = {int(world): row for row, world in enumerate(ids)}
    try:
        return np.array([where[int(world)] for world in world_ids], dtype=np.int64)
    except (KeyError, TypeError, ValueError):
        raise InvalidInput("world_ids", world_ids, "ids among the ids of the rows") from None


def _first(mask: npt.NDArray[np.bool_]) -> int:
    """The first true position of ``mask``, else 0."""
    array = np.asarray(mask)
    first = int(array.argmax())  # the first true one, or 0 when none is
    return first if array[first] else 0


guard(globals())
