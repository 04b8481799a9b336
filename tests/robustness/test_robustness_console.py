"""The console at its edges: damaged and shared save files, read-only folders, closed or
piped input and output. Every test drives the real ``deduce`` script."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import terminal
from terminal import Terminal

from deduce import cli
from deduce.core import registry
from deduce.games.mastermind import Investigation
from deduce.play import files

PROMPT = "mastermind> "
SETUP = [*("--set", "pegs=4", "--set", "colours=6", "--set", "black_only=no", "--set", "limit=10")]
CONFIG = '"config": {"pegs": 4, "colours": 6, "black_only": false}'


def autosave(home: Path) -> Path:
    return home / "state" / "deduce" / "mastermind.json"


def clues(path: Path) -> int:
    return len(Investigation.from_json(path.read_text()).clues)


def play(home: Path, *args: str) -> Terminal:
    term = Terminal(["play", "mastermind", *SETUP, *args], home=home)
    term.expect_prompt(PROMPT)
    return term


def note(term: Terminal, line: str) -> str:
    term.send(line)
    shown = term.expect_prompt(PROMPT)
    assert "noted:" in shown, shown
    return shown


def run(home: Path, command: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``command`` in a shell, with ``deduce`` the script under test."""
    environment = dict(os.environ, HOME=str(home), XDG_STATE_HOME=str(home / "state"))
    environment["PATH"] = f"{Path(terminal.script()).parent}:{environment['PATH']}"
    return subprocess.run(
        ["bash", "-c", command],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=home,
        env=environment,
        timeout=120,
    )


# -- two sessions on one file ------------------------------------------------------------


def test_a_second_session_on_the_same_file_is_refused_and_nothing_is_lost(
    tmp_path: Path,
) -> None:
    first = play(tmp_path)
    note(first, "1122 1 0")
    note(first, "1344 0 1")
    second = Terminal(["play", "mastermind", *SETUP], home=tmp_path)
    second.expect("error: file ")
    shown = " ".join(second.expect("--no-autosave").split())
    assert "is using it" in shown
    assert second.finish() == 1
    assert not autosave(tmp_path).with_name("mastermind.json.bak").exists()
    note(first, "5556 0 1")
    assert clues(autosave(tmp_path)) == 3
    # the second player takes another file and plays on while the first still runs
    other = play(tmp_path, "--autosave", "other.json")
    note(other, "1234 1 1")
    other.send("save state/deduce/mastermind.json")
    assert "is using it" in " ".join(other.expect_prompt(PROMPT).split())
    other.send("quit")
    assert other.finish() == 0
    first.send("quit")
    assert first.finish() == 0
    assert "Session saved in" in first.seen
    assert clues(autosave(tmp_path)) == 3
    assert clues(tmp_path / "other.json") == 1
    saved = sorted(p.name for p in autosave(tmp_path).parent.iterdir())
    assert saved == ["mastermind.history", "mastermind.json"]


def test_a_folder_or_a_foreign_file_named_as_autosave_is_left_as_it_is(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "keep.txt").write_text("mine")
    notes = tmp_path / "notes.txt"
    notes.write_text("milk, eggs")
    for path, reason in ((folder, "it is a folder"), (notes, "it holds something else")):
        term = Terminal(["play", "mastermind", *SETUP, "--autosave", str(path)], home=tmp_path)
        shown = " ".join(term.expect("expected").split())
        assert f'error: --autosave "{path}" is not valid ({reason}' in shown
        assert term.finish() == 1
    assert (folder / "keep.txt").read_text() == "mine"
    assert notes.read_text() == "milk, eggs"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games", "notes.txt"]
    term = play(tmp_path)
    for line in ("save games", "save notes.txt", "save /", "save ."):
        term.send(line)
        assert "refused: file " in term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0
    assert notes.read_text() == "milk, eggs"


# -- damaged autosave files --------------------------------------------------------------

