"""The console's lines that ask about an element and name what was found, read against
the deck: a question's tag or card, a found card's wording, a drawn card.

A wording that is no card's is the writer's own invention, so a "yes" to it finds the
element as invented (and rules out every card). A slip of the keyboard must not do that:
a "yes" to a question about a word close to a tag or a card of the element is refused
with what it looks like ("did you mean"), as a found wording close to a card's is. To
name an invented wording, ``found ELEMENT WORDING invented`` says so.

Example:
    >>> from deduce.games import crime_writers as cw
    >>> inv = cw.Investigation(cw.Deck.example())
    >>> try:
    ...     ask(inv, {"element": "who", "about": "servnt", "reply": "yes"})
    ... except InvalidInput as error:
    ...     print(error.reason, "-", error.expected)  # doctest: +NORMALIZE_WHITESPACE
    it is close to a tag or a card of who - a tag or a card (servant), or `found who servnt
    invented` for a wording the writer made up
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deduce._internal.entry import guard
from deduce._internal.language import N_, M
from deduce._internal.names import close, fold, lookup, starts
from deduce.errors import InvalidInput
from deduce.games import crime_writers as cw
from deduce.games.crime_writers import timer as timing
from deduce.play.grammar import Context, Name

__all__ = [
    "CardName",
    "about_groups",
    "abouts",
    "ask",
    "card_groups",
    "cards",
    "drawn",
    "every_card",
    "found",
]


@dataclass(frozen=True, slots=True)
class CardName(Name):
    """A :class:`~deduce.play.grammar.Name` whose choices name cards in the player's
    language (:func:`cards`, :func:`abouts`, :func:`every_card`): a card's wording in
    any other language of the deck is read too, as the deck's own wording, unless the
    text names a choice (a unique start of a choice is read after it).

    Example:
        >>> from deduce.games import crime_writers as cw
        >>> context = Context(cw.Investigation(cw.Deck.example()), {"element": "how"})
        >>> kind = CardName(cards)
        >>> kind.read("Screw", context, "card"), kind.read("Schraubenzieher", context, "card")
        ('Screwdriver', 'Screwdriver')
    """

    def read(self, text: str, context: Context, argument: str) -> Any:
        choices = self.choices(context) if callable(self.choices) else self.choices
        if isinstance(text, str) and not lookup(text, [*choices, *self.aliases], prefix=False):
            named = _named(context, text)
            if named is not None:
                return named
        return Name.read(self, text, context, argument)


def _named(context: Context, text: str) -> str | None:
    """The deck's own wording of the one card ``text`` names in any language (of the
    element being typed, else of any stack), or None."""
    deck = getattr(context.investigation, "deck", None)
    if not isinstance(deck, cw.Deck):
        return None
    element = context.values.get("element")
    stacks = [cw.DECK_OF[element]] if element in cw.DECK_OF else list(cw.DECKS)
    named = {card.text for s in stacks if (card := deck.find(s, text)) is not None}
    return named.pop() if len(named) == 1 else None


def cards(context: Context) -> list[str]:
    """The wordings of the cards of the element being typed, in the player's language
    (before it is: every card, which a form offers before its element is chosen)."""
    element = context.values.get("element")
    if element is None:
        return every_card(context)
    return [c.text_in() for c in context.investigation.deck.for_element(element)]


def abouts(context: Context) -> list[str]:
    """What a question about the element being typed may name: its deck's tags, its cards
    in the player's language (before it is: every tag and card)."""
    element = context.values.get("element")
    deck = context.investigation.deck
    if element is None:
        tags = dict.fromkeys(t for stack in cw.DECKS for t in deck.tags(stack))
        return [*tags, *every_card(context)]
    return [*deck.tags(cw.DECK_OF[element]), *cards(context)]


def card_groups(context: Context) -> list[tuple[str, list[str]]]:
    """Every card's wording in the player's language, by the element it may be (a page's
    picker)."""
    deck = context.investigation.deck
    return [(e, [c.text_in() for c in deck.for_element(e)]) for e in cw.ELEMENTS]


