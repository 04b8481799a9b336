"""What is said at a table of Crime Writers, as values: the writer's five replies, the
questions the guests ask, the clues a guest notes, and the story they are after.

Example:
    >>> print(Question("how", "tool"))
    how: tool?
    >>> reply_of("Not important")
    'not characteristic'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from deduce._internal.entry import guard
from deduce._internal.language import N_, M, _
from deduce._internal.names import resolve
from deduce._internal.validation import short
from deduce.errors import InvalidInput
from deduce.games.crime_writers.cards import DECK_OF, ELEMENTS, INVENTED, Deck

__all__ = [
    "ALIASES",
    "REPLIES",
    "Answer",
    "Asked",
    "Found",
    "Question",
    "Seen",
    "Story",
    "element_of",
    "own_words",
    "reply_of",
    "truthful_reply",
]

REPLIES: tuple[str, ...] = ("yes", "also", "almost", "no", "not characteristic")
"""The writer's five replies (``"not important"`` is accepted for the last one)."""

ALIASES: dict[str, str] = {"not important": "not characteristic"}

_EXACT = {**{reply: reply for reply in REPLIES}, **ALIASES}  # each reply written exactly
_EXACT_ELEMENTS = {element: element for element in ELEMENTS}

# the stacks of a deck, as a player reads them (the keys are the deck file's)
_STACKS = {
    "persons": N_("persons"),
    "scenes": N_("scenes"),
    "causes": N_("causes"),
    "motives": N_("motives"),
}


def reply_of(value: Any) -> str:
    """``value`` as one of :data:`REPLIES` (read as names are: case, spaces and dashes
    do not matter)."""
    if type(value) is str and value in _EXACT:  # one of them as it is written
        return _EXACT[value]
    try:
        return resolve(value, REPLIES, argument="reply", prefix=False, aliases=ALIASES)
    except InvalidInput as error:
        choices = [*REPLIES, "not important"]
        raise InvalidInput("reply", value, choices, reason=error.reason) from None


def element_of(value: Any) -> str:
    """``value`` as one of the five elements (case does not matter)."""
    if type(value) is str and value in _EXACT_ELEMENTS:  # as it is written
        return _EXACT_ELEMENTS[value]
    return resolve(value, ELEMENTS, argument="element", prefix=False)


@dataclass(frozen=True)
class Story:
    """A solution: the five elements, each a card's wording or an invented one.

    An element invented by the writer reads :data:`INVENTED` until a guest finds it, then
    its found wording. The wordings are the deck's own (:attr:`Card.text`); a story
    :meth:`told_with` its deck says them in the player's language (as a notebook's
    solutions do).

    Example:
        >>> print(Story("Butler", "Heiress", "Greed", "Library", INVENTED))
        who: Butler, whom: Heiress, why: Greed, where: Library, how: (invented)
    """

    who: str
    whom: str
    why: str
    where: str
    how: str
    _deck: ClassVar[Deck | None] = None  # its deck's wordings, when told with them

    def told_with(self, deck: Deck) -> Story:
        """The same story (equal to it, saved the same), said with ``deck``'s wordings in
        the player's language (:meth:`Deck.shown`).

        Example (in English; in German ``who: Butler, whom: Erbin, why: Habgier, ...``):
            >>> story = Story("Butler", "Heiress", "Greed", "Library", INVENTED)
            >>> told = story.told_with(Deck.example())
            >>> told == story, str(told) == str(story)
            (True, True)
        """
        if not isinstance(deck, Deck):
            raise InvalidInput("deck", deck, "a crime_writers.Deck")
        told = Story(self.who, self.whom, self.why, self.where, self.how)
        object.__setattr__(told, "_deck", deck)
        return told

    def __str__(self) -> str:
        values = [getattr(self, name) for name in ELEMENTS]
        deck = self._deck
        if deck is None:
            shown = [_(value) if value == INVENTED else value for value in values]  # said so
        else:
            shown = [deck.shown(v, DECK_OF[e]) for e, v in zip(ELEMENTS, values, strict=True)]
        return ", ".join(f"{name}: {value}" for name, value in zip(ELEMENTS, shown, strict=True))


@dataclass(frozen=True)
class Question:
    """A yes/no question: does ``element`` have tag ``about``, or is it card ``about``?

    A question :meth:`told_with` its deck names a card in the player's language (as
    advice does); its data stays the deck's own wording.

    Example:
        >>> print(Question("how", "tool"))
        how: tool?
    """

    element: str
    about: str
    _deck: ClassVar[Deck | None] = None  # its deck's wordings, when told with them

    def told_with(self, deck: Deck) -> Question:
        """The same question (equal to it), naming a card with ``deck``'s wording in the
        player's language (:meth:`shown_about`).

        Example (in English; in German ``how: Schraubenzieher?``):
            >>> told = Question("how", "Screwdriver").told_with(Deck.example())
            >>> told == Question("how", "Screwdriver"), str(told)
            (True, 'how: Screwdriver?')
        """
        if not isinstance(deck, Deck):
            raise InvalidInput("deck", deck, "a crime_writers.Deck")
        told = Question(self.element, self.about)
        object.__setattr__(told, "_deck", deck)
        return told

    def shown_about(self) -> str:
        """What it asks about as the player reads it: a tag as it is, a card by its
        wording in the player's language when the question is :meth:`told_with` a deck."""
        deck = self._deck
        if deck is None or self.element not in DECK_OF:
            return self.about
        return deck.shown(self.about, DECK_OF[self.element])

    def __str__(self) -> str:
        return f"{self.element}: {self.shown_about()}?"


