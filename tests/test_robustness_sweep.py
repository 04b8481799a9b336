"""Junk of every type at every public callable of every package's ``__all__``: each call
returns, or refuses with a deduce error (``InvalidInput``, ``Contradiction``); never a
stray ``TypeError``, ``AttributeError`` or numpy's "truth value is ambiguous".

Every required positional argument gets the same junk value; a callable with none is
left out (calling it without arguments is not junk). Python's own refusal of a call of
the wrong shape (a missing or unexpected argument) is the call's signature speaking, and
allowed.
"""

from __future__ import annotations

import importlib
import inspect
import signal
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

from deduce.errors import DeduceError

PACKAGES = [
    "deduce",
    "deduce.gamemaster",
    "deduce.registry",
    "deduce.testing",
    "deduce.games.bsi",
    "deduce.games.crime_writers",
    "deduce.games.kreuzverhoer",
    "deduce.games.mastermind",
    "deduce.games.thirteen_clues",
]

JUNK: dict[str, Any] = {
    "None": None,
    "True": True,
    "-1": -1,
    "0": 0,
    "10**30": 10**30,
    "1.5": 1.5,
    "NaN": float("nan"),
    "''": "",
    "'zzz'": "zzz",
    "b'x'": b"x",
    "[]": [],
    "[1, 2]": [1, 2],
    "{}": {},
    "{'a': 1}": {"a": 1},
    "object()": object(),
    "array": np.array([1, 2]),
    "(None,)": (None,),
}

HANG = 60  # seconds: a guard against a call that never returns, not a speed goal


def public_callables() -> Iterator[tuple[str, Callable[..., Any], inspect.Signature]]:
    """Every callable of every package's ``__all__`` that has a signature (no errors)."""
    for package in PACKAGES:
        module = importlib.import_module(package)
        for name in module.__all__:
            value = getattr(module, name)
            if not callable(value) or (
                isinstance(value, type) and issubclass(value, BaseException)
            ):
                continue
            try:
                signature = inspect.signature(value)
            except (TypeError, ValueError):
                continue
            yield f"{package}.{name}", value, signature


def _callables() -> Iterator[tuple[str, Callable[..., Any], int]]:
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    for name, value, signature in public_callables():
        parameters = signature.parameters.values()
        required = [p for p in parameters if p.kind in positional and p.default is p.empty]
        if required:
            yield name, value, len(required)


CALLABLES = sorted(_callables(), key=lambda item: item[0])


def _signature_refusal(error: TypeError) -> bool:
    text = str(error)
    return "argument" in text and any(w in text for w in ("positional", "missing", "keyword"))


class Hang(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise Hang


@pytest.mark.parametrize(("name", "call", "arity"), CALLABLES, ids=[c[0] for c in CALLABLES])
def test_junk_at_a_public_callable_is_refused_with_a_deduce_error(
    name: str, call: Callable[..., Any], arity: int
) -> None:
    previous = signal.signal(signal.SIGALRM, _alarm)
    try:
        for shown, junk in JUNK.items():
            signal.alarm(HANG)
            try:
                call(*[junk] * arity)
            except DeduceError:
                pass
            except TypeError as error:
                assert _signature_refusal(error), f"{name}({shown}): {error!r}"
            except Hang:
                pytest.fail(f"{name}({shown}) did not return within {HANG} s")
            except Exception as error:
                pytest.fail(f"{name}({shown}) raised {error!r}")
            finally:
                signal.alarm(0)
    finally:
        signal.signal(signal.SIGALRM, previous)


def test_the_sweep_reaches_the_games_and_the_engine() -> None:
    names = {c[0] for c in CALLABLES}
    assert {"deduce.Space", "deduce.games.bsi.play_game", "deduce.gamemaster.run"} <= names
