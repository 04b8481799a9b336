"""The deal counter (``deduce.core.dealing``) against a listing of every deal.

Small decks (5 to 9 cards, two or three hands, a solution of two categories, or a
solution that is a hand with a size, or none), a hidden deal drawn at random and true
constraints about it: the count, where every card is, the solutions, the answers to a
question (jointly with the solution too) and the information they give must be those of
the listing, exactly (fractions). Then contradictions, counts beyond 64 bits, the classic
Cluedo deck, and deals drawn at random.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from fractions import Fraction
from itertools import combinations, product
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import deduce.core.dealing._counting as counting
from deduce import Contradiction, InvalidInput
from deduce.core.dealing import (
    MAX_POINTS,
    Answer,
    Constraint,
    Deal,
    Deals,
    Holds,
    HoldsOneOf,
    Lacks,
    LacksOneOf,
    Setup,
    Shows,
    Weighs,
    count_deals,
)
from deduce.core.dealing._lattice import PRIMES, Lattice, Ring
from deduce.core.dealing._reduced import Known, reduce

Listed = dict[str, frozenset[str]]


# -- the listing --------------------------------------------------------------------------


def listing(setup: Setup) -> list[Listed]:
    """Every deal of ``setup``, listed."""
    found: list[Listed] = []
    solution_hands: list[frozenset[str]] | None = None
    if setup.categories:
        solution_hands = [frozenset(t) for t in product(*setup.categories)]

    def place(i: int, left: frozenset[str], deal: Listed) -> None:
        if i == len(setup.seats):
            if not left:
                found.append(dict(deal))
            return
        seat = setup.seats[i]
        if seat == setup.solution and solution_hands is not None:
            options = [h for h in solution_hands if h <= left]
        else:
            options = [frozenset(h) for h in combinations(sorted(left), setup.sizes[i])]
        for hand in options:
            deal[seat] = hand
            place(i + 1, left - hand, deal)

    place(0, frozenset(setup.cards), {})
    return found


def agrees(deal: Listed, constraint: Constraint) -> bool:
    hand = deal[constraint.seat]
    if isinstance(constraint, Weighs):
        return True
    if isinstance(constraint, (Holds, Shows)):
        return constraint.card in hand
    if isinstance(constraint, Lacks):
        return constraint.card not in hand
    if isinstance(constraint, HoldsOneOf):
        return bool(hand & set(constraint.cards))
    return not set(constraint.cards) <= hand


def solution_of(setup: Setup, deal: Listed) -> tuple[str, ...]:
    assert setup.solution is not None
    hand = deal[setup.solution]
    if setup.categories:
        return tuple(next(c for c in category if c in hand) for category in setup.categories)
    return tuple(c for c in setup.cards if c in hand)


class Listing:
    """What the listing says about a setup, constraints and weights."""

    def __init__(
        self,
        setup: Setup,
        constraints: Sequence[Constraint],
        weights: Mapping[tuple[str, ...], int] | None = None,
    ) -> None:
        self.setup = setup
        self.deals = [d for d in listing(setup) if all(agrees(d, c) for c in constraints)]
        self.weights = dict(weights or {})
        self.shows = [c for c in constraints if isinstance(c, Shows)]
        self.factors = [c for c in constraints if isinstance(c, Weighs)]
        self.total = sum(self.weight(d) for d in self.deals)

    def weight(self, deal: Listed) -> Fraction:
        """The solution's weight times, for every card shown at random, the chance that
        the seat shows that card: one over how many of the cards asked about it holds;
        for every factor, the factor to the number of its cards the seat holds."""
        weight = Fraction(1)
        if self.setup.solution is not None:
            weight = Fraction(self.weights.get(solution_of(self.setup, deal), 1))
        for shown in self.shows:
            weight /= len(deal[shown.seat] & set(shown.among))
        for factor in self.factors:
            weight *= factor.factor ** len(deal[factor.seat] & set(factor.cards))
        return weight

    def marginals(self) -> dict[str, dict[str, Fraction]]:
        return {
            seat: {
                card: Fraction(
                    sum(self.weight(d) for d in self.deals if card in d[seat]), self.total
                )
                for card in self.setup.cards
            }
            for seat in self.setup.seats
        }

    def solutions(self) -> dict[tuple[str, ...], Fraction]:
        found: Counter[tuple[str, ...]] = Counter()
        for deal in self.deals:
            found[solution_of(self.setup, deal)] += self.weight(deal)
        ranked = sorted(
            ((s, w) for s, w in found.items() if w),
            key=lambda item: (-item[1], [self.setup.cards.index(c) for c in item[0]]),
        )
        return {s: Fraction(w, self.total) for s, w in ranked}

    def answers_of(
        self,
        deal: Listed,
        cards: Sequence[str],
        order: Sequence[str],
        preference: Mapping[str, Sequence[str]],
        seen: bool,
    ) -> dict[Answer, Fraction]:
        for seat in order:
            held = [c for c in cards if c in deal[seat]]
            if not held:
                continue
            first = [c for c in preference.get(seat, ()) if c in held]
            shown = first[:1] or held
            found: dict[Answer, Fraction] = {}
            for card in shown:
                answer = Answer(seat, card if seen else None)
                found[answer] = found.get(answer, Fraction(0)) + Fraction(1, len(shown))
            return found
        return {Answer(): Fraction(1)}

    def joint(
        self,
        cards: Sequence[str],
        order: Sequence[str],
        preference: Mapping[str, Sequence[str]],
        seen: bool,
    ) -> dict[tuple[tuple[str, ...], Answer], Fraction]:
        found: dict[tuple[tuple[str, ...], Answer], Fraction] = {}
        for deal in self.deals:
            solution = solution_of(self.setup, deal) if self.setup.solution is not None else ()
            for answer, p in self.answers_of(deal, cards, order, preference, seen).items():
                key = (solution, answer)
                found[key] = found.get(key, Fraction(0)) + p * Fraction(
                    self.weight(deal), self.total
                )
        return {k: v for k, v in found.items() if v}

    def answers(
        self,
        cards: Sequence[str],
        order: Sequence[str],
        preference: Mapping[str, Sequence[str]],
        seen: bool,
    ) -> dict[Answer, Fraction]:
        found: dict[Answer, Fraction] = {}
        for (_, answer), p in self.joint(cards, order, preference, seen).items():
            found[answer] = found.get(answer, Fraction(0)) + p
        return found


def mutual_information(joint: Mapping[tuple[Any, Any], Fraction]) -> float:
    left: Counter[Any] = Counter()
    right: Counter[Any] = Counter()
    for (a, b), p in joint.items():
        left[a] += p
        right[b] += p
    return sum(
        float(p) * math.log2(float(p / (left[a] * right[b]))) for (a, b), p in joint.items() if p
    )


# -- random tables ------------------------------------------------------------------------


@st.composite
def tables(draw: st.DrawFn, kinds: Sequence[str] = ("categories", "sized", "none")) -> Any:
    """A setup, a hidden deal of it and true constraints about that deal."""
    n = draw(st.integers(5, 9))
    cards = tuple(f"c{i}" for i in range(n))
    kind = draw(st.sampled_from(kinds))
    categories: tuple[tuple[str, ...], ...] = ()
    left = n
    if kind == "categories":
        order = draw(st.permutations(cards))
        first = draw(st.integers(1, 3))
        second = draw(st.integers(1, 3))
        categories = (
            tuple(sorted(order[:first], key=cards.index)),
            tuple(sorted(order[first : first + second], key=cards.index)),
        )
        left -= 2
    seats = draw(st.integers(2, 3))
    cuts = sorted(draw(st.lists(st.integers(0, left), min_size=seats - 1, max_size=seats - 1)))
    sizes = [b - a for a, b in zip([0, *cuts], [*cuts, left], strict=True)]
    hands = tuple((f"P{i}", size) for i, size in enumerate(sizes))
    solution = {"categories": "solution", "sized": hands[-1][0], "none": None}[kind]
    setup = Setup(cards, hands, categories=categories, solution=solution)
    every = listing(setup)
    hidden = every[draw(st.integers(0, len(every) - 1))]
    constraints: list[Constraint] = []
    for _ in range(draw(st.integers(0, 6))):
        seat = draw(st.sampled_from(setup.seats))
        hand = hidden[seat]
        others = [c for c in cards if c not in hand]
        what = draw(
            st.sampled_from(["holds", "lacks", "one of", "not all", "shows", "shows", "weighs"])
        )
        if what == "weighs" and seat != setup.solution:
            some = draw(st.lists(st.sampled_from(cards), min_size=1, max_size=3, unique=True))
            factor = draw(st.sampled_from([Fraction(1, 4), Fraction(1, 2), Fraction(3), 2]))
            constraints.append(Weighs(seat, tuple(some), factor))
        elif what == "shows" and hand and seat != setup.solution:
            shown = draw(st.sampled_from(sorted(hand)))
            some = draw(st.lists(st.sampled_from(cards), min_size=0, max_size=3, unique=True))
            among = draw(st.permutations(list(dict.fromkeys([shown, *some]))))
            constraints.append(Shows(seat, shown, among=tuple(among)))
        elif what == "holds" and hand:
            constraints.append(Holds(seat, draw(st.sampled_from(sorted(hand)))))
        elif what == "lacks" and others:
            constraints.append(Lacks(seat, draw(st.sampled_from(others))))
        elif what == "one of" and hand:
            some = draw(st.lists(st.sampled_from(cards), min_size=0, max_size=2, unique=True))
            one = draw(st.sampled_from(sorted(hand)))
            constraints.append(HoldsOneOf(seat, tuple(dict.fromkeys([one, *some]))))
        elif what == "not all" and others:
            some = draw(st.lists(st.sampled_from(cards), min_size=0, max_size=2, unique=True))
            out = draw(st.sampled_from(others))
            constraints.append(LacksOneOf(seat, tuple(dict.fromkeys([out, *some]))))
    return setup, hidden, constraints


@st.composite
def questions(draw: st.DrawFn, setup: Setup) -> Any:
    """Cards asked about, the seats asked in turn, preferences and whether the card is
    seen."""
    cards = draw(st.lists(st.sampled_from(setup.cards), min_size=1, max_size=3, unique=True))
    players = [s for s in setup.seats if s != setup.solution]
    order = draw(st.lists(st.sampled_from(players), min_size=1, unique=True))
    preference = {
        seat: draw(st.lists(st.sampled_from(setup.cards), max_size=3, unique=True))
        for seat in order
        if draw(st.booleans())
    }
    return cards, order, preference, draw(st.booleans())


def weights_for(draw: st.DrawFn, setup: Setup) -> dict[tuple[str, ...], int] | None:
    if setup.solution is None or not draw(st.booleans()):
        return None
    solutions = {solution_of(setup, d) for d in listing(setup)}
    chosen = draw(st.lists(st.sampled_from(sorted(solutions)), unique=True))
    return {s: draw(st.integers(0, 3)) for s in chosen}


# -- exact against the listing ------------------------------------------------------------


@settings(max_examples=150)
@given(tables(), st.data())
def test_counts_marginals_and_solutions_are_the_listings(table: Any, data: st.DataObject) -> None:
    setup, _, constraints = table
    weights = weights_for(data.draw, setup)
    listed = Listing(setup, constraints, weights)
    if listed.total == 0:  # weights of 0 on every solution left
        with pytest.raises(InvalidInput, match="weights"):
            Deals(setup, constraints, weights=weights)
        return
    deals = Deals(setup, constraints, weights=weights)
    assert deals.count == len(listed.deals) == count_deals(setup, constraints)
    assert deals.weight == listed.total
    assert deals.marginals() == listed.marginals()
    if setup.solution is not None:
        assert list(deals.solutions().items()) == list(listed.solutions().items())
        assert deals.solution_cards() == listed.marginals()[setup.solution]
    else:
        with pytest.raises(InvalidInput, match=r"setup\.solution"):
            deals.solutions()


@settings(max_examples=150)
@given(tables(), st.data())
def test_answers_and_their_information_are_the_listings(table: Any, data: st.DataObject) -> None:
    setup, _, constraints = table
    cards, order, preference, seen = data.draw(questions(setup))
    weights = weights_for(data.draw, setup)
    listed = Listing(setup, constraints, weights)
    if listed.total == 0:
        return
    deals = Deals(setup, constraints, weights=weights)
    answers = deals.answers(cards, order, preference=preference, seen=seen)
    assert answers == listed.answers(cards, order, preference, seen)
    assert sum(answers.values()) == 1
    if setup.solution is None:
        return
    joint = deals.joint_answers(cards, order, preference=preference, seen=seen)
    assert joint == listed.joint(cards, order, preference, seen)
    rank = list(deals.solutions())
    assert [rank.index(s) for s, _ in joint] == sorted(rank.index(s) for s, _ in joint)
    (bits,) = deals.information([cards], order, preference=preference, seen=seen)
    assert bits == pytest.approx(mutual_information(joint), abs=1e-9)


@settings(max_examples=100)
@given(tables(), st.data())
def test_the_information_of_many_questions_at_once_is_each_ones(
    table: Any, data: st.DataObject
) -> None:
    """Many questions counted in one batch (every single card, a question and its cards
    reversed, more): each gets the listing's bits, whatever the others are."""
    setup, _, constraints = table
    if setup.solution is None:
        return
    cards, order, preference, seen = data.draw(questions(setup))
    weights = weights_for(data.draw, setup)
    listed = Listing(setup, constraints, weights)
    if listed.total == 0:
        return
    deals = Deals(setup, constraints, weights=weights)
    asked = [[c] for c in setup.cards] + [cards, list(reversed(cards))]
    asked += data.draw(
        st.lists(st.lists(st.sampled_from(setup.cards), min_size=1, max_size=3, unique=True))
    )
    bits = deals.information(asked, order, preference=preference, seen=seen)
    for question, found in zip(asked, bits, strict=True):
        joint = listed.joint(question, order, preference, seen)
        assert found == pytest.approx(mutual_information(joint), abs=1e-9), question
    # asked again, in another order, then as before: each answer its own question's
    assert deals.information(asked[::-1], order, preference=preference, seen=seen) == bits[::-1]
    assert deals.information(asked, order, preference=preference, seen=seen) == bits
    if len(order) > 1:
        other = deals.information(asked, order[::-1], preference=preference, seen=seen)
        for question, found in zip(asked, other, strict=True):
            joint = listed.joint(question, order[::-1], preference, seen)
            assert found == pytest.approx(mutual_information(joint), abs=1e-9), question


