"""Black Stories Investigation: the advice by points, the final round, `why` and the box."""

from __future__ import annotations

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


def test_waiting_with_the_three_drop_card_beats_every_attempt_now() -> None:
    table = waiting_position()
    options = table.recommend_attempt()
    # keeping the 3-drop card for seat 1's case next turn: 5 cases left there, one more
    # card under the grid, a chance that seat 2 solves it first
    three = next(o for o in options if o.target == 1 and o.drops == 3)
    assert three.wait_points == pytest.approx(4.032)
    assert max(o.value for o in options) < three.wait_points
    assert all(o.waiting == pytest.approx(4.032) for o in options)
    assert not any(o.advisable for o in options)
    assert table.best_attempt() is None  # the 1-drop attempt (1.46 points) is not advised


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
    values = [o.value for o in options]
    assert values[: len(advisable)] == sorted(values[: len(advisable)], reverse=True)
    best = table.best_attempt()
    if best is None:
        assert all(o.value < waiting - 1e-12 or o.points == 0 for o in options)
    else:
        assert best.value == pytest.approx(max(o.value for o in advisable))
        assert best.value >= waiting - 1e-12
