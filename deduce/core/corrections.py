"""Corrections of the past: an investigation with one of its clues dropped or replaced.

A clue typed wrong at the table is corrected where it stands: :func:`corrected` takes
the investigation as it was before clue ``n`` (each investigation keeps the ones it grew
from), adds the replacement clues, and replays every later clue through the normal clue
path (:meth:`deduce.Investigation.observe`), so the game's own rules check each of them
again. The investigation it is called on is never changed.

Example:
    >>> from deduce.games.mastermind import Guess, Investigation
    >>> inv = Investigation(2, 3).guess("11", black=0, white=0).guess("22", black=1, white=0)
    >>> corrected(inv, 1, ()).clues
    (Guess(code='22', black=1, white=0),)
    >>> corrected(inv, 2, (Guess("23", 0, 2),)).solutions()
    [Code('32')]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from deduce._internal.entry import guard
from deduce._internal.language import N_, M
from deduce._internal.validation import is_int
from deduce.errors import Contradiction, DeduceError, InvalidInput

if TYPE_CHECKING:
    from deduce.investigation import Investigation

__all__ = ["check_number", "corrected"]

Kind = TypeVar("Kind", bound="Investigation[Any, Any, Any, Any]")


def check_number(investigation: Investigation[Any, Any, Any, Any], n: Any) -> int:
    """``n`` as the number of one of the investigation's clues (1 is the first, as
    ``history`` numbers them).

    Raises:
        InvalidInput: ``n`` is not an integer from 1 to the number of clues (naming them).

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> check_number(Investigation(2, 2).guess("12", 0, 2), 3)
        Traceback (most recent call last):
        ...
        deduce.errors.InvalidInput: n=3 is not valid; expected the number of a clue: 1 (the
        only clue so far)
    """
    count = len(investigation.history)
    if count == 0:
        raise InvalidInput("n", n, N_("the number of a clue, once there is one (no clue yet)"))
    if not is_int(n) or not 1 <= n <= count:
        said = (
            N_("1 (the only clue so far)")
            if count == 1
            else M("an integer from {low} to {high}", low=1, high=count)
        )
        raise InvalidInput("n", n, M("the number of a clue: {said}", said=said))
    return int(n)


def corrected(
    investigation: Kind,
    n: Any,
    replacement: Sequence[Any],
    *,
    refused: Callable[[int, Any, DeduceError], DeduceError] | None = None,
) -> Kind:
    """``investigation`` with clue ``n`` replaced by the clues of ``replacement`` (none:
    the clue is dropped) and every later clue replayed, each through ``observe``.

    ``refused(number, clue, error)`` gives the error to raise when the later clue of that
    number is refused with ``error`` (a front end words it its own way); by default a
    contradiction is raised as it is and a refusal by the rules as ``InvalidInput`` about
    ``n``.

    Raises:
        InvalidInput: ``n`` is not the number of a clue; a clue of ``replacement`` is
            refused as it stands; or a later clue is refused by the game's rules once clue
            ``n`` is corrected (it needs the clue dropped: the reason names it).
        Contradiction: a clue of ``replacement``, or a later clue, cannot be true with
            the clues before it; ``clue`` is that clue and ``conflict`` the clues it
            cannot stand with.

    Example:
        >>> from deduce.games.mastermind import Guess, Investigation
        >>> inv = Investigation(2, 2).guess("12", black=0, white=2)
        >>> corrected(inv, 1, (Guess("12", 2, 0),)).solutions()
        [Code('12')]
    """
    number = check_number(investigation, n)
    clues = investigation.clues
    new: Kind = investigation.lineage[number - 1]  # type: ignore[assignment]
    for clue in replacement:
        new = new.observe(clue)
    for position, clue in enumerate(clues[number:], number + 1):
        try:
            new = new.observe(clue)
        except (InvalidInput, Contradiction) as error:
            if refused is not None:
                raise refused(position, clue, error) from None
            if isinstance(error, Contradiction):
                raise
            expected = (
                M("a clue that the later clues do not need (clue {number} dropped)", number=number)
                if not replacement
                else M(
                    "a clue that the later clues do not need (clue {number} replaced)",
                    number=number,
                )
            )
            raise InvalidInput(
                "n",
                n,
                expected,
                reason=M(
                    "clue {number}, {clue}, is then refused: {error}",
                    number=position,
                    clue=str(clue),
                    error=str(error),
                ),
            ) from None
    return new


guard(globals())
