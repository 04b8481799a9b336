"""The deals that agree with what is known, counted exactly: :class:`Deals`.

Every card is dealt to one seat (the solution seat holds one card of each category), and
every deal that agrees with the constraints is equally likely (or weighs what its
solution weighs, times, for each card a seat showed choosing at random
(:class:`Shows`), the chance that it shows that card). :class:`Deals` counts them
without listing them, and from the count gives where each card is
(:meth:`Deals.marginals`), how likely each solution is (:meth:`Deals.solutions`), whole
deals drawn with the chance of their weight (:meth:`Deals.sample`) or all of them when
they are few (:meth:`Deals.every`), and the answers to a question about some
cards, a Cluedo suggestion (:meth:`Deals.answers`): who is the first of the seats asked
in turn to hold one of them, and which card that seat shows, with the information the
answer gives about the solution (:meth:`Deals.information`). Probabilities are
:class:`~fractions.Fraction`; counts are Python integers, however large.

Constraints that no deal satisfies make :class:`Deals` raise
:class:`~deduce.Contradiction` naming a smallest set of them that cannot stand together
(found by leaving each out in turn): a :class:`Deals` always has at least one deal.
:func:`count_deals` counts without raising, 0 for a contradiction.

How: the deals are counted by inclusion and exclusion over the sets of unknown cards,
with numpy, exactly (see ``deduce/core/dealing/_lattice.py``), each seat's hands
weighed for the cards it showed at random (whole numbers: the weights times a common
multiple, divided out at the end); cards that every constraint treats alike are
counted together, so a table is counted over far fewer
sets early in a game, and never more than :data:`MAX_POINTS` (about two million).

Example:
    >>> setup = Setup(("Plum", "Green", "Rope", "Knife", "Hall", "Study"), {"Ann": 2, "Bob": 1},
    ...               categories=(("Plum", "Green"), ("Rope", "Knife"), ("Hall", "Study")))
    >>> deals = Deals(setup, [Holds("Ann", "Plum"), Lacks("Bob", "Rope")])
    >>> deals.count, deals.solution_cards()["Rope"]
    (6, Fraction(2, 3))
    >>> list(deals.solutions().values())
    [Fraction(1, 3), Fraction(1, 3), Fraction(1, 6), Fraction(1, 6)]
    >>> deals.answers(("Green", "Knife", "Hall"), ["Bob"])[Answer("Bob", "Knife")]
    Fraction(1, 3)
    >>> round(deals.information([("Green", "Knife", "Hall")], ["Bob"])[0], 3)
    0.918
"""

from __future__ import annotations

import random
import threading
from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import partial
from itertools import accumulate
from typing import Any

import numpy as np

from deduce._internal.entry import guard
from deduce._internal.validation import check_int
from deduce.core.dealing._answers import (
    AnswerCounts,
    Question,
    Ready,
    answer_batch,
    summary_batch,
)
from deduce.core.dealing._checks import (
    card_list,
    checked_constraints,
    checked_order,
    checked_preference,
    checked_weights,
    frame_of,
    known_of,
    random_of,
    solution_seat,
)
from deduce.core.dealing._counting import MAX_POINTS, Tally, TooLarge, tally
from deduce.core.dealing._reduced import Frame, Known, Reduced, reduce
from deduce.core.dealing.values import (  # the examples read the constraints from here
    Answer,
    Constraint,
    Deal,
    Holds,  # noqa: F401
    HoldsOneOf,  # noqa: F401
    Lacks,  # noqa: F401
    LacksOneOf,  # noqa: F401
    Setup,
    Shows,  # noqa: F401
    Weighs,  # noqa: F401
)
from deduce.core.info import mutual_information
from deduce.errors import Contradiction, InvalidInput

__all__ = ["MAX_POINTS", "Deals", "count_deals"]


_READY = 2
"""How many deals keep their table ready to answer questions (see ``Deals._answering``)."""

_answered_last: list[Deals] = []
_answering_lock = threading.Lock()


