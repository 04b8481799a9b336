"""The one error hierarchy of deduce.

Every error the library raises on purpose is a :class:`DeduceError`. Bad arguments are
:class:`InvalidInput` (also a :class:`ValueError`, so ordinary ``except ValueError`` code
keeps working); a clue that cannot stand with what is already known is
:class:`Contradiction`, which carries the earlier clues it conflicts with.

Example:
    >>> from deduce import InvalidInput
    >>> err = InvalidInput("colours", 1, "an integer from 2 to 10")
    >>> print(err)
    colours=1 is not valid; expected an integer from 2 to 10
    >>> isinstance(err, ValueError)
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["Contradiction", "DeduceError", "InvalidInput", "MissingHook"]


class DeduceError(Exception):
    """Base class of every error raised by deduce.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> try:
        ...     Investigation(2, 2).undo()
        ... except DeduceError as error:
        ...     print(type(error).__name__)
        InvalidInput
    """


class InvalidInput(DeduceError, ValueError):
    """An argument is not valid.

    Args:
        argument: the name of the argument (or field) that is wrong.
        value: the value that was given.
        expected: the valid choices: a sequence of them, or a sentence.
        reason: optionally, why the value is wrong when that is not obvious.

    Attributes:
        argument, value, reason: as given.
        expected: the valid choices in words, as the message says them.
        choices: the valid choices as a tuple when they were given as a sequence; empty
            when the expectation is a sentence.

    Example:
        >>> error = InvalidInput("strategy", "best", ["entropy", "minimax"])
        >>> print(error)
        strategy='best' is not valid; expected one of 'entropy', 'minimax'
        >>> error.choices, InvalidInput("pegs", 0, "at least 1").choices
        (('entropy', 'minimax'), ())
    """

    def __init__(
        self,
        argument: str,
        value: Any,
        expected: str | Sequence[Any],
        *,
        reason: str | None = None,
    ) -> None:
        self.argument = argument
        self.value = value
        self.choices: tuple[Any, ...] = () if isinstance(expected, str) else tuple(expected)
        if isinstance(expected, str):
            self.expected = expected
        else:
            self.expected = "one of " + ", ".join(repr(choice) for choice in self.choices)
        self.reason = reason
        name = argument if isinstance(argument, str) else _shown(argument)
        message = f"{name}={_shown(value)} is not valid"
        if reason:
            message += f" ({reason})"
        message += f"; expected {self.expected}"
        super().__init__(message)

    def __reduce__(self) -> tuple[Any, ...]:
        expected = self.choices or self.expected
        return (_rebuild_invalid, (self.argument, self.value, expected, self.reason))


def _shown(value: Any, limit: int = 300) -> str:
    """``repr(value)`` for a message: shortened, and never failing (a huge int, a broken
    ``__repr__``)."""
    try:
        text = repr(value)
    except Exception:  # e.g. an int of more digits than Python converts
        return f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _rebuild_invalid(
    argument: str, value: Any, expected: str | Sequence[Any], reason: str | None
) -> InvalidInput:
    return InvalidInput(argument, value, expected, reason=reason)


class Contradiction(DeduceError):
    """A clue cannot be true together with what is already known.

    Attributes:
        clue: the clue that was refused.
        conflict: the earlier clues it cannot stand with (the smallest set found: removing
            any one of them would make the clue possible again).

    Example:
        >>> err = Contradiction("black=0", ("black=4",))
        >>> print(err)
        black=0 contradicts the earlier clue: black=4
        >>> err.conflict
        ('black=4',)
    """

    def __init__(self, clue: Any, conflict: Sequence[Any]) -> None:
        self.clue = clue
        self.conflict = tuple(conflict)
        if self.conflict:
            noun = "clue" if len(self.conflict) == 1 else "clues"
            listed = "; ".join(str(c) for c in self.conflict)
            message = f"{clue} contradicts the earlier {noun}: {listed}"
        else:
            message = f"{clue} is impossible"
        super().__init__(message)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Contradiction, (self.clue, self.conflict))


class MissingHook(DeduceError, NotImplementedError):
    """A game class lacks a hook it needs: a mistake in the game's code, not in its use.

    Attributes:
        kind: the name of the game class.
        hook: the method it must define.

    Example:
        >>> print(MissingHook("Clocks", "apply_clue"))
        Clocks must define the hook apply_clue(); see "Writing a game" in the reference
    """

    def __init__(self, kind: str, hook: str, alternative: str = "") -> None:
        self.kind = kind
        self.hook = hook
        also = f" ({alternative})" if alternative else ""
        super().__init__(
            f'{kind} must define the hook {hook}(){also}; see "Writing a game" in the reference'
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (MissingHook, (self.kind, self.hook))
