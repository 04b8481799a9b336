"""The conformance suite on every registered game, and that it catches what it checks."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from deduce.core import registry
from deduce.testing import check_game, conformance, games, robustness

# few examples by default (the same every run); many more under ``make test``
FAST = 4


@pytest.mark.parametrize("game", registry.names())
def test_every_game_conforms(game: str) -> None:
    check_game(game, examples=FAST, max_clues=4, console=True)


@pytest.mark.long
@pytest.mark.parametrize("game", registry.names())
def test_every_game_conforms_at_length(game: str) -> None:
    check_game(game, examples=60, max_clues=8, console=False)


def test_every_game_declares_a_sample_of_each_kind() -> None:
    for declaration in registry.declarations():
        made = {declaration.make(sample) for sample in declaration.samples}
        assert {type(inv).__name__ for inv in made} == set(declaration.kind_names)
        assert all(type(inv).game == declaration.name for inv in made)


RUN = settings(
    max_examples=5, derandomize=True, database=None, suppress_health_check=list(HealthCheck)
)


def mastermind() -> Any:
    return registry.find("mastermind").sample()


def test_a_wrong_reference_is_found() -> None:
    start = mastermind()

    def too_few(investigation: Any) -> set[Any]:
        return set(investigation.solutions()[1:])

    with pytest.raises(AssertionError, match="kept but ruled out by the reference"):
        conformance.check_filtering(start, games(start, max_clues=3), too_few, RUN)


def test_an_error_that_is_not_invalid_input_is_found() -> None:
    inv = mastermind()
    with pytest.raises(ValueError, match="invalid literal"):
        robustness.attempt(inv, lambda: int("x"))


def test_a_failure_names_the_game_the_kind_and_the_check() -> None:
    def broken() -> None:
        raise AssertionError("a solution too many")

    with pytest.raises(AssertionError) as error:
        conformance.about("mastermind (Investigation, sample 1)", "filtering", broken)
    assert str(error.value) == (
        "check_game: mastermind (Investigation, sample 1): filtering failed: a solution too many"
    )


def test_the_clue_methods_are_found_from_the_game() -> None:
    found = {
        (d.name, kind): robustness.clue_methods(d.kind(kind))
        for d in registry.declarations()
        for kind in d.kind_names
    }
    assert found[("mastermind", "Investigation")] == ["guess"]
    assert found[("bsi", "Investigation")] == ["failed_attempt", "played", "seen"]
    assert {"questioning", "single_interrogation", "ruled_out", "confirmed"} <= set(
        found[("kreuzverhoer", "Investigation")]
    )
    assert set(found[("thirteen-clues", "Investigation")]) >= {"question", "informant", "accused"}
    assert {"drew", "attempt"} <= set(found[("bsi", "Table")])
