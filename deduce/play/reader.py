"""Reading the lines of ``deduce play``: line editing, history and Tab completion.

The console reads with prompt_toolkit: the arrow keys edit the line and walk through the
history, which is kept in a file across sessions, and Tab completes the word being typed
with the words a function gives for the line before the cursor (on every platform, with
or without readline). A terminal that cannot move its cursor (``TERM=dumb``) still gets
history and completion, with the typed text echoed as it changes; input that is not a
terminal (a pipe, a file) is read line by line as it comes.

Lines are split into words like a shell splits them, except that a backslash is an
ordinary character, so that Windows paths survive: quotes group words with spaces.

Example:
    >>> split(r'save C:\\games\\x.json')
    ['save', 'C:\\\\games\\\\x.json']
    >>> split('load "my games/monday night.json"')
    ['load', 'my games/monday night.json']
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TextIO

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.output import DummyOutput

from deduce._internal.names import starts
from deduce.play.arguments import tokens as split

__all__ = ["LineCompleter", "Reader", "line_reader", "partial_word", "quote", "split"]

Reader = Callable[[str], str]
"""Reads one line after showing a prompt; raises EOFError at the end of the input."""

Words = Callable[[str], Iterable[str]]
"""The words that may be typed at the end of a line (given the text before the cursor)."""

_QUOTES = "\"'"


def partial_word(before: str) -> tuple[int, str]:
    """Where the word being typed at the end of ``before`` starts, and that word as read
    (quotes removed; an unclosed quote is allowed).

    Example:
        >>> partial_word('ask who "Night wa')
        (8, 'Night wa')
        >>> partial_word("save ")
        (5, '')
    """
    start = 0
    quote: str | None = None
    for index, char in enumerate(before):
        if quote is not None:
            if char == quote:
                quote = None
        elif char in _QUOTES:
            quote = char
        elif char.isspace():
            start = index + 1
    raw = before[start:]
    words = split(raw + (quote or ""))
    return start, words[0] if words else ""


def quote(word: str) -> str:
    """``word`` as it must be typed to stay one word.

    Example:
        >>> quote("Duke"), quote("Night watchman"), quote("it's here")
        ('Duke', '"Night watchman"', '"it\\'s here"')
    """
    if word and not any(c.isspace() or c in _QUOTES for c in word):
        return word
    return f"'{word}'" if '"' in word else f'"{word}"'


class LineCompleter(Completer):
    """Completes the word being typed with ``words(text before the cursor)`` that start
    with it (as names are read: case, accents and umlauts aside), each followed by a space.

    Example:
        >>> from prompt_toolkit.document import Document
        >>> completer = LineCompleter(lambda before: ["history", "help", "undo"])
        >>> [c.text for c in completer.get_completions(Document("hi"), CompleteEvent())]
        ['history ']
    """

    def __init__(self, words: Words) -> None:
        self.words = words

    def get_completions(
        self, document: Document, complete_event: CompleteEvent
    ) -> Iterator[Completion]:
        before = document.text_before_cursor
        start, typed = partial_word(before)
        seen: set[str] = set()
        try:
            candidates = list(self.words(before))
        except Exception:  # completion must never break the prompt
            return
        for candidate in candidates:
            if candidate in seen or not starts(typed, candidate):
                continue
            seen.add(candidate)
            yield Completion(
                quote(candidate) + " ", start_position=start - len(before), display=candidate
            )


def _dumb_terminal() -> bool:
    return os.environ.get("TERM", "").lower() in {"dumb", "unknown", "emacs", "cons25"}


class _Echo:
    """Shows the text of a line as it changes, on a terminal that cannot move its cursor."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.shown = ""

    def __call__(self, text: str) -> None:
        common = 0
        for old, new in zip(self.shown, text, strict=False):
            if old != new:
                break
            common += 1
        erase = len(self.shown) - common
        self.stream.write("\b \b" * erase + text[common:])
        self.stream.flush()
        self.shown = text


def line_reader(
    words: Words,
    *,
    history: Path | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> Reader:
    """A :data:`Reader` for the console.

    Args:
        words: the completion words for the text before the cursor.
        history: the file that keeps the lines across sessions (made with its folder
            when the first line is typed; None keeps them for this session only).
        stdin: where lines come from (default ``sys.stdin``).
        stdout: where prompts go (default ``sys.stdout``).

    Returns:
        ``read(prompt)``: the line typed, without its end; EOFError at the end of the
        input (Ctrl-D), KeyboardInterrupt on Ctrl-C.

    Example:
        >>> import io
        >>> read = line_reader(lambda before: [], stdin=io.StringIO("1122 1 0\\n"),
        ...                    stdout=io.StringIO())
        >>> read("mastermind> ")
        '1122 1 0'
    """
    source = stdin if stdin is not None else sys.stdin
    sink = stdout if stdout is not None else sys.stdout
    if not _is_terminal(source):
        return _plain_reader(source, sink)
    store: History = InMemoryHistory() if history is None else _FileHistory(history)
    completer = LineCompleter(words)
    if not _dumb_terminal():
        session: PromptSession[str] = PromptSession(
            history=store, completer=completer, complete_while_typing=False
        )
        return lambda prompt: session.prompt(prompt)
    dumb: PromptSession[str] = PromptSession(
        history=store, completer=completer, complete_while_typing=False, output=DummyOutput()
    )
    echo = _Echo(sink)
    dumb.default_buffer.on_text_changed += lambda buffer: echo(buffer.text)
    waiting: list[str] = []  # the prompt, shown once the terminal reads key by key

    def show_prompt(_: object) -> None:
        if waiting:
            sink.write(waiting.pop())
            sink.flush()

    dumb.app.after_render += show_prompt

    def read(prompt: str) -> str:
        waiting[:] = [prompt]
        echo.shown = ""
        try:
            return dumb.prompt("")
        finally:
            sink.write("\r\n")
            sink.flush()

    return read


class _FileHistory(FileHistory):
    """The lines of past sessions; the file and its folder are made by the first line
    typed, and a file that cannot be written keeps the lines for this session only."""

    def __init__(self, path: Path) -> None:
        super().__init__(str(path))
        self.path = path

    def store_string(self, string: str) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            super().store_string(string)
        except OSError:
            pass


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _plain_reader(source: TextIO, sink: TextIO | None) -> Reader:
    def read(prompt: str) -> str:
        if sink is not None:  # None: the output is closed (`>&-`); the lines still count
            sink.write(prompt)
            sink.flush()
        line = source.readline()
        if not line:
            raise EOFError
        return line.rstrip("\r\n")

    return read
