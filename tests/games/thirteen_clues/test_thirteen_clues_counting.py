"""13 Indizien's deal counts: the shortcuts against the whole program."""

from __future__ import annotations

import itertools
import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from deduce.games.thirteen_clues.cards import (
    SIDES,
    Deal,
    attribute_matrix,
    card_index,
    cards_in_play,
    category_of,
    puzzle_indices,
)
from deduce.games.thirteen_clues.counting import PAIRS, _program, completions, holdings
from deduce.games.thirteen_clues.deals import Deals, Knowledge


@st.composite
def seat_counts(draw: st.DrawFn) -> np.ndarray:
    """``(rows, seats, 45)`` ways for each seat to hold each pair, some seats alike in
    every row (any pair, the same number of ways), as before any clue about them."""
    rows = draw(st.integers(1, 4))
    seats = draw(st.integers(1, 5))
    top = draw(st.sampled_from([1, 2]))  # a set, or a pair in either order
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    mult = rng.integers(0, top + 1, size=(rows, seats, 45), dtype=np.int64)
    mult[rng.random((rows, seats, 45)) < draw(st.sampled_from([0.0, 0.5]))] = top
    for seat in range(seats):
        if draw(st.booleans()):  # alike: each row holds its own number of ways
            mult[:, seat] = rng.integers(0, top + 1, size=(rows, 1))
    if draw(st.booleans()):  # rows alike: the same counts for two puzzles
        mult[-1] = mult[0]
    return mult


@settings(max_examples=200, deadline=None)
@given(seat_counts())
def test_seats_alike_are_counted_as_the_program_counts_them(mult: np.ndarray) -> None:
    assert completions(mult).tolist() == _program(mult).tolist()


@settings(max_examples=60, deadline=None)
@given(seat_counts())
def test_holdings_with_seats_alike_count_the_deals_of_each_pair(mult: np.ndarray) -> None:
    held = holdings(mult)
    for seat in range(mult.shape[1]):
        for pair in range(45):
            only = mult.copy()
            only[:, seat] = 0
            only[:, seat, pair] = mult[:, seat, pair]  # the seat holds this pair
            assert held[:, seat, pair].tolist() == _program(only).tolist()


def _brute(mult: np.ndarray) -> list[int]:
    """The deals of each row, listed seat by seat: a pair each, no card twice."""
    totals = []
    for row in mult:
        ways = {0: 1}  # cards taken (a bit mask) -> ways
        for seat in row:
            after: dict[int, int] = {}
            for taken, count in ways.items():
                for pair, (a, b) in enumerate(PAIRS):
                    mask = 1 << a | 1 << b
                    if not taken & mask and seat[pair]:
                        after[taken | mask] = after.get(taken | mask, 0) + count * int(seat[pair])
            ways = after
        totals.append(sum(ways.values()))
    return totals


@settings(max_examples=60, deadline=None)
@given(seat_counts())
def test_the_program_counts_every_deal(mult: np.ndarray) -> None:
    assert _program(mult).tolist() == completions(mult).tolist() == _brute(mult)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_the_pairs_a_seat_may_hold_are_the_same_kept_or_worked_out_afresh(
    data: st.DataObject,
) -> None:
    """A table's deals keep their last answers and read a narrower one out of them (fewer
    rows, more rules): always the pairs a fresh table works out from every rule."""
    table = ((3, 10), ((0, 1, 2), (6, 16, 11)))  # Duke, Park; two puzzles
    deals = Deals(3, *table)
    ids = np.arange(len(deals.rows))
    knowledge = Knowledge()
    attributes = len(deals.attributes)
    for _ in range(data.draw(st.integers(1, 6))):
        if data.draw(st.booleans()):
            rule = (
                data.draw(st.integers(1, 2)),
                data.draw(st.integers(0, attributes - 1)),
                -1,
                data.draw(st.integers(0, 2)),
            )
            knowledge = Knowledge((*knowledge.rules, rule), knowledge.informants)
        else:
            seen = data.draw(st.sampled_from(deals.unknown))
            knowledge = Knowledge(knowledge.rules, knowledge.informants | {seen})
        for rows in (ids, ids[deals.weights(ids, knowledge) > 0]):  # as a space narrows
            kept = deals.allowed(rows, knowledge)
            assert not kept.flags.writeable
            assert (kept == Deals(3, *table).allowed(rows, knowledge)).all()
        ids = rows