@settings(max_examples=60)
@given(tables(), st.data())
def test_every_deal_is_listed_once(table: Any, data: st.DataObject) -> None:
    setup, hidden, constraints = table
    deals = Deals(setup, constraints)
    every = deals.every()
    listed = Listing(setup, constraints)
    assert len(every) == len(set(every)) == deals.count
    as_sets = [{seat: frozenset(cards) for seat, cards in deal.hands} for deal in every]
    assert sorted(map(repr, as_sets)) == sorted(map(repr, listed.deals))
    assert {seat: frozenset(c) for seat, c in hidden.items()} in as_sets
    with pytest.raises(InvalidInput, match="limit"):
        deals.every(limit=deals.count - 1)


@settings(max_examples=40)
@given(tables(), st.integers(0, 2**32))
def test_drawn_deals_agree_with_the_constraints(table: Any, seed: int) -> None:
    setup, _, constraints = table
    deals = Deals(setup, constraints)
    drawn = deals.sample(5, seed=seed)
    assert drawn == deals.sample(5, seed=seed)  # the same seed, the same deals
    listed = {repr(d) for d in Listing(setup, constraints).deals}
    for deal in drawn:
        assert isinstance(deal, Deal)
        assert repr({seat: frozenset(cards) for seat, cards in deal.hands}) in listed


