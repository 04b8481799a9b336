"""Advice worked out once for equal notebooks: within :func:`remembering`, a notebook's
read marked :func:`remembered` (its recommendations, a game's race) is computed once for
each state and given again to every notebook equal to it.

Two notebooks are equal when they are of one game with the same set-up and the same clues
(an :class:`~deduce.Investigation` is a value), so the same read of either gives the same
answer: whole games that start alike (the league's cells, played on the same deal) share
the work of their common start. Outside :func:`remembering` nothing is kept, and a read
with a callable argument (an ``among`` test) is always worked out afresh.

Example:
    >>> from deduce.games.mastermind import Investigation
    >>> with remembering():
    ...     first = Investigation(3, 4).recommend(top=1)
    ...     again = Investigation(3, 4).recommend(top=1)
    >>> again == first, again is first
    (True, False)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from random import Random
from typing import Any, TypeVar

from deduce._internal.entry import guard
from deduce.errors import InvalidInput

__all__ = ["kept", "remembered", "remembering"]

Read = TypeVar("Read", bound=Callable[..., Any])
Made = TypeVar("Made")


class _Memo:
    """What a :func:`remembering` block keeps: the answers, by read, notebook and
    arguments; and each notebook met, by ``id`` (kept alive, so that no other object takes
    its ``id`` within the block), as the one of its value met first."""

    __slots__ = ("answers", "first", "met")

    def __init__(self) -> None:
        self.answers: dict[Hashable, Any] = {}
        self.met: dict[int, tuple[object, int]] = {}  # id -> (the notebook, its first's id)
        self.first: dict[Hashable, int] = {}  # value -> the id of the first notebook of it

    def notebook(self, notebook: Any) -> int:
        """The ``id`` of the first notebook met equal to ``notebook``: its value worked out
        once per object, and never for one a remembered read gave (its value is that of
        the notebook and read that gave it, met before)."""
        found = self.met.get(id(notebook))
        if found is not None and found[0] is notebook:
            return found[1]
        first = self.first.setdefault(notebook.as_value(), id(notebook))
        self.met[id(notebook)] = (notebook, first)
        return first

    def given(self, answer: Any) -> None:
        """``answer`` met: a notebook a read gave is the first of its value."""
        if hasattr(answer, "as_value"):
            self.met.setdefault(id(answer), (answer, id(answer)))


_MEMO: ContextVar[_Memo | None] = ContextVar("deduce_memo", default=None)


@contextmanager
def remembering() -> Iterator[None]:
    """Within the block (in this thread or task), every :func:`remembered` read of a
    notebook is worked out once per notebook state; what was kept is let go at its end.
    A block inside another shares the outer one's.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> with remembering():
        ...     str(Investigation(2, 3).best())
        '12'
    """
    outer = _MEMO.get()
    token = _MEMO.set(_Memo() if outer is None else outer)
    try:
        yield
    finally:
        _MEMO.reset(token)


def kept(key: Hashable, make: Callable[[], Made]) -> Made:
    """What ``make()`` makes, made once per ``key`` within a :func:`remembering` block (a
    notebook at the start of a game, the same in every game of a deal); outside one, made
    every time. ``key`` must name everything ``make`` reads, and what it makes is shared:
    it is not to be changed.

    Example:
        >>> made = []
        >>> with remembering():
        ...     first = kept(("start", 3), lambda: made.append(3) or len(made))
        ...     again = kept(("start", 3), lambda: made.append(3) or len(made))
        >>> first, again, made
        (1, 1, [3])
    """
    if not isinstance(key, Hashable):
        raise InvalidInput("key", key, "a Hashable")
    memo = _MEMO.get()
    if memo is None:
        return make()
    key = (kept, key)
    if key not in memo.answers:
        memo.answers[key] = made = make()
        memo.given(made)
    found: Made = memo.answers[key]
    return found


def remembered(read: Read) -> Read:
    """A notebook's ``read`` (a method whose answer depends only on the notebook's state,
    :meth:`~deduce.Investigation.as_value`, and its arguments) that :func:`remembering`
    keeps: the answer is worked out once per state and arguments, and a list given back
    as a new list (its items are shared values). A random generator among the arguments
    is read by its state: the answer is kept with the state the read left it in, and a
    kept answer given again leaves the generator in that state, as the read would have. A
    read with an argument that is called (a test) or cannot be told apart (unhashable) is
    worked out every time. A notebook a read gives (a notebook's next, from ``observe``)
    is shared too: it is not to be changed.

    Example:
        >>> class Notebook:
        ...     calls = 0
        ...     def as_value(self):
        ...         return ("notebook",)
        ...     @remembered
        ...     def count(self, n):
        ...         Notebook.calls += 1
        ...         return [n]
        >>> with remembering():
        ...     Notebook().count(3), Notebook().count(3), Notebook.calls
        ([3], [3], 1)
    """

    if not callable(read):
        raise InvalidInput("read", read, "a method of a notebook")

    @functools.wraps(read)
    def once(self: Any, *args: Any, **options: Any) -> Any:
        memo = _MEMO.get()
        given = (*args, *options.values())
        if memo is None or any(callable(v) for v in given):
            return read(self, *args, **options)
        drawing = [v for v in given if isinstance(v, Random)]
        named, shown = args, options
        if drawing:  # a generator by its state
            named = tuple(_state(v) for v in args)
            shown = {name: _state(v) for name, v in options.items()}
        key = (read, memo.notebook(self), named, tuple(sorted(shown.items())))
        try:
            found = memo.answers.get(key, memo)
        except TypeError:  # an argument that cannot be a key
            return read(self, *args, **options)
        if found is memo:
            answer = read(self, *args, **options)
            found = memo.answers[key] = (answer, [g.getstate() for g in drawing])
            memo.given(answer)
        answer, states = found
        for generator, state in zip(drawing, states, strict=True):
            generator.setstate(state)
        return type(answer)(answer) if isinstance(answer, list) else answer

    return once  # type: ignore[return-value]


def _state(value: Any) -> Any:
    """An argument as a read's key holds it: a random generator by its state."""
    return ("random state", value.getstate()) if isinstance(value, Random) else value


guard(globals())
