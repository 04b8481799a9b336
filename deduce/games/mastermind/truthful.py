"""Mastermind for tests: the textbook feedback and a brute-force count of the codes that
every clue allows, written independently of the engine (no space, no feedback table).

Example:
    >>> reference_feedback((0, 0, 1), (0, 1, 2))
    (1, 1)
    >>> from deduce.games.mastermind.investigation import Investigation
    >>> sorted(map(str, reference(Investigation(2, 3).guess("12", black=0, white=2))))
    ['21']
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable
from typing import Any

from deduce._internal.entry import LIMIT, guard
from deduce._internal.validation import check_int, check_type
from deduce.errors import InvalidInput
from deduce.games.mastermind.investigation import Code, Guess, Investigation

__all__ = ["brute_force", "reference", "reference_feedback"]


def reference_feedback(secret: tuple[int, ...], guess: tuple[int, ...]) -> tuple[int, int]:
    """The textbook definition, one peg at a time: (black, white)."""
    if len(secret) != len(guess):
        raise InvalidInput("guess", guess, f"a code of {len(secret)} pegs, as the secret")
    black = sum(s == g for s, g in zip(secret, guess, strict=True))
    common = sum((Counter(secret) & Counter(guess)).values())
    return black, common - black


def brute_force(
    pegs: int, colours: int, clues: Iterable[Guess], *, black_only: bool = False
) -> set[Code]:
    """Every code of ``pegs`` pegs in ``colours`` colours that gives every clue's feedback.

    Raises:
        InvalidInput: fewer than one peg or colour, or more than a million codes to list.
    """
    pegs, colours = check_int("pegs", pegs, 1), check_int("colours", colours, 1)
    if pegs * math.log(colours) > math.log(LIMIT):
        expected = f"at most {LIMIT:,} codes to list"
        raise InvalidInput("pegs", pegs, expected, reason=f"{colours} colours")
    clues = list(clues)
    found = set()
    for code in itertools.product(range(colours), repeat=pegs):
        if all(_fits(code, clue, black_only) for clue in clues):
            found.add(Code("".join(str(c + 1) for c in code)))
    return found


def _fits(code: tuple[int, ...], clue: Guess, black_only: bool) -> bool:
    black, white = reference_feedback(code, Code(clue.code).pegs)
    if black_only:
        return black == clue.black
    return (black, white) == (clue.black, clue.white)


def reference(investigation: Any) -> set[Code]:
    """The codes a Mastermind investigation must keep (every one equally likely)."""
    check_type("investigation", investigation, Investigation, "a Mastermind investigation")
    rules = investigation.rules
    return brute_force(rules.pegs, rules.colours, investigation.clues, black_only=rules.black_only)


guard(globals())
