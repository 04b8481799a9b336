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

from collections.abc import Mapping, Sequence

from deduce._internal.entry import guard
from deduce.errors import InvalidInput
from deduce.games.crime_writers.cards import DECK_OF, INVENTED, Card, Deck
from deduce.games.crime_writers.clues import REPLIES, Answer, Asked

__all__ = ["hint_scores", "merge_candidates", "replies_about"]


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


def merge_candidates(
    values: Mapping[str, float], found: str | None, hint: Sequence[float]
) -> list[tuple[str, float]]:
    """An element's possible ``values`` (its marginals, in deck order, invented last)
    as (text, probability): the invented element under its ``found`` wording (merged
    with the card worded so), ordered by ``hint`` first, then probability, then deck
    order.

    Example:
        >>> merge_candidates({"Knife": 0.25, "Poison": 0.5, INVENTED: 0.25}, "Knife", [0, 0, 0])
        [('Knife', 0.5), ('Poison', 0.5)]
    """
    if len(hint) != len(values):
        raise InvalidInput("hint", hint, f"one number for each of the {len(values)} values")
    merged: dict[str, tuple[float, int, float]] = {}  # text -> (hint, order, p)
    for i, (text, p) in enumerate(values.items()):
        if p <= 0:
            continue
        shown = found if (text == INVENTED and found is not None) else text
        h, first, q = merged.get(shown, (hint[i], i, 0.0))
        merged[shown] = (max(h, hint[i]), min(first, i), q + p)
    items = sorted(merged.items(), key=lambda item: (-item[1][0], -item[1][2], item[1][1]))
    return [(text, p) for text, (_, _, p) in items]


def replies_about(clues: Sequence[object], element: str) -> dict[str, tuple[str, ...]]:
    """What the writer replied about ``element`` among ``clues``, by reply (in the order
    of :data:`REPLIES`, replies never given left out): the tags, cards and own words.

    Example:
        >>> replies_about([Answer("how", "weapon", "no"), Asked("how", "Was it quick?", "yes")],
        ...               "how")
        {'yes': ('Was it quick?',), 'no': ('weapon',)}
    """
    said: dict[str, list[str]] = {}
    for clue in clues:
        if isinstance(clue, Answer | Asked) and clue.element == element:
            about = clue.about if isinstance(clue, Answer) else clue.question
            said.setdefault(clue.reply, []).append(about)
    return {reply: tuple(said[reply]) for reply in REPLIES if reply in said}


guard(globals())