def drawn(deals: Deals) -> dict[str, Fraction]:
    """The chance that :meth:`Deals.sample` draws each deal: the hands of the seats it
    deals in turn, each with the weight it gives that hand (its deals by repr)."""
    n_cards = len(deals.setup.cards)
    found: dict[str, Fraction] = {}

    def walk(known: Known, seats: list[int], chance: Fraction) -> None:
        if not seats:
            placed = reduce(deals._frame, n_cards, known).placed
            deal = deals._deal(dict(enumerate(placed)))
            key = repr({seat: frozenset(cards) for seat, cards in deal.hands})
            found[key] = found.get(key, Fraction(0)) + chance
            return
        hands = deals._hands(known, seats[0])
        total = sum(hands.values())
        for hand, weight in hands.items():
            placed = Known(holds=tuple((seats[0], card) for card in hand))
            walk(known.plus(placed), seats[1:], chance * Fraction(weight, total))

    walk(deals._known, deals._order(), Fraction(1))
    return found


@settings(max_examples=60)
@given(tables(), st.data())
def test_each_deal_is_drawn_with_the_chance_of_its_weight(table: Any, data: st.DataObject) -> None:
    setup, _, constraints = table
    weights = weights_for(data.draw, setup)
    listed = Listing(setup, constraints, weights)
    if listed.total == 0:
        return
    chances = drawn(Deals(setup, constraints, weights=weights))
    expected = {repr(d): listed.weight(d) / listed.total for d in listed.deals}
    assert {k: v for k, v in chances.items() if v} == {k: v for k, v in expected.items() if v}


