"""One limit for what is saved and what is loaded: nothing is written, and no clue is
taken at the console, that could not be read back."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from deduce import InvalidInput, cli
from deduce.core import persistence
from deduce.games.mastermind import Investigation


def test_to_json_refuses_what_from_json_would_refuse(monkeypatch: pytest.MonkeyPatch) -> None:
    game = Investigation().guess("1122", 1, 0).guess("1344", 3, 0)
    monkeypatch.setattr(persistence, "MAX_CLUES", 1)
    with pytest.raises(InvalidInput, match="at most 1 clues"):
        game.to_json()
    monkeypatch.setattr(persistence, "MAX_CLUES", 2)
    text = game.to_json()
    assert Investigation.from_json(text) == game
    monkeypatch.setattr(persistence, "MAX_CHARS", len(text) - 1)
    with pytest.raises(InvalidInput, match="characters"):
        game.to_json()
    monkeypatch.setattr(persistence, "MAX_CHARS", len(text))
    assert Investigation.from_json(game.to_json()) == game


def test_the_console_refuses_a_clue_that_could_not_be_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(persistence, "MAX_CLUES", 2)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    lines = "1122 1 0\n1344 3 0\n5556 0 1\nhistory\nquit\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    setup = [
        *("--set", "pegs=4", "--set", "colours=6", "--set", "black_only=no", "--set", "limit=10")
    ]
    assert cli.main(["play", "mastermind", *setup]) == 1  # a line was refused
    shown = " ".join(capsys.readouterr().out.split())
    assert "the session can still be saved and read back" in shown
    assert "at most 2 clues" in shown
    assert "3. 5556" not in shown
    assert "Session saved in" in shown
    saved = tmp_path / "state" / "deduce" / "mastermind.json"
    assert len(Investigation.from_json(saved.read_text()).clues) == 2
    monkeypatch.setattr(sys, "stdin", io.StringIO("history\nquit\n"))
    assert cli.main(["play", "mastermind", "--resume"]) == 0
    assert "Resumed 2 clues" in capsys.readouterr().out
