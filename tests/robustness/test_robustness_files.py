"""The files of ``deduce play`` against links, FIFOs, devices, removed locks and a full
disk: through the API, and through the real ``deduce`` script in a pseudo-terminal."""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from terminal import Terminal

from deduce import InvalidInput
from deduce.games.mastermind import Investigation
from deduce.play import files, locks

PROMPT = "mastermind> "
SETUP = [*("--set", "pegs=4", "--set", "colours=6", "--set", "black_only=no", "--set", "limit=10")]
GAME = Investigation().guess("1122", 1, 0)


def clues(path: Path) -> int:
    return len(Investigation.from_json(path.read_text()).clues)


@contextlib.contextmanager
def at_once(seconds: float = 5) -> Iterator[None]:
    """Fail (instead of hanging) when the block takes longer than ``seconds``."""

    def alarm(signum: int, frame: object) -> None:
        raise AssertionError(f"still waiting after {seconds} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A folder on a full disk: a 64 KB tmpfs when root can mount one, else a folder where
    ``os.write`` and ``os.fsync`` fail with ENOSPC."""
    folder = tmp_path / "full"
    folder.mkdir()
    mounted = os.geteuid() == 0 and (
        subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(folder)],
            capture_output=True,
        ).returncode
        == 0
    )
    if not mounted:
        pytest.skip("no tmpfs can be mounted here")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(folder: Path) -> None:
    with contextlib.suppress(OSError), open(folder / "filler", "wb") as stream:
        while True:
            stream.write(b"\0" * 4096)
            stream.flush()


# -- 1. the lock file is never followed ---------------------------------------------------


def test_a_planted_lock_symlink_leaves_its_target_untouched(tmp_path: Path) -> None:
    precious = tmp_path / "precious.txt"
    precious.write_text("my notes")
    game = tmp_path / "game.json"
    (tmp_path / ".game.json.lock").symlink_to(precious)
    with pytest.raises(
        InvalidInput, match="a symbolic link, which is refused as a lock; it is left as it is"
    ):
        files.save_file(game, GAME)
    with pytest.raises(InvalidInput, match="symbolic link"):
        files.SessionLock.acquire(game)
    assert precious.read_text() == "my notes"
    assert not game.exists()
    (tmp_path / ".game.json.lock").unlink()
    dangling = tmp_path / "nothing-here"
    (tmp_path / ".game.json.lock").symlink_to(dangling)
    with pytest.raises(InvalidInput, match="symbolic link"):
        files.save_file(game, GAME)
    assert not dangling.exists()


@pytest.mark.parametrize("kind", ["fifo", "folder", "hard link"])
def test_a_lock_name_that_is_not_a_plain_file_is_refused(tmp_path: Path, kind: str) -> None:
    name = tmp_path / ".game.json.lock"
    other = tmp_path / "other.txt"
    if kind == "fifo":
        os.mkfifo(name)
    elif kind == "folder":
        name.mkdir()
    else:
        other.write_text("mine")
        os.link(other, name)
    with at_once(), pytest.raises(InvalidInput, match="lock file"):
        files.save_file(tmp_path / "game.json", GAME)
    assert not other.exists() or other.read_text() == "mine"


def test_the_lock_says_who_holds_it(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    with holding(game), pytest.raises(InvalidInput) as caught:
        files.save_file(game, GAME)
    assert "deduce process " in str(caught.value)
    assert " UTC" in str(caught.value)  # when it started
    assert not game.exists()


def test_a_lock_from_another_pid_namespace_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tmp_path / "game.json"
    with holding(game):
        real = os.readlink
        monkeypatch.setattr(
            locks.os, "readlink", lambda p: "pid:[1]" if "ns/pid" in str(p) else real(p)
        )
        with pytest.raises(InvalidInput, match="in another container"):
            files.save_file(game, GAME)


@contextlib.contextmanager
def holding(path: Path) -> Iterator[subprocess.Popen[str]]:
    """Another process holding the lock on ``path`` (until the block ends)."""
    code = (
        "import sys; from pathlib import Path; from deduce.play.files import SessionLock\n"
        f"lock = SessionLock.acquire(Path({str(path)!r})); print('locked', flush=True)\n"
        "sys.stdin.readline(); lock.release()"
    )
    other = subprocess.Popen(
        [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert other.stdout is not None and other.stdin is not None
    assert other.stdout.readline().strip() == "locked"
    try:
        yield other
    finally:
        other.stdin.close()
        other.wait(30)


# -- 2. a symlinked save is written through --------------------------------------------


def test_a_symlinked_save_keeps_the_link_and_every_clue(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    target = tmp_path / "games" / "real.json"
    link = tmp_path / "game.json"
    link.symlink_to(target)
    game = Investigation()
    with files.SessionLock.acquire(link):
        for code, black, white in (("1122", 1, 0), ("1344", 3, 0), ("5556", 0, 1)):
            game = game.guess(code, black, white)
            files.save_file(link, game)
            assert link.is_symlink()
            assert clues(target) == len(game.clues)
        assert files.SessionLock.holds(target)
    assert files.load_file(link, Investigation) == game
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json", "games"]
    assert sorted(p.name for p in target.parent.iterdir()) == ["real.json"]
    backup = files.set_aside(link)
    assert backup == target.with_name("real.json.bak") and link.is_symlink()


def test_a_circle_of_links_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.json").symlink_to(tmp_path / "b.json")
    (tmp_path / "b.json").symlink_to(tmp_path / "a.json")
    with pytest.raises(InvalidInput, match="cannot be followed"):
        files.save_file(tmp_path / "a.json", GAME)


# -- 3. one lock per file, whatever its name ---------------------------------------------


def test_two_sessions_through_a_symlink_are_refused(tmp_path: Path) -> None:
    target = tmp_path / "game.json"
    link = tmp_path / "link.json"
    link.symlink_to(target)
    with holding(target):
        with pytest.raises(InvalidInput, match="is using it"):
            files.SessionLock.acquire(link)
        with pytest.raises(InvalidInput, match="is using it"):
            files.save_file(link, GAME)
    assert not target.exists()


def test_a_removed_lock_file_never_lets_two_sessions_write(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    lock = files.SessionLock.acquire(game)
    files.save_file(game, GAME)
    name = tmp_path / ".game.json.lock"
    name.unlink()  # someone cleans the folder up
    files.save_file(game, GAME.guess("3456", 0, 3))  # the lock is made again
    assert name.exists()
    name.unlink()
    with holding(game):  # a second session starts meanwhile
        with pytest.raises(InvalidInput, match="is using it"):
            files.save_file(game, GAME.guess("3456", 0, 3).guess("1111", 1, 0))
        lock.release()  # the first session quits: the second one's lock stays
        assert name.exists()
    assert clues(game) == 2


# -- FIFOs, devices, sizes ----------------------------------------------------------------


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "fifo", "folder"])
def test_a_fifo_or_a_device_is_refused_at_once(tmp_path: Path, device: str) -> None:
    path = Path(device)
    if device == "fifo":
        path = tmp_path / "pipe"
        os.mkfifo(path)
    elif device == "folder":
        path = tmp_path
    with at_once():
        for read in (
            lambda: files.load_file(path, Investigation),
            lambda: files.saved_game(path),
        ):
            with pytest.raises(InvalidInput, match="not a regular file"):
                read()
        assert not files.is_save(path)
        with pytest.raises(InvalidInput):
            files.save_file(path, GAME)
        with pytest.raises(InvalidInput):
            files.set_aside(path)


def test_a_file_too_large_is_refused_by_its_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    files.save_file(path, GAME)
    monkeypatch.setattr(files, "MAX_BYTES", 50)
    with pytest.raises(InvalidInput, match="more than 50"):
        files.load_file(path, Investigation)


# -- a full disk ----------------------------------------------------------------------------


def test_a_full_disk_is_an_error_of_its_own_and_the_old_file_stays(tiny_disk: Path) -> None:
    path = tiny_disk / "game.json"
    files.save_file(path, GAME)
    fill(tiny_disk)
    with pytest.raises(files.DiskFull, match="the disk is full"):
        files.save_file(path, GAME.guess("3456", 0, 3))
    assert files.load_file(path, Investigation) == GAME
    assert sorted(p.name for p in tiny_disk.iterdir()) == ["filler", "game.json"]


def test_a_full_disk_by_mock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    files.save_file(path, GAME)

    def full(*args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full)
    with pytest.raises(files.DiskFull):
        files.save_file(path, GAME.guess("3456", 0, 3))
    assert files.load_file(path, Investigation) == GAME
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


# -- through the console ------------------------------------------------------------------


def autosave(home: Path) -> Path:
    return home / "state" / "deduce" / "mastermind.json"


def play(home: Path, *args: str) -> Terminal:
    term = Terminal(["play", "mastermind", *SETUP, *args], home=home)
    term.expect_prompt(PROMPT)
    return term


def note(term: Terminal, line: str) -> str:
    term.send(line)
    shown = term.expect_prompt(PROMPT)
    assert "noted:" in shown, shown
    return shown


def test_console_a_planted_lock_symlink_leaves_its_target_untouched(tmp_path: Path) -> None:
    precious = tmp_path / "precious.txt"
    precious.write_text("my notes")
    autosave(tmp_path).parent.mkdir(parents=True)
    (autosave(tmp_path).parent / ".mastermind.json.lock").symlink_to(precious)
    for args in ([], ["--resume"]):
        term = Terminal(["play", "mastermind", *SETUP, *args], home=tmp_path)
        shown = " ".join(term.expect("expected").split())
        assert "it is a symbolic link, which is refused as a lock; it is left as it is" in shown
        assert term.finish() == 1
    assert precious.read_text() == "my notes"
    term = play(tmp_path, "--no-autosave")
    note(term, "1122 1 0")
    term.send(f"save {autosave(tmp_path)}")
    assert "symbolic link" in term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0
    assert precious.read_text() == "my notes"


def test_console_a_symlinked_autosave_keeps_every_clue(tmp_path: Path) -> None:
    (tmp_path / "games").mkdir()
    target = tmp_path / "games" / "real.json"
    link = tmp_path / "game.json"
    link.symlink_to(target)
    term = play(tmp_path, "--autosave", str(link))
    for line in ("1122 1 0", "1344 3 0", "5556 0 1"):
        assert "could not autosave" not in note(term, line)
    term.kill()
    assert link.is_symlink() and clues(target) == 3
    again = Terminal(["play", "mastermind", "--resume", "--autosave", str(link)], home=tmp_path)
    assert "Resumed 3 clues" in again.expect_prompt(PROMPT)
    note(again, "6123 0 2")
    again.send("quit")
    assert again.finish() == 0
    assert "Session saved in" in again.seen
    assert link.is_symlink() and clues(target) == 4


def test_console_two_sessions_through_a_symlink_are_refused(tmp_path: Path) -> None:
    first = play(tmp_path)
    note(first, "1122 1 0")
    link = tmp_path / "link.json"
    link.symlink_to(autosave(tmp_path))
    second = Terminal(["play", "mastermind", *SETUP, "--autosave", str(link)], home=tmp_path)
    assert "is using it" in " ".join(second.expect("--no-autosave").split())
    assert second.finish() == 1
    (autosave(tmp_path).parent / ".mastermind.json.lock").unlink()
    note(first, "1344 0 1")  # the first session makes its lock again
    third = Terminal(["play", "mastermind", *SETUP, "--autosave", str(link)], home=tmp_path)
    assert "is using it" in " ".join(third.expect("--no-autosave").split())
    assert third.finish() == 1
    first.send("quit")
    assert first.finish() == 0
    assert clues(autosave(tmp_path)) == 2


def test_console_a_fifo_or_a_device_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    start = time.monotonic()
    term = Terminal(["play", "mastermind", *SETUP, "--autosave", str(fifo)], home=tmp_path)
    shown = " ".join(term.expect("expected").split())
    assert "it is a FIFO (named pipe), left as it is" in shown
    assert term.finish() == 1
    term = Terminal(["play", "mastermind", "--resume", str(fifo)], home=tmp_path)
    assert "not a regular file" in " ".join(term.expect("expected").split())
    assert term.finish() == 1
    term = play(tmp_path)
    for name in ("/dev/zero", "/dev/urandom", str(fifo)):
        term.send(f"load {name}")
        assert "not a regular file" in " ".join(term.expect_prompt(PROMPT).split())
        term.send(f"save {name}")
        assert "refused:" in term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0
    assert time.monotonic() - start < 60


def test_console_a_full_disk_says_not_saved_and_goes_on(tiny_disk: Path) -> None:
    home = tiny_disk.parent
    state = tiny_disk / "state"
    files.save_file(state / "deduce" / "mastermind.json", GAME, create_directory=True)
    fill(tiny_disk)
    environment = {"XDG_STATE_HOME": str(state)}
    term = Terminal(["play", "mastermind", "--resume"], home=home, environment=environment)
    shown = " ".join(term.expect_prompt(PROMPT).split())
    assert "Resumed 1 clue" in shown
    note(term, "1344 0 1")
    shown = " ".join(term.seen.split())
    assert "the disk is full. Not saved: the session goes on in memory" in shown
    term.send("history")
    assert "2. 1344" in term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0
    assert "The session is not saved" in term.seen
    assert clues(state / "deduce" / "mastermind.json") == 1  # the old file is whole
    (tiny_disk / "filler").unlink()
    term = Terminal(["play", "mastermind", *SETUP], home=home, environment=environment)
    term.expect("Continue it?")
    term.send("yes")
    term.expect_prompt(PROMPT)
    term.send("quit")
    assert term.finish() == 0


def test_console_escape_sequences_from_a_file_never_reach_the_terminal(tmp_path: Path) -> None:
    from deduce.games import crime_writers as cw

    saved = tmp_path / "story.json"
    inv = cw.Investigation(cw.Deck.example()).found("why", "Stage \x1bc fright \x1b]0;x")
    saved.write_text(inv.to_json())
    term = Terminal(
        ["play", "crime-writers", "--resume", str(saved), "--no-autosave"], home=tmp_path
    )
    term.expect_prompt("crime-writers> ")
    term.send("history")
    shown = term.expect_prompt("crime-writers> ")
    assert "Stage ␛c fright ␛]0;x" in shown
    term.send("quit")
    assert term.finish() == 0
    assert "\x1bc" not in term.seen and "\x1b]" not in term.seen


@pytest.mark.parametrize("redirect", [">&-", ">/dev/full"])
def test_console_closed_or_full_output_gives_a_message_and_no_traceback(
    tmp_path: Path, redirect: str
) -> None:
    import terminal

    environment = dict(os.environ, HOME=str(tmp_path), XDG_STATE_HOME=str(tmp_path / "state"))
    deduce = terminal.script()
    setup = " ".join(SETUP)
    for command in (f"{deduce} play mastermind {setup}", f"{deduce} demo mastermind"):
        result = subprocess.run(
            ["bash", "-c", f"{command} {redirect}"],
            input="1122 1 0\n",
            capture_output=True,
            text=True,
            env=environment,
            cwd=tmp_path,
            timeout=120,
        )
        assert "Traceback" not in result.stderr, result.stderr
        if redirect == ">/dev/full":
            assert "cannot write the output: No space left on device" in result.stderr
            assert result.returncode == 1
    if redirect == ">&-":
        assert clues(autosave(tmp_path)) == 1  # the game is kept all the same
