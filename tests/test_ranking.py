"""One ranking per recommendation: each strategy evaluated once, nothing kept between calls."""

from __future__ import annotations

from typing import Any

import pytest

from deduce import search
from deduce.games import mastermind
from deduce.strategy import STRATEGIES, rank, scores

MM = mastermind.Investigation(3, 3).guess("112", black=1, white=0)


def test_no_module_level_cache_of_scores() -> None:
    assert not [name for name in vars(search) if "SCORES" in name]


def _counting(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[int]:
    calls: list[int] = []
    original = getattr(module, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_a_lookahead_is_evaluated_once_per_call(monkeypatch: pytest.MonkeyPatch) -> None:
    expected = MM.recommend(top=4, strategy="lookahead")
    best = MM.best("lookahead")
    calls = _counting(monkeypatch, search, "lookahead_scores")
    assert MM.recommend(top=4, strategy="lookahead") == expected
    assert len(calls) == 1
    assert MM.recommend(top=4, strategy="lookahead") == expected  # nothing kept between calls
    assert len(calls) == 2
    assert MM.best("lookahead") == best
    assert len(calls) == 3


def test_the_optimum_is_evaluated_once_per_call(monkeypatch: pytest.MonkeyPatch) -> None:
    from deduce import optimum

    inv = mastermind.Investigation(2, 3)
    expected = inv.recommend(top=2, strategy="optimal")
    calls = _counting(monkeypatch, optimum, "optimal_scores")
    assert inv.recommend(top=2, strategy="optimal") == expected
    assert inv.best("optimal") == expected[0].action
    assert len(calls) == 2


@pytest.mark.parametrize("strategy", [*STRATEGIES, "lookahead"])
def test_recommendations_are_the_ranking_and_scores_of_the_strategy(strategy: str) -> None:
    queries = search.distinct_moves(MM, MM.queries())
    part = MM.partition(MM.space, queries)
    extra = search.search_strategies(MM, queries, {})
    candidates = MM.possible_queries(MM.space, queries)
    order = rank(part, strategy, candidates=candidates, extra=extra)
    score = scores(part, strategy, extra)
    recs = MM.recommend(top=len(queries), strategy=strategy)
    assert [r.action for r in recs] == [queries[i] for i in order]
    assert [r.score for r in recs] == [float(score[i]) for i in order]
    assert MM.best(strategy) == queries[int(order[0])]
