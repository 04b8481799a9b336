"""The league's human-notes bots: players who keep only what a player writes on paper.

A notes bot keeps, per kind of thing hidden (a category, a grid, an element of the
story), the list of items not crossed out, and no probabilities: it decides by counting
those lists. What it crosses out, game by game:

- 13 Indizien (``thirteen_notes``) and Kreuzverhör (``kreuzverhoer_notes``): per
  category, the cards that cannot be in my puzzle or the case any more (every card the
  rules rule out, read from the table: what a careful player works out on paper; the
  notes forget which combinations go together, and carry no weights). 13 Indizien asks
  a random witness about the colour or sub-kind that splits the lists most evenly and,
  once no list holds more than two cards, accuses a puzzle that fits them (any one, by
  lot: the notes do not weigh them); Kreuzverhör lays a random item of
  each list (the case itself once every list holds one), with the action cards of
  ``entropy``.
- BSI (``bsi_notes``): per opponent, the cases that fit the fields of the cards at
  their grid and their failed attempts, less the case cards in view (no card counting
  between grids). It lays the card of its hand that splits the shortest list of more
  than one case into the most fields, at that grid; it attempts a case that is alone on
  its list with its strongest card, and once any seat holds a single investigation card
  (the end is near), a list of two with its weakest.
- Crime Writers (``crime_writers_notes``): per element, the cards of its stack that fit
  every "yes" and "no" the writer gave about this element (a card named and denied is
  crossed out; "also" and "almost" cross out nothing). It works on the open element with
  the shortest list: names its card when one or two are left, else asks the tag that
  splits that list most evenly. Once no card is left (the element is invented: the
  writer settles its tags freely, and may word it like a card), it names the cards not
  denied yet by name one by one, then the writer's own wording.

Example:
    >>> from deduce.games import bsi
    >>> bsi.play_game([bsi_notes, bsi_notes], seed=1).over
    True
"""

from __future__ import annotations

import random
from typing import Any

from deduce.games import bsi, crime_writers, kreuzverhoer, thirteen_clues
from deduce.games.bsi.cards import CASES, FIELD_OF
from deduce.games.crime_writers.bots import OWN_WORDING
from deduce.games.crime_writers.cards import DECK_OF, ELEMENTS
from deduce.games.thirteen_clues.cards import CARDS as THIRTEEN_CARDS
from deduce.games.thirteen_clues.cards import attributes

__all__ = [
    "bsi_notes",
    "bsi_notes_of",
    "crime_writers_notes",
    "crime_writers_notes_of",
    "kreuzverhoer_notes",
    "notes_of",
    "thirteen_notes",
]


def notes_of(marginals: dict[str, dict[str, float]]) -> dict[str, list[str]]:
    """Per category, the items not crossed out (a probability above 0; the
    probabilities themselves are forgotten).

    Example:
        >>> notes_of({"person": {"Duke": 0.0, "Maid": 0.3, "Nurse": 0.7}})
        {'person': ['Maid', 'Nurse']}
    """
    return {name: [v for v, p in values.items() if p > 0.0] for name, values in marginals.items()}


# 13 Indizien -------------------------------------------------------------------------

_BY_NAME = {card.name: card for card in THIRTEEN_CARDS}


def _split(lists: list[list[str]], attribute: str) -> int:
    """How evenly ``attribute`` splits the lists: per list of ``m`` cards, ``k`` of them
    with it, ``min(k, m - k)``, summed."""
    score = 0
    for items in lists:
        k = sum(attribute in (_BY_NAME[i].colour, _BY_NAME[i].kind) for i in items)
        score += min(k, len(items) - k)
    return score


def _thirteen_notes(table: thirteen_clues.Table, rng: random.Random) -> Any:
    notes = notes_of(table.marginals())
    lists = [notes[c] for c in ("person", "location", "weapon")]
    if max(map(len, lists)) <= 2:  # a puzzle that fits the notes, any one of them
        return rng.choice(sorted((p for p, _ in table.ranked()), key=str))
    scores = {a: _split(lists, a) for a in attributes(table.players)}
    best = max(scores.values())
    about = rng.choice(sorted(a for a, s in scores.items() if s == best))
    witness = rng.choice(table.witnesses)
    side = rng.choice(table.sides)
    return thirteen_clues.Ask(witness, about, side)


thirteen_notes = thirteen_clues.Bot("notes", _thirteen_notes)
"""13 Indizien's human-notes bot (see the module's docstring)."""


# Kreuzverhör --------------------------------------------------------------------------


def _kreuzverhoer_notes(table: kreuzverhoer.Table, rng: random.Random) -> kreuzverhoer.Guess:
    notes = notes_of(table.mine.marginals())
    fields = ("crime", "scene", "suspect", "weapon")
    return kreuzverhoer.Guess(*(rng.choice(notes[f]) for f in fields))


