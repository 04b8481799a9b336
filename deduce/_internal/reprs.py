"""Short reprs for results: numbers rounded to four significant digits, long mappings cut.

A result's repr is what a notebook or a console shows for it when nothing richer is
there; a probability of ``0.3333333333333333`` says no more than ``0.3333``, and an
answer table of 14 entries fills a paragraph. :func:`rounded_repr` writes a dataclass the
way its constructor reads, with its numbers rounded and its long mappings cut to their
first entries and a count of the rest.

Example:
    >>> from dataclasses import dataclass
    >>> @dataclass
    ... class Odds:
    ...     move: str
    ...     chance: float
    ...     answers: dict[str, float]
    ...     def __repr__(self) -> str:
    ...         return rounded_repr(self)
    >>> Odds("ask", 1 / 3, {str(k): k / 100 for k in range(10)})
    Odds(move='ask', chance=0.3333, answers={'0': 0.0, '1': 0.01, '2': 0.02, '3': 0.03, \
'4': 0.04, '5': 0.05, ... 4 more})
"""

from __future__ import annotations

import dataclasses
from typing import Any

__all__ = ["rounded", "rounded_repr"]

LONG = 8
"""The most entries of a mapping or sequence written whole."""

ENTRIES = 6
"""The entries of a longer one written out before the count of the rest."""


def rounded(value: Any) -> str:
    """``value``'s repr, its floats to four significant digits and its collections of more
    than :data:`LONG` entries cut to :data:`ENTRIES` and a count (see the module's text).

    Example:
        >>> rounded((0.123456, [1.0, 2.5]))
        '(0.1235, [1.0, 2.5])'
        >>> rounded(list(range(10)))
        '[0, 1, 2, 3, 4, 5, ... 4 more]'
    """
    if isinstance(value, float):
        text = f"{value:.4g}"
        return text if any(c in text for c in ".einfa") else text + ".0"
    if isinstance(value, dict):
        items = [f"{rounded(k)}: {rounded(v)}" for k, v in list(value.items())[: _cut(value)]]
        return "{" + ", ".join(items + _rest(value)) + "}"
    if isinstance(value, (list, tuple)) and type(value) in (list, tuple):
        items = [rounded(v) for v in value[: _cut(value)]]
        if isinstance(value, tuple) and len(value) == 1:
            return f"({items[0]},)"
        open_, close = ("[", "]") if isinstance(value, list) else ("(", ")")
        return open_ + ", ".join(items + _rest(value)) + close
    return repr(value)


def _cut(values: Any) -> int:
    return len(values) if len(values) <= LONG else ENTRIES


def _rest(values: Any) -> list[str]:
    hidden = len(values) - _cut(values)
    return [f"... {hidden} more"] if hidden else []


def rounded_repr(instance: Any, *, counted: dict[str, str] | None = None) -> str:
    """A dataclass instance as its constructor reads, each field written by :func:`rounded`
    (fields declared ``repr=False`` left out); a field named in ``counted`` is written as
    the count of its entries with the word given (``{... 14 answers}``).

    Example:
        >>> from dataclasses import dataclass
        >>> @dataclass
        ... class Chance:
        ...     move: str
        ...     chance: float
        >>> rounded_repr(Chance("ask", 2 / 3))
        "Chance(move='ask', chance=0.6667)"
        >>> rounded_repr(Chance("ask", 2 / 3), counted={"move": "letters"})
        'Chance(move={... 3 letters}, chance=0.6667)'
    """
    counted = counted or {}

    def written(name: str) -> str:
        value = getattr(instance, name)
        return f"{{... {len(value)} {counted[name]}}}" if name in counted else rounded(value)

    fields = (f.name for f in dataclasses.fields(instance) if f.repr)
    inside = ", ".join(f"{name}={written(name)}" for name in fields)
    return f"{type(instance).__name__}({inside})"
