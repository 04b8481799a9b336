"""The league's deals, in two sets that never meet: those a strategy's constants may be
chosen on, and those every published figure is measured on.

Example:
    >>> MEASURING.start in TUNING, TUNING.stop < MEASURING.start
    (False, True)
"""

__all__ = ["MEASURING", "TUNING"]

TUNING = range(0, 100_000)
"""The deals on which a strategy's constants may be tried and chosen."""

MEASURING = range(1_000_000, 2**62)
"""The deals every published figure is measured on: from 1,000,000 on, far from
:data:`TUNING`, so no figure comes from a deal that a constant was chosen on (``deduce
league`` plays them unless ``--first`` says otherwise)."""
