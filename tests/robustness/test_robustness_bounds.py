"""Bounds that keep a call from hanging: repeated clues load in linear time (with a
progress display for a long load), and process counts are bounded."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
from rich.console import Console

from deduce import cli
from deduce.core import persistence
from deduce.games import thirteen_clues
from deduce.play.progress import loading


def thirteen() -> thirteen_clues.Investigation:
    return thirteen_clues.Investigation(
        3, ("Duke", "Park"), [("Officer", "Parlor", "Knife"), ("Nurse", "Museum", "Blowgun")]
    )


def test_a_repeated_question_adds_nothing_to_count() -> None:
    start = thirteen()
    answer = next(a for a in range(6) if start.space.size and _fits(start, a))
    once = start.question(0, 1, "purple", answer)
    again = once
    for _ in range(50):
        again = again.question(0, 1, "purple", answer)
    assert len(again.clues) == 51
    assert again.space.state.rules == once.space.state.rules  # what each load re-counts
    assert again.probabilities() == once.probabilities()
    assert thirteen_clues.Investigation.from_json(again.to_json()) == again


def _fits(inv: thirteen_clues.Investigation, answer: int) -> bool:
    try:
        inv.question(0, 1, "purple", answer)
    except Exception:
        return False
    return True


def test_loading_reports_its_progress() -> None:
    inv = thirteen().informant("Sword").informant("Rifle")
    seen: list[tuple[int, int]] = []
    again = persistence.load(thirteen_clues.Investigation, inv.to_json(), progress=_append(seen))
    assert again == inv
    assert seen == [(0, 2), (1, 2), (2, 2)]


def _append(seen: list[tuple[int, int]]) -> Callable[[int, int], None]:
    return lambda done, total: seen.append((done, total))


def test_a_load_over_a_second_shows_a_progress_bar() -> None:
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=100)
    with loading(console, "reading the saved clues", after=0) as report:
        for done in range(5):
            report(done, 4)
    assert "reading the saved clues" in out.getvalue()
    quiet = io.StringIO()
    with loading(Console(file=quiet, force_terminal=True), "reading") as report:
        report(1, 4)
    assert quiet.getvalue() == ""


@pytest.mark.parametrize("workers", ["0", "100000"])
def test_simulate_bounds_the_workers(workers: str, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "mastermind", "--set", "pegs=2", "--set", "colours=2"]
    assert cli.main([*args, "--workers", workers]) != 0
    captured = capsys.readouterr()
    shown = " ".join((captured.err + captured.out).split())
    assert "--workers" in shown
