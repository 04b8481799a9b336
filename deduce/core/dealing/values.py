"""The values of a deal count: who is dealt how many of which cards, what is known about
it, one whole deal, and one answer to a question about the cards.

A :class:`Setup` names every card and every seat with the size of its hand; one seat may
be *the solution*, which holds exactly one card of each category (Cluedo's envelope, the
puzzle of 13 Indizien). The constraints say what is known: :class:`Holds` (the seat holds
the card), :class:`Lacks` (it does not), :class:`HoldsOneOf` (it holds at least one of
the cards: someone showed one of them to someone else), :class:`LacksOneOf` (it does
not hold all of them: a wrong accusation) and :class:`Shows` (it showed me the card when
asked about some cards, choosing at random among those of them it holds: a deal in
which it holds ``k`` of them weighs ``1/k``); :class:`Weighs` weighs the deals by a habit of a
seat (each of some cards it holds multiplies the deal's weight by a factor: a player who
rarely names a card of its own in a question). Every value checks itself when it is made and
refuses what it cannot be with :class:`~deduce.InvalidInput`.

Example:
    >>> categories = (("a", "b"), ("x", "y"))
    >>> setup = Setup(("a", "b", "x", "y"), (("Ann", 1), ("Bob", 1)), categories=categories)
    >>> setup.seats, setup.sizes
    (('Ann', 'Bob', 'solution'), (1, 1, 2))
    >>> HoldsOneOf("Ann", ("a", "x"))
    HoldsOneOf(seat='Ann', cards=('a', 'x'))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from deduce._internal.entry import guard
from deduce._internal.validation import is_int
from deduce.errors import InvalidInput

__all__ = [
    "MAX_AMONG",
    "MAX_CARDS",
    "MAX_SEATS",
    "Answer",
    "Constraint",
    "Deal",
    "Holds",
    "HoldsOneOf",
    "Lacks",
    "LacksOneOf",
    "Setup",
    "Shows",
    "Weighs",
]

MAX_AMONG = 6
"""The most cards a :class:`Shows` may be asked about (a Cluedo suggestion names 3)."""

MAX_CARDS = 64
"""The most cards a :class:`Setup` may name (Clue Master Detective has 30)."""

MAX_SEATS = 32
"""The most seats a :class:`Setup` may name, the solution included."""

_NAME = "a non-empty name (str)"


def _name(argument: str, value: Any) -> str:
    if not isinstance(value, str) or not value:
        raise InvalidInput(argument, value, _NAME)
    return str(value)


def _names(
    argument: str, value: Any, *, at_least: int = 1, limit: int = MAX_CARDS
) -> tuple[str, ...]:
    """``value`` as a tuple of distinct non-empty names (a list, tuple or set of them)."""
    expected = f"a list or tuple of {at_least} to {limit} distinct non-empty names (str)"
    if not isinstance(value, (list, tuple, set, frozenset)):
        raise InvalidInput(argument, value, expected)
    items = sorted(value) if isinstance(value, (set, frozenset)) and _all_str(value) else value
    names = tuple(items)
    if not at_least <= len(names) <= limit:
        raise InvalidInput(argument, value, expected)
    for item in names:
        if not isinstance(item, str) or not item:
            raise InvalidInput(argument, value, expected)
    if len(set(names)) != len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise InvalidInput(argument, value, expected, reason=f"{twice!r} is named twice")
    return tuple(str(n) for n in names)


def _all_str(values: Any) -> bool:
    return all(isinstance(v, str) for v in values)


@dataclass(frozen=True, slots=True)
class Setup:
    """Who is dealt how many of which cards: every card goes to exactly one seat.

    Args:
        cards: every card, by name (at most :data:`MAX_CARDS`).
        hands: each seat that is dealt a hand, with the size of its hand, in seat
            order (also a dict ``{seat: size}``).
        categories: if given, the cards of each category: one more seat, the solution
            (named ``solution``), holds exactly one card of each.
        solution: the name of the solution seat: with ``categories`` the name of that
            extra seat (default ``"solution"``); without, one of ``hands`` whose cards are
            the solution (a seat that simply has a size), or None for no solution.

    Every card is dealt: the hand sizes (and one card per category) add up to the
    number of cards.

    Attributes:
        seats: every seat, in order: the hands, then the solution seat when it holds one
            card per category.
        sizes: the number of cards of each seat, in the same order.

    Example:
        >>> setup = Setup(("a", "b", "c"), {"Ann": 2}, categories=(("a", "b", "c"),))
        >>> setup.seats, setup.sizes, setup.solution
        (('Ann', 'solution'), (2, 1), 'solution')
        >>> Setup(("a", "b", "c"), {"Ann": 1, "aside": 2}, solution="aside").seats
        ('Ann', 'aside')
    """

    cards: tuple[str, ...]
    hands: tuple[tuple[str, int], ...]
    categories: tuple[tuple[str, ...], ...] = ()
    solution: str | None = None
    seats: tuple[str, ...] = field(init=False, repr=False, compare=False)
    sizes: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cards = _names("cards", self.cards)
        hands = _hands(self.hands)
        names = [seat for seat, _ in hands]
        categories = _categories(self.categories, cards)
        solution = self.solution
        if categories:
            solution = "solution" if solution is None else _name("solution", solution)
            if solution in names:
                raise InvalidInput(
                    "solution", solution, f"a seat name other than the hands' {names}"
                )
        elif solution is not None and (not isinstance(solution, str) or solution not in names):
            raise InvalidInput("solution", solution, [*names, None])
        seats = (*names, solution) if categories and solution is not None else tuple(names)
        sizes = (
            (*(size for _, size in hands), len(categories))
            if categories
            else tuple(size for _, size in hands)
        )
        if len(seats) > MAX_SEATS:
            raise InvalidInput("hands", self.hands, f"at most {MAX_SEATS} seats")
        if sum(sizes) != len(cards):
            raise InvalidInput(
                "hands",
                self.hands,
                f"hand sizes that add up to the {len(cards)} cards"
                + (f" less one card per category ({len(categories)})" if categories else ""),
                reason=f"they deal {sum(sizes)}",
            )
        for name, value in (
            ("cards", cards),
            ("hands", hands),
            ("categories", categories),
            ("solution", solution),
            ("seats", seats),
            ("sizes", sizes),
        ):
            object.__setattr__(self, name, value)

    def seat_index(self, seat: str, argument: str = "seat") -> int:
        """The position of ``seat`` in :attr:`seats`, or InvalidInput naming ``argument``.

        Example:
            >>> Setup(("a", "b"), {"Ann": 1, "Bob": 1}).seat_index("Bob")
            1
        """
        if isinstance(seat, str) and seat in self.seats:
            return self.seats.index(seat)
        raise InvalidInput(argument, seat, self.seats)

    def card_index(self, card: str, argument: str = "card") -> int:
        """The position of ``card`` in :attr:`cards`, or InvalidInput naming ``argument``.

        Example:
            >>> Setup(("a", "b"), {"Ann": 1, "Bob": 1}).card_index("b")
            1
        """
        if isinstance(card, str) and card in self.cards:
            return self.cards.index(card)
        raise InvalidInput(argument, card, self.cards)


def _hands(value: Any) -> tuple[tuple[str, int], ...]:
    expected = "a dict or list of (seat name, hand size) pairs, sizes from 0"
    if isinstance(value, Mapping):
        pairs = list(value.items())
    elif isinstance(value, (list, tuple)):
        pairs = list(value)
    else:
        raise InvalidInput("hands", value, expected)
    if not pairs or len(pairs) > MAX_SEATS:
        raise InvalidInput("hands", value, expected + f" (1 to {MAX_SEATS} seats)")
    result = []
    for pair in pairs:
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise InvalidInput("hands", value, expected)
        seat, size = pair
        if not isinstance(seat, str) or not seat or not is_int(size) or size < 0:
            raise InvalidInput("hands", value, expected)
        result.append((str(seat), int(size)))
    names = [seat for seat, _ in result]
    if len(set(names)) != len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise InvalidInput("hands", value, expected, reason=f"seat {twice!r} is named twice")
    return tuple(result)


def _categories(value: Any, cards: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    expected = "a list of categories, each a list of distinct cards of the deck, none shared"
    if not isinstance(value, (list, tuple)):
        raise InvalidInput("categories", value, expected)
    result = []
    seen: set[str] = set()
    for category in value:
        names = _names("categories", category) if isinstance(category, (list, tuple)) else None
        if names is None:
            raise InvalidInput("categories", value, expected)
        for card in names:
            if card not in cards:
                raise InvalidInput("categories", value, expected, reason=f"{card!r} is no card")
            if card in seen:
                raise InvalidInput("categories", value, expected, reason=f"{card!r} is in two")
            seen.add(card)
        result.append(names)
    return tuple(result)


@dataclass(frozen=True, slots=True)
class Holds:
    """The seat holds the card (it was shown to me, or it is in my own hand).

    Example:
        >>> Holds("Ann", "Knife")
        Holds(seat='Ann', card='Knife')
    """

    seat: str
    card: str

    def __post_init__(self) -> None:
        _name("seat", self.seat)
        _name("card", self.card)


@dataclass(frozen=True, slots=True)
class Lacks:
    """The seat does not hold the card (it passed on a question naming it).

    Example:
        >>> Lacks("Ann", "Knife").card
        'Knife'
    """

    seat: str
    card: str

    def __post_init__(self) -> None:
        _name("seat", self.seat)
        _name("card", self.card)


@dataclass(frozen=True, slots=True)
class HoldsOneOf:
    """The seat holds at least one of the cards (it showed one of them to someone else).

    Example:
        >>> HoldsOneOf("Ann", ["Plum", "Knife", "Hall"]).cards
        ('Plum', 'Knife', 'Hall')
    """

    seat: str
    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        _name("seat", self.seat)
        object.__setattr__(self, "cards", _names("cards", self.cards))


@dataclass(frozen=True, slots=True)
class LacksOneOf:
    """The seat does not hold all of the cards (an accusation of them was wrong).

    Example:
        >>> LacksOneOf("solution", ("Plum", "Knife", "Hall")).seat
        'solution'
    """

    seat: str
    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        _name("seat", self.seat)
        object.__setattr__(self, "cards", _names("cards", self.cards))


@dataclass(frozen=True, slots=True)
class Shows:
    """The seat showed the card when asked about the cards ``among`` (``card`` one of
    them), choosing at random among those of them it holds: it holds the card, and a
    deal in which it holds ``k`` of ``among`` is ``1/k`` as likely to give this answer
    (several on one seat multiply). A seat known to show some cards first is
    :class:`Holds` and :class:`Lacks` instead.

    Args:
        seat: the seat that showed (not the solution seat).
        card: the card shown.
        among: the cards asked about, ``card`` among them (1 to :data:`MAX_AMONG`).

    Example:
        >>> Shows("Ann", "Knife", among=("Plum", "Knife", "Hall")).among
        ('Plum', 'Knife', 'Hall')
    """

    seat: str
    card: str
    among: tuple[str, ...] = field(kw_only=True)

    def __post_init__(self) -> None:
        _name("seat", self.seat)
        _name("card", self.card)
        among = _names("among", self.among, limit=MAX_AMONG)
        if self.card not in among:
            raise InvalidInput("card", self.card, list(among), reason="it is not among them")
        object.__setattr__(self, "among", among)


@dataclass(frozen=True, slots=True)
class Weighs:
    """Each of ``cards`` that the seat holds multiplies a deal's weight by ``factor``:
    a hand holding ``k`` of them weighs ``factor ** k``. It rules no deal out; it makes
    those in which the seat holds the cards ``factor`` times as likely for each (a
    player who names a card of its own in a question ``factor`` times as often as a
    card it lacks has named them). Several on one seat multiply.

    Args:
        seat: the seat (not the solution seat).
        cards: the cards (1 to :data:`MAX_CARDS`).
        factor: a positive whole number or :class:`~fractions.Fraction` (below 1: the
            seat is less likely to hold them).

    Example:
        >>> from fractions import Fraction
        >>> Weighs("Ann", ("Plum", "Knife"), Fraction(1, 4)).factor
        Fraction(1, 4)
    """

    seat: str
    cards: tuple[str, ...]
    factor: Fraction

    def __post_init__(self) -> None:
        _name("seat", self.seat)
        object.__setattr__(self, "cards", _names("cards", self.cards))
        factor = self.factor
        expected = "a positive whole number or Fraction"
        if isinstance(factor, bool) or not isinstance(factor, int | Fraction) or factor <= 0:
            raise InvalidInput("factor", factor, expected)
        object.__setattr__(self, "factor", Fraction(factor))


Constraint = Holds | Lacks | HoldsOneOf | LacksOneOf | Shows | Weighs
"""Anything known about where the cards are."""


@dataclass(frozen=True, slots=True)
class Deal:
    """One whole deal: every seat's hand, in the seats' order, each in card order.

    Example:
        >>> deal = Deal((("Ann", ("a",)), ("solution", ("b", "x"))))
        >>> deal.hand("solution"), deal.holder("x")
        (('b', 'x'), 'solution')
    """

    hands: tuple[tuple[str, tuple[str, ...]], ...]

    def hand(self, seat: str) -> tuple[str, ...]:
        """The cards ``seat`` holds.

        Example:
            >>> Deal((("Ann", ("a", "b")),)).hand("Ann")
            ('a', 'b')
        """
        for name, cards in self.hands:
            if name == seat:
                return cards
        raise InvalidInput("seat", seat, [name for name, _ in self.hands])

    def holder(self, card: str) -> str:
        """The seat that holds ``card``.

        Example:
            >>> Deal((("Ann", ("a",)), ("Bob", ("b",)))).holder("b")
            'Bob'
        """
        for name, cards in self.hands:
            if card in cards:
                return name
        raise InvalidInput("card", card, [c for _, cards in self.hands for c in cards])


@dataclass(frozen=True, slots=True)
class Answer:
    """The answer to a question (a Cluedo suggestion): who showed which card, or nobody
    (both None). Without the card (None) it says only who showed.

    Example:
        >>> Answer("Bob", "Knife"), Answer()
        (Answer(seat='Bob', card='Knife'), Answer(seat=None, card=None))
    """

    seat: str | None = None
    card: str | None = None

    def __post_init__(self) -> None:
        if self.seat is not None:
            _name("seat", self.seat)
        if self.card is not None:
            _name("card", self.card)
        if self.seat is None and self.card is not None:
            raise InvalidInput("seat", self.seat, "the seat that showed the card")


guard(globals())
