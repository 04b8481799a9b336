"""The exact optimum: the decision tree with the fewest expected moves.

A depth-first branch and bound over every move of the game at every node of the tree:

- the cost of a set of worlds is the total weight times moves still needed; a move's
  cost is the set's weight plus the cost of every part its answers leave;
- a lower bound for a part comes from its size alone (:func:`deduce.search.lower_bound`:
  each move has only so many answers), so most moves are dropped before any search
  below them, and the moves are tried best bound first;
- moves that a symmetry of the game keeping the clues so far and the moves made maps
  onto each other (the hook ``Investigation.query_orbits``) are tried once, within the
  first two moves of the tree (deeper, such symmetries are rare and finding them costs
  more than it saves);
- among moves of equal cost the tree takes the one tried first: the lowest bound, then
  a move that can end the game (Mastermind: one of the codes left), then the lowest
  index, so the tree is the same whatever order the sets were solved in;
- solved sets are cached (the same set is reached by many paths);
- ``max_moves`` asks for the fewest expected moves among trees that never need more;
- a :class:`Budget` of seconds or nodes bounds the work: when it runs out the result says
  so and the move comes from the lookahead instead.

Where every world weighs the same and is a solution of its own (Mastermind, and most
games), the search is compiled (numba, :mod:`deduce.search._optimum_kernel`): the same
steps, bounds, order, cache and count of nodes as the Python and numpy path, which
searches the other games (weighted worlds, several worlds per solution), so both give
the same totals and trees (Mastermind 4 x 6: about 0.7 s compiled, 75 s in Python;
4 x 7: 18 s). The first search in a process loads the compiled code: it is compiled once per
machine (about half a minute), then kept in numba's cache beside the module.

Example:
    >>> from deduce.games.mastermind import Investigation
    >>> result = optimal(Investigation(2, 3))
    >>> result.exact, result.total, result.histogram
    (True, 21.0, {1: 1, 2: 4, 3: 4})
"""

from __future__ import annotations

import math
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.language import M, plural
from deduce._internal.validation import check_int
from deduce.core.strategy import partition
from deduce.errors import InvalidInput
from deduce.search.budget import Budget, Optimum
from deduce.search.lookahead import lower_bound

if TYPE_CHECKING:
    from deduce.investigation import Investigation

__all__ = ["Budget", "Optimum", "compiled", "optimal", "prepare"]

MAX_MOVES = 64
"""The largest cap on moves (no game here needs more than a few dozen)."""

_SYMMETRY_DEPTH = 2
"""The longest path of moves after which moves are grouped by the game's symmetries.
Deeper, few symmetries keep every move made, and finding them costs more than it saves
(Mastermind 4 x 6: 43,665 nodes instead of 43,660, and 69 s instead of 92 s)."""

FloatArray = npt.NDArray[np.float64]
_TABLE_LIMIT = 1 << 26  # outcome-table entries the exact search may hold


class _OutOfBudget(Exception):
    def __init__(self, message: str, nodes: int = 0) -> None:
        super().__init__(message)
        self.nodes = nodes


_COMPILED = True
"""Whether :func:`optimal` searches with the compiled kernel where it applies (False: the
Python path everywhere, as the tests compare them)."""
_CLOCK_EVERY = 256  # nodes between two looks at the clock (the first after 32)


