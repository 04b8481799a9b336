"""One ranking of a game's moves, computed once per recommendation.

:meth:`deduce.Investigation.recommend` and :meth:`~deduce.Investigation.best` rank the
game's queries once: their partition of the worlds, the strategy's scores (every row of
them), the order from best to worst and the bits each is expected to teach are one
:class:`Ranking`, which every part of the advice reads (the recommendations, the best
move, and a game's :meth:`~deduce.core.hooks.Hooks.other_moves`).

Example:
    >>> import numpy as np
    >>> from deduce.core.strategy import STRATEGIES, information, partition, rank
    >>> part = partition(np.array([[0, 0, 1, 1], [0, 1, 2, 3]]), np.ones(4), np.arange(4))
    >>> ranking = Ranking("minimax", ("ab", "cd"), part, rank(part, "minimax"),
    ...                   STRATEGIES["minimax"](part), information(part))
    >>> list(ranking.ranked()), ranking.best, ranking.scores.tolist()
    (['cd', 'ab'], 'cd', [-2.0, -1.0])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import KW_ONLY, dataclass, field
from typing import TYPE_CHECKING, Any, Generic

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.reprs import rounded_repr
from deduce.core.hooks import Query
from deduce.core.strategy import Partition, information, rank_with_keys
from deduce.errors import InvalidInput

if TYPE_CHECKING:
    from deduce.investigation import Investigation

__all__ = ["Ranking", "Recommendation", "Recommendations", "rank_queries"]

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class Recommendation(Generic[Query]):
    """One suggested next move and what it is expected to teach.

    Attributes:
        action: the game's query object (a guess, a question, a card to play...).
        information: expected bits learned about the solution.
        outcomes: each possible answer -> its probability.
        worst_case: the most solutions that can remain after the answer.
        strategy: the strategy that ranked it.
        score: its score under that strategy (higher is better).
        error: None where its numbers are exact; where the game could only estimate
            them (too many hidden worlds to count), the standard error of its chances.

    Example:
        >>> Recommendation("1122", 1.5, {"2 black": 1.0}, 3, "entropy", 1.5).worst_case
        3
    """

    action: Query
    information: float
    outcomes: dict[Any, float] = field(compare=False)
    worst_case: int
    strategy: str = "entropy"
    score: float = 0.0
    _: KW_ONLY
    error: float | None = field(default=None, repr=False, compare=False)

    def __repr__(self) -> str:
        return rounded_repr(self, counted={"outcomes": "answers"})


class Recommendations(list[Recommendation[Query]], Generic[Query]):
    """Recommended moves, best first: a list that a notebook draws as a table.

    Example:
        >>> moves = Recommendations([Recommendation("11", 1.0, {"yes": 0.5, "no": 0.5}, 2)])
        >>> moves[0].worst_case, "<table" in moves._repr_html_()
        (2, True)
    """

    __slots__ = ()

    def __init__(self, moves: Iterable[Recommendation[Query]] = ()) -> None:
        listed = list(moves)
        if not all(isinstance(move, Recommendation) for move in listed):
            raise InvalidInput("moves", moves, "recommendations (Recommendation)")
        super().__init__(listed)

    def _repr_html_(self) -> str:
        from deduce.output.notebook import recommendations_html

        return recommendations_html(self)


@dataclass(frozen=True, slots=True, eq=False)
class Ranking(Generic[Query]):
    """The queries of one recommendation, ranked under one strategy.

    Attributes:
        strategy: the strategy that ranked them.
        queries: the queries ranked (one of each class of equivalent moves).
        partition: how each of them splits the worlds by answer.
        order: positions in ``queries`` from best to worst.
        scores: each query's score under ``strategy`` (higher is better).
        information: each query's expected bits about the solution.

    A game's :meth:`~deduce.core.hooks.Hooks.other_moves` receives the ranking of its
    queries, to decide what else to offer (its ``information``, for instance).

    Example:
        >>> from deduce.core.strategy import information, partition, rank
        >>> part = partition(np.array([[0, 1, 1]]), np.ones(3), np.arange(3))
        >>> ranking = Ranking("entropy", ("q",), part, rank(part, "entropy"),
        ...                   information(part), information(part))
        >>> round(float(ranking.information.max()), 3)
        0.918
    """

    strategy: str
    queries: Sequence[Query]
    partition: Partition
    order: npt.NDArray[np.int64]
    scores: FloatArray
    information: FloatArray

    def __post_init__(self) -> None:
        for name in ("order", "scores", "information"):  # read-only copies
            array = np.array(getattr(self, name))
            array.flags.writeable = False
            object.__setattr__(self, name, array)

    @property
    def best(self) -> Query:
        """The best query.

        Example:
            >>> from deduce.core.strategy import information, partition, rank
            >>> part = partition(np.array([[0, 0], [0, 1]]), np.ones(2), np.arange(2))
            >>> order = rank(part, "entropy")
            >>> Ranking("entropy", "xy", part, order, information(part), information(part)).best
            'y'
        """
        return self.queries[int(self.order[0])]

    def ranked(self) -> Iterator[Query]:
        """The queries from best to worst.

        Example:
            >>> from deduce.core.strategy import information, partition, rank
            >>> part = partition(np.array([[0, 0], [0, 1]]), np.ones(2), np.arange(2))
            >>> order = rank(part, "entropy")
            >>> list(Ranking("entropy", "xy", part, order, information(part),
            ...              information(part)).ranked())
            ['y', 'x']
        """
        return (self.queries[int(i)] for i in self.order)

    def recommendations(
        self, top: int, label: Callable[[Query, int], object]
    ) -> list[Recommendation[Query]]:
        """The ``top`` best queries as recommendations (``label(query, k)`` names answer k).

        Example:
            >>> from deduce.core.strategy import information, partition, rank
            >>> part = partition(np.array([[0, 0], [0, 1]]), np.ones(2), np.arange(2))
            >>> bits = information(part)
            >>> ranking = Ranking("entropy", "xy", part, rank(part, "entropy"), bits, bits)
            >>> rec = ranking.recommendations(1, lambda query, k: ("no", "yes")[k])[0]
            >>> rec.action, rec.outcomes, rec.worst_case, rec.score
            ('y', {'no': 0.5, 'yes': 0.5}, 1, 1.0)
        """
        part = self.partition
        total = part.mass.sum(axis=1)
        result = []
        for i in self.order[:top]:
            query = self.queries[i]
            outcomes = {
                label(query, k): float(m) / float(total[i])
                for k, m in enumerate(part.mass[i])
                if m > 0
            }
            result.append(
                Recommendation(
                    action=query,
                    information=float(self.information[i]),
                    outcomes=outcomes,
                    worst_case=int(part.count[i].max()),
                    strategy=self.strategy,
                    score=float(self.scores[i]),
                )
            )
        return result


def rank_queries(
    game: Investigation[Any, Query, Any],
    queries: Sequence[Query],
    strategy: str,
    extra: dict[str, Callable[[Partition], FloatArray]] | None = None,
) -> Ranking[Query]:
    """``queries`` ranked under ``strategy`` on the game's worlds, the strategy evaluated
    once (``extra``: the strategies beyond :data:`deduce.STRATEGIES`).

    Ties go to a query that can be the solution, then to the first.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> inv = Investigation(2, 3)
        >>> ranking = rank_queries(inv, inv.queries(), "minimax")
        >>> str(ranking.best), ranking.scores[:3].tolist()
        ('11', [-4.0, -4.0, -4.0])
    """
    space = game.space
    part = game.partition(space, queries)
    order, keys = rank_with_keys(
        part, strategy, candidates=game.possible_queries(space, queries), extra=extra
    )
    return Ranking(strategy, queries, part, order, keys[0], information(part))


guard(globals())