@settings(max_examples=60)
@given(tables(kinds=("categories",)), st.data())
def test_counted_modulo_primes_the_same(table: Any, data: st.DataObject) -> None:
    """Counts that could pass 2**63 are counted modulo 2**64 and primes, combined by
    Chinese remainders: made to do so here, every number is still the listing's."""
    setup, _, constraints = table
    cards, order, preference, seen = data.draw(questions(setup))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(counting, "rings", lambda bound: (Ring(0), Ring(PRIMES[0]), Ring(PRIMES[1])))
        deals = Deals(setup, constraints)
        listed = Listing(setup, constraints)
        assert deals.count == len(listed.deals)
        assert deals.marginals() == listed.marginals()
        assert deals.solutions() == listed.solutions()
        joint = deals.joint_answers(cards, order, preference=preference, seen=seen)
        assert joint == listed.joint(cards, order, preference, seen)


@pytest.mark.parametrize("ring", [Ring(0), Ring(PRIMES[0])], ids=["2**64", "prime"])
@pytest.mark.parametrize("kinds", [3, 12])
def test_one_card_of_a_category_is_read_as_the_plain_sum(ring: Ring, kinds: int) -> None:
    """The sums that read which kind of a category the solution's card is: each
    choice's plain sum in the ring, whether the category's points are summed at once or
    (modulo a prime, past 2**11 of them, where the sums could overflow) axis by axis.
    Every number is a residue near the modulus: the largest products."""
    lattice = Lattice.of([1] * kinds, ring)
    modulus = ring.modulus or 2**64
    top = ring.modulus or 2**62
    rng = np.random.default_rng(kinds)
    x = top - 1 - rng.integers(0, 1000, (2, *lattice.shape))
    plain = list(top - 1 - rng.integers(0, 1000, (kinds, 2)))
    held = list(top - 1 - rng.integers(0, 1000, (kinds, 2)))
    picked = lattice.pick_one(x, kinds, plain, held)
    assert picked.shape == (kinds, 2)
    for i, b in product(range(kinds), range(2)):
        expected = sum(
            int(x[(b, *point)])
            * math.prod(int((held if j == i else plain)[j][s]) for j, s in enumerate(point))
            for point in product(range(2), repeat=kinds)
        )
        assert int(picked[i, b]) % modulus == expected % modulus


