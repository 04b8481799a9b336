"""Deck files: TOML read and written once for every game that lets players edit its cards.

Reading refuses, with :class:`~deduce.InvalidInput` naming the file and the line, a file
that is not UTF-8 or not TOML; also one that is not a regular file (a FIFO, a device),
larger than :data:`MAX_BYTES`, nested deeper than :data:`MAX_DEPTH`, or holding an
integer beyond 64 bits; :func:`control_character` finds what a game's deck refuses in a
name (escape sequences, zero-width characters). Writing uses a maintained TOML writer
(tomli-w), so any text, accents and emoji included, reads back exactly.

Example:
    >>> from deduce.core import decks
    >>> text = decks.dumps({"deck": {"name": "Mörder 🔪"}, "cards": [{"text": "a\\tb"}]})
    >>> decks.parse(text) == {"deck": {"name": "Mörder 🔪"}, "cards": [{"text": "a\\tb"}]}
    True
"""

from __future__ import annotations

import tomllib
import unicodedata
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import tomli_w

from deduce._internal.entry import guard
from deduce._internal.language import N_, M
from deduce._internal.reading import read_regular
from deduce._internal.validation import short
from deduce.errors import InvalidInput

__all__ = ["MAX_BYTES", "MAX_DEPTH", "control_character", "dumps", "load", "parse", "read", "write"]

MAX_BYTES = 1_000_000
"""The largest deck file read, in bytes (a full deck of card texts takes a few KB)."""
MAX_DEPTH = 16
"""How deeply a deck file may nest tables and lists."""
_MAX_INT = 2**63


def read(path: str | Path) -> str:
    """The text of the deck file at ``path`` (UTF-8; a leading byte-order mark is skipped).

    Raises:
        InvalidInput: the file cannot be read, or is not UTF-8 (naming the line and
            column of the first bad byte).

    Example:
        >>> import pathlib, tempfile
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "deck.toml"
        >>> _ = path.write_bytes(b'name = "ok"\\nwho = "Andr\\xe9"\\n')
        >>> try:
        ...     read(path)
        ... except InvalidInput as error:
        ...     print(error.reason)
        line 2, column 12: byte 0xe9 is not UTF-8
    """
    if not isinstance(path, (str, Path)):
        raise InvalidInput("path", short(path), "the path of a deck file (str or Path)")
    raw = read_regular(
        Path(path), limit=MAX_BYTES, argument="path", expected=N_("a readable TOML deck file")
    )
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        column = error.start - (raw.rfind(b"\n", 0, error.start) + 1) + 1
        raise InvalidInput(
            "path",
            str(path),
            N_("a deck file in UTF-8 (save it as UTF-8 in your editor)"),
            reason=M(
                "line {line}, column {column}: byte {byte:#04x} is not UTF-8",
                line=line,
                column=column,
                byte=raw[error.start],
            ),
        ) from None


def parse(text: str, *, source: str = "deck") -> dict[str, Any]:
    """The TOML document in ``text``; ``source`` names it in errors.

    Raises:
        InvalidInput: the text is not TOML (naming the line and column).

    Example:
        >>> try:
        ...     parse('name = "x"\\ncards = [1, 2', source="mine.toml")
        ... except InvalidInput as error:
        ...     print(error.argument, "-", error.reason)
        mine.toml - line 2: Unclosed array (at end of document)
    """
    if not isinstance(text, str):
        raise InvalidInput(source, short(text), "TOML text (str)")
    if len(text) > MAX_BYTES:
        raise InvalidInput(
            source,
            M("a text of {n:,} characters", n=len(text)),
            M("at most {n:,} characters", n=MAX_BYTES),
        )
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        if "(at line " not in message:
            message = f"line {_line_of(message, text)}: {message}"
        raise InvalidInput(source, short(text), N_("valid TOML text"), reason=message) from None
    except RecursionError:
        raise InvalidInput(
            source,
            short(text),
            M("TOML nested at most {depth} deep", depth=MAX_DEPTH),
            reason=N_("nested too deep"),
        ) from None
    except ValueError:  # an integer of thousands of digits
        raise InvalidInput(
            source,
            short(text),
            N_("integers that fit in 64 bits"),
            reason=N_("an integer of thousands of digits"),
        ) from None
    _check(document, source, "", 0)
    return document


