"""Reading a file that the user named: regular files only, their size checked first.

Every reader of the project (saved sessions, deck files) reads through
:func:`read_regular`: a FIFO, a device (``/dev/zero``, ``/dev/urandom``), a socket or a
folder is refused at once, without waiting for a writer or reading an endless stream; a
file larger than the reader's limit is refused by its size before it is read, and the
read itself stops one byte past the limit, should the file grow meanwhile. A file that
cannot be opened or read (no permission, too many open files, an input/output error) is
refused with :class:`Unreadable`, which says the system's words for it: a caller can tell
it from a file that was read and holds something else.

Example:
    >>> import tempfile
    >>> from pathlib import Path
    >>> path = Path(tempfile.mkdtemp()) / "notes.txt"
    >>> _ = path.write_text("milk")
    >>> read_regular(path, limit=10)
    b'milk'
    >>> read_regular(Path("/dev/zero"), limit=10)
    Traceback (most recent call last):
    ...
    deduce.errors.InvalidInput: file='/dev/zero' is not valid (it is a device, ...); ...
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

from deduce._internal.entry import MAX_INT, guard, is_int
from deduce._internal.language import N_, M
from deduce.errors import InvalidInput

__all__ = ["Unreadable", "kind_of", "read_regular"]

_CHUNK = 1 << 20


class Unreadable(InvalidInput):
    """A file could not be opened or read: what it holds is not known.

    Attributes:
        errno: the system's error number (``errno.EACCES``, ``errno.EMFILE``, ...).
        strerror: the system's words for it ("Permission denied", ...).

    Example:
        >>> import errno
        >>> error = Unreadable("file", "game.json", "a readable file", OSError(errno.EIO, "I/O"))
        >>> print(error)
        file='game.json' is not valid (I/O); expected a readable file
        >>> error.errno == errno.EIO, isinstance(error, InvalidInput)
        (True, True)
    """

    def __init__(self, argument: str, value: Any, expected: str, error: OSError) -> None:
        self.errno = error.errno
        self.strerror = error.strerror or str(error)
        super().__init__(argument, value, expected, reason=self.strerror)

    def __reduce__(self) -> tuple[Any, ...]:
        error = OSError(self.errno, self.strerror)
        return (Unreadable, (self.argument, self.value, self.expected, error))


def kind_of(mode: int) -> str:
    """What a file of ``mode`` (``st_mode``) is, in words.

    Example:
        >>> kind_of(stat.S_IFIFO), kind_of(stat.S_IFREG)
        ('a FIFO (named pipe)', 'a regular file')
    """
    if not is_int(mode) or not 0 <= mode <= MAX_INT:
        raise InvalidInput("mode", mode, "a file mode (st_mode): an integer of at least 0")
    mode = int(mode)  # stat reads no numpy integer
    if stat.S_ISREG(mode):
        return N_("a regular file")
    if stat.S_ISDIR(mode):
        return N_("a folder")
    if stat.S_ISFIFO(mode):
        return N_("a FIFO (named pipe)")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return N_("a device")
    if stat.S_ISSOCK(mode):
        return N_("a socket")
    if stat.S_ISLNK(mode):
        return N_("a symbolic link")
    return N_("not a regular file")


def read_regular(
    path: Path, *, limit: int, argument: str = "file", expected: str = N_("a readable file")
) -> bytes:
    """The bytes of the regular file at ``path`` (a symbolic link is followed), at most
    ``limit`` of them.

    Args:
        path: the file.
        limit: the most bytes read; a larger file is refused by its size.
        argument: the argument named in errors.
        expected: what the file should be, in errors.

    Raises:
        Unreadable: the file cannot be opened or read (an :class:`InvalidInput`).
        InvalidInput: the file is not a regular file, or is larger than ``limit`` bytes.

    Example:
        >>> import tempfile
        >>> from pathlib import Path
        >>> path = Path(tempfile.mkdtemp()) / "big.txt"
        >>> _ = path.write_text("x" * 20)
        >>> read_regular(path, limit=10)
        Traceback (most recent call last):
        ...
        deduce.errors.InvalidInput: file='...big.txt' is not valid (it holds 20 bytes, ...); ...
    """
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    try:
        handle = os.open(path, flags)  # O_NONBLOCK: a FIFO opens at once
    except OSError as error:
        raise Unreadable(argument, str(path), expected, error) from None
    except ValueError:  # a NUL in the name: no file is called so
        raise InvalidInput(argument, str(path), expected, reason=N_("a name with NUL")) from None
    try:
        mode = os.fstat(handle)
        if not stat.S_ISREG(mode.st_mode):
            raise InvalidInput(
                argument,
                str(path),
                M("{expected} (a regular file)", expected=expected),
                reason=M("it is {kind}, not a regular file", kind=kind_of(mode.st_mode)),
            )
        if mode.st_size > limit:
            raise InvalidInput(
                argument,
                str(path),
                M("{expected} of at most {n:,} bytes", expected=expected, n=limit),
                reason=M("it holds {n:,} bytes, more than {limit:,d}", n=mode.st_size, limit=limit),
            )
        parts: list[bytes] = []
        size = 0
        while size <= limit:
            try:
                part = os.read(handle, min(_CHUNK, limit + 1 - size))
            except OSError as error:
                raise Unreadable(argument, str(path), expected, error) from None
            if not part:
                break
            parts.append(part)
            size += len(part)
        if size > limit:
            raise InvalidInput(
                argument,
                str(path),
                M("{expected} of at most {n:,} bytes", expected=expected, n=limit),
                reason=M("it holds more than {n:,} bytes", n=limit),
            )
        return b"".join(parts)
    finally:
        os.close(handle)


guard(globals())
