"""The clues of an investigation, shared between it and every investigation before it.

Each :class:`History` holds one clue and the history before it, so adding a clue costs
the same however long the game already is, and a thousand investigations along one
game hold a thousand small nodes, not a thousand copies of the clue list.

Example:
    >>> from deduce.core.history import History
    >>> first = History().add("12: 1 black")
    >>> second = first.add("13: 0 black")
    >>> second.clues, len(second), second.before is first
    (('12: 1 black', '13: 0 black'), 2, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Generic

from typing_extensions import TypeVar

from deduce._internal.entry import guard

__all__ = ["History"]

Clue = TypeVar("Clue", default=Any)


class History(Generic[Clue]):
    """Clues, oldest first, as a chain of nodes that later histories share.

    ``History()`` is the empty history; it is never changed: :meth:`add` returns a
    longer one.

    Example:
        >>> h = History().add(1).add(2).add(3)
        >>> list(h), h.last, h.before.clues
        ([1, 2, 3], 3, (1, 2))
    """

    __slots__ = ("_before", "_clue", "_size")

    _clue: Clue | None
    _before: History[Clue] | None
    _size: int

    def __init__(self) -> None:
        self._clue = None
        self._before = None
        self._size = 0

    def add(self, clue: Clue) -> History[Clue]:
        """This history and then ``clue``.

        Example:
            >>> len(History().add("a"))
            1
        """
        node: History[Clue] = History.__new__(History)
        node._clue, node._before, node._size = clue, self, self._size + 1
        return node

    @property
    def before(self) -> History[Clue]:
        """The history without its newest clue (the empty history stays empty)."""
        return self if self._before is None else self._before

    @property
    def last(self) -> Clue | None:
        """The newest clue, or None for the empty history."""
        return self._clue

    @property
    def clues(self) -> tuple[Clue, ...]:
        """Every clue, oldest first.

        Example:
            >>> History().add("a").add("b").clues
            ('a', 'b')
        """
        newest_first: list[Clue] = []
        node: History[Clue] = self
        while node._before is not None:
            newest_first.append(node._clue)  # type: ignore[arg-type]
            node = node._before
        newest_first.reverse()
        return tuple(newest_first)

    def __len__(self) -> int:
        return self._size

    def __iter__(self) -> Iterator[Clue]:
        return iter(self.clues)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, History):
            return NotImplemented
        return self is other or (self._size == other._size and self.clues == other.clues)

    def __hash__(self) -> int:
        return hash(self.clues)

    def __repr__(self) -> str:
        return f"History({list(self.clues)!r})"

    def _repr_html_(self) -> str:
        from deduce.output.notebook import history_html

        return history_html(self)


guard(globals())
