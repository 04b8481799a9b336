"""Whole games through the console, as the game master plays them: Mastermind and BSI.

The secret (the code; the deal from the seed) is written down first; the console is
told every move of a ``play_game`` record, and on my turn the advice it shows first is
the move the ``advised`` bot made. (13 Indizien, Kreuzverhör and Crime Writers have
theirs in their own console tests.)
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from terminal import Terminal

from deduce.games import bsi, mastermind

CODE = "3142"  # written down before the game
SEED = 5  # BSI: my first case woman/day/inside/knife, written down before the game


def test_a_whole_mastermind_game_as_play_game_plays_it(tmp_path: Path) -> None:
    record = mastermind.play_game([mastermind.advised], seed=3, secret=CODE)
    assert record.winners == (0,) and record.truth["secret"] == mastermind.Code(CODE)
    game = mastermind.Game(4, 6)
    term = Terminal(
        ["play", "mastermind", "--no-autosave", "--set", "pegs=4", "--set", "colours=6",
         "--set", "black_only=no", "--set", "limit=10"],
        home=tmp_path,
    )  # fmt: skip
    shown = term.expect_prompt("mastermind> ")
    for _, guess in record.moves:
        advised = re.search(r"next move\s+information.*?\n\s*(\d+)\s", shown, re.S)
        assert advised is not None and advised.group(1) == str(guess), shown
        assert "(moves ranked by optimal" in shown
        black, white = game.feedback(CODE, guess)
        term.send(f"{guess} {black} {white}")
        shown = term.expect_prompt("mastermind> ")
    assert f"Solved: {CODE}" in shown
    term.send("quit")
    assert term.finish() == 0


def _line(clue: Any) -> str:
    """A BSI clue as a line of the console."""
    if isinstance(clue, bsi.Lay):
        return f"lay {clue.card} {clue.target} {clue.field}"
    if isinstance(clue, bsi.Draw):
        return "draw" + (f" {clue.card}" if clue.card is not None else "")
    assert isinstance(clue, bsi.Solve), clue
    line = f"solve {clue.target} {clue.case} {clue.drops} {'right' if clue.correct else 'wrong'}"
    if clue.new_case is not None:
        line += f" new {clue.new_case}"
    if clue.revealed:
        line += " revealed " + " ".join(map(str, clue.revealed))
    return line


def test_a_whole_bsi_game_as_play_game_plays_it(tmp_path: Path) -> None:
    record = bsi.play_game([bsi.advised, bsi.cautious], seed=SEED)
    mine = record.tables[0]  # seat 0's view: every move in turn order
    start = mine.lineage[0]
    assert record.over and str(start.case) == "woman/day/inside/knife"  # the deal of SEED
    term = Terminal(["play", "bsi", "--no-autosave"], home=tmp_path)
    for question, answer in (
        ("Players", "2"),
        ("Case", str(start.case)),
        ("Hand", " ".join(map(str, start.start_hand))),
        ("First", "0"),
        ("Box", ""),
    ):
        term.expect(question)
        term.send(answer)
    shown = " ".join(term.expect_prompt("bsi> ").split())
    advised = 0
    for before, clue in zip(mine.lineage[:-1], mine.clues, strict=True):
        if isinstance(clue, bsi.Lay) and before.turn == 0:
            advised += 1
            laid = re.search(r"Lays by points expected.*?lay (\S+) at seat (\d)", shown)
            assert laid is not None, shown
            assert (laid.group(1), int(laid.group(2))) == (str(clue.card), clue.target)
        term.send(_line(clue))
        shown = " ".join(term.expect_prompt("bsi> ").split())
        assert "refused" not in shown, (_line(clue), shown)
    assert advised >= 3 and "The game is over" in shown
    scores = ", ".join(f"seat {s}: {p}" for s, p in enumerate(record.points))
    assert f"Scores: {scores}." in shown
    term.send("quit")
    assert term.finish() == 0
