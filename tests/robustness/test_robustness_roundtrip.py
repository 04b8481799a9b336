"""What was accepted can be saved and loaded: every set-up parameter of every kind of
every game, and every public callable of every package's ``__all__``, given junk and edge
values; whatever is accepted and can be saved (``to_json``/``from_json``) reads back equal
and saves to the same text again.

The set-up sweep starts from each kind's sample (:func:`test_robustness.starts`) and
replaces one constructor argument at a time; the callable sweep gives every required
positional argument the same value (as one of the calls of ``tests/robustness/sweeping.py`` does),
and a callable without any required one each of its optional arguments alone.
"""

from __future__ import annotations

import inspect
import signal
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest
from clue_calls import starts
from sweeping import HANG, SIMPLE_JUNK, Hang, alarm, public_callables, signature_refusal

import deduce
from deduce.errors import DeduceError

EDGE: dict[str, Any] = {
    "np.int64(2)": np.int64(2),
    "np.int64(3)": np.int64(3),
    "np.uint8(4)": np.uint8(4),
    "np.True_": np.True_,
    "np.float64(2.0)": np.float64(2.0),
    "1": 1,
    "2": 2,
    "3": 3,
    "12": 12,
    "False": False,
    "(0, 1)": (0, 1),
    "'red'": "red",
}
VALUES: dict[str, Any] = {**SIMPLE_JUNK, **EDGE}

STARTS = starts()


def saveable(value: Any) -> bool:
    return callable(getattr(value, "to_json", None)) and callable(
        getattr(type(value), "from_json", None)
    )


def check_round_trip(name: str, made: Any) -> None:
    """``made`` saved, loaded and saved again: equal, and the same text."""
    try:
        text = made.to_json()
    except Exception as error:
        pytest.fail(f"{name} was accepted but cannot be saved: {error!r}")
    reader = deduce.Investigation if isinstance(made, deduce.Investigation) else type(made)
    try:
        again = reader.from_json(text)
    except Exception as error:
        pytest.fail(f"{name} was saved but does not load: {error!r}")
    assert type(again) is type(made), name
    assert again == made, name
    assert again.to_json() == text, name


def _parameters(kind: type) -> list[str]:
    signature = inspect.signature(kind)
    named = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    return [p.name for p in signature.parameters.values() if p.kind in named]


SETUPS = [(game, parameter) for game, inv in STARTS.items() for parameter in _parameters(type(inv))]


def guarded(name: str, call: Callable[[], Any]) -> Any:
    """What ``call`` returns; None when it refuses with a deduce error (or Python refuses a
    call of the wrong shape)."""
    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(HANG)
    try:
        return call()
    except DeduceError:
        return None
    except TypeError as error:
        assert signature_refusal(error), f"{name}: {error!r}"
        return None
    except Hang:
        pytest.fail(f"{name} did not return within {HANG} s")
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def given_setup(sample: Any) -> dict[str, Any]:
    """The constructor arguments of ``sample``: its set-up, with the values it keeps as
    objects (a deck) given as they are kept."""
    return {key: getattr(sample, key, value) for key, value in sample.setup().items()}


@pytest.mark.parametrize(("game", "parameter"), SETUPS, ids=[f"{g}-{p}" for g, p in SETUPS])
def test_an_accepted_set_up_value_is_saved_and_loaded(game: str, parameter: str) -> None:
    sample = STARTS[game]
    kind, setup = type(sample), given_setup(sample)
    for shown, value in VALUES.items():
        name = f"{game}: {kind.__name__}(..., {parameter}={shown})"
        made = guarded(name, lambda value=value: kind(**{**setup, parameter: value}))
        if made is not None:
            check_round_trip(name, made)
    check_round_trip(f"{game} sample", kind(**setup))


def _calls() -> Iterator[tuple[str, Callable[..., Any]]]:
    for name, value, _ in public_callables():
        yield name, value


# studies that play whole games for each accepted value and return nothing saveable
STUDIES = {"deduce.games.kreuzverhoer.hard_case"}
CALLS = sorted((c for c in _calls() if c[0] not in STUDIES), key=lambda item: item[0])


def _shapes(call: Callable[..., Any]) -> list[tuple[str, Callable[[Any], tuple[list, dict]]]]:
    """The ways one value is given to ``call``: every required positional argument, or
    (when there is none) each optional argument alone."""
    parameters = list(inspect.signature(call).parameters.values())
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    required = [p for p in parameters if p.kind in positional and p.default is p.empty]
    if required:
        count = len(required)
        return [("positional", lambda v: ([v] * count, {}))]
    named = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    return [
        (p.name, lambda v, p=p.name: ([], {p: v}))
        for p in parameters
        if p.kind in named and p.default is not p.empty
    ]


@pytest.mark.parametrize(("name", "call"), CALLS, ids=[c[0] for c in CALLS])
def test_what_a_public_callable_accepts_is_saved_and_loaded(
    name: str, call: Callable[..., Any]
) -> None:
    for shape, given in _shapes(call):
        for shown, value in VALUES.items():
            args, kwargs = given(value)
            said = f"{name}({shape}={shown})"
            made = guarded(said, lambda args=args, kwargs=kwargs: call(*args, **kwargs))
            if made is not None and saveable(made):
                check_round_trip(said, made)


def test_the_sweeps_reach_every_game_and_their_set_up() -> None:
    games = {game.split(":")[0] for game, _ in SETUPS}
    assert {"mastermind", "bsi", "thirteen-clues", "kreuzverhoer", "crime-writers"} <= games
    assert ("mastermind", "pegs") in SETUPS
    names = {name for name, _ in CALLS}
    assert {"deduce.games.mastermind.Investigation", "deduce.games.thirteen_clues.view_of"} <= names
