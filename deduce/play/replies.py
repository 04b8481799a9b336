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

from rich.console import Console
from rich.markup import escape

from deduce.errors import InvalidInput

__all__ = ["KINDS", "Reply", "told"]

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
    words = f"({reply.words})" if reply.kind == "nothing new" else reply.words
    text = KINDS[reply.kind] + escape(words)
    console.print(f"[red]{text}[/red]" if reply.kind == "not saved" else text)
    for line in reply.lines:
        console.print(f"  {escape(line)}")
    for line in reply.more:
        console.print(escape(line))
