"""A review of every move, written once for every game: each of my moves beside the best.

Two kinds of moves are reviewed. A *question* is a clue that answers a query I chose
(the game's :meth:`~deduce.core.hooks.Hooks.move_of` says which): the state before it is
taken from the investigation's :attr:`~deduce.Investigation.lineage` and the move is
set beside the best move there under a strategy (the one
:meth:`~deduce.Investigation.recommend` lists first), with the information each was
expected to give, the information the answer gave, and the luck: what the answer taught
minus what was expected. Every number of information is exact, from the partition of the
space before the move; nothing is sampled.

Every other move of mine is a :class:`Decision` that the game reads off its clue (the
function its declaration names as ``decisions``): an accusation in 13 Indizien, an
attempt or no attempt in Black Stories Investigation, an action card or an answer in
Kreuzverhör, a pass in Crime Writers. The game says what the move was, its answer, the
bits it was expected to give (None where the game cannot count them: a card whose text
the rulebook does not give), and the best move there by the game's own advice (the same
ranking as for a question, or the advice of the step: attempt or draw, which card).
Moves of the other players are never rows.

In a race (a game whose :meth:`~deduce.core.hooks.Hooks.win_chance` answers: 13 Indizien's,
Kreuzverhör's and Black Stories Investigation's tables) each move also gets my chance to
win before it and after its answer, from the game's own race model, computed once per
state of the lineage. Those chances are the model's (13 Indizien: the others' chances
from a seeded draw of deals, my plan after the next turn a lower bound; Kreuzverhör:
paces exact only for small case files, a tie-break counted as half a win; Black Stories
Investigation: later attempts right with a fixed chance), not exact like the bits;
without a race model they are None and the review shows no column for them.

Example:
    >>> from deduce.games.mastermind import Investigation
    >>> inv = Investigation(2, 3).guess("11", black=0, white=0).guess("23", black=1, white=0)
    >>> [(row.number, str(row.move), row.before, row.after) for row in inv.review().rows]
    [(1, '11', 9, 4), (2, '23', 4, 2)]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from deduce._internal.entry import guard
from deduce._internal.language import N_, _
from deduce._internal.reprs import rounded_repr
from deduce.core.strategy import information
from deduce.errors import DeduceError, InvalidInput

if TYPE_CHECKING:
    from deduce.investigation import Investigation
    from deduce.search.ranking import Recommendation

__all__ = ["QUESTION", "Decision", "MoveReview", "Review", "recommended", "review"]

QUESTION = "question"
"""The kind of a move that answers a query (a guess, a question, a lay, a look at the
informant): its answer is one of the query's outcomes."""

_HEADS = (
    N_("move"),
    N_("answer"),
    N_("bits"),
    N_("best"),
    N_("best bits"),
    N_("learned"),
    N_("luck"),
    N_("solutions"),
    N_("win before"),
    N_("win after"),
)  # the columns of Review.to_rows, said in the player's language where they are shown


@dataclass(frozen=True, slots=True)
class MoveReview:
    """One of my moves, beside the best move there.

    Attributes:
        number: the clue's number, as the ``history`` numbers it (the first is 1).
        move: the move I made: the query, or for another kind of move what the game
            names it (13 Indizien's :class:`~deduce.games.thirteen_clues.Accusation`, a
            Black Stories Investigation ``Solve``...).
        answer: its answer, as the game labels it (an accusation or an attempt:
            ``"right"`` or ``"wrong"``; None: the move has none).
        best: the best move there under the review's strategy, by the game's own advice
            (None: the game offered none, or cannot say: a Kreuzverhör card whose hand
            is not followed).
        best_score: the best move's score under that strategy (NaN: none).
        information: the bits my move was expected to give about the solution (0.0 for
            a move that asks nothing; None: the game cannot count them).
        best_information: the bits the best move was expected to give (None likewise).
        learned: the bits the answer gave: the entropy of the solution before less after
            (``log2(before / after)`` when the solutions are equally likely).
        before: how many solutions there were before the move.
        after: how many were left after the answer.
        chance_before: my chance to win before the move, from the game's race model
            (:meth:`~deduce.core.hooks.Hooks.win_chance`; None: the game has none there).
        chance_after: my chance to win after the answer (None likewise).
        kind: what kind of move it is: :data:`QUESTION`, or the game's word for a
            :class:`Decision` (``"accusation"``, ``"attempt"``, ``"card"``...).

    Example:
        >>> row = MoveReview(1, "11", (0, 0), "12", 1.0, 0.99, 1.5, 1.17, 9, 4)
        >>> round(row.luck, 2), row.kind
        (0.18, 'question')
    """

    number: int
    move: object
    answer: object
    best: object
    best_score: float
    information: float | None
    best_information: float | None
    learned: float
    before: int
    after: int
    chance_before: float | None = None
    chance_after: float | None = None
    kind: str = QUESTION

    def __repr__(self) -> str:
        return rounded_repr(self)

    @property
    def luck(self) -> float | None:
        """What the answer taught minus what the move was expected to teach, in bits
        (None when the game cannot count what the move was expected to teach)."""
        return None if self.information is None else self.learned - self.information

    @property
    def shortfall(self) -> float | None:
        """The bits the best move was expected to give beyond mine (0 or more when
        the strategy ranks by information; None when either is not counted)."""
        if self.information is None or self.best_information is None:
            return None
        return self.best_information - self.information


