"""The moves at a Black Stories Investigation table, and the table's solutions.

Events (what happened, reported to :class:`~deduce.games.bsi.Table` in turn order):
:class:`Lay`, :class:`Solve`, :class:`Draw`, :class:`Reshuffle`. Advice: :class:`Play`
(a card to lay) and :class:`AttemptOption` (an attempt to make). A solution of the table
is :class:`Cases`.

Example:
    >>> str(Lay(Card.parse("woman/knife"), 1, 2))
    'woman/knife at seat 1: 2'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from deduce._internal.entry import guard
from deduce._internal.language import N_, M, _, plural
from deduce._internal.validation import check_int
from deduce.errors import InvalidInput
from deduce.games.bsi.cards import Card, Case, shown

__all__ = [
    "AttemptOption",
    "Cases",
    "Draw",
    "Lay",
    "LayOption",
    "Play",
    "Reshuffle",
    "Solve",
    "check_seat",
]


def check_seat(value: Any, players: int, argument: str, *, exclude: int | None = None) -> int:
    """``value`` as a seat of a table of ``players`` (not ``exclude``).

    Raises:
        InvalidInput: not a seat, or the excluded one.

    Example:
        >>> check_seat(2, 3, "target", exclude=0)
        2
    """
    seat = check_int(argument, value, 0, players - 1)
    if seat == exclude:
        seats = [s for s in range(players) if s != exclude]
        raise InvalidInput(argument, value, seats, reason=M("not seat {seat} itself", seat=exclude))
    return seat


def _drops(drops: int) -> str:
    return plural("{n} drop", "{n} drops", drops)


@dataclass(frozen=True, slots=True)
class Lay:
    """Event: the player whose turn it is lays ``card`` at seat ``target``'s grid, field
    ``field``.

    Example:
        >>> Lay(Card(victim="woman", weapon="knife"), 1, 2)
        Lay(card=Card(victim='woman', weapon='knife'), target=1, field=2)
    """

    card: Card
    target: int
    field: str | int

    def __str__(self) -> str:
        said = M(
            "{card} at seat {target}: {field}",
            card=shown(self.card),
            target=self.target,
            field=self.field,
        )
        return str(_(said))


@dataclass(frozen=True, slots=True)
class Solve:
    """Event: the player whose turn it is tries to solve seat ``target``'s case.

    Attributes:
        target: whose case.
        case: the case named.
        drops: the blood drops on the investigation card used (1 to 3).
        correct: whether it was right.
        revealed: when right, the 2- and 3-piece cards the target turned up (onto the
            discard pile) while drawing a new case.
        new_case: when right and the target is seat 0: seat 0's new case.

    Example:
        >>> Solve(1, Case("woman", "day", "inside", "knife"), 3, True).drops
        3
    """

    target: int
    case: Case
    drops: int
    correct: bool
    revealed: tuple[Card, ...] = ()
    new_case: Case | None = None

    def __str__(self) -> str:
        said = (
            N_("seat {target} is {case}? ({drops}, right)")
            if self.correct
            else N_("seat {target} is {case}? ({drops}, wrong)")
        )
        case = shown(self.case)
        return str(_(M(said, target=self.target, case=case, drops=_drops(self.drops))))


@dataclass(frozen=True, slots=True)
class Draw:
    """Event: the player whose turn it is draws a card and ends the turn (``card`` is
    given when seat 0 draws).

    Example:
        >>> Draw()
        Draw(card=None)
    """

    card: Card | None = None

    def __str__(self) -> str:
        if self.card is None:
            return str(_(N_("draws")))
        return str(_(M("draws {card}", card=shown(self.card))))


@dataclass(frozen=True, slots=True)
class Reshuffle:
    """Event: the discard pile is shuffled into a new draw pile now, while the draw pile
    is empty, before anyone needs a card from it (see :meth:`Table.reshuffled`).

    Example:
        >>> str(Reshuffle())
        'the discard pile becomes the draw pile'
    """

    def __str__(self) -> str:
        return str(_(N_("the discard pile becomes the draw pile")))


TableClue = Lay | Solve | Draw | Reshuffle
"""A move at the table: what :class:`~deduce.games.bsi.Table` observes."""


@dataclass(frozen=True, slots=True)
class Play:
    """A move: lay ``card`` from my hand at seat ``target``'s grid.

    Everyone at the table sees the field it goes to, so every player learns the same.

    Example:
        >>> str(Play(Card.parse("woman/knife"), 1))
        'woman/knife -> seat 1'
    """

    card: Card
    target: int

    def __str__(self) -> str:
        return str(_(M("{card} -> seat {target}", card=shown(self.card), target=self.target)))


@dataclass(frozen=True, slots=True)
class AttemptOption:
    """Solving seat ``target``'s case now, naming ``case``, with the card of ``drops``.

    Attributes:
        target: whose case.
        case: the most probable case (the one to name).
        drops: the investigation card to use.
        probability: the chance that ``case`` is right.
        points: the expected points now, ``probability * (drops + max(0, 6 - cards))``.
        wait_points: the expected points of waiting instead (0 when I get no further
            turn). One step (any strategy but ``"points"``): the same attempt after one
            more card of mine at that grid. With ``"points"``: the best attempt on my next
            turn, after one more card of mine at its grid, if nobody else solves that case
            first: ``(1 - risk) * P(right then) * points then``.
        risk: the chance that another player solves the case before my next turn (each
            other player with an investigation card left who is not the target: they see
            the same fields, try with a chance of about ``probability`` and are right with
            the same chance).
        follow_points: the expected points of trying the same case again on my next
            turn if this attempt fails (a failure rules the case named out): after one
            more card of mine at that grid, the most probable case then, with my best
            card left, if nobody else solves it first.
        then_points: the expected points of my next turn's attempt at another case if
            this one succeeds (counted like ``wait_points``, with the cards left).
        waiting: with ``"points"``, the expected points of waiting, every investigation
            card kept: the best ``wait_points`` of every attempt I could make (at any
            seat, with any card). None in the one-step comparison, which weighs each
            attempt against the same attempt later (``wait_points``).

    Example:
        >>> o = AttemptOption(1, Case("man", "day", "inside", "gun"), 3, 0.5, 3.5, 3.0)
        >>> o.advisable
        True
        >>> print(o)
        seat 1 is man/day/inside/gun (3 drops): 50.0% right, 3.50 points now, 3.00 after waiting
    """

    target: int
    case: Case
    drops: int
    probability: float
    points: float
    wait_points: float
    risk: float = 0.0
    follow_points: float = 0.0
    then_points: float = 0.0
    waiting: float | None = None

    @property
    def value(self) -> float:
        """The expected points of attempting now, over this turn and my next: this
        attempt, then the best attempt left on my next turn. After a success that is an
        attempt at another case (``then_points``); after a failure the better of the
        same case again (``follow_points``) and another case (``then_points``):
        ``points + p * then_points + (1 - p) * max(follow_points, then_points)``."""
        p = self.probability
        after_failure = max(self.follow_points, self.then_points)
        return self.points + p * self.then_points + (1.0 - p) * after_failure

    def __str__(self) -> str:
        said = (
            N_(
                "seat {target} is {case} ({drops}): {p:.1f}% right, {points:.2f} points now, "
                "{value:.2f} with my next attempt, {waiting:.2f} after waiting"
            )
            if self.value != self.points
            else N_(
                "seat {target} is {case} ({drops}): {p:.1f}% right, {points:.2f} points now, "
                "{waiting:.2f} after waiting"
            )
        )
        message = M(
            said,
            target=self.target,
            case=shown(self.case),
            drops=_drops(self.drops),
            p=100 * self.probability,
            points=self.points,
            value=self.value,
            waiting=self.compared,
        )
        return str(_(message))

    @property
    def compared(self) -> float:
        """The expected points of waiting that attempting now is weighed against:
        ``waiting`` when known, else the same attempt later (``wait_points``)."""
        return self.wait_points if self.waiting is None else self.waiting

    @property
    def advisable(self) -> bool:
        """Whether attempting now (``value``) is worth at least waiting (``compared``)."""
        return self.points > 0 and self.value >= self.compared - 1e-12


@dataclass(frozen=True, slots=True)
class LayOption:
    """Laying ``play`` now, valued by the points it leads to.

    Attributes:
        play: the card from my hand and the seat to lay it at.
        points: the expected points: for each field the card can go to, the better of the
            best attempt right after it and the best attempt after waiting a turn (see
            :class:`AttemptOption`), weighted by the field's chance.
        information: the bits the field reveals (to every player at the table).
        outcomes: each field the card can go to, with its chance.
        attempts: each field, with the attempt it sets up (None: better to wait).

    Example:
        >>> option = LayOption(Play(Card.parse("woman/day"), 1), 3.0, 1.0,
        ...                    {"0/1": 0.5, 2: 0.5}, {"0/1": None, 2: None})
        >>> print(option)
        woman/day -> seat 1: 3.00 points expected, 1.00 bits
    """

    play: Play
    points: float
    information: float
    outcomes: dict[str | int, float] = dataclasses.field(compare=False)
    attempts: dict[str | int, AttemptOption | None] = dataclasses.field(compare=False)

    def __str__(self) -> str:
        said = M(
            "{play}: {points:.2f} points expected, {bits:.2f} bits",
            play=self.play,
            points=self.points,
            bits=self.information,
        )
        return str(_(said))


@dataclass(frozen=True, slots=True)
class Cases:
    """A solution at the table: one case per opponent, seat 1 first.

    Example:
        >>> both = Cases((Case.parse("man/day/inside/gun"), Case.parse("woman/day/inside/knife")))
        >>> both.of(2), len(both)
        (Case('woman', 'day', 'inside', 'knife'), 2)
        >>> print(both)
        seat 1: man/day/inside/gun, seat 2: woman/day/inside/knife
    """

    cases: tuple[Case, ...]

    def of(self, seat: int) -> Case:
        """The case of opponent ``seat`` (1 to the number of players - 1)."""
        return self.cases[check_seat(seat, len(self.cases) + 1, "seat", exclude=0) - 1]

    def __iter__(self) -> Iterator[Case]:
        return iter(self.cases)

    def __len__(self) -> int:
        return len(self.cases)

    def __str__(self) -> str:
        return ", ".join(
            str(_(M("seat {seat}: {case}", seat=i, case=shown(case))))
            for i, case in enumerate(self.cases, 1)
        )


guard(globals())
