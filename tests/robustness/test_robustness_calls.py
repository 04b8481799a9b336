"""Public calls that raised something else than InvalidInput, or never returned: each is
refused with InvalidInput now, and its bounds are checked before any work is done."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import deduce
from deduce import InvalidInput
from deduce.games import bsi, kreuzverhoer, mastermind, thirteen_clues
from deduce.games.crime_writers import scoresheet
from deduce.search import lower_bound
from deduce.search.optimum import Budget, optimal

TABLE = bsi.Table(2, case="man/day/inside/knife", hand=["woman/knife", "man/gun", "day/gun"])
THIRTEEN = thirteen_clues.Investigation(
    3, ("Duke", "Park"), [("Officer", "Parlor", "Knife"), ("Nurse", "Museum", "Blowgun")]
)

QUESTIONED = kreuzverhoer.Interrogation(
    kreuzverhoer.Case("Mord", "Ulm", "Ede K.", "Gift")
).questioning("Mord", "Berlin", "Ede K.", "Messer")

CALLS: dict[str, Callable[[], Any]] = {
    "bsi contains_secret None": lambda: TABLE.contains_secret(None),
    "bsi contains_secret str": lambda: TABLE.contains_secret("man/day/inside/gun"),
    "started_minutes 10**400": lambda: scoresheet.started_minutes(10**400),
    "started_minutes NaN": lambda: scoresheet.started_minutes(float("nan")),
    "simulate secrets=True": lambda: deduce.simulate(mastermind.Game(2, 2), secrets=True),
    "simulate secrets=str": lambda: deduce.simulate(mastermind.Game(2, 2), secrets="12"),
    "optimal max_moves=1000": lambda: optimal(mastermind.Investigation(2, 3), max_moves=1000),
    "optimal max_moves=10**6": lambda: optimal(mastermind.Investigation(2, 3), max_moves=10**6),
    "optimal budget=''": lambda: optimal(mastermind.Investigation(2, 3), budget=""),  # type: ignore[arg-type]
    "Budget seconds=True": lambda: Budget(seconds=True),
    "Budget seconds=NaN": lambda: Budget(seconds=float("nan")),
    "Budget seconds=inf": lambda: Budget(seconds=float("inf")),
    "decode -1": lambda: mastermind.Game(4, 6).decode(-1),
    "rival_chances samples=2**63": lambda: thirteen_clues.rival_chances(THIRTEEN, samples=2**63),
    "in_words unknown card": lambda: QUESTIONED.in_words("zzz", None),
    "in_words array card": lambda: QUESTIONED.in_words(np.array(["a", "b"]), None),  # type: ignore[arg-type]
    "lower_bound branching bool": lambda: lower_bound([1, 1], True, finishing=True),  # type: ignore[arg-type]
}
for name, seed in {
    "NaN": float("nan"),
    "float": 1.5,
    "bool": True,
    "negative": -1,
    "str": "1",
    "huge": 2**70,
}.items():
    CALLS[f"Deal.random seed {name}"] = lambda s=seed: thirteen_clues.Deal.random(3, seed=s)
    CALLS[f"bsi play_game seed {name}"] = lambda s=seed: bsi.play_game(
        [bsi.advised, bsi.advised], seed=s
    )
    CALLS[f"rival_chances seed {name}"] = lambda s=seed: thirteen_clues.rival_chances(
        THIRTEEN, samples=1, seed=s
    )
    CALLS[f"suggest seed {name}"] = lambda s=seed: kreuzverhoer.Interrogation(
        kreuzverhoer.Case("Mord", "Ulm", "Ede K.", "Gift")
    ).suggest("informant", seed=s)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_public_calls_refuse_with_invalid_input(name: str) -> None:
    with pytest.raises(InvalidInput):
        CALLS[name]()


def test_numpy_seeds_and_generators_are_seeds() -> None:
    assert thirteen_clues.Deal.random(3, seed=np.int64(1)) == thirteen_clues.Deal.random(3, seed=1)
    rng = random.Random(5)
    assert thirteen_clues.Deal.random(3, seed=rng) == thirteen_clues.Deal.random(
        3, seed=random.Random(5)
    )


def test_lower_bound_in_a_wide_integer_type() -> None:
    weights = np.ones(300)
    assert lower_bound(weights, np.uint8(255), finishing=False) == lower_bound(
        weights, 255, finishing=False
    )
    assert lower_bound(weights, np.uint8(255), finishing=True) == lower_bound(
        weights, 255, finishing=True
    )


def test_budget_keeps_numpy_numbers_as_plain_ones() -> None:
    assert Budget(seconds=np.float64(2)).seconds == 2.0
    assert type(Budget(nodes=np.int64(5)).nodes) is int
