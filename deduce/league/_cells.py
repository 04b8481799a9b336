"""The league's cells: who plays whom, the games of a cell played on any executor, and
their rows and table (see :mod:`deduce.league`)."""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass

from deduce._internal.entry import guard
from deduce._internal.validation import check_int
from deduce.errors import InvalidInput
from deduce.league._policies import PANELS, PLAY, SAME_GAMES, SIZES
from deduce.league._seeds import MEASURING
from deduce.search.memo import remembering
from deduce.table.rollouts import wilson

__all__ = [
    "COLUMNS",
    "Cell",
    "Row",
    "cells_of",
    "lone_share",
    "play_cell",
    "play_cells",
    "table",
    "usable_parts",
]

COLUMNS = (
    "game",
    "players",
    "policy",
    "against",
    "games",
    "wins",
    "share",
    "95% interval",
    "fair share",
    "s/game",
)
"""The columns of the league's table."""

MAX_GAMES = 1_000_000
"""The most games a cell plays."""


@dataclass(frozen=True, slots=True)
class Cell:
    """A game at a table size: the policy under test in the lone seat, every other seat
    the opponent.

    Example:
        >>> Cell("bsi", 2, "advised", "clock")
        Cell(game='bsi', players=2, policy='advised', against='clock')
    """

    game: str
    players: int
    policy: str
    against: str

    def __post_init__(self) -> None:
        if self.game not in PANELS:
            raise InvalidInput("game", self.game, sorted(PANELS))
        if self.players not in SIZES[self.game]:
            raise InvalidInput("players", self.players, SIZES[self.game])
        panel = PANELS[self.game]
        for argument in ("policy", "against"):
            name = getattr(self, argument)
            if name not in panel:
                raise InvalidInput(argument, name, list(panel))


def lone_share(winners: Sequence[int], seat: int) -> float:
    """The lone seat's part of one game's win: ``1/k`` if it is among ``k`` winners.

    Example:
        >>> lone_share((0, 2), 2), lone_share((1,), 0), lone_share((), 0)
        (0.5, 0.0, 0.0)
    """
    return 1 / len(winners) if seat in winners else 0.0


def _play(cells: tuple[Cell, ...], seeds: range) -> list[tuple[float, float]]:
    """Each cell's lone-seat wins over the games of ``seeds`` and the processor time they
    took: game ``g`` is the game master's deal ``g``, the lone seat at seat ``g % players``.
    The cells (of one game at one table size) play each deal one after another, their
    notebooks' advice remembered for that deal (:func:`~deduce.search.memo.remembering`):
    a start two of its games share is worked out once, its time counted in the first."""
    wins = [0.0] * len(cells)
    seconds = [0.0] * len(cells)
    for g in seeds:
        with remembering():
            for i, cell in enumerate(cells):
                started = time.process_time()
                panel = PANELS[cell.game]
                seat = g % cell.players
                lineup = [
                    panel[cell.policy] if s == seat else panel[cell.against]
                    for s in range(cell.players)
                ]
                record = PLAY[cell.game](lineup, seed=g)
                wins[i] += lone_share(tuple(record.winners), seat)
                seconds[i] += time.process_time() - started
    return list(zip(wins, seconds, strict=True))


@dataclass(frozen=True, slots=True)
class Row:
    """One cell's result: its ``games`` games from deal ``first`` on, the lone seat's
    ``wins`` and the processor time the games took (``seconds``; the table shows it per
    game).

    Example:
        >>> row = Row(Cell("bsi", 2, "advised", "clock"), games=4, wins=3.0, seconds=2.0)
        >>> row.share, row.cells()[7]
        (0.75, '0.301 to 0.954')
    """

    cell: Cell
    games: int
    wins: float
    seconds: float
    first: int = 0

    @property
    def share(self) -> float:
        """The lone seat's share of the wins."""
        return self.wins / self.games if self.games else 0.0

    def cells(self) -> tuple[str, ...]:
        """The row's entries under :data:`COLUMNS`."""
        low, high = wilson(self.wins, self.games)
        return (
            self.cell.game,
            str(self.cell.players),
            self.cell.policy,
            self.cell.against,
            str(self.games),
            f"{self.wins:g}",
            f"{self.share:.3f}",
            f"{low:.3f} to {high:.3f}",
            f"{1 / self.cell.players:.3f}",
            f"{self.seconds / max(self.games, 1):.2f}",
        )


