"""The fast walk of a strategy's tree plays exactly the games of the plain one.

The plain walk here is the definition: at every node the investigation is observed and
asked for ``best(strategy)``. The engine's walk (on spaces alone for Mastermind, with
the shortcuts of :mod:`deduce.search.trees`) must find the same moves, so the same secrets end
after the same number of moves, with the same histograms as before.
"""

from __future__ import annotations

from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import deduce
from deduce.games import kreuzverhoer, mastermind
from deduce.games.kreuzverhoer.study import questionings_needed
from deduce.search.trees import best_move, spaces_suffice
from deduce.table.simulation import walk

IntArray = npt.NDArray[np.int64]
STRATEGIES = ["minimax", "entropy", "expected_size", "most_parts"]

# Histograms and openings of the whole strategies as they were before the fast walk.
BEFORE = {
    ((4, 4), "minimax"): ({1: 1, 2: 9, 3: 84, 4: 162}, "1123"),
    ((4, 4), "entropy"): ({1: 1, 2: 9, 3: 91, 4: 155}, "1123"),
    ((4, 4), "expected_size"): ({1: 1, 2: 9, 3: 87, 4: 159}, "1123"),
    ((4, 4), "most_parts"): ({1: 1, 2: 12, 3: 91, 4: 148, 5: 4}, "1123"),
    ((4, 6), "minimax"): ({1: 1, 2: 6, 3: 62, 4: 533, 5: 694}, "1122"),
    ((4, 6), "entropy"): ({1: 1, 2: 4, 3: 71, 4: 612, 5: 596, 6: 12}, "1234"),
    ((4, 6), "expected_size"): ({1: 1, 2: 10, 3: 54, 4: 645, 5: 583, 6: 3}, "1123"),
    ((4, 6), "most_parts"): ({1: 1, 2: 12, 3: 72, 4: 635, 5: 569, 6: 7}, "1123"),
}


def plain_walk(node: Any, strategy: str, ids: IntArray, depth: int = 0) -> list[Any]:
    """(secrets, moves, the moves made) for every leaf, by observing every node."""
    query = node.best(strategy)
    where = {int(world): row for row, world in enumerate(node.space.ids)}
    rows = [where[int(world)] for world in ids]
    outcome = node.outcome_table(node.space.take(rows), [query])[0]
    leaves = []
    for k in np.unique(outcome).tolist():
        group = ids[outcome == k]
        if node.finishes(query, k):
            leaves.append((tuple(group.tolist()), depth + 1))
            continue
        leaves += plain_walk(node.observe(node.clue_for(query, k)), strategy, group, depth + 1)
    return leaves


def engine_walk(start: Any, strategy: str, *, observe: bool = False) -> list[Any]:
    """The same leaves from :func:`deduce.table.simulation.walk`; ``observe=True`` passes through
    ``follow``, which makes it observe an investigation at every node."""
    leaves = []

    def done(ids: IntArray, moves: int) -> None:
        leaves.append((tuple(ids.tolist()), moves))

    def follow(child: Any, ids: IntArray, moves: int) -> list[tuple[Any, IntArray]]:
        return [(child, ids)]

    walk(start, strategy, start.space.ids, done, follow=follow if observe else None)
    return leaves


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize(("pegs", "colours"), [(3, 3), (2, 4), (3, 4), (2, 6)])
def test_the_walk_plays_the_games_of_observing_every_node(
    pegs: int, colours: int, strategy: str
) -> None:
    start = mastermind.Investigation(pegs, colours)
    assert spaces_suffice(start, strategy)
    expected = Counter(plain_walk(start, strategy, start.space.ids))
    assert Counter(engine_walk(start, strategy)) == expected
    assert Counter(engine_walk(start, strategy, observe=True)) == expected


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_best_move_is_best_at_every_node_of_a_tree(strategy: str) -> None:
    checked = 0

    def follow(child: Any, ids: IntArray, moves: int) -> list[tuple[Any, IntArray]]:
        nonlocal checked
        assert best_move(child, strategy) == child.best(strategy), child
        checked += 1
        return [(child, ids)]

    start = mastermind.Investigation(3, 4).guess("123", black=0, white=1)
    walk(start, strategy, start.space.ids, lambda ids, moves: None, follow=follow)
    assert checked > 5


def test_secrets_that_are_not_every_world_keep_their_games() -> None:
    start = mastermind.Investigation(3, 4)
    leaves = plain_walk(start, "minimax", start.space.ids)
    everyone = {secret: moves for ids, moves in leaves for secret in ids}
    some = start.space.ids[::7]
    seen: dict[int, int] = {}
    walk(start, "minimax", some, lambda ids, moves: seen.update(dict.fromkeys(ids.tolist(), moves)))
    assert seen == {int(secret): everyone[int(secret)] for secret in some}


def test_kreuzverhoer_walks_with_its_turn_rules_and_keeps_its_counts() -> None:
    start = kreuzverhoer.Investigation().confirmed(crime="Mord", suspect="Ede K.")
    assert not spaces_suffice(start, "minimax")  # the questionings allowed
    for strategy in ("minimax", "entropy"):
        needed = questionings_needed(start, strategy)
        leaves = plain_walk(start, strategy, start.space.ids)
        by_case = {case: moves for cases, moves in leaves for case in cases}
        assert needed.tolist() == [by_case[int(case)] for case in start.space.ids]


@pytest.mark.parametrize(("game", "strategy"), sorted(BEFORE))
def test_whole_strategies_of_mastermind_are_unchanged(game: tuple[int, int], strategy: str) -> None:
    with ThreadPoolExecutor(max_workers=1) as one:
        stats = deduce.simulate(mastermind.Game(*game), strategy, executor=one)
    histogram, opening = BEFORE[game, strategy]
    assert (stats.histogram, str(stats.opening)) == (histogram, opening)
    if game == (4, 6):  # the published totals
        assert stats.total == {"minimax": 5801, "entropy": 5722}.get(strategy, stats.total)


@pytest.mark.slow
@pytest.mark.parametrize("strategy", ["minimax", "entropy"])
def test_mastermind_4_6_walk_plays_the_games_of_observing_every_node(strategy: str) -> None:
    start = mastermind.Investigation(4, 6)
    expected = Counter(plain_walk(start, strategy, start.space.ids))
    assert Counter(engine_walk(start, strategy)) == expected
