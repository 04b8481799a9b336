"""Play whole games with a strategy against every secret.

The strategies are deterministic, so all the games played against all secrets form one
decision tree: :func:`simulate` walks it once, grouping the secrets by the answers they
give, instead of replaying each game from the start. The subtrees under the first move
are independent and can be played by any :class:`concurrent.futures.Executor` (a process
pool, or a ``dask.distributed`` client's executor); the result is the same whichever runs
them.

Example:
    >>> from deduce.games.mastermind import Game
    >>> stats = simulate(Game(pegs=3, colours=3), strategy="minimax")
    >>> stats.games, stats.worst
    (27, 4)
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.language import N_
from deduce._internal.reprs import rounded_repr
from deduce.errors import DeduceError, InvalidInput
from deduce.investigation import Investigation, as_investigation
from deduce.search.trees import (
    MAX_MOVES,
    best_move,
    rows_of,
    secret_ids,
    spaces_suffice,
    walk_spaces,
)

__all__ = ["Stats", "simulate", "walk"]

_POOL_FROM = 256  # secrets: below this, starting worker processes costs more than it saves


@dataclass(frozen=True, slots=True)
class Stats:
    """How many moves a strategy needed, over a set of secrets.

    Attributes:
        strategy: the strategy's name.
        histogram: moves needed -> number of secrets, by increasing moves.
        opening: the first move it made.

    Example:
        >>> s = Stats("minimax", {1: 1, 2: 3})
        >>> s.total, s.games, s.worst, s.mean
        (7, 4, 2, 1.75)
    """

    strategy: str
    histogram: dict[int, int]
    opening: object = None

    def __hash__(self) -> int:
        return hash((self.strategy, tuple(self.histogram.items()), self.opening))

    def __repr__(self) -> str:
        return rounded_repr(self)

    def _repr_html_(self) -> str:
        from deduce.output.notebook import stats_html

        return stats_html(self)

    @property
    def games(self) -> int:
        """How many secrets were played."""
        return sum(self.histogram.values())

    @property
    def total(self) -> int:
        """The sum of moves over every game."""
        return sum(moves * n for moves, n in self.histogram.items())

    @property
    def mean(self) -> float:
        """The mean number of moves per game."""
        return self.total / self.games if self.games else 0.0

    @property
    def worst(self) -> int:
        """The most moves any game needed."""
        return max(self.histogram, default=0)


def simulate(
    game: Any,
    strategy: str = "entropy",
    *,
    secrets: Iterable[Any] | None = None,
    executor: Executor | None = None,
    opening: Any = None,
    progress: Callable[[int, int], None] | None = None,
    max_moves: int | None = None,
) -> Stats:
    """Play the game with ``strategy`` against every secret and count the moves.

    Args:
        game: a game with an ``investigation()`` method (e.g. ``mastermind.Game()``), or
            an investigation to start from.
        strategy: the strategy's name (see :meth:`Investigation.recommend`).
        secrets: the secrets to play against (default: every world still possible).
        executor: plays the subtrees after the first move. By default a local process
            pool (one worker per core) plays them when there are at least
            ``256`` secrets and more than one core, and this process plays smaller runs.
        opening: the first move, instead of the strategy's choice.
        progress: called with (secrets played, secrets in all) after the first move and
            as each subtree finishes, for a progress bar.
        max_moves: with ``strategy="optimal"``, the best tree that never needs more
            moves than this (the exact search has no time limit here).

    Raises:
        InvalidInput: a bad game, strategy or secret.
        DeduceError: the strategy stopped making progress.

    Example:
        >>> from deduce.games.mastermind import Game
        >>> simulate(Game(2, 3), "entropy").histogram
        {1: 1, 2: 4, 3: 4}
    """
    start = as_investigation(game)
    start.check_strategy(strategy)
    if secrets is not None and (
        isinstance(secrets, (str, bytes)) or not isinstance(secrets, Iterable)
    ):
        raise InvalidInput("secrets", secrets, "a list of secrets, or None for every one")
    if strategy == "optimal":
        return _optimal(start, secrets, executor, opening, progress, max_moves)
    if max_moves is not None:
        raise InvalidInput("max_moves", max_moves, N_("None (a cap is for strategy='optimal')"))
    ids = start.space.ids
    if secrets is None:
        rows = np.arange(start.space.size)
    else:
        position = {int(world): row for row, world in enumerate(ids)}
        chosen = list(secrets)
        wanted = [start.world_of(secret) for secret in chosen]
        missing = [s for s, w in zip(chosen, wanted, strict=True) if w not in position]
        if missing:
            raise InvalidInput("secrets", missing[0], N_("secrets still possible in this game"))
        rows = np.array([position[w] for w in wanted], dtype=np.int64)
    if len(rows) == 0:
        raise InvalidInput("secrets", [], N_("at least one secret"))
    query = start.as_query(opening) if opening is not None else best_move(start, strategy)
    outcome = start.outcome_table(start.space.take(rows), [query])[0]
    moves: Counter[int] = Counter()
    tasks = []
    for k in np.unique(outcome):
        group = rows[outcome == k]
        if start.finishes(query, int(k)):
            moves[1] += len(group)
            continue
        child = start.observe(start.clue_for(query, int(k)))
        group_ids = ids[group]
        tasks.append((child, group_ids))
    done = moves[1]
    if progress is not None:
        progress(done, len(rows))
    workers = os.cpu_count() or 1
    if executor is None and len(rows) >= _POOL_FROM and workers > 1 and len(tasks) > 1:
        with ProcessPoolExecutor(max_workers=min(workers, len(tasks))) as pool:
            results = _play_all(pool, tasks, strategy, done, len(rows), progress)
    elif executor is None or not tasks:
        results = []
        for child, group_ids in tasks:
            results.append(_subtree(child, type(child), group_ids, strategy))
            done += len(group_ids)
            if progress is not None:
                progress(done, len(rows))
    else:
        results = _play_all(executor, tasks, strategy, done, len(rows), progress)
    for result in results:
        moves.update({depth + 1: n for depth, n in result.items()})
    return Stats(strategy, dict(sorted(moves.items())), opening=query)


def _optimal(
    start: Investigation,
    secrets: Iterable[object] | None,
    executor: Executor | None,
    opening: object,
    progress: Callable[[int, int], None] | None,
    max_moves: int | None,
) -> Stats:
    """The exact optimum's tree, searched once, its first moves' subtrees on ``executor``."""
    from deduce.search.optimum import Budget, optimal

    if secrets is not None or opening is not None:
        which = "secrets" if secrets is not None else "opening"
        raise InvalidInput(
            which, "given", N_("None (the optimum is a tree over every secret, its own opening)")
        )
    games = start.space.size

    def report(tried: int, moves: int) -> None:
        if progress is not None:
            progress(games * tried // max(moves, 1), games)

    workers = os.cpu_count() or 1
    unlimited = Budget(seconds=None)
    if executor is None and games >= _POOL_FROM and workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            result = optimal(
                start, max_moves=max_moves, budget=unlimited, executor=pool, progress=report
            )
    else:
        result = optimal(
            start, max_moves=max_moves, budget=unlimited, executor=executor, progress=report
        )
    if result.histogram is None:
        raise DeduceError(f"the optimal search found no tree: {result.fell_back}")
    if progress is not None:
        progress(games, games)
    return Stats("optimal", result.histogram, opening=result.move)


def _play_all(
    executor: Executor,
    tasks: list[tuple[Investigation, npt.NDArray[np.int64]]],
    strategy: str,
    done: int,
    total: int,
    progress: Callable[[int, int], None] | None,
) -> list[dict[int, int]]:
    """Every subtree on ``executor``, reporting progress as each one finishes. Threads
    of this process share the investigations; other executors get them as saved text."""
    shared = isinstance(executor, ThreadPoolExecutor)
    futures = {
        executor.submit(
            _subtree, child if shared else child.to_json(), type(child), group_ids, strategy
        ): len(group_ids)
        for child, group_ids in tasks
    }
    for future in as_completed(futures):
        done += futures[future]
        if progress is not None:
            progress(done, total)
    return [future.result() for future in futures]


def _subtree(
    node: Investigation | str,
    kind: type[Investigation],
    world_ids: npt.NDArray[np.int64],
    strategy: str,
) -> dict[int, int]:
    """Moves needed (from ``node``, or the investigation saved as that text, on) -> number
    of secrets, for secrets ``world_ids``."""
    counts: Counter[int] = Counter()

    def done(ids: npt.NDArray[np.int64], moves: int) -> None:
        counts[moves] += len(ids)

    start = node if isinstance(node, Investigation) else kind.from_json(node)
    walk(start, strategy, world_ids, done)
    return dict(counts)


Follow = Callable[
    [Investigation, npt.NDArray[np.int64], int], list[tuple[Investigation, npt.NDArray[np.int64]]]
]


def walk(
    node: Investigation,
    strategy: str,
    world_ids: npt.NDArray[np.int64],
    done: Callable[[npt.NDArray[np.int64], int], None],
    *,
    follow: Follow | None = None,
) -> None:
    """Play ``strategy`` from ``node`` against the secrets ``world_ids`` as one decision
    tree: ``done(ids, moves)`` is told the secrets that the ``moves``-th move finishes.

    ``follow(child, ids, moves)``, if given, is called after each move's answer with
    the investigation it leads to and the secrets that gave it, and returns where the
    walk goes on instead: pairs (investigation, secrets' ids), for example one per answer
    to a card a game plays between moves, or none when the game ends there.

    Example:
        >>> from deduce.games.mastermind import Game
        >>> seen = []
        >>> start = Game(2, 3).investigation()
        >>> walk(start, "entropy", start.space.ids, lambda ids, moves: seen.append(moves))
        >>> sorted(seen)
        [1, 2, 2, 2, 2, 3, 3, 3, 3]
    """
    ids = secret_ids(node, world_ids)
    if follow is None and spaces_suffice(node, strategy):
        walk_spaces(node, strategy, ids, done)
    else:
        _walk(node, ids, 0, strategy, done, follow)


def _walk(
    node: Investigation,
    world_ids: npt.NDArray[np.int64],
    depth: int,
    strategy: str,
    done: Callable[[npt.NDArray[np.int64], int], None],
    follow: Follow | None,
) -> None:
    if depth >= MAX_MOVES:
        raise DeduceError(f"strategy {strategy!r} did not finish within {MAX_MOVES} moves")
    query = best_move(node, strategy)
    space = node.space
    if len(world_ids) == space.size and bool((world_ids == space.ids).all()):
        outcome = node.outcome_table(space, [query])[0]
    else:
        outcome = node.outcome_table(space.take(rows_of(space.ids, world_ids)), [query])[0]
    for k in sorted(set(outcome.tolist())):
        group = world_ids[outcome == k] if len(outcome) > 1 else world_ids
        if node.finishes(query, k):
            done(group, depth + 1)
            continue
        child = node.observe(node.clue_for(query, k))
        nodes = [(child, group)] if follow is None else follow(child, group, depth + 1)
        for after, ids in nodes:
            if after.space.size == space.size:
                raise DeduceError(f"strategy {strategy!r} chose {query!r}, which teaches nothing")
            ids = np.asarray(ids, dtype=np.int64)
            _walk(after, ids, depth + 1, strategy, done, follow)


guard(globals())
