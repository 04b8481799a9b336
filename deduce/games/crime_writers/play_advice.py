"""The console's advice under the guest's objective, in its own units: points.

The engine's table of moves shows bits; the guest's objective ranks questions by the
points they are worth to me (see :mod:`deduce.games.crime_writers.guest`), so the
console lists them with that value, the chance of "yes" (of a find, for a card named)
and the bits.
"""

from __future__ import annotations

from collections.abc import Callable

from deduce.games.crime_writers.clues import Question
from deduce.games.crime_writers.guest import GUEST
from deduce.games.crime_writers.investigation import Investigation
from deduce.games.crime_writers.table import Table

__all__ = ["guest_advice"]

HEADER = (
    'Questions by points net: mine this turn, less the next guest\'s after a "no" and '
    "the writer's clock, counted twice (`strategy entropy`: by bits):"
)


def guest_advice(
    inv: Investigation, strategy: str, top: int, describe: Callable[[Question], str]
) -> str | None:
    """The ``top`` questions by the guest's objective, one line each after a header,
    under ``strategy="guest"`` on my turn (a notebook without a table: always); None
    otherwise, or when no question is left to ask.

    Example:
        >>> from deduce.games.crime_writers import Deck
        >>> inv = Investigation(Deck.example()).answer("how", "object", "yes")
        >>> inv = inv.answer("how", "weapon", "no").answer("how", "tool", "yes")
        >>> print(guest_advice(inv, "guest", 2, str).splitlines()[1])
          how: Screwdriver?: +0.89 points net; a find 28%, 0.72 bits
        >>> guest_advice(inv, "entropy", 2, str) is None
        True
    """
    if isinstance(inv, Table) and (not inv.my_turn or inv.story_found):
        return None
    if strategy != GUEST or not inv.queries():
        return None
    lines = [HEADER]
    for rec in inv.recommend(top=top, strategy=GUEST):
        question: Question = rec.action
        yes = rec.outcomes.get("yes", 0.0)
        cards = {card.text for card in inv.deck.for_element(question.element)}
        said = "a find" if question.about in cards else "yes"
        lines.append(
            f"  {describe(question)}: {rec.score:+.2f} points net; "
            f"{said} {100 * yes:.0f}%, {rec.information:.2f} bits"
        )
    return "\n".join(lines)
