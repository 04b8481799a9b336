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
from deduce._internal.language import N_, M, _, both
from deduce.core.info import entropy
from deduce.errors import InvalidInput
from deduce.games import bsi
from deduce.games.bsi.cards import shown
from deduce.games.bsi.race import RaceOption
from deduce.investigation import Recommendation
from deduce.play.progress import loading
from deduce.play.verbs import Rows

__all__ = [
    "CHANCES_SECONDS",
    "CHANCES_WORLDS",
    "attempt_advice",
    "attempt_choices",
    "attempt_recommendations",
    "chances",
    "choice_line",
    "final_notice",
    "final_round",
    "lay_advice",
    "move_line",
]

CHANCES_WORLDS = 32
"""The worlds the console's ``chances`` plays on (the same seed each time: the same
numbers on any machine; one to four seconds here)."""

CHANCES_SECONDS = 60.0
"""The longest the console's ``chances`` plays on (a cap for a slow machine)."""


def lay_advice(table: bsi.Table, top: int, strategy: str = "points") -> list[str]:
    """The ``top`` lays by my chance to finish first (``strategy="race"``) or by points
    expected (``"points"``), each with its points expected, the chance that it leaves a
    case certain to solve right after it, and that attempt's points."""
    ranked: list[tuple[bsi.LayOption, float | None]]
    if strategy == "race":
        ranked = [(r.lay, 100 * r.win) for r in table.race_lays()]
        heading = N_(
            "Lays by the chance to finish first (`strategy entropy`: by what the field reveals):"
        )
    else:
        ranked = [(o, None) for o in table.lay_options()]
        heading = N_("Lays by points expected (`strategy entropy`: by what the field reveals):")
    lines = [_(heading)]
    for option, win in ranked[:top]:
        certain = [
            (chance, attempt)
            for field, chance in option.outcomes.items()
            if (attempt := option.attempts[field]) is not None and attempt.probability == 1.0
        ]
        chance = sum(c for c, _attempt in certain)
        worth = sum(c * a.points for c, a in certain) / chance if chance else 0.0
        said = _LAY_LINES[win is not None, bool(chance)]
        params = {"card": shown(option.play.card), "seat": option.play.target, "win": win}
        params |= {"points": option.points, "chance": 100 * chance, "worth": worth}
        lines.append("  " + _(M(said, **params)))
    return lines


_LAY_LINES = {
    (False, True): N_(
        "lay {card} at seat {seat}: {points:.2f} points expected; "
        "{chance:.0f}% a certain case, solved for {worth:.2f} points"
    ),
    (False, False): N_(
        "lay {card} at seat {seat}: {points:.2f} points expected; no field leaves a case certain"
    ),
    (True, True): N_(
        "lay {card} at seat {seat}: {win:.0f}% to finish first, {points:.2f} points expected; "
        "{chance:.0f}% a certain case, solved for {worth:.2f} points"
    ),
    (True, False): N_(
        "lay {card} at seat {seat}: {win:.0f}% to finish first, {points:.2f} points expected; "
        "no field leaves a case certain"
    ),
}
"""A lay of :func:`lay_advice`, by whether it has a chance to finish first and whether
some field leaves a case certain."""


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
        said = M(
            "Worth solving now: seat {seat} is {case} ({p:.0f}%, {points:.2f} points expected "
            "with the {drops}-drop card): {win:.0f}% to finish first, {none:.0f}% with no "
            "attempt.",
            seat=best.target,
            case=shown(best.case),
            p=100 * best.probability,
            points=best.points,
            drops=best.drops,
            win=100 * first.win,
            none=100 * none.win,
        )
        return [_(said)]
    other = attempts[0].attempt
    assert other is not None
    said = M(
        "Better not to attempt now: {none:.0f}% to finish first with no attempt, {best:.0f}% "
        "with the best attempt (seat {seat}, the {drops}-drop card; see `attempts`).",
        none=100 * none.win,
        best=100 * attempts[0].win,
        seat=other.target,
        drops=other.drops,
    )
    return [_(said)]


def final_notice(table: bsi.Table) -> str | None:
    """What the final round says (None when it has not begun, or is over): who used their
    last investigation card, who still plays."""
    if not table.final_round or table.over:
        return None
    done = [M("seat {seat}", seat=s) for s in range(table.players) if not table.drops_left(s)]
    still = [
        M("seat {seat} (this turn)", seat=s) if s == table.turn else M("seat {seat}", seat=s)
        for s in table.final_turns
    ]
    said = M(
        "{done} used the last investigation card; the game ends when the turn is back at "
        "seat {first}. Still to play: {still}.",
        done=both(done),
        first=table.first,
        still=", ".join(_(seat) for seat in still),
    )
    return str(_(said))


