"""Advice beyond one step: lookahead over outcome partitions, and symmetry.

The one-step strategies of :mod:`deduce.core.strategy` score a move by how it splits the
worlds. ``strategy="lookahead"`` plays the split out: for each of the few best moves by
a one-step score it averages, over the answers, the fewest further moves found below
(expectimax), to a fixed depth, with a lower bound at the leaves; the exact optimum is
``strategy="optimal"`` (:mod:`deduce.search.optimum`).

Moves that a symmetry of the game maps onto each other split the worlds alike, so only
one of each class is evaluated: a game declares its symmetries with the hook
``Investigation.query_orbits(queries, fixed)`` (for each query, the position of an
equivalent one; None when it has none). Every strategy, one-step or not, uses it.

Costs are counted in moves until the game is over: in a game whose answers can finish it
(Mastermind's all-black answer) a known solution still takes its final move; in the
others the game is over once one solution remains.

Example:
    >>> from deduce.games.mastermind import Investigation
    >>> inv = Investigation(3, 3)
    >>> str(inv.best("lookahead"))
    '112'
    >>> round(expected_moves(inv, "112", depth=3), 4)  # 73 moves over 27 codes
    2.7037
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.validation import check_int
from deduce.core.hooks import Hooks
from deduce.core.space import Space
from deduce.core.strategy import STRATEGIES, Partition, rank
from deduce.errors import InvalidInput

if TYPE_CHECKING:
    from deduce.investigation import Investigation

__all__ = [
    "SEARCHES",
    "Lookahead",
    "advice_seconds",
    "distinct_moves",
    "ends_with_a_move",
    "expected_moves",
    "lookahead_scores",
    "lower_bound",
    "symmetric_partition",
]

FloatArray = npt.NDArray[np.float64]
Extra = dict[str, Callable[[Partition], FloatArray]]


@dataclass(frozen=True, slots=True)
class Lookahead:
    """How far ``strategy="lookahead"`` looks.

    Attributes:
        depth: moves looked at (1: the one-step strategy ``leaf`` itself).
        width: candidate moves kept at each step, the best by ``leaf``.
        leaf: the one-step strategy that picks the candidates and breaks ties.

    Example:
        >>> Lookahead(depth=3).width
        6
    """

    depth: int = 2
    width: int = 6
    leaf: str = "entropy"

    def __post_init__(self) -> None:
        check_int("depth", self.depth, 1, 8)
        check_int("width", self.width, 1)
        if self.leaf not in STRATEGIES:
            raise InvalidInput("leaf", self.leaf, list(STRATEGIES))


SEARCHES: dict[str, Lookahead | None] = {
    "lookahead": Lookahead(depth=2),
    "lookahead3": Lookahead(depth=3),
    "optimal": None,
}
"""The strategies that search: ``"lookahead"`` (depth 2), ``"lookahead3"`` (depth 3)
and ``"optimal"`` (exact within a budget, else lookahead). Add a named
:class:`Lookahead` here to offer another depth or width."""


def symmetric_partition(
    inv: Investigation,
    space: Space,
    queries: Sequence[Any],
    fixed: Sequence[Any] = (),
) -> Partition:
    """``inv.partition(space, queries)``, one evaluation per class of equivalent moves.

    Args:
        inv: the investigation (its clues and ``fixed`` define the symmetries kept).
        space: the worlds to split.
        queries: the moves.
        fixed: moves made since ``inv`` that the symmetries must also keep.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> inv = Investigation(2, 3)
        >>> full = inv.partition(inv.space, inv.queries())
        >>> fast = symmetric_partition(inv, inv.space, inv.queries())
        >>> bool((full.mass == fast.mass).all() and (full.count == fast.count).all())
        True
    """
    orbit = inv.query_orbits(queries, fixed)
    if orbit is None:
        return inv.partition(space, queries)
    reps, inverse = np.unique(np.asarray(orbit, dtype=np.int64), return_inverse=True)
    if len(reps) == len(queries):
        return inv.partition(space, queries)
    part = inv.partition(space, [queries[int(i)] for i in reps])
    at = inverse.ravel()
    return Partition(mass=part.mass[at], count=part.count[at], cond_entropy=part.cond_entropy[at])


def ends_with_a_move(inv: Investigation) -> bool:
    """Whether answers can end the game (then a known solution still takes a move).

    Example:
        >>> from deduce.games.mastermind import Investigation as Mastermind
        >>> ends_with_a_move(Mastermind(pegs=2, colours=2))
        True
    """
    return type(inv).finishes is not Hooks.finishes


def lower_bound(weights: npt.ArrayLike, branching: int, *, finishing: bool) -> float:
    """A lower bound on the total weighted moves to finish, for solutions of ``weights``.

    Each move has at most ``branching`` answers that do not end the game, so at most
    ``branching ** (d - 1)`` solutions (finishing games: each found by its own final move)
    or ``branching ** d`` (the others) are settled after ``d`` moves; the heaviest ones
    are given the shallowest places.

    Example:
        >>> lower_bound([1, 1, 1, 1], 2, finishing=True)  # depths 1, 2, 2, 3
        8.0
        >>> lower_bound([3, 1], 2, finishing=False)  # one move tells them apart
        4.0
    """
    branching = check_int("branching", branching, 0)  # a Python int: it never overflows
    w = np.asarray(weights, dtype=np.float64)
    if w.ndim != 1 or not np.isfinite(w).all() or (w < 0).any():
        raise InvalidInput("weights", weights, "a list of weights (numbers of at least 0)")
    w = np.sort(w)[::-1]
    if len(w) == 0 or (len(w) == 1 and not finishing):
        return 0.0
    total, start, depth = 0.0, 0, 1
    capacity = 1 if finishing else max(branching, 1)
    while start < len(w):
        total += depth * float(w[start : start + capacity].sum())
        start += capacity
        capacity *= max(branching, 1)
        depth += 1
    return total


@dataclass(slots=True)
class _Context:
    """What a lookahead needs at every node."""

    inv: Investigation
    queries: Sequence[Any]
    plan: Lookahead
    extra: Extra
    branching: int
    finishing: bool
    bounds: FloatArray = field(default_factory=lambda: np.zeros(0))
    ends: dict[object, npt.NDArray[np.bool_]] = field(default_factory=dict)
    leaves: dict[bytes, float] = field(default_factory=dict)

    def done(self, space: Space) -> bool:
        return len(space.solution_rows()) <= 1 and not self.finishing

    def finishing_answers(self, moves: Sequence[object], answers: int) -> npt.NDArray[np.bool_]:
        """``(len(moves), answers)``: which answers to each move end the game (the game's
        :meth:`~deduce.core.hooks.Hooks.finishing` where it answers at once, else each
        move's row asked once and kept)."""
        if type(self.inv).finishing is not Hooks.finishing:
            return np.asarray(self.inv.finishing(moves, answers), dtype=bool)
        for move in moves:
            if move not in self.ends or len(self.ends[move]) < answers:
                self.ends[move] = self.inv.finishing([move], answers)[0]
        return np.array([self.ends[move][:answers] for move in moves], dtype=bool)

    def leaf(self, space: Space, fixed: Sequence[object]) -> float:
        """The fewest expected further moves that partition sizes allow: over every move,
        one move plus the size bound (:func:`lower_bound`, equal weights) of its parts."""
        key = space.ids.tobytes()
        if key in self.leaves:
            return self.leaves[key]
        moves = distinct_moves(self.inv, self.queries, fixed)
        part = self.inv.partition(space, moves)
        if len(self.bounds) <= space.size:
            n = max(space.size, 2 * len(self.bounds), 64)
            self.bounds = np.array(
                [
                    lower_bound(np.ones(c), self.branching, finishing=self.finishing)
                    for c in range(n + 1)
                ]
            )
        width = part.mass.shape[1]
        ends = (
            self.finishing_answers(moves, width)
            if self.finishing
            else np.zeros((len(moves), width), dtype=bool)
        )
        count = np.where(ends, 0, part.count)
        per_world = self.bounds[count] / np.maximum(count, 1)
        total = part.mass.sum(axis=1)
        value = 1 + (part.mass * per_world).sum(axis=1) / np.where(total > 0, total, 1)
        solutions = len(space.solution_rows())
        useless = (count.max(axis=1) >= solutions) & ~ends.any(axis=1)
        result = float(np.where(useless, np.inf, value).min())
        self.leaves[key] = result
        return result

    def ranked(self, space: Space, fixed: Sequence[object]) -> list[tuple[object, FloatArray]]:
        """The best ``width`` moves that teach something (one per class of equivalent
        moves), best first, each with the weight of each of its answers."""
        moves = distinct_moves(self.inv, self.queries, fixed)
        part = self.inv.partition(space, moves)
        order = rank(
            part,
            self.plan.leaf,
            candidates=self.inv.possible_queries(space, moves),
            extra=self.extra,
        )
        chosen = self.useful(space, moves, part, order.tolist())
        return [(moves[q], part.mass[q]) for q in chosen]

    def useful(
        self, space: Space, moves: Sequence[object], part: Partition, order: list[int]
    ) -> list[int]:
        """The first ``width`` of ``order`` that split ``space`` or can finish the game."""
        solutions = len(space.solution_rows())
        chosen = []
        for q in order:
            answers = np.flatnonzero(part.mass[q] > 0).tolist()
            finishes = any(self.inv.finishes(moves[q], k) for k in answers)
            if answers and (part.count[q].max() < solutions or finishes):
                chosen.append(q)
            if len(chosen) == self.plan.width:
                break
        return chosen

    def value(
        self, space: Space, query: object, mass: FloatArray, depth: int, fixed: tuple[object, ...]
    ) -> float:
        """Expected moves from ``space`` when ``query`` is played (its answers weigh
        ``mass``), then the best found below."""
        total = float(mass.sum())
        result = 1.0
        for k in np.flatnonzero(mass > 0).tolist():
            if self.inv.finishes(query, k):
                continue
            child = self.inv.apply_clue(space, self.inv.clue_for(query, k))
            result += float(mass[k]) / total * self.best(child, depth - 1, (*fixed, query))
        return result

    def best(self, space: Space, depth: int, fixed: tuple[object, ...]) -> float:
        """The fewest expected further moves found from ``space`` looking ``depth`` moves."""
        if self.done(space):
            return 0.0
        if len(space.solution_rows()) == 1:
            return 1.0
        if depth == 0:
            return self.leaf(space, fixed)
        values = [self.value(space, q, m, depth, fixed) for q, m in self.ranked(space, fixed)]
        return min(values, default=math.inf)


def distinct_moves(
    inv: Investigation, queries: Sequence[Any], fixed: Sequence[Any] = ()
) -> Sequence[Any]:
    """``queries`` with one move of each class of equivalent moves (the first), under the
    symmetries that keep the clues so far and ``fixed``.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> [str(q) for q in distinct_moves(Investigation(2, 3), Investigation(2, 3).queries())]
        ['11', '12']
    """
    orbit = inv.query_orbits(queries, fixed)
    if orbit is None:
        return queries
    labels = np.asarray(orbit, dtype=np.int64)
    first = labels == np.arange(len(labels))
    # each move points to the first of its class (the hook's contract): those are the classes
    reps = np.flatnonzero(first) if (labels[labels] == labels).all() else np.unique(labels)
    if len(reps) == len(queries):
        return queries
    return [queries[i] for i in reps.tolist()]


def _context(inv: Investigation, queries: Sequence[Any], plan: Lookahead, extra: Extra) -> _Context:
    moves = distinct_moves(inv, inv.queries())
    root = inv.partition(inv.space, moves)
    branching = int((root.mass > 0).sum(axis=1).max()) if len(root.mass) else 1
    finishing = ends_with_a_move(inv)
    return _Context(inv, inv.queries(), plan, extra, branching - int(finishing), finishing)


def lookahead_scores(
    inv: Investigation,
    queries: Sequence[Any],
    part: Partition,
    *,
    plan: Lookahead | None = None,
    extra: Extra | None = None,
) -> FloatArray:
    """The lookahead's rows of scores for ``queries``: minus the expected moves until the
    game is over (``-inf`` for moves not among the candidates), then the one-step keys.

    Args:
        inv: the investigation to advise.
        queries: the moves ranked.
        part: their partition of ``inv.space``.
        plan: depth, width and one-step strategy (default :class:`Lookahead`).
        extra: the game's own one-step strategies.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> inv = Investigation(2, 3)
        >>> qs = inv.queries()
        >>> keys = lookahead_scores(inv, qs, inv.partition(inv.space, qs))
        >>> [str(qs[i]) for i in np.argsort(-keys[0], kind="stable")[:2]]
        ['12', '13']
    """
    if len(queries) != len(part.mass):
        raise InvalidInput("queries", queries, "one query for each row of the partition")
    plan = plan or Lookahead()
    table: Extra = {**STRATEGIES, **(extra or {})}
    one_step = np.atleast_2d(np.asarray(table[plan.leaf](part), dtype=np.float64))
    if plan.depth == 1:
        return one_step
    ctx = _context(inv, queries, plan, extra or {})
    values = np.full(len(queries), -math.inf)
    if ctx.done(inv.space):
        values[:] = 0.0
        return np.vstack([values, one_step])
    orbit = inv.query_orbits(queries, ())
    order = rank(part, plan.leaf, candidates=inv.possible_queries(inv.space, queries), extra=extra)
    if orbit is not None:  # one move per class
        order = order[np.asarray(orbit)[order] == order]
    for q in ctx.useful(inv.space, queries, part, order.tolist()):
        value = -round(ctx.value(inv.space, queries[q], part.mass[q], plan.depth - 1, ()), 9)
        if orbit is None:
            values[q] = value
        else:
            values[np.asarray(orbit) == orbit[q]] = value
    return np.vstack([values, one_step])


def expected_moves(inv: Investigation, query: Any, *, depth: int = 2, width: int = 6) -> float:
    """The expected moves until the game is over if ``query`` is played now and the best
    lookahead of ``depth`` moves after it (a lower bound beyond).

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> expected_moves(Investigation(2, 2), "12", depth=3)
        2.0
    """
    action = inv.as_query(query)
    queries = inv.queries()
    ctx = _context(inv, queries, Lookahead(depth=depth, width=width), {})
    mass = inv.partition(inv.space, [action]).mass[0]
    return float(ctx.value(inv.space, action, mass, depth - 1, ()))


# one outcome-table entry, partition included: 1.9e-8 to 3.7e-8 s of CPU on Mastermind 5 x 8,
# 6 x 6 and 7 x 7 after 0 to 2 clues (docs/benchmarks.md, benchmarks/bench_advice_estimate.py)
_SECONDS_PER_ENTRY = 3e-8


def advice_seconds(inv: Investigation, strategy: str) -> float:
    """A rough estimate of the seconds :meth:`Investigation.recommend` takes now: the
    outcome-table entries it computes (one move per class of equivalent moves) times the
    measured cost of one entry, times the moves a lookahead evaluates below the first.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> advice_seconds(Investigation(6, 6), "entropy") < 1  # 11 kinds of first move
        True
    """
    queries = inv.queries()
    orbit = inv.query_orbits(queries)
    moves = len(queries) if orbit is None else len(np.unique(orbit))
    seconds = moves * inv.space.size * _SECONDS_PER_ENTRY
    plan = SEARCHES.get(strategy, Lookahead(depth=1))
    budget = 0.0 if plan is not None else 10.0  # "optimal": its default budget, then lookahead
    plan = plan if plan is not None else Lookahead()
    return budget + float(seconds * sum(plan.width**d for d in range(plan.depth)))


guard(globals())
