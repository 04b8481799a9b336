"""Junk for robustness tests: values of every type that a caller might pass by mistake.

:func:`deduce.testing.robustness` and :func:`deduce.testing.junk_or` (re-exported there) are
what :func:`deduce.testing.check_game` feeds into every clue method and ``observe``: the
answer must be a new investigation that can be saved and read back,
:class:`~deduce.InvalidInput` or :class:`~deduce.Contradiction`, never another error.

Example:
    >>> from hypothesis import given, settings
    >>> from deduce import InvalidInput
    >>> from deduce.games.mastermind import Investigation
    >>> @settings(max_examples=20, database=None)
    ... @given(junk_or("112"))
    ... def test_guess_refuses_junk(code):
    ...     try:
    ...         Investigation(3, 3).guess(code, black=1, white=0)
    ...     except InvalidInput:
    ...         pass
    >>> test_guess_refuses_junk()
"""

from __future__ import annotations

import contextlib
import dataclasses
import inspect
import itertools
import math
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from deduce._internal.entry import guard
from deduce.errors import Contradiction, InvalidInput
from deduce.investigation import Investigation

__all__ = [
    "JUNK",
    "JUNK_NAMES",
    "SCALARS",
    "HugeLength",
    "Run",
    "States",
    "attempt",
    "check_junk",
    "clue_methods",
    "junk",
    "junk_or",
    "junk_value",
    "junk_values",
    "shown",
]

Run = Callable[[Callable[..., None]], Callable[..., None]]
"""How a property runs: a hypothesis ``settings(...)`` object used as a decorator."""

States = st.SearchStrategy[Investigation[Any, Any, Any]]
"""A strategy of investigations to call methods on."""

SCALARS: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from([0.0, -0.0, 1.0, 2.0, 0.5, -1.5, math.nan, math.inf, -math.inf, 1e300]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(-3, 8),
    st.integers(),
    st.sampled_from([2**63, -(2**64), 10**30]),
    st.sampled_from([1, -1]).map(lambda sign: sign * 10**5000),  # no repr: too many digits
    st.sampled_from(
        [
            np.int64(1),
            np.int64(0),
            np.int8(-1),
            np.uint64(2),
            np.int32(3),
            np.float64(1.0),
            np.float32(math.nan),
            np.bool_(True),
            np.bool_(False),
            np.str_("a"),
        ]
    ),
    st.builds(np.int64, st.integers(-5, 10)),
    st.text(max_size=12),
    st.sampled_from(["", " ", "\x00", "0", "1", "-1", "yes", "None", "nan", "ä" * 300, "*"]),
    st.binary(max_size=6),
    st.just(object()),
    st.just(Ellipsis),
)
"""Single values: None, bools, odd floats and ints, numpy scalars, text, bytes, objects."""


def _arrays() -> st.SearchStrategy[Any]:
    return st.sampled_from(
        [
            np.array([1, 2]),
            np.array([]),
            np.array(["Ulm", "Köln"]),
            np.zeros((2, 2)),
            np.array(1),
            np.array([True, False]),
            np.array([math.nan]),
        ]
    )


JUNK: st.SearchStrategy[Any] = st.one_of(
    SCALARS,
    _arrays(),
    st.lists(SCALARS, max_size=3),
    st.lists(SCALARS, max_size=3).map(tuple),
    st.dictionaries(st.text(max_size=3), SCALARS, max_size=2),
    st.frozensets(st.integers(0, 3), max_size=3),
    st.sets(st.text(max_size=2), max_size=2),
    st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=2), max_leaves=4),
)
"""Any junk: the scalars, numpy arrays, lists, tuples, dicts, sets and nested lists."""


def junk() -> st.SearchStrategy[Any]:
    """Any junk value (:data:`JUNK`).

    Example:
        >>> junk() is JUNK
        True
    """
    return JUNK


