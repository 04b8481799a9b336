"""The files of ``deduce play``: saved sessions written atomically, read whatever they
hold, set aside instead of overwritten, and locked while a session writes them.

Nothing here loses a saved game: a file is written to a temporary name and renamed over
the old one only when complete; a saved session that must make room is renamed to
``FILE.bak`` (``.bak.2``, ...), never over another file; a file that a running session
autosaves to is locked (a second session on it is refused); and a path that is not a
saved session (a directory, someone's notes) is never moved or overwritten.

Example:
    >>> import tempfile
    >>> from pathlib import Path
    >>> from deduce.games.mastermind import Investigation
    >>> folder = Path(tempfile.mkdtemp())
    >>> path = folder / "game.json"
    >>> save_file(path, Investigation(2, 3).guess("12", black=1, white=0))
    >>> len(load_file(path, Investigation).clues)
    1
    >>> set_aside(path).name
    'game.json.bak'
    >>> with SessionLock.acquire(folder / "game.json") as lock:
    ...     lock.path.name
    'game.json'
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import stat
from pathlib import Path
from types import TracebackType
from typing import Any

from deduce._validation import short
from deduce.errors import Contradiction, DeduceError, InvalidInput
from deduce.investigation import Investigation

try:  # advisory locks; where they do not exist a session file is simply not locked
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "SessionLock",
    "clean_temporaries",
    "is_save",
    "load_file",
    "same_file",
    "save_file",
    "saved_game",
    "set_aside",
]

_HELD: dict[str, SessionLock] = {}  # the locks this process holds, by resolved path


def _key(path: Path) -> str:
    return str(path.expanduser().resolve())


def _lock_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.lock")


def _temporary_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")


class SessionLock:
    """The lock a session holds on its file while it runs (a hidden ``.FILE.lock`` next to
    it, holding the process id; removed when released).

    Use :meth:`acquire`; release with :meth:`release` or a ``with`` block. A lock held by
    this process is held once: saving to a locked file from the same process works.

    Example:
        >>> import tempfile
        >>> from pathlib import Path
        >>> path = Path(tempfile.mkdtemp()) / "game.json"
        >>> lock = SessionLock.acquire(path)
        >>> lock.path == path, SessionLock.holds(path)
        (True, True)
        >>> lock.release()
        >>> SessionLock.holds(path)
        False
    """

    def __init__(self, path: Path, handle: int | None) -> None:
        self.path = path
        self._handle = handle

    @classmethod
    def acquire(cls, path: Path) -> SessionLock:
        """Lock ``path`` for this process.

        Where no lock file can be made (a read-only folder, a system without locks) the
        lock holds nothing: nobody can write there either, or nothing can be checked.

        Raises:
            InvalidInput: another process holds the lock (the message names it).
        """
        key = _key(path)
        if key in _HELD:
            return _HELD[key]
        if fcntl is None:  # pragma: no cover - Windows
            return cls(path, None)
        name = _lock_name(path)
        while True:
            try:
                handle = os.open(name, os.O_RDWR | os.O_CREAT, 0o666)
            except OSError:
                return cls(path, None)
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                owner = _read_owner(handle)
                os.close(handle)
                raise InvalidInput(
                    "file",
                    str(path),
                    "a file that no other deduce session is using (quit that session, or "
                    "choose another file with --autosave FILE, or --no-autosave)",
                    reason=f"deduce process {owner} is using it" if owner else "in use",
                ) from None
            try:  # the file may have been removed by its last holder meanwhile
                same = os.stat(name).st_ino == os.fstat(handle).st_ino
            except OSError:
                same = False
            if same:
                break
            os.close(handle)
        os.ftruncate(handle, 0)
        os.write(handle, f"{os.getpid()}\n".encode())
        lock = cls(path, handle)
        _HELD[key] = lock
        return lock

    @staticmethod
    def holds(path: Path) -> bool:
        """Whether this process holds the lock on ``path``."""
        return _key(path) in _HELD

    def release(self) -> None:
        """Give the lock up (removing the lock file)."""
        if self._handle is None:
            return
        _HELD.pop(_key(self.path), None)
        with contextlib.suppress(OSError):
            os.unlink(_lock_name(self.path))
        os.close(self._handle)
        self._handle = None

    def __enter__(self) -> SessionLock:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.release()


def _read_owner(handle: int) -> str:
    with contextlib.suppress(OSError, ValueError):
        text = os.pread(handle, 32, 0).decode("ascii").strip()
        if text.isdigit():
            return text
    return ""


@contextlib.contextmanager
def _locked(path: Path) -> Any:
    """Hold the lock on ``path`` for a moment (unless this process holds it already)."""
    if SessionLock.holds(path):
        yield
        return
    lock = SessionLock.acquire(path)
    try:
        yield
    finally:
        lock.release()


def is_save(path: Path) -> bool:
    """Whether ``path`` is a file that looks like a saved session (a JSON object naming its
    format and game); its clues are not checked.

    Example:
        >>> import tempfile
        >>> from pathlib import Path
        >>> notes = Path(tempfile.mkdtemp()) / "notes.txt"
        >>> _ = notes.write_text("milk, eggs")
        >>> is_save(notes), is_save(notes.parent)
        (False, False)
    """
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            return False
        document = json.loads(path.read_bytes().decode("utf-8"))
    except Exception:  # anything unreadable is not a save
        return False
    return isinstance(document, dict) and "format" in document and "game" in document


def _check_target(path: Path) -> None:
    """Refuse to overwrite ``path`` unless it is new or a saved session."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return
    except OSError as error:
        raise InvalidInput("file", str(path), "a writable file", reason=error.strerror) from None
    if stat.S_ISDIR(mode):
        raise InvalidInput("file", str(path), "a file", reason="it is a folder")
    if not is_save(path):
        raise InvalidInput(
            "file",
            str(path),
            "a new file or a saved session",
            reason="it holds something else, which is left as it is",
        )


