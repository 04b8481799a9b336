"""The console's line reading: word splitting, paths, history, completion, pipes."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pyte
import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from terminal import Terminal, script

from deduce.play.reader import LineCompleter, line_reader, partial_word, quote, split

PROMPT = "mastermind> "
SETUP = [*("--set", "pegs=4", "--set", "colours=6", "--set", "black_only=no", "--set", "limit=10")]


@pytest.mark.parametrize(
    ("line", "words"),
    [
        (r"save C:\games\x.json", ["save", r"C:\games\x.json"]),
        (r'save "C:\My games\x.json"', ["save", r"C:\My games\x.json"]),
        ("load 'monday night.json'", ["load", "monday night.json"]),
        ('ask who "Night watchman" almost', ["ask", "who", "Night watchman", "almost"]),
        ("  1122   1 0 ", ["1122", "1", "0"]),
        (r"save \\server\share\x.json", ["save", r"\\server\share\x.json"]),
        ("", []),
    ],
)
def test_split_keeps_backslashes_and_groups_quotes(line: str, words: list[str]) -> None:
    assert split(line) == words


def test_split_refuses_an_open_quote() -> None:
    with pytest.raises(ValueError, match="closing quotation"):
        split('save "C:\\games')


@pytest.mark.parametrize(
    ("before", "expected"),
    [
        ("", (0, "")),
        ("hist", (0, "hist")),
        ("save ", (5, "")),
        ('ask who "Night wa', (8, "Night wa")),
        ("ask who 'Night watchman' al", (25, "al")),
        (r"load C:\ga", (5, r"C:\ga")),
    ],
)
def test_partial_word(before: str, expected: tuple[int, str]) -> None:
    assert partial_word(before) == expected


@pytest.mark.parametrize("word", ["Duke", "Night watchman", "it's", 'say "hi"', r"C:\a b"])
def test_quote_round_trips_through_split(word: str) -> None:
    assert split(quote(word)) == [word]


def test_completer_replaces_the_word_being_typed() -> None:
    seen: list[str] = []

    def words(before: str) -> list[str]:
        seen.append(before)
        return ["Night watchman", "Nurse", "history", "Nurse"]

    completer = LineCompleter(words)
    got = list(completer.get_completions(Document('ask who "ni'), CompleteEvent()))
    assert seen == ['ask who "ni']
    assert [(c.text, c.start_position) for c in got] == [('"Night watchman" ', -3)]
    got = list(completer.get_completions(Document("ask who N"), CompleteEvent()))
    assert [c.text for c in got] == ['"Night watchman" ', "Nurse "]


def test_completer_survives_a_failing_word_list() -> None:
    def broken(before: str) -> list[str]:
        raise RuntimeError("no words")

    assert list(LineCompleter(broken).get_completions(Document("x"), CompleteEvent())) == []


def test_reader_reads_a_pipe_line_by_line() -> None:
    shown = io.StringIO()
    read = line_reader(lambda before: [], stdin=io.StringIO("a b\r\nlast"), stdout=shown)
    assert read("> ") == "a b"
    assert read("> ") == "last"
    with pytest.raises(EOFError):
        read("> ")
    assert shown.getvalue() == "> > > "


def test_piped_session_plays(tmp_path: Path) -> None:
    result = subprocess.run(
        [script(), "play", "mastermind", "--no-autosave", *SETUP],
        input="1122 1 0\nsave C:\\games\\piped.json\nquit\n",
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env={**os.environ, "HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path / "state")},
    )
    assert result.returncode == 0, result.stderr
    assert "256 solutions left" in result.stdout
    assert (tmp_path / "C:\\games\\piped.json").exists()


def start(home: Path, *args: str, environment: dict[str, str | None] | None = None) -> Terminal:
    term = Terminal(["play", "mastermind", *SETUP, *args], home=home, environment=environment)
    term.expect_prompt(PROMPT)
    return term


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        (r"C:\games\x.json", r"C:\games\x.json"),
        ('"my games x.json"', "my games x.json"),
        (r'"C:\My games\x y.json"', r"C:\My games\x y.json"),
        ("'it''s.json'", "its.json"),
    ],
)
def test_save_and_load_windows_paths_and_spaces(tmp_path: Path, typed: str, name: str) -> None:
    term = start(tmp_path, "--no-autosave")
    term.send("1122 1 0")
    term.expect_prompt(PROMPT)
    term.send(f"save {typed}")
    assert f"Saved 1 clue in {name}." in term.expect_prompt(PROMPT)
    saved = tmp_path / name
    assert json.loads(saved.read_text())["clues"]
    term.send("undo")
    term.expect_prompt(PROMPT)
    term.send(f"load {typed}")
    shown = term.expect_prompt(PROMPT)
    assert f"Loaded 1 clue from {name}." in shown
    assert "256 solutions left" in shown
    term.send("quit")
    assert term.finish() == 0


def test_history_is_kept_across_sessions(tmp_path: Path) -> None:
    term = start(tmp_path, "--no-autosave")
    term.send("1122 1 0")
    term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0
    history = tmp_path / "state" / "deduce" / "mastermind.history"
    assert "+1122 1 0" in history.read_text().splitlines()

    again = start(tmp_path, "--no-autosave")
    again.type("\x1b[A")  # the Up arrow walks back through the last session's lines
    again.expect("quit")
    again.type("\x1b[A")
    again.expect("1122 1 0")
    again.send("")
    assert "noted: 1122: 1 black, 0 white" in again.expect_prompt(PROMPT)
    again.send("quit")
    assert again.finish() == 0


def test_tab_completes_without_readline(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text("import sys\nsys.modules['readline'] = None\n")
    term = start(tmp_path, "--no-autosave", environment={"PYTHONPATH": str(site)})
    term.type("hist\t")
    term.expect("history")
    term.send("")
    assert "No clues yet." in term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0


def test_readline_is_really_missing_under_that_site(tmp_path: Path) -> None:
    (tmp_path / "sitecustomize.py").write_text("import sys\nsys.modules['readline'] = None\n")
    result = subprocess.run(
        [sys.executable, "-c", "import readline"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
    )
    assert result.returncode == 1
    assert "ModuleNotFoundError" in result.stderr


class Screen:
    """The real script in a pseudo-terminal that claims to be an xterm, drawn by a terminal
    emulator (pyte) that also answers the cursor-position queries a full-screen line
    editor makes: what a person sees in a terminal window."""

    def __init__(self, args: list[str], home: Path) -> None:
        env = {
            **os.environ,
            "TERM": "xterm-256color",
            "HOME": str(home),
            "XDG_STATE_HOME": str(home / "state"),
        }
        self.screen = pyte.Screen(100, 30)
        self.stream = pyte.ByteStream(self.screen)
        self.child = pexpect.spawn(script(), args, env=env, dimensions=(30, 100), cwd=str(home))
        self.screen.write_process_input = lambda data: self.child.send(data)

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def line(self) -> str:
        """The line the cursor is on."""
        return str(self.screen.display[self.screen.cursor.y]).rstrip()

    def wait(self, done: object, timeout: float = 60) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with contextlib.suppress(pexpect.TIMEOUT):
                self.stream.feed(self.child.read_nonblocking(65536, timeout=0.2))
            if done(self):  # type: ignore[operator]
                return
        raise AssertionError(f"the screen shows:\n{self.text()}")

    def finish(self) -> int:
        self.child.expect(pexpect.EOF, timeout=60)
        self.child.close()
        return int(self.child.exitstatus or 0)


def test_a_real_terminal_edits_completes_and_recalls(tmp_path: Path) -> None:
    term = Screen(["play", "mastermind", "--no-autosave", *SETUP], tmp_path)
    term.wait(lambda s: s.line() == PROMPT.rstrip())
    term.child.send("hist\t")  # one word starts so: completed in place
    term.wait(lambda s: s.line() == PROMPT + "history")
    term.child.send("\r")
    term.wait(lambda s: "No clues yet." in s.text() and s.line() == PROMPT.rstrip())
    term.child.send("h\t")  # two words do: both are listed under the line
    term.wait(lambda s: {"help", "history"} <= set(s.text().split(PROMPT)[-1].split()))
    term.child.send("\t")  # and Tab again takes the first
    term.wait(lambda s: s.line().startswith(PROMPT + "h") and s.line() != PROMPT + "h")
    term.child.send("\x03")  # Ctrl-C drops the line, the session goes on
    term.wait(lambda s: "line cancelled" in s.text() and s.line() == PROMPT.rstrip())
    term.child.send("1122 1 0\r")
    term.wait(lambda s: "noted: 1122: 1 black, 0 white" in s.text())
    term.wait(lambda s: s.line() == PROMPT.rstrip())
    term.child.send("\x1b[A")  # Up: the last line again
    term.wait(lambda s: s.line() == PROMPT + "1122 1 0")
    assert "WARNING" not in term.text()
    term.child.send("\x15quit\r")  # Ctrl-U clears the line
    assert term.finish() == 0