class _Compiled:
    """The compiled search (:mod:`deduce.search._optimum_kernel`) of a solver's game: its
    state, and what the search stops to ask for (the clock, the symmetries of a path of
    moves, a larger cache); the budget is the solver's."""

    def __init__(self, solver: _Solver) -> None:
        import deduce.search._optimum_kernel as kernel

        self.kernel, self.solver = kernel, solver
        caps = np.array([_capacity_float(solver, left) for left in range(MAX_MOVES + 1)])
        self.state = kernel.new_state(
            solver.table,
            solver.fin,
            solver.lbu,
            caps,
            solver.unit,
            solver.finishing,
            solver.branching,
            _SYMMETRY_DEPTH,
        )
        self.lock = threading.Lock()
        self.paths: list[tuple[int, ...]] = []  # by orbit id
        self.ids: dict[frozenset[int], int] = {}
        counters = self.state[1]
        if solver.budget.nodes is not None:
            counters[kernel.C_LIMIT] = solver.budget.nodes
        if solver.budget.seconds is not None:
            counters[kernel.C_CHECK] = 32

    def _orbit(self, path: tuple[int, ...]) -> int:
        """The orbit id of ``path`` (at most :data:`_SYMMETRY_DEPTH` moves), added if new."""
        key = frozenset(path)
        parent = self._orbit(path[:-1]) if path else -1
        move = path[-1] if path else -1
        if key in self.ids:
            self.kernel.link_orbit(self.state, self.ids[key], parent, move)
        else:
            reps = self.solver.reps(path)
            self.state = self.kernel.add_orbit(self.state, reps, parent, move, len(path))
            self.ids[key] = len(self.paths)
            self.paths.append(path)
        return self.ids[key]

    def solve(
        self, rows: npt.NDArray[np.int64], cutoff: float, path: tuple[int, ...], left: int | None
    ) -> float:
        """:meth:`_Solver.solve`, compiled (one search at a time: threads of a pool share
        the solver of their process)."""
        with self.lock:
            return self._solve(rows, cutoff, path, left)

    def _solve(
        self, rows: npt.NDArray[np.int64], cutoff: float, path: tuple[int, ...], left: int | None
    ) -> float:
        kernel, solver = self.kernel, self.solver
        parent = self._orbit(path[:-1]) if 1 <= len(path) <= _SYMMETRY_DEPTH else -1
        move = path[-1] if path else -1
        counters = self.state[1]
        try:
            while True:
                value, status, asked, ask_move = kernel.search(
                    self.state, rows, cutoff, parent, move, len(path), _left(left)
                )
                if status == kernel.DONE:
                    return float(value)
                if status == kernel.NEED_ROOM:
                    self.state = kernel.grown(self.state)
                elif status == kernel.NEED_ORBITS:
                    before = self.paths[asked] if asked >= 0 else ()
                    self._orbit((*before, ask_move) if ask_move >= 0 else before)
                elif status == kernel.CHECK_TIME:
                    solver.nodes = int(counters[kernel.C_NODES])
                    _look_at_clock(solver)
                    counters[kernel.C_CHECK] = solver.nodes + _CLOCK_EVERY
                else:  # out of nodes
                    solver.nodes = int(counters[kernel.C_NODES])
                    nodes = cast(int, solver.budget.nodes)
                    raise _OutOfBudget(
                        M("the budget of {nodes} nodes ran out", nodes=nodes), solver.nodes
                    )
        finally:
            solver.nodes = int(counters[kernel.C_NODES])

    def histogram(
        self,
        rows: npt.NDArray[np.int64],
        left: int | None,
        path: tuple[int, ...],
        out: Counter[int],
        tree: dict[tuple[int, ...], int],
    ) -> None:
        """:meth:`_Solver.histogram` from depth 0, compiled."""
        with self.lock:
            hist, found, nodes, ok = self.kernel.walk(self.state, rows, _left(left))
            if not ok:  # not solved yet: as the Python path does
                self._solve(rows, math.inf, path, left)
                hist, found, nodes, ok = self.kernel.walk(self.state, rows, _left(left))
        out.update({d: int(n) for d, n in enumerate(hist.tolist()) if n})
        ids = self.solver.inv.space.ids
        for start, length, move in nodes.tolist():
            tree[tuple(np.sort(ids[found[start : start + length]]).tolist())] = move

    def entry(self, rows: npt.NDArray[np.int64], left: int | None) -> tuple[int, bool]:
        """The best move kept for ``rows`` and whether there is an entry for them."""
        with self.lock:
            return self.kernel.entry_move(self.state, rows, _left(left))


def _left(left: int | None) -> int:
    return -1 if left is None else left


def _capacity_float(solver: _Solver, left: int) -> float:
    try:
        return solver._capacity(left)
    except OverflowError:
        return math.inf


