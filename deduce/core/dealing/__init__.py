"""Exact counting of the hidden deals of a card game, the engine under Cluedo.

A :class:`Setup` says who is dealt how many of which cards (a solution seat may hold one
card of each category, like Cluedo's envelope); constraints say what is known (a card
shown at random, :class:`Shows`, weighs each deal by the chance of that choice; a habit,
:class:`Weighs`, by a factor for each of some cards a seat holds);
:class:`Deals` counts every deal that agrees, exactly and without listing them, and
gives where each card is, how likely each solution is, deals drawn by weight, and the
answers to a suggestion with the information they give about the solution. A table too
large to count (beyond :data:`MAX_POINTS`) is estimated instead, and says so:
:func:`count_or_estimate` gives an exact :class:`Deals` or an :class:`EstimatedDeals`.

Example:
    >>> from deduce.core.dealing import Deals, HoldsOneOf, Setup
    >>> categories = (("a", "b"), ("x", "y"))
    >>> setup = Setup(("a", "b", "x", "y"), {"Ann": 1, "Bob": 1}, categories=categories)
    >>> deals = Deals(setup, [HoldsOneOf("Ann", ("a", "x"))])
    >>> deals.count, deals.solution_cards()["a"]
    (4, Fraction(1, 4))
"""

from deduce._internal.entry import guard
from deduce.core.dealing.counter import MAX_POINTS, Deals, count_deals
from deduce.core.dealing.estimate import DRAWS, EstimatedDeals, count_or_estimate, points
from deduce.core.dealing.values import (
    MAX_AMONG,
    MAX_CARDS,
    MAX_SEATS,
    Answer,
    Constraint,
    Deal,
    Holds,
    HoldsOneOf,
    Lacks,
    LacksOneOf,
    Setup,
    Shows,
    Weighs,
)

__all__ = [
    "DRAWS",
    "MAX_AMONG",
    "MAX_CARDS",
    "MAX_POINTS",
    "MAX_SEATS",
    "Answer",
    "Constraint",
    "Deal",
    "Deals",
    "EstimatedDeals",
    "Holds",
    "HoldsOneOf",
    "Lacks",
    "LacksOneOf",
    "Setup",
    "Shows",
    "Weighs",
    "count_deals",
    "count_or_estimate",
    "points",
]

guard(globals())