DAMAGED = {
    "utf-16 mark": b"\xff\xfe{}",
    "huge int": ('{"format": 1, "game": "mastermind", ' + CONFIG + ', "clues": [' + "9" * 5000)
    .encode()
    .__add__(b"]}"),
    "deep nesting": (
        '{"format": 1, "game": "mastermind", ' + CONFIG + ', "clues": [' + "[" * 100_000
    ).encode()
    + b"]" * 100_001
    + b"}",
    "frozenset": b'{"frozenset": 5}',
    "type list": (
        '{"format": 1, "game": "mastermind", ' + CONFIG + ', "clues": [{"type": []}]}'
    ).encode(),
    "frozenset clue": (
        '{"format": 1, "game": "mastermind", ' + CONFIG + ', "clues": [{"frozenset": 5}]}'
    ).encode(),
}


@pytest.mark.parametrize("content", list(DAMAGED.values()), ids=list(DAMAGED))
def test_a_damaged_autosave_is_set_aside_with_a_message(tmp_path: Path, content: bytes) -> None:
    saved = autosave(tmp_path)
    saved.parent.mkdir(parents=True)
    saved.write_bytes(content)
    term = Terminal(["play", "mastermind", *SETUP], home=tmp_path)
    term.expect(f"The autosave file {saved} is unreadable: ")
    term.expect(f"It is kept in {saved}.bak; a new game starts.")
    term.expect_prompt(PROMPT)
    note(term, "1122 1 0")
    term.send("quit")
    assert term.finish() == 0
    assert saved.with_name("mastermind.json.bak").read_bytes() == content
    assert clues(saved) == 1


def test_the_resume_question_reads_the_autosave_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = tmp_path / "state" / "deduce" / "mastermind.json"
    files.save_file(saved, Investigation().guess("1122", 1, 0), create_directory=True)
    reads: list[Path] = []
    load = files.load_file

    def counting(path: Path, kind: type[Investigation], **options: Any) -> Investigation:
        reads.append(path)
        return load(path, kind, **options)  # type: ignore[return-value]

    monkeypatch.setattr(files, "load_file", counting)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setattr(sys, "stdin", io.StringIO("yes\n1344 0 1\nquit\n"))
    assert cli.main(["play", "mastermind"]) == 0
    assert reads == [saved]
    assert clues(saved) == 2


# -- read-only folders -------------------------------------------------------------------


