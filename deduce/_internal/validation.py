"""Argument checks shared by every module: each failure is an InvalidInput that names the
argument, the value and what was expected.

One rule for every game: an integer is a Python ``int`` or a numpy integer (kept as a
plain ``int``), never a bool or a float (not even ``1.0``); a truth value is ``True`` or
``False`` (numpy's too), never ``0`` or ``1``; a name is a ``str``; several names are a
list, tuple or set of names (a single string or a numpy array is not). Whatever is
accepted is stored as plain Python values, so that it can be saved.

Example:
    >>> check_int("players", 3, 2, 6)
    3
    >>> check_int("players", True, 2, 6)
    Traceback (most recent call last):
    ...
    deduce.errors.InvalidInput: players=True is not valid; expected an integer from 2 to 6
    >>> import numpy as np
    >>> check_int("black", np.int64(2), 0, 4), check_bool("correct", np.bool_(True))
    (2, True)
    >>> check_names("scenes", ["Ulm", "Köln"])
    ('Ulm', 'Köln')
"""

from __future__ import annotations

import dataclasses
import functools
import random
import types
import typing
from typing import Any

import numpy as np

from deduce._internal.language import N_, M
from deduce._internal.names import fold
from deduce.errors import InvalidInput

__all__ = [
    "MAX_SEED",
    "check_bool",
    "check_clue",
    "check_int",
    "check_int_or",
    "check_name",
    "check_names",
    "check_seed",
    "is_int",
    "key",
    "short",
]

MAX_SEED = 2**63 - 1
"""The largest integer seed (a seed is saved and shown like any other integer)."""


def is_int(value: Any) -> bool:
    """Whether ``value`` is an integer by the rule above (an int or numpy integer, not a
    bool).

    Example:
        >>> is_int(3), is_int(True), is_int(3.0)
        (True, False, False)
    """
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def check_int(argument: str, value: Any, low: int, high: int | None = None) -> int:
    """``value`` as an int if it is an integer (not a bool) from ``low`` to ``high``."""
    if type(value) is int and low <= value and (high is None or value <= high):
        return value  # the usual call, inner loops among them: at once
    if not is_int(value) or value < low or (high is not None and value > high):
        expected = (
            M("an integer of at least {low}", low=low)
            if high is None
            else M("an integer from {low} to {high}", low=low, high=high)
        )
        raise InvalidInput(argument, value, expected)
    return int(value)


def check_seed(argument: str, value: Any) -> random.Random:
    """The random generator that ``value`` asks for: None (a fresh, unpredictable one), an
    integer from 0 to :data:`MAX_SEED` (numpy's too; never a bool, a float or NaN), or a
    ``random.Random``, used as it is.

    Example:
        >>> check_seed("seed", np.int64(1)).random() == random.Random(1).random()
        True
        >>> check_seed("seed", 1.5)
        Traceback (most recent call last):
        ...
        deduce.errors.InvalidInput: seed=1.5 is not valid; expected None, an integer from 0 to ...
    """
    if isinstance(value, random.Random):
        return value
    if value is None:
        return random.Random()
    return random.Random(
        check_int_or(
            argument,
            value,
            0,
            MAX_SEED,
            M("None, an integer from 0 to {high} or a random.Random", high=MAX_SEED),
        )
    )


def check_int_or(argument: str, value: Any, low: int, high: int, expected: str) -> int:
    """``value`` as an int from ``low`` to ``high``, else InvalidInput saying ``expected``.

    Example:
        >>> check_int_or("samples", 8, 1, 10, "a count")
        8
    """
    if not is_int(value) or value < low or value > high:
        raise InvalidInput(argument, value, expected)
    return int(value)


def check_bool(argument: str, value: Any) -> bool:
    """``value`` if it is True or False (numpy's too, returned as a bool)."""
    if not isinstance(value, (bool, np.bool_)):
        raise InvalidInput(argument, value, N_("True or False"))
    return bool(value)


def check_type(argument: str, value: Any, kind: type | tuple[type, ...], expected: str) -> Any:
    """``value`` if it is an instance of ``kind``, else InvalidInput saying ``expected``.

    Example:
        >>> check_type("deal", None, dict, "a Deal")
        Traceback (most recent call last):
        ...
        deduce.errors.InvalidInput: deal=None is not valid; expected a Deal
    """
    if not isinstance(value, kind):
        raise InvalidInput(argument, value, expected)
    return value


def check_name(argument: str, value: Any, *, optional: bool = False) -> Any:
    """``value`` as a ``str`` if it is one (None too, if ``optional``)."""
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise InvalidInput(
            argument, value, N_("a name (str) or None") if optional else N_("a name (str)")
        )
    return str(value)