@dataclass(frozen=True, slots=True)
class Decision:
    """A move of mine that answers no query, as its game reads it off the clue for the
    review (see the module's text).

    Attributes:
        kind: the game's word for the move: ``"accusation"`` (13 Indizien),
            ``"attempt"`` and ``"no attempt"`` (Black Stories Investigation),
            ``"card"``, ``"defence"`` and ``"answer"`` (Kreuzverhör), ``"question"``,
            ``"find"`` and ``"pass"`` (Crime Writers).
        move: the move, as the game names it.
        answer: its answer (None: none).
        information: the bits it was expected to give about the solution (0.0 for a move
            that asks nothing; None: the game cannot count them).
        best: the best move there by the game's own advice (None: none, or the game
            cannot say).
        best_score: that move's score under the review's strategy (NaN: none).
        best_information: the bits the best move was expected to give (None: not
            counted).
        learned: the bits the answer gave, where the game counts them otherwise than
            the entropy before the clue less after it (a right attempt in Black Stories
            Investigation: the case named, before the target draws a new one); None:
            from the states before and after the clue.
        after: the solutions left after the answer, counted as ``learned`` is (None:
            those of the state after the clue).

    Example:
        >>> Decision("pass", "pass", None, 0.0, None, float("nan"), None).learned is None
        True
    """

    kind: str
    move: object
    answer: object
    information: float | None
    best: object
    best_score: float
    best_information: float | None
    learned: float | None = None
    after: int | None = None


@dataclass(frozen=True, slots=True)
class Review:
    """Every move of mine in a game, in order, with the totals.

    Attributes:
        rows: one :class:`MoveReview` per move of mine.
        strategy: the strategy that chose the best moves.

    Example:
        >>> Review((), "entropy").learned
        0.0
    """

    rows: tuple[MoveReview, ...]
    strategy: str

    @property
    def chances(self) -> bool:
        """Whether the game gave a chance to win at some move (the review then shows
        the columns ``win before`` and ``win after``)."""
        return any(r.chance_before is not None or r.chance_after is not None for r in self.rows)

    @property
    def information(self) -> float:
        """The bits my moves were expected to give, in all (the moves the game counts)."""
        return sum((row.information for row in self.rows if row.information is not None), 0.0)

    @property
    def best_information(self) -> float:
        """The bits the best moves were expected to give, in all (those counted)."""
        return sum((r.best_information for r in self.rows if r.best_information is not None), 0.0)

    @property
    def learned(self) -> float:
        """The bits the answers gave, in all."""
        return sum((row.learned for row in self.rows), 0.0)

    @property
    def luck(self) -> float:
        """The luck of every move the game counts, in all: :attr:`learned` less
        :attr:`information` over those moves."""
        return sum((row.luck for row in self.rows if row.luck is not None), 0.0)

    def to_rows(self) -> list[dict[str, str]]:
        """The moves as rows of text for display, the totals last (none without a move);
        in a race, the chances to win before and after each move too (``-``: none there;
        in the bits, ``-``: not counted).

        Example:
            >>> Review((), "entropy").to_rows()
            []
        """
        rows = [
            {
                "#": str(row.number),
                "move": str(row.move),
                "answer": _text(row.answer),
                "bits": _bits(row.information),
                "best": "-" if row.best is None else str(row.best),
                "best bits": _bits(row.best_information),
                "learned": _bits(row.learned),
                "luck": _bits(row.luck, sign=True),
                "solutions": f"{row.before} -> {row.after}",
            }
            for row in self.rows
        ]
        if self.chances:
            for text, row in zip(rows, self.rows, strict=True):
                text["win before"] = _chance(row.chance_before)
                text["win after"] = _chance(row.chance_after)
        if rows:
            total = {"#": N_("all"), "move": "", "answer": "", "best": ""}
            total["bits"] = _bits(self.information)
            total["best bits"] = _bits(self.best_information)
            total["learned"] = _bits(self.learned)
            total["luck"] = _bits(self.luck, sign=True)
            total["solutions"] = f"{self.rows[0].before} -> {self.rows[-1].after}"
            total["win before"] = _chance(self.rows[0].chance_before)
            total["win after"] = _chance(self.rows[-1].chance_after)
            rows.append({name: total[name] for name in rows[0]})  # the columns' order
        return rows

    def __repr__(self) -> str:
        moves = f"{len(self.rows)} move{'s' if len(self.rows) != 1 else ''}"
        return (
            f"<Review of {moves} by {self.strategy}: learned {_bits(self.learned)} bits, "
            f"luck {_bits(self.luck, sign=True)}>"
        )

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        from deduce.output.notebook import review_html

        return review_html(self)

    def __str__(self) -> str:
        rows = self.to_rows()
        if not rows:
            return str(_("No move of mine to review yet."))
        names = tuple(rows[0])
        heads = {n: str(_(n)) for n in names}
        rows = [{**r, "#": str(_(r["#"]))} for r in rows]  # the totals' "all"
        widths = {n: max(len(heads[n]), *(len(r[n]) for r in rows)) for n in names}
        lines = ["  ".join(heads[n].ljust(widths[n]) for n in names).rstrip()]
        lines += ["  ".join(r[n].ljust(widths[n]) for n in names).rstrip() for r in rows]
        from deduce.output.notebook import review_legend

        lines.append(f"({review_legend(self)})")
        return "\n".join(lines)


