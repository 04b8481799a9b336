"""The console's session as ``deduce serve`` drives it: its replies kept as data.

The page and the API read the state from the session's data, never from what the console
would print: :class:`Served` prints nothing, keeps the replies of the line at hand
(:class:`~deduce.play.replies.Reply`) and the table a command answers with, and leaves the
state to be drawn from the investigation when it is asked for.

Example:
    >>> from deduce.play import adapter
    >>> from deduce.games.mastermind import Investigation
    >>> served = Served(adapter("mastermind"), Investigation(4, 6), autosave=None)
    >>> served.handle("1122 1 0")
    >>> [(r.kind, r.clues) for r in served.replies]
    [('noted', (1,))]
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rich.console import Console

from deduce._internal.language import N_, _
from deduce.errors import InvalidInput
from deduce.investigation import Investigation
from deduce.play.adapter import Adapter
from deduce.play.grammar import Rows
from deduce.play.replies import Reply
from deduce.play.review_verb import NONE as REVIEW_NONE
from deduce.play.review_verb import VERBS as REVIEW
from deduce.play.review_verb import reviewed
from deduce.play.session import Session

__all__ = ["Served", "quiet"]


def quiet() -> Console:
    """A console whose printing goes nowhere (a spinner or a progress bar of a long
    step, drawn for a terminal)."""
    return Console(file=io.StringIO(), color_system=None, width=100)


class Served(Session):
    """The console's session that prints nothing: the replies to the line at hand are
    kept (``replies``), with the table a command answers with (``listing``) or the
    review's (``review``); the state is drawn by whoever asks for it."""

    def __init__(self, adapter: Adapter, investigation: Investigation, **options: Any) -> None:
        super().__init__(adapter, investigation, quiet(), **options)
        self.replies: list[Reply] = []
        self.review: dict[str, Any] | None = None  # the last line's review, as a table
        self.listing: dict[str, Any] | None = None  # the last command's table
        verbs = tuple(
            replace(v, do=lambda _, values: self._review()) if v in REVIEW else v
            for v in self.grammar.verbs
        )
        self.grammar = replace(self.grammar, verbs=verbs)

    def handle(self, line: str) -> None:
        """Carry out ``line``; its replies, table and review replace the last line's."""
        self.replies, self.review, self.listing = [], None, None
        super().handle(line)

    def tell(self, reply: Reply) -> None:
        self.replies.append(reply)

    def quit(self, values: Mapping[str, Any]) -> None:
        """``quit`` in any spelling the console takes (``q``, ``ex``): refused, the page
        is closed instead (the game stays saved)."""
        raise InvalidInput(
            "line", "quit", N_("a clue or a command"), reason=N_("close the page to leave")
        )

    def show(self, values: Mapping[str, Any] | None = None) -> None:
        """Nothing: the state is drawn from the investigation when it is asked for."""

    def history(self, values: Mapping[str, Any] | None = None) -> None:
        """Nothing: the state holds the history."""

    def help(self, values: Mapping[str, Any] | None = None) -> None:
        """Nothing: the page shows every line as a form, with its help."""

    def _review(self) -> None:
        """``review``: its table kept, its note a reply."""
        found = reviewed(self)
        if found is None:
            return
        rows, note = found
        if not rows:
            self.tell(Reply("note", _(REVIEW_NONE)))
            return
        self.review = {"columns": list(rows[0]), "rows": [list(r.values()) for r in rows]}
        self.review["note"] = note

    def _print(self, shown: Any) -> None:
        """A command's table is kept (its note with it); anything else is a note."""
        if shown is None:
            return
        if isinstance(shown, Rows):
            self.listing = {
                "columns": list(shown.header),
                "rows": [list(row) for row in shown.rows],
                "note": shown.note,
            }
        else:
            self.tell(Reply("note", shown if isinstance(shown, str) else str(shown)))