class Deals:
    """Every deal of ``setup`` that agrees with ``constraints``, counted.

    Immutable: :meth:`add` returns a new one.

    Args:
        setup: the cards and seats.
        constraints: what is known (:class:`Holds`, :class:`Lacks`,
            :class:`HoldsOneOf`, :class:`LacksOneOf`, :class:`Shows`, :class:`Weighs`),
            in the order it was learnt. A :class:`Shows` weighs each deal by the chance
            that its seat shows that card, a :class:`Weighs` by its factor for each of
            its cards the seat holds.
        weights: optionally a weight for some solutions (an integer from 0; the
            solution's cards in the order of :meth:`solutions`); any other solution
            weighs 1. A deal weighs what its solution weighs.

    Raises:
        InvalidInput: a value that is not what it should be (naming it), a table that
            would sum over more than :data:`MAX_POINTS` points, or weights that leave
            no deal any weight.
        Contradiction: no deal agrees with the constraints; ``.clue`` is the last of a
            smallest set of them that cannot stand together, ``.conflict`` the others.

    Example:
        >>> setup = Setup(("a", "b", "c", "d"), {"Ann": 2, "Bob": 2})
        >>> Deals(setup, [HoldsOneOf("Ann", ("a", "b"))]).count
        5
        >>> try:
        ...     Deals(setup, [Holds("Ann", "a"), Lacks("Bob", "c"), Lacks("Ann", "a")])
        ... except Contradiction as error:
        ...     print(error)
        Lacks(seat='Ann', card='a') contradicts the earlier clue: Holds(seat='Ann', card='a')
    """

    __slots__ = (
        "_constraints",
        "_count",
        "_frame",
        "_informed",
        "_known",
        "_ready",
        "_reduced",
        "_setup",
        "_tally",
        "_weights",
    )

    def __init__(
        self,
        setup: Setup,
        constraints: Iterable[Constraint] = (),
        *,
        weights: Mapping[tuple[str, ...], int] | None = None,
    ) -> None:
        if not isinstance(setup, Setup):
            raise InvalidInput("setup", setup, "a Setup")
        self._setup = setup
        self._constraints = checked_constraints(setup, constraints)
        self._weights = checked_weights(setup, weights)
        self._frame = frame_of(setup)
        self._known = known_of(setup, self._constraints)
        self._tally: Tally | None = None
        self._informed: tuple[Any, tuple[float, ...]] | None = None  # the last information
        self._reduced: Reduced | None = None
        self._ready: dict[int, Ready] = {}  # the table ready to answer (see _answering)
        count = _count(self._frame, len(setup.cards), self._known, self._index_weights())
        if count == 0:
            clue, conflict = _smallest_conflict(setup, self._constraints)
            raise Contradiction(clue, conflict)
        self._count = count
        if self._weights and self.weight == 0:
            raise InvalidInput(
                "weights",
                weights,
                "a weight above 0 for some solution that is left",
                reason="every deal left weighs 0",
            )

    def __repr__(self) -> str:
        return f"Deals({self._setup!r}, {list(self._constraints)!r}" + (
            f", weights={dict(self._weights)!r})" if self._weights else ")"
        )

    @property
    def setup(self) -> Setup:
        """The cards and seats.

        Example:
            >>> Deals(Setup(("a", "b"), {"Ann": 1, "Bob": 1})).setup.seats
            ('Ann', 'Bob')
        """
        return self._setup

    @property
    def constraints(self) -> tuple[Constraint, ...]:
        """What is known, in the order it was learnt.

        Example:
            >>> Deals(Setup(("a", "b"), {"Ann": 1, "Bob": 1}), [Holds("Ann", "a")]).constraints
            (Holds(seat='Ann', card='a'),)
        """
        return self._constraints

    @property
    def weights(self) -> dict[tuple[str, ...], int]:
        """The weights given to solutions (the others weigh 1).

        Example:
            >>> Deals(Setup(("a", "b"), {"Ann": 1, "Bob": 1}, solution="Bob"),
            ...       weights={("a",): 3}).weights
            {('a',): 3}
        """
        return dict(self._weights)

    @property
    def exact(self) -> bool:
        """True: every probability is counted exactly (an estimate,
        :class:`~deduce.core.dealing.EstimatedDeals`, says False).

        Example:
            >>> Deals(Setup(("a", "b"), {"Ann": 1, "Bob": 1})).exact
            True
        """
        return True

    @property
    def error(self) -> float:
        """0.0: an exact count has no standard error (an estimate's is above 0).

        Example:
            >>> Deals(Setup(("a", "b"), {"Ann": 1, "Bob": 1})).error
            0.0
        """
        return 0.0

    def add(self, *constraints: Constraint) -> Deals:
        """The deals that also agree with ``constraints``.

        Raises:
            Contradiction: no deal agrees with them all; this one is unchanged.

        Example:
            >>> deals = Deals(Setup(("a", "b", "c"), {"Ann": 1, "Bob": 2}))
            >>> deals.add(Lacks("Ann", "a")).count, deals.count
            (2, 3)
        """
        return Deals(
            self._setup,
            (*self._constraints, *constraints),
            weights=dict(self._weights) or None,
        )

    @property
    def count(self) -> int:
        """The number of deals (unweighted: a :class:`Shows` counts as :class:`Holds`,
        a :class:`Weighs` as nothing).

        Example:
            >>> Deals(Setup(("a", "b", "c", "d"), {"Ann": 2, "Bob": 2})).count
            6
        """
        return self._count

    @property
    def weight(self) -> int | Fraction:
        """The total weight of the deals (:attr:`count` without weights): each deal
        weighs its solution's weight times, for each :class:`Shows`, the chance that its
        seat shows that card, and for each :class:`Weighs`, its factor to the number of
        its cards the seat holds (a :class:`~fractions.Fraction` when not whole).

        Example:
            >>> setup = Setup(("a", "b", "c"), {"Ann": 2, "aside": 1}, solution="aside")
            >>> Deals(setup, weights={("a",): 2}).weight
            4
            >>> Deals(setup, [Shows("Ann", "b", among=("b", "c"))]).weight
            Fraction(3, 2)
            >>> Deals(setup, [Weighs("Ann", ("a",), Fraction(1, 4))]).weight  # 1/4 + 1/4 + 1
            Fraction(3, 2)
        """
        reduced = self._table()
        weight = Fraction(self._full().weight, reduced.scale) * reduced.shown
        return weight.numerator if weight.denominator == 1 else weight

    def marginals(self) -> dict[str, dict[str, Fraction]]:
        """For every seat, for every card, the probability that the seat holds it.

        Example:
            >>> deals = Deals(Setup(("a", "b", "c"), {"Ann": 1, "Bob": 2}), [Lacks("Ann", "a")])
            >>> deals.marginals()["Bob"]
            {'a': Fraction(1, 1), 'b': Fraction(1, 2), 'c': Fraction(1, 2)}
        """
        counted = self._full()
        total = counted.weight
        return {
            seat: {
                card: Fraction(counted.marginals[j][i], total)
                for i, card in enumerate(self._setup.cards)
            }
            for j, seat in enumerate(self._setup.seats)
        }

    def solutions(self) -> dict[tuple[str, ...], Fraction]:
        """Every solution still possible, most probable first (ties in card order), with
        its probability: the solution seat's cards, one per category in the order of
        the categories (or, for a solution seat with a size, in card order).

        Raises:
            InvalidInput: the setup has no solution seat.

        Example:
            >>> setup = Setup(("a", "b", "x"), {"Ann": 1}, categories=(("a", "b"), ("x",)))
            >>> Deals(setup, [HoldsOneOf("Ann", ("a", "x"))]).solutions()
            {('b', 'x'): Fraction(1, 1)}
        """
        solution_seat(self._setup)
        counted = self._full()
        cards = self._setup.cards
        ranked = sorted(counted.solutions.items(), key=lambda item: (-item[1], item[0]))
        return {tuple(cards[c] for c in hand): Fraction(w, counted.weight) for hand, w in ranked}

    def solution_cards(self) -> dict[str, Fraction]:
        """For every card, the probability that it is in the solution.

        Raises:
            InvalidInput: the setup has no solution seat.

        Example:
            >>> setup = Setup(("a", "b", "x"), {"Ann": 1}, categories=(("a", "b"), ("x",)))
            >>> Deals(setup).solution_cards()
            {'a': Fraction(1, 2), 'b': Fraction(1, 2), 'x': Fraction(1, 1)}
        """
        solution = solution_seat(self._setup)
        return self.marginals()[solution]

    def sample(self, n: int = 1, *, seed: Any = None) -> tuple[Deal, ...]:
        """``n`` deals drawn independently, each with the probability of its weight.

        Args:
            n: how many (0 to 1,000,000).
            seed: None (unpredictable), an integer, a ``random.Random`` or a numpy
                ``Generator`` (drawn from once, then used as given).

        Example:
            >>> deals = Deals(Setup(("a", "b", "c"), {"Ann": 1, "Bob": 2}), [Lacks("Ann", "a")])
            >>> [deal.hand("Ann") for deal in deals.sample(3, seed=2)]
            [('b',), ('b',), ('b',)]
        """
        n = check_int("n", n, 0, 1_000_000)
        rng = random_of(seed)
        result: list[dict[int, int]] = [{} for _ in range(n)]
        self._draw(self._known, self._order(), list(range(n)), result, rng)
        return tuple(self._deal(placed) for placed in result)

    def every(self, *, limit: int = 10_000) -> tuple[Deal, ...]:
        """Every deal, when there are at most ``limit`` of them (the solution's hands, then
        the other seats' in turn, each in card order).

        Raises:
            InvalidInput: more deals than ``limit``.

        Example:
            >>> deals = Deals(Setup(("a", "b", "c"), {"Ann": 1, "Bob": 2}), [Lacks("Ann", "a")])
            >>> [deal.hand("Ann") for deal in deals.every()]
            [('b',), ('c',)]
        """
        limit = check_int("limit", limit, 0, 1_000_000)
        if self.count > limit:
            raise InvalidInput(
                "limit", limit, f"at least the number of deals, {self.count}", reason="too few"
            )
        found: list[dict[int, int]] = []
        self._walk(self._known, self._order(), found)
        return tuple(self._deal(placed) for placed in found)

    def answers(
        self,
        cards: Sequence[str],
        order: Sequence[str],
        *,
        preference: Mapping[str, Sequence[str]] | None = None,
        seen: bool = True,
    ) -> dict[Answer, Fraction]:
        """The probability of each answer to a question about ``cards`` (a Cluedo
        suggestion): the seats of ``order`` are asked in turn, and the first that holds
        any of the cards shows one of them: each it holds equally likely, or the first it
        holds in its ``preference``. The answers that can happen, nobody first, then in
        turn and card order.

        Args:
            cards: the cards asked about.
            order: the seats asked, in turn (never the solution seat).
            preference: optionally, for some seats, the order in which they show cards
                (a seat holding none of its listed cards shows one of the others at
                random).
            seen: whether the card shown is seen: without it an answer is only who
                showed (``Answer(seat)``).

        Example:
            >>> deals = Deals(Setup(("a", "b", "c"), {"Ann": 1, "Bob": 2}))
            >>> answers = deals.answers(["a", "b"], ["Ann"], seen=False)
            >>> answers[Answer()], answers[Answer("Ann")]
            (Fraction(1, 3), Fraction(2, 3))
        """
        result = self._answered([cards], order, preference, seen, joint=False, argument="cards")[0]
        total = self._full().weight * result.scale
        merged: dict[Answer, int] = {}
        for outcome, value in zip(result.outcomes, result.counts[0], strict=True):
            answer = self._answer(outcome, seen)
            merged[answer] = merged.get(answer, 0) + value
        return {answer: Fraction(v, total) for answer, v in merged.items() if v}

    def joint_answers(
        self,
        cards: Sequence[str],
        order: Sequence[str],
        *,
        preference: Mapping[str, Sequence[str]] | None = None,
        seen: bool = True,
    ) -> dict[tuple[tuple[str, ...], Answer], Fraction]:
        """The probability of each solution together with each answer to a question (see
        :meth:`answers`), the pairs that can happen, in the order of :meth:`solutions`.

        Raises:
            InvalidInput: the setup has no solution seat (or a wrong argument).

        Example:
            >>> setup = Setup(("a", "b", "x"), {"Ann": 1}, categories=(("a", "b"), ("x",)))
            >>> for (solution, answer), p in Deals(setup).joint_answers(["a"], ["Ann"]).items():
            ...     print(solution, answer, p)
            ('a', 'x') Answer(seat=None, card=None) 1/2
            ('b', 'x') Answer(seat='Ann', card='a') 1/2
        """
        solution_seat(self._setup)
        result = self._answered([cards], order, preference, seen, joint=True, argument="cards")[0]
        total = self._full().weight * result.scale
        names = self._setup.cards
        joint: dict[tuple[tuple[str, ...], Answer], int] = {}
        for hands, row in zip(result.hands(), result.counts, strict=True):
            for hand in hands:
                solution = tuple(names[c] for c in hand)
                for outcome, value in zip(result.outcomes, row, strict=True):
                    key = (solution, self._answer(outcome, seen))
                    joint[key] = joint.get(key, 0) + value
        rank = {solution: i for i, solution in enumerate(self.solutions())}
        ordered = sorted(joint.items(), key=lambda item: rank.get(item[0][0], len(rank)))
        return {key: Fraction(v, total) for key, v in ordered if v}

    def information(
        self,
        suggestions: Sequence[Sequence[str]],
        order: Sequence[str],
        *,
        preference: Mapping[str, Sequence[str]] | None = None,
        seen: bool = True,
    ) -> tuple[float, ...]:
        """For each question, the bits its answer is expected to give about the
        solution: the mutual information of the answer (see :meth:`answers`) and the
        solution. A question whose answer only tells where other cards are gives 0.

        Args:
            suggestions: the questions, each the cards asked about.
            order, preference, seen: as for :meth:`answers`, the same for every question.

        Raises:
            InvalidInput: the setup has no solution seat (or a wrong argument).

        Example:
            >>> setup = Setup(("a", "b", "x"), {"Ann": 1}, categories=(("a", "b"), ("x",)))
            >>> Deals(setup).information([["a"], ["x"]], ["Ann"])
            (1.0, 0.0)
        """
        solution_seat(self._setup)
        if not isinstance(suggestions, (list, tuple)):
            raise InvalidInput(
                "suggestions", suggestions, "a list of questions, each a list of cards"
            )
        reduced, parsed = self._questions(suggestions, order, preference, seen, "suggestions")
        key = (tuple(parsed), bool(seen))
        if self._informed is not None and self._informed[0] == key:
            return self._informed[1]
        try:
            found = summary_batch(
                reduced,
                parsed,
                partial(_mutual_information, seen=seen),
                joint=True,
                weights=self._index_weights(),
                kept=self._answering(),
            )
        except TooLarge as error:
            raise _too_large(error) from None
        self._informed = (key, tuple(found))
        return self._informed[1]

    # -- the work --------------------------------------------------------------------------

    def _index_weights(self) -> dict[tuple[int, ...], int] | None:
        if not self._weights:
            return None
        index = {card: i for i, card in enumerate(self._setup.cards)}
        return {tuple(index[c] for c in hand): w for hand, w in self._weights}

    def _full(self) -> Tally:
        if self._tally is None:
            reduced = self._table()
            self._tally = _tallied(reduced, len(self._setup.cards), self._index_weights())
        return self._tally

    def _table(self) -> Reduced:
        """The table with every card placed that the clues place (worked out once)."""
        if self._reduced is None:
            self._reduced = reduce(self._frame, len(self._setup.cards), self._known)
        return self._reduced

    def _answering(self) -> dict[int, Ready]:
        """The table made ready to answer questions, kept between questions: only by
        the last :data:`_READY` deals that answered any, so that a game's history of
        notebooks does not keep every table's sums."""
        with _answering_lock:
            if not any(held is self for held in _answered_last):
                _answered_last.append(self)
                if len(_answered_last) > _READY:
                    _answered_last.pop(0)._ready.clear()
        return self._ready

    def _answer(self, outcome: tuple[int, int], seen: bool) -> Answer:
        seat, card = outcome
        if seat < 0:
            return Answer()
        name = self._setup.seats[seat]
        return Answer(name, self._setup.cards[card] if seen else None)

    def _answered(
        self,
        questions: Sequence[Sequence[str]],
        order: Sequence[str],
        preference: Mapping[str, Sequence[str]] | None,
        seen: bool,
        *,
        joint: bool,
        argument: str,
    ) -> list[AnswerCounts]:
        reduced, parsed = self._questions(questions, order, preference, seen, argument)
        try:
            return answer_batch(
                reduced, parsed, joint=joint, weights=self._index_weights(), kept=self._answering()
            )
        except TooLarge as error:
            raise _too_large(error) from None

    def _questions(
        self,
        questions: Sequence[Sequence[str]],
        order: Sequence[str],
        preference: Mapping[str, Sequence[str]] | None,
        seen: bool,
        argument: str,
    ) -> tuple[Reduced, list[Question]]:
        """The table and the questions in numbers, each checked."""
        setup = self._setup
        if not isinstance(seen, (bool, np.bool_)):
            raise InvalidInput("seen", seen, "True or False")
        asked = checked_order(setup, order)
        prefer = checked_preference(setup, preference, asked)
        parsed = []
        for i, cards in enumerate(questions):
            name = argument if argument == "cards" else f"{argument}[{i}]"
            numbers = card_list(setup, cards, name)
            parsed.append(Question(numbers, asked, prefer))
        return self._table(), parsed

    def _hands(self, known: Known, seat: int) -> dict[tuple[int, ...], int]:
        """Every hand ``seat`` may hold with ``known``, and the weight of its deals: the
        solution's (weighted) from the full count, another seat's as if it were the
        solution seat (a seat with a size), the solution placed already."""
        n_cards = len(self._setup.cards)
        if seat == self._frame.solution and known == self._known:
            return self._full().solutions
        frame = Frame(self._frame.sizes, (), seat)
        return _tallied(reduce(frame, n_cards, known), n_cards, None, frozenset()).solutions

    def _order(self) -> list[int]:
        """The seats whose hands are drawn or listed in turn: the solution first, then
        every other seat that holds cards but the last (its hand is what is left)."""
        solution = self._frame.solution
        others = [j for j, size in enumerate(self._frame.sizes) if size and j != solution]
        first = [solution] if solution is not None and self._frame.sizes[solution] else []
        return first + others[:-1]

    def _draw(
        self,
        known: Known,
        seats: list[int],
        samples: list[int],
        result: list[dict[int, int]],
        rng: random.Random,
    ) -> None:
        """Deal the hands of ``seats`` in turn to ``samples``, each hand with the weight
        of the deals that have it; the deals that share a hand go on together."""
        if not samples:
            return
        n_cards = len(self._setup.cards)
        if not seats:
            reduced = reduce(self._frame, n_cards, known)
            for i in samples:
                result[i] = dict(enumerate(reduced.placed))
            return
        seat = seats[0]
        hands = list(self._hands(known, seat).items())
        total = sum(w for _, w in hands)
        cumulative = list(accumulate(w for _, w in hands))
        chosen: dict[int, list[int]] = {}
        for i in samples:
            chosen.setdefault(bisect_right(cumulative, rng.randrange(total)), []).append(i)
        for h, group in sorted(chosen.items()):
            placed = Known(holds=tuple((seat, card) for card in hands[h][0]))
            self._draw(known.plus(placed), seats[1:], group, result, rng)

    def _walk(self, known: Known, seats: list[int], found: list[dict[int, int]]) -> None:
        """Every deal: every hand of the first seat of ``seats`` that has deals, then
        the next seat's."""
        n_cards = len(self._setup.cards)
        if not seats:
            found.append(dict(enumerate(reduce(self._frame, n_cards, known).placed)))
            return
        seat = seats[0]
        for hand in sorted(self._hands(known, seat), key=sorted):
            placed = Known(holds=tuple((seat, card) for card in hand))
            self._walk(known.plus(placed), seats[1:], found)

    def _deal(self, placed: dict[int, int]) -> Deal:
        setup = self._setup
        hands = []
        for j, seat in enumerate(setup.seats):
            cards = [c for c, s in placed.items() if s == j]
            if seat == setup.solution and setup.categories:
                position = {
                    card: n for n, category in enumerate(setup.categories) for card in category
                }
                names = sorted((setup.cards[c] for c in cards), key=lambda name: position[name])
            else:
                names = [setup.cards[c] for c in sorted(cards)]
            hands.append((seat, tuple(names)))
        return Deal(tuple(hands))


