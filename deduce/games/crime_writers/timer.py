"""The round's clock of Crime Writers running on a wall clock, for the console.

The rulebook's writer scores the started minutes until the guests find the fifth element
("remember to measure the time"): :class:`Timer` reads a wall clock onto the table as
``clock`` clues, so a saved game keeps every reading and replays without it.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from deduce._internal.entry import guard
from deduce._internal.language import M, _
from deduce.games.crime_writers.investigation import Investigation
from deduce.games.crime_writers.table import Table

__all__ = ["TIMER", "Timer"]


class Timer:
    """The round's clock running on a wall clock (``timer start``): every question and
    find is timed by it, a typed ``clock M:SS`` corrects it, and it stops when the fifth
    element is found or the next story begins.

    Args:
        now: the wall clock, in seconds (``time.monotonic``; tests give their own).

    Example:
        >>> ticks = iter([100.0, 175.0])
        >>> timer = Timer(now=lambda: next(ticks))
        >>> timer.start(Table.example())
        >>> timer.stamped(Table.example()).seconds
        75.0
    """

    def __init__(self, *, now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        self.since: float | None = None  # the wall clock when the round's clock read 0
        self.base: tuple[object, ...] = ()  # the clues of the table it was started on

    def start(self, table: Table) -> None:
        """Run the clock on from the table's reading (for this table and its sequels)."""
        self.since = self.now() - table.seconds
        self.base = table.clues

    def stop(self) -> None:
        """Stop the clock (its last reading stays on the table)."""
        self.since = None

    def reading(self, table: Table) -> float:
        """The round's clock now: the wall clock's reading while running, else the table's.

        Another game (loaded in its place), or a correction before the clock started,
        stops it: it does not time a table it was not started on.
        """
        if self.since is not None and table.clues[: len(self.base)] != self.base:
            self.stop()
        if self.since is None or table.story_found:
            return table.seconds
        return max(table.seconds, float(int(self.now() - self.since)))

    def stamped(self, inv: Investigation) -> Investigation:
        """``inv`` with the running clock read onto it (a ``clock`` clue), if it moved."""
        if self.since is None or not isinstance(inv, Table) or inv.story_found:
            return inv
        at = self.reading(inv)  # (stops on another game)
        return inv.clock(at) if at > inv.seconds else inv

    def after(self, inv: Investigation) -> Investigation:
        """Stop the clock once the story is found (the rulebook's clock stops there)."""
        if isinstance(inv, Table) and inv.story_found:
            self.stop()
        return inv

    def paused(self, table: Table) -> Table:
        """``timer stop``: the clock stopped, its reading kept on the table (a ``clock``
        clue, so that the paused clock is saved and every device shows it).

        Example:
            >>> ticks = iter([100.0, 130.0, 130.0])
            >>> timer = Timer(now=lambda: next(ticks))
            >>> timer.start(Table.example())
            >>> timer.paused(Table.example()).seconds, timer.since
            (30.0, None)
        """
        stamped = self.stamped(table)
        self.stop()
        return stamped if isinstance(stamped, Table) else table

    def said(self, table: Table, action: str) -> str:
        """``timer start`` at ``table``: what the console says."""
        if table.story_found:
            said: str = _(
                "All five elements are found: the clock has stopped (`next` starts a story)."
            )
            return said
        self.start(table)
        said = _(
            M(
                "The clock runs from {clock}: questions and finds are timed by it; `clock M:SS` "
                "corrects it, `timer stop` stops it.",
                clock=_clock(table.seconds),
            )
        )
        return said

    def typed(self, table: Table, at: float) -> Table:
        """``table`` when its clock reads ``at`` (a running clock runs on from there)."""
        new = table.clock(at)
        if self.since is not None:
            self.start(new)
        return new

    def next_story(self, table: Table) -> Table:
        """The next story begins: its clock waits for ``timer start`` (its title told)."""
        new = table.next_round()
        self.stop()
        return new


def _clock(seconds: float) -> str:
    return f"{int(seconds) // 60}:{int(seconds) % 60:02d}"


TIMER = Timer()
"""The console's running clock (one game per console)."""

guard(globals())
