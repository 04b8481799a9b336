"""The whole league on measuring deals, its table written into docs/benchmarks.md.

Plays with ``deduce league`` every game at every table size: the default advice
(``advised``) against every policy of the game's panel, or with ``--round-robin`` every
policy against every policy; 200 games a cell (40 at 13 Indizien's and Cluedo's 5 and 6
players), from deal 1,000,000 on (:data:`deduce.league.MEASURING`: no constant was ever
chosen on those deals). Each cell is appended to ``benchmarks/results/league-COMMIT.jsonl`` as it
finishes (COMMIT: the code played, ``git describe --always --dirty``), so a run stopped
half way goes on where it stopped, and a cell already there is not played again. Then
the section between the league's markers in docs/benchmarks.md is written from that file
(``--table``: only that, nothing played, from the newest results file or ``--results``,
which may be given again: each table size of each game from the last of the files that
holds it, named by its commit):
for each game and table size, the default's
share of the wins against each policy, its 95% interval, the fair share, and whether it
is above, at or below it.

Run: ``python -m benchmarks.league [--round-robin] [--game GAME] [--workers N]
[--without-search] [--table] [--results FILE]`` (``--without-search``: the cells with a
search at some seat left out). ``--estimate DEALS`` plays only the first DEALS games of
every cell (into ``benchmarks/results/estimate-COMMIT.jsonl``, or ``--results``; the docs
are left as they are) and prints the whole run's processor time estimated from them: each
game's and table size's time scaled to its games a cell.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from deduce.league import MEASURING, PANELS, SAME_GAMES, SIZES, Cell, Row, read_results
from deduce.table.rollouts import wilson

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
DOCS = ROOT / "docs" / "benchmarks.md"
BEGIN = "<!-- league: written by python -m benchmarks.league; do not edit by hand -->"
END = "<!-- end of league -->"
LOG = ROOT / "docs" / "benchmarks" / "log.md"
ROUND_BEGIN = "<!-- round robins: written by python -m benchmarks.league; do not edit by hand -->"
ROUND_END = "<!-- end of round robins -->"

GAMES = 200
"""Games a cell."""

FEWER = {
    ("thirteen-clues", 5): 40,
    ("thirteen-clues", 6): 40,
    ("cluedo", 5): 40,
    ("cluedo", 6): 40,
}
"""Cells that play fewer games (their games are long)."""

SEARCHES = ("search",)
"""The policies played last, and against the default only: a search plays on in sampled
worlds at every decision."""


def games_of(game: str, players: int) -> int:
    """The games of a cell of ``game`` at ``players``."""
    return FEWER.get((game, players), GAMES)


def commit() -> str:
    """The code played: the commit, ``-dirty`` when the checkout has changes."""
    found = subprocess.run(
        ["git", "describe", "--always", "--dirty", "--abbrev=7"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    return found.stdout.strip() or "unknown"


def play(
    games: Sequence[str],
    results: Path,
    *,
    round_robin: bool,
    workers: int | None,
    searches: bool = True,
    deals: int | None = None,
) -> int:
    """Every cell of ``games`` not in ``results`` yet, with ``deduce league``: the cells
    against every policy but the searches first, at every table size, then those
    against the searches (their games take seconds each), unless not ``searches``;
    ``deals`` games a cell instead of the whole run's (:func:`games_of`)."""
    from deduce.cli import main

    for slow in (False, True) if searches else (False,):
        for game in games:
            for n in SIZES[game]:
                for policies, against in _groups(game, n, round_robin=round_robin, slow=slow):
                    words = ["league", "--game", game, "--players", str(n)]
                    played = deals or games_of(game, n)
                    words += ["--games", str(played), "--first", str(MEASURING.start)]
                    words += ["--results", str(results)]
                    for other in against:
                        words += ["--against", other]
                    for policy in policies:
                        words += ["--policy", policy]
                    if workers:
                        words += ["--workers", str(workers)]
                    status = main(words)
                    if status:
                        return status
    return 0


def _played(game: str, n: int) -> list[str]:
    """The policies of ``game`` played at ``n`` players: a policy that plays another's
    games move for move (``SAME_GAMES``) is played once, under the other's name."""
    same = SAME_GAMES.get((game, n), {})
    return [p for p in PANELS[game] if p not in same]


