"""Values stay values: a space's arrays are read-only, and errors keep their choices."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import deduce
from deduce import InvalidInput, Space
from deduce.games import bsi, crime_writers, kreuzverhoer, mastermind, thirteen_clues
from deduce.play.adapter import refusal
from deduce.play.session import strategy_names


def _investigations() -> dict[str, Any]:
    model = deduce.Model()
    model.variable("suspect", ["Ann", "Bob", "Cy"])
    model.variable("room", ["hall", "attic"])
    return {
        "mastermind": mastermind.Investigation(3, 3).guess("112", black=1, white=0),
        "bsi": bsi.Investigation().played("man/day", 2),
        "bsi table": bsi.Table(
            2, case="man/day/inside/knife", hand=["woman/knife", "man/gun", "day/gun"]
        ).played("woman/knife", 1, 2),
        "kreuzverhoer": kreuzverhoer.Investigation().questioning(
            "Mord", "Ulm", "Ede K.", "Gift", 1
        ),
        "thirteen_clues": thirteen_clues.Investigation(
            3, ("Duke", "Park"), [("Officer", "Parlor", "Knife"), ("Butcher", "Harbor", "Sword")]
        ).question(asker=0, witness=1, about="red", answer=1),
        "crime_writers": crime_writers.Investigation(crime_writers.Deck.example()).answer(
            "how", "weapon", "no"
        ),
        "model": model.investigation(),
    }


INVESTIGATIONS = _investigations()

ARRAYS: dict[str, Callable[[Space], np.ndarray[Any, Any]]] = {
    "worlds": lambda s: s.worlds,
    "weights": lambda s: s.weights,
    "ids": lambda s: s.ids,
    "column": lambda s: s.column(s.names[0]),
    "solution_ids": lambda s: s.solution_ids(),
    "solution_rows": lambda s: s.solution_rows(),
    "solution_weights": lambda s: s.solution_weights(),
}


@pytest.mark.parametrize("array", list(ARRAYS))
@pytest.mark.parametrize("game", list(INVESTIGATIONS))
def test_a_space_array_refuses_writes(game: str, array: str) -> None:
    inv = INVESTIGATIONS[game]
    before = (inv.probabilities(), inv.marginals(), inv.space.total)
    values = ARRAYS[array](inv.space)
    assert not values.flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        values[...] = 0
    with pytest.raises(ValueError, match="read-only"):
        values.flat[0] = values.flat[-1]
    assert (inv.probabilities(), inv.marginals(), inv.space.total) == before


@pytest.mark.parametrize("game", list(INVESTIGATIONS))
def test_derived_spaces_are_read_only_too(game: str) -> None:
    space = INVESTIGATIONS[game].space
    derived = [
        space.take(np.arange(space.size)[::-1]),
        space.filter(np.arange(space.size) % 2 == 0),
        space.reweight(np.full(space.size, 2)),
        space.replace(weights=np.ones(space.size, dtype=np.int64)),
    ]
    for new in derived:
        for read in ARRAYS.values():
            assert not read(new).flags.writeable


def test_arrays_passed_in_are_copied_not_frozen() -> None:
    worlds = np.array([[0, 0], [1, 1], [1, 0]], dtype=np.int64)
    weights = np.array([1, 2, 3], dtype=np.int64)
    ids = np.array([5, 6, 7], dtype=np.int64)
    space = Space(("x", "y"), (("a", "b"), (0, 1)), worlds, weights=weights, ids=ids)
    other = np.array([3, 2, 1], dtype=np.int64)
    again = space.replace(weights=other)
    for mine in (worlds, weights, ids, other):
        assert mine.flags.writeable
    worlds[:] = 0
    weights[:] = 9
    ids[:] = 0
    other[:] = 0
    assert space.worlds.tolist() == [[0, 0], [1, 1], [1, 0]]
    assert space.weights.tolist() == [1, 2, 3] and space.ids.tolist() == [5, 6, 7]
    assert again.weights.tolist() == [3, 2, 1]


def test_a_clue_after_a_refused_write_still_counts_right() -> None:
    inv = mastermind.Investigation(2, 3)
    with pytest.raises(ValueError):
        inv.space.weights[:] = 0
    assert len(inv.guess("12", black=0, white=2).solutions()) == 1
    assert inv.space.total == 9


# -- InvalidInput.choices ----------------------------------------------------------------


def test_invalid_input_keeps_its_choices() -> None:
    error = InvalidInput("strategy", "best", ["entropy", "minimax"])
    assert error.choices == ("entropy", "minimax")
    assert str(error) == "strategy='best' is not valid; expected one of 'entropy', 'minimax'"
    sentence = InvalidInput("pegs", 0, "an integer from 1 to 8")
    assert sentence.choices == () and sentence.expected == "an integer from 1 to 8"
    generated = InvalidInput("x", 3, (n for n in range(2)))
    assert generated.choices == (0, 1) and generated.expected == "one of 0, 1"


def test_choices_survive_pickling() -> None:
    error = InvalidInput("strategy", "best", ["entropy", "minimax"], reason="a typo")
    back = pickle.loads(pickle.dumps(error))
    assert (back.choices, str(back), back.reason) == (error.choices, str(error), "a typo")
    sentence = pickle.loads(pickle.dumps(InvalidInput("pegs", 0, "at least 1")))
    assert sentence.choices == () and str(sentence) == "pegs=0 is not valid; expected at least 1"


@pytest.mark.parametrize("game", list(INVESTIGATIONS))
def test_an_unknown_strategy_lists_the_known_ones(game: str) -> None:
    inv = INVESTIGATIONS[game]
    with pytest.raises(InvalidInput) as caught:
        inv.check_strategy("no such strategy")
    assert "entropy" in caught.value.choices
    assert caught.value.expected == "one of " + ", ".join(map(repr, caught.value.choices))
    assert strategy_names(inv) == [str(name) for name in caught.value.choices]


def test_crime_writers_strategies_include_the_turn_and_the_guest() -> None:
    inv = INVESTIGATIONS["crime_writers"]
    names = strategy_names(inv)
    assert names[-2:] == ["turn", "guest"] and names[:2] == ["entropy", "minimax"]


def test_the_console_shows_choices_without_quotes() -> None:
    assert refusal(InvalidInput("verb", "x", ["undo", "why"])) == (
        'verb "x" is not valid; expected one of undo, why'
    )
    assert refusal(InvalidInput("count", 9, [1, 2])) == (
        "count 9 is not valid; expected one of 1, 2"
    )


@pytest.mark.parametrize("made", [None, "x", 1, [1]])
def test_a_derived_space_made_of_something_else_is_refused_by_name(made: Any) -> None:
    space = Space(("x",), ((1, 2, 3),), [[0], [1], [2]])
    with pytest.raises(InvalidInput, match=r"make=.*a function that returns a Space"):
        space.derived("key", lambda: made)
    assert space.derived("key", lambda: space) is space  # nothing kept from the refusal