def save_file(path: Path, investigation: Investigation, *, create_directory: bool = False) -> None:
    """Write ``investigation`` to ``path`` atomically (a temporary file, then a rename).

    The file gets the usual permissions of a new file (0666 less the umask). The
    directory is synced after the rename, so that the new name survives a power cut.

    Args:
        path: the file.
        investigation: what to write.
        create_directory: create missing directories (for the autosave file only: a file
            named by the player in a directory that does not exist is most likely a typing
            mistake).

    Raises:
        InvalidInput: ``path`` is a folder or a file that is not a saved session (left as
            it is), or another session is using it.
        OSError: the file cannot be written (e.g. its directory does not exist).
    """
    text = investigation.to_json()  # before anything is touched
    if create_directory:
        path.parent.mkdir(parents=True, exist_ok=True)
    with _locked(path):
        _check_target(path)
        temporary = _temporary_name(path)
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                stream.write(text)
                stream.flush()
                os.fsync(stream.fileno())
            os.replace(temporary, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise
    with contextlib.suppress(OSError):  # not every platform can open a directory
        directory = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)


def set_aside(path: Path) -> Path:
    """Rename ``path`` to ``path.bak`` (or ``.bak.2``, ``.bak.3``, ... if that exists):
    a saved session is never overwritten, and no other file is renamed over. Returns the
    new name.

    Raises:
        InvalidInput: ``path`` is not a file (a folder is never moved), or another
            session is using it.
        OSError: it cannot be renamed (e.g. a read-only folder).
    """
    if not path.is_file():
        raise InvalidInput("file", str(path), "a file", reason="only a saved file is set aside")
    with _locked(path):
        number = 1
        while True:
            suffix = ".bak" if number == 1 else f".bak.{number}"
            backup = path.with_name(path.name + suffix)
            try:
                os.link(path, backup, follow_symlinks=False)
            except FileExistsError:
                number += 1
                continue
            except OSError:  # no hard links here: rename, after a look
                if backup.exists() or backup.is_symlink():
                    number += 1
                    continue
                os.replace(path, backup)
                return backup
            os.unlink(path)
            return backup


def clean_temporaries(path: Path) -> list[Path]:
    """Remove the temporary files that an interrupted :func:`save_file` of ``path`` left
    (only while no other session is using ``path``). Returns what was removed.

    Example:
        >>> import tempfile
        >>> from pathlib import Path
        >>> path = Path(tempfile.mkdtemp()) / "game.json"
        >>> _ = (path.parent / ".game.json.0123abcd.tmp").write_text("{")
        >>> [p.name for p in clean_temporaries(path)]
        ['.game.json.0123abcd.tmp']
    """
    pattern = re.compile(rf"\.{re.escape(path.name)}\.[0-9a-f]{{8}}\.tmp")
    removed = []
    try:
        with _locked(path):
            for entry in sorted(path.parent.iterdir()):
                if pattern.fullmatch(entry.name) and entry.is_file():
                    with contextlib.suppress(OSError):
                        entry.unlink()
                        removed.append(entry)
    except (OSError, DeduceError):
        pass
    return removed


def load_file(path: Path, kind: type[Investigation]) -> Investigation:
    """Read a session saved by :func:`save_file` (every clue is checked again).

    Raises:
        InvalidInput: whatever is wrong with the file (unreadable, not a saved session of
            this game, clues that contradict each other), naming the file.
    """
    try:
        data = path.read_bytes()
    except OSError as error:
        raise InvalidInput(
            "file", str(path), "a readable saved session", reason=error.strerror
        ) from None
    try:
        return kind.from_json(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise InvalidInput(
            "file", str(path), "a saved session", reason="it is not UTF-8 text"
        ) from None
    except Contradiction as error:
        conflict = "; ".join(short(c) for c in error.conflict)
        raise InvalidInput(
            "file",
            str(path),
            "a saved session whose clues agree",
            reason=f"the file contradicts itself: its clue {short(error.clue)} cannot be "
            f"true together with its earlier clues {conflict}"
            if conflict
            else f"the file contradicts itself: its clue {short(error.clue)} is impossible",
        ) from None
    except InvalidInput as error:
        raise InvalidInput(
            "file", str(path), "a saved session", reason=short(str(error), 300)
        ) from None
    except Exception as error:  # whatever a damaged file makes the reader raise
        raise InvalidInput(
            "file",
            str(path),
            "a saved session",
            reason=f"it cannot be read ({type(error).__name__}: {short(error, 200)})",
        ) from None


def saved_game(path: Path) -> str:
    """The game's name stored in a saved session."""
    try:
        document = json.loads(path.read_bytes().decode("utf-8"))
    except OSError as error:
        raise InvalidInput(
            "file", str(path), "a readable saved session", reason=error.strerror
        ) from None
    except Exception as error:  # not UTF-8, not JSON, nested too deep, ...
        raise InvalidInput(
            "file", str(path), "a saved session (JSON)", reason=short(error, 200)
        ) from None
    game = document.get("game") if isinstance(document, dict) else None
    if not isinstance(game, str):
        raise InvalidInput("file", str(path), "a saved session naming its game")
    return game


def same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` name one existing file (False when either is missing).

    Example:
        >>> same_file(Path("."), Path("./.")), same_file(Path("."), Path("/no/such/file"))
        (True, False)
    """
    try:
        return a.samefile(b)
    except OSError:
        return False
