"""What reaches the terminal: text without control characters or escape sequences.

Names, clue texts and messages may come from a file or a deck; an escape sequence among
them (``ESC c`` resets the terminal, an open OSC hides what follows) must never reach
the terminal raw. :func:`printable` is the one function that makes text safe to show:
every control character but the line break and the tab becomes its visible picture
(``ESC`` is shown as ``␛``), and invisible format characters (zero-width spaces,
direction overrides) become ``�``; :func:`guard` makes a console pass everything it
prints through it, including the cells of tables, while its own styles and cursor
movements stay as they are.

Example:
    >>> printable("Berlin\\x1bc")
    'Berlin␛c'
    >>> import io
    >>> from rich.console import Console
    >>> console = guard(Console(file=io.StringIO()))
    >>> console.print("a\\x1b]0;hidden")
    >>> console.file.getvalue()
    'a␛]0;hidden\\n'
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence

from rich.console import Console, ConsoleRenderable, RenderHook
from rich.segment import Segment, Segments
from rich.text import Text

__all__ = ["guard", "printable"]

_GUARDED: weakref.WeakSet[Console] = weakref.WeakSet()

_TABLE: dict[int, str] = {c: chr(0x2400 + c) for c in range(32) if c not in (9, 10)}
_TABLE[0x7F] = "\u2421"
_TABLE.update({c: "\ufffd" for c in range(0x80, 0xA0)})
_TABLE.update(
    {
        c: "\ufffd"
        for c in (
            0x061C,
            0x180E,
            *range(0x200B, 0x200D),  # zero-width space and non-joiner (the joiner joins emoji)
            0x200E,
            0x200F,
            *range(0x202A, 0x202F),
            *range(0x2060, 0x2065),
            *range(0x2066, 0x206A),
            0xFEFF,
        )
    }
)


def printable(text: str) -> str:
    """``text`` with every control character shown as its picture and every invisible
    format character as ``�``; as long as ``text``, character for character.

    Example:
        >>> printable("tab\\tand\\nline"), printable("\\u202eevil")
        ('tab\\tand\\nline', '�evil')
    """
    return text.translate(_TABLE)


class _Guard(RenderHook):
    """Passes what a console prints through :func:`printable`."""

    def __init__(self, console: Console) -> None:
        self.console = console

    def process_renderables(self, renderables: list[ConsoleRenderable]) -> list[ConsoleRenderable]:
        return [self._clean(r) for r in renderables]

    def _clean(self, renderable: ConsoleRenderable) -> ConsoleRenderable:
        if isinstance(renderable, Text):
            clean = renderable.copy()
            clean.plain = printable(renderable.plain)  # as long: the styles stay in place
            return clean
        if isinstance(renderable, Segments):
            return Segments(_segments(list(renderable.segments)))
        if not hasattr(renderable, "__rich_console__"):
            return renderable
        lines = self.console.render(renderable, self.console.options)
        return Segments(_segments(list(lines)))


def _segments(segments: Sequence[Segment]) -> list[Segment]:
    return [s if s.control else Segment(printable(s.text), s.style) for s in segments]


def guard(console: Console) -> Console:
    """``console``, passing everything it prints through :func:`printable` (once).

    Example:
        >>> import io
        >>> console = guard(guard(Console(file=io.StringIO())))
        >>> console.print("[bold]x[/bold]\\x1b[2J")
        >>> console.file.getvalue()
        'x␛[2J\\n'
    """
    if console not in _GUARDED:
        console.push_render_hook(_Guard(console))
        _GUARDED.add(console)
    return console