def _look_at_clock(solver: _Solver) -> None:
    """Raise :class:`_OutOfBudget` when the solver's seconds have run out."""
    budget = solver.budget
    if budget.seconds is not None and time.time() - solver.started > budget.seconds:
        raise _OutOfBudget(
            M(
                "the budget of {seconds:g} s ran out after {nodes} nodes",
                seconds=budget.seconds,
                nodes=solver.nodes,
            ),
            solver.nodes,
        )


@dataclass
class _Solver:
    """The branch and bound over one investigation's worlds (rows of its space)."""

    inv: Investigation
    max_moves: int | None
    budget: Budget
    started: float = field(default_factory=time.time)
    nodes: int = 0
    cache: dict[tuple[bytes, int | None], tuple[float, bool, int]] = field(default_factory=dict)
    orbits: dict[frozenset[int] | None, npt.NDArray[np.int64]] = field(default_factory=dict)
    compiled: bool = False

    def __post_init__(self) -> None:
        from deduce.search.lookahead import ends_with_a_move

        inv = self.inv
        self.queries = inv.queries()
        space = inv.space
        if len(self.queries) * space.size > _TABLE_LIMIT:
            raise _OutOfBudget(
                M(
                    "{moves} moves x {worlds} worlds is too large a table",
                    moves=len(self.queries),
                    worlds=space.size,
                )
            )
        table = np.asarray(inv.outcome_table(space, self.queries))
        self.table = table.astype(np.uint8 if table.max(initial=0) < 256 else np.int32)
        self.k = int(self.table.max(initial=0)) + 1
        self.weights = np.asarray(space.weights, dtype=np.float64)
        self.solution = space.solution_ids()
        self.finishing = ends_with_a_move(inv)
        self.fin = np.asarray(inv.finishing(self.queries, self.k), dtype=bool)
        self.uniform = _uniform(self.weights, self.solution)
        parts = (self.fin == 0) & (
            self._counts(np.arange(space.size), np.arange(len(self.queries))) > 0
        )
        self.branching = max(1, int(parts.sum(axis=1).max(initial=1)))
        self.unit = float(self.weights[0]) if len(self.weights) else 1.0
        self.lbu = self._uniform_bounds(space.size)
        self.kernel = None
        if self.compiled and self.uniform:
            loading = time.time()
            prepare()  # the clock does not count loading (or compiling) the code
            self.started += time.time() - loading
            self.kernel = _Compiled(self)

    # -- bounds ----------------------------------------------------------------------

    def _uniform_bounds(self, n: int) -> FloatArray:
        """Lower bounds of the cost of ``0..n`` equally weighted solutions (unit weight)."""
        depths: list[int] = []
        capacity, depth = (1 if self.finishing else self.branching), 1
        while len(depths) < n:
            depths.extend([depth] * capacity)
            capacity *= self.branching
            depth += 1
        bounds = np.concatenate([[0.0], np.cumsum(depths[:n], dtype=np.float64)])
        if not self.finishing and n >= 1:
            bounds[1] = 0.0
        return bounds

    def _capacity(self, left: int | None) -> float:
        if left is None:
            return math.inf
        if self.finishing:
            return float(sum(self.branching**d for d in range(left)))
        return float(self.branching**left)

    def bound(self, rows: npt.NDArray[np.int64], left: int | None) -> float:
        """A lower bound of the cost of ``rows`` within ``left`` moves."""
        sols = len(rows) if self.uniform else len(np.unique(self.solution[rows]))
        if sols > self._capacity(left) or (left == 0 and (self.finishing or sols > 1)):
            return math.inf
        if self.uniform:
            return float(self.lbu[len(rows)]) * self.unit
        per_solution = np.bincount(self.solution[rows], weights=self.weights[rows])
        return lower_bound(per_solution[per_solution > 0], self.branching, finishing=self.finishing)

    def trivial(self, rows: npt.NDArray[np.int64]) -> bool:
        """Whether the bound of ``rows`` is their exact cost (one or two solutions)."""
        sols = len(rows) if self.uniform else len(np.unique(self.solution[rows]))
        return sols <= 1 or (sols == 2 and self.finishing and len(rows) == 2)

    # -- moves -----------------------------------------------------------------------

    def reps(self, path: tuple[int, ...]) -> npt.NDArray[np.int64]:
        """One move of each class of the symmetries that keep ``path`` (every move after
        more than :data:`_SYMMETRY_DEPTH` moves)."""
        key = frozenset(path) if len(path) <= _SYMMETRY_DEPTH else None
        if key not in self.orbits:
            if key is None:
                self.orbits[key] = np.arange(len(self.queries), dtype=np.int64)
                return self.orbits[key]
            orbit = self.inv.query_orbits(self.queries, [self.queries[q] for q in sorted(key)])
            reps = np.arange(len(self.queries)) if orbit is None else np.unique(orbit)
            self.orbits[key] = reps.astype(np.int64)
        return self.orbits[key]

    def _counts(
        self, rows: npt.NDArray[np.int64], reps: npt.NDArray[np.int64]
    ) -> npt.NDArray[np.int64]:
        sub = self.table[reps][:, rows].astype(np.int64)
        offsets = (np.arange(len(reps), dtype=np.int64) * self.k)[:, None]
        counts: npt.NDArray[np.int64] = np.bincount(
            (sub + offsets).ravel(), minlength=len(reps) * self.k
        ).reshape(len(reps), self.k)
        return counts

    def candidates(
        self, rows: npt.NDArray[np.int64], path: tuple[int, ...], left: int | None
    ) -> tuple[npt.NDArray[np.int64], FloatArray]:
        """The moves worth trying at ``rows`` (one per class) and their bounds, best first."""
        reps = self.reps(path)
        child = None if left is None else left - 1
        if self.uniform:
            weight = len(rows) * self.unit
            counts = self._counts(rows, reps)
            open_ = np.where(self.fin[reps], 0, counts)
            if child is not None and (open_ > self._capacity(child)).any():
                cap = self._capacity(child)
                part_bound = np.where(open_ > cap, math.inf, self.lbu[np.minimum(open_, len(rows))])
            else:
                part_bound = self.lbu[open_]
            bounds = weight + part_bound.sum(axis=1) * self.unit
            useless = (open_.max(axis=1) == len(rows)) | (child == 0) & (open_.sum(axis=1) > 0)
            ends = ((counts > 0) & self.fin[reps]).any(axis=1)
        else:
            weight = float(self.weights[rows].sum())
            part = partition(self.table[reps][:, rows], self.weights[rows], self.solution[rows])
            width = part.mass.shape[1]
            fin = self.fin[reps][:, :width]
            needs = np.where(fin, False, (part.count >= 2) | (self.finishing & (part.count >= 1)))
            bounds = weight + np.where(needs, part.mass, 0.0).sum(axis=1)
            sols = len(np.unique(self.solution[rows]))
            useless = np.where(fin, 0, part.count).max(axis=1) == sols
            ends = self.can_end(reps, rows)
        # equal bounds: a move that can end the game first, then the lowest index
        order = np.lexsort((~ends, bounds))
        keep = order[~useless[order]]
        return reps[keep], bounds[keep]

    def can_end(
        self, reps: npt.NDArray[np.int64], rows: npt.NDArray[np.int64]
    ) -> npt.NDArray[np.bool_]:
        """Whether each move of ``reps`` ends the game on one of the worlds ``rows``
        (Mastermind: it is one of the codes left)."""
        answers = self.table[reps][:, rows].astype(np.int64)
        return np.asarray(self.fin[reps[:, None], answers].any(axis=1), dtype=np.bool_)

    def parts(self, q: int, rows: npt.NDArray[np.int64]) -> list[tuple[int, npt.NDArray[np.int64]]]:
        """The parts ``q`` leaves that need more moves, largest first."""
        outcome = self.table[q, rows]
        result = []
        for k in np.unique(outcome).tolist():
            if not self.fin[q, k]:
                result.append((k, rows[outcome == k]))
        result.sort(key=lambda item: -len(item[1]))
        return result

    # -- search ----------------------------------------------------------------------

    def tick(self) -> None:
        self.nodes += 1
        budget = self.budget
        if budget.nodes is not None and self.nodes > budget.nodes:
            raise _OutOfBudget(
                M("the budget of {nodes} nodes ran out", nodes=budget.nodes), self.nodes
            )
        late = budget.seconds is not None and time.time() - self.started > budget.seconds
        if self.nodes % 32 == 0 and late:
            raise _OutOfBudget(
                M(
                    "the budget of {seconds:g} s ran out after {nodes} nodes",
                    seconds=budget.seconds,
                    nodes=self.nodes,
                ),
                self.nodes,
            )

    def solve(
        self, rows: npt.NDArray[np.int64], cutoff: float, path: tuple[int, ...], left: int | None
    ) -> float:
        """The exact cost of ``rows`` if it is below ``cutoff``, else a bound of at least
        ``cutoff``."""
        bound = self.bound(rows, left)
        if bound >= cutoff or self.trivial(rows):
            return bound
        key = (rows.astype(np.int32).tobytes(), left)
        hit = self.cache.get(key)
        if hit is not None and (hit[1] or hit[0] >= cutoff):
            return hit[0]
        self.tick()
        child = None if left is None else left - 1
        best, best_q = cutoff, -1
        moves, bounds = self.candidates(rows, path, left)
        for q, q_bound in zip(moves.tolist(), bounds.tolist(), strict=True):
            if q_bound >= best:
                break
            total = q_bound
            for _, part in self.parts(q, rows):
                if self.trivial(part):
                    continue
                part_bound = self.bound(part, child)
                total += self.solve(part, best - total + part_bound, (*path, q), child) - part_bound
                if total >= best:
                    break
            if total < best:
                best, best_q = total, q
        exact = best < cutoff
        self.cache[key] = (best if exact else max(cutoff, bound), exact, best_q)
        return best

    def run(
        self, rows: npt.NDArray[np.int64], cutoff: float, path: tuple[int, ...], left: int | None
    ) -> float:
        """:meth:`solve`, compiled where the search is."""
        if self.kernel is not None:
            return self.kernel.solve(rows, cutoff, path, left)
        return self.solve(rows, cutoff, path, left)

    def tree_of(
        self,
        rows: npt.NDArray[np.int64],
        left: int | None,
        path: tuple[int, ...],
        out: Counter[int],
        tree: dict[tuple[int, ...], int],
    ) -> None:
        """:meth:`histogram` from depth 0, compiled where the search is."""
        if self.kernel is not None:
            self.kernel.histogram(rows, left, path, out, tree)
        else:
            self.histogram(rows, left, path, out, tree=tree)

    def first_move(self, rows: npt.NDArray[np.int64], left: int | None) -> int:
        """The best move kept for ``rows`` (-1: none), else the one of :func:`_only`."""
        if self.kernel is not None:
            move, found = self.kernel.entry(rows, left)
            return move if found else _only(self, rows)
        hit = self.cache.get((rows.astype(np.int32).tobytes(), left))
        return hit[2] if hit is not None else _only(self, rows)

    def histogram(
        self,
        rows: npt.NDArray[np.int64],
        left: int | None,
        path: tuple[int, ...],
        out: Counter[int],
        depth: int = 0,
        tree: dict[tuple[int, ...], int] | None = None,
    ) -> None:
        """Count the moves of every world of ``rows`` in the best tree (solved already),
        and put the move of each of its nodes of two solutions or more in ``tree``."""
        sols = len(rows) if self.uniform else len(np.unique(self.solution[rows]))
        if sols <= 1:
            out[depth + int(self.finishing)] += len(rows)
            return
        if self.trivial(rows):  # two codes: the heavier first
            out[depth + 1] += 1
            out[depth + 2] += 1
            if tree is not None and _only(self, rows) >= 0:
                tree[self.node(rows)] = _only(self, rows)
            return
        key = (rows.astype(np.int32).tobytes(), left)
        hit = self.cache.get(key)
        if hit is None or not hit[1]:
            self.solve(rows, math.inf, path, left)
            hit = self.cache[key]
        q = hit[2]
        if tree is not None:
            tree[self.node(rows)] = q
        outcome = self.table[q, rows]
        for k in np.unique(outcome).tolist():
            group = rows[outcome == k]
            if self.fin[q, k]:
                out[depth + 1] += len(group)
            else:
                child = None if left is None else left - 1
                self.histogram(group, child, (*path, q), out, depth + 1, tree)

    def node(self, rows: npt.NDArray[np.int64]) -> tuple[int, ...]:
        """The world ids of ``rows``, in order: a node of the tree."""
        return tuple(np.sort(self.inv.space.ids[rows]).tolist())


