"""The console's advice under the guest's objective, in its own units: points.

The engine's table of moves shows bits; the guest's objective ranks questions by the
points they are worth to me (see :mod:`deduce.games.crime_writers.guest`), so the
console lists them with that value, the chance of "yes" (of a find, for a card named)
and the bits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from deduce._internal.entry import guard
from deduce._internal.language import M, _
from deduce.games.crime_writers.clues import Question
from deduce.games.crime_writers.counting import tables_of
from deduce.games.crime_writers.guest import opponent_weight
from deduce.games.crime_writers.investigation import Investigation
from deduce.investigation import Recommendation

__all__ = ["guest_advice", "header"]


def header(players: int) -> str:
    """The advice's first line, for a table of ``players`` (the opponents' points weigh
    :func:`~deduce.games.crime_writers.guest.opponent_weight` of mine).

    Example:
        >>> print(header(4))  # doctest: +NORMALIZE_WHITESPACE
        Questions by points net: mine this turn, less the next guest's after a "no" and
        the writer's clock, counted twice, an opponent's point weighed 2/3 with 4 players
        (`strategy entropy`: by bits):
    """
    weight = Fraction(opponent_weight(players)).limit_denominator(players)
    if weight == 1:
        said: str = _(
            'Questions by points net: mine this turn, less the next guest\'s after a "no" and '
            "the writer's clock, counted twice (`strategy entropy`: by bits):"
        )
        return said
    said = _(
        M(
            'Questions by points net: mine this turn, less the next guest\'s after a "no" and '
            "the writer's clock, counted twice, an opponent's point weighed {weight} with "
            "{players} players (`strategy entropy`: by bits):",
            weight=weight,
            players=players,
        )
    )
    return said


def guest_advice(
    recommendations: Sequence[Recommendation],
    investigation: Investigation,
    describe: Callable[[Question], str],
) -> str | None:
    """The questions that ``investigation.recommend(strategy="guest")`` ranked, one line
    each after the :func:`header` for its table's size: the objective in points, the
    chance of "yes" (of a find, for a card of its deck named) and the bits; None for no
    question.

    Example:
        >>> from deduce.games.crime_writers import Deck
        >>> inv = Investigation(Deck.example()).answer("how", "object", "yes")
        >>> inv = inv.answer("how", "weapon", "no").answer("how", "tool", "yes")
        >>> recs = inv.recommend(top=2, strategy="guest")
        >>> print(guest_advice(recs, inv, str).splitlines()[1])
          how: Screwdriver?: +0.89 points net; a find 28%, 0.72 bits
        >>> guest_advice([], inv, str) is None
        True
    """
    if not recommendations:
        return None
    cards = tables_of(investigation.deck).card  # the questions naming a card, as it has them
    lines = [header(investigation.guest_players())]
    for rec in recommendations:
        question: Question = rec.action
        values = {
            "question": describe(question),
            "score": rec.score,
            "chance": 100 * rec.outcomes.get("yes", 0.0),
            "bits": rec.information,
        }
        if question in cards:
            line = M(
                "{question}: {score:+.2f} points net; a find {chance:.0f}%, {bits:.2f} bits",
                **values,
            )
        else:
            line = M(
                "{question}: {score:+.2f} points net; yes {chance:.0f}%, {bits:.2f} bits", **values
            )
        lines.append("  " + _(line))
    return "\n".join(lines)


guard(globals())