@pytest.fixture
def read_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Folders made read-only stay so even for root (whose processes are started without
    the capabilities that override permissions)."""
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("root without setpriv: permissions cannot be enforced")
        deduce = terminal.script()
        monkeypatch.setattr(terminal, "script", lambda: setpriv)
        original = terminal.Terminal.__init__

        def init(self: Terminal, args: list[str], **options: object) -> None:
            drop = "--bounding-set=-dac_override,-dac_read_search,-fowner"
            original(self, [drop, "--", deduce, *args], **options)  # type: ignore[arg-type]

        monkeypatch.setattr(terminal.Terminal, "__init__", init)
    yield


def test_a_read_only_state_folder_never_claims_a_save(tmp_path: Path, read_only: None) -> None:
    state = tmp_path / "state"
    state.mkdir(mode=0o555)
    try:
        term = Terminal(["play", "mastermind", *SETUP], home=tmp_path)
        shown = term.expect_prompt(PROMPT)
        assert "could not autosave" in shown
        term.send("1122 1 0")
        assert "could not autosave" in term.expect_prompt(PROMPT)
        term.send("quit")
        assert term.finish() == 0
        assert "Session saved in" not in term.seen
        assert "The session is not saved" in term.seen
    finally:
        state.chmod(0o755)
    assert list(state.iterdir()) == []


def test_declining_a_saved_session_in_a_read_only_folder(tmp_path: Path, read_only: None) -> None:
    saved = autosave(tmp_path)
    files.save_file(saved, Investigation().guess("1122", 1, 0), create_directory=True)
    before = saved.read_bytes()
    saved.parent.chmod(0o555)
    try:
        term = Terminal(["play", "mastermind", *SETUP], home=tmp_path)
        term.expect("Continue it? [yes]: ")
        term.send("no")
        shown = " ".join(term.expect_prompt(PROMPT).split())
        assert "cannot be kept aside" in shown
        assert "this session is not autosaved" in shown
        note(term, "1344 0 1")
        term.send("quit")
        assert term.finish() == 0
        assert "Session saved in" not in term.seen
    finally:
        saved.parent.chmod(0o755)
    assert saved.read_bytes() == before
    assert [p.name for p in saved.parent.iterdir()] == ["mastermind.json"]


def test_files_left_by_a_killed_session_are_cleaned_up(tmp_path: Path) -> None:
    term = play(tmp_path)
    note(term, "1122 1 0")
    term.kill()
    folder = autosave(tmp_path).parent
    orphan = folder / ".mastermind.json.0123abcd.tmp"
    orphan.write_text('{"half')
    unrelated = folder / ".notes.0123abcd.tmp"
    unrelated.write_text("not ours")
    again = Terminal(["play", "mastermind", "--resume"], home=tmp_path)
    assert "Resumed 1 clue" in again.expect_prompt(PROMPT)
    assert not orphan.exists()
    again.send("quit")
    assert again.finish() == 0
    assert sorted(p.name for p in folder.iterdir()) == [
        ".notes.0123abcd.tmp",
        "mastermind.history",
        "mastermind.json",
    ]


# -- input and output ----------------------------------------------------------------------


def test_closed_input_ends_cleanly(tmp_path: Path) -> None:
    result = run(tmp_path, "deduce play mastermind <&-")
    assert "Traceback" not in result.stderr + result.stdout
    assert "end of input: no game started" in result.stdout
    assert result.returncode == 1
    result = run(tmp_path, "deduce play mastermind --set pegs=2 --set colours=2 " + "<&-")
    assert "Traceback" not in result.stderr + result.stdout
    assert result.returncode == 1


def test_closed_input_in_a_game_keeps_it(tmp_path: Path) -> None:
    setup = " ".join(SETUP)
    result = run(tmp_path, f"deduce play mastermind {setup} <&-")
    assert "Traceback" not in result.stderr + result.stdout, result.stderr
    assert "Session saved in" in result.stdout
    assert result.returncode == 0


def test_output_piped_into_head(tmp_path: Path) -> None:
    setup = " ".join(SETUP)
    lines = "1122 1 0\n" * 1 + "history\n" * 200
    for command in (
        "deduce demo mastermind | head -1",
        f"deduce play mastermind {setup} --no-autosave | head -2",
    ):
        result = run(tmp_path, command, stdin=lines)
        assert result.stderr == "", (command, result.stderr)
        assert len(result.stdout.splitlines()) <= 2


def test_piped_lines_that_are_refused_give_a_failing_status(tmp_path: Path) -> None:
    setup = " ".join(SETUP)
    good = run(tmp_path, f"deduce play mastermind {setup} --no-autosave", stdin="1122 1 0\n")
    assert good.returncode == 0, good.stdout
    bad = run(
        tmp_path,
        f"deduce play mastermind {setup} --no-autosave",
        stdin="1122 1 0\nhello\n1122 4 0\nquit\n",
    )
    assert bad.returncode == 1
    assert "2 lines refused." in bad.stdout


@pytest.mark.parametrize("game", [g.name for g in registry.declarations() if g.front_end])
def test_an_unknown_strategy_is_refused_before_the_set_up(tmp_path: Path, game: str) -> None:
    result = run(tmp_path, f"deduce play {game} --strategy bogus", stdin="")
    assert result.returncode == 1
    assert result.stdout.startswith('error: strategy "bogus" is not valid'), result.stdout


def test_loading_a_file_that_contradicts_itself(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(
        '{"format": 1, "game": "mastermind", ' + CONFIG + ', "clues": ['
        '{"type": "Guess", "code": "1122", "black": 2, '
        '"white": 0}, '
        '{"type": "Guess", "code": "1122", "black": 0, '
        '"white": 0}]}'
    )
    json.loads(bad.read_text())
    term = play(tmp_path)
    note(term, "3456 1 1")
    term.send("load bad.json")
    shown = " ".join(term.expect_prompt(PROMPT).split())
    assert 'refused: file "bad.json" is not valid (the file contradicts itself' in shown, shown
    term.send("history")
    assert "1. 3456: 1 black, 1 white" in term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0
    assert clues(autosave(tmp_path)) == 1