def _root_first(
    solver: _Solver, executor: Executor, progress: Callable[[int, int], None] | None
) -> tuple[float, int, Counter[int], dict[tuple[int, ...], int]]:
    """The root searched with the subtrees of each first move on ``executor``."""
    rows = np.arange(solver.inv.space.size, dtype=np.int64)
    left = solver.max_moves
    child = None if left is None else left - 1
    moves, bounds = solver.candidates(rows, (), left)
    text, kind = solver.inv.to_json(), type(solver.inv)
    best, best_q, best_hist = math.inf, -1, Counter[int]()
    best_tree: dict[tuple[int, ...], int] = {}
    for done, (q, q_bound) in enumerate(zip(moves.tolist(), bounds.tolist(), strict=True)):
        if q_bound >= best:
            break
        parts = [p for _, p in solver.parts(q, rows)]
        hist: Counter[int] = Counter({1: len(rows) - sum(len(p) for p in parts)})
        jobs = []
        for part in parts:
            part_bound = solver.bound(part, child)
            cutoff = best - q_bound + part_bound
            jobs.append(
                (
                    part_bound,
                    executor.submit(
                        _part,
                        text,
                        kind,
                        part,
                        cutoff,
                        q,
                        child,
                        solver.max_moves,
                        solver.budget,
                        solver.started,
                        solver.compiled,
                    ),
                )
            )
        total, exact = q_bound, True
        tree = {solver.node(rows): q}
        for part_bound, future in jobs:
            value, ok, nodes, counts, below = future.result()
            solver.nodes += nodes
            total += value - part_bound
            exact = exact and ok
            hist.update({d + 1: n for d, n in counts.items()})
            tree.update(below)
        if exact and total < best:
            best, best_q, best_hist, best_tree = total, q, hist, tree
        if progress is not None:
            progress(done + 1, len(moves))
    return best, best_q, best_hist, best_tree


