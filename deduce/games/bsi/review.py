"""Black Stories Investigation's part of the review: my attempts and my turns without
one, beside the advice of the attempt step.

At a :class:`Table`, the cards I lay at an opponent's grid are queries (see
:meth:`Table.move_of`: the field is the answer). At the attempt step of my turn I choose
between an attempt and none, and each choice is a :class:`~deduce.search.review.Decision`:

- ``"attempt"``: my ``Solve``, answered ``"right"`` or ``"wrong"``; its information is
  the bits of that verdict (the chance that the target's case is the one named, from the
  table's joint posterior), and what it taught is counted on the cases before the target
  draws a new one after a right attempt (``learned`` and ``after``);
- ``"no attempt"``: my draw while I still held an investigation card (the move is
  ``Draw()``, its answer the card I drew); it asks nothing (0 bits).

The best choice there is the table's own advice for the attempt step: with its own
strategies (``"race"``, ``"points"``) the race's (:meth:`Table.race_options`, as
:meth:`Table.best_attempt` gives it by default), scored by my chance to finish first;
with an information strategy the one-step comparison of :meth:`Table.best_attempt`,
scored by its expected points. A best of ``Draw()`` means: no attempt. A draw after my
attempt, or with no investigation card left, is no choice and no row; the one-case
:class:`Investigation` does not know whose the cards and attempts are, and has none.

Example:
    >>> t = Table(2, case="man/night/inside/gun",
    ...           hand=["woman/night/outside/gun", "woman/knife", "man/day"])
    >>> t = t.played("woman/knife", 1, 2).attempt(1, "woman/day/inside/knife", 3, correct=False)
    >>> [(row.kind, row.answer) for row in t.review().rows]
    [('question', 2), ('attempt', 'wrong')]
"""

from __future__ import annotations

from deduce._internal.entry import guard
from deduce.core.info import binary_entropy
from deduce.games.bsi.cards import Card
from deduce.games.bsi.clues import AttemptOption, Draw, Solve
from deduce.games.bsi.table import OWN_STRATEGIES, Table
from deduce.search.review import Decision

__all__ = ["best_choice", "decision"]


def best_choice(table: Table, *, strategy: str) -> tuple[AttemptOption | Draw, float]:
    """The advice at my attempt step on ``table`` and its score: an attempt, or
    ``Draw()`` for none. With the table's own strategies, the race's best choice and my
    chance to finish first with it; else :meth:`Table.best_attempt` by ``strategy`` and
    the attempt's expected points (NaN for none).

    Raises:
        InvalidInput: not the attempt step of my turn, or an unknown strategy.

    Example:
        >>> t = Table(2, case="man/day/inside/knife",
        ...           hand=["woman/knife", "man/gun", "day/gun"]).played("woman/knife", 1, 2)
        >>> best, chance = best_choice(t, strategy="points")
        >>> best.drops, chance == t.race_options()[0].win
        (1, True)
    """
    if strategy in OWN_STRATEGIES:
        first = table.race_options()[0]
        return (Draw() if first.attempt is None else first.attempt), first.win
    option = table.best_attempt(strategy=strategy)
    return (Draw(), float("nan")) if option is None else (option, option.value)


def decision(before: object, clue: object, *, strategy: str) -> Decision | None:
    """``clue`` as a choice of mine at the attempt step, read on ``before`` (the table
    before it): my attempt, or my draw while I hold an investigation card; None for any
    other clue (see the module's text).

    Example:
        >>> t = Table(2, case="man/day/inside/knife",
        ...           hand=["woman/knife", "man/gun", "day/gun"]).played("woman/knife", 1, 2)
        >>> decision(t, Draw(), strategy="entropy").kind
        'no attempt'
    """
    if not isinstance(before, Table) or before.turn != 0 or before.step != "attempt":
        return None
    answer: str | Card | None
    if isinstance(clue, Solve):
        space = before.space
        named = space.worlds[:, clue.target - 1] == clue.case.index
        verdict = space.filter(named if clue.correct else ~named)  # before any new case
        probability = before.case_probabilities(clue.target).get(clue.case, 0.0)
        kind, answer = "attempt", ("right" if clue.correct else "wrong")
        bits: float = float(binary_entropy(probability))
        learned: float | None = space.entropy() - verdict.entropy()
        after: int | None = len(verdict.solution_rows())
    elif isinstance(clue, Draw) and before.drops_left(0):
        kind, answer, bits, learned, after = "no attempt", clue.card, 0.0, None, None
        clue = Draw()
    else:
        return None
    best, score = best_choice(before, strategy=strategy)
    best_bits = float(binary_entropy(best.probability)) if isinstance(best, AttemptOption) else 0.0
    return Decision(kind, clue, answer, bits, best, score, best_bits, learned, after)


guard(globals())