def control_character(text: str) -> str | None:
    """The first character of ``text`` that a name must not hold (a control character
    such as ESC or a line break, or an invisible format character such as a zero-width
    space or a direction mark), or None.

    Example:
        >>> control_character("Berlin"), control_character("Ber\u200blin")
        (None, '\u200b')
    """
    for ch in text:
        category = unicodedata.category(ch)
        if category == "Cc" or (category == "Cf" and ch != "\u200d"):  # ZWJ joins emoji
            return ch
    return None


def _check(value: Any, source: str, where: str, depth: int) -> None:
    """Refuse values nested too deeply and integers beyond 64 bits."""
    if depth > MAX_DEPTH:
        raise InvalidInput(
            source, short(value), M("tables and lists nested at most {depth} deep", depth=MAX_DEPTH)
        )
    if isinstance(value, int) and not isinstance(value, bool) and not -_MAX_INT <= value < _MAX_INT:
        raise InvalidInput(
            source,
            short(value),
            N_("integers that fit in 64 bits"),
            reason=M("at {where}", where=where) if where else N_("at the top"),
        )
    if isinstance(value, dict):
        for name, item in value.items():
            _check(item, source, f"{where}.{name}" if where else str(name), depth + 1)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            _check(item, source, f"{where}[{i}]", depth + 1)


def load(path: str | Path) -> dict[str, Any]:
    """The TOML document in the deck file at ``path`` (errors name the file).

    Example:
        >>> import pathlib, tempfile
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "deck.toml"
        >>> write(path, {"name": "Kreuzverhör"})
        >>> load(path)
        {'name': 'Kreuzverhör'}
    """
    return parse(read(path), source=Path(path).name)


def dumps(data: Mapping[str, Any]) -> str:
    """``data`` as TOML text that :func:`parse` reads back equal.

    Raises:
        InvalidInput: ``data`` holds something TOML cannot (None, or keys that are not str).

    Example:
        >>> print(dumps({"deck": {"name": "x"}, "persons": [{"text": "Nurse"}]}), end="")
        persons = [
            { text = "Nurse" },
        ]
        <BLANKLINE>
        [deck]
        name = "x"
    """
    try:
        return tomli_w.dumps(data)
    except (TypeError, ValueError) as error:
        raise InvalidInput(
            "data", short(data), N_("tables of str, numbers, bools and lists"), reason=str(error)
        ) from None


def write(path: str | Path, data: Mapping[str, Any]) -> None:
    """Write ``data`` as a UTF-8 TOML deck file at ``path``.

    Example:
        >>> import pathlib, tempfile
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "deck.toml"
        >>> write(path, {"name": "🕵"})
        >>> path.read_text(encoding="utf-8")
        'name = "🕵"\\n'
    """
    text = dumps(data)
    try:
        Path(path).write_text(text, encoding="utf-8")
    except (OSError, ValueError) as error:  # no such folder, no right to write, a NUL ...
        reason = getattr(error, "strerror", None) or str(error)
        raise InvalidInput("path", path, N_("a file that can be written"), reason=reason) from None


def _line_of(message: str, text: str) -> int:
    """The line that tomllib's ``message`` points at ("at line 3, column 1" or "at end
    of document")."""
    marker = "at line "
    if marker in message:
        digits = message.split(marker, 1)[1].split(",", 1)[0].split(")", 1)[0]
        if digits.isdigit():
            return int(digits)
    return text.count("\n") + (0 if text.endswith("\n") else 1)


guard(globals())