_SOLVERS: dict[tuple[str, int | None, bool], _Solver] = {}  # per worker process


def _part(
    text: str,
    kind: type[Investigation],
    rows: npt.NDArray[np.int64],
    cutoff: float,
    q: int,
    left: int | None,
    max_moves: int | None,
    budget: Budget,
    started: float,
    compiled: bool,
) -> tuple[float, bool, int, dict[int, int], dict[tuple[int, ...], int]]:
    """One subtree of a first move, in a worker: (cost, exact, nodes, histogram, tree)."""
    key = (text, max_moves, compiled)
    if key not in _SOLVERS:
        _SOLVERS.clear()
        _SOLVERS[key] = _Solver(
            kind.from_json(text), max_moves, budget, started=started, compiled=compiled
        )
    solver = _SOLVERS[key]
    solver.started, before = started, solver.nodes
    value = solver.run(rows, cutoff, (q,), left)
    counts: Counter[int] = Counter()
    tree: dict[tuple[int, ...], int] = {}
    if value < cutoff:
        solver.tree_of(rows, left, (q,), counts, tree)
    return value, value < cutoff, solver.nodes - before, dict(counts), tree


def _uniform(weights: npt.NDArray[Any], solution: npt.NDArray[Any]) -> bool:
    """Whether every world weighs the same and is a solution of its own."""
    if len(weights) == 0:
        return False
    return bool((weights == weights[0]).all()) and len(np.unique(solution)) == len(solution)