kreuzverhoer_notes = kreuzverhoer.bot(
    "notes",
    _kreuzverhoer_notes,
    kreuzverhoer.entropy.policy_for("card"),
    kreuzverhoer.entropy.policy_for("defend"),
)
"""Kreuzverhör's human-notes bot (see the module's docstring)."""


# BSI ------------------------------------------------------------------------------


def bsi_notes_of(table: bsi.Table, seat: int) -> list[bsi.Case]:
    """The cases a player's notes leave for ``seat``: those that fit the fields at its
    grid and its failed attempts, less the case cards in view.

    Example:
        >>> t = bsi.Table(2, case="man/day/inside/knife",
        ...     hand=["woman/knife", "man/gun", "day/gun"])
        >>> len(bsi_notes_of(t, 1)), len(bsi_notes_of(t.played("woman/knife", 1, 2), 1))
        (15, 4)
    """
    state = table.state
    mask, where = state.masks[seat], state.where
    return [case for case in CASES if mask >> case.index & 1 and where[case.index] != -1]


def _bsi_notes_play(table: bsi.Table, rng: random.Random) -> tuple[bsi.Card, int]:
    lists = {seat: bsi_notes_of(table, seat) for seat in table.opponents}
    open_ = [s for s in table.opponents if len(lists[s]) > 1] or list(table.opponents)
    target = min(open_, key=lambda s: (len(lists[s]), s))

    def split(card: bsi.Card) -> tuple[int, int]:
        groups: dict[int, int] = {}
        for case in lists[target]:
            field = int(FIELD_OF[card.index, case.index])
            groups[field] = groups.get(field, 0) + 1
        return (len(groups), -max(groups.values(), default=0))

    card = max(table.hand, key=split)
    return card, target


def _bsi_notes_attempt(table: bsi.Table, rng: random.Random) -> tuple[int, bsi.Case, int] | None:
    drops = table.drops_left(0)
    if not drops:
        return None
    lists = {seat: bsi_notes_of(table, seat) for seat in table.opponents}
    for seat in table.opponents:
        if len(lists[seat]) == 1:
            return seat, lists[seat][0], max(drops)
    near_end = min(len(table.drops_left(s)) for s in range(table.players)) <= 1
    if near_end:
        for seat in table.opponents:
            if len(lists[seat]) == 2:
                return seat, lists[seat][0], min(drops)
    return None


bsi_notes = bsi.bot("notes", _bsi_notes_play, _bsi_notes_attempt)
"""BSI's human-notes bot (see the module's docstring)."""


# Crime Writers -------------------------------------------------------------------------


def crime_writers_notes_of(table: crime_writers.Table, element: str) -> list[str]:
    """The cards of ``element``'s stack its notes leave: every card that fits each "yes"
    and "no" about ``element`` in this story (a card named and denied crossed out).

    Example:
        >>> t = crime_writers.Table.example()
        >>> n = len(crime_writers_notes_of(t, "how"))
        >>> len(crime_writers_notes_of(t.ask("how", "weapon", "yes"), "how")) < n
        True
    """
    known = table.known(element)
    yes, no = set(known.get("yes", ())), set(known.get("no", ()))
    left = []
    for card in table.deck.for_element(element):
        if card.text in no:
            continue
        if any(card.status(tag) == "has" for tag in no if tag != card.text):
            continue
        if any(card.status(tag) == "lacks" for tag in yes if tag != card.text):
            continue
        left.append(card.text)
    return left


def _crime_writers_notes(table: crime_writers.Table, rng: random.Random) -> Any:
    open_elements = [e for e in ELEMENTS if e not in table.found_elements]
    lists = {e: crime_writers_notes_of(table, e) for e in open_elements}
    element = min(open_elements, key=lambda e: (len(lists[e]) or 99, ELEMENTS.index(e)))
    cards = lists[element]
    if not cards:  # every card crossed out: invented; its wording may be a card's
        denied = set(table.known(element).get("no", ()))
        for card in table.deck.for_element(element):
            if card.text not in denied:
                return crime_writers.Question(element, card.text)
        return crime_writers.Question(element, OWN_WORDING)
    if len(cards) <= 2:
        return crime_writers.Question(element, cards[0])
    asked = {a for answers in table.known(element).values() for a in answers}
    deck = table.deck
    by_text = {card.text: card for card in deck.for_element(element)}

    having = [set(by_text[c].tags) for c in cards]  # each card's tags ("has" them)

    def split(tag: str) -> int:
        k = sum(tag in has for has in having)
        return min(k, len(cards) - k)

    splits = {t: split(t) for t in deck.tags(DECK_OF[element]) if t not in asked}
    if splits and max(splits.values()) > 0:
        return crime_writers.Question(element, max(splits, key=splits.__getitem__))
    return crime_writers.Question(element, cards[0])


crime_writers_notes = crime_writers.bot("notes", _crime_writers_notes)
"""Crime Writers' human-notes bot (see the module's docstring)."""
