"""Nonsense that was accepted: each is refused with InvalidInput now."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import deduce
from deduce import InvalidInput
from deduce.games import mastermind, thirteen_clues
from deduce.games.thirteen_clues import Deal, Glasses, Question, view_of

DEAL = Deal.random(3, seed=1)
SAVED = mastermind.Investigation(2, 2).to_json()

NONSENSE: dict[str, Callable[[], Any]] = {
    "Glasses negative and huge counts": lambda: Glasses(3, (100, -5, 0), 0),
    "Glasses counts of bytes": lambda: Glasses.start(3, counts=b"red"),  # type: ignore[arg-type]
    "Glasses constructor bytes": lambda: Glasses(3, b"red", 0),  # type: ignore[arg-type]
    "Glasses active out of range": lambda: Glasses(3, (1, 0, 0), 7),
    "Glasses active bool": lambda: Glasses(3, (1, 0, 0), True),  # type: ignore[arg-type]
    "Glasses two players with glasses": lambda: Glasses(2, (1, 0), 0),
    "view_of a seat out of range": lambda: view_of(DEAL, 5),
    "view_of a bool seat": lambda: view_of(DEAL, True),  # type: ignore[arg-type]
    "view_of a clue with a seat out of range": lambda: view_of(
        DEAL, 1, [Question(4, 1, "purple", 1)]
    ),
    "view_of a non-clue": lambda: view_of(DEAL, 1, ["not a clue"]),
    "view_of a string of clues": lambda: view_of(DEAL, 1, "clues"),  # type: ignore[arg-type]
    "decode -1": lambda: mastermind.Game(4, 6).decode(-1),
    "decode too large": lambda: mastermind.Game(4, 6).decode(25),
    "format true": lambda: deduce.Investigation.from_json(
        SAVED.replace('"format": 2', '"format": true')
    ),
    "format 2.0": lambda: deduce.Investigation.from_json(
        SAVED.replace('"format": 2', '"format": 2.0')
    ),
}


@pytest.mark.parametrize("name", sorted(NONSENSE))
def test_nonsense_is_refused(name: str) -> None:
    with pytest.raises(InvalidInput):
        NONSENSE[name]()


def test_glasses_that_make_sense_are_kept() -> None:
    assert Glasses(3, (0, 1, 0), 1) == Glasses.start(3, first=1)
    assert Glasses.start(3, counts=(2, 0, 1)).counts == (2, 0, 1)
    view = view_of(DEAL, 1)
    assert isinstance(view, thirteen_clues.Investigation)
