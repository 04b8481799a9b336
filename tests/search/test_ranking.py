"""One ranking per recommendation, and the hooks through which every game's advice is
the engine's own recommend() and best()."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pytest

import deduce
from deduce import DeduceError, InvalidInput, Recommendation, Space
from deduce.core.strategy import STRATEGIES, rank, scores
from deduce.games import bsi, crime_writers, kreuzverhoer, mastermind, thirteen_clues
from deduce.investigation import Investigation
from deduce.search import advice
from deduce.search import lookahead as search
from deduce.search.ranking import Ranking

MM = mastermind.Investigation(3, 3).guess("112", black=1, white=0)

GAMES = [
    mastermind.Investigation,
    bsi.Investigation,
    bsi.Table,
    kreuzverhoer.Investigation,
    thirteen_clues.Investigation,
    crime_writers.Investigation,
    deduce.ModelInvestigation,
]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g.__module__}.{g.__name__}")
def test_no_game_overrides_recommend_or_best(game: type[Investigation]) -> None:
    assert game.recommend is Investigation.recommend
    assert game.best is Investigation.best


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
    calls = _counting(monkeypatch, advice, "lookahead_scores")
    assert MM.recommend(top=4, strategy="lookahead") == expected
    assert len(calls) == 1
    assert MM.recommend(top=4, strategy="lookahead") == expected  # nothing kept between calls
    assert len(calls) == 2
    assert MM.best("lookahead") == best
    assert len(calls) == 3


def test_the_optimum_is_evaluated_once_per_call(monkeypatch: pytest.MonkeyPatch) -> None:
    inv = mastermind.Investigation(2, 3)
    expected = inv.recommend(top=2, strategy="optimal")
    calls = _counting(monkeypatch, advice, "optimal_scores")
    assert inv.recommend(top=2, strategy="optimal") == expected
    assert inv.best("optimal") == expected[0].action
    assert len(calls) == 2


@pytest.mark.parametrize("strategy", [*STRATEGIES, "lookahead"])
def test_recommendations_are_the_ranking_and_scores_of_the_strategy(strategy: str) -> None:
    queries = search.distinct_moves(MM, MM.queries())
    part = MM.partition(MM.space, queries)
    extra = advice.search_strategies(MM, queries, {})
    candidates = MM.possible_queries(MM.space, queries)
    order = rank(part, strategy, candidates=candidates, extra=extra)
    score = scores(part, strategy, extra)
    recs = MM.recommend(top=len(queries), strategy=strategy)
    assert [r.action for r in recs] == [queries[i] for i in order]
    assert [r.score for r in recs] == [float(score[i]) for i in order]
    assert MM.best(strategy) == queries[int(order[0])]


def test_a_ranking_is_a_read_only_value() -> None:
    seen: list[Ranking[Any]] = []

    class Watched(mastermind.Investigation):
        game = ""  # not a kind of saved file

        def other_moves(self, strategy: str, ranking: Ranking[Any] | None) -> list[Any]:
            assert ranking is not None
            seen.append(ranking)
            return []

    inv = Watched(2, 3)
    recs = inv.recommend(top=2, strategy="minimax")
    (ranking,) = seen
    assert ranking.strategy == "minimax" and ranking.best == recs[0].action
    assert list(ranking.ranked())[:2] == [r.action for r in recs]
    for array in (ranking.order, ranking.scores, ranking.information):
        with pytest.raises(ValueError, match="read-only"):
            array[0] = 0


# -- the hooks, on a small game ---------------------------------------------------------


class Cups(Investigation[tuple[int, bool], int, int]):
    """A ball under one of three cups; lifting one shows whether it is there."""

    def __init__(self) -> None:
        self.begin()

    def initial_space(self) -> Space:
        return Space(("ball",), ((0, 1, 2),), [[0], [1], [2]])

    def apply_clue(self, space: Space, clue: tuple[int, bool]) -> Space:
        cup, ball = clue
        return space.filter((space.column("ball") == cup) == ball)

    def solution_of(self, labels: tuple[Any, ...]) -> int:
        return int(labels[0])

    def queries(self) -> Sequence[int]:
        return (0, 1, 2)

    def outcome_table(self, space: Space, queries: Sequence[int]) -> np.ndarray[Any, Any]:
        return (space.column("ball")[None, :] == np.array(queries)[:, None]).astype(int)


GIVE_UP = Recommendation("give up", 0.0, {"over": 1.0}, 1, "entropy")


class Patient(Cups):
    """Gives up once nothing is left to learn; "dizzy" lifts the last cup first;
    ``recommend(last=True)`` keeps to the last cup."""

    def check_strategy(self, strategy: str) -> str:
        return strategy if strategy == "dizzy" else super().check_strategy(strategy)

    def other_moves(self, strategy: str, ranking: Ranking[int] | None) -> list[Recommendation]:
        if ranking is not None and float(ranking.information.max()) > 0:
            return []
        return [GIVE_UP]

    def own_ranking(
        self, strategy: str, among: Callable[[Any], bool] | None, top: int
    ) -> list[Recommendation] | None:
        if strategy != "dizzy":
            return None
        cups = [c for c in reversed(self.queries()) if among is None or among(c)]
        if not cups:
            raise InvalidInput("among", among, "a test that some cup passes")
        return [Recommendation(c, 0.0, {}, 3, "dizzy") for c in cups[:top]]

    def move_filter(
        self, among: Callable[[Any], bool] | None, *, last: bool = False, **options: Any
    ) -> Callable[[Any], bool] | None:
        among = super().move_filter(among, **options)
        if not last:
            return among
        return lambda move: move == 2 and (among is None or among(move))


def test_the_default_hooks_change_nothing() -> None:
    inv = Cups()
    assert inv.other_moves("entropy", None) == ()
    assert inv.own_ranking("entropy", None, 3) is None
    assert inv.move_filter(None) is None
    with pytest.raises(TypeError, match="no last="):
        inv.recommend(last=True)
    with pytest.raises(TypeError, match="no last="):
        inv.best(last=True)


def test_other_moves_come_first_and_only_when_offered() -> None:
    start = Patient()
    assert [r.action for r in start.recommend()] == [0, 1, 2]
    solved = start.observe((2, True))
    assert [r.action for r in solved.recommend(top=2)] == ["give up", 0]
    assert solved.best() == "give up"
    # among sees the other moves too
    assert solved.best(among=lambda m: m != "give up") == 0
    assert [r.action for r in solved.recommend(among=lambda m: m == "give up")] == ["give up"]
    with pytest.raises(InvalidInput, match="some move passes"):
        solved.recommend(among=lambda m: False)


def test_own_ranking_serves_the_games_own_strategy() -> None:
    inv = Patient()
    assert [r.action for r in inv.recommend(top=2, strategy="dizzy")] == [2, 1]
    assert inv.best("dizzy") == 2
    assert inv.best("dizzy", among=lambda c: c < 2) == 1
    with pytest.raises(InvalidInput, match="some cup passes"):
        inv.best("dizzy", among=lambda c: False)
    with pytest.raises(InvalidInput, match="'entropy'"):
        inv.recommend(strategy="bogus")


def test_a_games_keyword_narrows_the_moves() -> None:
    inv = Patient()
    assert [r.action for r in inv.recommend(last=True)] == [2]
    assert inv.best(last=True, strategy="dizzy") == 2
    assert inv.best(last=False) == 0
    with pytest.raises(TypeError, match="no first="):
        inv.recommend(first=True)


# -- the games' own advice through the hooks --------------------------------------------


def test_kreuzverhoer_offers_no_move_once_over() -> None:
    done = kreuzverhoer.Investigation().questioning("Mord", "Ulm", "Ede K.", "Gift", 4)
    assert done.recommend(top=2) == [] and done.own_ranking("entropy", None, 2) == []
    with pytest.raises(DeduceError, match="no move to recommend"):
        done.best()
    with pytest.raises(InvalidInput, match="top"):
        done.recommend(top=0)


def test_thirteen_clues_accusation_is_another_move() -> None:
    inv = thirteen_clues.Investigation(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")])
    assert inv.other_moves("entropy", None)[0].action == inv.accusation()
    only = inv.recommend(among=lambda m: isinstance(m, thirteen_clues.Accusation))
    assert [r.action for r in only] == [inv.accusation()]
    assert inv.best(among=lambda m: isinstance(m, thirteen_clues.Accusation)) == inv.accusation()
    assert not isinstance(inv.best(), thirteen_clues.Accusation)
    solved = inv
    for p in inv.solutions()[1:]:
        solved = solved.accused(p.person, p.location, p.weapon)
    assert solved.best() == solved.accusation() == solved.recommend(top=1)[0].action


def test_bsi_points_are_the_tables_own_ranking() -> None:
    table = bsi.Table(2, case="man/day/inside/knife", hand=["woman/knife", "man/gun", "day/gun"])
    points = table.recommend(top=3)
    assert [r.strategy for r in points] == ["points"] * 3
    assert points == table.recommend_play(top=3) == list(table.own_ranking("points", None, 3) or [])
    assert [r.action for r in points] == [o.play for o in table.lay_options()[:3]]
    assert table.best() == points[0].action
    assert table.own_ranking("entropy", None, 3) is None
    assert table.best("entropy") == table.recommend(top=1, strategy="entropy")[0].action


@pytest.mark.parametrize("strategy", ["entropy", "turn"])
def test_crime_writers_element_keyword_keeps_to_one_element(strategy: str) -> None:
    inv = crime_writers.Investigation(crime_writers.Deck.example()).answer("how", "weapon", "no")
    how = inv.recommend(top=5, strategy=strategy, element="how")
    assert {r.action.element for r in how} == {"how"}
    assert how == inv.recommend(top=5, strategy=strategy, among=lambda q: q.element == "how")
    assert inv.best(strategy, element="how") == how[0].action
    with pytest.raises(InvalidInput, match="element"):
        inv.recommend(strategy=strategy, element="when")
