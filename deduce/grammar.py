"""A game's clue grammar, declared once: its verbs, their arguments, help and examples.

A :class:`Grammar` says what a player may type at the table: every :class:`Verb` with
its words, its :class:`Arg` arguments (each of a kind: a :class:`Name` from a list, an
:class:`Integer`, :class:`YesNo`, :class:`Text`, a game's own :class:`Value`,
``FIELD=VALUE`` :class:`Fact` s, a :class:`File`), its help line, its examples and the
function it calls on the game's public API. The set-up :class:`Question` s are declared
the same way. Nothing here knows about terminals: the console reads lines with
:meth:`Grammar.parse`, writes ``help`` from :meth:`Grammar.usage` and completes words
with :meth:`Grammar.complete`; another front end (a form) can read the same description.

Example:
    >>> grammar = Grammar(
    ...     verbs=(
    ...         Verb(
    ...             ("ask", "question"),
    ...             (Arg("WITNESS", Integer(1, 3)), Arg("ABOUT", Name(("red", "blue")))),
    ...             "ask seat WITNESS about a colour",
    ...             ("ask 2 red",),
    ...             lambda target, values: (values["witness"], values["about"]),
    ...         ),
    ...     ),
    ... )
    >>> call = grammar.parse(["q", "2", "bl"])
    >>> call.verb.name, call.values
    ('ask', {'witness': 2, 'about': 'blue'})
    >>> grammar.complete("ask 2 ")
    ['red', 'blue']
    >>> grammar.usage(grammar.verbs[0])
    'ask WITNESS ABOUT'
"""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deduce.errors import InvalidInput

__all__ = [
    "Arg",
    "Call",
    "Context",
    "Fact",
    "File",
    "Flag",
    "Grammar",
    "Integer",
    "Name",
    "Question",
    "Rows",
    "Several",
    "Text",
    "Value",
    "Verb",
    "YesNo",
    "choose",
    "key",
    "listed",
    "quoted",
    "split",
    "word",
]


def key(text: str) -> str:
    """The comparison key of a name: lower case, letters and digits only.

    Example:
        >>> key("Juri L."), key("juri_l")
        ('juril', 'juril')
    """
    return re.sub(r"[\W_]+", "", text.casefold())


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
    return f'"{text[:half]}…{text[len(text) - half + 1 :]}" ({len(text)} characters)'


def listed(choices: Sequence[Any], limit: int = 12) -> str:
    """Choices in words: ``one of a, b, c`` (the first ``limit`` and how many more).

    Example:
        >>> listed(["yes", "no"])
        'one of yes, no'
        >>> listed(range(20), limit=3)
        'one of 0, 1, 2 (and 17 more)'
    """
    names = [str(c) for c in choices]
    more = f" (and {len(names) - limit} more)" if len(names) > limit else ""
    return "one of " + ", ".join(names[:limit]) + more


def choose(token: str, choices: Sequence[Any], argument: str, *, prefix: bool = True) -> Any:
    """The choice that ``token`` names: exactly (ignoring case, spaces and punctuation),
    or as the unique choice starting with it (when ``prefix``).

    Raises:
        InvalidInput: no choice, or several, fit.

    Example:
        >>> choose("juri", ["Juri L.", "Elke V."], "suspect")
        'Juri L.'
    """
    options = list(choices)
    wanted = key(token)
    exact = [c for c in options if key(str(c)) == wanted]
    if len(exact) == 1:
        return exact[0]
    starting = [c for c in options if wanted and key(str(c)).startswith(wanted)] if prefix else []
    if len(starting) == 1:
        return starting[0]
    if len(starting) > 1:
        raise InvalidInput(argument, token, listed(starting), reason="it fits several")
    raise InvalidInput(argument, token, listed(options))


@dataclass(frozen=True, slots=True)
class Context:
    """What a choice may depend on: the investigation (None during the set-up) and the
    values read so far (the earlier arguments of the line, or the earlier answers)."""

    investigation: Any = None
    values: Mapping[str, Any] = field(default_factory=dict)


Choices = Sequence[str] | Callable[[Context], Sequence[str]]
Bound = int | Callable[[Context], int]


def _choices(choices: Choices, context: Context) -> list[str]:
    return list(choices(context) if callable(choices) else choices)


