"""Correcting the past: ``drop(n)`` and ``amend(n, clue)`` on every game.

The property (for random truthful games of every built-in game and a custom
``deduce.Model``): a correction equals a replay of the clues without clue ``n``, or with
it replaced, and leaves the investigation it was called on unchanged. It is the
conformance check :func:`deduce.testing.conformance.check_corrections`, so ``check_game`` runs
it on third-party games too.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

import deduce
from deduce.core import registry
from deduce.errors import Contradiction, InvalidInput
from deduce.games import bsi
from deduce.games.mastermind import Guess
from deduce.games.mastermind import Investigation as Mastermind
from deduce.testing import conformance, games

RUN = settings(
    max_examples=6, derandomize=True, database=None, suppress_health_check=list(HealthCheck)
)

SAMPLES = [
    (declaration.name, number)
    for declaration in registry.declarations()
    for number in range(len(declaration.samples))
]


def histories(start: Any, max_clues: int = 3) -> st.SearchStrategy[Any]:
    return games(start, max_clues=max_clues).map(lambda pair: pair[1])


@pytest.mark.parametrize(("game", "number"), SAMPLES)
def test_corrections_equal_a_replay_in_every_game(game: str, number: int) -> None:
    declaration = registry.find(game)
    start = declaration.make(declaration.samples[number])
    conformance.check_corrections(histories(start), RUN)


def model() -> deduce.Model:
    m = deduce.Model()
    m.variable("suspect", ["Ann", "Bob", "Cid"])
    m.variable("room", ["hall", "attic", "cellar"])
    m.variable("witness", ["Ann", "Bob", "Cid"], solution=False)
    m.constraint(lambda s, w: s != w, ["suspect", "witness"])
    m.query("room", lambda r: r, ["room"])
    m.query("saw Ann?", lambda w: w == "Ann", ["witness"])
    m.query("upstairs?", lambda r: r == "attic", ["room"])
    return m


def test_corrections_equal_a_replay_in_a_custom_game() -> None:
    conformance.check_corrections(histories(model().investigation()), RUN)


class Careless(Mastermind):
    """A game whose ``drop`` forgets to replay the clues after the one dropped."""

    def drop(self, n: int) -> Any:
        return self.lineage[n - 1] if 1 <= n <= len(self.clues) else super().drop(n)


def test_the_check_finds_a_drop_that_loses_the_later_clues() -> None:
    careless = Careless(3, 3).guess("111", 1, 0).guess("222", 1, 0).guess("333", 1, 0)
    with pytest.raises(AssertionError, match=r"drop\([12]\) is another game"):
        conformance.check_corrections(st.just(careless), RUN)


def test_numbers_count_from_one_as_history_does() -> None:
    inv = Mastermind(2, 3).guess("11", 0, 0).guess("22", 1, 0).guess("23", 2, 0)
    assert inv.drop(1).clues == inv.clues[1:]
    assert inv.drop(3) == inv.undo()
    assert inv.amend(2, Guess("22", 1, 0)) == inv
    for wrong in (0, 4, -1, True, "2", 1.0):
        with pytest.raises(
            InvalidInput,
            match=r"^n=.* expected the number of a clue: an "
            "integer from 1 to 3",
        ):
            inv.drop(wrong)
    with pytest.raises(InvalidInput, match="no clue yet"):
        Mastermind(2, 3).amend(1, Guess("11", 0, 0))


def test_the_investigation_called_on_is_unchanged() -> None:
    inv = Mastermind(2, 3).guess("11", 0, 0).guess("22", 1, 0)
    saved, solutions = inv.to_json(), inv.solutions()
    dropped = inv.drop(1)
    amended = inv.amend(1, Guess("11", 1, 0))
    assert inv.to_json() == saved and inv.solutions() == solutions
    assert dropped.solutions() != solutions and amended.solutions() != solutions


def test_a_replay_that_contradicts_names_the_clues() -> None:
    inv = Mastermind(2, 3).guess("12", 1, 0).guess("33", 0, 0)  # 11 or 22
    with pytest.raises(Contradiction) as error:
        inv.amend(1, Guess("12", 0, 0))  # leaves 33 alone, which 33: 0 black rules out
    assert error.value.clue == Guess("33", 0, 0)
    assert error.value.conflict == (Guess("12", 0, 0),)
    assert inv.clues == (Guess("12", 1, 0), Guess("33", 0, 0))


def test_a_new_clue_wrong_on_its_own_is_refused_as_it_would_be() -> None:
    inv = Mastermind(2, 3).guess("12", 2, 0)
    with pytest.raises(InvalidInput, match="black"):
        inv.amend(1, Guess("12", 3, 0))


def table() -> bsi.Table:
    t = bsi.Table(
        2, case="man/night/inside/gun", hand=["woman/night/outside/gun", "woman/knife", "man/day"]
    )
    t = t.played("woman/night/outside/gun", 1, "0/1").drew("man/night")
    t = t.played("man/inside", 0, 2).drew()
    return t.played("woman/knife", 1, 2)


def test_a_bsi_table_is_corrected_move_by_move() -> None:
    t = table()
    fixed = t.amend(5, bsi.Lay(bsi.Card.parse("woman/knife"), 1, "0/1"))
    assert fixed.clues[:4] == t.clues[:4] and fixed.clues[4].field == "0/1"
    assert len(fixed.case_probabilities(1)) > len(t.case_probabilities(1))
    assert t.drop(5) == t.undo()


def test_a_later_move_that_needs_the_dropped_one_is_named() -> None:
    t = table()
    with pytest.raises(InvalidInput) as error:
        t.drop(2)  # the draw that ended seat 0's turn: seat 1's lay is then out of turn
    message = str(error.value)
    assert error.value.argument == "n" and error.value.value == 2
    assert "clue 3" in message and "is then refused" in message
    assert t.clues[1] == bsi.Draw(bsi.Card.parse("man/night"))
