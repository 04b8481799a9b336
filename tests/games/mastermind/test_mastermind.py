"""Mastermind on the engine: feedback, deductions, strategies and the published totals."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given

import deduce
from deduce.games.mastermind import Code, Game, Guess, Investigation, truthful
from deduce.games.mastermind.truthful import reference_feedback
from deduce.testing import contains, games


@pytest.mark.parametrize(("pegs", "colours"), [(2, 3), (3, 3), (4, 6), (3, 5)])
def test_feedback_matches_reference(pegs: int, colours: int) -> None:
    game = Game(pegs, colours)
    codes = list(itertools.product(range(colours), repeat=pegs))[:60]
    for secret in codes:
        for guess in codes:
            assert game.feedback(secret, guess) == reference_feedback(secret, guess)


def test_black_only_feedback() -> None:
    game = Game(4, 6, black_only=True)
    assert game.feedback("1234", "4321") == (0, None)
    assert game.feedback("1234", "1243") == (2, None)
    inv = game.investigation().guess("1122", black=4)
    assert inv.solved == Code("1122")


def test_codes_as_strings_and_tuples_agree() -> None:
    game = Game()
    assert game.code("1234") == game.code((0, 1, 2, 3)) == Code("1234")
    assert game.index("1111") == 0 and game.index("6666") == 1295


def test_first_knuth_steps() -> None:
    inv = Investigation().guess("1122", black=1, white=0)
    assert len(inv.solutions()) == 256
    best = inv.recommend(top=1, strategy="minimax")[0]
    assert best.action == Code("1344") and best.worst_case == 44
    assert abs(sum(best.outcomes.values()) - 1) < 1e-12


def test_solved_and_probabilities() -> None:
    inv = Investigation(3, 3).guess("123", black=3, white=0)
    assert inv.solved == Code("123")
    assert inv.probabilities() == {Code("123"): 1.0}


def test_knuth_minimax_total() -> None:
    stats = deduce.simulate(Game(), "minimax")
    assert stats.opening == Code("1122")
    assert (stats.total, stats.worst, stats.games) == (5801, 5, 1296)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("strategy", "total"), [("entropy", 5722), ("expected_size", 5696), ("most_parts", 5668)]
)
def test_published_totals(strategy: str, total: int) -> None:
    assert deduce.simulate(Game(), strategy).total == total


def brute_force(game: Game, clues: tuple[Guess, ...]) -> set[Code]:
    """Every code that gives every clue's feedback (independent of the engine)."""
    return truthful.brute_force(game.pegs, game.colours, clues, black_only=game.black_only)


@given(games(Game(3, 4), max_clues=5))
def test_sound_and_complete(game: tuple[Code, Investigation]) -> None:
    secret, inv = game
    assert contains(inv, secret)
    assert set(inv.solutions()) == brute_force(Game(3, 4), inv.clues)


@given(games(Game(4, 3, black_only=True), max_clues=4))
def test_black_only_sound_and_complete(game: tuple[Code, Investigation]) -> None:
    secret, inv = game
    assert secret in inv.solutions()
    rules = Game(4, 3, black_only=True)
    expected = {
        rules.code(p)
        for p in itertools.product(range(3), repeat=4)
        if all(rules.feedback(p, c.code)[0] == c.black for c in inv.clues)
    }
    assert set(inv.solutions()) == expected


@given(games(Game(3, 4), max_clues=5))
def test_json_round_trip(game: tuple[Code, Investigation]) -> None:
    _, inv = game
    again = Investigation.from_json(inv.to_json())
    assert again == inv and again.clues == inv.clues
    assert deduce.Investigation.from_json(inv.to_json()) == inv


def test_contradiction_keeps_state_and_names_conflict() -> None:
    inv = Investigation().guess("1122", black=0, white=0).guess("3456", black=1, white=1)
    before = (inv.clues, inv.solutions())
    with pytest.raises(deduce.Contradiction) as caught:
        inv.guess("1111", black=1, white=0)
    assert caught.value.conflict == (Guess("1122", 0, 0),)
    assert (inv.clues, inv.solutions()) == before


def test_contradiction_needs_two_clues() -> None:
    inv = Investigation(3, 3).guess("111", black=1, white=0).guess("222", black=1, white=0)
    inv = inv.guess("213", black=0, white=3)
    with pytest.raises(deduce.Contradiction) as caught:
        inv.guess("333", black=0, white=0)
    conflict = caught.value.conflict
    # it is a conflict, and a minimal one: without any of its clues the new one fits
    new = Guess("333", 0, 0)
    assert not brute_force(Game(3, 3), (*conflict, new))
    for dropped in conflict:
        rest = tuple(c for c in conflict if c != dropped)
        assert brute_force(Game(3, 3), (*rest, new))
    assert len(conflict) in (1, 2)


def test_undo() -> None:
    start = Investigation()
    inv = start.guess("1122", black=1, white=0)
    assert inv.undo() == start
    assert start.clues == ()
    with pytest.raises(deduce.InvalidInput, match="undo"):
        start.undo()
