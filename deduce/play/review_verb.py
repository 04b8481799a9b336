"""The ``review`` command at the table: each of my moves so far beside the best move there.

The table comes from :meth:`deduce.Investigation.review`, under the strategy that ranks
the moves in the session: every move of mine (a question, and a game's other moves: an
accusation, an attempt or none, an action card, an answer, a pass), each as ``history``
lists it, with what it was expected to teach (bits; ``-`` where the game cannot count
them), the best move there and what it was expected to teach, what the answer taught,
and the luck (learned less expected); in a race (the tables of 13 Indizien, Kreuzverhör
and Black Stories Investigation) also my chance to win before each move and after its
answer, from the game's race model.

Example:
    >>> import io
    >>> from rich.console import Console
    >>> from deduce import play
    >>> from deduce.games.mastermind import Investigation
    >>> from deduce.play.session import Session
    >>> console = Console(file=io.StringIO(), width=100)
    >>> inv = Investigation(2, 3).guess("11", black=0, white=0)
    >>> session = Session(play.adapter("mastermind"), inv, console, autosave=None)
    >>> show(session, {})
    >>> "luck" in console.file.getvalue()
    True
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any

from rich.markup import escape
from rich.table import Table

from deduce._internal.language import N_, M, _
from deduce.play.grammar import Verb
from deduce.play.replies import Reply

if TYPE_CHECKING:
    from deduce.search.review import Review

    from .session import Session

__all__ = ["VERBS", "note", "reviewed", "show"]


def reviewed(session: Session) -> tuple[list[dict[str, str]], str] | None:
    """The review of the session's moves as rows of text (each move as ``history`` shows
    it, the totals last, no answer column) and the note on its columns; None when the
    review is stopped (Ctrl-C). Warnings of the review are told (notes).

    Example:
        >>> import io
        >>> from rich.console import Console
        >>> from deduce import play
        >>> from deduce.games.mastermind import Investigation
        >>> from deduce.play.session import Session
        >>> inv = Investigation(2, 3).guess("11", black=0, white=0)
        >>> session = Session(play.adapter("mastermind"), inv, Console(), autosave=None)
        >>> rows, _ = reviewed(session)
        >>> rows[0]["move"], rows[-1]["#"]
        ('11: 0 black, 0 white', 'all')
    """
    console = session.console
    try:
        with (
            warnings.catch_warnings(record=True) as caught,
            console.status(_("reviewing the moves (Ctrl-C stops)")),
        ):
            warnings.simplefilter("always")
            review = session.investigation.review(strategy=session.strategy)
    except KeyboardInterrupt:
        session.tell(Reply("note", _("review stopped")))
        return None
    for warning in caught:
        session.tell(Reply("note", str(warning.message)))
    rows = review.to_rows()
    lines = session.adapter.history(session.investigation)
    for move, row in zip(review.rows, rows, strict=False):  # the totals row keeps its blanks
        row["move"] = lines[move.number - 1]  # the clue as the history shows it
    return [{k: v for k, v in row.items() if k != "answer"} for row in rows], note(review)


def note(review: Review) -> str:
    """What the columns of a review say (in the player's language)."""
    win = (
        N_(
            "; win before/after: my chance to win before the move and after its answer, "
            "from the game's race model (an estimate, not exact like the bits)"
        )
        if review.chances
        else ""
    )
    rows = review.rows
    unknown = any(r.information is None or r.best_information is None for r in rows)
    dash = N_("; bits -: the game cannot count them") if unknown else ""
    return str(
        _(
            M(
                "(bits: what a move was expected to teach; best: the best move there, by "
                "{strategy}; learned: what the answer taught; luck: learned - bits{win}{dash})",
                strategy=review.strategy,
                win=win,
                dash=dash,
            )
        )
    )


def show(session: Session, values: dict[str, Any]) -> None:
    """Print the review of the session's moves (or say there is no move to review)."""
    console = session.console
    found = reviewed(session)
    if found is None:
        return
    rows, said = found
    if not rows:
        console.print(_(NONE))
        return
    table = Table(*(_(column) for column in rows[0]), box=None)
    for row in rows:
        table.add_row(*(escape(_(text) if column == "#" else text) for column, text in row.items()))
    console.print(table)
    console.print(escape(said))


NONE = N_("No move of yours to review yet: the review lists the moves you chose.")
"""What ``review`` says before any move of mine (translated where it is shown)."""

VERBS = (
    Verb(
        ("review",),
        (),
        N_(
            "each of your moves so far (questions, accusations, attempts, cards...)\n"
            "beside the best move there: the bits each was expected to teach, what the\n"
            "answer taught, and the luck (in a race, your chance to win before and after)"
        ),
        ("review",),
        show,
        command=True,
    ),
)
"""The verb ``review`` (a command of every session)."""
