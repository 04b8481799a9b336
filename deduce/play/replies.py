"""What a line at the table did, as data: the console prints it, ``deduce serve`` returns
it (a page shows it in its own way).

Every line a session carries out answers with replies: a clue is ``noted``, a command
answers (``because`` for ``why``, ``saved``, ``loaded``), a line that cannot be carried out
is ``refused``. A reply names the clues of the history it is about by their numbers, so a
page can point at them, and lists them in words for a reader of the console.

Example:
    >>> import io
    >>> from rich.console import Console
    >>> console = Console(file=io.StringIO(), color_system=None)
    >>> told(console, Reply("refused", "3 cannot be true. It contradicts:",
    ...      clues=(2,), lines=("2. 12: 0 black, 0 white",), more=("Nothing changed.",)))
    >>> print(console.file.getvalue().rstrip())
    refused: 3 cannot be true. It contradicts:
      2. 12: 0 black, 0 white
    Nothing changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.markup import escape

from deduce._internal.language import N_, M, Message, _, plural
from deduce.errors import Contradiction, InvalidInput

__all__ = ["KINDS", "Reply", "begins", "explained", "told"]

KINDS = {
    "noted": "[green]noted:[/green] ",
    "undone": "undone: ",
    "dropped": "dropped: ",
    "amended": "amended: ",
    "nothing new": "",
    "refused": "[red]refused:[/red] ",
    "because": "",
    "saved": "",
    "loaded": "",
    "kept aside": "",
    "strategy": "",
    "not saved": "",
    "note": "",
}
"""Every kind of reply, and how the console begins its line."""

_LABELS = {
    "noted": (N_("noted"), "green"),
    "undone": (N_("undone"), ""),
    "dropped": (N_("dropped"), ""),
    "amended": (N_("amended"), ""),
    "refused": (N_("refused"), "red"),
}
"""The kinds whose line begins with a word (and its colour), as :data:`KINDS` shows."""


def begins(kind: str) -> str:
    """How the console begins the line of a reply of ``kind`` (rich markup), in the
    player's language.

    Example:
        >>> begins("refused"), begins("note")
        ('[red]refused:[/red] ', '')
    """
    if kind not in _LABELS:
        return KINDS[kind]
    word, colour = _LABELS[kind]
    said = f"{escape(_(word))}:"
    return f"[{colour}]{said}[/{colour}] " if colour else f"{said} "


def explained(error: BaseException) -> str:
    """What ``error`` says, in the player's language (its English message in English): a
    contradiction and a refused argument said from their fields, another error as its
    message.

    Example:
        >>> print(explained(Contradiction("black=0", ("black=4",))))
        black=0 contradicts the earlier clue: black=4
        >>> print(explained(InvalidInput("pegs", 0, ["1", "2"], reason="too few")))
        pegs=0 is not valid (too few); expected one of '1', '2'
    """
    if isinstance(error, Contradiction):
        clue = str(error.clue)
        if not error.conflict:
            return str(_(M("{clue} is impossible", clue=clue)))
        listed = "; ".join(str(c) for c in error.conflict)
        return str(
            _(
                plural(
                    "{clue} contradicts the earlier clue: {conflict}",
                    "{clue} contradicts the earlier clues: {conflict}",
                    len(error.conflict),
                    clue=clue,
                    conflict=listed,
                )
            )
        )
    if isinstance(error, InvalidInput) and type(error).__str__ is BaseException.__str__:
        name = error.argument if isinstance(error.argument, str) else _shown(error.argument)
        expected: Any = error.expected
        if error.choices:
            expected = M("one of {choices}", choices=", ".join(repr(c) for c in error.choices))
        params = {"argument": name, "value": _shown(error.value), "expected": expected}
        if error.reason:
            said = M(
                "{argument}={value} is not valid ({reason}); expected {expected}",
                reason=error.reason,
                **params,
            )
        else:
            said = M("{argument}={value} is not valid; expected {expected}", **params)
        return str(_(said))
    message = error.args[0] if len(error.args) == 1 else None
    return str(_(message)) if isinstance(message, Message) else str(error)


def _shown(value: Any, limit: int = 300) -> str:
    """``repr(value)`` as an error's message shows it (see :mod:`deduce.errors`)."""
    try:
        text = repr(value)
    except Exception:  # e.g. an int of more digits than Python converts
        return f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclass(frozen=True, slots=True)
class Reply:
    """One answer to a line.

    Attributes:
        kind: what happened, one of :data:`KINDS` (``noted``: a clue was added;
            ``undone``, ``dropped``, ``amended``: the history was corrected; ``nothing
            new``: the line added nothing; ``refused``: it was not carried out, nothing
            changed; ``because``: ``why``'s answer; ``saved``, ``loaded``, ``kept aside``:
            files; ``strategy``: the strategy ranking the moves; ``not saved``: the
            autosave failed; ``note``: anything else worth saying).
        words: what it says, in words.
        clues: the clues of the history it is about, by their numbers (from 1): the clue
            noted or corrected, those a refused clue contradicts, those a fact follows from.
        lines: the clues it lists, in words, as the history numbers them.
        more: what it says after them, a line each.

    Example:
        >>> Reply("noted", "1122: 1 black, 0 white", clues=(1,)).clues
        (1,)
    """

    kind: str
    words: str
    clues: tuple[int, ...] = ()
    lines: tuple[str, ...] = ()
    more: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise InvalidInput("kind", self.kind, sorted(KINDS))


def told(console: Console, reply: Reply) -> None:
    """Print ``reply`` as the console says it.

    Example:
        >>> import io
        >>> console = Console(file=io.StringIO(), color_system=None)
        >>> told(console, Reply("nothing new", "nothing new"))
        >>> console.file.getvalue()
        '(nothing new)\\n'
    """
    words = _said(reply.words)
    words = f"({words})" if reply.kind == "nothing new" else words
    text = begins(reply.kind) + escape(words)
    console.print(f"[red]{text}[/red]" if reply.kind == "not saved" else text)
    for line in reply.lines:
        console.print(f"  {escape(line)}")
    for line in reply.more:
        console.print(escape(_said(line)))


def _said(text: str) -> str:
    """``text``, said again in the player's language when it is a :class:`Message`."""
    return str(_(text)) if isinstance(text, Message) else text
