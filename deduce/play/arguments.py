"""The kinds of argument a clue grammar knows, and the word helpers they share.

Each kind (:class:`Name`, :class:`Integer`, :class:`YesNo`, :class:`Text`,
:class:`Value`, :class:`Several`, :class:`Fact`, :class:`File`, :class:`Flag`) reads one
argument from the words typed, says what it accepts, and offers the words that can
complete it. :mod:`deduce.play.grammar` puts them together into verbs.

Example:
    >>> Integer(0, 4).read("3", Context(), "black")
    3
    >>> YesNo().read("ja", Context(), "confront")
    True
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deduce._internal.language import N_, M, plural
from deduce._internal.names import fold, lookup, resolve
from deduce._internal.validation import key
from deduce.errors import InvalidInput

__all__ = [
    "VERDICT",
    "Bound",
    "Choices",
    "Context",
    "Fact",
    "File",
    "Flag",
    "Groups",
    "Integer",
    "Kind",
    "Name",
    "Parts",
    "Several",
    "Text",
    "Value",
    "YesNo",
    "choose",
    "grouped",
    "key",
    "listed",
    "quoted",
    "tokens",
    "word",
]


def tokens(line: str) -> list[str]:
    """The words of ``line``: white space separates them, quotes group them, and a
    backslash is kept as it is (``C:\\games\\x.json`` is one word).

    Raises:
        ValueError: a quotation is not closed.

    Example:
        >>> tokens("ask who 'Night watchman' almost")
        ['ask', 'who', 'Night watchman', 'almost']
        >>> tokens('load "C:\\\\My games\\\\x.json"')
        ['load', 'C:\\\\My games\\\\x.json']
    """
    lexer = shlex.shlex(line, posix=True)
    lexer.whitespace_split = True
    lexer.escape = ""
    lexer.commenters = ""
    return list(lexer)


def word(name: Any) -> str:
    """A name as one typed word (spaces become ``_``, which every name reader accepts).

    Example:
        >>> word("Juri L.")
        'Juri_L.'
    """
    return re.sub(r"\s+", "_", str(name))


def quoted(text: str, limit: int = 40) -> str:
    """``text`` in quotes as a player typed it, shortened when it is long.

    Example:
        >>> quoted("hello")
        '"hello"'
        >>> quoted("x" * 5000)
        '"xxxxxxxxxxxxxxxxxxxx…xxxxxxxxxxxxxxxxxxx" (5000 characters)'
    """
    if len(text) <= limit:
        return f'"{text}"'
    half = limit // 2
    shortened = f'"{text[:half]}…{text[len(text) - half + 1 :]}"'
    return plural(
        "{quoted} ({n} character)", "{quoted} ({n} characters)", len(text), quoted=shortened
    )


def listed(choices: Sequence[Any], limit: int = 12) -> str:
    """Choices in words: ``one of a, b, c`` (the first ``limit`` and how many more).

    Example:
        >>> listed(["yes", "no"])
        'one of yes, no'
        >>> listed(range(20), limit=3)
        'one of 0, 1, 2 (and 17 more)'
    """
    names = [str(c) for c in choices]
    shown = ", ".join(names[:limit])
    if len(names) > limit:
        more = len(names) - limit
        return plural(
            "one of {choices} (and {n} more)",
            "one of {choices} (and {n} more)",
            more,
            choices=shown,
        )
    return M("one of {choices}", choices=shown)


def choose(token: str, choices: Sequence[Any], argument: str, *, prefix: bool = True) -> Any:
    """The choice that ``token`` names, read as :func:`deduce._internal.names.resolve` reads names:
    case, accents, umlauts written out, spaces and punctuation aside, or as the unique
    choice starting with it (when ``prefix``).

    Raises:
        InvalidInput: no choice fits (with "did you mean" when one is close), or several.

    Example:
        >>> choose("juri", ["Juri L.", "Elke V."], "suspect")
        'Juri L.'
        >>> choose("Koeln", ["Köln", "Ulm"], "scene")
        'Köln'
    """
    return resolve(token, list(choices), argument=argument, prefix=prefix)


@dataclass(frozen=True, slots=True)
class Context:
    """What a choice may depend on: the investigation (None during the set-up) and the
    values read so far (the earlier arguments of the line, or the earlier answers)."""

    investigation: Any = None
    values: Mapping[str, Any] = field(default_factory=dict)


Choices = Sequence[str] | Callable[[Context], Sequence[str]]
Bound = int | Callable[[Context], int]
Laid = Sequence[tuple[str, Sequence[str]]]
Groups = Laid | Callable[[Context], Laid]
"""Choices by category, each a heading and its words (as a page lays them out)."""


def grouped(kind: Any, context: Context) -> list[tuple[str, list[str]]]:
    """The choices of ``kind`` by category, for a picker (none for a kind without them).

    Example:
        >>> grouped(Name(("Ann", "Bob"), groups=(("people", ("Ann", "Bob")),)), Context())
        [('people', ['Ann', 'Bob'])]
        >>> grouped(Integer(0, 3), Context())
        []
    """
    found = getattr(kind, "groups", None)
    return [] if found is None else [(h, words) for h, words in _laid(found, context) if words]


def _laid(rows: Groups, context: Context) -> list[tuple[str, list[str]]]:
    """``rows`` for the context: each heading and its words, as the console reads them."""
    found = rows(context) if callable(rows) else rows
    return [(str(heading), [word(w) for w in words]) for heading, words in found]


@dataclass(frozen=True, slots=True)
class Parts:
    """How a value is written as pieces joined by ``joiner``, each piece from its own
    row of choices, in order (BSI's ``woman/night/outside``, a Mastermind code's
    digits): a page offers one row of buttons per piece. ``least``: how many rows a
    value gives at least (None: every row).

    Example:
        >>> Parts((("gender", ("man", "woman")), ("time", ("day", "night"))), "/").joiner
        '/'
    """

    rows: Groups
    joiner: str = ""
    least: int | None = None

    def laid(self, context: Context) -> list[tuple[str, list[str]]]:
        """Each row's heading and its choices, in order."""
        return _laid(self.rows, context)