# -- contradictions -----------------------------------------------------------------------

SMALL = Setup(("a", "b", "c", "d"), {"Ann": 2, "Bob": 2})


def test_a_contradiction_names_a_smallest_set_of_constraints_that_cannot_stand() -> None:
    constraints = [
        Holds("Ann", "a"),
        Lacks("Bob", "c"),
        HoldsOneOf("Bob", ("a", "b")),
        Lacks("Bob", "d"),
    ]
    with pytest.raises(Contradiction) as caught:
        Deals(SMALL, constraints)
    # with "a" at Ann's, Bob holds two of b, c, d, and neither c nor d; "a or b" is not
    # needed for that
    assert caught.value.clue == Lacks("Bob", "d")
    assert caught.value.conflict == (Holds("Ann", "a"), Lacks("Bob", "c"))
    assert count_deals(SMALL, constraints) == 0


def test_adding_a_contradiction_leaves_the_deals_as_they_were() -> None:
    deals = Deals(SMALL, [Holds("Ann", "a")])
    with pytest.raises(Contradiction) as caught:
        deals.add(Holds("Bob", "a"))
    assert caught.value.clue == Holds("Bob", "a")
    assert caught.value.conflict == (Holds("Ann", "a"),)
    assert deals.count == 3 and deals.constraints == (Holds("Ann", "a"),)


