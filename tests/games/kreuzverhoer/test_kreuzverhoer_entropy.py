"""Kreuzverhör: the best lay under ``"entropy"``, found among one lay of each class of
lays that split the cases alike, against every lay scored and ranked by the engine."""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import deduce
from deduce import InvalidInput
from deduce.core.space import Space
from deduce.core.strategy import STRATEGIES, information, rank_with_keys
from deduce.games import kreuzverhoer as kv
from deduce.games.kreuzverhoer.counting import (
    SHAPE,
    entropy_lay,
    lay_classes,
    lay_partition,
)
from deduce.investigation import Investigation as Base
from deduce.search.ranking import Ranking, Recommendation
from deduce.table.simulation import walk
from deduce.testing import games

START = kv.Investigation()
QUERIES = START.queries()
CASES = START.space.worlds
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def ranked(space: Space, top: int = 1, *, generic: bool = True) -> list[Recommendation]:
    """The slow path, kept for reference: all 2916 lays scored (``generic``: on the
    engine's partition from the outcome table, else on the case file's histograms) and
    ranked by the engine under its own ``"entropy"``, the first ``top`` as
    ``recommend()`` gives them."""
    part = Base.partition(START, space, QUERIES) if generic else START.partition(space, QUERIES)
    candidates = START.possible_queries(space, QUERIES)
    order, keys = rank_with_keys(part, "entropy", candidates=candidates)
    ranking = Ranking("entropy", QUERIES, part, order, keys[0], information(part))
    return ranking.recommendations(top, START.outcome_label)


def ranked_first(space: Space, *, generic: bool = True) -> Recommendation:
    return ranked(space, generic=generic)[0]


def same(a: Recommendation, b: Recommendation) -> bool:
    return a == b and a.outcomes == b.outcomes


@st.composite
def near_cases(draw: Any) -> Space:
    """A few cases close together, as a walk's small nodes hold: up to 3 cards of each
    kind, and some of the cases they make."""
    cards = [draw(st.sets(st.integers(0, size - 1), min_size=1, max_size=3)) for size in SHAPE]
    inside = np.all([np.isin(CASES[:, f], sorted(c)) for f, c in enumerate(cards)], axis=0)
    rows = np.flatnonzero(inside).tolist()
    assume(rows)
    kept = draw(st.lists(st.sampled_from(rows), min_size=1, max_size=16, unique=True))
    return START.space.take(np.sort(np.array(kept, dtype=np.int64)))


any_cases = st.lists(st.integers(0, len(CASES) - 1), min_size=1, max_size=40, unique=True).map(
    lambda rows: START.space.take(np.sort(np.array(rows, dtype=np.int64)))
)


@SETTINGS
@given(st.one_of(near_cases(), any_cases))
def test_the_first_best_class_is_the_first_best_lay(space: Space) -> None:
    number, row = entropy_lay(space)
    expected = ranked_first(space)
    assert QUERIES[number] == expected.action
    full = Base.partition(START, space, QUERIES)  # every answer 0 to 4 has a column
    assert row.mass.tolist() == full.mass[[number]].tolist()
    assert row.count.tolist() == full.count[[number]].tolist()


@SETTINGS
@given(st.one_of(near_cases(), any_cases))
def test_classes_split_as_their_lays_and_as_every_lay_of_theirs(space: Space) -> None:
    numbers, part = lay_classes(space)
    assert (np.diff(numbers) > 0).all()
    assert part.count.tolist() == lay_partition(space, numbers).count.tolist()
    assert part.mass.tolist() == part.count.astype(float).tolist()
    full = Base.partition(START, space, QUERIES)
    assert part.count.tolist() == full.count[numbers].tolist()
    # every lay belongs to one class: the one with its cards of cases, else the first
    # card of no case; it splits as that class does
    laid = np.array(np.unravel_index(np.arange(len(QUERIES)), SHAPE)).T  # each lay's cards
    cards = [np.unique(space.worlds[:, f]) for f in range(4)]
    stand = laid.copy()
    for f, size in enumerate(SHAPE):
        absent = np.setdiff1d(np.arange(size), cards[f])
        if len(absent):
            stand[~np.isin(laid[:, f], cards[f]), f] = absent[0]
    class_of = np.searchsorted(numbers, np.ravel_multi_index(stand.T, SHAPE))
    assert (numbers[class_of] == np.ravel_multi_index(stand.T, SHAPE)).all()
    assert full.count.tolist() == part.count[class_of].tolist()


