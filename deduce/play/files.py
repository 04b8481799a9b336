"""The files of ``deduce play``: saved sessions written atomically, read whatever they
hold, set aside instead of overwritten, and locked while a session writes them.

Nothing here loses a saved game: a file is written to a temporary name and renamed over
the old one only when complete; a saved session that must make room is renamed to
``FILE.bak`` (``.bak.2``, ...), never over another file; a file that a running session
autosaves to is locked (a second session on it is refused); and a path that is not a
saved session (a directory, someone's notes) is never moved or overwritten. A symbolic
link is written through to the file it points to (and stays a link); only regular files
are read, their size checked before they are read; a full disk is an error of its own
(:class:`DiskFull`), after which the old file is still whole.

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
import errno
import json
import os
import re
import secrets
import shlex
import stat
from collections.abc import Callable
from pathlib import Path

from deduce import persistence
from deduce._validation import short
from deduce.errors import Contradiction, DeduceError, InvalidInput
from deduce.investigation import Investigation
from deduce.reading import kind_of, read_regular

from .locks import SessionLock, locked, resolved

__all__ = [
    "MAX_BYTES",
    "DiskFull",
    "SessionLock",
    "clean_temporaries",
    "is_save",
    "load_file",
    "same_file",
    "save_file",
    "saved_game",
    "saved_text",
    "set_aside",
]

MAX_BYTES = 4 * persistence.MAX_CHARS
"""The largest saved file read, in bytes (UTF-8 takes at most 4 per character)."""


_FULL = (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))


class DiskFull(OSError):
    """A file could not be written: the disk (or the user's quota) is full."""


def _temporary_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")


def _read(path: Path) -> bytes:
    return read_regular(path, limit=MAX_BYTES, expected="a readable saved session")


def is_save(path: Path) -> bool:
    """Whether ``path`` is a file that looks like a saved session (a JSON object naming its
    format and game); its clues are not checked. A FIFO or a device is not (and is not
    read).

    Example:
        >>> import tempfile
        >>> from pathlib import Path
        >>> notes = Path(tempfile.mkdtemp()) / "notes.txt"
        >>> _ = notes.write_text("milk, eggs")
        >>> is_save(notes), is_save(notes.parent), is_save(Path("/dev/zero"))
        (False, False, False)
    """
    try:
        document = json.loads(_read(path).decode("utf-8"))
    except Exception:  # anything unreadable is not a save
        return False
    return isinstance(document, dict) and "format" in document and "game" in document


def saved_text(investigation: Investigation) -> str:
    """``investigation.to_json()``, refused when it could not be read back (too many
    clues, or too long: see :mod:`deduce.persistence`).

    Raises:
        InvalidInput: the session cannot take the last clue (naming the limit).

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> saved_text(Investigation(2, 2)).startswith("{")
        True
    """
    try:
        return investigation.to_json()
    except InvalidInput as error:
        raise InvalidInput(
            "clue",
            short(investigation.clues[-1]) if investigation.clues else None,
            "a clue after which the session can still be saved and read back",
            reason=f"{error.argument}={error.value} is too much: {error.expected}",
        ) from None


def _check_target(path: Path) -> os.stat_result | None:
    """Refuse to overwrite ``path`` (a resolved path) unless it is new or a saved session;
    its status if it exists."""
    try:
        info = path.lstat()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise InvalidInput("file", str(path), "a writable file", reason=error.strerror) from None
    if stat.S_ISDIR(info.st_mode):
        raise InvalidInput("file", str(path), "a file", reason="it is a folder")
    if not stat.S_ISREG(info.st_mode):
        raise InvalidInput(
            "file",
            str(path),
            "a new file or a saved session (a regular file)",
            reason=f"it is {kind_of(info.st_mode)}, which is left as it is",
        )
    if not is_save(path):
        raise InvalidInput(
            "file",
            str(path),
            "a new file or a saved session",
            reason="it holds something else, which is left as it is",
        )
    return info


def save_file(
    path: Path,
    investigation: Investigation,
    *,
    create_directory: bool = False,
    text: str | None = None,
) -> None:
    """Write ``investigation`` to ``path`` atomically (a temporary file, then a rename).

    A symbolic link is written through: the file it points to gets the new text and the
    link stays. A new file gets the usual permissions (0666 less the umask), a saved one
    keeps its own. The directory is synced after the rename, so that the new name
    survives a power cut.

    Args:
        path: the file.
        investigation: what to write.
        create_directory: create missing directories (for the autosave file only: a file
            named by the player in a directory that does not exist is most likely a typing
            mistake).
        text: ``investigation.to_json()``, if it was made already.

    Raises:
        InvalidInput: ``path`` is a folder, a FIFO, a device or a file that is not a
            saved session (left as it is), another session is using it, or the
            investigation is too large to be read back (see :mod:`deduce.persistence`).
        DiskFull: the disk is full (nothing was changed).
        OSError: the file cannot be written (e.g. its directory does not exist).
    """
    if text is None:
        text = investigation.to_json()  # before anything is touched
    target = resolved(path)
    if create_directory:
        target.parent.mkdir(parents=True, exist_ok=True)
    with locked(target):
        old = _check_target(target)
        temporary = _temporary_name(target)
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        try:
            if old is not None:
                with contextlib.suppress(OSError):
                    os.fchmod(handle, stat.S_IMODE(old.st_mode))
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                stream.write(text)
                stream.flush()
                os.fsync(stream.fileno())
            os.replace(temporary, target)
        except BaseException as error:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            if isinstance(error, OSError) and error.errno in _FULL:
                raise DiskFull(error.errno, "the disk is full", str(path)) from None
            raise
    with contextlib.suppress(OSError):  # not every platform can open a directory
        directory = os.open(target.parent, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)


def set_aside(path: Path) -> Path:
    """Rename ``path`` to ``path.bak`` (or ``.bak.2``, ``.bak.3``, ... if that exists):
    a saved session is never overwritten, and no other file is renamed over. A symbolic
    link stays: the file it points to is set aside. Returns the new name.

    Raises:
        InvalidInput: ``path`` is not a regular file (a folder is never moved), or another
            session is using it.
        OSError: it cannot be renamed (e.g. a read-only folder).
    """
    target = resolved(path)
    if not target.is_file():
        raise InvalidInput("file", str(path), "a file", reason="only a saved file is set aside")
    with locked(target):
        number = 1
        while True:
            suffix = ".bak" if number == 1 else f".bak.{number}"
            backup = target.with_name(target.name + suffix)
            try:
                os.link(target, backup, follow_symlinks=False)
            except FileExistsError:
                number += 1
                continue
            except OSError:  # no hard links here: rename, after a look
                if backup.exists() or backup.is_symlink():
                    number += 1
                    continue
                os.replace(target, backup)
                return backup
            os.unlink(target)
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
    removed = []
    try:
        target = resolved(path)
        pattern = re.compile(rf"\.{re.escape(target.name)}\.[0-9a-f]{{8}}\.tmp")
        with locked(target):
            for entry in sorted(target.parent.iterdir()):
                if pattern.fullmatch(entry.name) and entry.is_file() and not entry.is_symlink():
                    with contextlib.suppress(OSError):
                        entry.unlink()
                        removed.append(entry)
    except (OSError, DeduceError):
        pass
    return removed


def load_file(
    path: Path,
    kind: type[Investigation],
    *,
    progress: Callable[[int, int], None] | None = None,
) -> Investigation:
    """Read a session saved by :func:`save_file` (every clue is checked again).

    Only a regular file is read (a FIFO or a device is refused at once), and only one of
    at most :data:`MAX_BYTES` bytes (refused by its size, before it is read). ``progress``
    is called with (clues read, clues in all) as the clues are checked.

    Raises:
        InvalidInput: whatever is wrong with the file (unreadable, not a saved session of
            this game, clues that contradict each other), naming the file.
    """
    data = _read(path)
    try:
        text = data.decode("utf-8")
        if progress is None:
            return kind.from_json(text)
        return kind.from_json(text, progress=progress)
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
        other = _other_game(error, kind, path)
        if other is not None:
            raise other from None
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


def _other_game(error: InvalidInput, kind: type[Investigation], path: Path) -> InvalidInput | None:
    """The refusal of a file that holds another game than ``kind``'s, saying which and how
    to open it (None if ``error`` is not about that)."""
    from deduce import registry

    if error.argument != "game" or not isinstance(error.value, str) or not kind.game:
        return None
    try:
        theirs, ours = registry.find(error.value), registry.find(kind.game)
    except InvalidInput:
        return None
    if theirs.name == ours.name:
        return None
    command = f"deduce play {theirs.name} --resume {shlex.quote(str(path))}"
    return InvalidInput(
        "file",
        str(path),
        f"a saved {ours.title} game",
        reason=f"it holds a {theirs.title} game, not {ours.title}: open it with `{command}`",
    )


def saved_game(path: Path) -> str:
    """The game's name stored in a saved session."""
    data = _read(path)
    try:
        document = json.loads(data.decode("utf-8"))
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
