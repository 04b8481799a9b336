"""Saved games kept whatever the folder holds: a refusal never shows what a file that is
not a saved session holds, a lock file deduce did not make is told apart from a lock held
by a running program, a read error is said as the read error it is, the set-aside copies
of a file stay few, and clues that are not saved yet are never dropped."""

from __future__ import annotations

import errno
import io
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from deduce import InvalidInput
from deduce.games.mastermind import Investigation
from deduce.play import adapter, files
from deduce.play.play_command import _autosave_lock, _keep_autosave, offer_resume
from deduce.play.session import Session

GAME = Investigation(3, 4).guess("123", black=1, white=1)
PASSWD = "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"


def console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=300, color_system=None, highlight=False), out


def session(
    autosave: Path | None, investigation: Investigation = GAME
) -> tuple[Session, io.StringIO]:
    shown, out = console()
    return Session(adapter("mastermind"), investigation, shown, autosave=autosave), out


# -- a refusal never quotes a file that is not a saved session ------------------------------

FOREIGN = {
    "text": PASSWD.encode(),
    "a JSON list": b'["root:x:0:0", "hunter2"]',
    "a JSON object": b'{"password": "hunter2", "user": "root:x:0:0"}',
    "an object with a format": b'{"format": 2, "password": "hunter2 root:x:0:0"}',
    "not UTF-8": b"root:x:0:0 hunter2 \xff\xfe",
    "empty": b"",
    "JSON nested deeply": b"[" * 100_000 + b'"root:x:0:0 hunter2"' + b"]" * 100_000,
}


@pytest.mark.parametrize("content", FOREIGN.values(), ids=list(FOREIGN))
@pytest.mark.parametrize("linked", [False, True], ids=["file", "link"])
def test_a_file_that_is_not_a_save_is_refused_without_a_word_of_it(
    tmp_path: Path, content: bytes, linked: bool
) -> None:
    outside = tmp_path / "elsewhere" / "private.txt"
    outside.parent.mkdir()
    outside.write_bytes(content)
    folder = tmp_path / "saves"
    folder.mkdir()
    path = folder / "pw.json"
    if linked:
        path.symlink_to(outside)
    else:
        path.write_bytes(content)
    for read in (lambda: files.load_file(path, Investigation), lambda: files.saved_game(path)):
        with pytest.raises(InvalidInput) as caught:
            read()
        said = str(caught.value)
        assert "root:x" not in said and "hunter2" not in said and "daemon" not in said, said
        assert "not a saved session" in said, said
        assert "private.txt" not in said and "elsewhere" not in said, said  # not where it leads
        assert ("symbolic link" in said) == linked, said


def test_the_console_and_the_page_refuse_a_planted_link_without_a_word_of_it(
    tmp_path: Path, client: Any
) -> None:
    outside = tmp_path.parent / f"{tmp_path.name}-passwd"
    outside.write_text(PASSWD)
    folder = tmp_path / "saves"
    folder.mkdir()
    (folder / "pw.json").symlink_to(outside)
    played, out = session(None)
    played.handle(f"load {folder / 'pw.json'}")
    said = out.getvalue()
    assert "refused:" in said and "not a saved session" in said, said
    assert "root:x" not in said and outside.name not in said, said
    client.post("/api/sessions", json={"game": "mastermind", "setup": {"pegs": 3, "colours": 4}})
    answer = client.post("/api/sessions/mastermind/lines", json={"line": "load pw"})
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert "not a saved session" in error and "symbolic link" in error, error
    assert "root:x" not in error and outside.name not in error and str(tmp_path) not in error


def test_a_saved_session_of_another_game_is_still_named(tmp_path: Path) -> None:
    from deduce.games import bsi

    path = tmp_path / "other.json"
    path.write_text(bsi.Investigation().to_json())
    with pytest.raises(InvalidInput, match="it holds a Black Stories Investigation game"):
        files.load_file(path, Investigation)


# -- a lock file deduce did not make is not a lock held by a running program ----------------


