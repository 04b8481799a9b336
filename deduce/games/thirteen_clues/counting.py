"""Counting the deals of 13 Indizien without listing them.

Given my puzzle, the other ten unknown cards (the *pool*, numbered 0..9 in card order)
go to the other seats' hidden pairs (two cards each) and to the informants (the rest).
What the clues allow each seat to hold is an array ``mult[x, seat, pair]``: for each of
my possible puzzles ``x`` and each of the 45 pairs of pool cards, in how many ways the
seat can hold that pair (0 or 1; 0, 1 or 2 with two players, where a hand has a left and
a right card). A dynamic program over subsets of the pool, seat by seat, then counts the
deals exactly: layer ``j`` holds, for every set of ``2 j`` pool cards, the number of ways
the first ``j`` seats can hold exactly those cards. Every layer is one numpy gather over
all puzzles at once.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

import numpy as np
import numpy.typing as npt

POOL = 10
PAIRS: tuple[tuple[int, int], ...] = tuple(combinations(range(POOL), 2))
"""The 45 pairs of pool positions, in order."""

IntArray = npt.NDArray[np.int64]


@lru_cache(maxsize=1)
def _layers() -> tuple[tuple[IntArray, IntArray, IntArray], ...]:
    """For each layer ``j`` (0..5): the subsets of ``2 j`` pool cards (bit masks), and
    for each subset and each pair inside it, the subset without the pair (its position in
    layer ``j - 1``) and the pair's number."""
    pair_number = {(1 << a) | (1 << b): k for k, (a, b) in enumerate(PAIRS)}
    result = []
    previous: dict[int, int] = {}
    for j in range(POOL // 2 + 1):
        subsets = [sum(1 << i for i in chosen) for chosen in combinations(range(POOL), 2 * j)]
        position = {mask: i for i, mask in enumerate(subsets)}
        if j == 0:
            prev = np.zeros((1, 0), dtype=np.int64)
            pairs = np.zeros((1, 0), dtype=np.int64)
        else:
            prev_rows, pair_rows = [], []
            for mask in subsets:
                members = [i for i in range(POOL) if mask >> i & 1]
                inside = [(1 << a) | (1 << b) for a, b in combinations(members, 2)]
                prev_rows.append([previous[mask ^ p] for p in inside])
                pair_rows.append([pair_number[p] for p in inside])
            prev = np.array(prev_rows, dtype=np.int64)
            pairs = np.array(pair_rows, dtype=np.int64)
        masks = np.array(subsets, dtype=np.int64)
        for array in (masks, prev, pairs):
            array.setflags(write=False)
        result.append((masks, prev, pairs))
        previous = position
    return tuple(result)


@lru_cache(maxsize=8)
def _disjoint(j: int) -> IntArray:
    """``(45, n)``: for each pair, the positions in layer ``j`` of the subsets that do
    not meet it."""
    masks = _layers()[j][0]
    rows = []
    for a, b in PAIRS:
        pair = (1 << a) | (1 << b)
        rows.append(np.flatnonzero((masks & pair) == 0))
    result = np.array(rows, dtype=np.int64)
    result.setflags(write=False)
    return result


@lru_cache(maxsize=1)
def incidence() -> IntArray:
    """``(45, 10)``: 1 where a pair holds a pool card."""
    matrix = np.zeros((len(PAIRS), POOL), dtype=np.int64)
    for k, (a, b) in enumerate(PAIRS):
        matrix[k, a] = matrix[k, b] = 1
    matrix.setflags(write=False)
    return matrix


def _forward(small: npt.NDArray[np.int32], seats: list[int]) -> npt.NDArray[np.int32]:
    """The last layer of the program that places ``seats`` in turn: ``(subsets, X)``
    (``small`` is :func:`_by_seat`'s layout of what the seats may hold).

    Counted in 32 bits, twice as fast as 64: no puzzle has more deals than the ways of
    dealing ten cards in pairs to five seats (113,400). A subset's count adds up, pair
    by pair inside it, the counts of the subset without the pair: one row of all the
    puzzles at a time."""
    layers = _layers()
    if not seats:
        return np.ones((1, small.shape[2]), dtype=np.int32)
    f: npt.NDArray[np.int32] = small[seats[0]]  # layer 1: the subsets of two cards
    for j, seat in enumerate(seats[1:], start=2):
        _, prev, pairs = layers[j]
        held, before = small[seat], f
        f = before[prev[:, 0]] * held[pairs[:, 0]]
        for k in range(1, prev.shape[1]):
            f += before[prev[:, k]] * held[pairs[:, k]]
    return f


def _by_seat(mult: IntArray) -> npt.NDArray[np.int32]:
    """``(seats, 45, X)``: ``mult`` in 32 bits, each seat's pair a row of all the
    puzzles (as :func:`_forward` reads them)."""
    small: npt.NDArray[np.int32] = np.ascontiguousarray(mult.astype(np.int32).transpose(1, 2, 0))
    return small


def completions(mult: IntArray) -> IntArray:
    """For each puzzle, the number of deals: ``mult`` is ``(X, seats, 45)``.

    The program places every seat but the last, then the last seat takes any allowed
    pair outside the cards placed (:func:`_around`). A seat that may hold every
    pair alike (in every row: no clue about it yet, say) is left out of the program: it
    takes any of the pairs left over, counted at once (:func:`_pairings`); rows alike
    are counted once (:func:`_distinct`).

    Example:
        >>> one_seat = np.ones((1, 1, 45), dtype=np.int64)
        >>> completions(one_seat).tolist()  # any pair of the ten cards
        [45]
    """
    seats = mult.shape[1]
    if seats == 0:  # nobody to place: one way
        return np.ones(mult.shape[0], dtype=np.int64)
    alike = (mult == mult[:, :, :1]).all(axis=(0, 2))  # seats that take any pair alike
    if alike.any():  # they take any pairs left, in as many ways as they may hold each
        left = POOL - 2 * (seats - int(alike.sum()))
        ways = mult[:, alike, 0].prod(axis=1) * _pairings(left, int(alike.sum()))
        rest: IntArray = completions(mult[:, ~alike]) * ways
        return rest
    first, inverse = _distinct(mult)
    total: IntArray = _program(mult[first])[inverse]
    return total


def _distinct(mult: IntArray) -> tuple[IntArray, IntArray]:
    """The first row of each distinct set of counts in ``mult``, and for each row, which
    of them it is (many puzzles leave the seats the same pairs: counted once)."""
    size = mult.shape[1] * mult.shape[2]
    rows = np.ascontiguousarray(mult, dtype=np.uint8).reshape(len(mult), size)
    keys = rows.view(np.dtype((np.void, size)))[:, 0]
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    return first, inverse.reshape(-1)


def _program(mult: IntArray) -> IntArray:
    """:func:`completions` by the program alone, every seat placed (at least one)."""
    seats = mult.shape[1]
    around = _around(_by_seat(mult), list(range(seats - 1)))  # (45, X)
    total: IntArray = (around * mult[:, seats - 1].T).sum(axis=0)
    return total


def _around(small: npt.NDArray[np.int32], seats: list[int]) -> IntArray:
    """``(45, X)``: for each pair, the ways to place ``seats`` (:func:`_forward`) on cards
    outside it."""
    counts = _forward(small, seats)[_disjoint(len(seats))]  # 32 bits: as many as deals at most
    around: IntArray = np.add.reduce(counts, axis=1, dtype=np.int32).astype(np.int64)
    return around


@lru_cache(maxsize=64)
def _pairings(cards: int, seats: int) -> int:
    """The ways for ``seats`` seats in turn to take a pair each out of ``cards`` cards."""
    ways = 1
    for seat in range(seats):
        left = cards - 2 * seat
        ways *= left * (left - 1) // 2
    return ways


def holdings(mult: IntArray) -> IntArray:
    """``(X, seats, 45)``: the number of deals in which a seat holds a pair.

    For each seat, the other seats are placed first; the seat then takes any allowed
    pair outside their cards, and the informants take the rest. The other seats that may
    hold every pair alike (as :func:`completions` finds them) are left out of the
    program: they take any pairs of the cards left, counted at once. Rows alike are
    counted once (:func:`_distinct`).

    Example:
        >>> h = holdings(np.ones((1, 2, 45), dtype=np.int64))
        >>> int(h[0, 0, 0]), int(h[0, 0].sum())  # 28 pairs left for the other seat
        (28, 1260)
    """
    first, inverse = _distinct(mult)
    if len(first) < len(mult):
        mult = mult[first]
    seats = mult.shape[1]
    result = np.empty(mult.shape, dtype=np.int64)
    alike = (mult == mult[:, :, :1]).all(axis=(0, 2))
    small = _by_seat(mult)
    counted: dict[tuple[int, ...], IntArray] = {}  # the same for every seat alike
    for seat in range(seats):
        placed = tuple(s for s in range(seats) if s != seat and not alike[s])
        free = [s for s in range(seats) if s != seat and alike[s]]
        if placed not in counted:
            counted[placed] = _around(small, list(placed))
        rest = counted[placed]
        ways = mult[:, free, 0].prod(axis=1) * _pairings(POOL - 2 - 2 * len(placed), len(free))
        result[:, seat] = rest.T * (mult[:, seat] * ways[:, None])
    if len(first) < len(inverse):
        result = result[inverse]
    return result


def clear_caches() -> None:
    """Forget the tables built once per process (benchmarks measure a cold start so).

    Example:
        >>> clear_caches()
        >>> int(incidence().sum())
        90
    """
    from deduce.games.thirteen_clues.cards import attribute_matrix, pair_counts

    for cached in (_layers, _disjoint, _pairings, incidence, attribute_matrix, pair_counts):
        cached.cache_clear()