@dataclass(frozen=True, slots=True)
class Name:
    """A name from a list (which may depend on the investigation), written in full or as
    a unique start; ``aliases`` are other words for a name; with ``other``, any other
    text is taken as it is (``other`` says what it means)."""

    choices: Choices
    aliases: Mapping[str, str] = field(default_factory=dict)
    other: str | None = None

    def read(self, text: str, context: Context, argument: str) -> Any:
        alias = {key(a): v for a, v in self.aliases.items()}.get(key(text))
        if alias is not None:
            return alias
        options = _choices(self.choices, context)
        if self.other is None:
            return choose(text, options, argument)
        wanted = key(text)
        exact = [c for c in options if key(c) == wanted]
        starting = [c for c in options if len(wanted) >= 3 and key(c).startswith(wanted)]
        if exact or (" " not in text.strip() and len(starting) == 1):
            return (exact or starting)[0]
        return text.replace("_", " ") if " " not in text else text

    def words(self, context: Context) -> list[str]:
        return [word(c) for c in _choices(self.choices, context)] + list(self.aliases)

    def describe(self, context: Context) -> str:
        options = _choices(self.choices, context) + [
            a
            for a in self.aliases
            if key(a) not in {key(c) for c in _choices(self.choices, context)}
        ]
        return listed(options) + (f", or {self.other}" if self.other else "")


@dataclass(frozen=True, slots=True)
class Integer:
    """A whole number from ``low`` to ``high`` (either may depend on the investigation)."""

    low: Bound | None = None
    high: Bound | None = None

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
        low, high = self.bounds(context)
        if low is not None and high is not None and high - low < 20:
            return [str(n) for n in range(low, high + 1)]
        return []

    def describe(self, context: Context) -> str:
        low, high = self.bounds(context)
        if low is not None and high is not None:
            return f"a number from {low} to {high}"
        if low is not None:
            return f"a number of at least {low}"
        return "a whole number"


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
        raise InvalidInput(argument, text, "yes or no")

    def words(self, context: Context) -> list[str]:
        return ["yes", "no"]

    def describe(self, context: Context) -> str:
        return "yes or no"


@dataclass(frozen=True, slots=True)
class Text:
    """Free text (``_`` in a single word stands for a space); ``what`` says what it is."""

    what: str = "any text"
    suggestions: Choices = ()

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
    (or gives that text for the context)."""

    parse: Callable[[str, Context], Any]
    what: str | Callable[[Context], str]
    suggestions: Choices = ()

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
    """``count`` values of ``kind`` in one answer, separated by spaces or commas."""

    kind: Kind
    count: int

    def read(self, text: str, context: Context, argument: str) -> tuple[Any, ...]:
        parts = text.replace(",", " ").split()
        if len(parts) != self.count:
            raise InvalidInput(
                argument,
                text,
                f"{self.count} of {self.kind.describe(context)}",
                reason=f"{len(parts)} given",
            )
        return tuple(self.kind.read(p, context, argument) for p in parts)

    def words(self, context: Context) -> list[str]:
        return self.kind.words(context)

    def describe(self, context: Context) -> str:
        return f"{self.count} of {self.kind.describe(context)}"


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
            raise InvalidInput("fact", text, f"FIELD=NAME, e.g. {example}=...")
        name = choose(name_text, list(fields), "field")
        parts = value_text.split(",") if self.several else [value_text]
        if not all(p.strip() for p in parts):
            raise InvalidInput(name, value_text, "names separated by single commas")
        values = [choose(p, list(fields[name]), name) for p in parts]
        if len(set(values)) != len(values):
            raise InvalidInput(name, value_text, f"different {name} names", reason="a repeat")
        return (name, tuple(values) if self.several else values[0])

    def words(self, context: Context) -> list[str]:
        return [f"{word(f)}={word(v)}" for f, vs in self.fields(context).items() for v in vs]

    def describe(self, context: Context) -> str:
        fields = ", ".join(self.fields(context))
        shape = "FIELD=NAME[,NAME...]" if self.several else "FIELD=NAME"
        return f"{shape} with FIELD one of {fields}"


@dataclass(frozen=True, slots=True)
class File:
    """A file name (Tab completes the files of the directory)."""

    what: str = "a file name"

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
        return "the word alone"


Kind = Name | Integer | YesNo | Text | Value | Several | Fact | File | Flag


@dataclass(frozen=True, slots=True)
class Arg:
    """One argument of a verb.

    Attributes:
        name: as written in the usage (``CRIME``); its value is stored under ``name``
            in lower case, or under ``store`` when given.
        kind: how it is read and completed.
        optional: it may be left out (its value is then missing from the values).
        repeated: one or more words, read into a tuple.
        rest: the remaining words, read as one text.
        keyword: written ``KEYWORD VALUE`` (``KEYWORD=VALUE`` when it ends with ``=``;
            with :class:`Flag` the keyword alone), anywhere after the verb.
        when: the argument exists only when this holds (e.g. a variant of the game).
        store: the key of its value (default: ``name`` in lower case).
    """

    name: str
    kind: Kind
    optional: bool = False
    repeated: bool = False
    rest: bool = False
    keyword: str | None = None
    when: Callable[[Context], bool] | None = None
    store: str = ""

    @property
    def key(self) -> str:
        """The key of the argument's value."""
        return self.store or self.name.lower()

    @property
    def said(self) -> str:
        """The argument as a refusal names it (``crime``; a one-letter name as it is)."""
        return self.name.lower() if len(self.name) > 2 else self.name

    def usage(self) -> str:
        """How the argument is written in a usage line."""
        if self.keyword is None:
            text = self.name + (" ..." if self.repeated else "")
        elif isinstance(self.kind, Flag):
            text = self.keyword
        elif self.keyword.endswith("="):
            text = f"{self.keyword}{self.name}"
        else:
            text = f"{self.keyword} {self.name}" + (" ..." if self.repeated else "")
        return f"[{text}]" if self.optional else text


