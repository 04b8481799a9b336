"""``deduce play crime-writers``: the guests' notebook while the writer answers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deduce.errors import InvalidInput
from deduce.games import crime_writers as cw
from deduce.games.crime_writers.manifest import GAME
from deduce.investigation import Investigation
from deduce.names import close, fold, lookup, starts
from deduce.play.adapter import Adapter
from deduce.play.grammar import (
    Arg,
    Context,
    Flag,
    Grammar,
    Name,
    Question,
    Rows,
    Text,
    Value,
    Verb,
)

__all__ = ["ADAPTER", "GRAMMAR", "CrimeWritersAdapter"]

_REPLIES = ("yes", "also", "almost", "no", "not characteristic", "not important")
_REPLY_ALIASES = {
    "y": "yes",
    "n": "no",
    "nc": "not characteristic",
    "ni": "not important",
}


def _deck(text: str, context: Context) -> cw.Deck:
    if text.strip().lower() in {"", "example"}:
        return cw.Deck.example()
    return cw.Deck.load(text.strip())


def _cards(context: Context) -> list[str]:
    element = context.values.get("element")
    if element is None:
        return []
    return [c.text for c in context.investigation.deck.for_element(element)]


def _abouts(context: Context) -> list[str]:
    element = context.values.get("element")
    if element is None:
        return []
    tags: list[str] = list(context.investigation.deck.tags(cw.DECK_OF[element]))
    return [*tags, *_cards(context)]


def _every_card(context: Context) -> list[str]:
    deck = context.investigation.deck
    return sorted({c.text for stack in cw.DECKS for c in deck.stack(stack)})


def _ask(inv: cw.Investigation, v: dict[str, Any]) -> cw.Investigation:
    element, about, reply = v["element"], v["about"], v["reply"]
    known = _abouts(Context(inv, {"element": element}))
    if about in known:
        return inv.answer(element, about, reply)
    asked = getattr(inv, "asked", None)
    if asked is None:
        raise InvalidInput(
            "about", about, f"a tag or a card's wording of {element}", reason="not in the deck"
        )
    logged: cw.Investigation = asked(element, about, reply)
    return logged


def _found(inv: cw.Investigation, v: dict[str, Any]) -> cw.Investigation:
    element, text = v["element"], v["wording"]
    invented = True if v.get("invented") else None
    cards = [c.text for c in inv.deck.for_element(element)]
    exact = [cards[i] for i in lookup(text, cards, prefix=False)]
    if not exact and invented is None:
        started = [c for c in cards if len(fold(text)) >= 3 and starts(text, c)]
        near = list(dict.fromkeys(started + close(text, cards)))
        if near:
            raise InvalidInput(
                "wording",
                text,
                f"a card's exact wording ({', '.join(near)}), or `found {element} "
                f"WORDING invented` for a wording the writer made up",
                reason="it is close to a card's wording",
            )
    return inv.found(element, exact[0] if exact else text, invented=invented)


def _drawn(inv: cw.Investigation, v: dict[str, Any]) -> cw.Investigation:
    drawn = getattr(inv, "drawn", None)
    if drawn is not None:
        result: cw.Investigation = drawn(v["element"], v["card"])
        return result
    return inv.found(v["element"], v["card"], invented=False)


def _candidates(inv: cw.Investigation, v: dict[str, Any]) -> Rows:
    rows = tuple((text, f"{100 * p:.1f}%") for text, p in inv.candidates(v["element"]))
    return Rows((v["element"], "probability"), rows)


def _each(inv: cw.Investigation, v: dict[str, Any]) -> Rows | str:
    best = inv.recommend_each(strategy=getattr(inv, "default_strategy", "entropy"))
    if not best:
        return "No question can teach anything more."
    rows = tuple(
        (element, ADAPTER.show_action(rec.action), f"{rec.information:.2f} bits")
        for element, rec in best.items()
    )
    return Rows(("element", "question", "information"), rows)


_ELEMENT = Arg("ELEMENT", Name(cw.ELEMENTS))

GRAMMAR = Grammar(
    verbs=(
        Verb(
            ("ask",),
            (
                _ELEMENT,
                Arg("ABOUT", Name(_abouts, other="a question in your own words")),
                Arg("REPLY", Name(_REPLIES, aliases=_REPLY_ALIASES), rest=True),
            ),
            "the writer's reply to \"does ELEMENT have ABOUT?\", ABOUT a tag, a card's\n"
            "wording or a question in your own words (kept in the history; it rules cards\n"
            "out only through its reply); REPLY yes, also, almost, no, or nc / ni (not\n"
            "characteristic / not important)",
            ("ask how weapon no", 'ask who "Night watchman" almost'),
            _ask,
        ),
        Verb(
            ("found",),
            (
                _ELEMENT,
                Arg("WORDING", Text("the element's wording", _cards), rest=True),
                Arg("invented", Flag(), optional=True, keyword="invented"),
            ),
            "a guest found ELEMENT, worded WORDING: the story's element is worded so. A\n"
            "wording that is no card's was invented by the writer; a card's wording leaves\n"
            "open whether that card was drawn or the writer invented the same words (say\n"
            "`drawn` or add `invented` when you know which)",
            ("found why Stage fright", "found where Moonlit_attic invented"),
            _found,
        ),
        Verb(
            ("drawn",),
            (_ELEMENT, Arg("CARD", Name(_cards), rest=True)),
            "ELEMENT is exactly the card CARD: the writer drew it (not invented)",
            ("drawn who Butler",),
            _drawn,
        ),
        Verb(
            ("seen",),
            (Arg("CARD", Name(_every_card), repeated=True),),
            "these cards are not in the story (my hand, stories told)",
            ("seen Gardener",),
            lambda inv, v: inv.seen(*v["card"]),
        ),
        Verb(
            ("candidates",),
            (_ELEMENT,),
            "what ELEMENT can be, hinted cards first",
            ("candidates how",),
            _candidates,
            command=True,
        ),
        Verb(
            ("each",),
            (),
            "the best question about each element",
            ("each",),
            _each,
            command=True,
        ),
    ),
    notes="ELEMENT is who, whom, why, where or how. Quote wordings with spaces, or write them\n"
    "with _ (Adjustable_wrench).",
    setup=(
        Question(
            "deck",
            Value(_deck, "a deck file (TOML), or example for the example deck"),
            "a deck file (TOML), or example",
            "example",
            example="my-deck.toml",
        ),
    ),
)


class CrimeWritersAdapter(Adapter):
    """Clue lines for the writer's replies, found elements and cards seen elsewhere."""

    declaration = GAME
    investigation_type = cw.Investigation
    solutions_shown = 5
    grammar = GRAMMAR

    def start(self, answers: Mapping[str, Any]) -> Investigation:
        return cw.Investigation(answers["deck"])

    def show_clue(self, clue: Any) -> str:
        if isinstance(clue, cw.Answer):
            return f"{clue.element}: {clue.about}? {clue.reply}"
        if isinstance(clue, cw.Found):
            how = {True: " (invented)", False: " (drawn)", None: ""}[clue.invented]
            return f"{clue.element} found: {clue.text}{how}"
        if isinstance(clue, cw.Seen):
            return f"not in the story: {clue.text} ({clue.stack})"
        return str(clue)

    def show_action(self, action: Any) -> str:
        if isinstance(action, cw.Question):
            about = f'"{action.about}"' if " " in action.about else action.about
            return f"ask {action.element} {about}"
        return str(action)


ADAPTER = CrimeWritersAdapter()
