"""Scores of a query's outcome partition, and the choice of the best query.

Every strategy looks at one thing: for each candidate query, how the remaining worlds
split by the answer they would give. That split is a :class:`Partition`, computed once
(from an outcome table of queries x worlds, or directly by a game that knows a faster
way); each strategy is then only a different score of its rows.

Scores (higher is better after the sign shown):

- ``"entropy"``: the mutual information between the answer and the solution, in bits:
  ``H(answer) - H(answer | solution)``. When hidden variables other than the solution
  shape the answer, the second term keeps noise from counting as information.
- ``"minimax"``: the fewest solutions that can remain in the worst case (Knuth).
- ``"expected_size"``: the fewest solutions expected to remain.
- ``"most_parts"``: the most distinct answers.

Ties go to a query that can itself be the solution, then to the first in the game's
fixed order of queries, so every result is reproducible.

Example:
    >>> import numpy as np
    >>> part = partition(np.array([[0, 0, 1, 1], [0, 1, 2, 3]]), np.ones(4), np.arange(4))
    >>> information(part).tolist()
    [1.0, 2.0]
    >>> rank(part, "minimax").tolist()
    [1, 0]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import LIMIT, guard
from deduce._internal.validation import check_int
from deduce.core.info import conditional_entropy as _conditional
from deduce.core.info import plogp as _plogp
from deduce.core.info import round_bits as _round
from deduce.errors import InvalidInput

__all__ = [
    "STRATEGIES",
    "Partition",
    "information",
    "joint_partition",
    "partition",
    "rank",
    "rank_with_keys",
    "scores",
]

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True, eq=False)
class Partition:
    """How the worlds split by answer, for each of ``Q`` queries and ``K`` answers.

    Attributes:
        mass: ``(Q, K)`` total weight of the worlds giving each answer.
        count: ``(Q, K)`` number of distinct solutions among them.
        cond_entropy: ``(Q,)`` ``H(answer | solution)`` in bits (0 when the solution
            alone decides the answer).
    """

    mass: FloatArray
    count: npt.NDArray[np.int64]
    cond_entropy: FloatArray

    @property
    def total(self) -> float:
        """The total weight of the worlds."""
        return float(self.mass[0].sum()) if len(self.mass) else 0.0


def partition(
    table: npt.ArrayLike,
    weights: npt.ArrayLike,
    solution_ids: npt.ArrayLike,
    *,
    answers: int | None = None,
) -> Partition:
    """The partition of worlds by answer, from an outcome table.

    Args:
        table: ``(Q, N)`` small non-negative ints: the answer of query q in world n.
        weights: ``(N,)`` the worlds' weights.
        solution_ids: ``(N,)`` which solution each world belongs to.
        answers: the number of distinct answers K (default: the table's maximum + 1).

    Example:
        >>> p = partition([[0, 1, 1]], [1, 1, 2], [0, 1, 1])
        >>> p.mass.tolist(), p.count.tolist()
        ([[1.0, 3.0]], [[1, 1]])
    """
    outcome, w, sol = _partition_arrays(table, weights, solution_ids)
    queries, worlds = outcome.shape
    least = int(outcome.max()) + 1 if outcome.size else 1  # every answer of the table
    k = least if answers is None else check_int("answers", answers, least)
    offsets = (np.arange(queries, dtype=np.int64) * k)[:, None]
    unit = bool((w == 1).all())
    one_each = not worlds or np.bincount(sol).max() == 1  # one world per solution
    flat = outcome.astype(np.int64)
    flat += offsets
    if unit and one_each:  # every answer's mass is its number of worlds and of solutions
        # counts do not depend on the order of the entries: the table is not copied
        count = np.bincount(flat.ravel(order="K"), minlength=queries * k).reshape(queries, k)
        return Partition(mass=count.astype(np.float64), count=count, cond_entropy=np.zeros(queries))
    flat = flat.ravel()
    tiled = None if unit else np.tile(w, queries)
    mass = np.bincount(flat, weights=tiled, minlength=queries * k).reshape(queries, k)
    n_solutions = int(sol.max()) + 1 if len(sol) else 0
    if one_each:  # answers follow the solution
        count = np.bincount(flat, minlength=queries * k).reshape(queries, k).astype(np.int64)
        cond = np.zeros(queries)
    else:
        joint_index = (
            (np.arange(queries)[:, None] * n_solutions + sol[None, :]) * k + outcome
        ).ravel()
        unique = np.unique(joint_index)
        q_of = unique // (n_solutions * k)
        a_of = unique % k
        count = np.bincount(q_of * k + a_of, minlength=queries * k).reshape(queries, k)
        count = count.astype(np.int64)
        joint_mass = np.bincount(joint_index, weights=tiled)[unique].astype(np.float64)
        h_joint = np.bincount(q_of, weights=_plogp(joint_mass / float(w.sum())), minlength=queries)
        cond = _conditional(
            h_joint.astype(np.float64), np.bincount(sol, weights=w).astype(np.float64)
        )
    return Partition(mass=mass.astype(np.float64), count=count, cond_entropy=cond)


def joint_partition(joint: npt.ArrayLike) -> Partition:
    """The partition from dense joint weights ``(Q, S, K)`` of (solution, answer).

    For games that count the worlds behind each (solution, answer) pair directly
    instead of listing worlds.

    Example:
        >>> p = joint_partition([[[1, 0], [0, 1]], [[1, 1], [1, 1]]])
        >>> information(p).tolist(), p.count.tolist()
        ([1.0, 0.0], [[1, 1], [2, 2]])
    """
    weights = np.asarray(joint, dtype=np.float64)
    if weights.ndim != 3:
        raise InvalidInput(
            "joint", weights.shape, "an array of shape (queries, solutions, answers)"
        )
    total = float(weights[0].sum()) if len(weights) else 0.0
    h_joint = _plogp(weights / total).sum(axis=(1, 2)) if total else np.zeros(len(weights))
    per_solution = weights[0].sum(axis=1) if len(weights) else np.zeros(0)
    return Partition(
        mass=weights.sum(axis=1),
        count=(weights > 0).sum(axis=1).astype(np.int64),
        cond_entropy=_conditional(h_joint, per_solution),
    )


def information(part: Partition) -> FloatArray:
    """Expected bits learned about the solution, per query.

    Example:
        >>> information(partition([[0, 1]], [1, 1], [0, 1])).tolist()
        [1.0]
    """
    total = part.mass.sum(axis=1, keepdims=True)
    h = _plogp(part.mass / np.where(total > 0, total, 1)).sum(axis=1)
    result: FloatArray = np.maximum(h - part.cond_entropy, 0.0) + 0.0
    return result


def _expected_size(part: Partition) -> FloatArray:
    total = part.mass.sum(axis=1)
    result: FloatArray = (part.mass * part.count).sum(axis=1) / np.where(total > 0, total, 1)
    return result


STRATEGIES: dict[str, Callable[[Partition], FloatArray]] = {
    "entropy": lambda p: _round(information(p)),
    "minimax": lambda p: -p.count.max(axis=1).astype(np.float64),
    "expected_size": lambda p: -_round(_expected_size(p)),
    "most_parts": lambda p: (p.mass > 0).sum(axis=1).astype(np.float64),
}
"""Every built-in strategy: a function of a partition giving one score per query, higher
is better. A game's own strategies may also give several rows of scores, shape
``(keys, Q)``: the first row is the score, the next ones break its ties in turn."""


def scores(
    part: Partition,
    strategy: str,
    extra: dict[str, Callable[[Partition], FloatArray]] | None = None,
) -> FloatArray:
    """The score of every query under ``strategy`` (higher is better).

    Args:
        part: the partition of every query.
        strategy: a name from :data:`STRATEGIES` or from ``extra``.
        extra: more strategies that a game offers.

    Example:
        >>> scores(partition([[0, 0], [0, 1]], [1, 1], [0, 1]), "most_parts").tolist()
        [1.0, 2.0]
    """
    score: FloatArray = _keys(part, strategy, extra)[0]
    return score


def _keys(
    part: Partition,
    strategy: str,
    extra: dict[str, Callable[[Partition], FloatArray]] | None,
) -> FloatArray:
    """The strategy's rows of scores, shape ``(keys, Q)``: the score, then tie-breakers."""
    table: dict[str, Callable[[Partition], FloatArray]] = {**STRATEGIES, **(extra or {})}
    if strategy not in table:
        raise InvalidInput("strategy", strategy, list(table))
    keys: FloatArray = np.atleast_2d(np.asarray(table[strategy](part), dtype=np.float64))
    return keys


def rank(
    part: Partition,
    strategy: str,
    *,
    candidates: npt.ArrayLike | None = None,
    extra: dict[str, Callable[[Partition], FloatArray]] | None = None,
) -> npt.NDArray[np.int64]:
    """Query numbers from best to worst.

    Args:
        part: the partition of every query.
        strategy: the strategy's name.
        candidates: ``(Q,)`` true where the query could itself be the solution; these
            win ties.
        extra: more strategies that a game offers.

    Example:
        >>> p = partition([[0, 0], [0, 1], [1, 0]], [1, 1], [0, 1])
        >>> rank(p, "entropy", candidates=[False, False, True]).tolist()
        [2, 1, 0]
    """
    return rank_with_keys(part, strategy, candidates=candidates, extra=extra)[0]


def _partition_arrays(
    table: npt.ArrayLike, weights: npt.ArrayLike, solution_ids: npt.ArrayLike
) -> tuple[npt.NDArray[Any], FloatArray, npt.NDArray[np.int64]]:
    """The arguments of :func:`partition` as arrays, or InvalidInput."""
    outcome = np.asarray(table)
    if outcome.ndim != 2 or (
        outcome.size and (outcome.dtype.kind not in "iu" or outcome.min() < 0)
    ):
        raise InvalidInput("table", table, "a (queries, worlds) table of answers: ints from 0")
    w = np.asarray(weights, dtype=np.float64)
    if w.shape != (outcome.shape[1],) or not np.isfinite(w).all() or (w < 0).any():
        raise InvalidInput("weights", weights, "a weight of at least 0 for each world")
    sol = np.asarray(solution_ids)
    if sol.shape != w.shape or (sol.size and (sol.dtype.kind not in "iu" or sol.min() < 0)):
        raise InvalidInput("solution_ids", solution_ids, "a solution number (from 0) per world")
    if sol.size and sol.max() > max(LIMIT, 4 * sol.size):  # numbered sparsely: renumber
        sol = np.unique(sol, return_inverse=True)[1]
    return outcome, w, sol.astype(np.int64)


def rank_with_keys(
    part: Partition,
    strategy: str,
    *,
    candidates: npt.ArrayLike | None = None,
    extra: dict[str, Callable[[Partition], FloatArray]] | None = None,
) -> tuple[npt.NDArray[np.int64], FloatArray]:
    """:func:`rank` and the strategy's rows of scores (the first is :func:`scores`),
    from one evaluation of the strategy.

    Example:
        >>> p = partition([[0, 0], [0, 1]], [1, 1], [0, 1])
        >>> order, keys = rank_with_keys(p, "most_parts")
        >>> order.tolist(), keys.tolist()
        ([1, 0], [[1.0, 2.0]])
    """
    keys = _keys(part, strategy, extra)
    queries = keys.shape[1]
    can_be = np.zeros(queries, bool) if candidates is None else np.asarray(candidates, bool)
    if can_be.shape != (queries,):
        raise InvalidInput("candidates", candidates, f"one True or False for each of {queries}")
    order = np.lexsort((np.arange(queries), ~can_be, *(-row for row in keys[::-1])))
    return order.astype(np.int64), keys


guard(globals())
