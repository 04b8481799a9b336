"""Truthful clues about a Crime Writers story, as hypothesis strategies (for
:mod:`deduce.testing` and the property tests): what a writer who tells the truth can
reply, what a guest can find, and which cards can be seen elsewhere; and the brute-force
reference the posterior is checked against: every draw, wording and description listed
(no space, no counting tables).

Example:
    >>> from deduce.games.crime_writers.investigation import Investigation
    >>> inv = Investigation(Deck.example())
    >>> story = Story("Butler", "Heiress", "Greed", "Library", INVENTED)
    >>> truthful_clues(inv.deck, story, inv.space.state).is_empty
    False
    >>> small = small_investigation().seen("Butler")
    >>> sorted(set(reference(small)) - set(small.probabilities()))
    []
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from deduce._internal.entry import LIMIT, guard
from deduce.core import registry
from deduce.errors import InvalidInput
from deduce.games.crime_writers.cards import DECK_OF, DECKS, ELEMENTS, INVENTED, Card, Deck
from deduce.games.crime_writers.clues import (
    REPLIES,
    Answer,
    Asked,
    Found,
    NotebookClue,
    Seen,
    Story,
    truthful_reply,
)
from deduce.games.crime_writers.counting import State
from deduce.games.crime_writers.manifest import GAME

if TYPE_CHECKING:
    from hypothesis.strategies import DrawFn, SearchStrategy

    from deduce.games.crime_writers.investigation import Investigation

__all__ = [
    "draws",
    "is_card",
    "listings",
    "posterior",
    "reference",
    "small_deck",
    "small_investigation",
    "tag_truth",
    "truthful_clues",
    "wordings",
    "worlds",
]


def truthful_clues(deck: Deck, story: Story, state: State) -> SearchStrategy[NotebookClue | None]:
    """A hypothesis strategy of a clue true of ``story`` (its draw: cards and
    :data:`INVENTED`), given what ``state`` already says (wordings found or excluded,
    earlier replies the story must keep)."""
    from hypothesis import strategies as st

    answer, found, asked, seen = _clue_kinds()
    return st.one_of(
        answer(deck, story, state),
        answer(deck, story, state),
        found(deck, story, state),
        asked(),
        seen(deck, story).filter(lambda clue: clue is not None),
    )


@functools.cache
def _clue_kinds() -> tuple[Any, Any, Any, Any]:
    """The strategies of each kind of clue, built once (hypothesis reads a composite's
    source when it is built)."""
    from hypothesis import strategies as st

    return (
        st.composite(_answer),
        st.composite(_found),
        st.composite(_asked),
        st.composite(_seen),
    )


def _wording_options(deck: Deck, state: State, e: int) -> list[str]:
    """What an invented element ``e`` can still be worded (truthful so far)."""
    found = state.found[e]
    if found is not None:
        return [found]
    element = ELEMENTS[e]
    cards = [c.text for c in deck.for_element(element) if c.text not in state.excluded[e]]
    return [*cards, f"a made-up {element}"]


def _answer(draw: DrawFn, deck: Deck, story: Story, state: State) -> Answer:
    from hypothesis import strategies as st

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
        return bool(draw(st.sampled_from(_wording_options(deck, state, e))) == about)

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


def _asked(draw: DrawFn) -> Asked:
    from hypothesis import strategies as st

    element = draw(st.sampled_from(ELEMENTS))
    words = draw(st.sampled_from(("Was it at night?", "A relative?", "Out of jealousy?")))
    return Asked(element, words, draw(st.sampled_from(REPLIES)))


def _found(draw: DrawFn, deck: Deck, story: Story, state: State) -> Found:
    from hypothesis import strategies as st

    element = draw(st.sampled_from(ELEMENTS))
    value = getattr(story, element)
    said = draw(st.booleans())  # whether the writer says if it was invented
    if value != INVENTED:
        return Found(element, value, False if said else None)
    text = draw(st.sampled_from(_wording_options(deck, state, ELEMENTS.index(element))))
    return Found(element, text, True if said else None)


def _seen(draw: DrawFn, deck: Deck, story: Story) -> Seen | None:
    from hypothesis import strategies as st

    stack = draw(st.sampled_from(DECKS))
    used = {getattr(story, e) for e in ELEMENTS if DECK_OF[e] == stack}
    free = [c.text for c in deck.stack(stack) if c.text not in used]
    return Seen(stack, draw(st.sampled_from(free))) if free else None


def small_deck() -> Deck:
    """A deck small enough to list every draw by hand; tags with "maybe" on purpose."""
    return Deck(
        persons=(
            Card("Butler", ("man", "servant")),
            Card("Maid", ("woman", "servant")),
            Card("Nurse", ("medical",), maybe=("man", "woman")),
        ),
        scenes=(Card("Cellar", ("indoors", "dark")), Card("Beach", ("outdoors",))),
        causes=(
            Card("Poison", ("substance",)),
            Card("Knife", ("weapon", "sharp")),
            Card("Fall", (), maybe=("accident",)),
        ),
        motives=(Card("Greed", ("money",)), Card("Fear", ("emotion",), maybe=("money",))),
        near=(("weapon", ("sharp",)),),
        name="tiny test deck",
    )


def small_investigation() -> Investigation:
    """An investigation of :func:`small_deck` (the sample that the conformance suite checks
    against the brute force)."""
    made: Investigation = registry.kind(GAME.name)(small_deck())
    return made


# -- the brute-force reference ------------------------------------------------------------


def draws(deck: Deck) -> list[tuple[str, ...]]:
    """Every draw: three elements are cards, two invented; killer and victim differ."""
    result = []
    for chosen in itertools.combinations(ELEMENTS, 3):
        options = [
            [c.text for c in deck.for_element(e)] if e in chosen else [INVENTED] for e in ELEMENTS
        ]
        for values in itertools.product(*options):
            if values[0] != INVENTED and values[0] == values[1]:
                continue
            result.append(values)
    return result


OWN = "(a wording of the writer's own)"


def is_card(deck: Deck, element: str, text: str) -> bool:
    return any(c.text == text for c in deck.for_element(element))


def wordings(deck: Deck, element: str) -> list[str]:
    """What an invented element can be worded: like any card of its stack, or its own."""
    return [*(c.text for c in deck.for_element(element)), OWN]


def tag_truth(deck: Deck, element: str, value: str, tag: str, bit: bool) -> bool:
    """Is the answer to "does element (= value) have <tag>" yes?"""
    cards = {c.text: c for c in deck.for_element(element)}
    if value == INVENTED:
        return bit
    if value not in cards:
        raise InvalidInput("value", value, f"{INVENTED!r} or a card of the {element} stack")
    status = cards[value].status(tag)
    return bit if status == "maybe" else status == "has"


def listings(deck: Deck) -> int:
    """How many (draw, wording) pairs :func:`worlds` lists for ``deck``, at most.

    Example:
        >>> listings(small_deck()) < 10_000 < listings(Deck.example())
        True
    """
    sizes = {e: len(deck.for_element(e)) for e in ELEMENTS}
    return sum(
        math.prod(sizes[e] if e in chosen else sizes[e] + 1 for e in ELEMENTS)
        for chosen in itertools.combinations(ELEMENTS, 3)
    )


def worlds(deck: Deck, clues: Sequence[Any]) -> dict[tuple[tuple[str, ...], Story], Fraction]:
    """Every (draw, story) that fits the clues, with its probability weight: the draws are
    equally likely; an invented element is worded like each card of its stack or its own
    way (equally likely); each tag asked is yes or no for it (equally likely).

    Raises:
        InvalidInput: a deck with more than :data:`~deduce._internal.entry.LIMIT` draws and
            wordings to list (a deck for the brute force is small: :func:`small_deck`).
    """
    odd = next((c for c in clues if not isinstance(c, (Answer, Asked, Found, Seen))), None)
    if odd is not None:
        raise InvalidInput("clues", odd, "clues of an investigation: Answer, Asked, Found, Seen")
    listed = listings(deck)
    if listed > LIMIT:
        expected = f"a deck with at most {LIMIT:,} draws and wordings to list"
        raise InvalidInput("deck", deck.name or deck, expected, reason=f"{listed:,} of them")
    tag_clues = [  # "also" (true as part of something wider) counts as "yes"
        c
        for c in clues
        if isinstance(c, Answer)
        and c.reply in ("yes", "also", "no")
        and not is_card(deck, c.element, c.about)
    ]
    asked = sorted({(c.element, c.about) for c in tag_clues})
    result: dict[tuple[tuple[str, ...], Story], Fraction] = {}
    for draw in draws(deck):
        value = dict(zip(ELEMENTS, draw, strict=True))
        if any(
            isinstance(c, Seen) and DECK_OF[e] == c.stack and value[e] == c.text
            for c in clues
            for e in ELEMENTS
        ):
            continue
        count = 0
        for bits in itertools.product((False, True), repeat=len(asked)):
            bit = dict(zip(asked, bits, strict=True))
            if all(
                tag_truth(deck, c.element, value[c.element], c.about, bit[(c.element, c.about)])
                == (c.reply in ("yes", "also"))
                for c in tag_clues
            ):
                count += 1
        if not count:
            continue
        invented = [e for e in ELEMENTS if value[e] == INVENTED]
        for choice in itertools.product(*(wordings(deck, e) for e in invented)):
            wording = {**value, **dict(zip(invented, choice, strict=True))}
            named: dict[str, str] = {}
            ok = True
            for clue in clues:
                if isinstance(clue, Answer) and is_card(deck, clue.element, clue.about):
                    if clue.reply == "yes":
                        clue = Found(clue.element, clue.about, None)
                    elif clue.reply in ("no", "also", "almost"):  # not worded exactly so
                        ok = ok and wording[clue.element] != clue.about
                if not isinstance(clue, Found):
                    continue
                element, text = clue.element, clue.text
                if is_card(deck, element, text):
                    ok = ok and wording[element] == text
                    if clue.invented is not None:
                        ok = ok and (value[element] == INVENTED) == clue.invented
                else:  # the writer's own wording: one text only
                    ok = ok and wording[element] == OWN and named.get(element, text) == text
                named[element] = text
            if ok:
                story = Story(*(named.get(e, value[e]) for e in ELEMENTS))
                p = Fraction(count, 2 ** len(asked))
                for e in invented:
                    p /= len(wordings(deck, e))
                result[(draw, story)] = result.get((draw, story), Fraction(0)) + p
    return result


def posterior(deck: Deck, clues: Sequence[Any]) -> dict[Story, Fraction]:
    """The posterior over stories, by listing every draw, wording and description."""
    weight: dict[Story, Fraction] = {}
    for (_, story), p in worlds(deck, clues).items():
        weight[story] = weight.get(story, Fraction(0)) + p
    total = sum(weight.values())
    return {story: p / total for story, p in weight.items()}


def reference(investigation: Investigation) -> dict[Story, float]:
    """The posterior over stories that a Crime Writers investigation must hold."""
    return {
        story: float(p) for story, p in posterior(investigation.deck, investigation.clues).items()
    }


guard(globals())
