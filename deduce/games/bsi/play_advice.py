"""The console's words for Black Stories Investigation's advice: the lays by points or by
the race, whether to solve now, and the final round.

At the attempt step of my turn the advice is the race's (:func:`Table.race_options`):
every choice by my chance to finish first, each written as the line that makes it
(``solve SEAT CASE DROPS``, or ``draw`` for no attempt), so that the page can offer it as
a button and the console can list it.

Example (2 players; I laid man/night at seat 1's grid, field 2):
    >>> from deduce.games import bsi
    >>> hand = ["man/day/inside/knife", "man/night", "woman/day/inside"]
    >>> t = bsi.Table(2, case="woman/night/outside/gun", hand=hand).played("man/night", 1, 2)
    >>> for line in attempt_choices(t.race_options(), 3):
    ...     print(line)
      solve 1 man/night/inside/knife 1: 43% to finish first, 25% right, 1.50 points expected
      solve 1 man/night/inside/knife 2: 39% to finish first, 25% right, 1.75 points expected
      draw: 38% to finish first, no attempt (every investigation card kept)
"""

from __future__ import annotations

from collections.abc import Sequence

from deduce.games import bsi
from deduce.games.bsi.race import RaceOption
from deduce.info import entropy
from deduce.investigation import Recommendation

__all__ = [
    "attempt_advice",
    "attempt_choices",
    "attempt_recommendations",
    "choice_line",
    "final_round",
    "lay_advice",
]


def lay_advice(table: bsi.Table, top: int, strategy: str = "points") -> list[str]:
    """The ``top`` lays by my chance to finish first (``strategy="race"``) or by points
    expected (``"points"``), each with its points expected, the chance that it leaves a
    case certain to solve right after it, and that attempt's points."""
    if strategy == "race":
        ranked = [(r.lay, f"{100 * r.win:.0f}% to finish first, ") for r in table.race_lays()]
        by = "the chance to finish first"
    else:
        ranked = [(o, "") for o in table.lay_options()]
        by = "points expected"
    lines = [f"Lays by {by} (`strategy entropy`: by what the field reveals):"]
    for option, win in ranked[:top]:
        certain = [
            (chance, attempt)
            for field, chance in option.outcomes.items()
            if (attempt := option.attempts[field]) is not None and attempt.probability == 1.0
        ]
        line = (
            f"  lay {option.play.card} at seat {option.play.target}: "
            f"{win}{option.points:.2f} points expected"
        )
        chance = sum(c for c, _ in certain)
        if chance:
            worth = sum(c * a.points for c, a in certain) / chance
            line += f"; {100 * chance:.0f}% a certain case, solved for {worth:.2f} points"
        else:
            line += "; no field leaves a case certain"
        lines.append(line)
    return lines


def attempt_advice(choices: Sequence[RaceOption]) -> list[str]:
    """Whether to solve now, by the chance to finish first (``choices``: what
    ``Table.race_options`` ranks): the attempt that wins most, or no attempt when that
    wins more than any attempt."""
    attempts = [c for c in choices if c.attempt is not None]
    if not attempts:
        return []
    none = next(c for c in choices if c.attempt is None)
    first = choices[0]
    if first.attempt is not None:
        best = first.attempt
        return [
            f"Worth solving now: seat {best.target} is {best.case} "
            f"({100 * best.probability:.0f}%, {best.points:.2f} points expected with the "
            f"{best.drops}-drop card): {100 * first.win:.0f}% to finish first, "
            f"{100 * none.win:.0f}% with no attempt."
        ]
    other = attempts[0].attempt
    assert other is not None
    return [
        f"Better not to attempt now: {100 * none.win:.0f}% to finish first with no attempt, "
        f"{100 * attempts[0].win:.0f}% with the best attempt (seat {other.target}, the "
        f"{other.drops}-drop card; see `attempts`)."
    ]


def final_round(table: bsi.Table) -> list[str]:
    """The final-round notice: who used their last investigation card, who still plays."""
    if not table.final_round or table.over:
        return []
    done = [f"seat {s}" for s in range(table.players) if not table.drops_left(s)]
    still = [f"seat {s}" + (" (this turn)" if s == table.turn else "") for s in table.final_turns]
    return [
        f"Final round: {' and '.join(done)} used the last investigation card; the game ends "
        f"when the turn is back at seat {table.first}. Still to play: {', '.join(still)}."
    ]


def choice_line(choice: RaceOption) -> str:
    """The line that makes ``choice`` at the table: ``solve SEAT CASE DROPS`` (the target's
    verdict still to add), or ``draw`` to end the turn with no attempt."""
    attempt = choice.attempt
    if attempt is None:
        return "draw"
    return f"solve {attempt.target} {attempt.case} {attempt.drops}"


def attempt_choices(choices: Sequence[RaceOption], top: int) -> list[str]:
    """The ``top`` of ``choices`` (what ``Table.race_options`` ranks), one line each: the
    line that makes it, its chance to finish first, and for an attempt its chance to be
    right and its points expected."""
    lines = []
    for choice in choices[:top]:
        said = f"  {choice_line(choice)}: {100 * choice.win:.0f}% to finish first"
        attempt = choice.attempt
        if attempt is None:
            said += ", no attempt (every investigation card kept)"
        else:
            said += (
                f", {100 * attempt.probability:.0f}% right, {attempt.points:.2f} points expected"
            )
        lines.append(said)
    return lines


def attempt_recommendations(table: bsi.Table, top: int) -> list[Recommendation]:
    """The ``top`` choices of the attempt step as ranked moves (the race's order; the score
    is the chance to finish first), each with what its verdict teaches: a right or wrong
    answer, and the most solutions either leaves."""
    choices = table.race_options()
    if all(choice.attempt is None for choice in choices):
        return []  # no investigation card left: nothing to choose
    ranked = []
    now = len(table.solutions())
    for choice in choices[:top]:
        attempt = choice.attempt
        if attempt is None:
            ranked.append(Recommendation(choice, 0.0, {"no attempt": 1.0}, now, "race", choice.win))
            continue
        p = attempt.probability
        outcomes = {verdict: c for verdict, c in (("right", p), ("wrong", 1 - p)) if c > 0}
        left = max(
            len(
                table.attempt(
                    attempt.target, attempt.case, attempt.drops, correct=verdict == "right"
                ).solutions()
            )
            for verdict in outcomes
        )
        bits = entropy(list(outcomes.values()))
        ranked.append(Recommendation(choice, bits, outcomes, left, "race", choice.win))
    return ranked
