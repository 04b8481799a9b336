"""Argument checks shared by every module: each failure is an InvalidInput that names the
argument, the value and what was expected.

Example:
    >>> check_int("players", 3, 2, 6)
    3
    >>> check_int("players", True, 2, 6)
    Traceback (most recent call last):
    ...
    deduce.errors.InvalidInput: players=True is not valid; expected an integer from 2 to 6
"""

from __future__ import annotations

from typing import Any

import numpy as np

from deduce.errors import InvalidInput

__all__ = ["check_int", "short"]


def check_int(argument: str, value: Any, low: int, high: int | None = None) -> int:
    """``value`` as an int if it is an integer (not a bool) from ``low`` to ``high``."""
    expected = (
        f"an integer of at least {low}" if high is None else f"an integer from {low} to {high}"
    )
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, np.integer))
        or value < low
        or (high is not None and value > high)
    ):
        raise InvalidInput(argument, value, expected)
    return int(value)


def short(text: Any, limit: int = 60) -> str:
    """``text`` as a string of at most ``limit`` characters, for error messages."""
    shown = str(text)
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."