def compiled(inv: Investigation) -> bool:
    """Whether :func:`optimal` searches ``inv`` with the compiled kernel: where every
    world weighs the same and is a solution of its own (Mastermind); the other games are
    searched in Python and numpy, about a hundred times slower.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> compiled(Investigation(3, 4))
        True
    """
    space = inv.space
    return _COMPILED and _uniform(np.asarray(space.weights), space.solution_ids())


def prepare() -> None:
    """Load the compiled search now, where :func:`optimal` would load it in its first
    search: about half a second, or half a minute the first time on a machine (it is
    compiled then, and kept on disk). ``deduce serve`` calls it before it listens, so that
    no player waits for it; a search's budget never counts it.

    Example:
        >>> prepare()
    """
    if _COMPILED:
        import deduce.search._optimum_kernel as kernel

        kernel.ready()


def optimal(
    inv: Investigation,
    *,
    max_moves: int | None = None,
    budget: Budget | None = None,
    executor: Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Optimum:
    """The decision tree with the fewest expected moves from ``inv`` on.

    The search is compiled where every world weighs the same and is a solution of its
    own, and runs in Python and numpy for the other games; both give the same result
    (see the module's description).

    Args:
        inv: the investigation to finish.
        max_moves: only trees that never need more moves than this (None: any).
        budget: the work allowed (default :class:`Budget`: 10 seconds).
        executor: searches the subtrees of each first move in parallel.
        progress: called with (first moves tried, first moves to try).

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> optimal(Investigation(2, 3), max_moves=2).fell_back
        'no tree finishes within 2 moves'
    """
    if budget is None:
        budget = Budget()
    elif not isinstance(budget, Budget):
        raise InvalidInput("budget", budget, "a Budget, or None for the default")
    if max_moves is not None:
        max_moves = check_int("max_moves", max_moves, 1, MAX_MOVES)
    start = time.time()
    try:
        solver = _Solver(inv, max_moves, budget, started=start, compiled=_COMPILED)
        rows = np.arange(inv.space.size, dtype=np.int64)
        tree: dict[tuple[int, ...], int] = {}
        if executor is not None and not solver.trivial(rows):
            total, q, hist, tree = _root_first(solver, executor, progress)
        else:
            total = solver.run(rows, math.inf, (), max_moves)
            hist = Counter()
            if total < math.inf:
                solver.tree_of(rows, max_moves, (), hist, tree)
            q = solver.first_move(rows, max_moves)
    except _OutOfBudget as error:
        reason = error.args[0] if error.args else str(error)  # a Message, said again later
        move = inv.best("lookahead")
        return Optimum(  # no total is known: NaN, with the nodes the search got through
            move,
            math.nan,
            math.nan,
            None,
            False,
            reason,
            error.nodes,
            time.time() - start,
            max_moves,
        )
    weight = float(np.sum(inv.space.weights))
    if total == math.inf:
        reason = plural(  # English says "moves" even for 1; other languages need not
            "no tree finishes within {n} moves",
            "no tree finishes within {n} moves",
            cast(int, max_moves),  # never None here: a search without a cap finishes
        )
        return Optimum(
            None,
            math.inf,
            math.inf,
            None,
            False,
            reason,
            solver.nodes,
            time.time() - start,
            max_moves,
        )
    move = solver.queries[q] if q >= 0 else None
    return Optimum(
        move,
        total,
        total / weight,
        dict(sorted(hist.items())),
        True,
        None,
        solver.nodes,
        time.time() - start,
        max_moves,
        {node: solver.queries[i] for node, i in tree.items()},
    )


def _only(solver: _Solver, rows: npt.NDArray[np.int64]) -> int:
    """The move for one or two solutions left: the (heavier) solution's own code."""
    if not solver.finishing or len(rows) == 0:
        return -1
    heavy = int(rows[int(np.argmax(solver.weights[rows]))])
    own = solver.fin[np.arange(len(solver.queries)), solver.table[:, heavy]]
    return int(np.argmax(own)) if own.any() else -1


guard(globals())
