"""``deduce play crime-writers``: the guests' notebook while the writer answers."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from rich.table import Table

from deduce.errors import InvalidInput
from deduce.games import crime_writers as cw
from deduce.investigation import Investigation
from deduce.play.adapter import Adapter, Question, choose, key, word

__all__ = ["ADAPTER", "CrimeWritersAdapter"]

_KEYWORDS = ("ask", "found", "seen")
_REPLIES = {
    "yes": "yes",
    "y": "yes",
    "also": "also",
    "almost": "almost",
    "no": "no",
    "n": "no",
    "nc": "not characteristic",
    "notcharacteristic": "not characteristic",
    "ni": "not important",
    "notimportant": "not important",
}


def _distance(a: str, b: str) -> int:
    """The number of letters to insert, delete or change to turn ``a`` into ``b``."""
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        previous, row[0] = row[0], i
        for j, y in enumerate(b, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (x != y))
    return row[-1]


def _near(typed: str, card: str) -> bool:
    """Whether ``typed`` looks like a shortened or mistyped ``card`` (both as keys).

    Example:
        >>> _near("poisxx", "poison"), _near("pois", "poison"), _near("stagefright", "fear")
        (True, True, False)
    """
    if len(typed) >= 3 and card.startswith(typed):
        return True
    return _distance(typed, card) <= max(1, len(card) // 3)


def _deck(text: str) -> cw.Deck:
    if text.strip().lower() in {"", "example"}:
        return cw.Deck.example()
    return cw.Deck.load(text.strip())


class CrimeWritersAdapter(Adapter):
    """Clue lines for the writer's replies, found elements and cards seen elsewhere."""

    name = "crime-writers"
    title = "Crime Writers"
    investigation_type = cw.Investigation
    strategy = "entropy"
    solutions_shown = 5
    syntax = """
  ask ELEMENT ABOUT REPLY     the writer's reply to "does ELEMENT have ABOUT?", ABOUT a
                              tag or a card's wording; REPLY yes, also, almost, no, or
                              nc / ni (not characteristic / not important)
                              e.g.  ask how weapon no     ask who "Night watchman" almost
  found ELEMENT WORDING       a guest found ELEMENT, worded WORDING (a card's wording: that
                              card was drawn; any other wording: the writer invented it)
  found ELEMENT WORDING invented    the element was invented, though worded like a card
  seen CARD ...               these cards are not in the story (my hand, stories told)
ELEMENT is who, whom, why, where or how. Quote wordings with spaces, or write them
with _ (Adjustable_wrench).
"""

    def questions(self, answers: Mapping[str, Any]) -> Sequence[Question]:
        return (Question("deck", "Deck file (TOML) or `example`", "example", _deck),)

    def start(self, answers: dict[str, Any]) -> Investigation:
        return cw.Investigation(answers["deck"])

    def commands(self) -> dict[str, tuple[str, Callable[[Investigation, list[str]], Any]]]:
        return {
            "candidates": (
                "`candidates ELEMENT`: what ELEMENT can be, hinted cards first",
                self._candidates,
            ),
            "each": ("the best question about each element", self._each),
        }

    def _candidates(self, investigation: Investigation, words: list[str]) -> Any:
        inv: cw.Investigation = investigation  # type: ignore[assignment]
        if len(words) != 1:
            raise InvalidInput("candidates", " ".join(words), "candidates ELEMENT")
        element = choose(words[0], cw.ELEMENTS, "element")
        table = Table(element, "probability", box=None)
        for text, p in inv.candidates(element):
            table.add_row(text, f"{100 * p:.1f}%")
        return table

    def _each(self, investigation: Investigation, words: list[str]) -> Any:
        inv: cw.Investigation = investigation  # type: ignore[assignment]
        best = inv.recommend_each(strategy="entropy")
        if not best:
            return "No question can teach anything more."
        table = Table("element", "question", "information", box=None)
        for element, rec in best.items():
            table.add_row(element, self.show_action(rec.action), f"{rec.information:.2f} bits")
        return table

    def _abouts(self, inv: cw.Investigation, element: str) -> list[str]:
        stack = cw.DECK_OF[element]
        return [*inv.deck.tags(stack), *(c.text for c in inv.deck.stack(stack))]

    def apply(self, investigation: Investigation, tokens: list[str]) -> Investigation:
        inv: cw.Investigation = investigation  # type: ignore[assignment]
        verb = choose(tokens[0], _KEYWORDS, "clue")
        args = tokens[1:]
        if verb == "seen":
            if not args:
                raise InvalidInput("line", " ".join(tokens), "seen CARD ...")
            every = sorted({c.text for s in cw.DECKS for c in inv.deck.stack(s)})
            return inv.seen(*(choose(a, every, "card") for a in args))
        if len(args) < 2:
            shape = "ask ELEMENT ABOUT REPLY" if verb == "ask" else "found ELEMENT WORDING"
            raise InvalidInput("line", " ".join(tokens), shape)
        element = choose(args[0], cw.ELEMENTS, "element")
        if verb == "ask":
            if len(args) < 3:
                raise InvalidInput("line", " ".join(tokens), "ask ELEMENT ABOUT REPLY")
            about = choose(args[1], self._abouts(inv, element), "about")
            said = key(" ".join(args[2:]))
            if said not in _REPLIES:
                raise InvalidInput(
                    "reply", " ".join(args[2:]), [*cw.REPLIES, "not important", "nc", "ni"]
                )
            return inv.answer(element, about, _REPLIES[said])
        words = args[1:]
        invented: bool | None = None
        if len(words) > 1 and words[-1].lower() == "invented":
            invented = True
            words = words[:-1]
        text = " ".join(words).replace("_", " ") if len(words) == 1 else " ".join(words)
        cards = [c.text for c in inv.deck.for_element(element)]
        exact = [c for c in cards if key(c) == key(text)]
        if exact and invented is None:
            return inv.found(element, exact[0])
        if not exact and invented is None:
            close = [c for c in cards if _near(key(text), key(c))]
            if close:
                raise InvalidInput(
                    "wording",
                    text,
                    f"a card's exact wording ({', '.join(close)}), or `found {element} "
                    f"WORDING invented` for a wording the writer made up",
                    reason="it is close to a card's wording",
                )
        return inv.found(element, exact[0] if exact else text, invented=invented)

    def words(self, investigation: Investigation) -> Iterable[str]:
        inv: cw.Investigation = investigation  # type: ignore[assignment]
        words = [*_KEYWORDS, *cw.ELEMENTS, "yes", "also", "almost", "no", "nc", "ni", "invented"]
        for stack in cw.DECKS:
            words.extend(word(t) for t in inv.deck.tags(stack))
            words.extend(word(c.text) for c in inv.deck.stack(stack))
        return words

    def show_clue(self, clue: Any) -> str:
        if isinstance(clue, cw.Answer):
            return f"{clue.element}: {clue.about}? {clue.reply}"
        if isinstance(clue, cw.Found):
            return f"{clue.element} found: {clue.text}" + (" (invented)" if clue.invented else "")
        if isinstance(clue, cw.Seen):
            return f"not in the story: {clue.text} ({clue.stack})"
        return repr(clue)

    def show_action(self, action: Any) -> str:
        if isinstance(action, cw.Question):
            about = f'"{action.about}"' if " " in action.about else action.about
            return f"ask {action.element} {about}"
        return str(action)


ADAPTER = CrimeWritersAdapter()