def junk_or(valid: Any) -> st.SearchStrategy[Any]:
    """``valid``, a value that looks like it (another type, case or container), or junk.

    Example:
        >>> from hypothesis import given, settings
        >>> @settings(max_examples=10, database=None)
        ... @given(junk_or(["Berlin", "Ulm"]))
        ... def test_anything_comes(value):
        ...     assert value is not NotImplemented
        >>> test_anything_comes()
    """
    near: list[Any] = []
    if isinstance(valid, bool):
        near = [np.bool_(valid), int(valid), float(valid), str(valid)]
    elif isinstance(valid, int):
        near = [shown(valid), -valid - 1, [valid]]  # shown: an int too long to write out
        if abs(valid) < 2**53:  # what numpy and a float can hold exactly
            near += [np.int64(valid), float(valid), valid + 0.5]
    elif isinstance(valid, str):
        near = [valid.upper(), f" {valid} ", valid[:1], [valid], (valid,), np.str_(valid)]
    elif isinstance(valid, (list, tuple)):
        near = [list(valid)[:1], [*valid, *valid], tuple(valid)]
        with contextlib.suppress(TypeError, ValueError):  # items numpy or a set cannot hold
            near += [np.array(valid), set(valid)]
    return st.one_of(st.just(valid), st.sampled_from(near) if near else st.nothing(), JUNK)


def shown(value: object, limit: int = 120) -> str:
    """``repr(value)``, shortened (and never failing, even for an int of 5000 digits)."""
    try:
        text = repr(value)
    except Exception as error:  # e.g. ValueError: an int too long to convert
        text = f"<{type(value).__name__}: no repr ({error})>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


# -- named junk, one value of each kind, for sweeps of whole APIs ---------------------------------


class HugeLength:
    """A sized object that says it holds more items than any memory does: its ``len()``
    is ``sys.maxsize`` and its items never end (item ``i`` is ``i``).

    Example:
        >>> len(HugeLength()) == sys.maxsize, HugeLength()[5], list(zip(HugeLength(), "ab"))
        (True, 5, [(0, 'a'), (1, 'b')])
    """

    def __len__(self) -> int:
        return sys.maxsize

    def __iter__(self) -> Iterator[int]:
        return itertools.count()

    def __getitem__(self, index: int) -> int:
        if not isinstance(index, int):
            raise TypeError("the items of a HugeLength are numbered by int")
        return index

    def __repr__(self) -> str:
        return "HugeLength()"


def _endless_names() -> Iterator[str]:
    return (f"name {n}" for n in itertools.count())


_MAKERS: dict[str, Callable[[], Any]] = {
    "None": lambda: None,
    "True": lambda: True,
    "np.bool_(False)": lambda: np.bool_(False),
    "0": lambda: 0,
    "-1": lambda: -1,
    "-7": lambda: -7,
    "2**63": lambda: 2**63,
    "10**5000": lambda: 10**5000,
    "-10**5000": lambda: -(10**5000),
    "np.int64(2)": lambda: np.int64(2),
    "np.int64(-1)": lambda: np.int64(-1),
    "np.uint64(2**64-1)": lambda: np.uint64(2**64 - 1),
    "1.5": lambda: 1.5,
    "0.0": lambda: 0.0,
    "-0.0": lambda: -0.0,
    "nan": lambda: math.nan,
    "inf": lambda: math.inf,
    "-inf": lambda: -math.inf,
    "1e300": lambda: 1e300,
    "np.float64('nan')": lambda: np.float64("nan"),
    "np.float64(2.0)": lambda: np.float64(2.0),
    "1j": lambda: 1j,
    "''": lambda: "",
    "' '": lambda: " ",
    "'zzz'": lambda: "zzz",
    "' Ulm '": lambda: " Ulm ",
    "'***'": lambda: "***",
    "'\\x00'": lambda: "\x00",
    "'ä' * 100000": lambda: "ä" * 100_000,
    "b'x'": lambda: b"x",
    "bytearray(b'ab')": lambda: bytearray(b"ab"),
    "[]": lambda: [],
    "[1, 2]": lambda: [1, 2],
    "[None]": lambda: [None],
    "('zzz',)": lambda: ("zzz",),
    "[[[]]]": lambda: [[[]]],
    "{}": lambda: {},
    "{'a': 1}": lambda: {"a": 1},
    "{None: nan}": lambda: {None: math.nan},
    "set()": lambda: set(),
    "frozenset({1})": lambda: frozenset({1}),
    "np.array([1, 2])": lambda: np.array([1, 2]),
    "np.array(['Ulm', 'Köln'])": lambda: np.array(["Ulm", "Köln"]),
    "np.array([])": lambda: np.array([]),
    "np.zeros((2, 2))": lambda: np.zeros((2, 2)),
    "np.array(1)": lambda: np.array(1),
    "np.array([nan])": lambda: np.array([math.nan]),
    "object()": lambda: object(),
    "Ellipsis": lambda: Ellipsis,
    "Path('nonexistent/zzz')": lambda: Path("nonexistent", "zzz"),
    "HugeLength()": lambda: HugeLength(),
    "range(10**18)": lambda: range(10**18),
    "itertools.count()": lambda: itertools.count(),
    "itertools.repeat('Ulm')": lambda: itertools.repeat("Ulm"),
    "endless names": _endless_names,
    "['x'] * 10**6": lambda: ["x"] * 10**6,
    "iter(range(10**6))": lambda: iter(range(10**6)),
}

