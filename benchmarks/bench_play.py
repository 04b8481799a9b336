"""`deduce play` at the table: time from a typed clue line to the next prompt.

Each game's session takes five clue lines (the recommendation included); the median and
the maximum over the lines are printed.
"""

from __future__ import annotations

import io
import statistics
import time
from typing import Any

from rich.console import Console

from deduce.games import bsi, crime_writers, kreuzverhoer, thirteen_clues
from deduce.games.mastermind import Investigation as Mastermind
from deduce.play import adapter
from deduce.play.session import Session


def run(name: str, investigation: Any, lines: list[str]) -> None:
    session = Session(
        adapter(name), investigation, Console(file=io.StringIO(), width=120), autosave=None
    )
    times = []
    for line in lines:
        start = time.perf_counter()
        session.handle(line)
        times.append(time.perf_counter() - start)
    output = session.console.file.getvalue()
    assert "refused" not in output, output
    print(
        f"{name:<14} median {statistics.median(times) * 1000:7.1f} ms   "
        f"max {max(times) * 1000:7.1f} ms   over {len(lines)} clue lines",
        flush=True,
    )


def main() -> None:
    run("mastermind", Mastermind(), ["1122 1 0", "1344 0 1", "3526 1 2", "1462 1 1", "3632 4 0"])
    run(
        "kreuzverhoer",
        kreuzverhoer.Investigation(),
        [
            "ask mord berlin juri messer 1",
            "single einbruch",
            "ask überfall ulm nora gift 1",
            "out weapon=pistole",
            "ask mord ulm ede brech 2",
        ],
    )
    deal = thirteen_clues.Deal.random(6, seed=0)
    six = thirteen_clues.Investigation(
        6, deal.hands[0], {seat: deal.puzzles[seat] for seat in range(1, 6)}
    )
    asked = [(1, "red"), (2, "woman"), (3, "weapon"), (4, "indoors"), (5, "blue")]
    run("13clues", six, [f"ask {w} {about} {deal.answer(w, about)}" for w, about in asked])
    run(
        "crime-writers",
        crime_writers.Investigation(crime_writers.Deck.example()),
        [
            "ask how weapon no",
            "ask how object yes",
            "ask who profession yes",
            "seen Butler",
            "ask where public no",
        ],
    )
    table = bsi.Table(
        2, case="man/night/inside/gun", hand=["woman/night/outside/gun", "woman/knife", "man/day"]
    )
    run(
        "bsi",
        table,
        [
            "lay woman/night/outside/gun 1 2",
            "draw man/gun",
            "lay man/day 0 0/1",
            "draw",
            "lay woman/knife 1 2",
        ],
    )


if __name__ == "__main__":
    main()