@dataclass(frozen=True, slots=True)
class Verb:
    """One thing a player can type.

    Attributes:
        words: its word, then the aliases accepted for it.
        args: its arguments, in order.
        help: what it says, in one line.
        examples: lines that use it (each one is run by the tests).
        do: ``do(target, values)``: what it does; a clue returns the new investigation,
            a command returns something to show (or None).
        command: it shows something instead of adding a clue.
        implied: the verb may be left out (a line that starts with no verb is this one).
    """

    words: tuple[str, ...]
    args: tuple[Arg, ...]
    help: str
    examples: tuple[str, ...]
    do: Callable[[Any, dict[str, Any]], Any]
    command: bool = False
    implied: bool = False

    @property
    def name(self) -> str:
        """Its word."""
        return self.words[0]


@dataclass(frozen=True, slots=True)
class Call:
    """A line read: the verb and the values of its arguments."""

    verb: Verb
    values: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Rows:
    """A command's answer as a table: ``header`` and ``rows`` of text."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str = ""


@dataclass(frozen=True, slots=True)
class Question:
    """One set-up question; its ``key`` is also its ``--set KEY=VALUE`` name and the
    first word of its prompt.

    Attributes:
        key: the name of the answer.
        kind: how the answer is read (and completed).
        help: what is asked, in a few words (shown in the prompt).
        default: the answer taken for an empty line (None: an answer is required).
        example: an answer of the right form (shown in the prompt; default: ``default``).
        check: ``check(answers)`` with the answers so far, this one included: raises
            ``InvalidInput`` (naming every problem) when they cannot stand together.
        when: the question is asked only when this holds of the answers so far.
    """

    key: str
    kind: Kind
    help: str
    default: str | None = None
    example: str | None = None
    check: Callable[[Mapping[str, Any]], None] | None = None
    when: Callable[[Mapping[str, Any]], bool] | None = None

    @property
    def label(self) -> str:
        """The key as the prompt writes it (``black_only`` -> ``Black only``)."""
        text = self.key.replace("_", " ")
        return text[:1].upper() + text[1:]

    def prompt(self) -> str:
        """The prompt, with an example of the answer and the default.

        Example:
            >>> Question("players", Integer(2, 4), "2 to 4", "2").prompt()
            'Players (2 to 4) [2]: '
        """
        example = self.example if self.example not in (None, self.default) else None
        notes = "; ".join(n for n in (self.help, example and f"e.g. {example}") if n)
        default = f" [{self.default}]" if self.default is not None else ""
        return f"{self.label}{f' ({notes})' if notes else ''}{default}: "

    def read(self, text: str, answers: Mapping[str, Any]) -> Any:
        """The answer ``text`` read and checked with the answers so far."""
        value = self.kind.read(text, Context(None, answers), self.key)
        if self.check is not None:
            self.check({**answers, self.key: value})
        return value

    def applies(self, answers: Mapping[str, Any]) -> bool:
        """Whether the question is asked, given the answers so far."""
        return self.when is None or self.when(answers)


def split(line: str) -> tuple[list[str], str]:
    """The words of ``line`` before the cursor: the finished ones and the one being typed.

    Example:
        >>> split('ask who "Night wa')
        (['ask', 'who'], 'Night wa')
        >>> split("ask ")
        (['ask'], '')
    """
    for closing in ("", '"', "'"):
        try:
            words = shlex.split(line + closing)
        except ValueError:
            continue
        if closing or not line or not line[-1].isspace():
            return (words[:-1], words[-1]) if words else ([], "")
        return words, ""
    return line.split(), ""


class _Walk:
    """Reads the words of one verb's line; records what could come next."""

    def __init__(self, verb: Verb, context: Context, strict: bool, shape: str = "") -> None:
        self.verb = verb
        self.shape = shape
        self.line = ""
        self.context = context
        self.strict = strict
        self.values: dict[str, Any] = dict(context.values)
        self.read: dict[str, Any] = {}
        applies = [a for a in verb.args if a.when is None or a.when(self._context())]
        self.positional = [a for a in applies if a.keyword is None]
        self.keywords = [a for a in applies if a.keyword is not None]
        self.at = 0  # the next positional argument
        self.open: Arg | None = None  # a repeated or rest argument still taking words
        self.words: list[str] = []
        self.after_keyword: Arg | None = None  # a keyword waiting for its value

    def _context(self) -> Context:
        return Context(self.context.investigation, self.values)

    def keyword(self, token: str) -> tuple[Arg, str | None] | None:
        for arg in self.keywords:
            assert arg.keyword is not None
            if arg.keyword.endswith("="):
                name, sep, value = token.partition("=")
                if sep and key(name) == key(arg.keyword):
                    return arg, value
            elif key(token) == key(arg.keyword):
                return arg, None
        return None

    def _store(self, arg: Arg, text: str | list[str]) -> None:
        try:
            name = arg.said
            if isinstance(text, list):
                value: Any = tuple(arg.kind.read(t, self._context(), name) for t in text)
            else:
                value = arg.kind.read(text, self._context(), name)
        except InvalidInput:
            if self.strict:
                raise
            return
        if arg.repeated and arg.keyword is not None and arg.key in self.read:
            value = self.read[arg.key] + value
        self.values[arg.key] = self.read[arg.key] = value

    def _close(self) -> None:
        if self.open is not None:
            arg = self.open
            self.open = None
            if not self.words:
                self._fail(arg.said, "", f"{arg.usage()} with at least one word")
            self._store(arg, " ".join(self.words) if arg.rest else list(self.words))
            self.words = []

    def _fail(self, argument: str, value: str, expected: str, reason: str | None = None) -> None:
        if self.strict:
            raise InvalidInput(argument, value, expected, reason=reason)

    def take(self, token: str) -> None:
        if self.after_keyword is not None:
            arg = self.after_keyword
            self.after_keyword = None
            if arg.repeated:
                self.open, self.words = arg, [token]
            else:
                self._store(arg, token)
            return
        found = self.keyword(token)
        if found is not None:
            self._close()
            arg, value = found
            if arg.key in self.read and not arg.repeated:
                self._fail(arg.said, token, f"{arg.usage()} once", reason="it is said twice")
            if isinstance(arg.kind, Flag):
                self.values[arg.key] = self.read[arg.key] = True
            elif value is not None:
                self._store(arg, value)
            else:
                self.after_keyword = arg
            return
        if self.open is not None:
            self.words.append(token)
            return
        while self.at < len(self.positional):
            arg = self.positional[self.at]
            self.at += 1
            if arg.rest or arg.repeated:
                self.open, self.words = arg, [token]
                return
            if arg.optional and self.at < len(self.positional):
                try:
                    arg.kind.read(token, self._context(), arg.said)
                except InvalidInput:
                    continue
            self._store(arg, token)
            return
        self._fail("line", self.line, self.shape, reason=f"{quoted(token)} is one word too many")

    def finish(self) -> dict[str, Any]:
        line, shape = self.line, self.shape
        if self.after_keyword is not None:
            arg = self.after_keyword
            self._fail("line", line, shape, reason=f"{arg.name} after {arg.keyword} is missing")
        self._close()
        for arg in self.positional[self.at :]:
            if not arg.optional:
                self._fail("line", line, shape, reason=f"{arg.name} is missing")
        return self.read

    def expecting(self) -> list[Arg]:
        """The arguments the next word may be (or continue)."""
        if self.after_keyword is not None:
            return [self.after_keyword]
        found: list[Arg] = []
        if self.open is not None:
            found.append(self.open)
        else:
            for arg in self.positional[self.at :]:
                found.append(arg)
                if not arg.optional:
                    break
        return found + [a for a in self.keywords if a.key not in self.read or a.repeated]