def play_cells(
    cells: Sequence[Cell],
    *,
    games: int,
    first: int = MEASURING.start,
    executor: Executor | None = None,
    chunk: int | None = None,
    report: Callable[[int, int], None] | None = None,
    finished: Callable[[Row], None] | None = None,
    parts: Iterable[Row] = (),
    part: Callable[[Row], None] | None = None,
) -> list[Row]:
    """Every cell's ``games`` games (deals ``first`` to ``first + games - 1``; by default
    the measuring deals, :data:`~deduce.league.MEASURING`) on
    ``executor`` (any ``concurrent.futures`` executor: a process pool, a dask client's;
    None: in this process), sent in chunks of ``chunk`` deals (by default at most 25,
    about eight a cell, fewer where many cells of one game and table size play each
    deal together: about 100 games a chunk). The cells of one game at one table size
    play each deal one after another, and the start their games share is worked out
    once. A game's result depends only on its cell and deal, so every executor and
    chunk gives the same rows.

    ``report(done, total)`` is told the games played as each chunk returns,
    ``part(row)`` each cell's games of the chunk (a row of those deals),
    ``finished(row)`` each cell as its last chunk returns. ``parts``: such rows kept
    from a run stopped half way; their deals are not played again, and they count in
    their cell's row (a part that reaches outside the deals asked for, or overlaps
    another, is left out).

    Example:
        >>> rows = play_cells([Cell("bsi", 2, "advised", "random")], games=2)
        >>> rows[0].games, 0 <= rows[0].wins <= 2
        (2, True)
    """
    cells = list(cells)
    seen: set[Cell] = set()
    for cell in cells:
        if not isinstance(cell, Cell):
            raise InvalidInput("cells", cell, "Cell(game, players, policy, against)")
        if cell in seen:
            raise InvalidInput("cells", cell, "each cell once", reason="it is there twice")
        seen.add(cell)
    check_int("games", games, 1, MAX_GAMES)
    check_int("first", first, 0, 2**62)
    if chunk is not None:
        check_int("chunk", chunk, 1, MAX_GAMES)
    deals = range(first, first + games)
    wins = dict.fromkeys(cells, 0.0)
    seconds = dict.fromkeys(cells, 0.0)
    covered: dict[Cell, set[int]] = {cell: set() for cell in cells}
    for row in usable_parts(parts, cells, games=games, first=first):
        covered[row.cell].update(range(row.first, row.first + row.games))
        wins[row.cell] += row.wins
        seconds[row.cell] += row.seconds
    jobs = _jobs(cells, deals, covered, chunk)
    left = Counter(cell for together, _ in jobs for cell in together)  # chunks still out
    done = sum(len(kept) for kept in covered.values())
    rows: dict[Cell, Row] = {}

    def whole(cell: Cell) -> None:
        spent = round(seconds[cell], 3)  # as the results file keeps it
        rows[cell] = Row(cell, games, wins[cell], spent, first=first)
        if finished is not None:
            finished(rows[cell])

    def record(together: tuple[Cell, ...], seeds: range, played: list[tuple[float, float]]) -> None:
        nonlocal done
        for cell, (won, spent) in zip(together, played, strict=True):
            wins[cell] += won
            seconds[cell] += spent
            left[cell] -= 1
            if part is not None:
                part(Row(cell, len(seeds), won, round(spent, 3), first=seeds.start))
        done += len(seeds) * len(together)
        if report is not None:
            report(done, games * len(cells))
        for cell in together:
            if not left[cell]:
                whole(cell)

    for cell in cells:
        if not left[cell]:  # every deal of it kept from before
            whole(cell)
    if executor is None:
        for together, seeds in jobs:
            record(together, seeds, _play(together, seeds))
    else:
        futures = {
            executor.submit(_play, together, seeds): (together, seeds) for together, seeds in jobs
        }
        for future in as_completed(futures):
            record(*futures[future], future.result())
    return [rows[cell] for cell in cells]


