"""Mastermind's recommendations computed in chunks are the engine's, move for move."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deduce.games.mastermind import Code, Game, Investigation
from deduce.games.mastermind import investigation as rules
from deduce.search.fewest_moves import choose
from deduce.search.ranking import Recommendation
from deduce.testing import games

STRATEGIES = ("entropy", "minimax", "expected_size", "most_parts", "fewest_moves")


def shown(moves: list[Recommendation[Code]] | None) -> list[tuple[Any, ...]] | None:
    """Everything a recommendation says, its outcomes too (equality leaves them out)."""
    if moves is None:
        return None
    return [(m.action, m.information, m.outcomes, m.worst_case, m.strategy, m.score) for m in moves]


def engine(inv: Investigation, strategy: str, top: int) -> list[Recommendation[Code]]:
    """The engine's recommendations (the game is too small for the chunks)."""
    assert inv.own_ranking(strategy, None, top) is None
    return list(inv.recommend(top, strategy=strategy))


def in_chunks(
    inv: Investigation, strategy: str, top: int, entries: int
) -> list[Recommendation[Code]] | None:
    """The game's recommendations with every ranking in chunks of ``entries`` numbers."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rules, "_RANK_AT_ONCE", 0)
        patch.setattr(rules, "_RANK_ENTRIES", entries)
        return inv.own_ranking(strategy, None, top)


@settings(max_examples=60, deadline=None)
@given(
    games(Game(3, 4), max_clues=3),
    st.sampled_from(STRATEGIES),
    st.integers(1, 12),
    st.integers(1, 300),
)
def test_chunks_give_the_engines_advice(
    game: tuple[Code, Investigation], strategy: str, top: int, entries: int
) -> None:
    _, inv = game
    chunked = in_chunks(inv, strategy, top, entries)
    if chunked is None:  # the lookahead ranks every move at once
        assert strategy == "fewest_moves" and choose(inv).strategy == "lookahead"
        return
    assert shown(chunked) == shown(engine(inv, strategy, top))


@settings(max_examples=30, deadline=None)
@given(games(Game(4, 3, black_only=True), max_clues=3), st.sampled_from(STRATEGIES[:4]))
def test_black_only_chunks_give_the_engines_advice(
    game: tuple[Code, Investigation], strategy: str
) -> None:
    _, inv = game
    chunked = in_chunks(inv, strategy, 5, 7)
    assert chunked is not None
    assert shown(chunked) == shown(engine(inv, strategy, 5))


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize(
    ("secret", "guesses"),
    [
        ("1111", ()),
        ("2134", ("1122",)),  # fewest_moves: the optimum, its tree kept
        ("5432", ("1122", "3345")),
        ("5555", ("1234",)),  # one code left
        ("2415", ("1123", "2345", "4512")),  # two codes left
    ],
)
def test_recommend_and_best_in_chunks(
    monkeypatch: pytest.MonkeyPatch, strategy: str, secret: str, guesses: tuple[str, ...]
) -> None:
    game, inv = Game(4, 5), Investigation(4, 5)
    for code in guesses:
        inv = inv.guess(code, *game.feedback(secret, code))

    def among(code: Code) -> bool:
        return "5" not in code.digits

    expected = [shown(engine(inv, strategy, 4)), inv.best(strategy)]
    expected.append(shown(list(inv.recommend(4, strategy=strategy, among=among))))
    monkeypatch.setattr(rules, "_RANK_AT_ONCE", 0)  # every ranking in chunks
    monkeypatch.setattr(rules, "_RANK_ENTRIES", 50)
    lookahead = strategy == "fewest_moves" and choose(inv).strategy == "lookahead"
    assert (inv.own_ranking(strategy, None, 4) is None) == lookahead
    got = [shown(list(inv.recommend(4, strategy=strategy))), inv.best(strategy)]
    got.append(shown(list(inv.recommend(4, strategy=strategy, among=among))))
    assert got == expected


def test_no_move_passes_among(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules, "_RANK_AT_ONCE", 0)
    inv = Investigation(3, 3)
    assert inv.own_ranking("entropy", lambda code: False, 3) is None
    with pytest.raises(Exception, match="among"):
        inv.recommend(3, strategy="entropy", among=lambda code: False)


def test_only_big_variants_rank_in_chunks() -> None:
    assert Investigation(4, 6).own_ranking("entropy", None, 3) is None
    assert Investigation(6, 9).own_ranking("entropy", None, 3) is None  # 11 kinds of move
    after = Investigation(6, 9).guess("112234", 1, 2).guess("135613", 1, 1)
    assert after.guess("522783", 0, 0).own_ranking("minimax", None, 1) is not None


@pytest.mark.slow
def test_six_pegs_nine_colours_with_97_codes_left() -> None:
    """The advice the engine gave at this node when it ranked every move at once."""
    inv = Investigation(6, 9)
    for code, black, white in [("112234", 1, 2), ("135613", 1, 1), ("522783", 0, 0)]:
        inv = inv.guess(code, black, white)
    assert inv.space.size == 97
    moves = inv.recommend(top=4)
    assert [(str(m.action), m.score, m.worst_case, len(m.outcomes)) for m in moves] == [
        ("194991", 4.148803556, 11, 21),
        ("199491", 4.148803556, 11, 21),
        ("914919", 4.108933526, 11, 21),
        ("919419", 4.108933526, 11, 21),
    ]
    assert [m.information for m in moves[::2]] == [4.148803556155518, 4.108933526209126]
