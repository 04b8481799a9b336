"""The console's corrections (``drop N``, ``amend N LINE``) and the edges of a session:
``--set`` starts the game it describes, a finished game is not offered to continue, a
file of another game says which game it holds, refusals speak the console's words.

The real ``deduce`` script in a pseudo-terminal; the secret of each game is written down
first and every clue typed is true of it unless a test types a mistake on purpose.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from terminal import Terminal

from deduce import play
from deduce.games import thirteen_clues
from deduce.games.bsi import Card, Lay, Table
from deduce.games.mastermind import Game, Investigation
from deduce.play.session import Session

PROMPT = "mastermind> "
SETUP = [*("--set", "pegs=4", "--set", "colours=6", "--set", "black_only=no", "--set", "limit=10")]
SECRET = "3632"  # the code the other player chose


def feedback(guess: str) -> str:
    black, white = Game().feedback(SECRET, guess)
    return f"{guess} {black} {white}"


def folded(text: str) -> str:
    return " ".join(text.split())


def autosave(home: Path, game: str = "mastermind") -> Path:
    return home / "state" / "deduce" / f"{game}.json"


def saved(path: Path) -> Investigation:
    return Investigation.from_json(path.read_text())


def mastermind(home: Path, *args: str) -> Terminal:
    term = Terminal(["play", "mastermind", *SETUP, *args], home=home)
    term.expect_prompt(PROMPT)
    return term


def say(term: Terminal, line: str) -> str:
    term.send(line)
    return folded(term.expect_prompt(PROMPT))


def test_a_mistyped_clue_is_dropped_or_amended_and_undo_takes_it_back(tmp_path: Path) -> None:
    term = mastermind(tmp_path)
    right = [feedback("1122"), feedback("1344"), feedback("3526")]
    assert right == ["1122 1 0", "1344 0 1", "3526 1 2"]
    say(term, right[0])
    say(term, "1344 0 0")  # a mistake: 1 black
    say(term, right[2])
    path = autosave(tmp_path)
    wrong = saved(path)

    shown = say(term, "3632 4 0")  # the true code: refused, since clue 2 is wrong
    assert "3632: 4 black, 0 white cannot be true" in shown
    assert "2. 1344: 0 black, 0 white" in shown
    assert "Type `drop 2` or `amend 2 LINE`" in shown and "to correct it" in shown

    shown = say(term, "amend 2 1344 0 1")
    assert "amended: 2. 1344: 0 black, 1 white (was: 1344: 0 black, 0 white)" in shown
    fixed = Investigation().guess("1122", 1, 0).guess("1344", 0, 1).guess("3526", 1, 2)
    assert saved(path) == fixed
    term.send("history")
    history = term.expect_prompt(PROMPT)
    assert "2. 1344: 0 black, 1 white" in history and "3. 3526: 1 black, 2 white" in history

    shown = say(term, "undo")  # the correction is taken back, not the last clue
    assert "undone: clue 2 is as it was (2. 1344: 0 black, 0 white)" in shown
    assert saved(path) == wrong

    shown = say(term, "drop 2")
    assert "dropped: 2. 1344: 0 black, 0 white" in shown
    assert saved(path) == Investigation().guess("1122", 1, 0).guess("3526", 1, 2)
    say(term, "undo")
    assert saved(path) == wrong
    say(term, "amend 2 1344 0 1")
    shown = say(term, "3632 4 0")
    assert "Solved: 3632" in shown
    say(term, "undo")  # the last clue first, then the correction before it
    assert saved(path) == fixed
    say(term, "undo")
    assert saved(path) == wrong
    term.send("quit")
    assert term.finish() == 0


def test_corrections_that_cannot_be_made_are_refused_in_words(tmp_path: Path) -> None:
    term = mastermind(tmp_path)
    assert "expected the number of a clue of the history (there is no clue yet)" in say(
        term, "drop 1"
    )
    say(term, "1122 1 0")
    say(term, "3526 1 2")
    term.refuses(
        {
            "drop 3": 'N "3" is not valid; expected the number of a clue of the history, 1 to 2',
            "drop one": 'N "one" is not valid',
            "amend 1": "LINE is missing",
            "amend 1 history": 'code "history" is not valid',
            "amend 1 1122 9 0": "black",
            "amend 1 1122 3 0": "with clue 1 as typed now, clue 2 (3526: 1 black, 2 white) "
            "cannot be true: it contradicts 1122: 3 black, 0 white. Nothing changed.",
        },
        PROMPT,
    )
    assert saved(autosave(tmp_path)) == Investigation().guess("1122", 1, 0).guess("3526", 1, 2)
    term.send("help")
    shown = term.expect_prompt(PROMPT)
    assert "drop N" in shown and "amend N LINE" in shown
    term.send("quit")
    term.finish()


def test_a_bsi_move_is_amended_and_its_refusals_name_the_line(tmp_path: Path) -> None:
    # my case man/night/inside/gun; Eva (seat 1) has woman/day/inside/knife
    prompt = "bsi> "
    term = Terminal(
        [
            "play",
            "bsi",
            "--set",
            "players=2",
            "--set",
            "case=man/night/inside/gun",
            "--set",
            "hand=woman/night/outside/gun woman/knife man/day",
            "--set",
            "first=1",
            "--set",
            "box=any",
        ],
        home=tmp_path,
    )
    term.expect_prompt(prompt)
    term.send("lay man/night 0 2")  # Eva lays at my grid: my own case matches 2 pieces
    term.expect_prompt(prompt)
    term.refuses(
        {
            "solve 0 man/night/inside/gun 3": "the new CASE is missing (man/night/inside/gun "
            "is your case: it is solved, and you draw a new one)",
            "solve 1 man/night/inside/gun 3": "the verdict is missing",
            "lay man/gun 1 2": "is not valid",
            "amend 1 table": 'line "table" is not valid (a command); expected a clue line',
        },
        prompt,
    )
    assert "new_case" not in term.seen
    term.send("draw")
    term.expect_prompt(prompt)
    term.send("lay woman/knife 0 2")
    assert "seat 0 is not valid (not seat 0 itself)" in folded(term.expect_prompt(prompt))
    term.send("lay woman/knife 1 0/1")  # a mistake: woman/knife matches 2 of Eva's case
    term.expect_prompt(prompt)
    term.send("amend 3 lay woman/knife 1 2")
    assert "amended: 3. seat 0 lays woman/knife at seat 1: field 2" in folded(
        term.expect_prompt(prompt)
    )
    term.send("drop 2")  # seat 1's draw: my lay is then out of turn
    shown = folded(term.expect_prompt(prompt))
    assert "without clue 2, clue 3 (seat 0 lays woman/knife at seat 1: field 2) is refused" in (
        shown
    )
    term.send("quit")
    assert term.finish() == 0
    table = Table.from_json(autosave(tmp_path, "bsi").read_text())
    assert table.clues[-1] == Lay(Card.parse("woman/knife"), 1, 2)


def test_set_starts_the_game_it_describes(tmp_path: Path) -> None:
    term = mastermind(tmp_path)
    say(term, feedback("1122"))
    term.send("quit")
    term.finish()
    path = autosave(tmp_path)
    old = path.read_text()

    other = Terminal(["play", "mastermind", "--set", "pegs=5", "--set", "colours=8"], home=tmp_path)
    other.expect("Black only")
    other.send("")
    other.expect("Limit")
    other.send("")
    shown = folded(other.expect_prompt(PROMPT))
    assert "Continue it?" not in shown
    assert "(1 clue) was set up otherwise (pegs 4, colours 6; yours: pegs 5, colours 8)" in shown
    assert f"It is kept in {path}.bak; your game starts." in shown
    assert "32768 solutions left" in shown
    other.send("quit")
    other.finish()
    assert path.with_name("mastermind.json.bak").read_text() == old
    assert saved(path) == Investigation(5, 8)

    # the same set-up is offered to continue
    (path.with_name("mastermind.json.bak")).rename(path)
    same = Terminal(["play", "mastermind", *SETUP], home=tmp_path)
    same.expect("Continue it? [yes]: ")
    same.send("")
    assert "Resumed 1 clue" in same.expect_prompt(PROMPT)
    same.send("quit")
    same.finish()


def test_a_finished_game_is_not_offered_to_continue(tmp_path: Path) -> None:
    term = mastermind(tmp_path)
    say(term, feedback("1122"))
    assert "Solved: 3632" in say(term, feedback(SECRET))
    term.send("quit")
    term.finish()
    path = autosave(tmp_path)

    again = Terminal(["play", "mastermind"], home=tmp_path)
    shown = folded(again.expect("Pegs"))
    assert "Continue it?" not in shown
    assert f"The game saved in {path} (2 clues) is over." in shown
    assert f"It is kept in {path}.bak; a new game starts." in shown
    again.child.sendeof()
    again.finish()
    assert len(saved(path.with_name("mastermind.json.bak")).clues) == 2


def test_a_file_of_another_game_says_which_game_it_holds(tmp_path: Path) -> None:
    (tmp_path / "mm.json").write_text(Investigation().guess("1122", 1, 0).to_json())
    term = Terminal(["play", "thirteen-clues", "--resume", "mm.json"], home=tmp_path)
    assert term.finish() == 1
    said = folded(term.seen)
    assert "it holds a Mastermind game, not 13 Indizien" in said
    assert "open it with `deduce play mastermind --resume mm.json`" in said
    assert "game='mastermind'" not in said

    term = mastermind(tmp_path, "--no-autosave")
    kreuz = json.loads(Investigation().to_json())
    kreuz["game"] = "bsi"
    kreuz["kind"] = "Table"
    (tmp_path / "table.json").write_text(json.dumps(kreuz))
    shown = say(term, "load table.json")
    assert "it holds a Black Stories Investigation game, not Mastermind" in shown
    assert "`deduce play bsi --resume table.json`" in shown
    term.send("quit")
    term.finish()


def test_set_up_refusals_name_the_question_in_words(tmp_path: Path) -> None:
    term = Terminal(["play", "mastermind", "--no-autosave"], home=tmp_path)
    for _ in range(2):
        term.expect(")")
        term.send("")
    term.expect("Black only")
    term.send("perhaps")
    shown = folded(term.expect("Black only"))
    assert 'black only "perhaps" is not valid; expected yes or no' in shown
    assert "black_only" not in shown
    term.child.sendeof()
    term.finish()


def test_a_game_is_over_by_its_own_rules() -> None:
    from deduce.games import kreuzverhoer
    from deduce.play import adapter

    mm = adapter("mastermind")
    deduced = Investigation(2, 3).guess("11", 0, 0).guess("22", 1, 0).guess("23", 0, 2)
    assert deduced.solved is not None and not mm.finished(deduced)  # deduced, not yet guessed
    assert mm.finished(deduced.guess(str(deduced.solved), 2, 0))
    kv = adapter("kreuzverhoer")
    start = kreuzverhoer.Investigation()
    assert not kv.finished(start)
    case = start.solutions()[0]
    solved = start.questioning(case.crime, case.scene, case.suspect, case.weapon, 4)
    assert kv.finished(solved)
    table = Table(2, case="man/night/inside/gun", hand=["woman/knife", "man/day", "man/gun"])
    assert not adapter("bsi").finished(table)


def _session(name: str, investigation: Any) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    return Session(play.adapter(name), investigation, console, autosave=None), out


def test_the_only_clue_is_dropped() -> None:
    table = thirteen_clues.Table(
        3, ("Theater", "Countess"), [("Officer", "Museum", "Sword"), ("Duke", "Parlor", "Poison")]
    )
    for name, start, line in (
        ("thirteen-clues", table, "ask 1 blue 1"),
        ("mastermind", Investigation(3, 3), "112 1 0"),
    ):
        session, out = _session(name, start)
        session.handle(line)
        session.handle("drop 1")
        assert "internal error" not in out.getvalue() and "dropped: 1." in out.getvalue()
        assert session.investigation.clues == ()


def test_a_defect_after_a_clue_is_noted_does_not_say_nothing_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session, out = _session("mastermind", Investigation(3, 3))

    def broken(*args: Any) -> None:
        raise RuntimeError("a defect in the display")

    monkeypatch.setattr(session, "show", broken)
    session.handle("112 1 0")
    shown = " ".join(out.getvalue().split())
    assert "internal error (RuntimeError: a defect in the display); the line is noted" in shown
    assert len(session.investigation.clues) == 1
    session.handle("zzz")
    assert len(session.investigation.clues) == 1
