"""The arithmetic of a race between seats, against enumerations of whole races."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from deduce import InvalidInput
from deduce.table.races import first_to_finish, most_points, steady, survival

chances = st.floats(0.0, 1.0)


@given(st.lists(chances, max_size=6))
def test_survival_is_the_chance_that_nobody_wins(ps: list[float]) -> None:
    nobody = 0.0
    for outcome in itertools.product((True, False), repeat=len(ps)):
        weight = np.prod([p if won else 1 - p for p, won in zip(ps, outcome, strict=True)])
        nobody += weight * (not any(outcome))
    assert survival(ps) == pytest.approx(nobody, abs=1e-12)


@given(st.lists(chances, min_size=1, max_size=5), chances, chances, st.floats(0.0, 1.0))
def test_first_to_finish_against_the_race_played_turn_by_turn(
    weights: list[float], hazard: float, never: float, tie: float
) -> None:
    """I finish at turn t with mine[t]; a steady rival wins each round before my turn with
    ``hazard``: walk the race, turn by turn."""
    total = sum(weights) or 1.0
    mine = [w / total / 2 for w in weights]  # adding up to at most 1/2
    win, rival_alive, left = 0.0, 1.0, 1.0
    for t, p in enumerate(mine):
        if t:
            rival_alive *= 1 - hazard
        win += p * rival_alive
        left -= p
    win += left * never * tie
    assert first_to_finish(mine, steady(hazard, len(mine)), never=never, tie=tie) == (
        pytest.approx(win, abs=1e-12)
    )


@given(
    st.dictionaries(st.integers(0, 6), chances, min_size=1, max_size=3),
    st.lists(st.dictionaries(st.integers(0, 6), chances, min_size=1, max_size=3), max_size=2),
)
def test_most_points_against_every_outcome(mine: dict[int, float], rivals: list[Any]) -> None:
    total = 0.0
    seats = [mine, *rivals]
    for outcome in itertools.product(*(d.items() for d in seats)):
        weight = np.prod([p for _, p in outcome])
        scores = [s for s, _ in outcome]
        if scores[0] == max(scores):
            total += weight / scores.count(scores[0])
    assert most_points(mine, rivals) == pytest.approx(total, abs=1e-9)


def test_steady_gives_a_row_per_hazard() -> None:
    assert steady(0.5, 3).tolist() == [1.0, 0.5, 0.25]
    assert steady(np.array([0.0, 1.0]), 2).tolist() == [[1.0, 1.0], [1.0, 0.0]]
    assert steady(0.3, 0).tolist() == []


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda: survival(None), "chances"),
        (lambda: survival("0.5"), "chances"),
        (lambda: survival([1.5]), "chances"),
        (lambda: survival([float("nan")]), "chances"),
        (lambda: steady(-0.1, 3), "hazard"),
        (lambda: steady(True, 3), "hazard"),
        (lambda: steady(0.5, -1), "rounds"),
        (lambda: steady(np.array([2.0]), 1), "hazard"),
        (lambda: first_to_finish([0.5], [1.0, 1.0]), "alive"),
        (lambda: first_to_finish([0.7, 0.7], [1.0, 1.0]), "mine"),
        (lambda: first_to_finish([[0.5]], [1.0]), "mine"),
        (lambda: first_to_finish("ab", [1.0, 1.0]), "mine"),
        (lambda: first_to_finish([0.5], [1.0], never=2), "never"),
        (lambda: first_to_finish([0.5], [1.0], tie=-1), "tie"),
        (lambda: most_points({1: 2.0}, []), "mine"),
        (lambda: most_points({1: 0.5}, "x"), "rivals"),
        (lambda: most_points({1: float("nan")}, []), "mine"),
        (lambda: most_points({-1: 0.5}, []), "mine (a score)"),
        (lambda: most_points({True: 0.5}, []), "mine (a score)"),
        (lambda: most_points({1: 0.5}, [{2: 1.5}]), "rivals[0]"),
        (lambda: most_points({1: 0.5}, [{2: 0.5}, {"2": 0.5}]), "rivals[1] (a score)"),
    ],
)
def test_junk_is_refused_by_name(call: Any, argument: str) -> None:
    with pytest.raises(InvalidInput) as raised:
        call()
    assert raised.value.argument == argument


def test_rounding_of_a_difference_of_chances_is_no_error() -> None:
    by = np.array([0.1, 0.3, 0.3 - 1e-17, 0.6])
    assert first_to_finish(np.diff(by), [1.0, 1.0, 1.0], never=0.0) == pytest.approx(0.5)