def _groups(
    game: str, n: int, *, round_robin: bool, slow: bool
) -> list[tuple[list[str], list[str]]]:
    """The cells of ``game`` at ``n`` players in one pass, as (policies, opponents) pairs
    whose every combination is a cell (of :func:`_played`): with ``slow``, the cells
    with a search at some seat; without, the others. A search meets the default only
    (both ways in the round robin): it is a policy kept for study, not one of the
    table's choices, and its games take seconds each."""
    names = _played(game, n)
    quick = [p for p in names if p not in SEARCHES]
    searches = [p for p in names if p in SEARCHES]
    policies = quick if round_robin else ["advised"]
    if not slow:
        groups = [(policies, quick)]
    else:
        groups = [(["advised"], searches)]
        groups += [(searches, ["advised"])] if round_robin else []
    return [(mine, theirs) for mine, theirs in groups if mine and theirs]


def _verdict(row: Row) -> str:
    low, high = wilson(row.wins, row.games)
    fair = 1 / row.cell.players
    if low > fair:
        return "above"
    if high < fair:
        return "**below**"
    return "at the fair share" if row.cell.against != row.cell.policy else "itself"


def section(rows: Sequence[Row], played: str | Mapping[tuple[str, int], str]) -> str:
    """The docs' league section from ``rows``: the default's cells, game by game;
    ``played`` is the commit the rows were played on, or each (game, players)'s."""
    if not rows:
        return "\n".join([BEGIN, "", "Not played yet.", "", END])
    sizes = {(r.cell.game, r.cell.players) for r in rows}
    commits = dict.fromkeys(sizes, played) if isinstance(played, str) else dict(played)
    shown = {commits[size] for size in sizes}
    on = f"on commit `{next(iter(shown))}`" if len(shown) == 1 else "on the commit each game names"
    lines = [
        BEGIN,
        "",
        f"Played by `python -m benchmarks.league` {on}, measuring deals from "
        f"{MEASURING.start:,} on; the default (`advised`) at the lone seat, the policy named at "
        "every other seat. *Share*: its share of the wins (a tie shared), with the 95% Wilson "
        "interval; *fair*: 1 / players.",
    ]
    for game in sorted(PANELS):
        mine = [r for r in rows if r.cell.game == game and r.cell.policy == "advised"]
        if not mine:
            continue
        lines += ["", f"#### {game}", ""]
        if len(shown) > 1:
            lines += [_commits(game, commits), ""]
        lines += ["| players | against | games | share | 95% interval | fair | the default is |"]
        lines += ["| ---: | --- | ---: | ---: | --- | ---: | --- |"]
        for row in sorted(mine, key=lambda r: (r.cell.players, r.cell.against)):
            low, high = wilson(row.wins, row.games)
            lines.append(
                f"| {row.cell.players} | `{row.cell.against}` | {row.games} | {row.share:.3f} "
                f"| {low:.3f} to {high:.3f} | {1 / row.cell.players:.3f} | {_verdict(row)} |"
            )
        missing = [
            (n, other)
            for n in SIZES[game]
            for other in _played(game, n)
            if not any(r.cell.players == n and r.cell.against == other for r in mine)
        ]
        if missing:
            lines += ["", f"Not played yet: {len(missing)} cell{'' if len(missing) == 1 else 's'}."]
        twins = [
            f"`{policy}` plays `{twin}`'s games at {n} players"
            for (g, n), pairs in sorted(SAME_GAMES.items())
            if g == game
            for policy, twin in pairs.items()
        ]
        if twins:
            lines += ["", "Played once, under the second name: " + "; ".join(twins) + "."]
        if any(r.cell.policy != "advised" for r in rows if r.cell.game == game):
            lines += [
                "",
                "Every policy at the lone seat (the round robin): the standings are in the "
                "[measurement log](benchmarks/log.md#the-round-robins).",
            ]
    lines += ["", END]
    return "\n".join(lines)


def round_robins(rows: Sequence[Row]) -> str:
    """The log's section of the round robins' standings, game by game."""
    lines = [ROUND_BEGIN, ""]
    for game in sorted(PANELS):
        found = _round_robin(game, [r for r in rows if r.cell.game == game])
        if found:
            lines += [f"### {game}", *found, ""]
    if len(lines) == 2:
        lines += ["Not played yet.", ""]
    lines += [ROUND_END]
    return "\n".join(lines)


def _commits(game: str, commits: Mapping[tuple[str, int], str]) -> str:
    """The line naming the commit ``game``'s cells were played on, table size by size
    where they differ."""
    by: dict[str, list[int]] = {}
    for (g, n), commit in sorted(commits.items()):
        if g == game:
            by.setdefault(commit, []).append(n)
    if len(by) == 1:
        return f"Played on commit `{next(iter(by))}`."
    parts = [f"`{commit}` at {_listed(sizes)} players" for commit, sizes in by.items()]
    return f"Played on commit {', '.join(parts)}."


