"""What the constraints leave to count: the cards whose place is unknown, and what each
seat may still hold, in card and seat numbers; and the *kinds* of the unknown cards.

:func:`reduce` places every card whose seat the constraints decide (a card a seat
holds, the last card a seat may hold, the one seat that may hold a card, the one card of
a category the solution may hold, the one card left of a "holds one of") until nothing
more follows, and drops what is then satisfied. What remains are the unknown cards and,
per seat, how many more it holds, the cards it cannot hold, the sets it holds at least
one of, the sets it does not hold all of, and the weights on its hands: the cards it
showed at random (a card shown is held; its weight is open while some of the cards
asked about are unknown, and a constant factor once they are all placed) and the cards
whose holding weighs a factor each (:class:`~deduce.core.dealing.Weighs`). A
contradiction found on the way makes the problem impossible (no deal), never an error.

Two unknown cards are of the same *kind* (:func:`kinds`) when every constraint treats
them alike: the count only needs how many cards of each kind a set holds, so a table
early in a game, where most cards are alike, is counted over far fewer sets.

Example:
    >>> frame = Frame(sizes=(1, 1), categories=(), solution=None)
    >>> left = reduce(frame, 2, Known(holds=((0, 1),)))
    >>> left.possible, left.unknown, left.placed
    (True, (), (1, 0))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm, prod


@dataclass(frozen=True, slots=True)
class Frame:
    """A setup in numbers: seat sizes, categories (card numbers) and the solution seat
    (its number; it holds one card per category when there are categories)."""

    sizes: tuple[int, ...]
    categories: tuple[tuple[int, ...], ...]
    solution: int | None

    @property
    def by_category(self) -> bool:
        return bool(self.categories) and self.solution is not None


@dataclass(frozen=True, slots=True)
class Known:
    """The constraints in numbers: (seat, card) pairs and (seat, cards) sets; ``shows``
    the (seat, card shown, cards asked about) of each card shown at random; ``weighs``
    the (seat, cards, factor) of each factor on holding cards."""

    holds: tuple[tuple[int, int], ...] = ()
    lacks: tuple[tuple[int, int], ...] = ()
    one_of: tuple[tuple[int, frozenset[int]], ...] = ()
    not_all: tuple[tuple[int, frozenset[int]], ...] = ()
    shows: tuple[tuple[int, int, frozenset[int]], ...] = ()
    weighs: tuple[tuple[int, frozenset[int], Fraction], ...] = ()

    def plus(self, other: Known) -> Known:
        return Known(
            self.holds + other.holds,
            self.lacks + other.lacks,
            self.one_of + other.one_of,
            self.not_all + other.not_all,
            self.shows + other.shows,
            self.weighs + other.weighs,
        )

    def plain(self) -> Known:
        """The same constraints with every card shown only held and no factors: no
        weights."""
        shown = tuple((seat, card) for seat, card, _ in self.shows)
        return Known(self.holds + shown, self.lacks, self.one_of, self.not_all)


Factor = Fraction | None
"""What a weight clause weighs: None for a card shown at random (``1/k`` for ``k`` of the
cards asked about held), else the factor of each card held."""


def top(held: int, open_cards: int) -> int:
    """The least common multiple of ``held..held + open_cards``: a hand's weight for a
    card shown among ``k`` held cards is ``top / k``, a whole number."""
    return lcm(*range(held, held + open_cards + 1))


def clause_scale(count: int, size: int, factor: Factor) -> int:
    """What a weight clause's whole weights are divided by to be its chances (see
    :func:`clause_weights`)."""
    if factor is None:
        return top(count, size)
    return int(factor.denominator ** min(count, size))


def clause_weights(count: int, size: int, factor: Factor) -> list[int]:
    """A weight clause's whole weight of a hand holding ``j`` of its ``size`` open cards,
    for ``j`` from 0 to ``size``, over :func:`clause_scale`: a card shown among ``count +
    j`` held cards (``count`` held already; 0 when none is held), or ``factor ** j`` (a
    hand holds at most ``count`` of them: no more is whole)."""
    if factor is None:
        whole = top(count, size)
        return [whole // (count + j) if count + j else 0 for j in range(size + 1)]
    a, b = factor.numerator, factor.denominator
    most = min(count, size)
    return [a**j * b ** (most - j) if j <= most else 0 for j in range(size + 1)]


@dataclass(frozen=True, slots=True)
class Reduced:
    """What is left to count (see the module's text).

    Attributes:
        possible: False when the constraints admit no deal.
        unknown: the cards whose seat is not decided, in card order.
        placed: for each card its seat, or -1 if unknown.
        need: how many unknown cards each seat still holds (the solution seat of a
            setup with categories: one per open category).
        cannot: per seat, the unknown cards it cannot hold.
        one_of: per seat, sets of unknown cards it holds at least one of (none placed
            with it, each of two cards or more).
        not_all: per seat, sets of unknown cards it does not hold all of.
        open: the unknown cards of each category that has no card in the solution yet
            (by category only, in category order).
        weighing: per seat, its weight clauses still open: for each card it showed at
            random whose weight is open, the unknown cards asked about that it may hold,
            how many of the cards asked about it holds already, and None; for the
            factors on holding cards (those of one factor on distinct cards merged),
            the unknown cards of it that the seat may hold, how many more cards the seat
            holds, and the factor. A hand with ``j`` of a clause's cards weighs
            :func:`clause_weights` ``[j]`` for it (see :attr:`scale`).
        shown: the weight the clauses have whatever the unknown cards: the cards shown
            whose weight is settled (all their cards placed) and the factors of the
            cards placed with their seats, multiplied.
    """

    frame: Frame
    possible: bool
    unknown: tuple[int, ...] = ()
    placed: tuple[int, ...] = ()
    need: tuple[int, ...] = ()
    cannot: tuple[frozenset[int], ...] = ()
    one_of: tuple[tuple[frozenset[int], ...], ...] = ()
    not_all: tuple[tuple[frozenset[int], ...], ...] = ()
    open: tuple[tuple[int, ...], ...] = ()
    weighing: tuple[tuple[tuple[frozenset[int], int, Factor], ...], ...] = ()
    shown: Fraction = Fraction(1)

    @property
    def scale(self) -> int:
        """What the open weights of the clauses are multiplied by to be whole."""
        return prod(clause_scale(h, len(c), f) for clauses in self.weighing for c, h, f in clauses)

    @property
    def heaviest(self) -> int:
        """At least the whole weight of any hands of the seats for their clauses."""
        return prod(
            max(clause_weights(h, len(c), f)) for clauses in self.weighing for c, h, f in clauses
        )


def reduce(frame: Frame, n_cards: int, known: Known) -> Reduced:
    """The problem left once everything the constraints decide is placed."""
    seats = len(frame.sizes)
    placed = [-1] * n_cards
    cannot: list[set[int]] = [set() for _ in range(seats)]
    one_of = [[set(a) for s, a in known.one_of if s == seat] for seat in range(seats)]
    not_all = [[set(a) for s, a in known.not_all if s == seat] for seat in range(seats)]
    category_of = [-1] * n_cards
    for number, category in enumerate(frame.categories):
        for card in category:
            category_of[card] = number
    sol = frame.solution if frame.by_category else None
    if sol is not None:
        cannot[sol] |= {c for c in range(n_cards) if category_of[c] < 0}
    for seat, card in known.lacks:
        cannot[seat].add(card)
    pending = list(known.holds) + [(seat, card) for seat, card, _ in known.shows]
    impossible = Reduced(frame, False)
    changed = True
    while changed:
        for seat, card in pending:  # place what is decided
            if placed[card] == seat:
                continue
            if placed[card] >= 0 or card in cannot[seat]:
                return impossible
            placed[card] = seat
        pending = []
        changed = False
        held = [0] * seats
        for seat in placed:
            if seat >= 0:
                held[seat] += 1
        need = [size - h for size, h in zip(frame.sizes, held, strict=True)]
        if min(need) < 0:
            return impossible
        if sol is not None:  # one card per category; a category that is done is closed
            filled = [0] * len(frame.categories)
            for card, seat in enumerate(placed):
                if seat == sol:
                    filled[category_of[card]] += 1
            if max(filled, default=0) > 1:
                return impossible
            for number, category in enumerate(frame.categories):
                if filled[number]:
                    cannot[sol] |= set(category)
        unknown = [c for c in range(n_cards) if placed[c] < 0]
        free = set(unknown)
        may = {c: [s for s in range(seats) if need[s] > 0 and c not in cannot[s]] for c in unknown}
        for card, seats_left in may.items():
            if not seats_left:
                return impossible
            if len(seats_left) == 1:
                pending.append((seats_left[0], card))
        for seat in range(seats):
            kept = []
            for clause in one_of[seat]:
                if any(placed[c] == seat for c in clause):
                    continue  # satisfied
                left = {c for c in clause if c in free and seat in may[c]}
                if not left:
                    return impossible
                if len(left) == 1:
                    pending.append((seat, next(iter(left))))
                kept.append(left)
            one_of[seat] = kept
            kept = []
            for clause in not_all[seat]:
                if any(placed[c] not in (-1, seat) for c in clause):
                    continue  # a card is elsewhere
                left = {c for c in clause if placed[c] != seat}
                if not left:
                    return impossible
                if any(seat not in may[c] for c in left):
                    continue  # a card cannot be here
                if len(left) == 1:
                    cannot[seat] |= left
                    changed = True
                    continue
                kept.append(left)
            not_all[seat] = kept
            here = [c for c in unknown if seat in may[c]]
            if len(here) < need[seat]:
                return impossible
            if need[seat] and len(here) == need[seat]:
                pending += [(seat, c) for c in here]
        if sol is not None:
            for number, category in enumerate(frame.categories):
                if filled[number]:
                    continue
                here = [c for c in category if c in free and sol in may[c]]
                if not here:
                    return impossible
                if len(here) == 1:
                    pending.append((sol, here[0]))
        changed = changed or bool(pending)
    weighing: list[list[tuple[frozenset[int], int, Factor]]] = [[] for _ in range(seats)]
    shown = Fraction(1)
    for seat, _, among in known.shows:
        mine = sum(1 for c in among if placed[c] == seat)
        still = frozenset(c for c in among if c in free and seat in may[c])
        if still:
            weighing[seat].append((still, mine, None))
        else:
            shown /= mine
    merged: dict[tuple[int, Fraction], list[set[int]]] = {}
    for seat, cards, factor in known.weighs:
        if factor == 1:
            continue  # weighs nothing
        shown *= factor ** sum(1 for c in cards if placed[c] == seat)
        left = {c for c in cards if c in free and seat in may[c]}
        groups = merged.setdefault((seat, factor), [])
        into = next((g for g in groups if not g & left), None)
        if into is None:
            groups.append(left)
        else:
            into |= left
    for (seat, factor), groups in merged.items():
        weighing[seat] += [(frozenset(g), need[seat], factor) for g in groups if g]
    open_categories: tuple[tuple[int, ...], ...] = ()
    if sol is not None:
        open_categories = tuple(
            tuple(c for c in category if c in free)
            for category in frame.categories
            if not any(placed[c] == sol for c in category)
        )
    return Reduced(
        frame,
        True,
        tuple(unknown),
        tuple(placed),
        tuple(need),
        tuple(frozenset(c & free) for c in cannot),
        tuple(tuple(frozenset(a) for a in clauses) for clauses in one_of),
        tuple(tuple(frozenset(a) for a in clauses) for clauses in not_all),
        open_categories,
        tuple(tuple(clauses) for clauses in weighing),
        shown,
    )


@dataclass(frozen=True, slots=True)
class Kinds:
    """The unknown cards grouped by kind: ``members[k]`` the cards of kind ``k`` (each
    kind is one axis of the sums), and per seat its constraints as sets of kinds.

    Attributes:
        members: the cards of each kind, kinds in the order of their first card.
        kind_of: card -> its kind.
        cannot: per seat, the kinds it cannot hold.
        one_of: per seat, its "holds one of" sets as sets of kinds.
        not_all: per seat, its "not all of" sets as sets of kinds.
        open: per open category, its kinds (by category only).
        weighing: per seat, its open weight clauses (see :class:`Reduced`) with their cards
            as sets of kinds.
    """

    members: tuple[tuple[int, ...], ...]
    kind_of: dict[int, int]
    cannot: tuple[frozenset[int], ...]
    one_of: tuple[tuple[frozenset[int], ...], ...]
    not_all: tuple[tuple[frozenset[int], ...], ...]
    open: tuple[tuple[int, ...], ...]
    weighing: tuple[tuple[tuple[frozenset[int], int, Factor], ...], ...] = ()

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(len(m) + 1 for m in self.members)

    @property
    def points(self) -> int:
        """How many points the sums run over: the product of (kind size + 1)."""
        total = 1
        for size in self.shape:
            total *= size
        return total


def kinds(reduced: Reduced, alone: frozenset[int] = frozenset()) -> Kinds:
    """The kinds of the unknown cards of ``reduced``; the cards of ``alone`` are each a
    kind of their own."""
    seats = len(reduced.need)
    category = {c: n for n, cards in enumerate(reduced.open) for c in cards}
    sets = [a for seat in range(seats) for a in reduced.one_of[seat]]
    sets += [a for seat in range(seats) for a in reduced.not_all[seat]]
    sets += [a for clauses in reduced.weighing for a, _, _ in clauses]
    groups: dict[tuple[int, tuple[bool, ...], tuple[bool, ...], int], list[int]] = {}
    for card in reduced.unknown:
        signature = (
            category.get(card, -1),
            tuple(card in reduced.cannot[s] for s in range(seats)),
            tuple(card in a for a in sets),
            card if card in alone else -1,
        )
        groups.setdefault(signature, []).append(card)
    # the kinds of the open categories first, category by category: the solution's
    # axes lead the lattice
    ordered = sorted(groups.items(), key=lambda item: (item[0][0] < 0, item[0][0], item[1][0]))
    members = tuple(tuple(cards) for _, cards in ordered)
    kind_of = {c: k for k, cards in enumerate(members) for c in cards}

    def of(cards: frozenset[int]) -> frozenset[int]:
        return frozenset(kind_of[c] for c in cards)

    open_kinds = tuple(tuple(sorted({kind_of[c] for c in cards})) for cards in reduced.open)
    return Kinds(
        members,
        kind_of,
        tuple(of(c) for c in reduced.cannot),
        tuple(tuple(of(a) for a in clauses) for clauses in reduced.one_of),
        tuple(tuple(of(a) for a in clauses) for clauses in reduced.not_all),
        open_kinds,
        tuple(tuple((of(a), h, f) for a, h, f in clauses) for clauses in reduced.weighing),
    )


def split(found: Kinds, cards: frozenset[int]) -> tuple[Kinds, list[tuple[int, list[int]]]]:
    """``found`` with every card of ``cards`` a kind of its own, put in place of the
    kind it leaves (before what is left of that kind); and, for each kind split, its
    number and the sizes of its parts. A seat treats the cards of a kind alike, so
    what it may hold inside a set depends only on how many of them the parts hold
    together."""
    members: list[tuple[int, ...]] = []
    parts_of: list[list[int]] = []  # old kind -> its new kinds
    splits: list[tuple[int, list[int]]] = []
    for kind, cards_of in enumerate(found.members):
        alone = [c for c in cards_of if c in cards]
        if not alone or (len(cards_of) == 1):
            parts_of.append([len(members)])
            members.append(cards_of)
            continue
        rest = tuple(c for c in cards_of if c not in cards)
        parts = [(c,) for c in alone] + ([rest] if rest else [])
        parts_of.append(list(range(len(members), len(members) + len(parts))))
        members += parts
        splits.append((kind, [len(p) for p in parts]))

    def of(kinds_set: frozenset[int]) -> frozenset[int]:
        return frozenset(new for old in kinds_set for new in parts_of[old])

    return (
        Kinds(
            tuple(members),
            {c: k for k, cs in enumerate(members) for c in cs},
            tuple(of(c) for c in found.cannot),
            tuple(tuple(of(a) for a in clauses) for clauses in found.one_of),
            tuple(tuple(of(a) for a in clauses) for clauses in found.not_all),
            tuple(tuple(sorted(of(frozenset(cat)))) for cat in found.open),
            tuple(tuple((of(a), h, f) for a, h, f in clauses) for clauses in found.weighing),
        ),
        splits,
    )
