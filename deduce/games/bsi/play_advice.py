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

from rich.console import Console

from deduce._internal.entry import guard
from deduce.core.info import entropy
from deduce.errors import InvalidInput
from deduce.games import bsi
from deduce.games.bsi.race import RaceOption
from deduce.investigation import Recommendation
from deduce.play.progress import loading
from deduce.play.verbs import Rows

__all__ = [
    "CHANCES_SECONDS",
    "attempt_advice",
    "attempt_choices",
    "attempt_recommendations",
    "chances",
    "choice_line",
    "final_round",
    "lay_advice",
    "move_line",
]

CHANCES_SECONDS = 3.0
"""How long the console's ``chances`` plays on."""


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
    return move_line(None if attempt is None else (attempt.target, attempt.case, attempt.drops))


def move_line(move: tuple[int, bsi.Case, int] | None) -> str:
    """The line that makes an attempt-step move (``(seat, case, drops)``, or None for no
    attempt), as :func:`choice_line` writes it.

    Example:
        >>> move_line((1, bsi.Case.parse("man/day/inside/knife"), 3)), move_line(None)
        ('solve 1 man/day/inside/knife 3', 'draw')
    """
    if move is None:
        return "draw"
    target, case, drops = move
    return f"solve {target} {case} {drops}"


def chances(table: bsi.Table) -> Rows:
    """The console's ``chances``: each of the race's best choices at my attempt step with
    its chance to win, played on in worlds drawn from my posterior for
    :data:`CHANCES_SECONDS` (a progress bar after the first second).

    Raises:
        InvalidInput: not the attempt step of my turn.
    """
    if table.over or table.turn != 0 or table.step != "attempt":
        where = (
            "the game is over"
            if table.over
            else f"it is the {table.step} step of seat {table.turn}"
        )
        raise InvalidInput(
            "line", "chances", "chances at the attempt step of my turn", reason=where
        )
    with loading(Console(stderr=True), "playing on") as report:
        found = bsi.win_chances(table, budget=CHANCES_SECONDS, progress=report)
    rows = tuple(
        (move_line(m.move), f"{m.chance:.0%}", f"{m.low:.0%} to {m.high:.0%}") for m in found.moves
    )
    note = (
        f"{found.worlds} worlds drawn from my posterior, each choice played on by the "
        f"rollout bot at every seat ({found.seconds:.1f} s, seed {found.seed})"
    )
    return Rows(("move", "chance to win", "95% interval"), rows, note)


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


guard(globals())