def _choices(choices: Choices, context: Context) -> list[str]:
    return list(choices(context) if callable(choices) else choices)


@dataclass(frozen=True, slots=True)
class Name:
    """A name from a list (which may depend on the investigation), written in full or as
    a unique start; ``aliases`` are other words for a name; with ``other``, any other
    text is taken as it is (``other`` says what it means); ``offered``, when given, are
    the names Tab offers (else every choice and alias); ``groups``, the choices by
    category (a page's picker lays them out so)."""

    choices: Choices
    aliases: Mapping[str, str] = field(default_factory=dict)
    other: str | None = None
    offered: Choices | None = None
    groups: Groups | None = None

    def read(self, text: str, context: Context, argument: str) -> Any:
        options = _choices(self.choices, context)
        if self.other is None:
            return resolve(text, options, argument=argument, aliases=self.aliases)
        words = [*options, *self.aliases]
        meant = [*options, *self.aliases.values()]
        found = {meant[i] for i in lookup(text, words, prefix=False)}
        if not found and " " not in text.strip() and len(fold(text)) >= 3:
            found = {meant[i] for i in lookup(text, words)}
        if len(found) == 1:
            return found.pop()
        return text.replace("_", " ") if " " not in text else text

    def words(self, context: Context) -> list[str]:
        if self.offered is not None:
            return [word(c) for c in _choices(self.offered, context)]
        choices = _choices(self.choices, context)
        aliases = [a for a, meant in self.aliases.items() if meant in choices]  # in play now
        return [word(c) for c in [*choices, *aliases]]

    def describe(self, context: Context) -> str:
        if not _choices(self.choices, context):  # they follow from an earlier field
            return self.other or N_("a name (its choices follow from the fields before it)")
        options = _choices(self.choices, context) + [
            a
            for a in self.aliases
            if key(a) not in {key(c) for c in _choices(self.choices, context)}
        ]
        if self.other:
            return M("{choices}, or {other}", choices=listed(options), other=self.other)
        return listed(options)


VERDICT = Name(
    (N_("right"), N_("wrong")),  # a page shows them in the player's words: richtig, falsch
    aliases={
        "yes": "right",
        "correct": "right",
        "no": "wrong",
        "richtig": "right",
        "falsch": "wrong",
    },
)
"""An accusation's or an attempt's verdict: ``right`` or ``wrong``, in English or German
(``yes``, ``correct``, ``richtig``; ``no``, ``falsch``)."""


