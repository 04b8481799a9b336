"""The parts of a clue grammar, as values: a verb, its arguments, a set-up question.

:mod:`deduce.play.grammar` puts them together into a :class:`~deduce.play.grammar.Grammar`
that parses, helps and completes.

Example:
    >>> Verb(("undo",), (), "take back the last clue", (), print).name
    'undo'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from deduce._internal.language import M, _
from deduce.play.arguments import Context, Flag, Kind

__all__ = ["Arg", "Call", "Question", "Rows", "Verb"]


@dataclass(frozen=True, slots=True)
class Arg:
    """One argument of a verb.

    Attributes:
        name: as written in the usage (``CRIME``); its value is stored under ``name``
            in lower case, or under ``store`` when given.
        kind: how it is read and completed.
        optional: it may be left out (its value is then missing from the values).
        optional_note: when an optional argument is given, in words (``needed unless it
            is your own case``): a form says so instead of "optional".
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
    optional_note: str = ""

    @property
    def key(self) -> str:
        """The key of the argument's value."""
        return self.store or self.name.lower()

    @property
    def said(self) -> str:
        """The argument as a refusal names it (``crime``; a one-letter name as it is; one
        written as its choices, ``left|right``, by the key of its value: ``side``).

        Example:
            >>> from deduce.play.grammar import Name
            >>> Arg("left|right", Name(("left", "right")), store="side").said
            'side'
        """
        if "|" in self.name:
            return self.key.replace("_", " ")
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
        setting: lines that make the examples possible, typed before each of them by the
            tests (instead of the game's ``table_lines``).
    """

    words: tuple[str, ...]
    args: tuple[Arg, ...]
    help: str
    examples: tuple[str, ...]
    do: Callable[[Any, dict[str, Any]], Any]
    command: bool = False
    implied: bool = False
    setting: tuple[str, ...] = ()

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
        title: the first word of its prompt, marked for translation (default: the key,
            ``black_only`` -> ``Black only``).
    """

    key: str
    kind: Kind
    help: str
    default: str | None = None
    example: str | None = None
    check: Callable[[Mapping[str, Any]], None] | None = None
    when: Callable[[Mapping[str, Any]], bool] | None = None
    title: str | None = None

    @property
    def label(self) -> str:
        """The first word of the prompt, in the player's language (the title, else the
        key as the prompt writes it: ``black_only`` -> ``Black only``)."""
        if self.title is not None:
            return _(self.title)
        text = self.key.replace("_", " ")
        return text[:1].upper() + text[1:]

    def prompt(self) -> str:
        """The prompt, with an example of the answer and the default (the help and the
        words around the example in the player's language).

        Example:
            >>> from deduce.play.arguments import Integer
            >>> Question("players", Integer(2, 4), "2 to 4", "2").prompt()
            'Players (2 to 4) [2]: '
        """
        example = self.example if self.example not in (None, self.default) else None
        said = _(M("e.g. {example}", example=example)) if example else ""
        notes = "; ".join(n for n in (_(self.help), said) if n)
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
