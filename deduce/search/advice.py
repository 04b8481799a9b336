"""Recommendations, written once for every game: the moves ranked under a strategy.

:class:`Advice` is the part of :class:`deduce.Investigation` that recommends: it ranks a
game's queries once (:mod:`deduce.search.ranking`) under a one-step strategy
(:mod:`deduce.core.strategy`), a search (:mod:`deduce.search.lookahead`,
:mod:`deduce.search.optimum`) or one of the game's own, and adds what the game's hooks
offer beside its queries.

Example:
    >>> from deduce.games.mastermind import Investigation
    >>> str(Investigation(2, 3).best("optimal"))
    '12'
    >>> sorted(search_strategies(Investigation(2, 2), [], {}))
    ['fewest_moves', 'lookahead', 'lookahead3', 'optimal']
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from deduce._internal.entry import guard
from deduce._internal.language import N_, M
from deduce._internal.validation import check_int
from deduce.core.hooks import Clue, Hooks, Query, Secret, Solution
from deduce.core.strategy import STRATEGIES, Partition
from deduce.errors import DeduceError, InvalidInput
from deduce.search.fewest_moves import fewest_moves_scores
from deduce.search.lookahead import (
    SEARCHES,
    Extra,
    FloatArray,
    Lookahead,
    distinct_moves,
    lookahead_scores,
)
from deduce.search.memo import remembered
from deduce.search.optimum import optimal
from deduce.search.ranking import Ranking, Recommendation, Recommendations, rank_queries
from deduce.search.review import Review, review

if TYPE_CHECKING:
    from deduce.investigation import Investigation

__all__ = ["Advice", "optimal_scores", "search_strategies"]


class Advice(Hooks[Clue, Query, Solution, Secret]):
    """What an investigation recommends; :class:`deduce.Investigation` is one."""

    def _ranking(
        self, strategy: str, among: Callable[[Query], bool] | None = None
    ) -> Ranking[Query] | None:
        """The queries that ``among`` passes, ranked once (None: no query passes)."""
        queries = self.queries()
        if among is not None:
            queries = [q for q in queries if among(q)]
        if not queries:
            return None
        inv = cast("Investigation[Any, Query]", self)
        queries = distinct_moves(inv, queries)  # one of each class of equivalent moves
        return rank_queries(inv, queries, strategy, self._strategies(queries))

    def _strategies(self, queries: Sequence[Query]) -> Extra:
        """The game's own strategies and the searches of :mod:`deduce.search`."""
        extra = self.extra_strategies()
        return {**extra, **search_strategies(cast("Investigation", self), queries, extra)}

    def check_strategy(self, strategy: str) -> str:
        """``strategy`` if this game knows it (cheap: nothing is computed).

        Raises:
            InvalidInput: an unknown strategy, with the names this game knows.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> Investigation().check_strategy("minimax")
            'minimax'
        """
        known = [*STRATEGIES, *self._strategies(())]
        if not isinstance(strategy, str) or strategy not in known:
            raise InvalidInput("strategy", strategy, known)
        return strategy

    @remembered
    def recommend(
        self,
        top: int = 3,
        *,
        strategy: str | None = None,
        among: Callable[[Query], bool] | None = None,
        **options: Any,
    ) -> Recommendations[Query]:
        """The ``top`` most informative next moves under ``strategy`` (a list that a
        notebook draws as a table).

        The game's queries are ranked once; a game lists its own moves for strategies
        of its own (:meth:`~deduce.core.hooks.Hooks.own_ranking`) and offers moves that are
        not queries before them (:meth:`~deduce.core.hooks.Hooks.other_moves`).

        Args:
            top: how many to return (at least 1).
            strategy: "entropy", "minimax", "expected_size", "most_parts", a search
                of :mod:`deduce.search` ("lookahead", "optimal"), or one the game adds
                (default: the game's ``default_strategy``). Moves that a symmetry of
                the game makes equivalent are listed once.
            among: only moves for which this is true (default: every move).
            **options: a game's own keywords that narrow the moves (see
                :meth:`~deduce.core.hooks.Hooks.move_filter`; Crime Writers' ``element=``).

        Raises:
            InvalidInput: ``top`` below 1, an unknown strategy, or no move passes
                ``among``.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> inv = Investigation(3, 3).guess("112", black=1, white=0)
            >>> [str(r.action) for r in inv.recommend(top=2, among=lambda c: "3" in str(c))]
            ['133', '232']
        """
        check_int("top", top, 1)
        among = self.move_filter(among, **options)
        strategy = self.check_strategy(self.default_strategy if strategy is None else strategy)
        own = self.own_ranking(strategy, among, top)
        if own is not None:
            return Recommendations(own[:top])
        ranking = self._ranking(strategy, among)
        moves = self._other_moves(strategy, ranking, among)
        if ranking is not None:
            moves += ranking.recommendations(top, self.outcome_label)
        return Recommendations(moves[:top])

    @remembered
    def best(
        self,
        strategy: str | None = None,
        *,
        among: Callable[[Query], bool] | None = None,
        **options: Any,
    ) -> Query:
        """The single best next move under ``strategy`` (default: the game's
        ``default_strategy``): the first that :meth:`recommend` lists.

        Raises:
            InvalidInput: an unknown strategy, or no move passes ``among``.
            DeduceError: the game offers no move now.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> Investigation().best("minimax")
            Code('1122')
        """
        among = self.move_filter(among, **options)
        strategy = self.check_strategy(self.default_strategy if strategy is None else strategy)
        own = self.own_ranking(strategy, among, 1)
        if own is not None:
            if not own:
                raise DeduceError(f"{type(self).__name__} has no move to recommend now")
            return own[0].action
        ranking = self._ranking(strategy, among)
        moves = self._other_moves(strategy, ranking, among)
        if moves:
            return moves[0].action
        assert ranking is not None  # else _other_moves raised
        return ranking.best

    def review(self, *, strategy: str | None = None) -> Review:
        """Each of my moves so far beside the best move there (see :mod:`deduce.search.review`):
        the information each was expected to give, what the answer gave, and the luck.

        Args:
            strategy: the strategy that chooses the best moves (default: the game's
                ``default_strategy``).

        Raises:
            InvalidInput: an unknown strategy.

        Example:
            >>> from deduce.games.mastermind import Investigation
            >>> inv = Investigation(2, 3).guess("11", black=0, white=0)
            >>> [str(row.best) for row in inv.review(strategy="entropy").rows]
            ['12']
        """
        return review(cast("Investigation", self), strategy=strategy)

    def _other_moves(
        self,
        strategy: str,
        ranking: Ranking[Query] | None,
        among: Callable[[Query], bool] | None,
    ) -> list[Recommendation[Query]]:
        """The game's other moves that ``among`` passes; raises when there is no move."""
        moves = [m for m in self.other_moves(strategy, ranking) if among is None or among(m.action)]
        if ranking is None and not moves:
            if among is not None:
                raise InvalidInput("among", among, N_("a test that some move passes"))
            raise DeduceError(f"{type(self).__name__} has no queries to recommend")
        return moves


