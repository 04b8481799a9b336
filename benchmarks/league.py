"""The league: lone-seat games of every game's policies against each other.

A cell is a game, a table size ``n``, the policy under test and one opponent policy. Game
``g`` of a cell is the game's ``play_game`` with ``seed=g``: the policy under test sits at
seat ``g % n`` (the lone seat, so every seat is the lone seat equally often when the
count of games is a multiple of ``n``), every other seat plays the opponent. The lone
seat's share of the wins is compared with the fair share ``1/n`` through its 95% Wilson
interval. A game with several winners (a tie on points in BSI or Crime Writers) gives
each winner an equal fraction of the win (``1/k`` for ``k`` winners); a game nobody wins
(13 Indizien after 300 actions, a game master's limit) counts as a game the lone seat did
not win. The policies are in ``league_policies.py``; the cells run in parallel in a
process pool.

Run: ``python -m benchmarks.league --game bsi --players 2 --policy advised --against clock
--games 20 --workers 2`` (``--dask ADDRESS`` plays on a dask.distributed scheduler,
``--dask local`` on a local cluster of ``--workers`` processes); with no
``--policy``/``--against``/``--players``, every policy of the game against every other at
every table size. ``--append`` adds the table and its command to the measurement log,
docs/benchmarks/log.md.

Example:
    >>> [round(x, 3) for x in wilson(0, 10)]
    [0.0, 0.278]
    >>> row = play_cell("bsi", 2, "advised", "cautious", games=2, workers=1)
    >>> row.games, 0 <= row.wins <= 2
    (2, True)
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console

from benchmarks.league_policies import PANELS, PLAY, SIZES
from deduce.play.progress import loading
from deduce.table.rollouts import wilson

__all__ = ["COLUMNS", "Row", "lone_share", "main", "play_cell", "table", "wilson"]

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
"""The columns of the league's Markdown table."""

DOCS = Path(__file__).resolve().parent.parent / "docs" / "benchmarks" / "log.md"


def lone_share(winners: Sequence[int], seat: int) -> float:
    """The lone seat's part of one game's win: ``1/k`` if it is among ``k`` winners.

    Example:
        >>> lone_share((0, 2), 2), lone_share((1,), 0), lone_share((), 0)
        (0.5, 0.0, 0.0)
    """
    return 1 / len(winners) if seat in winners else 0.0


def play_one(game: str, players: int, policy: str, against: str, g: int) -> float:
    """Game ``g`` of a cell: the lone seat's part of the win."""
    panel = PANELS[game]
    seat = g % players
    lineup = [panel[policy] if s == seat else panel[against] for s in range(players)]
    record = PLAY[game](lineup, seed=g)
    return lone_share(tuple(record.winners), seat)


@dataclass(frozen=True, slots=True)
class Row:
    """One cell's result."""

    game: str
    players: int
    policy: str
    against: str
    games: int
    wins: float
    seconds: float

    def cells(self) -> tuple[str, ...]:
        """The row's entries under :data:`COLUMNS`."""
        low, high = wilson(self.wins, self.games)
        share = self.wins / self.games if self.games else 0.0
        return (
            self.game,
            str(self.players),
            self.policy,
            self.against,
            str(self.games),
            f"{self.wins:g}",
            f"{share:.3f}",
            f"{low:.3f} to {high:.3f}",
            f"{1 / self.players:.3f}",
            f"{self.seconds / max(self.games, 1):.2f}",
        )


Cell = tuple[str, int, str, str]


def play_cells(
    cells: Sequence[Cell],
    *,
    games: int,
    workers: int,
    report: Callable[[int, int], None] | None = None,
    executor: concurrent.futures.Executor | None = None,
) -> list[Row]:
    """Every cell's ``games`` games on ``executor`` (any ``concurrent.futures`` executor,
    as :func:`deduce.table.simulation` takes: a process pool, a ``dask.distributed`` client's
    ``get_executor()``); without one, in a pool of ``workers`` processes (in this process
    with one worker). ``report(done, total)`` after each game. A game's result depends only
    on its cell and number, so every executor gives the same rows."""
    jobs = [(cell, g) for cell in cells for g in range(games)]
    wins = {cell: 0.0 for cell in cells}
    started = time.perf_counter()
    done = 0
    if executor is None and workers <= 1:
        for cell, g in jobs:
            wins[cell] += play_one(*cell, g)
            done += 1
            if report:
                report(done, len(jobs))
    else:
        with contextlib.ExitStack() as stack:
            if executor is None:
                executor = stack.enter_context(
                    concurrent.futures.ProcessPoolExecutor(max_workers=workers)
                )
            futures = {executor.submit(play_one, *cell, g): cell for cell, g in jobs}
            for future in concurrent.futures.as_completed(futures):
                wins[futures[future]] += future.result()
                done += 1
                if report:
                    report(done, len(jobs))
    # the pool's wall time, shared out by games: seconds per game of the whole run
    seconds = (time.perf_counter() - started) / max(len(cells), 1)
    return [Row(*cell, games=games, wins=wins[cell], seconds=seconds) for cell in cells]