def _bits(value: float | None, *, sign: bool = False) -> str:
    """``value`` to two places, with no minus sign on what rounds to zero (``-``: None)."""
    if value is None:
        return "-"
    text = f"{value:+.2f}" if sign else f"{value:.2f}"
    if text.lstrip("+-") == "0.00":
        return "+0.00" if sign else "0.00"
    return text


def _chance(chance: float | None) -> str:
    return "-" if chance is None else f"{chance:.1%}"


def _text(answer: object) -> str:
    if isinstance(answer, tuple):
        return "/".join("-" if a is None else str(a) for a in answer)
    return "-" if answer is None else str(answer)


def recommended(investigation: Investigation, *, strategy: str) -> Recommendation | None:
    """The move that ``strategy`` ranks first on ``investigation`` (what the review sets
    beside a question there), or None when the game offers no move there.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> str(recommended(Investigation(2, 3), strategy="entropy").action)
        '12'
    """
    try:
        top = investigation.recommend(top=1, strategy=strategy)
    except DeduceError:  # the game offers no move there
        return None
    return top[0] if top else None


def review(investigation: Investigation, *, strategy: str | None = None) -> Review:
    """Each of ``investigation``'s moves of mine (the clues that answer a query, and the
    game's :class:`Decision` of every other move of mine) beside the best.

    Args:
        investigation: a finished or running game.
        strategy: the strategy that chooses the best move (default: the game's
            ``default_strategy``).

    Raises:
        InvalidInput: an unknown strategy.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> inv = Investigation(2, 3).guess("12", black=0, white=0)
        >>> row = review(inv, strategy="entropy").rows[0]
        >>> str(row.best), row.before, row.after, row.learned == row.information
        ('12', 9, 1, False)
    """
    name = investigation.check_strategy(
        investigation.default_strategy if strategy is None else strategy
    )
    lineage = investigation.lineage
    decide = _decisions(investigation)
    chances: dict[int, float | None] = {}  # each state's chance to win, computed once

    def chance(k: int) -> float | None:
        if k not in chances:
            found = lineage[k].win_chance()
            chances[k] = None if found is None else float(found)
        return chances[k]

    rows = []
    for number, clue in enumerate(investigation.clues, 1):
        before, after = lineage[number - 1], lineage[number]
        move = before.move_of(clue)
        if move is not None:
            row = _row(before, after, number, move, name)
        else:
            decision = None if decide is None else decide(before, clue, strategy=name)
            if decision is None:
                continue
            row = _decided(before, after, number, decision)
        rows.append(replace(row, chance_before=chance(number - 1), chance_after=chance(number)))
    return Review(tuple(rows), name)


def _decisions(investigation: Investigation) -> Callable[..., Decision | None] | None:
    """The function that reads a game's other moves of mine (its declaration's
    ``decisions``), or None: a game that declares none, or none by that name."""
    from deduce.core import registry

    try:
        game = registry.find(investigation.game)
    except InvalidInput:  # a custom game of no declaration
        return None
    if game.decisions is None:
        return None
    decide: Callable[..., Decision | None] = game.load(game.decisions)
    return decide


def _row(
    before: Investigation,
    after: Investigation,
    number: int,
    move: tuple[object, int],
    strategy: str,
) -> MoveReview:
    query, k = move
    best = recommended(before, strategy=strategy)
    bits = float(information(before.partition(before.space, [query]))[0])
    return MoveReview(
        number=number,
        move=query,
        answer=before.outcome_label(query, k),
        best=None if best is None else best.action,
        best_score=float("nan") if best is None else float(best.score),
        information=bits,
        best_information=0.0 if best is None else float(best.information),
        learned=before.space.entropy() - after.space.entropy(),
        before=before.solution_count,
        after=after.solution_count,
    )


def _decided(
    before: Investigation, after: Investigation, number: int, decision: Decision
) -> MoveReview:
    learned = decision.learned
    if learned is None:
        learned = before.space.entropy() - after.space.entropy()
    return MoveReview(
        number=number,
        move=decision.move,
        answer=decision.answer,
        best=decision.best,
        best_score=float(decision.best_score),
        information=decision.information,
        best_information=decision.best_information,
        learned=learned,
        before=before.solution_count,
        after=after.solution_count if decision.after is None else decision.after,
        kind=decision.kind,
    )


guard(globals())
