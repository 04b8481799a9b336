"""What each clue of Crime Writers rules out, as filters of a space of draws.

- A tag answered "yes" or "also" (true, perhaps as part of something wider): the draws
  whose card lacks the tag go; "no": those whose card has it go. An invented element,
  or a card whose tag is ``maybe``, keeps either way, with half its weight for a definite
  card's (it could have been either).
- A named card answered "yes": the element is worded so (that card, or an invented
  element worded like it); "no", "also" or "almost": that exact wording is wrong.
- A wording found, and a card seen elsewhere.

Example:
    >>> from deduce.games.crime_writers.cards import Deck
    >>> from deduce.games.crime_writers.investigation import Investigation
    >>> inv = Investigation(Deck.example())
    >>> tables = tables_of(inv.deck)
    >>> after = tag_reply(tables, inv.space, 4, "weapon", "yes", frozenset())
    >>> after.size < inv.space.size
    True
"""

from __future__ import annotations

import numpy as np

from deduce._internal.entry import guard
from deduce._internal.validation import check_int
from deduce.core.space import Space
from deduce.errors import InvalidInput
from deduce.games.crime_writers.cards import DECK_OF, ELEMENTS
from deduce.games.crime_writers.clues import Question
from deduce.games.crime_writers.counting import (
    HAS,
    LACKS,
    MAYBE,
    QuestionTables,
    State,
    scaled,
    tables_of,
)

__all__ = ["EFFECT", "not_in_story", "tables_of", "tag_reply", "wording"]

EFFECT: dict[str, str | None] = {
    "yes": "yes",
    "also": "yes",
    "almost": None,
    "no": "no",
    "not characteristic": None,
}
"""What a reply to a tag says: the tag holds ("yes"), does not ("no"), or nothing."""


def tag_reply(
    tables: QuestionTables, space: Space, e: int, about: str, reply: str, asked: frozenset[Question]
) -> Space:
    """``space`` after element ``e``'s tag ``about`` was answered ``reply`` ("yes" or
    "no": what the reply says, see :data:`EFFECT`); ``asked``: every question so far."""
    state, element = _state(space), ELEMENTS[check_int("e", e, 0, len(ELEMENTS) - 1)]
    if reply not in ("yes", "no"):
        raise InvalidInput("reply", reply, ["yes", "no"])
    if Question(element, about) not in tables.row:
        raise InvalidInput("about", about, f"a tag of the {element} cards")
    earlier = state.replies.get((element, about))
    if earlier == reply:
        return space.replace(state=State(state.found, state.excluded, state.replies, asked))
    if earlier is not None:  # "yes" and "no" to the same question
        return space.filter(np.zeros(space.size, dtype=bool))
    status = tables.status[e][tables.row[Question(element, about)][1]]
    kept = space.filter(status[space.worlds[:, e]] != (LACKS if reply == "yes" else HAS))
    definite = status[kept.worlds[:, e]] != MAYBE
    replies = {**state.replies, (element, about): reply}
    return kept.replace(
        weights=scaled(kept.weights, np.where(definite, 2, 1)),
        state=State(state.found, state.excluded, replies, asked),
    )


def wording(
    tables: QuestionTables,
    space: Space,
    e: int,
    text: str,
    invented: bool | None,
    worded: bool,
    asked: frozenset[Question],
) -> Space:
    """``space`` knowing that element ``e`` is (``worded``) or is not worded ``text``;
    ``invented``: whether it was invented (None: unknown; "not worded" takes False to
    mean the wording may be neither the card nor an invented element's)."""
    state = _state(space)
    labels = tables.labels[check_int("e", e, 0, len(ELEMENTS) - 1)]
    cards = len(labels) - 1
    column = space.worlds[:, e]
    is_invented = column == cards
    k = labels.index(text) if text in labels[:-1] else -1
    if worded:
        card_ok = (column == k) if invented is not True else np.zeros(space.size, dtype=bool)
        invented_ok = is_invented & (invented is not False) & state.allows(e, text)
        after = state.with_wording(e, found=text)
    else:  # not worded like card k: neither that card nor an invented element worded so
        card_ok = ~is_invented & (column != k)
        invented_ok = is_invented & (state.found[e] != text)
        after = state.with_wording(e, excluded=text if state.found[e] is None else None)
    after = State(after.found, after.excluded, after.replies, asked)
    kept = space.filter(card_ok | invented_ok)
    # an invented element's weight is its share of the cards + 1 wordings
    before, now = state.wordings(e, cards), after.wordings(e, cards)
    factor = np.where(kept.worlds[:, e] == cards, now, before)
    return kept.replace(weights=scaled(kept.weights, factor), state=after)


def _state(space: Space) -> State:
    """The counting state of a Crime Writers ``space``."""
    if not isinstance(space.state, State):
        raise InvalidInput("space", space, "a space of a Crime Writers investigation")
    return space.state


def not_in_story(tables: QuestionTables, space: Space, stack: str, text: str) -> Space:
    """``space`` without the draws that hold card ``text`` of ``stack``."""
    keep = np.ones(space.size, dtype=bool)
    for e, element in enumerate(ELEMENTS):
        if DECK_OF[element] == stack:
            keep &= space.worlds[:, e] != tables.labels[e].index(text)
    return space.filter(keep)


guard(globals())