JUNK_NAMES: tuple[str, ...] = tuple(_MAKERS)
"""The names of :func:`junk_values`, in a fixed order: None and bools; ints of every size
and sign (numpy's too); floats (NaN, infinities, negative zero); a complex; text (empty,
blank, padded, punctuation only, a control character, 100,000 letters); bytes; lists,
tuples, dicts and sets, empty and not; numpy arrays of every shape; an object; a path that
does not exist (relative: what a call writes there lands in the current directory);
things that never end or say they are endless (:class:`HugeLength`, ``range(10**18)``,
``itertools.count()``, endless generators); a list of a million items and an iterator
over a million."""


def junk_value(name: str) -> Any:
    """A fresh junk value of the kind ``name`` (one of :data:`JUNK_NAMES`).

    Example:
        >>> junk_value("-0.0"), next(junk_value("itertools.count()"))
        (-0.0, 0)
    """
    if name not in _MAKERS:
        raise InvalidInput("name", name, "one of the names in JUNK_NAMES")
    return _MAKERS[name]()


def junk_values() -> dict[str, Any]:
    """One fresh value of every kind of junk, by its name (:data:`JUNK_NAMES`). Made anew
    on each call: an endless iterator is used up by the call it is given to.

    Example:
        >>> values = junk_values()
        >>> values["nan"] != values["nan"], len(values["HugeLength()"]) > 2**62
        (True, True)
    """
    return {name: make() for name, make in _MAKERS.items()}


# -- the check ------------------------------------------------------------------------------------


def attempt(investigation: Investigation[Any, Any, Any], call: Callable[[], Any]) -> Any:
    """Run ``call``: it must answer with an investigation that can be saved and read back,
    :class:`~deduce.InvalidInput` or :class:`~deduce.Contradiction`, and leave
    ``investigation`` as it was. Returns the answer (None when refused).

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> inv = Investigation(2, 2)
        >>> attempt(inv, lambda: inv.guess("12", black=7))
        >>> attempt(inv, lambda: inv.guess("12", black=2, white=0)).solved
        Code('12')
    """
    before = investigation.to_json()
    result: Any
    try:
        result = call()
    except Contradiction as error:
        assert isinstance(error.conflict, tuple), "Contradiction.conflict is not a tuple"
        result = None
    except InvalidInput as error:
        assert str(error), "InvalidInput without a message"
        result = None
    assert investigation.to_json() == before, "a refused call changed the investigation"
    if isinstance(result, Investigation):
        assert type(result).from_json(result.to_json()) == result, "an accepted call's result"
    return result


def clue_methods(kind: type[Any]) -> list[str]:
    """The public clue methods of ``kind``: its own methods (not those of
    :class:`deduce.Investigation`) that return an investigation of the game.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> clue_methods(Investigation)
        ['guess']
    """
    found = []
    names = {kind.__name__, "Self", "Investigation"}
    for name, member in inspect.getmembers(kind):
        if name.startswith("_") or hasattr(Investigation, name) or not callable(member):
            continue
        if isinstance(inspect.getattr_static(kind, name), (staticmethod, classmethod)):
            continue
        returned = inspect.signature(member).return_annotation
        text = returned if isinstance(returned, str) else getattr(returned, "__name__", "")
        if text.rpartition(".")[2] in names:
            found.append(name)
    return found


