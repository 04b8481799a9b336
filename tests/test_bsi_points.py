"""Black Stories Investigation: the advice by points, the final round, `why` and the box."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deduce.games.bsi import Table, advised, cautious, play_game, random_bot
from deduce.games.bsi.truthful import field_of

# -- best_attempt compares an attempt now with the best waiting line ------------------


def waiting_position() -> Table:
    """3 players; after my 3-piece card at seat 1's grid (field 2)."""
    table = Table(
        3,
        case="woman/day/outside/knife",
        hand=["man/day/outside/gun", "man/inside/gun", "man/night/knife"],
    )
    return table.played("man/day/outside/gun", 1, 2)


def test_an_attempt_is_weighed_against_waiting_with_every_card_kept() -> None:
    table = waiting_position()
    options = table.recommend_attempt()
    # keeping the 3-drop card for seat 1's case next turn: one more card under the grid,
    # a chance that seat 2 solves it first
    three = next(o for o in options if o.target == 1 and o.drops == 3)
    assert three.wait_points == pytest.approx(4.032)
    assert all(o.waiting == pytest.approx(4.032) for o in options)
    best = table.best_attempt()
    assert best is not None and (best.target, best.drops) == (2, 1)
    # the 1-drop attempt keeps the 3-drop card: after a failure (92.3%) the next turn's
    # best attempt is still the 3-drop card at seat 1, worth 4.03
    assert best.then_points == pytest.approx(4.032)
    p = best.probability
    assert best.value == pytest.approx(best.points + p * 4.032 + (1 - p) * 4.032)
    assert best.value >= best.waiting


def test_a_failure_leaves_the_best_attempt_at_another_case_open() -> None:
    """After a failed attempt my next turn may go to another case: the value counts it."""
    for option in waiting_position().recommend_attempt():
        after_failure = max(option.follow_points, option.then_points)
        p = option.probability
        assert option.value == pytest.approx(
            option.points + p * option.then_points + (1 - p) * after_failure
        )


@st.composite
def laid_positions(draw: st.DrawFn) -> Any:
    """A game stopped at seat 0's attempt step, its card just laid."""
    players = draw(st.integers(2, 4))
    seats = [draw(st.sampled_from([advised, cautious, random_bot])) for _ in range(players)]
    seed, rounds = draw(st.integers(0, 10**6)), draw(st.integers(1, 12))
    record = play_game(seats, seed=seed, max_turns=rounds * players)
    table = record.tables[0]
    if table.step != "lay":
        return None
    card = table.hand[0]
    target = draw(st.sampled_from(table.opponents))
    return table.played(card, target, field_of(record.truth["cases"][target], card))


@settings(max_examples=40, deadline=None)
@given(laid_positions())
def test_the_attempt_advised_is_the_one_worth_most_and_beats_waiting(table: Any) -> None:
    if table is None:
        return
    options = table.recommend_attempt()
    if not options:
        assert table.best_attempt() is None
        return
    waiting = max(o.wait_points for o in options)
    for option in options:
        assert option.waiting == pytest.approx(waiting)
        assert option.advisable == (option.points > 0 and option.value >= waiting - 1e-12)
    advisable = [o for o in options if o.advisable]
    assert options[: len(advisable)] == advisable  # the advisable ones first
    gains = [o.value - o.wait_points for o in advisable]
    assert all(a >= b - 1e-12 for a, b in itertools.pairwise(gains))
    best = table.best_attempt()
    if best is None:  # no attempt now is worth waiting with every card kept
        assert all(o.value < waiting - 1e-12 or o.points == 0 for o in options)
    else:
        assert best == advisable[0] and best.value >= waiting - 1e-12
