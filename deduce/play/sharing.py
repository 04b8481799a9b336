"""A game as a short text that another console or phone opens: :func:`shared_text` and
:func:`open_shared`.

The text is the saved session (the autosave's JSON: the game, its set-up and every clue)
compressed and written in URL-safe letters behind ``deduce1:``, short enough for a QR
code for most games. Opening it checks every clue again, as loading a saved file does.

Example:
    >>> from deduce.games.mastermind import Investigation
    >>> inv = Investigation(4, 6).guess("1122", black=1, white=0)
    >>> text = shared_text(inv)
    >>> text.startswith("deduce1:"), len(text) < 200
    (True, True)
    >>> open_shared(text).clues == inv.clues
    True
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib

from deduce._internal.entry import guard
from deduce._internal.language import N_, M
from deduce._internal.validation import short
from deduce.core import registry
from deduce.errors import InvalidInput
from deduce.investigation import Investigation
from deduce.play.files import read_saved, saved_text
from deduce.play.replies import explained

__all__ = ["PREFIX", "open_shared", "qr_text", "shared_text"]

PREFIX = "deduce1:"
"""What every shared game starts with (the 1: the layout's version)."""

MAX_LETTERS = 1_000_000
"""The longest shared game read (a QR code holds about 3,000 letters)."""

MAX_DOCUMENT = 10_000_000
"""The most bytes a shared game may unpack to (a game of thousands of clues is less)."""

_EXPECTED = M("a shared game: {prefix} and letters, as `share` writes it", prefix=PREFIX)
_TEXT = N_("text")  # the argument a refusal names


def shared_text(investigation: Investigation) -> str:
    """``investigation`` (its game, set-up and clues) as one line of text.

    Raises:
        InvalidInput: the session could not be read back (too many clues).
    """
    compact = json.dumps(json.loads(saved_text(investigation)), separators=(",", ":"))
    data = zlib.compress(compact.encode("utf-8"), 9)
    return PREFIX + base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def open_shared(text: str) -> Investigation:
    """The game that ``text`` (from :func:`shared_text`; spaces and line breaks anywhere
    are ignored, so a wrapped copy reads) holds, every clue checked again.

    Raises:
        InvalidInput: ``text`` is not a shared game (damaged, cut short, too long, of a
            game that is not installed, or with clues that contradict each other).
    """
    if not isinstance(text, str):
        raise InvalidInput(_TEXT, short(text), _EXPECTED)
    packed = "".join(text.split())
    if not packed.startswith(PREFIX):
        raise InvalidInput(
            _TEXT, short(text), _EXPECTED, reason=M("it does not start {prefix}", prefix=PREFIX)
        )
    letters = packed[len(PREFIX) :]
    if len(letters) > MAX_LETTERS:
        raise InvalidInput(_TEXT, short(text), _EXPECTED, reason=N_("it is too long"))
    try:
        data = base64.b64decode(letters + "=" * (-len(letters) % 4), b"-_", validate=True)
        unpacker = zlib.decompressobj()
        document = unpacker.decompress(data, MAX_DOCUMENT + 1)
    except (binascii.Error, ValueError, zlib.error):
        raise InvalidInput(_TEXT, short(text), _EXPECTED, reason=N_("it is damaged")) from None
    if len(document) > MAX_DOCUMENT or unpacker.unconsumed_tail:
        raise InvalidInput(_TEXT, short(text), _EXPECTED, reason=N_("it holds too much"))
    if not unpacker.eof:
        raise InvalidInput(
            _TEXT, short(text), _EXPECTED, reason=N_("it is cut short: copy it whole")
        )
    try:
        saved = json.loads(document.decode("utf-8"))
    except (ValueError, RecursionError):
        raise InvalidInput(_TEXT, short(text), _EXPECTED, reason=N_("it is damaged")) from None
    game = saved.get("game") if isinstance(saved, dict) else None
    try:
        declared = registry.find(game if isinstance(game, str) else "")
    except InvalidInput:
        installed = [g.name for g in registry.declarations() if g.front_end]
        why = M("it holds no game that is installed ({game})", game=short(game))
        raise InvalidInput(_TEXT, short(text), installed, reason=why) from None
    try:
        kind = declared.kind(saved.get("kind"))
    except InvalidInput as error:
        raise InvalidInput(_TEXT, short(text), _EXPECTED, reason=explained(error)) from None
    return read_saved(document.decode("utf-8"), kind, argument=_TEXT, value=short(text))


def qr_text(text: str) -> str:
    """``text`` as a QR code drawn in half blocks, a block for each dark module (print it
    dark on light: the console prints it black on white whatever the terminal's colours;
    "" when segno, of the ``serve`` extra, is not installed, or the text is too long for
    one).

    Example:
        >>> lines = qr_text("deduce1:x").splitlines()
        >>> len(lines) > 10 and set("".join(lines)) <= {" ", "▀", "▄", "█"}
        True
    """
    try:
        import segno
    except ImportError:  # pragma: no cover - the serve extra is not installed
        return ""
    try:
        code = segno.make(text, error="l", micro=False)
    except segno.DataOverflowError:
        return ""
    rows = [[bool(dark) for dark in row] for row in code.matrix_iter(scale=1, border=4)]
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    blocks = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}
    return "\n".join(
        "".join(blocks[(top, bottom)] for top, bottom in zip(upper, lower, strict=True))
        for upper, lower in zip(rows[::2], rows[1::2], strict=True)
    )


guard(globals())
