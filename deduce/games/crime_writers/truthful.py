"""Truthful clues about a Crime Writers story, as hypothesis strategies (for
:mod:`deduce.testing` and the property tests): what a writer who tells the truth can
reply, what a guest can find, and which cards can be seen elsewhere.

Example:
    >>> from deduce.games.crime_writers.investigation import Investigation
    >>> inv = Investigation(Deck.example())
    >>> story = Story("Butler", "Heiress", "Greed", "Library", INVENTED)
    >>> truthful_clues(inv.deck, story, inv.space.state).is_empty
    False
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deduce.games.crime_writers.cards import DECK_OF, DECKS, ELEMENTS, INVENTED, Deck
from deduce.games.crime_writers.clues import (
    REPLIES,
    Answer,
    Asked,
    Found,
    Seen,
    Story,
    truthful_reply,
)
from deduce.games.crime_writers.counting import State

__all__ = ["truthful_clues"]


def truthful_clues(deck: Deck, story: Story, state: State) -> Any:
    """A hypothesis strategy of a clue true of ``story`` (its draw: cards and
    :data:`INVENTED`), given what ``state`` already says (wordings found or excluded,
    earlier replies the story must keep)."""
    from hypothesis import strategies as st

    def wording_options(e: int) -> list[str]:
        """What an invented element ``e`` can still be worded (truthful so far)."""
        found = state.found[e]
        if found is not None:
            return [found]
        element = ELEMENTS[e]
        cards = [c.text for c in deck.for_element(element) if c.text not in state.excluded[e]]
        return [*cards, f"a made-up {element}"]

    def answer(draw: Callable[..., Any]) -> Answer:
        element = draw(st.sampled_from(ELEMENTS))
        stack = DECK_OF[element]
        e = ELEMENTS.index(element)
        soft = draw(st.sampled_from((None, "also", "almost", "not characteristic")))
        about = draw(st.sampled_from((*deck.tags(stack), *(c.text for c in deck.stack(stack)))))
        if soft == "not characteristic":
            return Answer(element, about, soft)
        card = any(c.text == about for c in deck.stack(stack))
        if soft == "almost" and not card:
            return Answer(element, about, soft)

        def worded() -> bool:  # the story decides once: a card's wording or not
            return bool(draw(st.sampled_from(wording_options(e))) == about)

        def decide() -> bool:  # the story decides once: keep an earlier reply
            earlier = state.replies.get((element, about))
            return bool(draw(st.booleans())) if earlier is None else earlier == "yes"

        value = getattr(story, element)
        reply = truthful_reply(deck, element, value, about, worded, decide)
        # "also" is a "yes" to a tag; "also" and "almost" to a card are a "no" to its wording
        if soft == "also" and reply == ("no" if card else "yes"):
            return Answer(element, about, "also")
        if soft == "almost" and reply == "no":
            return Answer(element, about, "almost")
        return Answer(element, about, reply)

    def asked(draw: Callable[..., Any]) -> Asked:
        element = draw(st.sampled_from(ELEMENTS))
        words = draw(st.sampled_from(("Was it at night?", "A relative?", "Out of jealousy?")))
        return Asked(element, words, draw(st.sampled_from(REPLIES)))

    def found(draw: Callable[..., Any]) -> Found:
        element = draw(st.sampled_from(ELEMENTS))
        value = getattr(story, element)
        said = draw(st.booleans())  # whether the writer says if it was invented
        if value != INVENTED:
            return Found(element, value, False if said else None)
        text = draw(st.sampled_from(wording_options(ELEMENTS.index(element))))
        return Found(element, text, True if said else None)

    def seen(draw: Callable[..., Any]) -> Seen | None:
        stack = draw(st.sampled_from(DECKS))
        used = {getattr(story, e) for e in ELEMENTS if DECK_OF[e] == stack}
        free = [c.text for c in deck.stack(stack) if c.text not in used]
        return Seen(stack, draw(st.sampled_from(free))) if free else None

    return st.one_of(
        st.composite(answer)(),
        st.composite(answer)(),
        st.composite(found)(),
        st.composite(asked)(),
        st.composite(seen)().filter(lambda clue: clue is not None),
    )
