"""The other seats' notebooks in a drawn deal of 13 Indizien, kept as the game goes.

To weigh the race, :func:`~deduce.games.thirteen_clues.rival_chances` draws whole deals
from my posterior and asks how sure each other player would be of their own puzzle.
The notebook a player keeps depends only on the cards they see (their hidden pair, and
the puzzles in front of the others, mine among them) and on the public clues. So the
same notebook comes back in many draws and at every later decision: :func:`seat_view`
keeps each one, counted as :class:`~deduce.games.thirteen_clues.deals.Deals` counts a
table (what each seat may hold, the deals of each puzzle), in a cache of the most
recently used (:data:`CACHE_SIZE`), and reads only the clues it has not read yet. A
question narrows what its witness may hold; a wrong accusation of the seat rules out
the puzzle likeliest to them then (unless it is their puzzle: then they were right).
The counts are those of the whole notebook that
:func:`~deduce.games.thirteen_clues.view_of` builds.

Example:
    >>> from deduce.games.thirteen_clues import Deal, Question, view_of
    >>> deal = Deal.random(3, seed=2)
    >>> clues = (Question(0, 2, "red", deal.answer(2, "red")),)
    >>> view = seat_view(deal, 1, clues)
    >>> view.chance == view_of(deal, 1, clues).accusation().probability
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.recent import Recent
from deduce._internal.validation import check_int, check_type, is_int
from deduce.errors import InvalidInput
from deduce.games.thirteen_clues.cards import (
    SIDES,
    Deal,
    Puzzle,
    card_index,
    pair_counts,
    puzzle_indices,
    side_number,
)
from deduce.games.thirteen_clues.clues import (
    Accused,
    Charged,
    Consulted,
    Convicted,
    Informant,
    Question,
)
from deduce.games.thirteen_clues.counting import completions, holdings
from deduce.games.thirteen_clues.deals import Deals, ask_counts

__all__ = [
    "CACHE_SIZE",
    "CLUES",
    "SeatView",
    "clear_cache",
    "seat_view",
    "seat_views",
    "told_chances",
]

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

CACHE_SIZE = 1024
"""How many notebooks :func:`seat_view` keeps (the most recently used; each about
40 kB at three players)."""


@dataclass(frozen=True, slots=True, eq=False)
class SeatView:
    """One seat's notebook in one deal, after the public clues it has read.

    Attributes:
        deals: the table as that seat sees it (they are seat 0 in it).
        clues: the public clues read, as the caller gave them (seats numbered from me).
        ids: the puzzles (rows of ``deals``) that the clues have not ruled out.
        allowed: what each seat may hold for each of those puzzles (as
            :meth:`Deals.allowed`).
        weights: the deals of each of those puzzles.
    """

    deals: Deals
    clues: tuple[Any, ...]
    ids: IntArray
    allowed: BoolArray
    weights: IntArray

    @property
    def chance(self) -> float:
        """The chance that this seat names their puzzle right if they accuse their
        likeliest puzzle now."""
        return float(self.weights.max()) / float(self.weights.sum())

    def joint(self, asks: Sequence[tuple[int, int, int]]) -> npt.NDArray[np.float64]:
        """``(asks, puzzles, answers)``: the deals of each puzzle and answer of questions
        put as (witness, attribute, side) in this seat's numbering (see
        :meth:`Deals.joint`)."""
        return self.deals.joint(self.ids, self.allowed, self.weights, list(asks))


CLUES = (Question, Informant, Accused, Convicted, Consulted, Charged)
"""The clues a notebook's list may hold (only the questions and the seat's own wrong
accusations tell the seat anything)."""

_CACHE: Recent[tuple[Any, ...], SeatView] = Recent(CACHE_SIZE)


def seat_view(
    deal: Deal, seat: int, clues: Sequence[Any] = (), *, accusations: bool = True
) -> SeatView:
    """The notebook that the player at ``seat`` (1 or more) keeps in ``deal`` after the
    public ``clues`` (seats numbered from me, seat 0), as :func:`view_of` builds it, but
    counted only: kept between calls and brought up to date with the clues it has not
    read (see the module's text).

    Raises:
        InvalidInput: a bad deal, seat or clue list.

    Example:
        >>> deal = Deal.random(4, seed=1)
        >>> seat_view(deal, 2).chance  # no clue yet: one of 80 puzzles
        0.0125
    """
    return seat_views(
        [check_type("deal", deal, Deal, "a 13 Indizien Deal")], seat, clues, accusations=accusations
    )[0]


def seat_views(
    deals: Sequence[Deal], seat: int, clues: Sequence[Any] = (), *, accusations: bool = True
) -> list[SeatView]:
    """:func:`seat_view` in each of ``deals`` (of one table, as drawn from my notebook),
    the clues they have not read counted together.

    Raises:
        InvalidInput: deals of different tables, a bad seat or clue list.

    Example:
        >>> deal = Deal.random(3, seed=5)
        >>> [round(v.chance, 4) for v in seat_views([deal, deal], 1)]
        [0.0125, 0.0125]
    """
    if isinstance(deals, str | bytes) or not isinstance(deals, Sequence) or not deals:
        raise InvalidInput("deals", deals, "a list of 13 Indizien Deals of one table")
    for i, deal in enumerate(deals):
        check_type(f"deals[{i}]", deal, Deal, "a 13 Indizien Deal")
    n = deals[0].players
    if any(deal.players != n for deal in deals):
        raise InvalidInput("deals", deals, f"Deals of {n} players, like the first")
    seat = check_int("seat", seat, 1, n - 1)
    if isinstance(clues, str | bytes) or not isinstance(clues, Sequence):
        raise InvalidInput("clues", clues, "a list of clues (the notebook's .clues)")
    clues = tuple(clues)
    keys, views = [], []
    for deal in deals:
        seen = tuple(deal.puzzles[(seat + k) % n] for k in range(1, n))
        key = (n, seat, deal.hands[seat], seen, deal.puzzles[seat], accusations)
        view = _CACHE.get(key)
        if view is None or clues[: len(view.clues)] != view.clues:
            view = _fresh(deal, seat, seen)
        keys.append(key)
        views.append(view)
    behind: dict[int, list[int]] = {}  # clues read -> the views that read as many
    for i, view in enumerate(views):
        if len(view.clues) < len(clues):
            behind.setdefault(len(view.clues), []).append(i)
    for start, group in behind.items():
        own = [_puzzle(deals[i].puzzles[seat], n) for i in group]
        read = _read([views[i] for i in group], clues, start, seat, own, accusations)
        for i, view in zip(group, read, strict=True):
            if not len(view.ids):
                raise InvalidInput(
                    f"deals[{i}]", deals[i], "a deal that the clues are true of, as seat 0 drew it"
                )
            views[i] = view
    _CACHE.put_all(zip(keys, views, strict=True))
    return views


def told_chances(
    views: Sequence[SeatView],
    asks: Sequence[tuple[int, int, int]],
    answers: Sequence[Sequence[int]],
) -> npt.NDArray[np.float64]:
    """``(views, asks)``: for each of ``views`` (of one seat, as :func:`seat_views` keeps
    them), the chance that the seat would name their puzzle right once each question
    (witness, attribute, side in their numbering, as :meth:`SeatView.joint` puts them) is
    answered as ``answers[view][ask]`` says (0 if no deal of theirs gives that answer).

    Only the deals with the given answers are counted, for all the views at once: what
    :meth:`SeatView.joint` counts for every answer, one view at a time.

    Raises:
        InvalidInput: no view, views of different table sizes, a question that is not
            (witness, attribute, side) of that size, or answers that are not one whole
            number from 0 for each view and question.
    """
    if not views:
        raise InvalidInput("views", views, "at least one seat's notebook (SeatView)")
    first = views[0].deals
    n = first.players
    if any(view.deals.players != n for view in views):
        raise InvalidInput("views", views, f"notebooks of one table size ({n} players)")
    sides = (0, 1, -1) if n == 2 else (-1,)
    for ask in asks:
        if len(ask) != 3:
            raise InvalidInput("asks", asks, "(witness, attribute, side) for each question")
        check_int("asks: witness", ask[0], 1, n - 1)
        check_int("asks: attribute", ask[1], 0, len(first.attributes) - 1)
        if ask[2] not in sides:
            raise InvalidInput("asks: side", ask[2], list(sides))
    told_answers = np.asarray(answers, dtype=object)
    shape = (len(views), len(asks))
    if told_answers.shape != shape or not all(
        is_int(k) and 0 <= k < 2**31 for k in told_answers.ravel().tolist()
    ):
        expected = f"{shape[0]} rows of {shape[1]} whole numbers from 0"
        raise InvalidInput("answers", answers, expected)
    sizes = np.array([len(view.ids) for view in views])
    starts = np.cumsum(sizes) - sizes
    segment = np.repeat(np.arange(len(views)), sizes)  # each row's view
    # with more than two players a hand has no sides: one orientation is enough
    allowed = np.concatenate([v.allowed if n == 2 else v.allowed[..., :1] for v in views])
    held = holdings(first.mult(allowed))
    pair_cards = np.concatenate([v.deals.pair_cards[v.ids] for v in views])
    row_attr = np.concatenate([v.deals.row_attr[v.ids] for v in views])  # (R, A)
    known = np.stack([v.deals.known for v in views])  # (views, players, A)
    witness, a, side = (np.array([ask[k] for ask in asks], dtype=np.int64) for k in range(3))
    asked = list(dict.fromkeys(zip(witness.tolist(), side.tolist(), strict=True)))
    counts = ask_counts(n, pair_cards, asked, allowed, held)
    # what the witness's hidden cards must count for each row to give the answer
    hidden = told_answers.astype(np.int64)[segment]
    hidden -= row_attr[:, a] + known[segment][:, witness, a]
    told = np.zeros(hidden.shape, dtype=np.float64)  # (R, asks): deals with the answer
    for w, s in asked:
        group = np.flatnonzero((witness == w) & (side == s))
        need = hidden[:, group]
        by_count = counts[w, s][:, a[group]]  # (R, group, 3)
        picked = np.take_along_axis(by_count, np.clip(need, 0, 2)[..., None], axis=2)[..., 0]
        told[:, group] = np.where((need >= 0) & (need <= 2), picked, 0.0)
    most = np.maximum.reduceat(told, starts, axis=0)
    every = np.add.reduceat(told, starts, axis=0)
    chances: npt.NDArray[np.float64] = np.divide(
        most, every, out=np.zeros_like(most), where=every > 0
    )
    return chances


def clear_cache() -> None:
    """Forget every notebook kept (benchmarks measure a cold start so).

    Example:
        >>> clear_cache()
    """
    _CACHE.clear()


def _fresh(deal: Deal, seat: int, seen: tuple[Any, ...]) -> SeatView:
    """The seat's notebook before any clue."""
    n = deal.players
    hand = tuple(_card(card, n) for card in deal.hands[seat])
    deals = Deals(n, hand, tuple(_puzzle(p, n) for p in seen))
    ids = np.arange(len(deals.rows))
    allowed = np.ones((len(ids), n - 1, 45, 2), dtype=bool)
    return SeatView(deals, (), ids, allowed, np.full(len(ids), _unconstrained(n)))


@lru_cache(maxsize=1024)
def _card(name: str, players: int) -> int:
    """:func:`card_index`, kept (a deal's names are read again at every decision)."""
    return card_index(name, players)


@lru_cache(maxsize=4096)
def _puzzle(puzzle: Puzzle, players: int) -> tuple[int, int, int]:
    """:func:`puzzle_indices`, kept."""
    return puzzle_indices(puzzle, players)


@lru_cache(maxsize=8)
def _unconstrained(players: int) -> int:
    """The deals of each puzzle before any clue (the same for every puzzle)."""
    ways = 2 if players == 2 else 1  # a pair in either order, or a set
    return int(completions(np.full((1, players - 1, 45), ways, dtype=np.int64))[0])


def _mult(allowed: BoolArray, players: int) -> IntArray:
    """:meth:`Deals.mult` of what each seat may hold (without sides, more than two
    players)."""
    mult: IntArray = (allowed.sum(axis=3) if players == 2 else allowed).astype(np.int64)
    return mult


def _steps(
    clues: tuple[Any, ...], start: int, seat: int, deals: Deals, accusations: bool
) -> list[tuple[int, int, int, int] | None]:
    """What the clues from ``start`` on tell ``seat`` in order: a question as (witness,
    attribute, side: 0 or 1 names one card, -1 both; answer) in their numbering, None
    for a wrong accusation of theirs (with ``accusations``)."""
    n, attributes = deals.players, deals.attributes
    sides = SIDES if n == 2 else (None,)
    steps: list[tuple[int, int, int, int] | None] = []
    for i in range(start, len(clues)):
        clue = clues[i]
        if not isinstance(clue, CLUES):
            raise InvalidInput(f"clues[{i}]", clue, "a clue of 13 Indizien (a Question, ...)")
        if isinstance(clue, Question):
            witness = (check_int(f"clues[{i}].witness", clue.witness, 0, n - 1) - seat) % n
            if clue.about not in attributes:
                raise InvalidInput(f"clues[{i}].about", clue.about, list(attributes))
            if clue.side not in sides:
                raise InvalidInput(f"clues[{i}].side", clue.side, list(sides))
            answer = check_int(f"clues[{i}].answer", clue.answer, 0)
            if witness != 0:  # their own answer: they see those cards
                a = attributes.index(clue.about)
                steps.append((witness, a, side_number(clue.side), answer))
        elif accusations and isinstance(clue, Charged) and not clue.right and clue.seat == seat:
            steps.append(None)
    return steps


def _read(
    views: list[SeatView],
    clues: tuple[Any, ...],
    start: int,
    seat: int,
    own: list[tuple[int, int, int]],
    accusations: bool,
) -> list[SeatView]:
    """``views`` (each of them has read the first ``start`` clues) after the others,
    counted together: the puzzles of every view one after the other, as rows."""
    first = views[0].deals
    n = first.players
    steps = _steps(clues, start, seat, first, accusations)
    sizes = [len(view.ids) for view in views]
    ends = np.cumsum(sizes)
    segment = np.repeat(np.arange(len(views)), sizes)  # each row's view
    pair_cards = np.concatenate([v.deals.pair_cards[v.ids] for v in views])  # (R, 45, 2)
    row_attr = np.concatenate([v.deals.row_attr[v.ids] for v in views])  # (R, A)
    known = np.stack([v.deals.known for v in views])  # (views, players, A)
    # what each seat may hold; with more than two players a hand has no sides
    allowed = np.concatenate([v.allowed if n == 2 else v.allowed[..., 0] for v in views])
    weights = np.concatenate([v.weights for v in views])
    columns = first.columns  # (A, cards), small: fast to gather
    asked = sorted({step[1] for step in steps if step is not None})
    table = pair_counts(n)  # (cards, cards, A): a pair's count of each attribute
    pairs = pair_cards[:, :, 0].astype(np.intp) * table.shape[1] + pair_cards[:, :, 1]
    sums = {  # (R, 45): each pair's count of each attribute asked about
        a: np.take(table[:, :, a], pairs) for a in (asked if n > 2 else ())
    }
    alive = np.ones(len(segment), dtype=bool)
    stale = False
    for step in steps:
        if step is not None:
            witness, a, side, answer = step
            need = (answer - known[segment, witness, a] - row_attr[:, a]).astype(np.int8)
            if n > 2:
                allowed[:, witness - 1] &= sums[a] == need[:, None]
            else:
                cards = columns[a][pair_cards]  # (R, 45, 2): (lower, higher) card
                if side < 0:
                    count = cards[:, :, :1] + cards[:, :, 1:]
                else:  # orientation 0: the lower card on the left; 1: the other way round
                    count = cards if side == 0 else cards[:, :, ::-1]
                allowed[:, witness - 1] &= count == need[:, None, None]
            stale = True
            continue
        if stale:
            weights, stale = completions(_mult(allowed, n)), False
        ranked = np.where(alive, weights, -1)
        for v, view in enumerate(views):
            lo = ends[v] - sizes[v]
            best = lo + int(np.argmax(ranked[lo : ends[v]]))  # ties: the first
            row = view.deals.rows[view.ids[best - lo]]
            if tuple(row.tolist()) != own[v]:
                alive[best] = False
    if stale:
        weights = completions(_mult(allowed, n))
    if n > 2:  # in the layout of Deals.allowed: both orientations alike
        allowed = np.broadcast_to(allowed[..., None], (*allowed.shape, 2))
    result = []
    for v, view in enumerate(views):
        lo, hi = ends[v] - sizes[v], ends[v]
        keep = alive[lo:hi] & (weights[lo:hi] > 0)  # as a Space keeps them
        result.append(
            SeatView(view.deals, clues, view.ids[keep], allowed[lo:hi][keep], weights[lo:hi][keep])
        )
    return result


guard(globals())
