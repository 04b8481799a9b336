"""The console blocks of the docs are run: every ``$ deduce ...`` command, and every
session transcript typed again into the real console script in a pseudo-terminal.

A block is a list of commands (lines starting with ``$``), each followed by what it
shows. In a session transcript, ``GAME> LINE`` and set-up questions (``Question [x]:
ANSWER``) are typed; every other line must be shown, in order, between them. A line
``...`` stands for any lines, ``...`` inside a line for any text; blank lines do not
count. The blocks of one page run in order in one home directory (shown as
``/home/me``), so a later block can resume a session an earlier one saved.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tempfile
import textwrap
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from places import ROOT
from terminal import Terminal

from deduce.play import adapters

PAGES = ["index.md", "tutorial.md", "howto.md", "cluedo.md"]
HOME = "/home/me"
SCRIPT = str(Path(sys.executable).with_name("deduce"))
_BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.MULTILINE | re.DOTALL)
_QUESTION = re.compile(r"^(.*\]:)(?: (.*))?$")
_DOCS_SCHEDULER = "tcp://127.0.0.1:8786"


def blocks(page: str) -> Iterator[tuple[str, list[str]]]:
    """The language and the lines of every fenced block of ``page`` but python ones."""
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    for match in _BLOCK.finditer(text):
        if match.group(1) != "python":
            yield match.group(1), match.group(2).splitlines()


def commands(lines: list[str]) -> list[tuple[str, list[str]]]:
    """``$`` command (without a trailing comment) -> the lines shown after it."""
    runs: list[tuple[str, list[str]]] = []
    for line in lines:
        if line.startswith("$ "):
            runs.append((" ".join(shlex.split(line[2:], comments=True)), []))
        else:
            assert runs, f"a console block starts with output, not a command: {line!r}"
            runs[-1][1].append(line)
    return runs


def _line_pattern(line: str) -> re.Pattern[str]:
    return re.compile(".*".join(re.escape(part) for part in line.split("...")) + r"\Z")


def check_shown(expected: list[str], shown: str, where: str) -> None:
    """``shown`` holds the ``expected`` lines (``...``: any lines), and nothing else."""
    want = [line.rstrip() for line in expected if line.strip()]
    have = [line.rstrip() for line in shown.splitlines() if line.strip()]
    message = f"{where}: expected\n" + "\n".join(want) + "\n--- but the terminal showed\n"
    message += "\n".join(have)
    segments: list[list[str]] = [[]]
    for line in want:
        if line.strip() == "...":
            segments.append([])
        else:
            segments[-1].append(line)

    def fits(at: int, segment: list[str]) -> bool:
        return at + len(segment) <= len(have) and all(
            _line_pattern(w).match(h) for w, h in zip(segment, have[at:], strict=False)
        )

    first, *middle = segments
    last = middle.pop() if middle else None
    assert fits(0, first), message  # before the first "...": the start of the output
    position = len(first)
    if last is None:  # no "...": exactly these lines
        assert position == len(have), message
        return
    for segment in middle:
        at = next((a for a in range(position, len(have) + 1) if fits(a, segment)), None)
        assert at is not None, message
        position = at + len(segment)
    at = len(have) - len(last)  # after the last "...": the end of the output
    assert at >= position and fits(at, last), message


def environment(home: Path) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "COLUMNS": "140",
        "TERM": "dumb",
        "PYTHONUNBUFFERED": "1",
    }


def run_command(command: str, shown: list[str], home: Path, where: str) -> None:
    """A non-interactive ``deduce`` command: its output is what the docs show."""
    words = shlex.split(command)
    result = subprocess.run(
        [SCRIPT, *words[1:]],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=home,
        env=environment(home),
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    check_shown(shown, result.stdout.replace(str(home), HOME), where)


def replay(command: str, transcript: list[str], home: Path, where: str) -> None:
    """A ``deduce play`` session: type every input line and check every shown line."""
    games = "|".join(re.escape(name) for name in adapters())
    prompt_line = re.compile(rf"^((?:{games})> )(.*)$")
    assert transcript, f"{where}: show the session of {command!r}"
    term = Terminal(
        shlex.split(command)[1:],
        home=home,
        environment={"XDG_STATE_HOME": None, "COLUMNS": "140"},
    )
    expected: list[str] = []
    typed = False
    for line in transcript:
        found = prompt_line.match(line)
        question = None if found else _QUESTION.match(line)
        if found is not None:
            prompt, answer = found.group(1), found.group(2)
        elif question is not None:
            prompt, answer = question.group(1) + " ", question.group(2) or ""
        else:
            expected.append(line)
            continue
        shown = term.expect(prompt)
        check_shown(expected, after_echo(shown, typed, home), f"{where}, before {line!r}")
        expected = []
        term.send(answer)
        typed = True
    mark = len(term.seen)
    assert term.finish() == 0, term.seen
    check_shown(expected, after_echo(term.seen[mark:], typed, home), f"{where}, at the end")


def after_echo(shown: str, typed: bool, home: Path) -> str:
    """What the terminal showed, without the echo of the line typed last, with the home
    directory written as in the docs."""
    if typed:  # the terminal echoes the line typed last
        shown = shown.split("\n", 1)[1] if "\n" in shown else ""
    return shown.replace(str(home), HOME)


@pytest.mark.parametrize("page", PAGES)
def test_console_blocks_run_as_shown(page: str) -> None:
    home = Path(tempfile.mkdtemp(prefix="dd"))  # short: paths must fit on a line
    cluster = None
    try:
        for number, (language, lines) in enumerate(blocks(page), 1):
            where = f"{page}, block {number}"
            if language == "text":
                syntaxes = [textwrap.dedent(a.syntax).strip("\n") for a in adapters().values()]
                assert "\n".join(lines) in syntaxes, f"{where}: not a game's clue syntax"
                continue
            assert language == "console", f"{where}: a ```{language} block is not run"
            for command, shown in commands(lines):
                if command.startswith("deduce play") and "--list" not in command:
                    replay(command, shown, home, where)
                elif command.startswith("deduce "):
                    if cluster is not None:
                        command = command.replace(_DOCS_SCHEDULER, cluster.scheduler_address)
                    run_command(command, shown, home, where)
                elif command == "pip install deduce-notebook[plot,dask]":
                    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
                    assert project["name"] == "deduce-notebook", where
                    assert {"plot", "dask"} <= set(project["optional-dependencies"]), where
                    assert not shown, where
                elif command in {"dask scheduler", f"dask worker {_DOCS_SCHEDULER}"}:
                    # the cluster of the docs, on a free port instead of 8786
                    if cluster is None:
                        import distributed

                        cluster = distributed.LocalCluster(
                            n_workers=1,
                            threads_per_worker=1,
                            processes=False,
                            protocol="tcp",
                            host="127.0.0.1",
                            dashboard_address=":0",
                        )
                    assert not shown, where
                else:
                    pytest.fail(f"{where}: no way to run {command!r}")
    finally:
        if cluster is not None:
            cluster.close()


def test_the_transcript_checker_refuses_what_is_not_shown() -> None:
    shown = "noted: 1122\n256 solutions left\n next move  information\n 1344  3.22 bits\n"
    check_shown(["noted: 1122", "...", " 1344  3.22 bits"], shown, "ok")
    check_shown(["noted: ...", "...", " 1344  ... bits"], shown, "ok")
    for wrong in (
        ["noted: 1123", "..."],
        ["...", " 1345  3.22 bits"],
        ["256 solutions left", "..."],
        ["noted: 1122", "256 solutions left"],
    ):
        with pytest.raises(AssertionError):
            check_shown(wrong, shown, "wrong")