def final_round(table: bsi.Table) -> list[str]:
    """The final-round notice: who used their last investigation card, who still plays."""
    notice = final_notice(table)
    return [] if notice is None else [_(M("Final round: {notice}", notice=notice))]


def choice_line(choice: RaceOption) -> str:
    """The line that makes ``choice`` at the table: ``solve SEAT CASE DROPS`` (the target's
    verdict still to add), or ``draw`` to end the turn with no attempt."""
    attempt = choice.attempt
    return move_line(None if attempt is None else (attempt.target, attempt.case, attempt.drops))


def move_line(move: tuple[int, bsi.Case, int] | None) -> str:
    """The line that makes an attempt-step move (``(seat, case, drops)``, or None for no
    attempt), as :func:`choice_line` writes it: the case in the player's language (read
    back in either).

    Example:
        >>> move_line((1, bsi.Case.parse("man/day/inside/knife"), 3)), move_line(None)
        ('solve 1 man/day/inside/knife 3', 'draw')
    """
    if move is None:
        return "draw"
    target, case, drops = move
    return f"solve {target} {shown(case)} {drops}"


def chances(table: bsi.Table) -> Rows:
    """The console's ``chances``: each of the race's best choices at my attempt step with
    its chance to win, played on in worlds drawn from my posterior for
    :data:`CHANCES_SECONDS` (a progress bar after the first second).

    Raises:
        InvalidInput: not the attempt step of my turn.
    """
    if table.over or table.turn != 0 or table.step != "attempt":
        where = N_("the game is over") if table.over else M(_WHOSE[table.step], seat=table.turn)
        expected = N_("chances at the attempt step of my turn")
        raise InvalidInput("line", "chances", expected, reason=where)
    with loading(Console(stderr=True), _("playing on")) as report:
        found = bsi.win_chances(
            table, samples=CHANCES_WORLDS, budget=CHANCES_SECONDS, progress=report
        )
    rows = tuple(
        (
            move_line(m.move),
            f"{m.chance:.0%}",
            str(_(M("{low:.0%} to {high:.0%}", low=m.low, high=m.high))),
        )
        for m in found.moves
    )
    note = M(
        "Each choice (whose case, the case, the blood-drop card) played on in {worlds} worlds "
        "the clues allow, drawn at random (the same each time: seed {seed}), every seat "
        "laying for points and attempting as the race says ({seconds:.1f} s). Choices whose "
        "intervals overlap may be as good as each other.",
        worlds=found.worlds,
        seconds=found.seconds,
        seed=found.seed,
    )
    return Rows((_("move"), _("chance to win"), _("95% interval")), rows, str(_(note)))


_WHOSE = {
    "lay": N_("it is the lay step of seat {seat}"),
    "attempt": N_("it is the attempt step of seat {seat}"),
    "draw": N_("it is the draw step of seat {seat}"),
}
"""Whose step it is, when it is not my attempt step."""


def attempt_choices(choices: Sequence[RaceOption], top: int) -> list[str]:
    """The ``top`` of ``choices`` (what ``Table.race_options`` ranks), one line each: the
    line that makes it, its chance to finish first, and for an attempt its chance to be
    right and its points expected."""
    lines = []
    for choice in choices[:top]:
        attempt, line, win = choice.attempt, _Typed(choice_line(choice)), 100 * choice.win
        if attempt is None:
            said = M(
                "{line}: {win:.0f}% to finish first, no attempt (every investigation card kept)",
                line=line,
                win=win,
            )
        else:
            said = M(
                "{line}: {win:.0f}% to finish first, {p:.0f}% right, {points:.2f} points expected",
                line=line,
                win=win,
                p=100 * attempt.probability,
                points=attempt.points,
            )
        lines.append("  " + _(said))
    return lines


class _Typed:
    """A line as the player types it, said as it is in every language (a message's
    parameter that is a ``str`` is looked up in the catalogue: ``draw`` would be said
    ``Ziehen``, which is no command).

    Example:
        >>> print(M("{line}: best", line=_Typed("draw")))
        draw: best
    """

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text

    def __format__(self, spec: str) -> str:
        return format(self.text, spec)

    def __reduce__(self) -> tuple[type[_Typed], tuple[str]]:
        return (_Typed, (self.text,))


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
