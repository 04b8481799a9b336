"""Crime Writers: the turn value, the question that makes the most of my turn."""

from __future__ import annotations

import random

import pytest

from deduce.games.crime_writers import Deck, Investigation, Question
from deduce.games.crime_writers.advice import FIND_BITS
from deduce.games.crime_writers.bots import play_round
from deduce.testing import invalid_input

EXAMPLE = Deck.example()


def turn_reference(inv: Investigation) -> dict[Question, float]:
    """Every question's turn value from the entropy recommendations' bits and odds."""
    every = inv.recommend(top=10_000, strategy="entropy")
    one, yes = {}, {}
    for rec in every:
        q = rec.action
        names_card = q.about in {c.text for c in EXAMPLE.for_element(q.element)}
        yes[q] = rec.outcomes.get("yes", 0.0)
        one[q] = rec.information + FIND_BITS * yes[q] * names_card
    best = max(one.values())
    return {q: one[q] + yes[q] * best for q in one}


@pytest.mark.parametrize("steps", [0, 3, 6])
def test_turn_values_count_bits_finds_and_the_turn_kept(steps: int) -> None:
    inv = Investigation(EXAMPLE)
    for _ in range(steps):
        q = inv.best("entropy")
        inv = inv.answer(q.element, q.about, "yes" if random.Random(steps).random() < 0.5 else "no")
    expected = turn_reference(inv)
    got = inv.recommend(top=10_000, strategy="turn")
    assert {r.action for r in got} == set(expected)
    for rec in got:
        assert rec.strategy == "turn"
        assert rec.score == pytest.approx(expected[rec.action])
    assert [r.score for r in got] == sorted((r.score for r in got), reverse=True)
    assert inv.best("turn") == got[0].action


def test_a_likely_yes_beats_an_equally_informative_long_shot() -> None:
    inv = Investigation(EXAMPLE)
    top = inv.recommend(top=1, strategy="turn")[0]
    assert top.outcomes["yes"] >= 0.5
    where = inv.recommend(top=2, strategy="turn", element="where")
    assert all(r.action.element == "where" for r in where)
    invalid_input(lambda: inv.recommend(strategy="best"), "strategy", "'turn'")


def test_guests_with_the_turn_strategy_find_the_story() -> None:
    result = play_round(EXAMPLE, ("Ann", "Ben", "Cy"), random.Random(3), strategies={"Ben": "turn"})
    assert result.sheet.rounds[0].complete
    assert result.investigation.solved == result.story