def _listed(numbers: Sequence[int]) -> str:
    """``2``, ``2 and 3``, ``2, 3 and 4``."""
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def standings(rows: Sequence[Row]) -> list[tuple[str, float, int, int, int]]:
    """The round robin of one game at one table size, from its ``rows``: for each policy
    at the lone seat, its mean share of the wins over the opponents every policy at the
    lone seat met (each cell as a multiple of the fair share: a cell only some played, such
    as the default's against the search, would weigh on those policies alone), the cells
    it played, and how many of those it is above and below the fair share in (95%
    interval); best first. The winner is the first.

    Example:
        >>> from deduce.league import Cell
        >>> rows = [Row(Cell("bsi", 2, p, o), games=10, wins=w, seconds=1.0)
        ...         for p, o, w in [("clock", "clock", 5), ("clock", "random", 9),
        ...                         ("random", "clock", 1), ("random", "random", 5)]]
        >>> standings(rows)[0][:3]
        ('clock', 1.4, 2)
    """
    by: dict[str, list[Row]] = {}
    for row in rows:
        by.setdefault(row.cell.policy, []).append(row)
    met = common(rows)
    table = []
    for policy, mine in by.items():
        ratios = [r.share * r.cell.players for r in mine if r.cell.against in met]
        verdicts = [_verdict(r) for r in mine]
        table.append(
            (
                policy,
                sum(ratios) / len(ratios) if ratios else 0.0,
                len(mine),
                verdicts.count("above"),
                verdicts.count("**below**"),
            )
        )
    return sorted(table, key=lambda t: (-t[1], t[0]))


def common(rows: Sequence[Row]) -> set[str]:
    """The opponents every policy at the lone seat of ``rows`` met."""
    by: dict[str, set[str]] = {}
    for row in rows:
        by.setdefault(row.cell.policy, set()).add(row.cell.against)
    return set.intersection(*by.values()) if by else set()


def _round_robin(game: str, rows: Sequence[Row]) -> list[str]:
    """The docs' round-robin standings of ``game``, a table for each table size whose
    policies other than the default were played at the lone seat; a search (which meets
    the default only) in a line of its own below."""
    lines: list[str] = []
    for n in SIZES[game]:
        here = [r for r in rows if r.cell.players == n]
        if not any(r.cell.policy != "advised" for r in here):
            continue
        searched = [r for r in here if _searched(r.cell)]
        here = [r for r in here if r not in searched]
        expected = len([p for p in _played(game, n) if p not in SEARCHES])
        lines += [
            "",
            f"Round robin at {n} players (every policy at the lone seat; the mean share "
            f"over the {len(common(here))} opponents every policy met):",
            "",
        ]
        lines += ["| policy | mean share / fair | cells | above fair | below fair |"]
        lines += ["| --- | ---: | ---: | ---: | ---: |"]
        for i, (policy, ratio, cells, above, below) in enumerate(standings(here)):
            name = f"**`{policy}`**" if i == 0 else f"`{policy}`"
            lines.append(f"| {name} | {ratio:.2f} | {cells} of {expected} | {above} | {below} |")
        for row in sorted(searched, key=lambda r: r.cell.policy != "advised"):
            low, high = wilson(row.wins, row.games)
            lines += [
                "",
                f"`{row.cell.policy}` at the lone seat against `{row.cell.against}` (a search "
                f"meets the default only): {row.share:.3f} ({low:.3f} to {high:.3f}) of "
                f"{row.games} games, fair {1 / n:.3f}.",
            ]
    return lines


def write_docs(
    rows: Sequence[Row], played: str | Mapping[str, str], docs: Path = DOCS, log: Path = LOG
) -> None:
    """Replace the league's section of ``docs`` (between its markers) with ``rows``', and
    the round robins' standings in ``log``."""
    _replace(docs, BEGIN, END, section(rows, played))
    _replace(log, ROUND_BEGIN, ROUND_END, round_robins(rows))


def _replace(path: Path, begin: str, end: str, text: str) -> None:
    """``path`` with what stands between its markers ``begin`` and ``end`` (themselves
    included) replaced by ``text``."""
    old = path.read_text(encoding="utf-8")
    if begin not in old or end not in old:
        raise SystemExit(f"{path} has no league markers ({begin!r} ... {end!r})")
    before, rest = old.split(begin, 1)
    _, after = rest.split(end, 1)
    path.write_text(before + text + after, encoding="utf-8")


def _searched(cell: Cell) -> bool:
    """Whether a search plays at some seat of ``cell``."""
    return cell.policy in SEARCHES or cell.against in SEARCHES