def search_strategies(inv: Investigation, queries: Sequence[Any], extra: Extra) -> Extra:
    """The searching strategies as score functions of a partition of ``queries``, for the
    ranking of :meth:`Investigation.recommend` (``extra``: the game's own strategies).

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> sorted(search_strategies(Investigation(2, 2), [], {}))
        ['fewest_moves', 'lookahead', 'lookahead3', 'optimal']
    """

    def make(name: str) -> Callable[[Partition], FloatArray]:
        def score(part: Partition) -> FloatArray:
            plan = SEARCHES[name]
            if plan is None:
                return optimal_scores(inv, queries, part, extra=extra)
            return lookahead_scores(inv, queries, part, plan=plan, extra=extra)

        return score

    def fewest(part: Partition) -> FloatArray:
        return fewest_moves_scores(inv, queries, part, extra=extra)

    return {**{name: make(name) for name in SEARCHES}, "fewest_moves": fewest}


def optimal_scores(
    inv: Investigation, queries: Sequence[Any], part: Partition, *, extra: Extra
) -> FloatArray:
    """Rows of scores for ``strategy="optimal"``: the optimum's move first (within the
    default :class:`Budget`), then the lookahead's order; if the budget runs out, the
    lookahead's with a warning that says so.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> str(Investigation(2, 3).best("optimal"))
        '12'
    """
    if len(queries) != len(part.mass):
        raise InvalidInput("queries", queries, "one query for each row of the partition")
    result = optimal(inv)
    keys = lookahead_scores(inv, queries, part, plan=Lookahead(), extra=extra)
    if not result.exact:
        warnings.warn(  # a Message: the console says it in the player's language
            M("optimal: {reason}; ranked by lookahead instead", reason=result.fell_back),
            RuntimeWarning,
            stacklevel=2,
        )
        return keys
    first = np.zeros(len(queries))
    where = [i for i, q in enumerate(queries) if q == result.move]
    if where:
        first[where[0]] = 1.0
    return np.vstack([first, keys])


guard(globals())
