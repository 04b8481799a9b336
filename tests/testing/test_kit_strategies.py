"""The strategies of the test kit for a user's own tests, on every kind of every game:
random set-ups, single true clues, lies and contradicting clues."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from deduce import Contradiction, InvalidInput
from deduce.core import registry
from deduce.games import mastermind
from deduce.testing import clues, contains, contradictions, games, lies, secrets, setups

SAMPLES = [
    pytest.param(declaration, sample, id=f"{declaration.name}-{sample.kind}-{n}")
    for declaration in registry.declarations()
    for n, sample in enumerate(declaration.samples)
]
KINDS = [
    pytest.param(declaration.name, kind, id=f"{declaration.name}-{kind}")
    for declaration in registry.declarations()
    for kind in declaration.kind_names
]
FEW = settings(
    max_examples=12, derandomize=True, database=None, suppress_health_check=list(HealthCheck)
)


@pytest.mark.parametrize(("game", "kind"), KINDS)
def test_setups_are_new_investigations_of_the_kind(game: str, kind: str) -> None:
    made = registry.kind(game, kind)
    seen: set[str] = set()

    @FEW
    @given(setups(game, kind=kind))
    def fresh(inv: Any) -> None:
        assert type(inv) is made and inv.clues == () and inv.solution_count >= 1
        seen.add(json.dumps(inv.setup(), sort_keys=True))

    fresh()
    if "setups_strategy" in vars(made):  # a game with set-ups of its own draws several
        assert len(seen) > 1, "the set-ups vary"


@pytest.mark.parametrize(("declaration", "sample"), SAMPLES)
def test_a_true_clue_keeps_the_secret(declaration: Any, sample: Any) -> None:
    start = declaration.make(sample)

    @FEW
    @given(secrets(start).flatmap(lambda s: clues(start, s).map(lambda clue: (s, clue))))
    def kept(pair: tuple[Any, Any]) -> None:
        secret, clue = pair
        assert contains(start.observe(clue), secret)

    kept()


@pytest.mark.parametrize(("declaration", "sample"), SAMPLES)
def test_a_lie_rules_the_secret_out_or_is_refused(declaration: Any, sample: Any) -> None:
    @FEW
    @given(games(declaration.make(sample), max_clues=3).flatmap(_with_a_lie))
    def ruled_out(case: tuple[Any, Any, Any]) -> None:
        secret, inv, clue = case
        try:
            after = inv.observe(clue)
        except Contradiction:
            return
        assert not contains(after, secret)

    ruled_out()


def _with_a_lie(pair: tuple[Any, Any]) -> Any:
    secret, inv = pair
    return lies(inv, secret).map(lambda clue: (secret, inv, clue))


IN_TURN = {("thirteen-clues", "Table")}  # no first clue fits a later turn (see contradictions)


@pytest.mark.parametrize(
    ("declaration", "sample"),
    [p for p in SAMPLES if (p.values[0].name, p.values[1].kind) not in IN_TURN],
)
def test_a_contradicting_clue_is_refused_and_changes_nothing(declaration: Any, sample: Any) -> None:
    @FEW
    @given(games(declaration.make(sample), max_clues=6).flatmap(_with_a_contradiction))
    def refused(case: tuple[Any, Any]) -> None:
        inv, clue = case
        before = inv.to_json()
        with pytest.raises(Contradiction):
            inv.observe(clue)
        assert inv.to_json() == before

    refused()


def _with_a_contradiction(pair: tuple[Any, Any]) -> Any:
    _, inv = pair
    return contradictions(inv).map(lambda clue: (inv, clue))


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda: setups(42), "game"),
        (lambda: setups("no such game"), "game"),
        (lambda: setups("mastermind", kind="Nope"), "kind"),
        (lambda: setups(mastermind.Investigation, kind="Table"), "kind"),
        (lambda: clues(mastermind.Investigation(2, 2), "99"), "code"),
        (lambda: lies(mastermind.Investigation(2, 2), object()), "code"),
    ],
)
def test_bad_arguments_are_refused_by_name(call: Any, argument: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        call()
    assert caught.value.argument == argument
