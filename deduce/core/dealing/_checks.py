"""The arguments of the deal counter and its estimate, checked and read into numbers.

Example:
    >>> from deduce.core.dealing.values import Lacks, Setup
    >>> setup = Setup(("a", "b", "c"), {"Ann": 1, "Bob": 2})
    >>> checked_constraints(setup, [Lacks("Ann", "a")])
    (Lacks(seat='Ann', card='a'),)
    >>> card_list(setup, ["c", "a"], "cards")
    (2, 0)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from deduce._internal.validation import check_int, check_seed
from deduce.core.dealing._reduced import Frame, Known
from deduce.core.dealing.values import (
    Constraint,
    Holds,
    HoldsOneOf,
    Lacks,
    LacksOneOf,
    Setup,
    Shows,
    Weighs,
)
from deduce.errors import InvalidInput

KINDS = "Holds, Lacks, HoldsOneOf, LacksOneOf, Shows or Weighs"
"""The kinds of constraint, as a refusal names them."""


def checked_constraints(setup: Setup, constraints: Any) -> tuple[Constraint, ...]:
    """``constraints`` as a tuple, each a constraint about a seat and cards of ``setup``."""
    if isinstance(constraints, (str, bytes, Mapping)) or not isinstance(constraints, Iterable):
        raise InvalidInput("constraints", constraints, f"a list of constraints ({KINDS})")
    result = tuple(constraints)
    for i, constraint in enumerate(result):
        if not isinstance(constraint, (Holds, Lacks, HoldsOneOf, LacksOneOf, Shows, Weighs)):
            raise InvalidInput(f"constraints[{i}]", constraint, f"a constraint: {KINDS}")
        setup.seat_index(constraint.seat, f"constraints[{i}].seat")
        if isinstance(constraint, Shows | Weighs) and constraint.seat == setup.solution:
            players = [seat for seat in setup.seats if seat != setup.solution]
            raise InvalidInput(f"constraints[{i}].seat", constraint.seat, players)
        if isinstance(constraint, Shows):
            for card in constraint.among:
                if card not in setup.cards:
                    raise InvalidInput(
                        f"constraints[{i}].among", constraint.among, f"cards of {list(setup.cards)}"
                    )
        elif isinstance(constraint, (Holds, Lacks)):
            setup.card_index(constraint.card, f"constraints[{i}].card")
        else:
            for card in constraint.cards:
                if card not in setup.cards:
                    raise InvalidInput(
                        f"constraints[{i}].cards", constraint.cards, f"cards of {list(setup.cards)}"
                    )
    return result


def checked_weights(setup: Setup, weights: Any) -> tuple[tuple[tuple[str, ...], int], ...]:
    """``weights`` of solutions as sorted pairs, each solution one of ``setup``'s."""
    if weights is None:
        return ()
    expected = "a dict of solutions (tuples of cards) to weights (integers from 0)"
    if not isinstance(weights, Mapping):
        raise InvalidInput("weights", weights, expected)
    if setup.solution is None:
        raise InvalidInput("weights", weights, "none: this setup has no solution seat")
    size = setup.sizes[setup.seats.index(setup.solution)]
    result = []
    for hand, weight in weights.items():
        if (
            not isinstance(hand, tuple)
            or len(hand) != size
            or any(card not in setup.cards for card in hand)
            or len(set(hand)) != size
        ):
            raise InvalidInput("weights", weights, expected, reason=f"{hand!r} is no solution")
        if setup.categories:
            position = {c: n for n, category in enumerate(setup.categories) for c in category}
            if [position.get(c) for c in hand] != list(range(size)):
                raise InvalidInput(
                    "weights",
                    weights,
                    expected + ", one card per category in their order",
                    reason=f"{hand!r} is no solution",
                )
        elif list(hand) != sorted(hand, key=setup.cards.index):
            raise InvalidInput(
                "weights", weights, expected + " in card order", reason=f"{hand!r} is out of order"
            )
        weight = check_int(f"weights[{hand!r}]", weight, 0)
        result.append((tuple(str(c) for c in hand), weight))
    return tuple(sorted(result))