def _deals_of(deal: Deal) -> Deals:
    """Seat 0's deals of ``deal``'s table."""
    n = deal.players
    hand = tuple(card_index(c, n) for c in deal.hands[0])
    return Deals(n, hand, tuple(puzzle_indices(p, n) for p in deal.puzzles[1:]))


@settings(max_examples=3, deadline=None)
@given(st.integers(0, 10**6))
def test_the_answers_possible_are_those_of_every_deal(seed: int) -> None:
    """Two players: every deal listed, each side's answer about each attribute."""
    deal = Deal.random(2, seed=seed)
    deals = _deals_of(deal)
    listed = list(deals.every(np.arange(len(deals.rows)), Knowledge(), deal.hands[0]))
    for side, name in enumerate(SIDES):
        given_ = {tuple(d.answers(1, side=name)) for d in listed}
        for a in range(len(deals.attributes)):
            assert deals.possible_answers(1, a, side) == sorted({g[a] for g in given_})


@settings(max_examples=10, deadline=None)
@given(st.integers(3, 6), st.integers(0, 10**6))
def test_each_witness_can_answer_what_some_puzzle_and_pair_make_it_count(
    players: int, seed: int
) -> None:
    """More players: every puzzle of mine and every pair the witness may hide, counted
    with the puzzles the witness sees."""
    deal = Deal.random(players, seed=seed)
    deals = _deals_of(deal)
    attr = attribute_matrix(players)
    puzzles = [puzzle_indices(p, players) for p in deal.puzzles[1:]]  # seats 1 on
    seen = {*(card_index(c, players) for c in deal.hands[0]), *(c for p in puzzles for c in p)}
    unknown = [c for c in range(len(cards_in_play(players))) if c not in seen]
    by_category = [[c for c in unknown if category_of(c) == k] for k in range(3)]
    for witness in range(1, players):
        others = [c for s, p in enumerate(puzzles, start=1) if s != witness for c in p]
        counted: set[tuple[int, ...]] = set()
        for row in itertools.product(*by_category):
            pool = [c for c in unknown if c not in row]
            for pair in itertools.combinations(pool, 2):
                counted.add(tuple(attr[[*pair, *row, *others]].sum(axis=0).tolist()))
        for a in range(len(deals.attributes)):
            assert deals.possible_answers(witness, a) == sorted({c[a] for c in counted})


@settings(max_examples=10, deadline=None)
@given(st.integers(2, 6), st.integers(0, 10**6), st.randoms(use_true_random=False))
def test_the_answers_possible_are_the_same_asked_in_any_order(
    players: int, seed: int, rng: random.Random
) -> None:
    """A table's answers possible, asked again and for every witness in any order, are a
    fresh table's."""
    deal = Deal.random(players, seed=seed)
    deals = _deals_of(deal)
    sides = (0, 1) if players == 2 else (-1,)
    asked = [(w, a, s) for w in range(players) for a in range(len(deals.attributes)) for s in sides]
    rng.shuffle(asked)
    for w, a, s in asked + asked[:5]:
        assert deals.possible_answers(w, a, s) == _deals_of(deal).possible_answers(w, a, s)


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 6), st.integers(0, 10**6))
def test_a_table_lists_every_puzzle_of_mine_and_the_cards_left_for_each(
    players: int, seed: int
) -> None:
    """Every person, location and weapon I do not see, in card order (the person
    slowest); for each, the other cards I do not see and what they count."""
    deal = Deal.random(players, seed=seed)
    deals = _deals_of(deal)
    seen = {*deals.hand, *(c for p in deals.puzzles for c in p)}
    unknown = [c for c in range(len(cards_in_play(players))) if c not in seen]
    by_category = [[c for c in unknown if category_of(c) == k] for k in range(3)]
    rows = list(itertools.product(*by_category))
    assert deals.rows.tolist() == [list(row) for row in rows]
    assert deals.pool.tolist() == [[c for c in unknown if c not in row] for row in rows]
    attr = attribute_matrix(players)
    assert deals.row_attr.tolist() == [attr[list(row)].sum(axis=0).tolist() for row in rows]
    pairs = [[[pool[a], pool[b]] for a, b in PAIRS] for pool in deals.pool.tolist()]
    assert deals.pair_cards.tolist() == pairs