@dataclass(frozen=True, slots=True)
class Integer:
    """A whole number from ``low`` to ``high`` (either may depend on the investigation);
    ``suggestions``, when given, are the numbers Tab offers (else every one in range)."""

    low: Bound | None = None
    high: Bound | None = None
    suggestions: Choices | None = None

    def bounds(self, context: Context) -> tuple[int | None, int | None]:
        def bound(b: Bound | None) -> int | None:
            return b(context) if callable(b) else b

        return bound(self.low), bound(self.high)

    def read(self, text: str, context: Context, argument: str) -> int:
        if re.fullmatch(r"\s*[+-]?\d{1,9}\s*", text):
            value = int(text)
            low, high = self.bounds(context)
            if (low is None or value >= low) and (high is None or value <= high):
                return value
        raise InvalidInput(argument, text, self.describe(context))

    def words(self, context: Context) -> list[str]:
        if self.suggestions is not None:
            return [str(n) for n in _choices(self.suggestions, context)]
        low, high = self.bounds(context)
        if low is not None and high is not None and high - low < 20:
            return [str(n) for n in range(low, high + 1)]
        return []

    def describe(self, context: Context) -> str:
        low, high = self.bounds(context)
        if low is not None and high is not None:
            return M("a number from {low} to {high}", low=low, high=high)
        if low is not None:
            return M("a number of at least {low}", low=low)
        return N_("a whole number")


_YES = {"y", "yes", "true", "j", "ja"}
_NO = {"n", "no", "false", "nein"}


@dataclass(frozen=True, slots=True)
class YesNo:
    """``yes`` or ``no`` (also ``y``/``n``)."""

    def read(self, text: str, context: Context, argument: str) -> bool:
        if key(text) in _YES:
            return True
        if key(text) in _NO:
            return False
        raise InvalidInput(argument, text, N_("yes or no"))

    def words(self, context: Context) -> list[str]:
        return ["yes", "no"]

    def describe(self, context: Context) -> str:
        return N_("yes or no")


@dataclass(frozen=True, slots=True)
class Text:
    """Free text (``_`` in a single word stands for a space); ``what`` says what it is;
    ``groups``, the suggestions by category (a page's picker lays them out so)."""

    what: str = N_("any text")
    suggestions: Choices = ()
    groups: Groups | None = None

    def read(self, text: str, context: Context, argument: str) -> str:
        if not text.strip():
            raise InvalidInput(argument, text, self.what)
        return text.replace("_", " ") if " " not in text else text

    def words(self, context: Context) -> list[str]:
        return [word(c) for c in _choices(self.suggestions, context)]

    def describe(self, context: Context) -> str:
        return self.what


@dataclass(frozen=True, slots=True)
class Value:
    """A value the game reads itself (a card, a code, a deck file): ``parse(text,
    context)`` raises ``InvalidInput``; ``what`` says what is expected, with an example
    (or gives that text for the context). For a page: ``closed`` says when the
    ``suggestions`` are every value it takes (a player's hand), ``groups`` lays them out
    by category, ``parts`` says how a value is put together from pieces, ``among``
    names the earlier answer whose words are its choices (a player among the players
    named; with ``groups`` too, some of those players each with some of the groups'
    words, in order: ``Plum=Lounge,Hall``), ``besides`` names an earlier answer left
    out of those choices (me, among the players), ``several`` says the value is any number of
    the ``groups``' words (none picked: the question's default), picked as buttons, and
    ``other`` what else it takes beside the ``suggestions`` (a page offers them as
    buttons and a text field for the rest: a deck file beside the editions)."""

    parse: Callable[[str, Context], Any]
    what: str | Callable[[Context], str]
    suggestions: Choices = ()
    closed: bool | Callable[[Context], bool] = False
    groups: Groups | None = None
    parts: Parts | None = None
    among: str = ""
    besides: str = ""
    several: bool = False
    other: str = ""

    def only(self, context: Context) -> bool:
        """Whether the suggestions are every value it takes now."""
        return bool(self.closed(context) if callable(self.closed) else self.closed)

    def read(self, text: str, context: Context, argument: str) -> Any:
        try:
            return self.parse(text, context)
        except InvalidInput as error:
            raise InvalidInput(
                argument, text, self.describe(context), reason=error.reason
            ) from None

    def words(self, context: Context) -> list[str]:
        return [word(c) for c in _choices(self.suggestions, context)]

    def describe(self, context: Context) -> str:
        return self.what(context) if callable(self.what) else self.what