def count_deals(
    setup: Setup,
    constraints: Iterable[Constraint] = (),
    *,
    weights: Mapping[tuple[str, ...], int] | None = None,
) -> int:
    """The number of deals of ``setup`` that agree with ``constraints`` (0 when they
    contradict each other; ``weights`` only checked, the count is unweighted).

    Example:
        >>> setup = Setup(("a", "b", "c", "d"), {"Ann": 2, "Bob": 2})
        >>> count_deals(setup, [Holds("Ann", "a")])
        3
        >>> count_deals(setup, [Holds("Ann", "a"), Lacks("Ann", "a")])
        0
    """
    if not isinstance(setup, Setup):
        raise InvalidInput("setup", setup, "a Setup")
    checked = checked_constraints(setup, constraints)
    checked_weights(setup, weights)
    return _count(frame_of(setup), len(setup.cards), known_of(setup, checked), None)


def _too_large(error: TooLarge) -> InvalidInput:
    return InvalidInput(
        "constraints",
        f"{error.unknown} unknown cards of {error.kinds} kinds",
        f"a table whose sums run over at most {MAX_POINTS:,} points",
        reason=f"these need {error.points:,}",
    )


def _tallied(
    reduced: Any,
    n_cards: int,
    weights: dict[tuple[int, ...], int] | None,
    cards: frozenset[int] | None = None,
) -> Tally:
    try:
        return tally(reduced, n_cards, weights, cards)
    except TooLarge as error:
        raise _too_large(error) from None