def check_names(argument: str, value: Any) -> tuple[str, ...]:
    """``value`` as a tuple of names if it is a list, tuple or set of ``str``.

    Example:
        >>> check_names("scenes", "Ulm")
        Traceback (most recent call last):
        ...
        deduce.errors.InvalidInput: scenes='Ulm' is not valid; expected a list of names (str)
    """
    if not isinstance(value, (list, tuple, set, frozenset)):
        raise InvalidInput(argument, value, N_("a list of names (str)"))
    items = sorted(value, key=repr) if isinstance(value, (set, frozenset)) else list(value)
    for item in items:
        if not isinstance(item, str):
            raise InvalidInput(argument, value, N_("a list of names (str)"))
    return tuple(str(item) for item in items)


_MISSING = object()


@functools.cache
def _hints(kind: type) -> dict[str, Any]:
    return typing.get_type_hints(kind)


def _describe(hint: Any) -> str:
    if hint is type(None):
        return "None"
    if hint is int:
        return "an integer"
    if hint is bool:
        return "True or False"
    if hint is str:
        return "a str"
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_describe(h) for h in typing.get_args(hint))
    if origin in (tuple, frozenset):
        return f"a {origin.__name__} of {_describe(typing.get_args(hint)[0])}"
    if isinstance(hint, type):
        return f"a {hint.__name__}"
    return str(hint)


def _conform(value: Any, hint: Any) -> Any:
    """``value`` as plain Python data of type ``hint``, or _MISSING if it is not one."""
    if hint is type(value) and hint in (int, str, float, bool):  # already plain
        return value
    if hint is Any:
        return value
    if hint is type(None):
        return None if value is None else _MISSING
    if hint is int:
        return int(value) if is_int(value) else _MISSING
    if hint is bool:
        return bool(value) if isinstance(value, (bool, np.bool_)) else _MISSING
    if hint is str:
        return str(value) if isinstance(value, str) else _MISSING
    if hint is float:
        if is_int(value) or (
            isinstance(value, (float, np.floating)) and not isinstance(value, np.bool_)
        ):
            return float(value)
        return _MISSING
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(hint):
            shaped = _conform(value, option)
            if shaped is not _MISSING:
                return shaped
        return _MISSING
    if origin is typing.Literal:
        return (
            value
            if any(value == a and type(value) is type(a) for a in typing.get_args(hint))
            else _MISSING
        )
    if origin in (tuple, frozenset):
        if not isinstance(value, (tuple, list, frozenset, set)):
            return _MISSING
        args = typing.get_args(hint)
        if origin is tuple and (len(args) != 2 or args[1] is not Ellipsis):
            if len(args) != len(value) or isinstance(value, (set, frozenset)):
                return _MISSING
            shaped_items = [_conform(v, a) for v, a in zip(value, args, strict=True)]
        else:
            shaped_items = [_conform(v, args[0]) for v in value]
        if any(item is _MISSING for item in shaped_items):
            return _MISSING
        return tuple(shaped_items) if origin is tuple else frozenset(shaped_items)
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        if not isinstance(value, hint):
            return _MISSING
        try:
            return check_clue(value)
        except InvalidInput:
            return _MISSING
    if isinstance(hint, type):
        return value if isinstance(value, hint) else _MISSING
    return value


def check_clue(clue: Any) -> Any:
    """``clue`` (a dataclass) with every field checked against its type hint and made plain
    Python data (numpy scalars become ints, bools and strs; lists become tuples).

    Raises:
        InvalidInput: a field whose value is not of its type, named with the clue's type.

    Example:
        >>> from deduce.games.mastermind import Guess
        >>> check_clue(Guess("1122", np.int64(1), 0))
        Guess(code='1122', black=1, white=0)
        >>> check_clue(Guess("1122", 1.0, 0))
        Traceback (most recent call last):
        ...
        deduce.errors.InvalidInput: black=1.0 is not valid (the black of a Guess); ...
    """
    if not dataclasses.is_dataclass(clue) or isinstance(clue, type):
        return clue
    changes: dict[str, Any] = {}
    hints = _hints(type(clue))
    for field in dataclasses.fields(clue):
        if not field.init or field.name not in hints:
            continue
        value = getattr(clue, field.name)
        shaped = _conform(value, hints[field.name])
        if shaped is _MISSING:
            raise InvalidInput(
                field.name,
                value,
                _describe(hints[field.name]),
                reason=f"the {field.name} of a {type(clue).__name__}",
            )
        if shaped is not value and not _same(shaped, value):
            changes[field.name] = shaped
    return dataclasses.replace(clue, **changes) if changes else clue


def _same(a: Any, b: Any) -> bool:
    """Whether ``a`` and ``b`` are the same plain data (types included)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return a is b or bool(a == b)


def short(text: Any, limit: int = 60) -> str:
    """``text`` as a string of at most ``limit`` characters, for error messages."""
    try:
        shown = str(text)
    except Exception:  # an int of more digits than Python converts, a broken __str__
        shown = f"<{type(text).__name__}>"
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."


def key(text: str) -> str:
    """The comparison key of a name: lower case, accents dropped, letters and digits only
    (:func:`deduce._internal.names.fold`).

    Example:
        >>> key("Juri L."), key("juri_l"), key("Köln")
        ('juril', 'juril', 'koln')
    """
    check_type("text", text, str, "a name (str)")
    return fold(text)