def play_cell(
    game: str, players: int, policy: str, against: str, *, games: int, workers: int = 1
) -> Row:
    """One cell of the league (see the module's docstring)."""
    return play_cells([(game, players, policy, against)], games=games, workers=workers)[0]


def table(rows: Iterable[Row]) -> str:
    """The rows as a Markdown table under :data:`COLUMNS`.

    Example:
        >>> print(table([Row("bsi", 2, "advised", "clock", 4, 3.0, 2.0)]).splitlines()[2])
        | bsi | 2 | advised | clock | 4 | 3 | 0.750 | 0.301 to 0.954 | 0.500 | 0.50 |
    """
    align = ("---", "---:", "---", "---", "---:", "---:", "---:", "---", "---:", "---:")
    lines = ["| " + " | ".join(COLUMNS) + " |", "| " + " | ".join(align) + " |"]
    lines += ["| " + " | ".join(row.cells()) + " |" for row in rows]
    return "\n".join(lines)


def cells_of(
    games: Sequence[str], players: Sequence[int], policies: Sequence[str], against: Sequence[str]
) -> list[Cell]:
    """The round robin: every game, table size, policy and opponent asked for (every
    policy against itself too: there its share should be about the fair share)."""
    cells: list[Cell] = []
    for game in games:
        panel = PANELS[game]
        sizes = [n for n in SIZES[game] if not players or n in players]
        if not sizes:
            sizes_of = ", ".join(map(str, SIZES[game]))
            raise SystemExit(f"{game} is played by {sizes_of} players, not {players}")
        mine = list(policies) or list(panel)
        theirs = list(against) or list(panel)
        for name in [*mine, *theirs]:
            if name not in panel:
                raise SystemExit(f"{game} has no policy {name!r}: {', '.join(panel)}")
        for n in sizes:
            for policy in mine:
                for other in theirs:
                    cells.append((game, n, policy, other))
    return cells


def _dask(stack: contextlib.ExitStack, address: str, workers: int) -> concurrent.futures.Executor:
    """A dask.distributed client's executor, closed with ``stack``."""
    try:
        import distributed
    except ImportError:  # pragma: no cover - the dask extra is not installed
        raise SystemExit("--dask needs dask: pip install 'deduce-notebook[dask]'") from None
    if address == "local":
        cluster = stack.enter_context(
            distributed.LocalCluster(
                n_workers=max(workers, 1), threads_per_worker=1, processes=True
            )
        )
        client = stack.enter_context(distributed.Client(cluster))
    else:
        client = stack.enter_context(distributed.Client(address))
    executor: concurrent.futures.Executor = client.get_executor()
    return executor


def main(argv: Sequence[str] | None = None) -> str:
    """Run the league from the command line; returns the table it prints."""
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.league", description=(__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("--game", action="append", choices=sorted(PANELS), default=[])
    parser.add_argument("--players", action="append", type=int, default=[])
    parser.add_argument("--policy", action="append", default=[])
    parser.add_argument("--against", action="append", default=[])
    parser.add_argument("--games", type=int, default=200, help="games per cell")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="play on a dask.distributed scheduler at ADDRESS ('local': a local cluster "
        "of --workers processes) instead of a process pool",
    )
    parser.add_argument(
        "--append",
        action="store_true",
        help="append to the measurement log, docs/benchmarks/log.md",
    )
    args = parser.parse_args(argv)
    cells = cells_of(args.game or sorted(PANELS), args.players, args.policy, args.against)
    with contextlib.ExitStack() as stack:
        executor = _dask(stack, args.dask, args.workers) if args.dask else None
        report = stack.enter_context(loading(Console(stderr=True), "league games"))
        rows = play_cells(
            cells, games=args.games, workers=args.workers, report=report, executor=executor
        )
    text = table(rows)
    print(text)
    if args.append:
        command = "python -m benchmarks.league " + " ".join(argv or sys.argv[1:])
        with DOCS.open("a", encoding="utf-8") as docs:
            docs.write(f"\n`{command}`\n\n{text}\n")
    return text


if __name__ == "__main__":
    main()
