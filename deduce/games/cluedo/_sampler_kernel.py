"""The sampler's Markov chain, compiled (numba): :func:`~deduce.games.cluedo.draws`
step for step, on numbers.

Cards, places and kinds are numbers; the generator is the stream of 32-bit words
``random.Random`` draws from (its Mersenne Twister, read ahead by numpy's): a number of
``k`` bits is the top ``k`` bits of the next word, as ``Random.getrandbits(k)`` makes
it. The chain stops when the words run out (the caller gives more and runs it again: it
starts over and makes the same draws).

Example:
    >>> import numpy as np
    >>> holder = np.array([0, 1, 0, 1])  # cards 0..3 in place 0 (the envelope) or 1
    >>> kind = np.array([0, 0, 1, 1])  # two kinds of two cards
    >>> no = np.zeros(5, dtype=np.int64)  # no clause on any card
    >>> # words for 3 bits then 2: 4 (too large), 0, then 3 (too large), 1: cards 0 and 1
    >>> words = np.array([0x8000_0000, 0, 0xC000_0000, 0x4000_0000] * 2, dtype=np.uint32)
    >>> drawn, used = run(holder, kind, np.arange(4), np.array([0, 2]), 0, no,
    ...                   no[:0], no[:0], no[:0].reshape(0, 1), words, 2, 1, 21)
    >>> drawn.tolist(), int(used)  # card 1 swapped into the envelope, then back
    ([[1, 2], [0, 2]], 8)
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from deduce.core.dealing import Holds, HoldsOneOf, Lacks, Shows

__all__ = ["HOLDS", "LACKS", "NOT_ALL", "ONE_OF", "coded", "run"]

HOLDS, LACKS, ONE_OF, NOT_ALL = range(4)
"""The clauses' codes: the seat holds the card; lacks it; holds one of the cards; lacks
one of them."""


def coded(clause: Any) -> tuple[int, str, tuple[str, ...]]:
    """A clause of the notebook's deals as the chain tests it: its code, the seat, the
    cards (a card shown is held, as the public solvers read it).

    Example:
        >>> coded(Lacks("Ann", "Rope"))
        (1, 'Ann', ('Rope',))
    """
    if isinstance(clause, Holds | Shows):
        return HOLDS, clause.seat, (clause.card,)
    if isinstance(clause, Lacks):
        return LACKS, clause.seat, (clause.card,)
    if isinstance(clause, HoldsOneOf):
        return ONE_OF, clause.seat, tuple(clause.cards)
    return NOT_ALL, clause.seat, tuple(clause.cards)


@njit(cache=True)
def _keeps(card, holder, first, code, seat, cards):  # type: ignore[no-untyped-def]
    """Whether every clause on ``card`` holds (clauses ``first[card]`` to
    ``first[card + 1]``; a clause's cards end at the first ``-1``)."""
    for k in range(first[card], first[card + 1]):
        c, s = code[k], seat[k]
        if c == HOLDS:
            ok = holder[cards[k, 0]] == s
        elif c == LACKS:
            ok = holder[cards[k, 0]] != s
        else:
            every, some = True, False
            for i in range(cards.shape[1]):
                other = cards[k, i]
                if other < 0:
                    break
                if holder[other] == s:
                    some = True
                else:
                    every = False
            ok = some if c == ONE_OF else not every
        if not ok:
            return False
    return True


@njit(cache=True)
def _below(words, at, bound, bits):  # type: ignore[no-untyped-def]
    """A number below ``bound`` drawn as ``random.Random`` draws one, from numbers of
    ``bits`` bits until one is below it, reading ``words`` from ``at``: the number and
    the next word, or -1 when the words ran out."""
    while at < words.shape[0]:
        value = np.int64(words[at] >> np.uint32(32 - bits))
        at += 1
        if value < bound:
            return value, at
    return np.int64(-1), at


@njit(cache=True)
def run(  # type: ignore[no-untyped-def]
    holder, kind, moving, inside, envelope, first, code, seat, cards, words, n, thin, small
):
    """``n`` draws of the chain: ``(drawn, used)``, the envelope's card of each kind at
    each draw (``n`` rows) and the words read; ``used`` is -1 when the words ran out.

    ``holder``: each card's place (``envelope`` the envelope's), changed as the chain
    moves; ``kind``: each card's kind; ``moving``: the cards that may move, in the
    order the two are drawn from; ``inside``: the envelope's card of each kind;
    ``first``, ``code``, ``seat``, ``cards``: the clauses on each card (see
    :func:`_keeps`); ``thin``: the steps between two draws; ``small``: the largest
    number of moving cards whose second card is drawn as ``random.sample`` draws it
    from a copied pool (a larger one: by drawing again until it differs).
    """
    count = moving.shape[0]
    wide = 0
    while (1 << wide) <= count:
        wide += 1
    narrow = 0
    while (1 << narrow) <= count - 1:
        narrow += 1
    drawn = np.empty((n, inside.shape[0]), dtype=np.int64)
    at = 0
    for row in range(n):
        for _ in range(thin):
            i, at = _below(words, at, count, wide)
            if i < 0:
                return drawn, -1
            if count <= small:
                j, at = _below(words, at, count - 1, narrow)
                if j < 0:
                    return drawn, -1
                a = moving[i]
                b = moving[count - 1] if j == i else moving[j]
            else:
                j = i
                while j == i:
                    j, at = _below(words, at, count, wide)
                    if j < 0:
                        return drawn, -1
                a, b = moving[i], moving[j]
            pa, pb = holder[a], holder[b]
            if pa == pb or ((pa == envelope or pb == envelope) and kind[a] != kind[b]):
                continue
            holder[a], holder[b] = pb, pa
            if not (
                _keeps(a, holder, first, code, seat, cards)
                and _keeps(b, holder, first, code, seat, cards)
            ):
                holder[a], holder[b] = pa, pb
            elif pa == envelope:
                inside[kind[b]] = b
            elif pb == envelope:
                inside[kind[a]] = a
        drawn[row, :] = inside
    return drawn, at