def test_the_classes_of_every_case_and_of_none() -> None:
    numbers, part = lay_classes(START.space)
    assert numbers.tolist() == list(range(2916))
    assert part.count.tolist() == Base.partition(START, START.space, QUERIES).count.tolist()
    empty = START.space.take(np.array([], dtype=np.int64))
    numbers, part = lay_classes(empty)
    assert numbers.tolist() == [0] and part.count.tolist() == [[0, 0, 0, 0, 0]]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games(START, max_clues=6))
def test_recommend_and_best_give_what_every_lay_ranked_gives(
    game: tuple[kv.Case, kv.Investigation],
) -> None:
    _, inv = game
    top = inv.recommend(top=1)
    if inv.questionings_left == 0:
        assert top == []
        return
    expected = ranked_first(inv.space, generic=inv.space.size <= 200)
    assert len(top) == 1 and same(top[0], expected)
    assert inv.best() == inv.best("entropy") == expected.action
    assert same(inv.recommend(top=3)[0], expected)  # ranked by the engine


def test_every_node_of_the_entropy_walk_lays_what_every_lay_ranked_gives() -> None:
    nodes: list[kv.Investigation] = [START]
    needed = np.zeros(len(CASES), dtype=np.int64)

    def done(ids: npt.NDArray[np.int64], moves: int) -> None:
        needed[ids] = moves

    def follow(child: Any, ids: npt.NDArray[np.int64], moves: int) -> list[tuple[Any, Any]]:
        nodes.append(child)
        return [(child, ids)]

    walk(START, "entropy", START.space.ids, done, follow=follow)
    assert len(nodes) == 1993
    for node in nodes:
        expected = ranked_first(node.space, generic=node.space.size <= 64)
        assert same(node.recommend(top=1)[0], expected), node
    # the questionings of every case, pinned
    assert needed.sum() == 14861
    assert hashlib.sha256(needed.astype("<i8").tobytes()).hexdigest()[:16] == "613bd15bc2f88985"
    stats = deduce.simulate(START)
    assert stats.histogram == dict(sorted(Counter(needed.tolist()).items()))
    assert stats.histogram == {
        1: 1,
        2: 2,
        3: 12,
        4: 41,
        5: 105,
        6: 228,
        7: 431,
        8: 574,
        9: 376,
        10: 146,
        11: 26,
        12: 2,
    }


def test_the_case_files_entropy_ranks_as_the_engines() -> None:
    assert START.extra_strategies()["entropy"] is STRATEGIES["entropy"]
    for inv in (START, START.questioning("Mord", "Berlin", "Juri L.", "Messer", correct=1)):
        expected = ranked(inv.space, 5, generic=False)
        got = inv.recommend(top=5, strategy="entropy")
        assert len(got) == 5 and all(same(a, b) for a, b in zip(got, expected, strict=True))
        assert same(inv.recommend(top=1)[0], expected[0])


def test_each_strategy_is_named_once() -> None:
    with pytest.raises(InvalidInput) as raised:
        START.check_strategy("nonsense")
    assert len(raised.value.choices) == len(set(raised.value.choices))
    assert raised.value.choices[0] == "entropy" and "win_probability" in raised.value.choices
    with pytest.raises(InvalidInput) as raised:
        kv.Table().check_strategy("nonsense")
    assert len(raised.value.choices) == len(set(raised.value.choices))
