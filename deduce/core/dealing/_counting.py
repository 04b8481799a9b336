"""The full count of one table: the number of deals, where every card is in how many of
them, and how many deals each solution has, from one pass over the lattice.

Every seat's hands become ``z`` (:meth:`~deduce.core.dealing._lattice.Lattice.zeta`);
the deals in which seat ``j`` holds a given card of kind ``k`` are the signed sum of
``prod over i != j of z_i`` times ``z_j(s) - z_j(s - e_k)`` (the hands inside the set
that hold the card), and the deals whose solution is a given hand are the signed sum of
``prod over the other seats of z`` over the sets that hold the hand. Both come out for
every seat, kind and hand at once; nothing is listed. A seat that showed a card at
random weighs each hand ``1/k`` (``k`` of the cards asked about held), and a factor on
holding cards ``factor ** k``: its allowed hands carry those weights, times a common
multiple that makes them whole (:attr:`~deduce.core.dealing._reduced.Reduced.scale`),
before the zeta transform.

Example:
    >>> from deduce.core.dealing._reduced import Known, reduce
    >>> frame = Frame(sizes=(1, 1, 2), categories=((0, 1), (2, 3)), solution=2)
    >>> t = tally(reduce(frame, 4, Known()), 4)
    >>> t.count, t.solutions[(0, 2)], t.marginals[0][1]
    (8, 2, 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product
from math import prod

import numpy as np
import numpy.typing as npt

from deduce.core.dealing._lattice import Lattice, Ring, combine, multinomial, rings
from deduce.core.dealing._reduced import Frame, Kinds, Reduced, clause_weights, kinds

Array = npt.NDArray[np.int64]

MAX_POINTS = 2**21
"""The most points a count may sum over (about two million: 21 unknown cards all of
different kinds). Each array over them takes 16 MB."""


class TooLarge(Exception):
    """The sums would run over more than :data:`MAX_POINTS` points."""

    def __init__(self, unknown: int, kinds: int, points: int) -> None:
        self.unknown = unknown
        self.kinds = kinds
        self.points = points
        super().__init__(f"{unknown} unknown cards of {kinds} kinds: {points} points")


def check_points(reduced: Reduced, found: Kinds) -> None:
    """Raise :class:`TooLarge` if the sums over ``found`` are too large to do."""
    if found.points > MAX_POINTS:
        raise TooLarge(len(reduced.unknown), len(found.members), found.points)


@dataclass(frozen=True, slots=True)
class Tally:
    """A table counted (Python integers; weighted where the solutions have weights).

    Attributes:
        count: the number of deals (each weighed for the cards shown at random, see
            :attr:`Reduced.scale`).
        weight: their total weight (``count`` without weights on the solutions).
        marginals: per seat, per card, the weight of the deals in which the seat holds
            the card.
        solutions: each possible hand of the solution seat (card numbers, by category
            or in card order) -> the weight of its deals; empty without a solution seat.
    """

    count: int
    weight: int
    marginals: tuple[tuple[int, ...], ...]
    solutions: dict[tuple[int, ...], int]


def bound(reduced: Reduced) -> int:
    """At least as many as the deals of ``reduced`` (its constraints but the sizes and
    categories left out): no count of it is larger."""
    unknown = len(reduced.unknown)
    frame = reduced.frame
    if frame.by_category and frame.solution is not None:
        sol = frame.solution
        others = [n for j, n in enumerate(reduced.need) if j != sol]
        return prod(len(c) for c in reduced.open) * multinomial(unknown - len(reduced.open), others)
    return multinomial(unknown, reduced.need)


def allowed(lattice: Lattice, found: Kinds, reduced: Reduced, seat: int) -> Array:
    """At every point ``h``: 1 if a hand with ``h`` cards of each kind is one the seat
    may hold (its size, its "cannot", "one of" and "not all of"), else 0."""
    ok: npt.NDArray[np.bool_] = np.ones([1] * lattice.ndim, dtype=bool)
    frame = reduced.frame
    if frame.by_category and seat == frame.solution:
        for category in found.open:
            ok = ok & (lattice.total(category) == 1)
    else:
        ok = ok & (lattice.total(range(lattice.ndim)) == reduced.need[seat])
    for kind in found.cannot[seat]:
        ok = ok & (lattice.grid(kind) == 0)
    for clause in found.one_of[seat]:
        ok = ok & (lattice.total(sorted(clause)) >= 1)
    for clause in found.not_all[seat]:
        full: npt.NDArray[np.bool_] = np.ones([1] * lattice.ndim, dtype=bool)
        for kind in clause:
            full = full & (lattice.grid(kind) == lattice.n[kind])
        ok = ok & ~full
    return np.broadcast_to(ok, lattice.shape).astype(np.int64)


def shown_weights(lattice: Lattice, found: Kinds, seat: int) -> Array | None:
    """At every point ``h``: the weight, times :attr:`Reduced.scale`'s share of the seat,
    of a hand of the seat with ``h`` cards of each kind for its weight clauses (a card
    shown at random among ``k`` held: ``top / k``; a factor: ``factor ** k``, whole);
    None when it has none."""
    clauses = found.weighing[seat] if found.weighing else ()
    if not clauses:
        return None
    ring = lattice.ring
    result: Array = np.ones([1] * lattice.ndim, dtype=np.int64)
    for cards, held, factor in clauses:
        size = sum(lattice.n[k] for k in cards)
        whole = [ring.number(w) for w in clause_weights(held, size, factor)]
        table = np.array(whole, dtype=np.int64)
        result = ring.mul(result, table[lattice.total(sorted(cards))])
    return result


def point_weight(found: Kinds, seat: int, point: tuple[int, ...]) -> int:
    """:func:`shown_weights` of ``seat`` at one point, a Python integer."""
    weight = 1
    for cards, held, factor in found.weighing[seat] if found.weighing else ():
        size = sum(len(found.members[k]) for k in cards)
        weight *= clause_weights(held, size, factor)[sum(point[k] for k in cards)]
    return weight


def hands_of(found: Kinds, point: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every hand (cards in card order) with ``point[k]`` cards of each kind ``k``."""
    parts = [combinations(found.members[k], c) for k, c in enumerate(point) if c]
    return [tuple(sorted(c for part in chosen for c in part)) for chosen in product(*parts)]