def usable_parts(
    parts: Iterable[Row], cells: Sequence[Cell], *, games: int, first: int
) -> list[Row]:
    """The rows of ``parts`` that count in :func:`play_cells` for ``cells``' ``games``
    games from deal ``first``: a part of one of the cells, inside those deals, and
    overlapping no part before it.

    Example:
        >>> cell = Cell("bsi", 2, "random", "random")
        >>> parts = [Row(cell, 2, 1.0, 0.1, first=0), Row(cell, 1, 0.0, 0.1, first=1),
        ...          Row(cell, 2, 2.0, 0.1, first=2), Row(cell, 2, 1.0, 0.1, first=3)]
        >>> [row.first for row in usable_parts(parts, [cell], games=4, first=0)]
        [0, 2]
    """
    covered: dict[Cell, set[int]] = {cell: set() for cell in cells}
    usable = []
    for row in parts:
        if not isinstance(row, Row):
            raise InvalidInput("parts", row, "rows of the cells' games")
        played = range(row.first, row.first + row.games)
        kept = covered.get(row.cell)
        if kept is None or not row.games or played.start < first or played.stop > first + games:
            continue
        if kept.isdisjoint(played):
            kept.update(played)
            usable.append(row)
    return usable


def _jobs(
    cells: Sequence[Cell], deals: range, covered: dict[Cell, set[int]], chunk: int | None
) -> list[tuple[tuple[Cell, ...], range]]:
    """The chunks to play: runs of consecutive deals, each with the cells of one game and
    table size that still need every one of them."""
    groups: dict[tuple[str, int], list[Cell]] = {}
    for cell in cells:
        groups.setdefault((cell.game, cell.players), []).append(cell)
    jobs: list[tuple[tuple[Cell, ...], range]] = []
    for group in groups.values():
        size = chunk or max(1, min(25, math.ceil(len(deals) / 8), 100 // len(group)))
        start: int | None = None
        needing: tuple[Cell, ...] = ()
        for g in [*deals, None]:
            wanted = () if g is None else tuple(c for c in group if g not in covered[c])
            if start is not None and (wanted != needing or g is None or g - start == size):
                jobs.append((needing, range(start, deals.stop if g is None else g)))
                start = None
            if wanted and start is None:
                start, needing = g, wanted
    return jobs


def play_cell(cell: Cell, *, games: int, first: int = MEASURING.start) -> Row:
    """One cell's games, in this process (see :func:`play_cells`).

    Example:
        >>> play_cell(Cell("bsi", 2, "random", "random"), games=2).games
        2
    """
    return play_cells([cell], games=games, first=first)[0]


def table(rows: Iterable[Row]) -> str:
    """The rows as a Markdown table under :data:`COLUMNS`.

    Example:
        >>> row = Row(Cell("bsi", 2, "advised", "clock"), games=4, wins=3.0, seconds=2.0)
        >>> print(table([row]).splitlines()[2])
        | bsi | 2 | advised | clock | 4 | 3 | 0.750 | 0.301 to 0.954 | 0.500 | 0.50 |
    """
    align = ("---", "---:", "---", "---", "---:", "---:", "---:", "---", "---:", "---:")
    lines = ["| " + " | ".join(COLUMNS) + " |", "| " + " | ".join(align) + " |"]
    lines += ["| " + " | ".join(row.cells()) + " |" for row in rows]
    return "\n".join(lines)


def cells_of(
    games: Sequence[str] = (),
    *,
    players: Sequence[int] = (),
    policies: Sequence[str] = (),
    against: Sequence[str] = (),
) -> list[Cell]:
    """The round robin: every game, table size, policy and opponent asked for (none
    asked: all of them, but a policy that plays another's games at that size only as that
    other, :data:`~deduce.league.SAME_GAMES`; every policy against itself too, where its
    share should be about the fair share).

    Example:
        >>> len(cells_of(["kreuzverhoer"], policies=["advised"], against=["entropy", "notes"]))
        2
    """
    cells: list[Cell] = []
    for game in games or sorted(PANELS):
        if game not in PANELS:
            raise InvalidInput("games", game, sorted(PANELS))
        panel = PANELS[game]
        sizes = [n for n in SIZES[game] if not players or n in players]
        if not sizes:
            raise InvalidInput("players", list(players), SIZES[game], reason=f"for {game}")
        for argument, names in (("policies", policies), ("against", against)):
            for name in names:
                if name not in panel:
                    raise InvalidInput(argument, name, list(panel), reason=f"for {game}")
        for n in sizes:
            same = SAME_GAMES.get((game, n), {})  # asked for by name only
            for policy in policies or [p for p in panel if p not in same]:
                for other in against or [p for p in panel if p not in same]:
                    cells.append(Cell(game, n, policy, other))
    return cells


guard(globals())
