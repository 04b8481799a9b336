"""The tables a Crime Writers deck gives the notebook, built once per deck: every draw the
rule allows (3 of the 5 elements are cards, killer and victim differ), and for each
element the status of every card for every question (has the tag, lacks it, maybe);
and the state a space of draws carries besides its rows.

Example:
    >>> from deduce.games.crime_writers.cards import Deck
    >>> tables = tables_of(Deck.example())
    >>> [len(labels) for labels in tables.labels]
    [31, 31, 17, 21, 21]
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.validation import check_int
from deduce.core.info import binary_entropy
from deduce.errors import InvalidInput
from deduce.games.crime_writers.cards import DECK_OF, ELEMENTS, INVENTED, Deck
from deduce.games.crime_writers.clues import Question

__all__ = [
    "EXACT_LIMIT",
    "HAS",
    "LACKS",
    "MAYBE",
    "QuestionTables",
    "State",
    "all_draws",
    "binary_entropy",
    "scaled",
    "tables_of",
    "yes_chances",
]

HAS, LACKS, MAYBE = 0, 1, 2
"""A card's status for a question: it has the tag (or is the card named), lacks it, or
the story decides."""


@lru_cache(maxsize=8)
def all_draws(sizes: tuple[int, ...]) -> npt.NDArray[np.int64]:
    """Every draw: 3 elements are cards, 2 invented (index ``size``); killer != victim."""
    blocks = []
    for chosen in itertools.combinations(range(len(ELEMENTS)), 3):
        axes = [
            np.arange(size) if e in chosen else np.array([size]) for e, size in enumerate(sizes)
        ]
        grid = np.stack(np.meshgrid(*axes, indexing="ij"), axis=-1).reshape(-1, len(ELEMENTS))
        blocks.append(grid)
    worlds = np.concatenate(blocks).astype(np.int64)
    same = (worlds[:, 0] == worlds[:, 1]) & (worlds[:, 0] < sizes[0])
    worlds = worlds[~same]
    result: npt.NDArray[np.int64] = worlds[np.lexsort(worlds.T[::-1])]
    result.setflags(write=False)
    return result


@dataclass(frozen=True, slots=True, eq=False)
class QuestionTables:
    """What a deck means for questions: per element, the questions and their statuses."""

    labels: tuple[tuple[str, ...], ...]
    questions: tuple[Question, ...]
    row: dict[Question, tuple[int, int]]  # question -> (element, row in status[element])
    card: dict[Question, tuple[int, int]]  # naming a card -> (element, label index)
    status: tuple[npt.NDArray[np.int8], ...]  # per element: (questions, labels)
    keys: npt.NDArray[np.int64]  # raveled world of every row of the initial space


@lru_cache(maxsize=8)
def tables_of(deck: Deck) -> QuestionTables:
    labels: list[tuple[str, ...]] = []
    questions: list[Question] = []
    status: list[npt.NDArray[np.int8]] = []
    row: dict[Question, tuple[int, int]] = {}
    card_of: dict[Question, tuple[int, int]] = {}
    code = {"has": HAS, "lacks": LACKS, "maybe": MAYBE}
    for e, element in enumerate(ELEMENTS):
        stack = DECK_OF[element]
        cards = deck.stack(stack)
        labels.append((*(c.text for c in cards), INVENTED))
        rows: list[list[int]] = []
        for tag in deck.tags(stack):
            row[Question(element, tag)] = (e, len(rows))
            rows.append([code[c.status(tag)] for c in cards] + [MAYBE])
        for k, card in enumerate(cards):
            row[Question(element, card.text)] = (e, len(rows))
            card_of[Question(element, card.text)] = (e, k)
            rows.append([HAS if i == k else LACKS for i in range(len(cards))] + [LACKS])
        questions.extend(q for q, (owner, _) in row.items() if owner == e)
        matrix = np.array(rows, dtype=np.int8)
        matrix.setflags(write=False)
        status.append(matrix)
    sizes = tuple(len(labels[e]) - 1 for e in range(len(ELEMENTS)))
    draws = all_draws(sizes)
    keys = np.asarray(np.ravel_multi_index(draws.T, [s + 1 for s in sizes]), dtype=np.int64)
    return QuestionTables(tuple(labels), tuple(questions), row, card_of, tuple(status), keys)


@dataclass(frozen=True, slots=True, eq=False)
class State:
    """What the space carries beside its rows: what is known of invented elements'
    wordings, the tag replies and every question asked."""

    found: tuple[str | None, ...]  # per element: the wording it is known to have
    excluded: tuple[frozenset[str], ...]  # per element: card wordings it does not have
    replies: dict[tuple[str, str], str]  # (element, tag) -> "yes" | "no"; never mutated
    asked: frozenset[Question]

    def wordings(self, e: int, cards: int) -> int:
        """How many of the ``cards + 1`` wordings an invented element ``e`` can still have."""
        e = self._element(e)
        return 1 if self.found[e] is not None else cards + 1 - len(self.excluded[e])

    def _element(self, e: int) -> int:
        if type(e) is int and 0 <= e < len(self.found):  # the counting's own calls
            return e
        return check_int("e", e, 0, len(self.found) - 1)

    def allows(self, e: int, text: str) -> bool:
        """Whether invented element ``e`` can be worded ``text``."""
        found = self.found[self._element(e)]
        return text not in self.excluded[e] if found is None else found == text

    def asking(self, asked: frozenset[Question]) -> State:
        """This state with ``asked`` as the questions asked so far."""
        return State(self.found, self.excluded, self.replies, asked)

    def with_wording(self, e: int, found: str | None = None, excluded: str | None = None) -> State:
        e = self._element(e)
        found_now = tuple(
            found if (i == e and found is not None) else t for i, t in enumerate(self.found)
        )
        excluded_now = tuple(
            x | {excluded} if (i == e and excluded is not None) else x
            for i, x in enumerate(self.excluded)
        )
        return State(found_now, excluded_now, self.replies, self.asked)


def yes_chances(
    tables: QuestionTables, state: State, e: int, queries: Sequence[Question]
) -> npt.NDArray[np.float64]:
    """P("yes" | the value of element ``e``) for each of ``queries`` (all about ``e``), by
    value (the cards, then invented): 1 or 0 for a tag the card has or lacks, 1/2 for an
    open tag, and for naming a card, an invented element's share of the wordings left.

    Example:
        >>> from deduce.games.crime_writers.cards import Deck
        >>> tables = tables_of(Deck.example())
        >>> state = State((None,) * 5, (frozenset(),) * 5, {}, frozenset())
        >>> yes_chances(tables, state, 4, [Question("how", "Poison")])[0, -1]  # 1 of 21
        np.float64(0.047619047619047616)
    """
    e = check_int("e", e, 0, len(tables.status) - 1)
    rows = [tables.row.get(q) for q in queries]
    if not all(row is not None and row[0] == e for row in rows):
        raise InvalidInput("queries", queries, f"questions about {ELEMENTS[e]} (Question)")
    chances = _chances(tables)[e]
    p_yes: npt.NDArray[np.float64] = chances[[row[1] for row in rows if row is not None]]
    cards = chances.shape[1] - 1
    tags = len(chances) - cards  # the rows of the tags, then one per card
    share = 1.0 / state.wordings(e, cards)
    labels = tables.labels[e]
    for j, row in enumerate(rows):
        if row is not None and row[1] >= tags:  # naming card row[1] - tags
            p_yes[j, cards] = share if state.allows(e, labels[row[1] - tags]) else 0.0
    return p_yes


@lru_cache(maxsize=8)
def _chances(tables: QuestionTables) -> tuple[npt.NDArray[np.float64], ...]:
    """Per element, P("yes") of each question by value, the invented element's aside (1
    or 0 for a tag the card has or lacks, 1/2 for an open tag): read-only, from the
    statuses of ``tables``."""
    result = []
    for status in tables.status:
        p_yes = np.where(status == HAS, 1.0, np.where(status == LACKS, 0.0, 0.5))
        p_yes.setflags(write=False)
        result.append(p_yes)
    return tuple(result)


EXACT_LIMIT = 1 << 52


def scaled(weights: npt.NDArray[Any], factor: npt.NDArray[np.int64]) -> npt.NDArray[Any]:
    """``weights`` times the whole numbers ``factor``, kept small (a common factor does
    not matter); exact integers while they fit, floats after."""
    if np.shape(weights) != np.shape(factor) or np.ndim(weights) != 1:
        raise InvalidInput("factor", factor, "one whole number for each weight")
    result: npt.NDArray[Any] = weights * factor
    if result.dtype.kind == "i":
        if len(result) and result.min() > 0:
            result = result // int(np.gcd.reduce(result))
        if len(result) and result.max() >= EXACT_LIMIT:
            result = result.astype(np.float64) / float(result.max())
    elif len(result) and result.max() > 1.0:
        result = result / result.max()
    return result


guard(globals())