def _count(
    frame: Frame, n_cards: int, known: Known, weights: dict[tuple[int, ...], int] | None
) -> int:
    reduced = reduce(frame, n_cards, known.plain())
    if not reduced.possible:
        return 0
    return _tallied(reduced, n_cards, weights, frozenset()).count


def _smallest_conflict(
    setup: Setup, constraints: tuple[Constraint, ...]
) -> tuple[Constraint, tuple[Constraint, ...]]:
    """A smallest set of ``constraints`` that no deal satisfies (each left out in turn,
    from the last, and dropped if the rest still admit no deal): its last member, and
    the others in order."""
    frame = frame_of(setup)
    n_cards = len(setup.cards)
    kept = list(range(len(constraints)))
    for i in reversed(range(len(constraints))):
        trial = [j for j in kept if j != i]
        if _count(frame, n_cards, known_of(setup, [constraints[j] for j in trial]), None) == 0:
            kept = trial
    return constraints[kept[-1]], tuple(constraints[j] for j in kept[:-1])


def _mutual_information(result: AnswerCounts, *, seen: bool) -> float:
    """The mutual information, in bits, of the answer and the solution."""
    counts = np.array(result.counts, dtype=object)
    if not seen:  # merge the answers of each seat
        seats = sorted({seat for seat, _ in result.outcomes})
        merged = np.zeros((len(counts), len(seats)), dtype=object)
        for o, (seat, _) in enumerate(result.outcomes):
            merged[:, seats.index(seat)] += counts[:, o]
        counts = merged
    whole = result.sizes()
    total = float((counts.sum(axis=1) * np.array(whole, dtype=object)).sum())
    return mutual_information(counts.astype(np.float64) / total, whole)  # per hand of a group


guard(globals())