def checked_order(setup: Setup, order: Any) -> tuple[int, ...]:
    """The seats of ``order`` (those asked in turn) by number."""
    players = [seat for seat in setup.seats if seat != setup.solution]
    expected = f"a list of distinct seats asked in turn, of {players}"
    if not isinstance(order, (list, tuple)) or not order:
        raise InvalidInput("order", order, expected)
    asked = []
    for seat in order:
        if not isinstance(seat, str) or seat not in players or setup.seats.index(seat) in asked:
            raise InvalidInput("order", order, expected)
        asked.append(setup.seats.index(seat))
    return tuple(asked)


def checked_preference(
    setup: Setup, preference: Any, asked: tuple[int, ...]
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Each asked seat's cards shown first, by number."""
    if preference is None:
        return ()
    expected = "a dict of seats asked to lists of cards (the order they show them in)"
    if not isinstance(preference, Mapping):
        raise InvalidInput("preference", preference, expected)
    result = []
    for seat, cards in preference.items():
        if (
            not isinstance(seat, str)
            or seat not in setup.seats
            or setup.seats.index(seat) not in asked
        ):
            raise InvalidInput("preference", preference, expected, reason=f"{seat!r} is not asked")
        order = card_list(setup, cards, f"preference[{seat!r}]", empty=True)
        result.append((setup.seats.index(seat), order))
    return tuple(result)


def card_list(setup: Setup, cards: Any, argument: str, *, empty: bool = False) -> tuple[int, ...]:
    """Distinct cards of ``setup`` by number (``empty``: none is allowed)."""
    expected = f"a list of distinct cards of {list(setup.cards)}"
    if (
        not isinstance(cards, (list, tuple))
        or (not cards and not empty)
        or len(cards) > len(setup.cards)
    ):
        raise InvalidInput(argument, cards, expected)
    numbers = []
    for card in cards:
        if not isinstance(card, str) or card not in setup.cards:
            raise InvalidInput(argument, cards, expected)
        numbers.append(setup.cards.index(card))
    if len(set(numbers)) != len(numbers):
        raise InvalidInput(argument, cards, expected, reason="a card is named twice")
    return tuple(numbers)


def frame_of(setup: Setup) -> Frame:
    """The table's frame: the seats' sizes, the categories by card number, the solution."""
    index = {card: i for i, card in enumerate(setup.cards)}
    solution = setup.seats.index(setup.solution) if setup.solution is not None else None
    return Frame(
        setup.sizes,
        tuple(tuple(index[c] for c in category) for category in setup.categories),
        solution,
    )


def known_of(setup: Setup, constraints: Sequence[Constraint]) -> Known:
    """The constraints by seat and card number."""
    seat = {name: i for i, name in enumerate(setup.seats)}
    card = {name: i for i, name in enumerate(setup.cards)}
    holds, lacks, one_of, not_all, shows, weighs = [], [], [], [], [], []
    for c in constraints:
        if isinstance(c, Weighs):
            weighs.append((seat[c.seat], frozenset(card[x] for x in c.cards), c.factor))
        elif isinstance(c, Shows):
            shows.append((seat[c.seat], card[c.card], frozenset(card[x] for x in c.among)))
        elif isinstance(c, Holds):
            holds.append((seat[c.seat], card[c.card]))
        elif isinstance(c, Lacks):
            lacks.append((seat[c.seat], card[c.card]))
        elif isinstance(c, HoldsOneOf):
            one_of.append((seat[c.seat], frozenset(card[x] for x in c.cards)))
        else:
            not_all.append((seat[c.seat], frozenset(card[x] for x in c.cards)))
    return Known(
        tuple(holds), tuple(lacks), tuple(one_of), tuple(not_all), tuple(shows), tuple(weighs)
    )


def random_of(seed: Any) -> random.Random:
    """A ``random.Random`` from a seed, a ``random.Random`` or a numpy ``Generator``."""
    if isinstance(seed, np.random.Generator):
        return random.Random(int(seed.integers(0, 2**63 - 1)))
    return check_seed("seed", seed)


def solution_seat(setup: Setup) -> str:
    """The solution seat of ``setup``; a setup without one is refused."""
    solution = setup.solution
    if solution is None:
        raise InvalidInput("setup.solution", None, "a solution seat (this setup has none)")
    return solution