def test_a_constraint_impossible_on_its_own_conflicts_with_nothing_earlier() -> None:
    setup = Setup(("a", "b", "x"), {"Ann": 1}, categories=(("a", "b"), ("x",)))
    with pytest.raises(Contradiction) as caught:
        Deals(setup, [Holds("Ann", "b"), Holds("Ann", "x")])
    assert caught.value.clue == Holds("Ann", "x") and caught.value.conflict == ()


# -- beyond 64 bits, and the classic deck ---------------------------------------------------

SUSPECTS = ("Green", "Mustard", "Orchid", "Peacock", "Plum", "Scarlet")
WEAPONS = ("Candlestick", "Dagger", "Lead pipe", "Revolver", "Rope", "Wrench")
ROOMS = (
    "Ballroom",
    "Billiard room",
    "Conservatory",
    "Dining room",
    "Hall",
    "Kitchen",
    "Library",
    "Lounge",
    "Study",
)


def cluedo(players: int) -> Setup:
    sizes = [18 // players + (i < 18 % players) for i in range(players)]
    return Setup(
        SUSPECTS + WEAPONS + ROOMS,
        tuple((f"P{i}", size) for i, size in enumerate(sizes)),
        categories=(SUSPECTS, WEAPONS, ROOMS),
    )


def test_the_classic_deck_at_six_players_with_my_hand_known() -> None:
    mine = [Holds("P0", card) for card in ("Plum", "Rope", "Hall")]
    deals = Deals(cluedo(6), mine)
    # 5 x 5 x 8 envelopes, then 15 cards in five hands of three
    assert deals.count == 5 * 5 * 8 * math.factorial(15) // math.factorial(3) ** 5
    assert deals.solution_cards()["Green"] == Fraction(1, 5)
    assert deals.marginals()["P1"]["Green"] == Fraction(4, 5) * Fraction(1, 5)
    answers = deals.answers(("Green", "Dagger", "Hall"), ["P1", "P2", "P3", "P4", "P5"])
    assert sum(answers.values()) == 1
    assert Answer("P1", "Hall") not in answers  # Hall is mine


def test_counts_beyond_64_bits_are_exact() -> None:
    """Thirty cards dealt to ten seats of three, nothing known: more than 2**63 deals,
    counted in the primes too."""
    suspects = tuple(f"s{i}" for i in range(10))
    weapons = tuple(f"w{i}" for i in range(8))
    rooms = tuple(f"r{i}" for i in range(12))
    setup = Setup(
        suspects + weapons + rooms,
        tuple((f"P{i}", 3) for i in range(9)),
        categories=(suspects, weapons, rooms),
    )
    expected = 10 * 8 * 12 * math.factorial(27) // math.factorial(3) ** 9
    assert expected > 2**63
    deals = Deals(setup)
    assert deals.count == expected
    assert deals.solutions()[("s0", "w0", "r0")] == Fraction(1, 960)
    assert deals.marginals()["P3"]["w5"] == Fraction(7, 8) * Fraction(1, 9)
    answers = deals.answers(("s0", "w0", "r0"), ["P1"], seen=False)
    assert sum(answers.values()) == 1


def test_many_cards_shown_at_random_are_weighed_in_as_many_primes_as_they_need() -> None:
    """120 cards shown by one seat, each among two unknown cards: weights whose common
    multiple is beyond the first primes, counted in more of them, still exact."""
    held = [f"a{i}" for i in range(10)]
    unknown = [f"x{i}" for i in range(10)]
    setup = Setup((*held, *unknown), {"Ann": 13, "Bob": 7})
    pairs = list(combinations(unknown, 2))[:12]
    shown = [Shows("Ann", a, among=(a, x, y)) for a in held for x, y in pairs]
    listed = Listing(setup, shown)
    assert len(counting.rings(len(listed.deals) * 6 ** len(shown))) > 1 + len(PRIMES)
    deals = Deals(setup, shown)
    assert deals.count == 120
    assert deals.weight == listed.total
    assert deals.marginals() == listed.marginals()
    answers = deals.answers(("x0", "x1"), ["Bob", "Ann"])
    assert answers == listed.answers(("x0", "x1"), ["Bob", "Ann"], {}, True)


def test_too_many_kinds_of_unknown_cards_are_refused() -> None:
    cards = tuple(f"c{i:02}" for i in range(24))
    setup = Setup(cards, {"Ann": 8, "Bob": 8, "Cy": 8})
    # every card in its own combination of five sets: 24 kinds, 2**24 points
    sets = [tuple(c for i, c in enumerate(cards) if i >> bit & 1) for bit in range(5)]
    constraints = [HoldsOneOf("Ann", s) for s in sets]
    with pytest.raises(InvalidInput, match="constraints") as caught:
        Deals(setup, constraints)
    assert f"{MAX_POINTS:,}" in str(caught.value)


# -- drawing deals ------------------------------------------------------------------------


def test_a_numpy_generator_seeds_the_draws() -> None:
    deals = Deals(cluedo(3), [Holds("P0", c) for c in ("Plum", "Rope", "Hall", "Green")])
    first = deals.sample(4, seed=np.random.default_rng(7))
    assert first == deals.sample(4, seed=np.random.default_rng(7))
    assert all(set(d.hand("P0")) >= {"Plum", "Rope", "Hall", "Green"} for d in first)
    assert deals.sample(0) == ()


def _frequencies(deals: Deals, draws: int, seed: int) -> Iterator[tuple[float, float]]:
    counted: Counter[tuple[str, str]] = Counter()
    for deal in deals.sample(draws, seed=seed):
        for seat, cards in deal.hands:
            counted.update((seat, card) for card in cards)
    for seat, row in deals.marginals().items():
        for card, p in row.items():
            yield counted[(seat, card)] / draws, float(p)


@pytest.mark.long
def test_drawn_deals_follow_the_marginals() -> None:
    """Each card's seat, over many draws, within five standard errors of its exact
    probability (a fixed seed: the same draws on every run)."""
    setup = cluedo(4)
    constraints = [
        *(Holds("P0", c) for c in ("Plum", "Rope", "Hall", "Study", "Green")),
        Lacks("P1", "Mustard"),
        Lacks("P1", "Dagger"),
        Lacks("P1", "Kitchen"),
        HoldsOneOf("P2", ("Mustard", "Dagger", "Kitchen")),
        HoldsOneOf("P3", ("Orchid", "Wrench", "Lounge")),
        Shows("P3", "Scarlet", among=("Scarlet", "Candlestick", "Ballroom")),
        Shows("P3", "Peacock", among=("Peacock", "Candlestick", "Library")),
    ]
    deals = Deals(setup, constraints, weights={("Mustard", "Dagger", "Kitchen"): 5})
    draws = 4000
    for seen, p in _frequencies(deals, draws, seed=20240601):
        assert abs(seen - p) <= 5 * math.sqrt(p * (1 - p) / draws) + 1e-12


def test_only_the_last_deals_asked_keep_their_table_ready() -> None:
    """A table made ready to answer is kept for the next question about it, but only by
    the last two deals asked: a game's history of notebooks does not keep them all."""
    history = [Deals(cluedo(3), [Holds("P0", card)]) for card in ("Plum", "Rope", "Hall")]
    kept = []
    for deals in history:
        first = deals.information([["Green", "Dagger", "Study"]], ["P1", "P2"])
        kept.append(deals._ready)
        assert len(deals._ready) == 1
        again = deals.information([["Green", "Dagger", "Study"], ["Plum"]], ["P1", "P2"])
        assert again[0] == first[0]
        assert len(deals._ready) == 1  # the same table, ready already
    assert [len(k) for k in kept] == [0, 1, 1]
