"""The console's session as ``deduce serve`` drives it: what it prints is recorded.

A page asks for the state when it is drawn, so :class:`Served` keeps a mark in its
transcript where the console would redraw the state, and :meth:`Served.shown` prints the
state on demand into a :class:`Recorder`.

Example:
    >>> recorder = Recorder()
    >>> recorder.console.print("a clue")
    >>> recorder.take()
    'a clue'
    >>> recorder.take()
    ''
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rich.console import Console
from rich.markup import escape

from deduce.errors import InvalidInput
from deduce.play.grammar import Rows
from deduce.play.review_verb import NONE as REVIEW_NONE
from deduce.play.review_verb import VERBS as REVIEW
from deduce.play.review_verb import reviewed
from deduce.play.session import Session

__all__ = ["Recorder", "Served"]


class Recorder:
    """A console that keeps what is printed, as plain text."""

    def __init__(self) -> None:
        self.buffer = io.StringIO()
        self.console = Console(
            file=self.buffer,
            width=100,
            soft_wrap=True,
            color_system=None,
            highlight=False,
            emoji=False,
        )

    def take(self) -> str:
        text = self.buffer.getvalue()
        self.buffer.seek(0)
        self.buffer.truncate()
        return text.rstrip()


class Served(Session):
    """The console's session whose state is redrawn only when a page asks for it: where
    the console redraws the state after a line, the transcript keeps a mark (None)."""

    transcript: list[str | None]
    review: dict[str, Any] | None = None  # the last line's review, as a table
    listing: dict[str, Any] | None = None  # the last command's table (not the review's)

    def __init__(self, *args: Any, **options: Any) -> None:
        super().__init__(*args, **options)
        verbs = tuple(
            replace(v, do=lambda _, values: self._review()) if v in REVIEW else v
            for v in self.grammar.verbs
        )
        self.grammar = replace(self.grammar, verbs=verbs)

    def quit(self, values: Mapping[str, Any]) -> None:
        """``quit`` in any spelling the console takes (``q``, ``ex``): refused, the page
        is closed instead (the game stays saved)."""
        raise InvalidInput("line", "quit", "a clue or a command", reason="close the page to leave")

    def _review(self) -> None:
        """``review``: its table kept for the page, its note said."""
        found = reviewed(self)
        if found is None:
            return
        rows, note = found
        if not rows:
            self.console.print(escape(REVIEW_NONE))
            return
        self.review = {"columns": list(rows[0]), "rows": [list(r.values()) for r in rows]}
        self.review["note"] = note
        self.console.print(escape(note))

    def _print(self, shown: Any) -> None:
        """A command's table is kept for the page (its note said); anything else is
        printed as the console prints it."""
        if not isinstance(shown, Rows):
            super()._print(shown)
            return
        self.listing = {
            "columns": list(shown.header),
            "rows": [list(row) for row in shown.rows],
            "note": shown.note,
        }
        if shown.note:
            self.console.print(escape(shown.note))

    def show(self, values: Mapping[str, Any] | None = None) -> None:
        recorder: Recorder = self.recorder  # type: ignore[attr-defined]
        self.transcript += [recorder.take(), None]

    def shown(self) -> str:
        """The state as :meth:`Session.show` prints it (the advice cached per state)."""
        recorder, console = Recorder(), self.console
        self.console = recorder.console
        try:
            Session.show(self)
        finally:
            self.console = console
        return recorder.take()