def test_a_lock_file_that_is_a_link_is_refused_as_such_not_as_held(tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    (tmp_path / ".game.json.lock").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(files.LockRefused) as caught:
        files.SessionLock.acquire(game, holder="deduce serve")
    assert not isinstance(caught.value, files.LockHeld)
    assert isinstance(caught.value, InvalidInput)
    assert caught.value.what == "a symbolic link"
    assert caught.value.lock_file == tmp_path / ".game.json.lock"
    assert "it is a symbolic link, which is refused as a lock" in str(caught.value)
    assert "is using it" not in str(caught.value)


def test_a_lock_held_by_a_running_program_says_who(tmp_path: Path) -> None:
    import subprocess
    import sys

    game = tmp_path / "game.json"
    code = (
        "import sys; from pathlib import Path; from deduce.play.files import SessionLock\n"
        f"lock = SessionLock.acquire(Path({str(game)!r}), holder='deduce serve')\n"
        "print('locked', flush=True); sys.stdin.readline()"
    )
    other = subprocess.Popen(
        [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert other.stdout is not None and other.stdin is not None
    try:
        assert other.stdout.readline().strip() == "locked"
        with pytest.raises(files.LockHeld) as caught:
            files.SessionLock.acquire(game)
        assert not isinstance(caught.value, files.LockRefused)
        assert caught.value.holder == "deduce serve"
        assert f"deduce serve process {other.pid}" in str(caught.value)
    finally:
        other.stdin.close()
        other.wait(30)


def test_the_page_says_a_lock_file_is_a_link_not_that_the_console_has_the_game(
    tmp_path: Path, client: Any
) -> None:
    files.save_file(tmp_path / "mastermind.json", GAME)
    (tmp_path / ".mastermind.json.lock").symlink_to(tmp_path / "elsewhere")
    answer = client.get("/api/sessions/mastermind")
    error = answer.json()["error"]
    assert answer.status_code == 409
    assert "console" not in error and "symbolic link" in error, error
    assert str(tmp_path) not in error


# -- a read error is the read error it is -----------------------------------------------------


def failing(monkeypatch: pytest.MonkeyPatch, name: str, code: int) -> Callable[[], None]:
    """Make every opening of the file ``name`` for reading fail with ``code``; returns the
    undoing."""
    real = os.open

    def opening(path: Any, flags: int, *args: Any, **options: Any) -> int:
        if Path(path).name == name and not flags & (os.O_WRONLY | os.O_RDWR):
            raise OSError(code, os.strerror(code), str(path))
        return real(path, flags, *args, **options)

    monkeypatch.setattr(os, "open", opening)
    return lambda: monkeypatch.setattr(os, "open", real)


@pytest.mark.parametrize("code", [errno.EMFILE, errno.EACCES, errno.EIO])
def test_a_read_error_is_said_as_such_and_the_file_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    path = tmp_path / "mastermind.json"
    files.save_file(path, GAME)
    before = path.read_bytes()
    failing(monkeypatch, "mastermind.json", code)
    with pytest.raises(InvalidInput) as caught:
        files.save_file(path, GAME.guess("412", 0, 1))
    said = str(caught.value)
    assert os.strerror(code) in said and "something else" not in said, said
    with pytest.raises(files.Unreadable) as read:
        files.is_save(path)
    assert read.value.errno == code
    with pytest.raises(files.Unreadable):
        files.load_file(path, Investigation)
    assert not files.is_save(tmp_path / "missing.json")  # nothing there is no save

    # the console: never set aside, never called foreign
    shown, out = console()
    resumed, kept = offer_resume(path, adapter("mastermind"), lambda prompt: "yes", shown)
    assert resumed is None and kept is None  # not autosaved: the file stays as it is
    assert os.strerror(code) in out.getvalue() and "is kept in" not in out.getvalue()
    shown, out = console()
    assert _keep_autosave(path, GAME.guess("412", 0, 1), adapter("mastermind"), shown) is None
    assert os.strerror(code) in out.getvalue() and "kept in" not in out.getvalue()
    with pytest.raises(InvalidInput) as caught, _autosave_lock(path, named=True):
        pass
    assert os.strerror(code) in str(caught.value) and "something else" not in str(caught.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mastermind.json"]
    assert path.read_bytes() == before


def test_a_read_error_of_the_autosave_on_the_page_is_said_and_the_file_stays(
    tmp_path: Path, client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "mastermind.json"
    files.save_file(path, GAME)
    before = path.read_bytes()
    failing(monkeypatch, "mastermind.json", errno.EMFILE)
    answer = client.post("/api/sessions", json={"game": "mastermind", "setup": {}})
    replies = answer.json().get("replies", [])
    said = " ".join([answer.json().get("error", ""), *(r["words"] for r in replies)])
    assert os.strerror(errno.EMFILE) in said and "something else" not in said, said
    assert sorted(p.name for p in tmp_path.iterdir() if p.name[0] != ".") == ["mastermind.json"]
    assert path.read_bytes() == before


def test_a_read_error_when_the_page_opens_a_game_leaves_the_file_as_it_is(
    tmp_path: Path, client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "mastermind.json"
    files.save_file(path, GAME)
    undo = failing(monkeypatch, "mastermind.json", errno.EIO)
    answer = client.get("/api/sessions/mastermind")
    assert answer.status_code == 409
    error = answer.json()["error"]
    assert os.strerror(errno.EIO) in error and "kept in" not in error, error
    assert sorted(p.name for p in tmp_path.iterdir() if p.name[0] != ".") == ["mastermind.json"]
    undo()
    history = client.get("/api/sessions/mastermind").json()["history"]
    assert [c["words"] for c in history] == ["123: 1 black, 1 white"]


# -- set-aside copies stay few ----------------------------------------------------------------


def games(count: int) -> list[Investigation]:
    """``count`` different games with a clue each."""
    codes = [f"{a}{b}{c}" for a in "1234" for b in "1234" for c in "1234"]
    return [Investigation(3, 4).guess(code, 0, 0) for code in codes[:count]]


def copies(path: Path) -> list[str]:
    return sorted(
        (p.name for p in path.parent.iterdir() if p.name.startswith(path.name + ".bak")),
        key=lambda name: int(name.rpartition(".")[2]) if name[-1].isdigit() else 1,
    )


def test_set_aside_copies_are_bounded_and_never_the_only_copy_of_a_game(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    played = games(files.KEEP_ASIDE + 3)
    for game in played[: files.KEEP_ASIDE]:
        files.save_file(path, game)
        files.set_aside(path)
    assert len(copies(path)) == files.KEEP_ASIDE
    kept = {name: (tmp_path / name).read_bytes() for name in copies(path)}
    files.save_file(path, played[files.KEEP_ASIDE])
    with pytest.raises(files.AsideFull) as caught:
        files.set_aside(path)
    said = str(caught.value.strerror)
    assert f"{files.KEEP_ASIDE} earlier games are kept aside" in said, said
    assert "game.json.bak" in said and "remove" in said, said
    assert {name: (tmp_path / name).read_bytes() for name in copies(path)} == kept
    assert files.load_file(path, Investigation) == played[files.KEEP_ASIDE]  # left as it is


def test_a_copy_kept_already_is_not_made_again(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    one, two = games(2)
    names = []
    for game in [one, two] * 20:  # loading two games in turn, again and again
        files.save_file(path, game)
        names.append(files.set_aside(path).name)
    assert copies(path) == ["game.json.bak", "game.json.bak.2"]
    assert names == ["game.json.bak", "game.json.bak.2"] * 20
    assert files.load_file(tmp_path / "game.json.bak", Investigation) == one
    assert files.load_file(tmp_path / "game.json.bak.2", Investigation) == two
    assert not path.exists()


def test_at_the_bound_copies_that_hold_nothing_of_their_own_make_room(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    bound = files.KEEP_ASIDE
    played = games(bound)
    files.save_file(path, Investigation(3, 4))  # a set-up without a clue: the oldest copy
    files.set_aside(path)
    for game in played[: bound - 2]:
        files.save_file(path, game)
        files.set_aside(path)
    twin = tmp_path / f"game.json.bak.{bound}"  # a copy of a copy (an older version's)
    twin.write_bytes((tmp_path / "game.json.bak.3").read_bytes())
    assert len(copies(path)) == bound
    files.save_file(path, played[-2])
    assert files.set_aside(path).name == f"game.json.bak.{bound + 1}"  # the numbers go on
    assert len(copies(path)) == bound
    assert not (tmp_path / "game.json.bak").exists()  # the set-up alone made room
    files.save_file(path, played[-1])
    assert files.set_aside(path).name == f"game.json.bak.{bound + 2}"
    assert len(copies(path)) == bound
    assert not (tmp_path / "game.json.bak.3").exists()  # its twin holds it
    kept = [files.load_file(tmp_path / name, Investigation) for name in copies(path)]
    assert len(kept) == len(played) and all(game in kept for game in played)  # each with clues


def test_new_games_on_the_page_keep_few_copies(tmp_path: Path, client: Any) -> None:
    small = {"pegs": 3, "colours": 4}
    refused = 0
    for code in [f"{a}{b}{c}" for a in "1234" for b in "1234" for c in "12"][:15]:
        answer = client.post("/api/sessions", json={"game": "mastermind", "setup": small})
        if answer.status_code != 201:
            refused += 1
            assert "earlier games are kept aside" in answer.json()["error"]
            continue
        client.post("/api/sessions/mastermind/lines", json={"line": f"guess {code} 0 0"})
    assert len(copies(tmp_path / "mastermind.json")) == files.KEEP_ASIDE
    assert refused == 15 - files.KEEP_ASIDE - 1


# -- clues that are not saved are never dropped -----------------------------------------------


def full_disk(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """Make every write end as on a full disk; returns the undoing."""
    real = os.fsync

    def full(handle: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full)
    return lambda: monkeypatch.setattr(files.os, "fsync", real)


def test_unsaved_clues_counts_what_the_file_lacks(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    assert files.unsaved_clues(path, GAME) == 1  # no file: every clue
    files.save_file(path, GAME)
    assert files.unsaved_clues(path, GAME) == 0
    assert files.unsaved_clues(path, GAME.guess("412", 0, 1).guess("444", 0, 0)) == 2
    assert files.unsaved_clues(path, GAME.undo()) == 0  # an undo loses no clue
    assert files.unsaved_clues(path, Investigation(3, 5).guess("123", 1, 1)) == 1  # another game
    path.write_text("notes")
    assert files.unsaved_clues(path, GAME) == 1
    files.save_file(path.with_name("elsewhere.json"), GAME)
    path.unlink()
    files.save_file(path, GAME.guess("412", 0, 1))
    files.set_aside(path)  # kept aside: as good as saved
    assert files.unsaved_clues(path, GAME.guess("412", 0, 1)) == 0
    assert files.unsaved_clues(path, GAME.guess("412", 0, 1).guess("444", 0, 0)) == 1


def test_loading_never_drops_clues_that_are_not_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    autosave = tmp_path / "mastermind.json"
    other = tmp_path / "other.json"
    files.save_file(other, Investigation(3, 4).guess("444", 0, 0))
    played, out = session(autosave)
    played._save()
    undo = full_disk(monkeypatch)
    played.handle("guess 412 0 1")  # noted, not saved
    assert "could not autosave" in out.getvalue() and not played.saved
    played.handle(f"load {other}")
    said = out.getvalue().split("could not autosave")[-1]
    assert "refused:" in said and "1 clue that is not saved" in said, said
    assert len(played.investigation.clues) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mastermind.json", "other.json"]
    undo()  # room again: the load saves the clue first, then keeps the game aside
    played.handle(f"load {other}")
    assert files.load_file(tmp_path / "mastermind.json.bak", Investigation) == GAME.guess(
        "412", 0, 1
    )


def test_a_new_game_on_a_full_disk_never_drops_the_open_games_unsaved_clue(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from deduce.errors import DeduceError
    from deduce.serve.open_games import OpenGames

    small = {"pegs": 3, "colours": 4}
    tables = OpenGames(tmp_path)
    try:
        game = tables.create("mastermind", small)
        game.post("guess 123 1 1")
        undo = full_disk(monkeypatch)
        game.session.handle("guess 412 0 1")  # the console's session goes on in memory
        assert not game.session.saved and len(game.session.investigation.clues) == 2
        with pytest.raises(DeduceError) as caught:
            tables.create("mastermind", small)
        said = str(caught.value)
        assert "The game open now has 1 clue that is not saved" in said, said
        assert "the disk is full" in said and str(tmp_path) not in said, said
        assert tables.games["mastermind"] is game  # still open, with both clues
        assert len(game.session.investigation.clues) == 2
        assert sorted(p.name for p in tmp_path.iterdir() if p.name[0] != ".") == ["mastermind.json"]
        assert files.load_file(tmp_path / "mastermind.json", Investigation) == GAME
        undo()  # room again: the clue is saved, then kept aside, and the new game starts
        new = tables.create("mastermind", small)
        assert new.session.investigation.clues == ()
        kept = files.load_file(tmp_path / "mastermind.json.bak", Investigation)
        assert kept == GAME.guess("412", 0, 1)
    finally:
        tables.close()
