"""The files of ``deduce play``: saved sessions written atomically, read whatever they
hold, set aside instead of overwritten, and locked while a session writes them.

Nothing here loses a saved game: a file is written to a temporary name and renamed over
the old one only when complete; a saved session that must make room is renamed to
``FILE.bak`` (``.bak.2``, ...), never over another file, and at most
:data:`KEEP_ASIDE` such copies are kept, none of them the only copy of a game with clues
removed (:func:`set_aside`); a file that a running session autosaves to is locked (a
second session on it is refused); and a path that is not a saved session (a directory,
someone's notes) is never moved or overwritten. A symbolic link is written through to
the file it points to (and stays a link); only regular files are read, their size
checked before they are read; a full disk is an error of its own (:class:`DiskFull`),
after which the old file is still whole.

A refusal never quotes what a file that is not a saved session holds: it says what the
file is (not JSON, its size, a symbolic link), and a symbolic link is not followed in
words (where it leads is not named). A file that cannot be read (no permission, too many
open files, an input/output error) is refused with :class:`Unreadable`, in the system's
words: it is never taken for a file holding something else, nor set aside.

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

from deduce._internal.language import N_, M, plural
from deduce._internal.reading import Unreadable, kind_of, read_regular
from deduce._internal.validation import short
from deduce.core import persistence
from deduce.errors import Contradiction, DeduceError, InvalidInput
from deduce.investigation import Investigation

from .locks import LockHeld, LockRefused, SessionLock, locked, resolved
from .replies import explained

__all__ = [
    "KEEP_ASIDE",
    "MAX_BYTES",
    "AsideFull",
    "DiskFull",
    "LockHeld",
    "LockRefused",
    "SessionLock",
    "Unreadable",
    "clean_temporaries",
    "is_save",
    "load_file",
    "read_saved",
    "same_file",
    "save_file",
    "saved_game",
    "saved_text",
    "set_aside",
    "set_aside_copies",
    "unsaved_clues",
]

MAX_BYTES = 4 * persistence.MAX_CHARS
"""The largest saved file read, in bytes (UTF-8 takes at most 4 per character)."""


KEEP_ASIDE = 10
"""The most set-aside copies of one file (``FILE.bak``, ``FILE.bak.2``, ...) kept."""

_FULL = (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))
_MISSING = (errno.ENOENT, errno.ENOTDIR)


class DiskFull(OSError):
    """A file could not be written: the disk (or the user's quota) is full."""


class AsideFull(OSError):
    """A file could not be set aside: :data:`KEEP_ASIDE` copies are kept already, each
    the only copy of a game with clues (see :func:`set_aside`). ``strerror`` says which
    and what to do; ``filename`` is the file."""


def _temporary_name(path: Path) -> Path:
    return path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")


def _read(path: Path) -> bytes:
    return read_regular(path, limit=MAX_BYTES, expected=N_("a readable saved session"))


def is_save(path: Path) -> bool:
    """Whether ``path`` is a file that looks like a saved session (a JSON object naming its
    format and game); its clues are not checked. A FIFO or a device is not (and is not
    read), nor is a path where nothing is.

    Raises:
        Unreadable: the file is there but cannot be read (what it holds is not known).

    Example:
        >>> import tempfile
        >>> from pathlib import Path
        >>> notes = Path(tempfile.mkdtemp()) / "notes.txt"
        >>> _ = notes.write_text("milk, eggs")
        >>> is_save(notes), is_save(notes.parent), is_save(Path("/dev/zero"))
        (False, False, False)
    """
    try:
        data = _read(path)
    except Unreadable as error:
        if error.errno in _MISSING:
            return False
        raise
    except InvalidInput:  # not a regular file, or too large
        return False
    return _looks_saved(data)


def _looks_saved(data: bytes) -> bool:
    """Whether ``data`` is a JSON object naming a format and a game."""
    try:
        document = json.loads(data.decode("utf-8"))
    except Exception:  # not UTF-8, not JSON, nested too deep
        return False
    return isinstance(document, dict) and "format" in document and "game" in document


def _described(path: Path, data: bytes) -> str:
    """What the file at ``path`` holding ``data`` is, as the reason of a refusal: never a
    word of what it holds, nor where a symbolic link leads.

    Example:
        >>> _described(Path("notes.json"), b"milk, eggs")
        'it is not a saved session: it is a text file of 10 bytes that is not JSON'
        >>> _described(Path("notes.json"), b'[1, 2]')
        'it is not a saved session: it is JSON (a list)'
    """
    size = plural("{n:,} byte", "{n:,} bytes", len(data))
    what: str
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        what = M("a file of {size} that is not text", size=size)
    else:
        try:
            document = json.loads(text)
        except RecursionError:
            what = M("a file of {size} of JSON nested too deeply", size=size)
        except ValueError:
            what = (
                M("a text file of {size} that is not JSON", size=size)
                if text.strip()
                else N_("an empty file")
            )
        else:
            kinds = {
                dict: N_("an object"),
                list: N_("a list"),
                str: N_("a string"),
                bool: N_("true or false"),
            }
            kind = kinds.get(type(document), "null" if document is None else N_("a number"))
            if isinstance(document, dict):
                kind = M("{kind} that names no format and game of a saved session", kind=kind)
            what = M("JSON ({kind})", kind=kind)
    with contextlib.suppress(OSError):
        if path.is_symlink():
            what = M("a symbolic link to {what}", what=what)
    return M("it is not a saved session: it is {what}", what=what)


def saved_text(investigation: Investigation) -> str:
    """``investigation.to_json()``, refused when it could not be read back (too many
    clues, or too long: see :mod:`deduce.core.persistence`).

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
            N_("clue"),
            short(investigation.clues[-1]) if investigation.clues else None,
            N_("a clue after which the session can still be saved and read back"),
            reason=M(
                "{argument}={value} is too much: {limit}",
                argument=error.argument,
                value=error.value,
                limit=error.expected,
            ),
        ) from None


def _check_target(path: Path, named: Path) -> os.stat_result | None:
    """Refuse to overwrite ``path`` (a resolved path; ``named`` as the caller named it)
    unless it is new or a saved session; its status if it exists. A file that cannot be
    read is refused in the words of its read error (what it holds is not known)."""
    try:
        info = path.lstat()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise InvalidInput(
            N_("file"), str(named), N_("a writable file"), reason=error.strerror
        ) from None
    if stat.S_ISDIR(info.st_mode):
        raise InvalidInput(N_("file"), str(named), N_("a file"), reason=N_("it is a folder"))
    if not stat.S_ISREG(info.st_mode):
        raise InvalidInput(
            N_("file"),
            str(named),
            N_("a new file or a saved session (a regular file)"),
            reason=M("it is {kind}, which is left as it is", kind=kind_of(info.st_mode)),
        )
    try:
        saved = is_save(path)
    except Unreadable as error:
        raise InvalidInput(
            N_("file"),
            str(named),
            N_("a new file or a saved session that can be read"),
            reason=M("it cannot be read: {why}; it is left as it is", why=error.strerror),
        ) from None
    if not saved:
        raise InvalidInput(
            N_("file"),
            str(named),
            N_("a new file or a saved session"),
            reason=N_("it holds something else, which is left as it is"),
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
            investigation is too large to be read back (see :mod:`deduce.core.persistence`).
        DiskFull: the disk is full (nothing was changed).
        OSError: the file cannot be written (e.g. its directory does not exist).
    """
    if text is None:
        text = investigation.to_json()  # before anything is touched
    target = resolved(path)
    if create_directory:
        target.parent.mkdir(parents=True, exist_ok=True)
    _check_target(target, path)  # a folder (the root too) has no lock beside it
    with locked(target):
        old = _check_target(target, path)
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
                raise DiskFull(error.errno, N_("the disk is full"), str(path)) from None
            raise
    with contextlib.suppress(OSError):  # not every platform can open a directory
        directory = os.open(target.parent, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)


def set_aside(path: Path) -> Path:
    """Rename ``path`` to a set-aside copy next to it: ``FILE.bak``, then ``FILE.bak.2``,
    ``FILE.bak.3``, ... (the number after the highest one there, so the highest is the
    newest). A saved session is never overwritten, and no other file is renamed over. A
    symbolic link stays: the file it points to is set aside. Returns the copy's name.

    The copies stay few: a file that a copy holds already (the same bytes: a game loaded
    again and again) makes no new copy, it is removed and that copy's name is returned;
    and at most :data:`KEEP_ASIDE` copies are kept. When that many are there, the oldest
    copies that hold nothing of their own make room: one that another copy holds too, or
    a saved session without a clue (a set-up alone). A copy that is the only one of a game
    with clues, or whose content is not known (a damaged file), is never removed: then the
    file is not set aside either (:class:`AsideFull`, naming the copies), and the player
    chooses what to remove.

    Raises:
        InvalidInput: ``path`` is not a regular file (a folder is never moved), or another
            session is using it.
        AsideFull: :data:`KEEP_ASIDE` copies are kept, none of which may be removed (the
            file is left as it is).
        OSError: it cannot be renamed (e.g. a read-only folder).

    Example:
        >>> import tempfile
        >>> from deduce.games.mastermind import Investigation
        >>> path = Path(tempfile.mkdtemp()) / "game.json"
        >>> names = []
        >>> for game in [Investigation(2, 3), Investigation(2, 4)] * 2:
        ...     save_file(path, game)
        ...     names.append(set_aside(path).name)
        >>> names
        ['game.json.bak', 'game.json.bak.2', 'game.json.bak', 'game.json.bak.2']
    """
    target = resolved(path)
    if not target.is_file():
        raise InvalidInput(
            N_("file"), str(path), N_("a file"), reason=N_("only a saved file is set aside")
        )
    with locked(target):
        copies = _copies(target)
        for copy in reversed(copies):  # kept already: no second copy
            if _same_bytes(target, copy):
                os.unlink(target)
                return copy
        while len(copies) >= KEEP_ASIDE:
            spare = _spare(copies)
            if spare is None:
                full = M(
                    "{count} earlier games are kept aside already ({first} to {last}), each "
                    "the only copy of its clues: remove the ones no longer needed, then "
                    "start again",
                    count=len(copies),
                    first=copies[0].name,
                    last=copies[-1].name,
                )
                raise AsideFull(None, full, str(path))
            with contextlib.suppress(FileNotFoundError):
                os.unlink(spare)
            copies.remove(spare)
        number = _number(copies[-1], target) + 1 if copies else 1
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


def _number(copy: Path, target: Path) -> int:
    """The number of the set-aside copy ``copy`` of ``target`` (``.bak`` is 1), or 0 when
    it is not one."""
    suffix = copy.name.removeprefix(target.name)
    if suffix == ".bak":
        return 1
    number = suffix.removeprefix(".bak.")
    if suffix.startswith(".bak.") and number.isascii() and number.isdigit() and number[0] != "0":
        return int(number) if int(number) >= 2 else 0
    return 0


def set_aside_copies(path: Path) -> list[Path]:
    """The set-aside copies of the file ``path`` (:func:`set_aside`), oldest first.

    Example:
        >>> import tempfile
        >>> from deduce.games.mastermind import Investigation
        >>> path = Path(tempfile.mkdtemp()) / "game.json"
        >>> save_file(path, Investigation(2, 3)); _ = set_aside(path)
        >>> [copy.name for copy in set_aside_copies(path)]
        ['game.json.bak']
    """
    return _copies(resolved(path))


def _copies(target: Path) -> list[Path]:
    """The set-aside copies of ``target`` (regular files, not links), oldest first."""
    found = []
    for entry in target.parent.iterdir():
        number = _number(entry, target) if entry.name.startswith(target.name) else 0
        if number:
            with contextlib.suppress(OSError):
                if stat.S_ISREG(entry.lstat().st_mode):
                    found.append((number, entry))
    return [entry for _, entry in sorted(found)]


def _same_bytes(a: Path, b: Path) -> bool:
    """Whether the files ``a`` and ``b`` hold the same bytes (False if either cannot be
    read)."""
    try:
        if a.stat().st_size != b.stat().st_size:
            return False
        return _read(a) == _read(b)
    except (OSError, DeduceError):
        return False


def _spare(copies: list[Path]) -> Path | None:
    """The oldest of ``copies`` that holds nothing of its own (another copy holds the
    same bytes, or it is a saved session without a clue), or None."""
    for i, copy in enumerate(copies):
        if any(_same_bytes(copy, other) for other in copies[i + 1 :]):
            return copy
        try:
            document = json.loads(_read(copy).decode("utf-8"))
        except Exception:  # damaged, or unreadable: what it holds is not known
            continue
        if isinstance(document, dict) and "format" in document and document.get("clues") == []:
            return copy
    return None


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
    is called with (clues read, clues in all) as the clues are checked. A file that is not
    a saved session is refused without a word of what it holds (what it is is said: not
    JSON, its size, a symbolic link).

    Raises:
        Unreadable: the file cannot be read (the system's words for why).
        InvalidInput: whatever else is wrong with the file (not a saved session of this
            game, clues that contradict each other), naming the file.
    """
    data = _read(path)
    if not _looks_saved(data):
        raise InvalidInput(
            N_("file"), str(path), N_("a saved session"), reason=_described(path, data)
        )
    text = data.decode("utf-8")  # it is JSON, so UTF-8
    return read_saved(text, kind, argument=N_("file"), value=str(path), progress=progress)


def read_saved(
    text: str,
    kind: type[Investigation],
    *,
    argument: str,
    value: str,
    progress: Callable[[int, int], None] | None = None,
) -> Investigation:
    """The session saved as ``text`` (every clue checked again); refusals name
    ``argument`` and ``value`` (where the text came from: a file, a shared game).

    Raises:
        InvalidInput: not a saved session of ``kind``'s game, or one whose clues
            contradict each other.
    """
    try:
        if progress is None:
            return kind.from_json(text)
        return kind.from_json(text, progress=progress)
    except Contradiction as error:
        conflict = "; ".join(short(c) for c in error.conflict)
        clue = short(error.clue)
        reason: str
        if argument == "file" and conflict:
            reason = M(
                "the file contradicts itself: its clue {clue} cannot be true together with "
                "its earlier clues {conflict}",
                clue=clue,
                conflict=conflict,
            )
        elif conflict:
            reason = M(
                "it contradicts itself: its clue {clue} cannot be true together with its "
                "earlier clues {conflict}",
                clue=clue,
                conflict=conflict,
            )
        elif argument == "file":
            reason = M("the file contradicts itself: its clue {clue} is impossible", clue=clue)
        else:
            reason = M("it contradicts itself: its clue {clue} is impossible", clue=clue)
        raise InvalidInput(
            argument, value, N_("a saved session whose clues agree"), reason=reason
        ) from None
    except InvalidInput as error:
        other = _other_game(error, kind, Path(value)) if argument == "file" else None
        if other is not None:
            raise other from None
        if error.argument == "text" and error.value == short(text):  # the whole document
            reason = M(
                "it is not a saved session that can be read: expected {expected}",
                expected=error.expected,
            )
        else:
            reason = short(explained(error), 300)
        raise InvalidInput(argument, value, N_("a saved session"), reason=reason) from None
    except Exception as error:  # whatever a damaged document makes the reader raise
        raise InvalidInput(
            argument,
            value,
            N_("a saved session"),
            reason=M(
                "it cannot be read ({kind}: {error})",
                kind=type(error).__name__,
                error=short(error, 200),
            ),
        ) from None


def _other_game(error: InvalidInput, kind: type[Investigation], path: Path) -> InvalidInput | None:
    """The refusal of a file that holds another game than ``kind``'s, saying which and how
    to open it (None if ``error`` is not about that)."""
    from deduce.core import registry

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
        N_("file"),
        str(path),
        M("a saved {game} game", game=ours.title),
        reason=M(
            "it holds a {theirs} game, not {ours}: open it with `{command}`",
            theirs=theirs.title,
            ours=ours.title,
            command=command,
        ),
    )


def saved_game(path: Path) -> str:
    """The game's name stored in a saved session.

    Raises:
        Unreadable: the file cannot be read.
        InvalidInput: it is not a saved session (what it holds is not quoted).
    """
    data = _read(path)
    if not _looks_saved(data):
        raise InvalidInput(
            N_("file"), str(path), N_("a saved session"), reason=_described(path, data)
        )
    game = json.loads(data.decode("utf-8")).get("game")
    if not isinstance(game, str):
        raise InvalidInput(N_("file"), str(path), N_("a saved session naming its game"))
    return game


def unsaved_clues(path: Path, investigation: Investigation) -> int:
    """How many clues of ``investigation`` are not saved: those after the clues it has in
    common with the session saved in ``path``, or in one of the set-aside copies of
    ``path`` (:func:`set_aside`), whichever holds the most of them. Every clue when none
    holds a session of this game and set-up (no file, another game, an unreadable
    file); 0 when one holds them all (the same session, or one with more clues: an undo
    loses none).

    Example:
        >>> import tempfile
        >>> from deduce.games.mastermind import Investigation
        >>> path = Path(tempfile.mkdtemp()) / "game.json"
        >>> game = Investigation(2, 3).guess("12", black=1, white=0)
        >>> unsaved_clues(path, game)
        1
        >>> save_file(path, game)
        >>> unsaved_clues(path, game), unsaved_clues(path, game.guess("13", black=1, white=0))
        (0, 1)
        >>> _ = set_aside(path)
        >>> unsaved_clues(path, game)
        0
    """
    missing = _missing(path, investigation)
    if missing:
        with contextlib.suppress(OSError, DeduceError):
            for copy in reversed(_copies(resolved(path))):
                missing = min(missing, _missing(copy, investigation))
                if not missing:
                    break
    return missing


def _missing(path: Path, investigation: Investigation) -> int:
    """How many clues of ``investigation`` the session saved in ``path`` lacks."""
    try:
        saved = load_file(path, type(investigation))
    except DeduceError:
        return len(investigation.clues)
    if type(saved) is not type(investigation) or saved.setup() != investigation.setup():
        return len(investigation.clues)
    common = 0
    for ours, theirs in zip(investigation.clues, saved.clues, strict=False):
        if ours != theirs:
            break
        common += 1
    return len(investigation.clues) - common


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
