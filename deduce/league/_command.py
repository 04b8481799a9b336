"""``deduce league`` (and ``python -m deduce.league``): the league from the command line
(its options are :mod:`deduce.cli`'s), with a progress bar, on any executor, each cell
written to a results file as it finishes so that a run stopped half way goes on where it
stopped."""

from __future__ import annotations

import argparse
import contextlib
import errno
import functools
import json
from pathlib import Path
from typing import TextIO

from rich.console import Console

from deduce._internal.entry import guard
from deduce._internal.reading import Unreadable, read_regular
from deduce._internal.validation import check_bool, check_int
from deduce.errors import InvalidInput
from deduce.league._cells import (
    MAX_GAMES,
    Cell,
    Row,
    cells_of,
    play_cells,
    table,
    usable_parts,
)
from deduce.play.progress import loading
from deduce.table.executors import executor

__all__ = ["parts_of", "read_results", "run"]

RESULTS_LIMIT = 64 * 2**20
"""The largest results file read back."""


def read_results(path: Path | str, *, parts: bool = False) -> list[Row]:
    """The rows of a results file (none when it does not exist yet): the whole cells, or
    with ``parts`` the chunks of cells written as they returned (``"part": true``).

    Raises:
        InvalidInput: the file cannot be read, or a line is not a row the league wrote
            (named by its number).
    """
    check_bool("parts", parts)
    whole, chunks = _read(path)
    return chunks if parts else whole


def _read(path: Path | str) -> tuple[list[Row], list[Row]]:
    """The whole cells and the chunks of a results file (see :func:`read_results`)."""
    try:
        data = read_regular(Path(path), limit=RESULTS_LIMIT, argument="--results")
    except Unreadable as error:
        if error.errno == errno.ENOENT:  # not written yet: no cell played
            return [], []
        raise
    text = data.decode("utf-8", "replace")
    whole: list[Row] = []
    chunks: list[Row] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            cell = Cell(data["game"], data["players"], data["policy"], data["against"])
            part = data.get("part", False)
            if not isinstance(part, bool):
                raise ValueError("part is true or false")
            games, wins, seconds, first = (
                data["games"],
                data["wins"],
                data["seconds"],
                data["first"],
            )
            if not (
                all(isinstance(v, int) and not isinstance(v, bool) for v in (games, first))
                and all(isinstance(v, (int, float)) for v in (wins, seconds))
                and 0 <= wins <= games
            ):
                raise ValueError("games, wins, seconds or first out of place")
        except (ValueError, KeyError, TypeError, InvalidInput) as error:
            raise InvalidInput(
                "--results",
                str(path),
                "a results file the league wrote (one cell a line)",
                reason=f"line {number}: {error}",
            ) from None
        (chunks if part else whole).append(
            Row(cell, games, float(wins), float(seconds), first=first)
        )
    return whole, chunks


def _line(row: Row, *, part: bool = False) -> str:
    cell = row.cell
    return json.dumps(
        ({"part": True} if part else {})
        | {
            "game": cell.game,
            "players": cell.players,
            "policy": cell.policy,
            "against": cell.against,
            "games": row.games,
            "first": row.first,
            "wins": row.wins,
            "seconds": round(row.seconds, 3),
        }
    )


def _opened(path: Path | None, option: str, stack: contextlib.ExitStack) -> TextIO | None:
    """``path`` opened to append to (None: no such option given)."""
    if path is None:
        return None
    try:
        return stack.enter_context(path.open("a", encoding="utf-8"))
    except (OSError, ValueError) as error:  # ValueError: a NUL in the name
        why = getattr(error, "strerror", None) or str(error)
        raise InvalidInput(option, str(path), "a file that can be written", reason=why) from None


_OPTIONS = {
    "games": "--game",
    "players": "--players",
    "policies": "--policy",
    "against": "--against",
}
"""The options of :func:`cells_of`'s arguments."""


def _command_line(args: argparse.Namespace) -> str:
    """The command that runs the league of ``args`` again."""
    words = ["deduce league"]
    for option in ("game", "players", "policy", "against"):
        words += [f"--{option} {value}" for value in getattr(args, option)]
    words += [f"--games {args.games}", f"--first {args.first}"]
    if args.executor != "process":
        words.append(f"--executor {args.executor}")
    words += [f"--{o} {getattr(args, o)}" for o in ("workers", "scheduler") if getattr(args, o)]
    return " ".join(words)


def run(args: argparse.Namespace, console: Console) -> int:
    """The league of the parsed options (``deduce league --help``): prints the table.

    Raises:
        InvalidInput: an unknown game, table size or policy; a results file the league
            did not write, or a file that cannot be written.
    """
    check_int("--games", args.games, 1, MAX_GAMES)
    check_int("--first", args.first, 0, 2**62)
    try:
        cells = cells_of(
            args.game, players=args.players, policies=args.policy, against=args.against
        )
    except InvalidInput as error:  # named as the option is typed
        option = _OPTIONS.get(error.argument, error.argument)
        expected = error.choices or error.expected
        raise InvalidInput(option, error.value, expected, reason=error.reason) from None
    kept: dict[Cell, Row] = {}
    found: list[Row] = []
    journal = None if args.results is None else parts_of(args.results)
    if journal is not None:
        whole, found = _read(args.results)
        for row in whole:
            if row.games == args.games and row.first == args.first:
                kept[row.cell] = row
        found += read_results(journal, parts=True)
    wanted = [cell for cell in cells if cell not in kept]
    if kept:
        done = len(cells) - len(wanted)
        console.print(f"{done} of {len(cells)} cells already in {args.results}", markup=False)
    parts = usable_parts(found, wanted, games=args.games, first=args.first)
    begun = sum(row.games for row in parts)
    if begun:
        console.print(f"{begun} games of the other cells already in {args.results}", markup=False)
    with contextlib.ExitStack() as stack:
        results = _opened(args.results, "--results", stack)
        chunks = _opened(journal if wanted else None, "--results", stack)
        log = _opened(args.markdown, "--markdown", stack)

        def write(row: Row, *, part: bool = False) -> None:
            written = chunks if part else results
            if written is not None:
                written.write(_line(row, part=part) + "\n")
                written.flush()

        played: list[Row] = []
        if wanted:  # no pool or cluster started for a run already whole in its results
            running = stack.enter_context(
                executor(args.executor, workers=args.workers, scheduler=args.scheduler)
            )
            report = stack.enter_context(loading(Console(stderr=True), "league games", after=0))
            played = play_cells(
                wanted,
                games=args.games,
                first=args.first,
                executor=running,
                report=report,
                finished=write,
                parts=parts,
                part=functools.partial(write, part=True),
            )
        rows = {**kept, **{row.cell: row for row in played}}
        text = table(rows[cell] for cell in cells)
        if log is not None:
            log.write(f"\n`{_command_line(args)}`\n\n{text}\n")
    if journal is not None and chunks is not None:  # every cell whole: its chunks kept no longer
        journal.unlink(missing_ok=True)
    console.print(text, highlight=False, markup=False, soft_wrap=True)
    return 0


def parts_of(results: Path | str) -> Path:
    """The file beside ``results`` where a run writes each chunk's games as they return
    (``RESULTS.parts``), until every cell it plays is whole and written to ``results``.

    Example:
        >>> parts_of("league.jsonl").name
        'league.jsonl.parts'
    """
    path = Path(results)
    if not path.name:
        raise InvalidInput("results", str(results), "a results file's path")
    return path.with_name(path.name + ".parts")


guard(globals())