@dataclass(frozen=True, slots=True)
class Several:
    """``count`` values of ``kind`` in one answer (``count`` to ``most`` when ``most`` is
    given: a hand whose size the deal decides), separated by spaces or commas; for a
    page, ``parts`` when their order says something (a row of choices for each: 13
    Indizien's left and right card), else they are picked as ``kind`` lays them out.

    Example:
        >>> Several(Name(("Ann", "Bob", "Cy")), 1, most=3).read("ann, cy", Context(), "who")
        ('Ann', 'Cy')
    """

    kind: Kind
    count: int
    parts: Parts | None = None
    most: int | None = None

    @property
    def groups(self) -> Groups | None:
        """The choices of ``kind`` by category."""
        return getattr(self.kind, "groups", None)

    def read(self, text: str, context: Context, argument: str) -> tuple[Any, ...]:
        parts = text.replace(",", " ").split()
        most = self.count if self.most is None else self.most
        if not self.count <= len(parts) <= most:
            raise InvalidInput(
                argument,
                text,
                self.describe(context),
                reason=M("{n} given", n=len(parts)),
            )
        return tuple(self.kind.read(p, context, argument) for p in parts)

    def words(self, context: Context) -> list[str]:
        return self.kind.words(context)

    def describe(self, context: Context) -> str:
        kind = self.kind.describe(context)
        if self.most is not None and self.most != self.count:
            return M("{count} to {most} of {kind}", count=self.count, most=self.most, kind=kind)
        return M("{count} of {kind}", count=self.count, kind=kind)


@dataclass(frozen=True, slots=True)
class Fact:
    """``FIELD=NAME`` (``FIELD=NAME,NAME`` when ``several``): read as ``(field, name)`` or
    ``(field, (name, ...))``; ``fields`` gives each field's names."""

    fields: Callable[[Context], Mapping[str, Sequence[Any]]]
    several: bool = False

    def read(self, text: str, context: Context, argument: str) -> tuple[str, Any]:
        fields = self.fields(context)
        name_text, sep, value_text = text.partition("=")
        if not sep or not value_text.strip():
            example = next(iter(fields), "FIELD")
            raise InvalidInput(
                N_("fact"), text, M("FIELD=NAME, e.g. {example}=...", example=example)
            )
        name = choose(name_text, list(fields), N_("field"))
        parts = value_text.split(",") if self.several else [value_text]
        if not all(p.strip() for p in parts):
            raise InvalidInput(name, value_text, N_("names separated by single commas"))
        values = [choose(p, list(fields[name]), name) for p in parts]
        if len(set(values)) != len(values):
            raise InvalidInput(
                name, value_text, M("different {field} names", field=name), reason=N_("a repeat")
            )
        return (name, tuple(values) if self.several else values[0])

    def words(self, context: Context) -> list[str]:
        return [f"{word(f)}={word(v)}" for f, vs in self.fields(context).items() for v in vs]

    def describe(self, context: Context) -> str:
        fields = ", ".join(self.fields(context))
        shape = "FIELD=NAME[,NAME...]" if self.several else "FIELD=NAME"
        return M("{shape} with FIELD one of {fields}", shape=shape, fields=fields)


@dataclass(frozen=True, slots=True)
class File:
    """A file name (Tab completes the files of the directory)."""

    what: str = N_("a file name")

    def read(self, text: str, context: Context, argument: str) -> Path:
        return Path(text).expanduser()

    def words(self, context: Context) -> list[str]:
        return []

    def describe(self, context: Context) -> str:
        return self.what


@dataclass(frozen=True, slots=True)
class Flag:
    """A word that is there or not (the argument's keyword alone): read as True."""

    def read(self, text: str, context: Context, argument: str) -> bool:
        return True

    def words(self, context: Context) -> list[str]:
        return []

    def describe(self, context: Context) -> str:
        return N_("the word alone")


Kind = Name | Integer | YesNo | Text | Value | Several | Fact | File | Flag