def _values(clues: Sequence[Any]) -> dict[str, list[Any]]:
    """Every field value of the clues, by field name (what valid arguments look like)."""
    values: dict[str, list[Any]] = {}
    for clue in clues:
        if dataclasses.is_dataclass(clue):
            for f in dataclasses.fields(clue):
                values.setdefault(f.name, []).append(getattr(clue, f.name))
    return values


def _arguments(
    draw: st.DrawFn, method: Callable[..., Any], values: Mapping[str, Sequence[Any]]
) -> tuple[list[Any], dict[str, Any]]:
    """Arguments for ``method``: for each parameter a value that a clue had under its
    name (or its default), a look-alike, or junk."""
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for parameter in inspect.signature(method).parameters.values():
        if parameter.kind is parameter.VAR_KEYWORD:
            continue
        known = list(values.get(parameter.name, ()))
        if parameter.default is not parameter.empty:
            known.append(parameter.default)
        optional = parameter.default is not parameter.empty
        if parameter.kind is parameter.KEYWORD_ONLY and optional and draw(st.booleans()):
            continue
        valid = draw(st.sampled_from(known)) if known else None
        value = draw(junk_or(valid) if known else JUNK, label=parameter.name)
        if parameter.kind is parameter.KEYWORD_ONLY:
            kwargs[parameter.name] = value
        else:
            args.append(value)
    return args, kwargs


def check_junk(states: States, run: Run, methods: Sequence[str]) -> None:
    """Junk into ``observe`` and into every clue method (``methods``) of the
    investigations of ``states``: only :class:`~deduce.InvalidInput` or
    :class:`~deduce.Contradiction` (see :func:`attempt`). Three kinds of junk: any value
    as a clue; a clue of the game with some of its fields replaced by look-alikes or
    junk; each method called with arguments drawn from the values the game's clues hold
    under the parameters' names, their look-alikes and junk."""

    @run
    @given(states, JUNK)
    def observe_junk(investigation: Investigation[Any, Any, Any], clue: Any) -> None:
        _guard(
            f"observe({shown(clue)})",
            lambda: attempt(investigation, lambda: investigation.observe(clue)),
        )

    @run
    @given(states, st.data())
    def junk_fields(investigation: Investigation[Any, Any, Any], data: st.DataObject) -> None:
        if not investigation.clues or not dataclasses.is_dataclass(investigation.clues[-1]):
            return
        before, clue = investigation.undo(), investigation.clues[-1]
        fields = {f.name: getattr(clue, f.name) for f in dataclasses.fields(clue) if f.init}
        if not fields:
            return
        names = data.draw(st.lists(st.sampled_from(sorted(fields)), min_size=1, unique=True))
        for name in names:
            fields[name] = data.draw(junk_or(fields[name]), label=name)
        made: Any = type(clue)
        _guard(
            f"observe({made.__name__}(**{shown(fields)}))",
            lambda: attempt(before, lambda: before.observe(made(**fields))),
        )

    observe_junk()
    junk_fields()
    for name in methods:
        _junk_arguments(states, run, name)


def _junk_arguments(states: States, run: Run, name: str) -> None:
    @run
    @given(states, st.data())
    def junk_arguments(investigation: Investigation[Any, Any, Any], data: st.DataObject) -> None:
        method = getattr(investigation, name, None)
        if not callable(method):
            kind = type(investigation).__name__
            raise InvalidInput("methods", name, f"names of clue methods of {kind}")
        values = _values(investigation.clues)
        args, kwargs = data.draw(st.composite(lambda draw: _arguments(draw, method, values))())
        _guard(
            f"{name}(*{shown(args)}, **{shown(kwargs)})",
            lambda: attempt(investigation, lambda: method(*args, **kwargs)),
        )

    junk_arguments()


def _guard(what: str, call: Callable[[], Any]) -> None:
    try:
        call()
    except AssertionError as error:
        raise AssertionError(f"{what}: {error}") from error
    except Exception as error:
        raise AssertionError(f"{what} raised {type(error).__name__}: {error}") from error


guard(globals())