@dataclass(frozen=True, slots=True)
class Grammar:
    """Every verb of a game (and its set-up questions).

    Attributes:
        verbs: the verbs, in the order ``help`` lists them.
        notes: lines shown after the verbs by ``help`` (how names are written, ...).
        setup: the set-up questions, asked in order.
        setup_note: said before the set-up questions (who I am at the table, ...).
    """

    verbs: tuple[Verb, ...]
    notes: str = ""
    setup: tuple[Question, ...] = ()
    setup_note: str = ""

    def __add__(self, other: Grammar) -> Grammar:
        return Grammar(
            self.verbs + other.verbs,
            self.notes or other.notes,
            self.setup or other.setup,
            self.setup_note or other.setup_note,
        )

    def words(self) -> list[str]:
        """Every verb word (aliases included)."""
        return [w for verb in self.verbs for w in verb.words]

    def find(self, token: str) -> list[Verb]:
        """The verbs (one, or several forms of one word) that ``token`` names: exactly,
        or as the unique start of a verb word; none if it names no verb."""
        wanted = key(token)
        exact = [v for v in self.verbs if any(key(w) == wanted for w in v.words)]
        if exact or not wanted:
            return exact
        starting = {w for v in self.verbs for w in v.words if key(w).startswith(wanted)}
        if len({next(v.name for v in self.verbs if w in v.words) for w in starting}) == 1:
            return [v for v in self.verbs if starting & set(v.words)]
        return []

    def usage(self, verb: Verb, investigation: Any = None) -> str:
        """How ``verb`` is written (for this investigation: variants change it)."""
        context = Context(investigation)
        args = [a for a in verb.args if investigation is None or a.when is None or a.when(context)]
        return " ".join([verb.name, *(a.usage() for a in args)])

    def parse(self, tokens: Sequence[str], investigation: Any = None) -> Call:
        """The verb and values that the words of a line say.

        Raises:
            InvalidInput: the line says nothing this game knows; the message names the
                wrong word and what would be accepted there.
        """
        if not tokens:
            raise InvalidInput("line", "", "a clue or a command (try help)")
        verbs = self.find(tokens[0])
        rest = list(tokens[1:])
        if not verbs:
            verbs = [v for v in self.verbs if v.implied]
            rest = list(tokens)
            if not verbs:
                clues = [v.name for v in self.verbs if not v.command]
                commands = [v.name for v in self.verbs if v.command]
                raise InvalidInput(
                    "line",
                    " ".join(tokens),
                    f"a clue ({', '.join(clues)}) or a command ({', '.join(commands)})",
                    reason=f"{quoted(tokens[0])} is neither",
                )
        errors: list[tuple[int, InvalidInput]] = []
        line = " ".join(tokens)
        for verb in verbs:
            usage = self.usage(verb, investigation)
            example = verb.examples[0] if verb.examples else ""
            shape = usage if example in {"", verb.name} else f"{usage}, e.g. {example}"
            walk = _Walk(verb, Context(investigation), strict=True, shape=shape)
            walk.line = line
            done = 0
            try:
                for token in rest:
                    walk.take(token)
                    done += 1
                return Call(verb, walk.finish())
            except InvalidInput as error:
                errors.append((done, error))
        raise max(errors, key=lambda e: e[0])[1]

    def complete(self, before: str, investigation: Any = None) -> list[str]:
        """The words that may be typed at the end of ``before`` (the line up to the
        cursor): verbs first, then what the argument being typed can be, in the order
        they are declared.

        Example:
            >>> Grammar((Verb(("undo",), (), "take back", ("undo",), print),)).complete("un")
            ['undo']
        """
        done, partial = split(before)
        candidates: list[str] = []
        if not done:
            candidates.extend(self.words())
        verbs = self.find(done[0]) if done else []
        rest = done[1:]
        if not verbs:
            verbs = [v for v in self.verbs if v.implied]
            rest = list(done)
        for verb in verbs:
            walk = _Walk(verb, Context(investigation), strict=False)
            try:
                for token in rest:
                    walk.take(token)
                for arg in walk.expecting():
                    if arg.keyword is not None and arg is not walk.after_keyword:
                        if arg is not walk.open:
                            candidates.append(arg.keyword)
                        continue
                    if isinstance(arg.kind, File):
                        candidates.extend(_files(partial))
                    else:
                        candidates.extend(arg.kind.words(walk._context()))
            except Exception:  # completion must never break the prompt
                continue
        folded = partial.casefold()
        return [c for c in dict.fromkeys(candidates) if c.casefold().startswith(folded)]

    def examples(self) -> list[str]:
        """Every example line of every verb."""
        return [line for verb in self.verbs for line in verb.examples]


def _files(partial: str) -> list[str]:
    folder, _, start = partial.rpartition("/")
    where = Path(folder or ".").expanduser()
    try:
        names = sorted(os.listdir(where))
    except OSError:
        return []
    prefix = f"{folder}/" if folder else ""
    return [
        prefix + n + ("/" if (where / n).is_dir() else "")
        for n in names
        if n.startswith(start) and not n.startswith(".")
    ]