def zetas(
    lattice: Lattice,
    found: Kinds,
    reduced: Reduced,
    weights: Mapping[int, Array] | None = None,
) -> dict[int, Array]:
    """``z`` of every seat that still takes cards (a seat that takes none is 1
    everywhere and left out); ``weights`` replaces a seat's 0/1 hands by weights."""
    result = {}
    for seat, need in enumerate(reduced.need):
        if need == 0:
            continue
        hands = (
            weights[seat] if weights and seat in weights else allowed(lattice, found, reduced, seat)
        )
        result[seat] = lattice.zeta(hands)
    return result


def card_weight(lattice: Lattice, others: Array, z: Array, kind: int) -> int:
    """The signed sum of ``others(s) * (z(s) - z(s - e_kind))`` over the sets that hold
    one given card of ``kind``: the deals in which the seat of ``z`` holds that card
    (``others``: the product of every other seat's ``z``)."""
    ring = lattice.ring
    k = lattice.n[kind]
    high = [slice(None)] * lattice.ndim
    low = [slice(None)] * lattice.ndim
    high[kind] = slice(1, k + 1)
    low[kind] = slice(0, k)
    holding = ring.fix(z[tuple(high)] - z[tuple(low)])
    terms = ring.mul(others[tuple(high)], holding)
    vectors: list[Array | None] = list(lattice.sign)
    vectors[kind] = lattice.sign_with[kind][1:]
    return int(lattice.contract(terms, vectors))


def solution_points(lattice: Lattice, found: Kinds, reduced: Reduced) -> list[tuple[int, ...]]:
    """The points (cards of each kind) of the hands the solution seat may hold."""
    sol = reduced.frame.solution
    assert sol is not None
    ok = allowed(lattice, found, reduced, sol)
    return [tuple(p) for p in np.argwhere(ok).tolist()]


