"""The answers to a question about some cards (a Cluedo suggestion), counted exactly.

The seats are asked in turn; the first that holds any of the cards shows one of them
(each it holds equally likely, or the first of its own order of preference), and the
rest are not asked. Seat ``t`` answers first, holding exactly ``B`` of the cards, in the
deals where every seat asked before it holds none of them and it holds ``B``: constraints
of the kind the counting already sums (a seat avoids a set of cards: its ``z`` is read
with those cards' axes at zero). Each unknown card of the question is a kind of its own,
an axis of two points, so "avoids" is a slice.

For every seat asked ``t`` and every set ``B'`` of the unknown cards asked about, one
sum counts the deals in which the seats before ``t`` avoid all of them and seat ``t``
avoids those outside ``B'``; the deals in which ``t`` holds exactly ``B`` are the
alternating sum of those over ``B' ⊆ B`` (Möbius on the subsets of the question), and an
answer (who, which card) adds those up with the chance that the holder shows that card.
With the solution seat's hand read out of every sum (as the counting does for the
solution), the answers come jointly with every solution, which is what the information
of a question about the solution needs.

Example:
    >>> from deduce.core.dealing._reduced import Frame, Known, reduce
    >>> frame = Frame(sizes=(1, 1, 2), categories=((0, 1), (2, 3)), solution=2)
    >>> a = answer_counts(reduce(frame, 4, Known()), Question((0, 2), (1,)), joint=False)
    >>> a.scale  # every count times 2: a seat holding both cards shows each half the time
    2
    >>> [(seat, card, count) for (seat, card), count in zip(a.outcomes, a.counts[0])]
    [(-1, -1, 8), (1, 0, 4), (1, 2, 4)]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product
from math import comb, lcm, prod
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from deduce.core.dealing._counting import (
    Prepared,
    Reader,
    check_points,
    in_order,
    prepare,
    ring_zetas,
    solution_hands,
)
from deduce.core.dealing._lattice import Lattice, combine
from deduce.core.dealing._reduced import Frame, Kinds, Reduced, split

Array = npt.NDArray[np.int64]
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Question:
    """A question in numbers: the cards asked about, the seats asked in turn, and for
    some of those seats the order in which they prefer to show the cards (seat ->
    cards; a seat holding none of its listed cards shows one of the others at random).
    """

    cards: tuple[int, ...]
    asked: tuple[int, ...]
    prefer: tuple[tuple[int, tuple[int, ...]], ...] = ()


@dataclass(frozen=True, slots=True)
class AnswerCounts:
    """The answers to a question, counted.

    Attributes:
        outcomes: each answer as (seat, card); (-1, -1) when nobody shows. Every seat
            asked with every card asked about is listed, in turn, after "nobody".
        scale: every count is multiplied by it (the least common multiple of
            1..number of cards, so that a card shown at random counts whole).
        counts: one row per group of solution hands (``joint``), each the weight of the
            deals of one hand of the group giving each answer; else one row, the weight
            of all deals giving each answer.
        groups: with ``joint``, the hands of each row's group (see :meth:`hands`): how
            many cards of each kind, and the kinds' cards.
    """

    outcomes: tuple[tuple[int, int], ...]
    scale: int
    counts: tuple[tuple[int, ...], ...]
    groups: tuple[tuple[int, ...], ...] = ()
    members: tuple[tuple[int, ...], ...] = ()
    placed: tuple[int, ...] = ()
    frame: Frame | None = None

    def sizes(self) -> list[int]:
        """How many hands each row stands for."""
        return [
            prod(comb(len(self.members[k]), n) for k, n in enumerate(point) if n)
            for point in self.groups
        ]

    def hands(self) -> list[list[tuple[int, ...]]]:
        """The solution's hands of each row (card numbers in the solution's order)."""
        assert self.frame is not None
        result = []
        for point in self.groups:
            parts = [combinations(self.members[k], n) for k, n in enumerate(point) if n]
            result.append(
                [
                    in_order(self.frame, (*self.placed, *(c for part in chosen for c in part)))
                    for chosen in product(*parts)
                ]
            )
        return result


def _subsets(mask: int) -> list[int]:
    """Every subset of the bit mask ``mask``."""
    result = [0]
    for bit in range(mask.bit_length()):
        if mask >> bit & 1:
            result += [s | 1 << bit for s in result]
    return result


@lru_cache(maxsize=256)
def _coefficients(
    owners: tuple[int, ...],
    asked: tuple[int, ...],
    prefer: tuple[tuple[int, tuple[int, ...]], ...],
) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...], Array]:
    """For a question about cards by position (``owners``: the seat of each, -1 if
    unknown; the unknown ones, in order, are the bits of a mask): the answers (seat,
    position of the card shown; (-1, -1) for nobody), the basis sums (position asked,
    set ``B'`` as a bit mask of the unknown cards) and the matrix taking the basis sums
    to the answers' counts (multiplied by the least common multiple of 1..cards)."""
    cards = range(len(owners))
    scale = lcm(*range(1, len(owners) + 1))
    unknown_cards = [c for c in cards if owners[c] < 0]
    unknown = len(unknown_cards)
    preference = dict(prefer)
    outcomes = [(-1, -1)] + [(seat, card) for seat in asked for card in cards]
    basis: list[tuple[int, int]] = []
    rows: dict[tuple[int, int], dict[tuple[int, int], int]] = {}
    everything = (1 << unknown) - 1
    nobody = True
    for t, seat in enumerate(asked):
        known_here = {c for c in cards if owners[c] == seat}
        basis += [(t, b) for b in _subsets(everything)]
        for b in _subsets(everything):
            holding = known_here | {unknown_cards[i] for i in range(unknown) if b >> i & 1}
            if not holding:
                continue
            shows = _shown(holding, preference.get(seat, ()), scale)
            for sub in _subsets(b):
                sign = -1 if bin(b ^ sub).count("1") % 2 else 1
                for card, share in shows.items():
                    row = rows.setdefault((seat, card), {})
                    row[(t, sub)] = row.get((t, sub), 0) + sign * share
        if known_here:  # this seat surely shows: nobody after it is asked
            nobody = False
            break
    if nobody:
        basis.append((len(asked), 0))
    column = {key: i for i, key in enumerate(basis)}
    matrix = np.zeros((len(outcomes), len(basis)), dtype=np.int64)
    for o, outcome in enumerate(outcomes):
        if outcome == (-1, -1):
            if nobody:
                matrix[o, column[(len(asked), 0)]] = scale
            continue
        for key, value in rows.get(outcome, {}).items():
            matrix[o, column[key]] += value
    matrix.setflags(write=False)
    return tuple(outcomes), tuple(basis), matrix


def _shown(holding: set[int], order: tuple[int, ...], scale: int) -> dict[int, int]:
    """Each card a seat holding ``holding`` shows, with its share of ``scale``."""
    for card in order:
        if card in holding:
            return {card: scale}
    return {card: scale // len(holding) for card in holding}


def answer_counts(
    reduced: Reduced,
    question: Question,
    *,
    joint: bool,
    weights: Mapping[tuple[int, ...], int] | None = None,
) -> AnswerCounts:
    """The answers to ``question`` on the possible table ``reduced``, counted (with
    every solution hand when ``joint``).

    Raises:
        TooLarge: more points than the counting sums over.
    """
    return answer_batch(reduced, [question], joint=joint, weights=weights)[0]


def answer_batch(
    reduced: Reduced,
    questions: Sequence[Question],
    *,
    joint: bool,
    weights: Mapping[tuple[int, ...], int] | None = None,
    kept: dict[int, Ready] | None = None,
) -> list[AnswerCounts]:
    """:func:`answer_counts` of every question, the seats' ``z`` computed once.

    Raises:
        TooLarge: more points than the counting sums over.
    """
    return summary_batch(
        reduced, questions, _itself, joint=joint, weights=weights, alike=False, kept=kept
    )


@dataclass(frozen=True, slots=True)
class Ready:
    """A table made ready to answer questions about: prepared for a scale of the shown
    cards' shares, and the seats' ``z`` in each of its rings."""

    base: Prepared
    zetas: list[dict[int, Array]]


def _ready(
    reduced: Reduced,
    weights: Mapping[tuple[int, ...], int] | None,
    scale: int,
    kept: dict[int, Ready] | None,
) -> Ready:
    """``reduced`` made ready for ``scale``, from ``kept`` (by scale) when it holds it,
    else worked out and put there: the same table answers many questions in turn."""
    found = None if kept is None else kept.get(scale)  # one look: another thread may clear it
    if found is not None:
        return found
    base = prepare(reduced, weights, scale=scale)
    made = Ready(base, [ring_zetas(base, ring)[1] for ring in base.rings])
    if kept is not None:
        kept[scale] = made
    return made


def summary_batch(
    reduced: Reduced,
    questions: Sequence[Question],
    summary: Callable[[AnswerCounts], T],
    *,
    joint: bool,
    weights: Mapping[tuple[int, ...], int] | None = None,
    alike: bool = True,
    kept: dict[int, Ready] | None = None,
) -> list[T]:
    """``summary`` of every question's :class:`AnswerCounts`, worked out once for
    questions alike (with ``alike``): a question whose cards are in the same places of
    the same kinds as another's has the same counts, only about its own cards, so a
    summary that does not read which cards (the information of the answer) is the same.
    ``kept``: the table made ready, by scale, kept from earlier questions about the same
    table (``reduced`` and ``weights``) and added to.

    Example:
        >>> from deduce.core.dealing._reduced import Frame, Known, reduce
        >>> frame = Frame(sizes=(1, 1, 2), categories=((0, 1), (2, 3)), solution=2)
        >>> questions = [Question((0, 2), (1,)), Question((1, 3), (1,))]
        >>> summary_batch(reduce(frame, 4, Known()), questions, lambda a: a.counts, joint=False)
        [((8, 4, 4),), ((8, 4, 4),)]

    Raises:
        TooLarge: more points than the counting sums over.
    """
    scale = lcm(*range(1, max((len(q.cards) for q in questions), default=1) + 1))
    made = _ready(reduced, weights, scale, kept)
    base, cached = made.base, made.zetas
    counted: dict[Any, list[Any]] = {}
    summaries: dict[Any, T] = {}
    result = []
    for question in questions:
        key = _alike(base, question, joint) if alike else None
        if key is not None and key in summaries:
            result.append(summaries[key])
            continue
        asked = _asked(base, question, joint)
        found = summary(_answer(base, cached, asked, joint, counted))
        if key is not None:
            summaries[key] = found
        result.append(found)
    return result


def _alike(base: Prepared, question: Question, joint: bool) -> Any:
    """What questions alike share, read without splitting the kinds: each card's kind
    (or the seat it is placed with), the seats asked and their preferences by the
    cards' places. Cards of a kind are interchangeable, so two such questions are one
    question with the kind's cards swapped: their counts are the same up to which
    solution is which, and so is every summary that does not name them."""
    placed, kind_of = base.reduced.placed, base.found.kind_of
    position = {card: i for i, card in enumerate(question.cards)}
    prefer = tuple(
        (seat, tuple(position[c] for c in order if c in position))
        for seat, order in question.prefer
    )
    cards = tuple(kind_of[c] if placed[c] < 0 else -1 - placed[c] for c in question.cards)
    return cards, question.asked, prefer, joint


def _itself(counts: AnswerCounts) -> AnswerCounts:
    return counts


@dataclass(frozen=True, slots=True)
class _Asked:
    """A question read on the table: its cards' kinds split apart from the rest of
    their kinds (``found``, ``splits``), the answers, the sums they are made of and
    their matrix (:func:`_coefficients`), and its shape (what questions alike share)."""

    question: Question
    owners: tuple[int, ...]
    found: Kinds
    splits: list[tuple[int, list[int]]]
    outcomes: tuple[tuple[int, int], ...]
    basis: tuple[tuple[int, int], ...]
    matrix: Array
    shape: Any


def _asked(base: Prepared, question: Question, joint: bool) -> _Asked:
    """``question`` read on ``base``'s table."""
    reduced = base.reduced
    owners = tuple(reduced.placed[c] for c in question.cards)
    unknown = frozenset(c for c in question.cards if reduced.placed[c] < 0)
    found, splits = split(base.found, unknown)
    check_points(reduced, found)
    position = {card: i for i, card in enumerate(question.cards)}
    prefer = tuple(
        (seat, tuple(position[c] for c in order if c in position))
        for seat, order in question.prefer
    )
    keys, basis, matrix = _coefficients(owners, question.asked, prefer)
    outcomes = tuple((seat, question.cards[i] if i >= 0 else -1) for seat, i in keys)
    shape = (
        tuple(
            found.kind_of[c] if o < 0 else -1 - o
            for c, o in zip(question.cards, owners, strict=True)
        ),
        tuple((kind, tuple(parts)) for kind, parts in splits),
        question.asked,
        prefer,
        joint,
    )
    return _Asked(question, owners, found, splits, outcomes, basis, matrix, shape)


def _answer(
    base: Prepared,
    cached: list[dict[int, Array]],
    asked: _Asked,
    joint: bool,
    alike: dict[Any, list[Any]],
) -> AnswerCounts:
    """The answers to the question ``asked``; ``alike`` keeps the counts of questions
    already answered by the shape of their question: cards of one kind are
    interchangeable, so a question whose cards are in the same places of the same kinds
    (after the split) has the same counts, only with its own cards."""
    reduced = base.reduced
    question, found, splits = asked.question, asked.found, asked.splits
    scale = lcm(*range(1, len(question.cards) + 1))
    resolve = joint and base.solution_takes_cards
    points: list[tuple[int, ...]] = []
    point_weights: list[int] = []
    if resolve:
        points, point_weights = _refined_points(base, found, splits)
    reader = Reader(found, reduced, points) if resolve else None
    outcomes = asked.outcomes
    if asked.shape in alike:
        values = alike[asked.shape]
    else:
        residues = []
        for ring, z_base in zip(base.rings, cached, strict=True):
            lattice = Lattice.of([len(m) for m in found.members], ring)
            z = {seat: _refined(array, splits) for seat, array in z_base.items()}
            result = _answer_ring(
                lattice, z, found, reduced, question, asked.basis, asked.matrix, reader
            )
            if resolve and base.weighted:
                weights = np.array([ring.number(w) for w in point_weights])[None, :]
                result = ring.mul(result, weights)
            residues.append(result)
        values = alike[asked.shape] = _combined(residues, base)
    sol = reduced.frame.solution
    placed = tuple(c for c, s in enumerate(reduced.placed) if s == sol and sol is not None)
    if not resolve:
        factor = base.known_weight
        row = (tuple(v * factor for v in values),)
        if joint and base.known is not None:
            return AnswerCounts(outcomes, scale, row, ((),), (), placed, reduced.frame)
        return AnswerCounts(outcomes, scale, row)
    rows = tuple(tuple(values[o][p] for o in range(len(outcomes))) for p in range(len(points)))
    return AnswerCounts(outcomes, scale, rows, tuple(points), found.members, placed, reduced.frame)


def _combined(residues: list[Array], base: Prepared) -> list[Any]:
    """The residues of every ring as Python integers (nested lists)."""
    chosen = base.rings
    if len(chosen) == 1:
        values: list[Any] = residues[0].tolist()
        return values
    stacked = np.stack(residues)
    flat = [
        combine([int(v) for v in stacked[(slice(None), *i)]], chosen)
        for i in np.ndindex(stacked.shape[1:])
    ]
    combined: list[Any] = np.array(flat, dtype=object).reshape(stacked.shape[1:]).tolist()
    return combined


def _refined_points(
    base: Prepared, found: Kinds, splits: list[tuple[int, list[int]]]
) -> tuple[list[tuple[int, ...]], list[int]]:
    """The solution's points on the split lattice, and their weights: a base point's
    card of a split kind is in one of its parts."""
    reduced = base.reduced
    if not reduced.frame.by_category:
        points, _, weights = solution_hands(reduced, found, None)
        if base.weighted:
            weights = [base.hand_weights[base.points.index(_merged(p, splits))] for p in points]
        return points, weights
    parts: list[list[int]] = []  # base kind -> its new kinds
    sizes = dict(splits)
    start = 0
    for kind in range(len(base.found.members)):
        width_of = len(sizes.get(kind, [0]))
        parts.append(list(range(start, start + width_of)))
        start += width_of
    width = len(found.members)
    points = []
    weights = []
    for point, w in zip(base.points, base.hand_weights, strict=True):
        options = [parts[k] for k, n in enumerate(point) if n]
        for chosen in product(*options):
            new = [0] * width
            for k in chosen:
                new[k] = 1
            points.append(tuple(new))
            weights.append(w)
    return points, weights


def _merged(point: tuple[int, ...], splits: list[tuple[int, list[int]]]) -> tuple[int, ...]:
    """A point of the split lattice as a point of the lattice before the split."""
    values = list(point)
    for kind, sizes in splits:
        values[kind : kind + len(sizes)] = [sum(values[kind : kind + len(sizes)])]
    return tuple(values)


def _refined(z: Array, splits: list[tuple[int, list[int]]]) -> Array:
    """``z`` on the lattice of the split kinds: a part's axes read the old kind's axis
    at the number of cards the parts hold together."""
    for kind, parts in reversed(splits):
        index = np.indices([n + 1 for n in parts]).sum(axis=0)
        z = np.take(z, index, axis=kind)
    return z


CHUNK = 2**22
"""The most numbers the functions read out at once hold (32 MB): with the arrays of the
read, a suggestion on the largest tables stays within a few hundred MB."""


def _answer_ring(
    lattice: Lattice,
    z: dict[int, Array],
    found: Kinds,
    reduced: Reduced,
    question: Question,
    basis: tuple[tuple[int, int], ...],
    matrix: Array,
    reader: Reader | None,
) -> Array:
    """In the lattice's ring: the answers' counts, ``(answers, points)`` with a
    ``reader`` (the solution's hand read out), else ``(answers,)``.

    Every function summed is a product of the seats' ``z`` read with some of the
    unknown cards asked about left out. It is summed one corner of those cards' axes
    at a time (which of them the sets hold: ``y``): seat ``t`` read with the cards
    of ``B'`` kept is, at corner ``y``, ``z`` at the corner ``y & B'``, so the sums of
    every ``B'`` share the products of each corner."""
    ring = lattice.ring
    sol = reduced.frame.solution
    ones = np.ones([1] * lattice.ndim, dtype=np.int64)
    unknown = [c for c in question.cards if reduced.placed[c] < 0]
    axes = [found.kind_of[c] for c in unknown]
    asked = question.asked

    def seat_z(seat: int) -> Array:
        return z.get(seat, ones)

    def at(x: Array, bits: int) -> Array:
        """``x`` at the corner ``bits`` of the unknown cards' axes (kept as axes of one
        point; an axis ``x`` is constant along stays as it is)."""
        index: list[slice] = [slice(None)] * lattice.ndim
        for i, axis in enumerate(axes):
            if x.shape[axis] > 1:
                bit = bits >> i & 1
                index[axis] = slice(bit, bit + 1)
        return x[tuple(index)]

    rest = ones
    for seat in range(len(reduced.need)):
        if seat in asked or (reader is not None and seat == sol):
            continue
        rest = ring.mul(rest, seat_z(seat))
    suffix: list[Array] = [rest] * (len(asked) + 1)  # the seats asked after t, and the rest
    running = rest
    for t in reversed(range(len(asked))):
        suffix[t] = running
        running = ring.mul(running, seat_z(asked[t]))
    befores = [ones]  # the seats asked before t, holding none of the cards
    for t in range(len(asked)):
        befores.append(ring.mul(befores[-1], at(seat_z(asked[t]), 0)))
    plan = _plan(len(unknown), len(asked), basis)
    factors: list[tuple[Array, Array]] = []
    held: dict[tuple[int, int], Array] = {}  # (t, u): seat t's z at the corner u
    for t, y, u in plan.keys:
        if t == len(asked):
            factors.append((befores[t], at(rest, y)))
            continue
        if u == 0:  # each corner's keys start with its empty subset
            common = ring.mul(befores[t], at(suffix[t], y))
        if (t, u) not in held:
            held[t, u] = at(seat_z(asked[t]), u)
        factors.append((common, held[t, u]))
    # Summed with the cards' axes weighing 1; then each corner's own weight: -1 for
    # each card the sets lack, and no deal whose solution holds a card the sets lack.
    flat = Lattice.of(lattice.n, ring, {axis: 1 for axis in axes})
    summed = _sum_products(flat, factors, reader)  # (points, items) or (items,)
    summed = ring.fix(summed * plan.sign)
    if reader is not None and axes:
        chooses = np.array(
            [[point[axis] for axis in axes] for point in reader.points], dtype=np.int64
        ).reshape(len(reader.points), len(axes))
        # a point whose hand holds a card that the corner's sets lack has no deal there
        impossible = (chooses[:, None, :] * plan.lacking[None]).any(axis=2)
        summed = np.where(impossible, 0, summed)
    sums = ring.fix(summed[..., plan.gather].sum(axis=-1))
    coefficient = matrix % ring.modulus if ring.modulus else matrix
    with np.errstate(over="ignore"):
        if sums.ndim == 2:  # (points, basis)
            return ring.fix(sums @ coefficient.T).T
        return ring.fix(coefficient @ sums)


@dataclass(frozen=True, slots=True)
class _Plan:
    """The sums of :func:`_answer_ring` for a shape of question: ``keys`` (position
    asked, corner, subset of it), each key's ``sign`` (-1 for each unknown card its
    corner's sets lack) and those cards (``lacking``: a row of bits per key), and for
    each basis sum the keys it adds up (``gather``: a row of columns per basis sum)."""

    keys: tuple[tuple[int, int, int], ...]
    sign: Array
    lacking: Array
    gather: Array


@lru_cache(maxsize=256)
def _plan(cards: int, asked: int, basis: tuple[tuple[int, int], ...]) -> _Plan:
    """The :class:`_Plan` of a question about ``cards`` unknown cards to ``asked``
    seats whose answers come from the sums ``basis`` (see :func:`_coefficients`)."""
    corners = 1 << cards
    keys: list[tuple[int, int, int]] = []
    for y in range(corners):
        for t in sorted({t for t, _ in basis}):
            keys += [(t, y, 0)] if t == asked else [(t, y, u) for u in _subsets(y)]
    lacking = [corners - 1 - y for _, y, _ in keys]
    column = {key: i for i, key in enumerate(keys)}
    arrays = (
        np.array([-1 if bin(m).count("1") % 2 else 1 for m in lacking], dtype=np.int64),
        np.array([[m >> i & 1 for i in range(cards)] for m in lacking], dtype=bool).reshape(
            len(keys), cards
        ),
        np.array(
            [[column[(t, y, y & b)] for y in range(corners)] for t, b in basis], dtype=np.int64
        ).reshape(len(basis), corners),
    )
    for array in arrays:
        array.setflags(write=False)  # shared by every question of the shape
    return _Plan(tuple(keys), *arrays)


def _sum_products(
    lattice: Lattice, factors: list[tuple[Array, Array]], reader: Reader | None
) -> Array:
    """The sum over the sets of each product of two functions: read out by solution
    point with a ``reader`` (``(points, products)``), else one number each."""
    ring = lattice.ring
    shape = lattice.shape
    size = max(1, int(np.prod(shape)))
    step = max(1, CHUNK // size)
    result: list[Array] = []
    for start in range(0, len(factors), step):
        chunk = factors[start : start + step]
        stacked = np.empty((len(chunk), *shape), dtype=np.int64)
        with np.errstate(over="ignore"):
            for i, (a, b) in enumerate(chunk):
                np.multiply(a, b, out=stacked[i : i + 1])
        stacked = ring.fix(stacked)
        if reader is not None:
            result.append(reader.read(lattice, stacked, batched=True))
        else:
            result.append(lattice.contract(stacked, [None, *lattice.sign]))
    return np.concatenate(result, axis=-1)
