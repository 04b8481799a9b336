"""The common contract, checked on Mastermind: immutability, why(), display hooks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

import deduce
from deduce.games.mastermind import Code, Game, Investigation
from deduce.testing import games


@settings(max_examples=30)
@given(games(Game(3, 3), max_clues=4))
def test_why_is_a_minimal_reason(game: tuple[Code, Investigation]) -> None:
    _, inv = game
    root = Game(3, 3).investigation()
    for field, values in inv.marginals().items():
        for value, p in values.items():
            if 0.0 < p < 1.0:
                with pytest.raises(deduce.InvalidInput, match="certain or impossible"):
                    inv.why(field, value)
                continue
            reason = inv.why(field, value)
            assert set(reason) <= set(inv.clues)
            space = root._replay(reason)
            assert space is not None and space.marginals([field])[field][value] == p
            for dropped in reason:
                rest = [c for c in reason if c is not dropped]
                again = root._replay(rest)
                assert again is not None and again.marginals([field])[field][value] != p


def test_clue_methods_never_change_the_original() -> None:
    start = Investigation(3, 3)
    after = start.guess("112", black=1, white=1)
    assert start.clues == () and len(start.solutions()) == 27
    assert after.clues != start.clues


def test_html_for_notebooks() -> None:
    html = Investigation(2, 3).guess("12", black=1, white=0)._repr_html_()
    assert "solutions left" in html and "<table" in html


def test_certain_fields() -> None:
    inv = Investigation(2, 3).guess("11", black=0, white=0).guess("22", black=1, white=0)
    assert set(inv.solutions()) == {Code("23"), Code("32")}
    assert inv.certain() == {}
    solved = inv.guess("23", black=2, white=0)
    assert solved.certain() == {"peg1": "2", "peg2": "3"}
    assert solved.solved == Code("23")
    assert solved.recommend(top=1)[0].action == Code("23")
