"""One type rule for set-up values: numpy scalars are kept as plain Python values (so that
what is accepted can be saved and loaded), bools, floats, NaN and values out of range are
refused with InvalidInput."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from deduce import InvalidInput, Investigation
from deduce.games import bsi, kreuzverhoer, mastermind, thirteen_clues

HAND = ["woman/knife", "man/gun", "day/gun"]
PUZZLE = [("Officer", "Parlor", "Knife")]

MADE: dict[str, Callable[[], Any]] = {
    "mastermind pegs": lambda: mastermind.Investigation(np.int64(4), 6),
    "mastermind all": lambda: mastermind.Investigation(
        np.int32(3), np.uint8(5), black_only=np.bool_(True)
    ),
    "mastermind game": lambda: mastermind.Game(np.int64(4), np.int64(6)).investigation(),
    "kreuzverhoer limit": lambda: kreuzverhoer.Investigation(limit=np.int64(12)),
    "kreuzverhoer flags": lambda: kreuzverhoer.Investigation(
        skips_use_up=np.bool_(False), repeats=np.bool_(True)
    ),
    "bsi table": lambda: bsi.Table(np.int64(2), case="man/day/inside/knife", hand=HAND),
    "bsi first": lambda: bsi.Table(2, case="man/day/inside/knife", hand=HAND, first=np.int64(1)),
    "thirteen clues": lambda: thirteen_clues.Investigation(np.int64(2), ("Duke", "Park"), PUZZLE),
}


@pytest.mark.parametrize("name", sorted(MADE))
def test_numpy_set_up_values_are_saved_as_plain_values(name: str) -> None:
    made = MADE[name]()
    for value in made.setup().values():
        assert not isinstance(value, np.generic), (name, value)
    text = made.to_json()
    again = Investigation.from_json(text)
    assert again == made
    assert again.to_json() == text
    assert "np." not in repr(made)


REFUSED: dict[str, Callable[[], Any]] = {
    "pegs bool": lambda: mastermind.Investigation(True, 6),
    "pegs float": lambda: mastermind.Investigation(4.0, 6),
    "pegs NaN": lambda: mastermind.Investigation(float("nan"), 6),
    "pegs numpy float": lambda: mastermind.Investigation(np.float64(4), 6),
    "pegs negative": lambda: mastermind.Investigation(-4, 6),
    "black_only int": lambda: mastermind.Investigation(4, 6, black_only=1),
    "limit bool": lambda: kreuzverhoer.Investigation(limit=True),
    "limit huge": lambda: kreuzverhoer.Investigation(limit=np.int64(2**62)),
    "repeats int": lambda: kreuzverhoer.Investigation(repeats=1),
    "players bool": lambda: bsi.Table(True, case="man/day/inside/knife", hand=HAND),
    "players float": lambda: bsi.Table(2.0, case="man/day/inside/knife", hand=HAND),
    "thirteen players bool": lambda: thirteen_clues.Investigation(True, ("Duke", "Park"), PUZZLE),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_set_up_values_of_the_wrong_type_are_refused(name: str) -> None:
    with pytest.raises(InvalidInput):
        REFUSED[name]()
