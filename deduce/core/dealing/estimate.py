"""Where a table is too large to count exactly: an estimate, flagged, with its error.

:class:`Deals` counts every deal exactly, but refuses a table whose sums would run over
more than :data:`~deduce.core.dealing.MAX_POINTS` points. :func:`count_or_estimate`
counts exactly whenever the table fits, and otherwise estimates
(:class:`EstimatedDeals`):

1. it *relaxes* the table until it fits: a factor on holding cards (:class:`Weighs`)
   is first left out, a card shown at random (:class:`Shows`) read as simply held;
   then "holds one of" and "not all of" (:class:`HoldsOneOf`, :class:`LacksOneOf`),
   then :class:`Lacks` are left out, each time the one that makes the table smallest
   (the newest on a tie), until it fits;
   then those that still fit are put back (the last left out first);
2. it counts the relaxed table exactly and draws :data:`DRAWS` deals from it, each with
   the chance of its weight (:meth:`Deals.sample`), from a seed of its own that follows
   from the constraints (the same table always gives the same estimate);
3. it weighs each draw by what was left out: 0 when the deal breaks a constraint left
   out, ``1/k`` for a card shown at random read as held (the seat held ``k`` of the
   cards asked about), ``factor ** k`` for a factor left out (``k`` of its cards
   held), which is exactly the weight the exact count gives it;
4. every probability is then the weighted share of the draws, with a standard error
   ``sqrt(p (1 - p) / n_eff)`` from the effective number of draws
   ``n_eff = (sum w)^2 / sum w^2`` (:attr:`EstimatedDeals.error` is the largest over
   every card in every seat).

The estimate is never silent: :attr:`EstimatedDeals.exact` is False (:attr:`Deals.exact`
is True), and :attr:`EstimatedDeals.error` says how far off it may be. Where no draw
agrees with every constraint left out, no estimate can be had: that is refused with
:class:`~deduce.InvalidInput` in plain words.

Example:
    >>> from deduce.core.dealing import HoldsOneOf, Setup
    >>> setup = Setup(tuple("abcdef"), {"Ann": 2, "Bob": 2, "Cy": 2})
    >>> deals = count_or_estimate(setup, [HoldsOneOf("Ann", ("a", "b"))])
    >>> deals.exact, deals.count
    (True, 54)
    >>> estimate = EstimatedDeals(setup, [HoldsOneOf("Ann", ("a", "b"))], limit=7)
    >>> estimate.exact, estimate.dropped
    (False, (HoldsOneOf(seat='Ann', cards=('a', 'b')),))
    >>> p = estimate.marginals()["Ann"]["a"]          # exactly 5/9 = 0.556
    >>> abs(p - 5 / 9) < 4 * estimate.error
    True
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

import deduce.core.dealing._counting as counting
from deduce._internal.entry import guard
from deduce._internal.validation import check_int
from deduce.core.dealing._checks import (
    card_list,
    checked_constraints,
    checked_order,
    checked_preference,
    frame_of,
    known_of,
    random_of,
    solution_seat,
)
from deduce.core.dealing._reduced import kinds, reduce
from deduce.core.dealing.counter import Deals
from deduce.core.dealing.values import (
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
from deduce.core.info import mutual_information
from deduce.errors import InvalidInput

__all__ = ["DRAWS", "EstimatedDeals", "count_or_estimate", "points"]

DRAWS = 500
"""How many deals an estimate draws from its relaxed table (a fixed number: the estimate
never depends on the clock). Its standard error is about ``0.5 / sqrt(n_eff)`` at worst,
with ``n_eff`` at most this."""

_TOO_MANY = (
    "too many clues to count every deal exactly, and none of the {draws} deals drawn from "
    "a looser count agrees with them all, so not even an estimate can be given"
)


def points(
    setup: Setup,
    constraints: Iterable[Constraint] = (),
    *,
    weights: Mapping[tuple[str, ...], int] | None = None,
) -> int:
    """How many points the exact count of a table sums over (0 when its constraints
    plainly leave no deal): :class:`Deals` counts it when this is at most
    :data:`~deduce.core.dealing.MAX_POINTS`.

    Example:
        >>> from deduce.core.dealing import HoldsOneOf, Setup
        >>> setup = Setup(tuple("abcdef"), {"Ann": 3, "Bob": 3})
        >>> points(setup), points(setup, [HoldsOneOf("Ann", ("a", "b"))])
        (7, 15)
    """
    checked = checked_constraints(setup, constraints)
    return _points(setup, checked, bool(weights))


def _points(setup: Setup, constraints: Sequence[Constraint], weighted: bool) -> int:
    frame = frame_of(setup)
    reduced = reduce(frame, len(setup.cards), known_of(setup, constraints))
    if not reduced.possible:
        return 0
    sol = frame.solution
    alone: frozenset[int] = frozenset()
    if weighted and sol is not None and reduced.need[sol] > 0:
        alone = frozenset(c for c in reduced.unknown if c not in reduced.cannot[sol])
    return kinds(reduced, alone).points


def count_or_estimate(
    setup: Setup,
    constraints: Iterable[Constraint] = (),
    *,
    weights: Mapping[tuple[str, ...], int] | None = None,
    draws: int | None = None,
    seed: int | None = None,
    limit: int | None = None,
) -> Deals | EstimatedDeals:
    """The deals of ``setup`` that agree with ``constraints``: counted exactly
    (:class:`Deals`) when the table fits in :data:`~deduce.core.dealing.MAX_POINTS`
    points (or ``limit``), else estimated (:class:`EstimatedDeals`, ``draws``, ``seed``
    and ``limit`` as there).
    Both say which they are (``.exact``) and how far off they may be (``.error``).

    Raises:
        InvalidInput: a wrong argument, or a table too large even to estimate.
        Contradiction: no deal agrees with the constraints (found exactly).

    Example:
        >>> from deduce.core.dealing import Lacks, Setup
        >>> deals = count_or_estimate(Setup(("a", "b", "c"), {"Ann": 1, "Bob": 2}),
        ...                           [Lacks("Ann", "a")])
        >>> deals.exact, deals.error, deals.count
        (True, 0.0, 2)
    """
    checked = checked_constraints(setup, constraints)
    most = _limit(limit)
    if _points(setup, checked, bool(weights)) <= most:
        return Deals(setup, checked, weights=weights)
    return EstimatedDeals(setup, checked, weights=weights, draws=draws, seed=seed, limit=most)


def _limit(limit: Any) -> int:
    if limit is None:
        return counting.MAX_POINTS
    return check_int("limit", limit, 1, counting.MAX_POINTS)


class EstimatedDeals:
    """Every deal of ``setup`` that agrees with ``constraints``, estimated from deals
    drawn from a looser table that can be counted exactly (see the module's text).

    It reads like :class:`Deals` (:meth:`marginals`, :meth:`solutions`, :meth:`answers`,
    :meth:`information`, ...), with floats for probabilities; it is flagged
    (:attr:`exact` is False) and carries its standard error (:attr:`error`).

    Args:
        setup: the cards and seats.
        constraints: what is known, in the order it was learnt.
        weights: a weight for some solutions, as for :class:`Deals`.
        draws: how many deals to draw from the relaxed table (1 to 1,000,000; default
            :data:`DRAWS`).
        seed: the seed of the draws; None (the default) derives it from the
            constraints, so the same table always gives the same estimate.
        limit: the most points the relaxed table may sum over (default, and at most,
            :data:`~deduce.core.dealing.MAX_POINTS`).

    Raises:
        InvalidInput: a wrong argument, or no draw agrees with every constraint left out
            (no estimate can be had).
        Contradiction: no deal agrees even with the relaxed table.

    Example:
        >>> from deduce.core.dealing import HoldsOneOf, Lacks, Setup
        >>> setup = Setup(tuple("abcdef"), {"Ann": 2, "Bob": 2, "Cy": 2})
        >>> clues = [Lacks("Bob", "c"), HoldsOneOf("Ann", ("a", "b"))]
        >>> points(setup, clues), points(setup, clues[:1])
        (24, 12)
        >>> est = EstimatedDeals(setup, clues, limit=12)
        >>> est.exact, est.relaxed.count, est.dropped    # exactly 33 deals
        (False, 60, (HoldsOneOf(seat='Ann', cards=('a', 'b')),))
        >>> est.marginals()["Bob"]["c"], est.kept, est.draws, round(est.error, 3)
        (0.0, 275, 500, 0.03)
    """

    __slots__ = (
        "_constraints",
        "_dropped",
        "_limit",
        "_marginals",
        "_relaxed",
        "_sample",
        "_seed",
        "_setup",
        "_solution_ids",
        "_solutions",
        "_w",
        "_weights",
        "_where",
    )

    def __init__(
        self,
        setup: Setup,
        constraints: Iterable[Constraint] = (),
        *,
        weights: Mapping[tuple[str, ...], int] | None = None,
        draws: int | None = None,
        seed: int | None = None,
        limit: int | None = None,
    ) -> None:
        if not isinstance(setup, Setup):
            raise InvalidInput("setup", setup, "a Setup")
        draws = check_int("draws", DRAWS if draws is None else draws, 1, 1_000_000)
        self._setup = setup
        self._constraints = checked_constraints(setup, constraints)
        self._weights = dict(weights) if weights else None
        self._limit = _limit(limit)
        kept, dropped = _relax(setup, self._constraints, bool(weights), self._limit)
        self._dropped = dropped
        self._marginals: dict[str, dict[str, float]] | None = None
        self._relaxed = Deals(setup, kept, weights=self._weights)
        if seed is None:
            digest = hashlib.sha256(repr((setup, self._constraints)).encode()).digest()
            seed = int.from_bytes(digest[:8], "big") >> 1
        self._seed = check_int("seed", seed, 0)
        self._sample = self._relaxed.sample(draws, seed=self._seed)
        seat_of = {name: j for j, name in enumerate(setup.seats)}
        card_of = {name: i for i, name in enumerate(setup.cards)}
        where = np.zeros((draws, len(setup.cards)), dtype=np.int16)
        for d, deal in enumerate(self._sample):
            for seat, hand in deal.hands:
                for card in hand:
                    where[d, card_of[card]] = seat_of[seat]
        self._where = where
        self._w = _draw_weights(where, dropped, seat_of, card_of)
        if not self._w.sum() > 0:
            raise InvalidInput(
                "constraints",
                f"{len(self._constraints)} constraints",
                "clues that can be counted or estimated",
                reason=_TOO_MANY.format(draws=draws),
            )
        self._solutions: list[tuple[str, ...]] = []
        ids: list[int] = []
        if setup.solution is not None:
            index: dict[tuple[str, ...], int] = {}
            for deal in self._sample:
                hand = deal.hand(setup.solution)
                ids.append(index.setdefault(hand, len(index)))
            self._solutions = list(index)
        self._solution_ids = np.array(ids, dtype=np.int64)

    def __repr__(self) -> str:
        return (
            f"EstimatedDeals({self._setup!r}, {list(self._constraints)!r}, "
            f"draws={len(self._sample)}, seed={self._seed})"
        )

    # -- what it is --------------------------------------------------------------------

    @property
    def setup(self) -> Setup:
        """The cards and seats."""
        return self._setup

    @property
    def constraints(self) -> tuple[Constraint, ...]:
        """What is known, in the order it was learnt (every one of them, also those the
        relaxed table leaves to the draws)."""
        return self._constraints

    @property
    def weights(self) -> dict[tuple[str, ...], int]:
        """The weights given to solutions (the others weigh 1)."""
        return dict(self._weights or {})

    @property
    def exact(self) -> bool:
        """False: the probabilities are estimated (:attr:`Deals.exact` is True)."""
        return False

    @property
    def relaxed(self) -> Deals:
        """The looser table counted exactly, which the deals are drawn from."""
        return self._relaxed

    @property
    def dropped(self) -> tuple[Constraint, ...]:
        """The constraints the relaxed table leaves out (or, a card shown at random,
        reads as simply held), checked on each draw instead."""
        return self._dropped

    @property
    def draws(self) -> int:
        """How many deals were drawn."""
        return len(self._sample)

    @property
    def seed(self) -> int:
        """The seed of the draws."""
        return self._seed

    @property
    def kept(self) -> int:
        """How many of the draws agree with every constraint (their weight is above 0)."""
        return int((self._w > 0).sum())

    @property
    def effective(self) -> float:
        """The effective number of draws, ``(sum w)^2 / sum w^2``.

        Example:
            >>> from deduce.core.dealing import HoldsOneOf, Setup
            >>> setup = Setup(("a", "b", "x", "y", "p", "q"), {"Ann": 2, "Bob": 2},
            ...               categories=(("a", "b"), ("x", "y")))
            >>> est = EstimatedDeals(setup, [HoldsOneOf("Ann", ("a", "x"))], limit=27)
            >>> est.kept, est.draws, est.effective   # every draw kept weighs 1 here
            (224, 500, 224.0)
        """
        w = self._w
        return float(w.sum() ** 2 / (w**2).sum())

    @property
    def error(self) -> float:
        """The largest standard error of a card's chance in a seat, ``sqrt(p (1 - p) /
        n_eff)`` (0 where every draw agrees)."""
        worst = 0.0
        for chances in self.marginals().values():
            for p in chances.values():
                worst = max(worst, p * (1 - p))
        return math.sqrt(worst / self.effective)

    def standard_error(self, p: float) -> float:
        """The standard error of a probability ``p`` read off the draws.

        Example:
            >>> from deduce.core.dealing import HoldsOneOf, Setup
            >>> est = EstimatedDeals(Setup(tuple("abcd"), {"Ann": 2, "Bob": 2}),
            ...                      [HoldsOneOf("Ann", ("a", "b"))], draws=100)
            >>> est.standard_error(0.0), est.standard_error(1.0)
            (0.0, 0.0)
        """
        if not (isinstance(p, (int, float)) and 0 <= p <= 1):
            raise InvalidInput("p", p, "a probability from 0 to 1")
        return math.sqrt(p * (1 - p) / self.effective)

    # -- reading -------------------------------------------------------------------------

    def add(self, *constraints: Constraint) -> Deals | EstimatedDeals:
        """The deals that also agree with ``constraints``: exact again if they fit, else
        a new estimate (:func:`count_or_estimate`, the same number of draws).

        Example:
            >>> from deduce.core.dealing import Holds, HoldsOneOf, Setup
            >>> est = EstimatedDeals(Setup(tuple("abcd"), {"Ann": 2, "Bob": 2}),
            ...                      [HoldsOneOf("Ann", ("a", "b"))], draws=100)
            >>> est.add(Holds("Ann", "a")).exact
            True
        """
        return count_or_estimate(
            self._setup,
            (*self._constraints, *constraints),
            weights=self._weights,
            draws=self.draws,
            limit=self._limit,
        )

    def marginals(self) -> dict[str, dict[str, float]]:
        """For every seat, for every card, the estimated probability that the seat holds
        it.

        Example:
            >>> from deduce.core.dealing import HoldsOneOf, Setup
            >>> setup = Setup(("a", "b", "x", "y", "p", "q"), {"Ann": 2, "Bob": 2},
            ...               categories=(("a", "b"), ("x", "y")))
            >>> est = EstimatedDeals(setup, [HoldsOneOf("Ann", ("a", "x"))], limit=27)
            >>> {card: round(p, 2) for card, p in est.marginals()["Ann"].items()}  # a: 6/11
            {'a': 0.56, 'b': 0.11, 'x': 0.53, 'y': 0.05, 'p': 0.42, 'q': 0.33}
        """
        if self._marginals is None:
            w = self._w
            total = float(w.sum())
            result = {}
            kept = w > 0
            for j, seat in enumerate(self._setup.seats):
                here = self._where[kept] == j
                chances = (w[kept][:, None] * here).sum(axis=0) / total
                chances[here.all(axis=0)] = 1.0  # in every draw kept: no rounding off 1
                result[seat] = {c: float(chances[i]) for i, c in enumerate(self._setup.cards)}
            self._marginals = result
        return {seat: dict(chances) for seat, chances in self._marginals.items()}

    def solutions(self) -> dict[tuple[str, ...], float]:
        """Every solution some kept draw has, most probable first (ties in card order),
        with its estimated probability.

        Raises:
            InvalidInput: the setup has no solution seat.

        Example:
            >>> from deduce.core.dealing import HoldsOneOf, Setup
            >>> setup = Setup(("a", "b", "x", "y", "p", "q"), {"Ann": 2, "Bob": 2},
            ...               categories=(("a", "b"), ("x", "y")))
            >>> est = EstimatedDeals(setup, [HoldsOneOf("Ann", ("a", "x"))], limit=27)
            >>> {hand: round(p, 2) for hand, p in est.solutions().items()}  # 5/11, 3/11, 3/11
            {('b', 'y'): 0.45, ('a', 'y'): 0.28, ('b', 'x'): 0.27}
        """
        solution_seat(self._setup)
        mass = np.bincount(self._solution_ids, weights=self._w, minlength=len(self._solutions))
        total = float(self._w.sum())
        found = [(s, float(m) / total) for s, m in zip(self._solutions, mass, strict=True) if m > 0]
        if len(found) == 1:
            found = [(found[0][0], 1.0)]
        return dict(sorted(found, key=lambda item: (-item[1], item[0])))

    def solution_cards(self) -> dict[str, float]:
        """For every card, the estimated probability that it is in the solution.

        Example:
            >>> from deduce.core.dealing import HoldsOneOf, Setup
            >>> setup = Setup(("a", "b", "x", "y", "p", "q"), {"Ann": 2, "Bob": 2},
            ...               categories=(("a", "b"), ("x", "y")))
            >>> est = EstimatedDeals(setup, [HoldsOneOf("Ann", ("a", "x"))], limit=27)
            >>> round(est.solution_cards()["a"], 2), est.solution_cards()["p"]
            (0.28, 0.0)
        """
        return self.marginals()[solution_seat(self._setup)]

    def sample(self, n: int = 1, *, seed: Any = None) -> tuple[Deal, ...]:
        """``n`` deals drawn from the kept draws, each with the chance of its weight.

        Example:
            >>> from deduce.core.dealing import HoldsOneOf, Setup
            >>> setup = Setup(("a", "b", "x", "y", "p", "q"), {"Ann": 2, "Bob": 2},
            ...               categories=(("a", "b"), ("x", "y")))
            >>> est = EstimatedDeals(setup, [HoldsOneOf("Ann", ("a", "x"))], limit=27)
            >>> [deal.hand("Ann") for deal in est.sample(3, seed=1)]
            [('a', 'q'), ('a', 'p'), ('a', 'p')]
        """
        n = check_int("n", n, 0, 1_000_000)
        rng = random_of(seed)
        chosen = rng.choices(range(len(self._sample)), weights=self._w.tolist(), k=n)
        return tuple(self._sample[i] for i in chosen)

    def answers(
        self,
        cards: Sequence[str],
        order: Sequence[str],
        *,
        preference: Mapping[str, Sequence[str]] | None = None,
        seen: bool = True,
    ) -> dict[Answer, float]:
        """The estimated probability of each answer to a question about ``cards``
        (see :meth:`Deals.answers`).

        Example:
            >>> from deduce.core.dealing import HoldsOneOf, Setup
            >>> setup = Setup(("a", "b", "x", "y", "p", "q"), {"Ann": 2, "Bob": 2},
            ...               categories=(("a", "b"), ("x", "y")))
            >>> est = EstimatedDeals(setup, [HoldsOneOf("Ann", ("a", "x"))], limit=27)
            >>> {str(a.seat): round(p, 2) for a, p in est.answers(["p"], ["Bob", "Ann"]).items()}
            {'Bob': 0.58, 'Ann': 0.42}
        """
        joint, outcomes = self._joint(cards, order, preference, seen, "cards")
        per_answer = joint.sum(axis=0) / self._w.sum()
        return {outcomes[o]: float(p) for o, p in enumerate(per_answer) if p > 0}

    def joint_answers(
        self,
        cards: Sequence[str],
        order: Sequence[str],
        *,
        preference: Mapping[str, Sequence[str]] | None = None,
        seen: bool = True,
    ) -> dict[tuple[tuple[str, ...], Answer], float]:
        """The estimated probability of each solution together with each answer (see
        :meth:`Deals.joint_answers`), in the order of :meth:`solutions`.

        Example:
            >>> from deduce.core.dealing import HoldsOneOf, Setup
            >>> setup = Setup(("a", "b", "x", "y", "p", "q"), {"Ann": 2, "Bob": 2},
            ...               categories=(("a", "b"), ("x", "y")))
            >>> est = EstimatedDeals(setup, [HoldsOneOf("Ann", ("a", "x"))], limit=27)
            >>> joint = est.joint_answers(["a", "x"], ["Bob", "Ann"])
            >>> len(joint), round(sum(joint.values()), 9)
            (6, 1.0)
        """
        solution_seat(self._setup)
        joint, outcomes = self._joint(cards, order, preference, seen, "cards")
        total = float(self._w.sum())
        rank = {s: i for i, s in enumerate(self.solutions())}
        result = {}
        for s in sorted(rank, key=rank.__getitem__):
            row = joint[self._solutions.index(s)]
            for o, value in enumerate(row):
                if value > 0:
                    result[(s, outcomes[o])] = float(value) / total
        return result

    def information(
        self,
        suggestions: Sequence[Sequence[str]],
        order: Sequence[str],
        *,
        preference: Mapping[str, Sequence[str]] | None = None,
        seen: bool = True,
    ) -> tuple[float, ...]:
        """For each question, the estimated bits its answer gives about the solution
        (the mutual information of the answer and the solution over the weighted draws;
        see :meth:`Deals.information`).

        Example:
            >>> from deduce.core.dealing import HoldsOneOf, Setup
            >>> setup = Setup(("a", "b", "x", "y", "p", "q"), {"Ann": 2, "Bob": 2},
            ...               categories=(("a", "b"), ("x", "y")))
            >>> est = EstimatedDeals(setup, [HoldsOneOf("Ann", ("a", "x"))], limit=27)
            >>> [round(bits, 2) for bits in est.information([["a", "x"]], ["Bob", "Ann"])]
            [1.17]
        """
        solution_seat(self._setup)
        if not isinstance(suggestions, (list, tuple)):
            raise InvalidInput(
                "suggestions", suggestions, "a list of questions, each a list of cards"
            )
        total = float(self._w.sum())
        found = []
        for i, cards in enumerate(suggestions):
            joint, _ = self._joint(cards, order, preference, seen, f"suggestions[{i}]")
            found.append(mutual_information(joint / total))
        return tuple(found)

    # -- the work ------------------------------------------------------------------------

    def _joint(
        self,
        cards: Sequence[str],
        order: Sequence[str],
        preference: Mapping[str, Sequence[str]] | None,
        seen: bool,
        argument: str,
    ) -> tuple[npt.NDArray[np.float64], list[Answer]]:
        """The weight of the draws of each solution (rows; one row without a solution
        seat) and each answer (columns: nobody, then each seat asked and card)."""
        setup = self._setup
        if not isinstance(seen, (bool, np.bool_)):
            raise InvalidInput("seen", seen, "True or False")
        asked = checked_order(setup, order)
        prefer = dict(checked_preference(setup, preference, asked))
        numbers = card_list(setup, cards, argument)
        m = len(numbers)
        holder = self._where[:, list(numbers)]  # draws x cards: the seat of each card
        n = len(holder)
        rank = np.full(holder.shape, len(asked), dtype=np.int64)
        for r, seat in enumerate(asked):
            rank[holder == seat] = r
        first = rank.min(axis=1)  # the rank of the seat that shows (len(asked): nobody)
        held = rank == first[:, None]
        chance = held / np.maximum(held.sum(axis=1), 1)[:, None]
        for r, seat in enumerate(asked):
            listed = [numbers.index(c) for c in prefer.get(seat, ()) if c in numbers]
            if not listed:
                continue
            rows = first == r
            for k in range(len(listed)):
                pick = rows & held[:, listed[k]]
                for earlier in listed[:k]:
                    pick &= ~held[:, earlier]
                chance[pick] = 0.0
                chance[pick, listed[k]] = 1.0
            others = [j for j in range(m) if j not in listed]
            none = rows & ~held[:, listed].any(axis=1)
            if others and none.any():
                sub = held[none][:, others]
                fair = np.zeros((int(none.sum()), m))
                fair[:, others] = sub / np.maximum(sub.sum(axis=1), 1)[:, None]
                chance[none] = fair
        nobody = first == len(asked)
        columns = 1 + len(asked) * (m if seen else 1)
        mass = np.zeros((n, columns))
        w = self._w
        mass[:, 0] = np.where(nobody, w, 0.0)
        shown = ~nobody
        for j in range(m):
            column = 1 + first[shown] * (m if seen else 1) + (j if seen else 0)
            np.add.at(mass, (np.flatnonzero(shown), column), w[shown] * chance[shown, j])
        if setup.solution is not None:
            joint = np.zeros((len(self._solutions), columns))
            np.add.at(joint, self._solution_ids, mass)
        else:
            joint = mass.sum(axis=0, keepdims=True)
        outcomes = [Answer()]
        for seat in asked:
            name = setup.seats[seat]
            if seen:
                outcomes += [Answer(name, setup.cards[c]) for c in numbers]
            else:
                outcomes.append(Answer(name))
        return joint, outcomes


def _relax(
    setup: Setup, constraints: tuple[Constraint, ...], weighted: bool, limit: int
) -> tuple[tuple[Constraint, ...], tuple[Constraint, ...]]:
    """The constraints of a table that fits, and the constraints changed or left out, in
    their order: factors on holding cards left out and cards shown at random read as
    held, then "one of" sets, then cards lacked left out, each time the one that makes
    the table smallest (the newest on a tie), until it fits; then what still fits is put
    back, the last left out first (again while any is: one put back may place cards and
    make room for another).

    Raises:
        InvalidInput: no table that fits can be had by leaving those out.
    """
    kept: list[Constraint | None] = list(constraints)

    def size() -> int:
        return _points(setup, [k for k in kept if k is not None], weighted)

    def loosened(i: int) -> Constraint | None:
        c = constraints[i]
        return Holds(c.seat, c.card) if isinstance(c, Shows) else None

    changed: list[int] = []
    fits = size() <= limit
    for kinds_of in ((Weighs, Shows), (HoldsOneOf, LacksOneOf), (Lacks,)):
        # the one whose loosening shrinks the table most, the newest on a tie, in turn
        while not fits:
            found = []
            for i in reversed(range(len(kept))):
                if isinstance(kept[i], kinds_of) and kept[i] is constraints[i]:
                    kept[i] = loosened(i)
                    found.append((size(), -i))
                    kept[i] = constraints[i]
            if not found:
                break
            smallest, newest = min(found)
            kept[-newest] = loosened(-newest)
            changed.append(-newest)
            fits = smallest <= limit
    if not fits:
        raise InvalidInput(
            "constraints",
            f"{len(constraints)} constraints",
            "clues that can be counted or estimated",
            reason="too many clues to count every deal exactly, even leaving some out",
        )
    back = True
    while back:  # put back what still fits, the last left out first, while any does
        back = False
        for i in reversed(changed):
            if kept[i] is constraints[i]:
                continue
            was = kept[i]
            kept[i] = constraints[i]
            if size() > limit:
                kept[i] = was
            else:
                back = True
    dropped = tuple(c for c, k in zip(constraints, kept, strict=True) if k is not c)
    return tuple(k for k in kept if k is not None), dropped


def _draw_weights(
    where: npt.NDArray[np.int16],
    dropped: Sequence[Constraint],
    seat_of: Mapping[str, int],
    card_of: Mapping[str, int],
) -> npt.NDArray[np.float64]:
    """Each draw's weight: 0 where it breaks a constraint left out, ``1/k`` for each card
    shown at random read as held (``k`` of the cards asked about held), ``factor ** k``
    for each factor left out (``k`` of its cards held)."""
    w = np.ones(len(where), dtype=np.float64)
    for c in dropped:
        seat = seat_of[c.seat]
        if isinstance(c, Weighs):
            held = (where[:, [card_of[x] for x in c.cards]] == seat).sum(axis=1)
            w *= float(c.factor) ** held
        elif isinstance(c, Shows):
            held = (where[:, [card_of[x] for x in c.among]] == seat).sum(axis=1)
            w *= np.where(where[:, card_of[c.card]] == seat, 1.0 / np.maximum(held, 1), 0.0)
        elif isinstance(c, Holds):
            w *= where[:, card_of[c.card]] == seat
        elif isinstance(c, Lacks):
            w *= where[:, card_of[c.card]] != seat
        elif isinstance(c, HoldsOneOf):
            w *= (where[:, [card_of[x] for x in c.cards]] == seat).any(axis=1)
        else:
            w *= ~(where[:, [card_of[x] for x in c.cards]] == seat).all(axis=1)
    return w


guard(globals())
