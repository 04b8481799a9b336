"""13 Indizien's part of the review: my accusations, beside the best move there.

My questions and my looks at the informant are queries (see
:meth:`Investigation.move_of`); an accusation of mine is a
:class:`~deduce.search.review.Decision` of kind ``"accusation"``: its move is the
:class:`Accusation` of the puzzle I named, with that puzzle's exact probability then,
its answer ``"right"`` or ``"wrong"``, and its information the bits of that verdict
(a wrong accusation rules the puzzle out, a right one leaves it alone). The best move
there is the one the review's strategy ranks first, as for a question: at a table, by
:data:`~deduce.games.thirteen_clues.RACE`, the accusation when
:func:`~deduce.games.thirteen_clues.advise` says to accuse, else the best question. The
other players' questions and accusations are theirs, not rows.

Example:
    >>> inv = Investigation(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")])
    >>> wrong = inv.solutions()[0]
    >>> inv = inv.accused(wrong.person, wrong.location, wrong.weapon)
    >>> (row,) = inv.review(strategy="entropy").rows
    >>> row.kind, row.answer, row.move.probability == inv.origin.probabilities()[wrong]
    ('accusation', 'wrong', True)
"""

from __future__ import annotations

from deduce._internal.entry import guard
from deduce.games.thirteen_clues.cards import Puzzle
from deduce.games.thirteen_clues.clues import (
    VERDICTS,
    Accusation,
    Accused,
    Convicted,
    accusation_move,
)
from deduce.games.thirteen_clues.investigation import Investigation
from deduce.search.review import Decision, recommended

__all__ = ["decision"]


def decision(before: object, clue: object, *, strategy: str) -> Decision | None:
    """``clue`` as a move of mine that asks no question, read on ``before`` (the
    notebook before it): my accusation, wrong (:class:`Accused`) or right
    (:class:`Convicted`, at a table); None for any other clue.

    Example:
        >>> inv = Investigation(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")])
        >>> decision(inv, Accused("Maid", "Museum", "Sword"), strategy="entropy").answer
        'wrong'
    """
    if not isinstance(before, Investigation) or not isinstance(clue, Accused | Convicted):
        return None
    puzzle = Puzzle(clue.person, clue.location, clue.weapon)
    space = before.space
    probability = before.probabilities().get(puzzle, 0.0)
    accusation = Accusation(puzzle, probability, space.size == 1 and probability == 1.0)
    move = accusation_move(accusation, space.size, float(space.total))
    best = recommended(before, strategy=strategy)
    return Decision(
        kind="accusation",
        move=accusation,
        answer=VERDICTS[0] if isinstance(clue, Convicted) else VERDICTS[1],
        information=move.information,
        best=None if best is None else best.action,
        best_score=float("nan") if best is None else float(best.score),
        best_information=None if best is None else float(best.information),
    )


guard(globals())