class Reader:
    """Reads, out of a function of the sets, the deals of one hand of each solution
    point (see :meth:`read`): the sums over the sets that hold the hand.

    With categories the open categories' kinds lead the lattice (see
    :func:`~deduce.core.dealing._reduced.kinds`): the other axes are summed first, then
    each category picks the kind of its card."""

    def __init__(self, found: Kinds, reduced: Reduced, points: list[tuple[int, ...]]) -> None:
        self.points = points
        self.found = found
        self.reduced = reduced
        self.by_category = reduced.frame.by_category
        if self.by_category:
            self.order = [k for category in found.open for k in category]
            assert self.order == list(range(len(self.order))), "the solution's kinds lead"
            self.index = tuple(
                np.array(
                    [next(i for i, k in enumerate(category) if point[k]) for point in points],
                    dtype=np.int64,
                )
                for category in found.open
            )
        else:
            sol = reduced.frame.solution
            assert sol is not None
            self.free = [k for k in range(len(found.members)) if k not in found.cannot[sol]]
            self.index = tuple(
                np.array([point[k] for point in points], dtype=np.int64) for k in self.free
            )

    def read(self, lattice: Lattice, others: Array, *, batched: bool = False) -> Array:
        """For each point: the signed sum of ``others`` over the sets that hold one
        given hand of the point (``others``: the product of the other seats' ``z``, or
        any function of the sets summed the same way). ``batched``: ``others`` holds
        several functions along a first axis, and the result has one column for each."""
        if not self.by_category:
            if batched:
                return np.stack([self.read(lattice, x) for x in others], axis=-1)
            if not self.free:
                return np.zeros(0, dtype=np.int64)
            y = lattice.superset_transform(others, self.free)
            picked: Array = y[self.index]
            return picked
        lead = len(self.order)
        front = [None] * (lead + batched)
        x = lattice.contract(others, front + [lattice.sign[k] for k in range(lead, lattice.ndim)])
        for category in reversed(self.found.open):
            # the choice of this category goes first; the categories still to do are last
            x = lattice.pick_one(
                x,
                len(category),
                [lattice.sign[k] for k in category],
                [lattice.sign_with[k] for k in category],
            )
        result: Array = x[self.index]
        return result


@dataclass(frozen=True, slots=True)
class Prepared:
    """A reduced table made ready to sum: its kinds, the rings to count in, and the
    hands the solution seat may still take.

    Attributes:
        points: the points (cards of each kind) of the solution's possible hands, when
            the solution seat still takes cards; else empty.
        hands: the solution's hands at each point (card numbers in the solution's
            order, the cards already placed with it included).
        hand_weights: the weight of the hands of each point (1 without weights; with
            weights every possible card of the solution is a kind of its own, so a
            point is one hand), times the weight of the cards the solution seat showed
            at random (a seat with a size counted as the solution).
        known: the solution when it is placed already, else None; ``known_weight`` its
            weight.
    """

    reduced: Reduced
    found: Kinds
    rings: tuple[Ring, ...]
    points: tuple[tuple[int, ...], ...]
    hands: tuple[tuple[tuple[int, ...], ...], ...]
    hand_weights: tuple[int, ...]
    weighted: bool
    known: tuple[int, ...] | None
    known_weight: int

    @property
    def solution_takes_cards(self) -> bool:
        sol = self.reduced.frame.solution
        return sol is not None and self.reduced.need[sol] > 0