def estimate(rows: Sequence[Row], deals: int, workers: int) -> str:
    """The processor time of the whole run, from its first ``deals`` games a cell
    (``rows``): each game's and table size's time scaled to its games a cell, the cells
    with a search at some seat apart, the totals, and the wall time on ``workers``
    processes kept busy."""
    spent: dict[tuple[str, int], list[float]] = {}  # (others, searches)
    cells: dict[tuple[str, int], int] = {}
    for row in rows:
        size = (row.cell.game, row.cell.players)
        spent.setdefault(size, [0.0, 0.0])[_searched(row.cell)] += (
            row.seconds * games_of(*size) / deals
        )
        cells[size] = cells.get(size, 0) + 1
    lines = [
        f"The whole run estimated from its first {deals} games a cell (processor seconds):",
        "",
        "| game | players | cells | games a cell | whole run | without the search | the search's |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for (game, n), (others, searches) in sorted(spent.items()):
        lines.append(
            f"| {game} | {n} | {cells[game, n]} | {games_of(game, n)} "
            f"| {others + searches:,.0f} | {others:,.0f} | {searches:,.0f} |"
        )
    on = f"{workers} processes" if workers > 1 else "1 process"
    lines.append("")
    for name, total in (
        ("total", sum(a + b for a, b in spent.values())),
        ("without the search", sum(a for a, _ in spent.values())),
    ):
        hours, rest = divmod(round(total / workers / 60), 60)
        lines.append(f"{name}: {total:,.0f} processor seconds, {hours} h {rest:02d} min on {on}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.league", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--game", action="append", default=[], choices=sorted(PANELS))
    parser.add_argument(
        "--round-robin", action="store_true", help="every policy against every policy"
    )
    parser.add_argument("--workers", type=int, help="processes (default: one per core)")
    parser.add_argument(
        "--without-search",
        action="store_true",
        help="leave out the cells with a search at some seat (seconds a game)",
    )
    parser.add_argument(
        "--estimate",
        type=int,
        metavar="DEALS",
        help="play only the first DEALS games of every cell (into a file of their own, "
        "not the docs) and print the whole run's processor time estimated from them",
    )
    parser.add_argument(
        "--table",
        action="store_true",
        help="only write the docs' table, from the newest results (or --results)",
    )
    parser.add_argument(
        "--results",
        type=Path,
        action="append",
        help="the results file (default: see above); with --table it may be given again: "
        "each game's cells at a table size from the last of the files that holds them",
    )
    args = parser.parse_args(argv)
    if args.estimate is not None and (args.estimate < 1 or args.table):
        parser.error("--estimate takes a number of deals from 1 on, without --table")
    if args.results and len(args.results) > 1 and not args.table:
        parser.error("--results is given once to play (the cells are appended to it)")
    name = "estimate" if args.estimate else "league"
    files = [p.resolve() for p in args.results or [RESULTS / f"{name}-{commit()}.jsonl"]]
    if args.table and not args.results:
        kept = sorted(RESULTS.glob("league-*.jsonl"), key=lambda p: p.stat().st_mtime)
        files = kept[-1:] or files
    if not args.table:
        files[0].parent.mkdir(parents=True, exist_ok=True)
        games = args.game or sorted(PANELS)
        status = play(
            games,
            files[0],
            round_robin=args.round_robin,
            workers=args.workers,
            searches=not args.without_search,
            deals=args.estimate,
        )
        if status:
            return status
    if args.estimate:
        found = [r for r in read_results(files[0]) if r.games == args.estimate]
        print(estimate(found, args.estimate, args.workers or os.cpu_count() or 1))
        return 0
    rows, played = combined(files)
    write_docs(rows, played)
    where = ", ".join(str(p.relative_to(ROOT) if p.is_relative_to(ROOT) else p) for p in files)
    print(
        f"{len(rows)} cells from {where} written into {DOCS.relative_to(ROOT)} "
        f"and {LOG.relative_to(ROOT)}"
    )
    return 0


def combined(files: Sequence[Path]) -> tuple[list[Row], dict[tuple[str, int], str]]:
    """The measuring rows of several results files, each table size of each game from the
    last file that holds any of its cells, and the commit each was played on (the file's
    name), by (game, players)."""
    rows: dict[tuple[str, int], list[Row]] = {}
    played: dict[tuple[str, int], str] = {}
    for path in files:
        found = [r for r in read_results(path) if r.first == MEASURING.start]
        for size in {(r.cell.game, r.cell.players) for r in found}:
            rows[size] = [r for r in found if (r.cell.game, r.cell.players) == size]
            played[size] = path.stem.removeprefix("league-")
    return [r for size in sorted(rows) for r in rows[size]], played


if __name__ == "__main__":
    sys.exit(main())