def about_groups(context: Context) -> list[tuple[str, list[str]]]:
    """What a question may name, by element: its deck's tags, then its cards (in the
    player's language)."""
    deck = context.investigation.deck
    return [
        (e, [*deck.tags(cw.DECK_OF[e]), *(c.text_in() for c in deck.for_element(e))])
        for e in cw.ELEMENTS
    ]


def every_card(context: Context) -> list[str]:
    """Every card's wording in the deck, in the player's language."""
    deck = context.investigation.deck
    return sorted({c.text_in() for stack in cw.DECKS for c in deck.stack(stack)})


def _near(text: str, names: list[str]) -> list[str]:
    """The names ``text`` may be a slip of: the ones it starts, then the close ones."""
    started = [n for n in names if len(fold(text)) >= 3 and starts(text, n)]
    return list(dict.fromkeys(started + close(text, names)))


def ask(inv: cw.Investigation, v: dict[str, Any]) -> cw.Investigation:
    """``ask ELEMENT ABOUT REPLY``: the question and its reply, on the clock."""
    return timing.TIMER.after(_asked(timing.TIMER.stamped(inv), v))


def _given(v: dict[str, Any], *names: str) -> list[Any]:
    """The values of ``names`` that the line gave (the verb's arguments)."""
    missing = [n for n in names if n not in v]
    if missing:
        expected = "the values of " + ", ".join(names)
        raise InvalidInput("v", v, expected, reason=f"{missing[0]!r} is missing")
    return [v[n] for n in names]


def _asked(inv: cw.Investigation, v: dict[str, Any]) -> cw.Investigation:
    element, about, reply = _given(v, "element", "about", "reply")
    known = abouts(Context(inv, {"element": element}))
    if about not in known and (card := inv.deck.find(cw.DECK_OF[element], about)) is not None:
        about, known = card.text, [*known, card.text]  # a card named in another language
    finds = reply == "yes" and about not in known and cw.names_element(about)
    if finds and (near := _near(about, known)):  # a wording found: a slip of a known one?
        raise InvalidInput(
            "about",
            about,
            M(
                "a tag or a card ({near}), or `found {element} {about} invented` for a wording "
                "the writer made up",
                near=", ".join(near),
                element=element,
                about=about,
            ),
            reason=M("it is close to a tag or a card of {element}", element=element),
        )
    if isinstance(inv, cw.Table):
        return inv.ask(element, about, reply)
    if about in known:
        return inv.answer(element, about, reply)
    if finds:  # "yes" to a wording: found
        return inv.found(element, about)
    return inv.asked(element, about, reply)


def found(inv: cw.Investigation, v: dict[str, Any]) -> cw.Investigation:
    """``found ELEMENT WORDING [invented]``: the element found, on the clock."""
    return timing.TIMER.after(_finds(timing.TIMER.stamped(inv), v))


def _finds(inv: cw.Investigation, v: dict[str, Any]) -> cw.Investigation:
    element, text = _given(v, "element", "wording")
    invented = True if v.get("invented") else None
    named = inv.deck.for_element(element)
    wordings = [c.text_in() for c in named]  # as the player reads them
    exact = [named[i].text for i in lookup(text, wordings, prefix=False)]
    if not exact and (card := inv.deck.find(cw.DECK_OF[element], text)) is not None:
        exact = [card.text]  # a card's wording in another language
    if not exact and invented is None and (near := _near(text, wordings)):
        raise InvalidInput(
            "wording",
            text,
            M(
                "a card's exact wording ({near}), or `found {element} WORDING invented` for a "
                "wording the writer made up",
                near=", ".join(near),
                element=element,
            ),
            reason=N_("it is close to a card's wording"),
        )
    return inv.found(element, exact[0] if exact else text, invented=invented)


def drawn(inv: cw.Investigation, v: dict[str, Any]) -> cw.Investigation:
    """``drawn ELEMENT CARD``: the element is exactly that card, drawn (not invented)."""
    element, card = _given(v, "element", "card")
    on_table = getattr(inv, "drawn", None)
    if on_table is not None:
        result: cw.Investigation = on_table(element, card)
        return result
    return inv.found(element, card, invented=False)


guard(globals())
