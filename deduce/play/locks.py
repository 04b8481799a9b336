"""The lock a session holds on its file while it runs.

The lock is a hidden ``.FILE.lock`` next to the file that is really written (a symbolic
link is followed to its target first, so that every name of one file shares one lock),
held with an advisory ``fcntl.flock`` for the whole session: the kernel gives it up when
the process ends, however it ends, so a lock file left behind by a crash locks nothing.

The lock file itself is never followed nor trusted: it is created with ``O_EXCL`` and
opened with ``O_NOFOLLOW``; a symbolic link, a FIFO, a device, a folder or a file with
other hard links at its name is refused (and left as it is) with :class:`LockRefused`;
it is never truncated before it is locked. It holds who locked it (process id, host,
start time, which program), for the message that a second session sees: a lock that a
running program holds is refused with :class:`LockHeld`, so that a caller tells "open
elsewhere" apart from "a lock file deduce did not make". A lock file removed while its
session runs is made again at the session's next save; if another session has taken the
file meanwhile, the first one stops writing it (so two sessions never both write) and
never removes the other's lock.

Example:
    >>> import tempfile
    >>> from pathlib import Path
    >>> path = Path(tempfile.mkdtemp()) / "game.json"
    >>> with SessionLock.acquire(path) as lock:
    ...     lock.path.name, SessionLock.holds(path)
    ('game.json', True)
    >>> SessionLock.holds(path)
    False
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import socket
import stat
import time
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType
from typing import Any

from deduce._internal.language import N_, M
from deduce._internal.reading import kind_of
from deduce.errors import InvalidInput

try:  # advisory locks; where they do not exist a session file is simply not locked
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

__all__ = ["LockHeld", "LockRefused", "SessionLock", "lock_name", "locked", "resolved"]

_HELD: dict[str, SessionLock] = {}  # the locks this process holds, by resolved path
_BUSY = (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES)


def resolved(path: Path) -> Path:
    """The file that writing ``path`` writes: ``~`` expanded, symbolic links followed.

    Raises:
        InvalidInput: the links go round in a circle.

    Example:
        >>> resolved(Path("/tmp/../tmp/game.json"))
        PosixPath('/tmp/game.json')
    """
    try:
        return path.expanduser().resolve()
    except (RuntimeError, OSError) as error:  # a loop of symbolic links
        raise InvalidInput(
            N_("file"),
            str(path),
            N_("a file (or a link to one)"),
            reason=M("it cannot be followed: {error}", error=str(error)),
        ) from None


def lock_name(path: Path) -> Path:
    """The lock file of ``path``: next to the file it resolves to.

    Example:
        >>> lock_name(Path("/tmp/game.json"))
        PosixPath('/tmp/.game.json.lock')
    """
    target = resolved(path)
    return target.with_name(f".{target.name}.lock")


class LockHeld(InvalidInput):
    """Another running program holds the lock on a file (it has the file open).

    Attributes:
        path: the file that is locked.
        holder: the program its lock file names (``"deduce"``, ``"deduce serve"``), or
            ``""`` when the lock file does not say.
        owner: who holds it, in words (program, process, host, since when).

    Example:
        >>> error = LockHeld(Path("game.json"), "deduce process 12 is using it", "deduce")
        >>> error.holder, error.reason
        ('deduce', 'deduce process 12 is using it')
    """

    def __init__(self, path: Path, owner: str, holder: str) -> None:
        self.path = path
        self.owner = owner
        self.holder = holder
        super().__init__(
            N_("file"),
            str(path),
            N_(
                "a file that no other deduce session is using (quit that session, or choose "
                "another file with --autosave FILE, or --no-autosave)"
            ),
            reason=owner,
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (LockHeld, (self.path, self.owner, self.holder))


class LockRefused(InvalidInput):
    """The name of a file's lock file holds something deduce did not make (a symbolic
    link, a FIFO, a device, a folder, another file's hard link): it is never used as a
    lock, and left as it is. No running program holds the lock because of it.

    Attributes:
        path: the file whose lock it is.
        lock_file: the lock file's name.
        what: what is there, in words (``"a symbolic link"``, ``"a FIFO (named pipe)"``...).

    Example:
        >>> error = LockRefused(Path("/tmp/g.json"), Path("/tmp/.g.json.lock"), "a symbolic link")
        >>> error.what, error.reason
        ('a symbolic link', 'it is a symbolic link, which is refused as a lock; it is left ...')
    """

    def __init__(self, path: Path, lock_file: Path, what: str) -> None:
        self.path = path
        self.lock_file = lock_file
        self.what = what
        super().__init__(
            N_("lock file"),
            str(lock_file),
            M(
                "a lock file that deduce made itself for {path} (remove {lock_file} if no "
                "deduce session is running, or choose another file with --autosave FILE)",
                path=str(path),
                lock_file=str(lock_file),
            ),
            reason=M("it is {what}, which is refused as a lock; it is left as it is", what=what),
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (LockRefused, (self.path, self.lock_file, self.what))


def _open(path: Path, name: Path) -> int | None:
    """A handle on the lock file ``name`` (made if missing), or None where none can be
    made (a read-only folder, a full disk) or it vanished meanwhile (then try again)."""
    flags = os.O_RDWR | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    try:
        return os.open(name, flags | os.O_CREAT | os.O_EXCL, 0o666)
    except FileExistsError:
        pass
    except OSError as error:
        if error.errno == errno.ELOOP:  # pragma: no cover - caught as FileExistsError
            raise LockRefused(path, name, N_("a symbolic link")) from None
        raise _Unlockable from None
    try:
        mode = os.lstat(name).st_mode
    except FileNotFoundError:
        return None
    except OSError:
        raise _Unlockable from None
    if not stat.S_ISREG(mode):
        raise LockRefused(path, name, kind_of(mode))
    try:
        handle = os.open(name, flags)
    except FileNotFoundError:
        return None
    except OSError as error:
        if error.errno == errno.ELOOP:  # replaced by a link since the look
            raise LockRefused(path, name, N_("a symbolic link")) from None
        raise _Unlockable from None
    info = os.fstat(handle)
    if not stat.S_ISREG(info.st_mode) or info.st_nlink != 1:
        os.close(handle)
        regular = stat.S_ISREG(info.st_mode)
        what = kind_of(info.st_mode) if not regular else N_("another file's link")
        raise LockRefused(path, name, what)
    return handle


class _Unlockable(Exception):
    """No lock file can be made here."""


def _owner_text(holder: str = "deduce") -> str:
    namespace = ""
    with contextlib.suppress(OSError):
        namespace = os.readlink("/proc/self/ns/pid")
    return json.dumps(
        {
            "pid": os.getpid(),
            "host": socket.gethostname(),
            "since": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
            "namespace": namespace,
            "holder": holder,
        }
    )


def _owner(handle: int) -> tuple[str, str]:
    """Who holds the lock, in words, and the program it names (``""``: not said), from
    what the lock file says."""
    try:
        text = os.pread(handle, 1024, 0).decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return N_("another deduce session is using it"), ""
    if text.strip().isdigit():  # the lock file of an older version
        return M("deduce process {pid} is using it", pid=text.strip()), "deduce"
    try:
        owner = json.loads(text)
        pid, host, since = int(owner["pid"]), str(owner["host"]), str(owner["since"])
        namespace = str(owner.get("namespace", ""))
        holder = "".join(ch for ch in str(owner.get("holder", "deduce")) if ch.isprintable())[:40]
    except Exception:  # written by something else, or half written
        return N_("another deduce session is using it"), ""
    here = ""
    with contextlib.suppress(OSError):
        here = os.readlink("/proc/self/ns/pid")
    where = f" on {host}" if host != socket.gethostname() else ""
    if not where and namespace != here:
        where = " in another container (process ids there are not this system's)"
    shown = "".join(ch for ch in f"{pid}{where}, since {since}" if ch.isprintable())
    return _using(holder, pid, host, where, since, shown), holder


def _using(holder: str, pid: int, host: str, where: str, since: str, shown: str) -> str:
    """Who holds a lock, in words: ``holder`` process ``pid`` (``where``: on another host,
    in another container, or ``""``) since ``since``; ``shown`` is all but the holder, as
    the message says it (without control characters), shortened when it is too long."""

    def clean(text: str) -> str:
        return "".join(ch for ch in text if ch.isprintable())

    if len(shown) > 200:  # a host or time written by something else: said as it is
        return M("{holder} process {shown} is using it", holder=holder, shown=shown[:200])
    since = clean(since)
    if not where:
        return M(
            "{holder} process {pid}, since {since} is using it", holder=holder, pid=pid, since=since
        )
    if where.startswith(" on "):
        return M(
            "{holder} process {pid} on {host}, since {since} is using it",
            holder=holder,
            pid=pid,
            host=clean(host),
            since=since,
        )
    return M(
        "{holder} process {pid} in another container (process ids there are not this "
        "system's), since {since} is using it",
        holder=holder,
        pid=pid,
        since=since,
    )


class SessionLock:
    """The lock a session holds on its file while it runs (see the module).

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

    def __init__(self, path: Path, handle: int | None, name: Path | None = None) -> None:
        self.path = path
        self.name = name
        self.holder = "deduce"  # who the lock file says holds it
        self._handle = handle

    @classmethod
    def acquire(cls, path: Path, *, holder: str = "deduce") -> SessionLock:
        """Lock ``path`` for this process; ``holder`` names it in the message that another
        session sees (``deduce serve``).

        Where no lock file can be made (a read-only folder, a full disk, a system without
        locks) the lock holds nothing: nobody can write there either, or nothing can be
        checked.

        Raises:
            LockHeld: another process holds the lock (the message names it).
            LockRefused: the lock file's name holds something deduce did not make (a
                symbolic link, a FIFO, ...), which is left as it is.
            InvalidInput: ``path`` is a circle of symbolic links.
        """
        key = str(resolved(path))
        if key in _HELD:
            return _HELD[key]
        if fcntl is None:  # pragma: no cover - Windows
            return cls(path, None)
        name = lock_name(path)
        handle = cls._take(path, name, holder)
        if handle is None:
            return cls(path, None)
        lock = cls(path, handle, name)
        lock.holder = holder
        _HELD[key] = lock
        return lock

    @staticmethod
    def _take(path: Path, name: Path, holder: str = "deduce") -> int | None:
        """A locked handle on the lock file ``name``, or None where none can be made."""
        for _ in range(100):  # the file removed by its last holder meanwhile: again
            try:
                handle = _open(path, name)
            except _Unlockable:
                return None
            if handle is None:
                continue
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as error:
                owner, holder = _owner(handle)
                os.close(handle)
                if error.errno not in _BUSY:  # no locks on this file system
                    return None
                raise LockHeld(path, owner, holder) from None
            if _same(name, handle):
                with contextlib.suppress(OSError):  # a full disk: the lock holds all the same
                    os.ftruncate(handle, 0)
                    os.pwrite(handle, _owner_text(holder).encode(), 0)
                return handle
            os.close(handle)
        return None  # pragma: no cover - a lock file made and removed a hundred times

    @staticmethod
    def holds(path: Path) -> bool:
        """Whether this process holds the lock on ``path``."""
        try:
            return str(resolved(path)) in _HELD
        except InvalidInput:
            return False

    def check(self) -> None:
        """Make sure the lock is still this session's: a lock file that was removed is made
        again.

        Raises:
            LockHeld: another session has taken the file since its lock file was removed
                (this session must not write it any more).
            LockRefused: the lock file was replaced by something deduce did not make.
        """
        if self._handle is None or self.name is None or _same(self.name, self._handle):
            return
        handle = self._take(self.path, self.name, self.holder)  # raises if another has it
        if handle is not None:
            os.close(self._handle)
            self._handle = handle

    def release(self) -> None:
        """Give the lock up (removing the lock file, if it is still this one's)."""
        if self._handle is None:
            return
        with contextlib.suppress(InvalidInput):
            if _HELD.get(str(resolved(self.path))) is self:
                del _HELD[str(resolved(self.path))]
        if self.name is not None and _same(self.name, self._handle):
            with contextlib.suppress(OSError):
                os.unlink(self.name)
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


def _same(name: Path, handle: int) -> bool:
    """Whether ``name`` is still the file open as ``handle``."""
    try:
        there, held = os.lstat(name), os.fstat(handle)
    except OSError:
        return False
    return (there.st_dev, there.st_ino) == (held.st_dev, held.st_ino)


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the lock on ``path`` for a moment (unless this process holds it already,
    which is then checked to be still this process's).

    Example:
        >>> import tempfile
        >>> from pathlib import Path
        >>> with locked(Path(tempfile.mkdtemp()) / "game.json"):
        ...     pass
    """
    held = _HELD.get(str(resolved(path)))
    if held is not None:
        held.check()
        yield
        return
    lock = SessionLock.acquire(path)
    try:
        yield
    finally:
        lock.release()