@dataclass(frozen=True, slots=True)
class Answer:
    """The clue: the writer's ``reply`` to a question about ``element``.

    Example:
        >>> Answer("how", "weapon", "no")
        Answer(element='how', about='weapon', reply='no')
    """

    element: str
    about: str
    reply: str

    def __str__(self) -> str:
        return f"{self.element}: {self.about}? {self.reply}"


@dataclass(frozen=True, slots=True)
class Asked:
    """The clue: a guest asked about ``element`` in their own words (``question``, no
    tag or card of the deck) and the writer replied ``reply``.

    It is kept in the history and the saved game; it rules nothing out, since the deck
    cannot say what the words mean for each card.

    Example:
        >>> print(Asked("who", "Was it the night watchman?", "almost"))
        who: "Was it the night watchman?" almost
    """

    element: str
    question: str
    reply: str

    def __str__(self) -> str:
        return f'{self.element}: "{self.question}" {self.reply}'


@dataclass(frozen=True, slots=True)
class Found:
    """The clue: a guest named ``element`` and the writer confirmed it.

    Attributes:
        element: one of :data:`ELEMENTS`.
        text: the wording named.
        invented: True: the writer invented this element (its wording is no card's, or
            it only happens to be worded like one); False: the card worded ``text`` was
            drawn; None: not said (a card's wording then keeps both cases).

    Example:
        >>> Found("why", "Stage fright", invented=True)
        Found(element='why', text='Stage fright', invented=True)
    """

    element: str
    text: str
    invented: bool | None = None

    def __str__(self) -> str:
        if self.invented is None:
            said = M("{element} found: {text}", element=self.element, text=self.text)
        elif self.invented:
            said = M("{element} found: {text} (invented)", element=self.element, text=self.text)
        else:
            said = M(
                "{element} found: {text} (the card was drawn)",
                element=self.element,
                text=self.text,
            )
        shown: str = _(said)
        return shown


@dataclass(frozen=True, slots=True)
class Seen:
    """The clue: card ``text`` of ``stack`` is not in this story (I hold it, or it was
    in a story already told).

    Example:
        >>> Seen("persons", "Butler")
        Seen(stack='persons', text='Butler')
    """

    stack: str
    text: str

    def __str__(self) -> str:
        stack = _STACKS.get(self.stack, self.stack)
        said: str = _(
            M("the {card} card ({stack}) is not in this story", card=self.text, stack=stack)
        )
        return said


NotebookClue = Answer | Asked | Found | Seen
"""A clue of the guests' notebook (:class:`~deduce.games.crime_writers.Investigation`)."""


def truthful_reply(
    deck: Deck,
    element: str,
    value: str,
    about: str,
    worded: Callable[[], bool],
    decide: Callable[[], bool],
) -> str:
    """The truthful "yes" or "no" to a question about ``element``, whose drawn card is
    ``value`` (or :data:`INVENTED`): does it have tag ``about``, or is it card ``about``?

    What the deck leaves to the story is asked back: ``worded()``, whether an invented
    element is worded as card ``about``; ``decide()``, whether it has an open tag (an
    invented element's, or a card's ``maybe`` tag). Callers keep these answers.

    Example:
        >>> deck = Deck.example()
        >>> truthful_reply(deck, "how", "Screwdriver", "tool", bool, bool)
        'yes'
        >>> truthful_reply(deck, "how", INVENTED, "Knife", lambda: True, bool)
        'yes'
    """
    if element not in DECK_OF:
        raise InvalidInput("element", element, ELEMENTS)
    stack = DECK_OF[element]
    if any(card.text == about for card in deck.stack(stack)):
        named = worded() if value == INVENTED else value == about
        return "yes" if named else "no"
    status = "maybe" if value == INVENTED else deck.card(stack, value).status(about)
    if status == "maybe":
        return "yes" if decide() else "no"
    return "yes" if status == "has" else "no"


def own_words(question: Any) -> str:
    """A question in the asker's own words, trimmed.

    Raises:
        InvalidInput: not a non-empty text.

    Example:
        >>> own_words("  Was it at night? ")
        'Was it at night?'
    """
    if not isinstance(question, str) or not question.strip():
        raise InvalidInput("question", short(question), N_("the question in words"))
    return question.strip()


guard(globals())
