"""The title rule of Crime Writers: a title must not give an element away.

:func:`check_title` warns when a title contains an element, or a word of one, with case
and simple English inflections folded ("Graves" matches "grave", "poisoned" matches
"Poison"). Synonyms are beyond a word match ("graves" for a "Cemetery" is not found);
given the deck, the check also gives a weaker warning for a word that is one of the
element card's tags (the sample deck's "Cemetery", tagged ``quiet``, flags "A quiet
grave").

Example:
    >>> [str(w) for w in check_title("Murder by the graves", {"where": "Grave"})]
    ["title word 'graves' gives away where ('Grave')"]
    >>> check_title("Till death do us part", {"where": "Cemetery", "whom": "Husband"})
    ()
    >>> [w.kind for w in check_title("A quiet grave", {"where": "Cemetery"}, deck=Deck.example())]
    ['tag']
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from deduce._internal.entry import guard
from deduce._internal.language import M, _
from deduce.errors import InvalidInput
from deduce.games.crime_writers.cards import DECK_OF, DECKS, INVENTED, Deck

__all__ = ["TitleWarning", "check_title"]

_STOP = frozenset(
    {
        "a",
        "an",
        "the",
        "of",
        "in",
        "on",
        "at",
        "by",
        "to",
        "for",
        "with",
        "and",
        "or",
        "from",
        "into",
        "onto",
        "off",
        "out",
        "over",
        "under",
        "up",
        "down",
        "his",
        "her",
        "its",
        "their",
        "my",
        "your",
        "our",
        "this",
        "that",
        "these",
        "those",
        "is",
        "are",
        "was",
        "were",
        "be",
        "as",
        "it",
        "he",
        "she",
        "they",
        "we",
        "you",
        "i",
        "not",
        "no",
    }
)
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*|\d+")


@dataclass(frozen=True, slots=True)
class TitleWarning:
    """A title word that gives an element away.

    Attributes:
        element: the element's name ("who", ...) or its position in the list given.
        text: the element's wording.
        word: the word of the element (or of its card's tag) that the title contains.
        found: the title's word (as written, case folded).
        kind: "element" (the whole element is in the title), "word" (one word of it)
            or "tag" (a tag of its card, when a deck was given).

    Example:
        >>> (warning,) = check_title("The poisoned pen", {"how": "Poison"})
        >>> warning
        TitleWarning(element='how', text='Poison', word='poison', found='poisoned', kind='element')
    """

    element: str
    text: str
    word: str
    found: str
    kind: Literal["element", "word", "tag"]

    def __str__(self) -> str:
        if self.kind == "tag":
            said = M(
                "title word {found!r} is near {element} ({text!r}): its card is tagged {tag!r}",
                found=self.found,
                element=self.element,
                text=self.text,
                tag=self.word,
            )
        else:
            said = M(
                "title word {found!r} gives away {element} ({text!r})",
                found=self.found,
                element=self.element,
                text=self.text,
            )
        shown: str = _(said)
        return shown


def _words(text: str) -> list[str]:
    return _WORD.findall(text.casefold().replace("’", "'"))


def _forms(word: str) -> frozenset[str]:
    """A word and its bases under simple inflections (plural, possessive, -ed, -ing)."""
    w = word.casefold().replace("’", "'")
    if w.endswith("'s"):
        w = w[:-2]
    w = w.strip("'")
    forms = {w}

    def add(base: str) -> None:
        if len(base) >= 3:
            forms.add(base)

    if w.endswith("ies"):
        add(w[:-3] + "y")
    if w.endswith("es"):
        add(w[:-2])
    if w.endswith("s") and not w.endswith("ss"):
        add(w[:-1])
    if w.endswith("ied"):
        add(w[:-3] + "y")
    for suffix in ("ed", "ing"):
        if w.endswith(suffix):
            stem = w[: -len(suffix)]
            add(stem)
            add(stem + "e")
            if len(stem) >= 2 and stem[-1] == stem[-2]:
                add(stem[:-1])
    return frozenset(forms)


def _same(a: str, b: str) -> bool:
    return bool(_forms(a) & _forms(b))


def _named(elements: Any) -> list[tuple[str, str]]:
    if isinstance(elements, Mapping):
        items = [(str(k), v) for k, v in elements.items()]
    elif all(isinstance(getattr(elements, e, None), str) for e in DECK_OF):  # a Story
        items = [(e, getattr(elements, e)) for e in DECK_OF]
    elif isinstance(elements, (list, tuple)):
        items = [(str(i), v) for i, v in enumerate(elements)]
    else:
        raise InvalidInput("elements", elements, "a mapping element -> wording, a Story or a list")
    if len(items) > len(DECK_OF):
        raise InvalidInput("elements", elements, f"at most {len(DECK_OF)} elements' wordings")
    for name, text in items:
        if not isinstance(text, str) or not text.strip():
            raise InvalidInput(f"elements[{name!r}]", text, "a non-empty wording")
    return [(name, text) for name, text in items if text != INVENTED]


def _tags(deck: Deck, name: str, text: str) -> tuple[str, ...]:
    """The tags of the card worded ``text`` (in any of its languages)."""
    stacks = [DECK_OF[name]] if name in DECK_OF else list(DECKS)
    for stack in stacks:
        for card in deck.stack(stack):
            if text.casefold() in {wording.casefold() for wording in card.wordings()}:
                return card.tags
    return ()


def check_title(title: str, elements: Any, *, deck: Deck | None = None) -> tuple[TitleWarning, ...]:
    """The ways ``title`` gives an element away (empty: the title is fine).

    Args:
        title: the story's title.
        elements: the five elements, as a mapping ``{"who": ..., ...}``, a
            :class:`Story`, or a list of wordings.
        deck: when given, a card's tags count too (a weaker warning, kind "tag").

    Short words (articles, prepositions, pronouns) never count.

    Example:
        >>> story = {"who": "Secret agent", "how": "Gunshot", "why": "Professional pride"}
        >>> [w.word for w in check_title("The Agents' Pride", story)]
        ['agent', 'pride']
    """
    if not isinstance(title, str) or not title.strip():
        raise InvalidInput("title", title, "a non-empty title")
    if deck is not None and not isinstance(deck, Deck):
        raise InvalidInput("deck", deck, "a crime_writers.Deck or None")
    title_words = _words(title)
    warnings: list[TitleWarning] = []
    for name, text in _named(elements):
        words = [w for w in _words(text) if w not in _STOP]
        if not words:
            continue
        n = len(words)
        content = [t for t in title_words if t not in _STOP]  # as the element's words
        whole = any(
            all(_same(a, b) for a, b in zip(content[i : i + n], words, strict=True))
            for i in range(len(content) - n + 1)
        )
        reported = False
        for word in words:
            hit = next((t for t in title_words if t not in _STOP and _same(t, word)), None)
            if hit is not None:
                kind: Literal["element", "word"] = "element" if whole or n == 1 else "word"
                warnings.append(TitleWarning(name, text, word, hit, kind))
                reported = True
        if deck is not None and not reported:
            for tag in _tags(deck, name, text):
                for word in (w for w in _words(tag) if w not in _STOP):
                    hit = next((t for t in title_words if t not in _STOP and _same(t, word)), None)
                    if hit is not None:
                        warnings.append(TitleWarning(name, text, tag, hit, "tag"))
                        break
    return tuple(warnings)


guard(globals())