def prepare(
    reduced: Reduced,
    weights: Mapping[tuple[int, ...], int] | None = None,
    alone: frozenset[int] = frozenset(),
    scale: int = 1,
) -> Prepared:
    """``reduced`` ready to sum (it must be possible): the cards of ``alone`` are kinds
    of their own, and no count multiplied by ``scale`` overflows the rings.

    Raises:
        TooLarge: more points than :data:`MAX_POINTS`.
    """
    frame = reduced.frame
    sol = frame.solution
    placed = [c for c, s in enumerate(reduced.placed) if s == sol] if sol is not None else []
    takes = sol is not None and reduced.need[sol] > 0
    if bool(weights) and takes:
        assert sol is not None
        alone = alone | frozenset(c for c in reduced.unknown if c not in reduced.cannot[sol])
    shown = sol is not None and bool(reduced.weighing) and bool(reduced.weighing[sol])
    weighted = (bool(weights) or shown) and takes
    found = kinds(reduced, alone)
    check_points(reduced, found)
    heaviest = max([1, *(weights or {}).values()])
    chosen = rings(bound(reduced) * heaviest * scale * reduced.heaviest)
    points: list[tuple[int, ...]] = []
    hands: list[tuple[tuple[int, ...], ...]] = []
    hand_weights: list[int] = []
    known = None
    known_weight = 1
    if takes:
        points, hands, hand_weights = solution_hands(reduced, found, weights or None)
    elif sol is not None:
        known = in_order(frame, tuple(placed))
        known_weight = (weights or {}).get(known, 1)
    return Prepared(
        reduced,
        found,
        chosen,
        tuple(points),
        tuple(hands),
        tuple(hand_weights),
        weighted,
        known,
        known_weight,
    )


def solution_hands(
    reduced: Reduced, found: Kinds, weights: Mapping[tuple[int, ...], int] | None
) -> tuple[list[tuple[int, ...]], list[tuple[tuple[int, ...], ...]], list[int]]:
    """The points of the solution's possible hands, the hands of each (in the
    solution's order, its placed cards included) and their weight (``weights`` given:
    every possible card of the solution is a kind of its own, a point is one hand)."""
    frame = reduced.frame
    sol = frame.solution
    placed = [c for c, s in enumerate(reduced.placed) if s == sol]
    probe = Lattice.of([len(m) for m in found.members], Ring(0))
    points = solution_points(probe, found, reduced)
    hands = []
    hand_weights = []
    for point in points:
        these = tuple(in_order(frame, (*placed, *h)) for h in hands_of(found, point))
        hands.append(these)
        weight = weights.get(these[0], 1) if weights is not None else 1
        hand_weights.append(weight * point_weight(found, sol, point) if sol is not None else weight)
    return points, hands, hand_weights


def ring_zetas(prepared: Prepared, ring: Ring) -> tuple[Lattice, dict[int, Array]]:
    """The lattice of ``prepared`` in ``ring`` and the ``z`` of every seat that still
    takes cards (the solution's weighted, and every seat's hands weighed for the cards
    it showed at random)."""
    found = prepared.found
    lattice = Lattice.of([len(m) for m in found.members], ring)
    replaced: dict[int, Array] = {}
    sol = prepared.reduced.frame.solution
    for seat in range(len(prepared.reduced.need)):
        weight = None if seat == sol else shown_weights(lattice, found, seat)
        if weight is not None:
            hands = allowed(lattice, found, prepared.reduced, seat)
            replaced[seat] = ring.mul(hands, weight)
    if prepared.weighted and sol is not None:
        weighted = np.zeros(lattice.shape, dtype=np.int64)
        for point, w in zip(prepared.points, prepared.hand_weights, strict=True):
            weighted[point] = ring.number(w)
        replaced[sol] = weighted
    return lattice, zetas(lattice, found, prepared.reduced, replaced)


