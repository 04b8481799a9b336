"""Junk into every public clue method and ``observe`` of every game.

Whatever a caller passes, the answer is a new investigation that can be saved and read
back, :class:`~deduce.InvalidInput` or :class:`~deduce.Contradiction`, and the
investigation called stays exactly as it was. The fast tests run with every ``pytest``;
the ``slow`` ones (``make test``) try many more values.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from clue_calls import CALLS, LAID, Call, starts, state
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from deduce.errors import InvalidInput
from deduce.games import mastermind
from deduce.investigation import Investigation
from deduce.testing import junk, junk_or
from deduce.testing.robustness import attempt, clue_methods

JUNK = junk()

# -- the checks --------------------------------------------------------------------------


def test_every_clue_method_of_every_game_has_a_valid_call() -> None:
    """The table covers every public clue method that the conformance suite finds in the
    games it lists (any other game is covered by ``check_game`` in test_conformance)."""
    listed = {game for game, _ in CALLS}
    methods = {
        (game, method)
        for game, inv in starts().items()
        if game in listed
        for method in clue_methods(type(inv))
    }
    called = {(game, call.method) for game, call in CALLS} | {
        (game, call.method) for game, c in CALLS for call in c.after
    }
    assert methods - {("bsi:Table", "reshuffled")} <= called


def _valid(game: str, call: Call) -> Any:
    return call.on(state(game, call.after))


@pytest.mark.parametrize(("game", "call"), CALLS, ids=[f"{g}.{c}" for g, c in CALLS])
def test_each_call_is_valid_as_written(game: str, call: Call) -> None:
    result = attempt(state(game, call.after), lambda: _valid(game, call))
    assert isinstance(result, Investigation)  # the table above is right


def _mutated_call(call: Call) -> st.SearchStrategy[tuple[list[Any], dict[str, Any]]]:
    """The call's arguments, each kept, replaced by a look-alike or by junk. (A call with
    the wrong number of arguments is Python's TypeError, as for any function.)"""
    args = [junk_or(a) for a in call.args]
    kwargs = {k: junk_or(v) for k, v in call.kwargs}
    return st.tuples(st.tuples(*args).map(list), st.fixed_dictionaries(kwargs))


def _junk_into_calls(game: str, call: Call, data: st.DataObject) -> None:
    investigation = state(game, call.after)
    args, kwargs = data.draw(_mutated_call(call))
    attempt(investigation, lambda: getattr(investigation, call.method)(*args, **kwargs))


@pytest.mark.parametrize(("game", "call"), CALLS, ids=[f"{g}.{c}" for g, c in CALLS])
@given(data=st.data())
def test_junk_into_clue_methods(game: str, call: Call, data: st.DataObject) -> None:
    _junk_into_calls(game, call, data)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "call"), CALLS, ids=[f"{g}.{c}" for g, c in CALLS])
@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_junk_into_clue_methods_at_length(game: str, call: Call, data: st.DataObject) -> None:
    _junk_into_calls(game, call, data)


@given(target=junk_or(1))
@example(target=np.array([1, 2]))  # found by the fuzz suite: numpy's "truth value ... ambiguous"
@example(target=np.array(0))
@example(target=np.bool_(False))
def test_junk_as_the_target_of_a_bsi_attempt(target: Any) -> None:
    table: Any = state("bsi:Table", LAID)
    attempt(table, lambda: table.attempt(target, "woman/day/outside/gun", 1, correct=False))


# -- observe: clue objects with junk fields ------------------------------------------------


def _junk_clue(game: str, call: Call, data: st.DataObject) -> None:
    investigation = state(game, call.after)
    clue = _valid(game, call).clues[-1]
    fields = {f.name: getattr(clue, f.name) for f in dataclasses.fields(clue)}
    names = data.draw(st.lists(st.sampled_from(sorted(fields)), min_size=1, unique=True))
    for name in names:
        fields[name] = data.draw(junk_or(fields[name]), label=name)
    kind = type(clue)
    attempt(investigation, lambda: investigation.observe(kind(**fields)))


OBSERVED = [(g, c) for g, c in CALLS if c.method not in {"ruled_out", "passed", "next_round"}]


@pytest.mark.parametrize(("game", "call"), OBSERVED, ids=[f"{g}.{c}" for g, c in OBSERVED])
@given(data=st.data())
def test_observe_clues_with_junk_fields(game: str, call: Call, data: st.DataObject) -> None:
    _junk_clue(game, call, data)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "call"), OBSERVED, ids=[f"{g}.{c}" for g, c in OBSERVED])
@settings(max_examples=120, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_observe_clues_with_junk_fields_at_length(
    game: str, call: Call, data: st.DataObject
) -> None:
    _junk_clue(game, call, data)


GAMES = sorted(starts())


@pytest.mark.parametrize("game", GAMES)
@given(clue=JUNK)
def test_observe_junk(game: str, clue: Any) -> None:
    investigation = starts()[game]
    attempt(investigation, lambda: investigation.observe(clue))


# -- the questions every investigation answers ---------------------------------------------


def _ask(game: str, data: st.DataObject) -> None:
    investigation = starts()[game]
    field = data.draw(st.one_of(st.sampled_from(sorted(investigation.marginals())), JUNK))
    questions: dict[str, Callable[[], Any]] = {
        "why": lambda: investigation.why(field, data.draw(JUNK, label="value")),
        "explain": lambda: investigation.explain(data.draw(JUNK, label="facts")),
        "recommend": lambda: investigation.recommend(
            top=data.draw(junk_or(1), label="top"),
            strategy=data.draw(junk_or("entropy"), label="strategy"),
        ),
        "best": lambda: investigation.best(data.draw(junk_or("minimax"), label="strategy")),
        "ranked": lambda: investigation.ranked(data.draw(junk_or(2), label="limit")),
        "check_strategy": lambda: investigation.check_strategy(data.draw(JUNK, label="name")),
    }
    name = data.draw(st.sampled_from(sorted(questions)), label="question")
    before = investigation.to_json()
    with contextlib.suppress(InvalidInput):
        questions[name]()
    assert investigation.to_json() == before


@pytest.mark.parametrize("game", GAMES)
@given(data=st.data())
def test_junk_into_questions(game: str, data: st.DataObject) -> None:
    _ask(game, data)


def test_numpy_integers_are_plain_ints_once_accepted() -> None:
    inv = mastermind.Investigation().guess("1122", np.int64(1), np.int64(0))
    assert inv.clues[-1].black == 1 and type(inv.clues[-1].black) is int
    assert mastermind.Investigation.from_json(inv.to_json()) == inv


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("junk", [np.array(["turn", "entropy"]), np.array([]), ["entropy"], None])
def test_an_array_is_no_strategy_name(game: str, junk: object) -> None:
    with pytest.raises(InvalidInput):
        starts()[game].check_strategy(junk)  # type: ignore[arg-type]
