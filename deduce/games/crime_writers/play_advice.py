"""The console's advice under the guest's objective, in its own units: points.

The engine's table of moves shows bits; the guest's objective ranks questions by the
points they are worth to me (see :mod:`deduce.games.crime_writers.guest`), so the
console lists them with that value, the chance of "yes" (of a find, for a card named)
and the bits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from deduce.games.crime_writers.cards import Deck
from deduce.games.crime_writers.clues import Question
from deduce.games.crime_writers.counting import tables_of
from deduce.investigation import Recommendation

__all__ = ["guest_advice"]

HEADER = (
    'Questions by points net: mine this turn, less the next guest\'s after a "no" and '
    "the writer's clock, counted twice (`strategy entropy`: by bits):"
)


def guest_advice(
    recommendations: Sequence[Recommendation], deck: Deck, describe: Callable[[Question], str]
) -> str | None:
    """The questions that ``recommend(strategy="guest")`` ranked, one line each after a
    header: the objective in points, the chance of "yes" (of a find, for a card of
    ``deck`` named) and the bits; None for no question.

    Example:
        >>> from deduce.games.crime_writers import Investigation
        >>> inv = Investigation(Deck.example()).answer("how", "object", "yes")
        >>> inv = inv.answer("how", "weapon", "no").answer("how", "tool", "yes")
        >>> recs = inv.recommend(top=2, strategy="guest")
        >>> print(guest_advice(recs, inv.deck, str).splitlines()[1])
          how: Screwdriver?: +0.89 points net; a find 28%, 0.72 bits
        >>> guest_advice([], inv.deck, str) is None
        True
    """
    if not recommendations:
        return None
    cards = tables_of(deck).card  # the questions that name a card, as the objective has them
    lines = [HEADER]
    for rec in recommendations:
        question: Question = rec.action
        said = "a find" if question in cards else "yes"
        lines.append(
            f"  {describe(question)}: {rec.score:+.2f} points net; "
            f"{said} {100 * rec.outcomes.get('yes', 0.0):.0f}%, {rec.information:.2f} bits"
        )
    return "\n".join(lines)
