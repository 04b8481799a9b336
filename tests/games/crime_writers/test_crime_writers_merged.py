"""A wording found reads "invented" and its card as one story: the rows merged at once
(``merged_rows``) count and rank the stories exactly as reading every row does."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from deduce.games.crime_writers import Deck, Investigation
from deduce.testing import strategies

DECK = Deck.example()


def _row_by_row(inv: Any) -> list[tuple[Any, float]]:
    """The stories and their chances, each row read on its own (``solution_of``)."""
    merged: dict[Any, float] = {}
    for labels, p in inv.space.ranked():
        story = inv.solution_of(labels)
        merged[story] = merged.get(story, 0.0) + p
    return sorted(merged.items(), key=lambda item: -item[1])


def _same(inv: Any) -> None:
    expected = _row_by_row(inv)
    assert inv.solution_count == len(expected)
    assert [s for s, _ in inv.ranked(limit=5)] == [s for s, _ in expected[:5]]
    found = inv.ranked()
    assert [s for s, _ in found] == [s for s, _ in expected]
    assert all(abs(p - q) < 1e-12 for (_, p), (_, q) in zip(found, expected, strict=True))


@pytest.mark.parametrize(
    "found",
    [
        (("who", "Butler"), ("why", "A wording of the writer's own")),
        (("how", "Screwdriver"),),
    ],
)
def test_a_card_found_merges_with_invented(found: tuple[tuple[str, str], ...]) -> None:
    inv = Investigation(DECK).answer("how", "object", "yes")
    for element, wording in found:
        inv = inv.found(element, wording)
    assert inv.merges_solutions()
    _same(inv)


@pytest.mark.long
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(strategies.games(Investigation(DECK), max_clues=5))
def test_merged_stories_are_those_of_every_row(game: tuple[Any, Any]) -> None:
    _, inv = game
    _same(inv)
