"""How the writer's soft replies point at cards: "also" at the cards with the tag asked,
"almost" at the cards with the tag or a near tag, and "almost" to a named card at the
cards that share its tags.

Example:
    >>> deck = Deck.example()
    >>> score = hint_scores(deck, "how", [Answer("how", "weapon", "almost")])
    >>> [c.text for c, s in zip(deck.for_element("how"), score) if s][:3]
    ['Knife', 'Gunshot', 'Screwdriver']
"""

from __future__ import annotations

from collections.abc import Sequence

from deduce.errors import InvalidInput
from deduce.games.crime_writers.clues import Answer
from deduce.games.crime_writers.deck import DECK_OF, Card, Deck

__all__ = ["hint_scores"]


def _named(deck: Deck, element: str, about: str) -> Card | None:
    try:
        return deck.card(DECK_OF[element], about)
    except InvalidInput:
        return None


def hint_scores(deck: Deck, element: str, answers: Sequence[Answer]) -> list[float]:
    """For each card of ``element``'s stack (then one for an invented element), how
    strongly the "also" and "almost" replies among ``answers`` point at it."""
    cards = deck.for_element(element)
    score = [0.0] * (len(cards) + 1)
    for clue in answers:
        if clue.element != element or clue.reply not in ("also", "almost"):
            continue
        card = _named(deck, element, clue.about)
        if card is None:
            wanted = {clue.about}
            if clue.reply == "almost":
                wanted |= deck.near_tags(clue.about)
            for i, c in enumerate(cards):
                if wanted & set(c.all_tags()):
                    score[i] += 1.0
        else:
            named = set(card.all_tags())
            for i, c in enumerate(cards):
                mine = set(c.all_tags())
                if c != card and named | mine:
                    score[i] += len(named & mine) / len(named | mine)
    return score