def tally(
    reduced: Reduced,
    n_cards: int,
    weights: Mapping[tuple[int, ...], int] | None = None,
    cards: frozenset[int] | None = None,
) -> Tally:
    """Count ``reduced``: its deals, where each card is, and each solution's deals.

    Args:
        reduced: the table (see :func:`reduce`).
        n_cards: the number of cards.
        weights: a weight for some hands of the solution seat (card numbers in
            :class:`Tally`'s order); any other hand weighs 1.
        cards: where only these cards are needed (None: every card); the marginals of
            the others are then 0 but for the solution seat's.

    Raises:
        TooLarge: more points than :data:`MAX_POINTS`.
    """
    frame = reduced.frame
    seats = len(frame.sizes)
    if not reduced.possible:
        return Tally(0, 0, tuple((0,) * n_cards for _ in range(seats)), {})
    sol = frame.solution
    prepared = prepare(reduced, weights)
    found = prepared.found
    chosen = prepared.rings
    wanted = (
        None if cards is None else frozenset(found.kind_of[c] for c in cards if c in found.kind_of)
    )
    residues = [_tally_ring(prepared, ring, wanted) for ring in chosen]
    per_point = [combine([r[0][i] for r in residues], chosen) for i in range(len(prepared.points))]
    by_kind = [
        [combine([int(r[1][j, k]) for r in residues], chosen) for k in range(len(found.members))]
        for j in range(seats)
    ]
    if prepared.solution_takes_cards:
        count = sum(r * len(h) for r, h in zip(per_point, prepared.hands, strict=True))
        solutions = {
            hand: r * w
            for r, w, these in zip(per_point, prepared.hand_weights, prepared.hands, strict=True)
            for hand in these
            if r * w
        }
        weight = sum(solutions.values())
    else:
        count = combine([r[2] for r in residues], chosen)
        factor = prepared.known_weight  # a known solution's weight weighs every deal
        solutions = {}
        if prepared.known is not None and count * factor:
            solutions = {prepared.known: count * factor}
        weight = count * factor
        by_kind = [[v * factor for v in row] for row in by_kind]
    marginals = [[0] * n_cards for _ in range(seats)]
    for card, seat in enumerate(reduced.placed):
        if seat >= 0:
            marginals[seat][card] = weight
    for j in range(seats):
        if j == sol:
            continue
        for k, members in enumerate(found.members):
            for card in members:
                marginals[j][card] = by_kind[j][k]
    if sol is not None and prepared.solution_takes_cards:
        for hand, w in solutions.items():
            for card in hand:
                if reduced.placed[card] < 0:
                    marginals[sol][card] += w
    return Tally(count, weight, tuple(tuple(m) for m in marginals), solutions)


def in_order(frame: Frame, hand: tuple[int, ...]) -> tuple[int, ...]:
    """A hand of the solution seat in its order: by category, or in card order."""
    if not frame.by_category:
        return tuple(sorted(hand))
    return tuple(sorted(hand, key=_positions(frame.categories).__getitem__))


@lru_cache(maxsize=64)
def _positions(categories: tuple[tuple[int, ...], ...]) -> dict[int, int]:
    """Each card of ``categories`` -> the number of its category (shared: not to be
    changed)."""
    return {c: n for n, category in enumerate(categories) for c in category}


def _tally_ring(
    prepared: Prepared, ring: Ring, wanted: frozenset[int] | None = None
) -> tuple[list[int], Array, int]:
    """In ``ring``: the deals of one hand of each solution point, the weight of the deals
    in which each seat holds one card of each kind (of the kinds ``wanted``; None: all),
    and the number of deals."""
    reduced = prepared.reduced
    found = prepared.found
    frame = reduced.frame
    sol = frame.solution
    seats = len(frame.sizes)
    lattice, z = ring_zetas(prepared, ring)
    active = sorted(z)
    # suffix[i]: the product of z over active[i:]
    suffix: list[Array | None] = [None] * (len(active) + 1)
    for i in reversed(range(len(active))):
        nxt = suffix[i + 1]
        suffix[i] = z[active[i]] if nxt is None else ring.mul(z[active[i]], nxt)
    marginal = np.zeros((seats, len(found.members)), dtype=np.int64)
    per_point: list[int] = []
    count = 0
    prefix: Array | None = None
    for i, seat in enumerate(active):
        rest = suffix[i + 1]
        others = prefix if rest is None else (rest if prefix is None else ring.mul(prefix, rest))
        if others is None:
            others = np.ones(lattice.shape, dtype=np.int64)
        if seat == sol:
            sums = Reader(found, reduced, list(prepared.points)).read(lattice, others)
            per_point = [int(v) for v in sums]
        else:
            for kind in range(len(found.members)):
                if kind not in found.cannot[seat] and (wanted is None or kind in wanted):
                    marginal[seat, kind] = card_weight(lattice, others, z[seat], kind)
        prefix = z[seat] if prefix is None else ring.mul(prefix, z[seat])
    if sol is None or sol not in z:
        full = suffix[0] if suffix[0] is not None else np.ones(lattice.shape, dtype=np.int64)
        count = int(lattice.contract(full, list(lattice.sign)))
    return per_point, marginal, count
