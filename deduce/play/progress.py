"""A progress display for work that may take a while: nothing is shown for the first
second, then a bar with the count done and the time left.

Example:
    >>> import io
    >>> from rich.console import Console
    >>> console = Console(file=io.StringIO())
    >>> with loading(console, "reading the clues") as report:
    ...     for done in range(3):
    ...         report(done + 1, 3)
    >>> console.file.getvalue()  # quick: nothing shown
    ''
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeRemainingColumn,
)

__all__ = ["loading"]

Report = Callable[[int, int], None]


@contextlib.contextmanager
def loading(console: Console, what: str, *, after: float = 1.0) -> Iterator[Report]:
    """A ``report(done, total)`` for the block; once the block has run for ``after``
    seconds, a progress bar labelled ``what`` follows the reports (and is removed at the
    end)."""
    started = time.monotonic()
    shown: list[tuple[Progress, TaskID]] = []

    def report(done: int, total: int) -> None:
        if not shown:
            if time.monotonic() - started < after:
                return
            bar = Progress(
                TextColumn(what),
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=console,
                transient=True,
            )
            bar.start()
            shown.append((bar, bar.add_task(what, total=total)))
        bar, task = shown[0]
        bar.update(task, completed=done, total=total)

    try:
        yield report
    finally:
        if shown:
            shown[0][0].stop()
