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
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deduce._internal.language import N_, M
from deduce._internal.names import close, lookup, starts
from deduce.errors import InvalidInput
from deduce.play.arguments import (
    Context,
    Fact,
    File,
    Flag,
    Integer,
    Name,
    Several,
    Text,
    Value,
    YesNo,
    choose,
    key,
    listed,
    quoted,
    tokens,
    word,
)
from deduce.play.verbs import Arg, Call, Question, Rows, Verb

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
            words = tokens(line + closing)
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
                self._fail(arg.said, "", M("{usage} with at least one word", usage=arg.usage()))
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
                said = token if value is None else value
                expected = M("{usage} once", usage=arg.usage())
                self._fail(arg.said, said, expected, reason=N_("it is said twice"))
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
        reason = M("{word} is one word too many", word=quoted(token))
        self._fail("line", self.line, self.shape, reason=reason)

    def finish(self) -> dict[str, Any]:
        line, shape = self.line, self.shape
        if self.after_keyword is not None:
            arg = self.after_keyword
            reason = M("{name} after {keyword} is missing", name=arg.name, keyword=arg.keyword)
            self._fail("line", line, shape, reason=reason)
        self._close()
        for arg in self.positional[self.at :]:
            if not arg.optional:
                self._fail(
                    "line", line, shape, reason=M("{argument} is missing", argument=arg.name)
                )
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
        pairs = [(w, v) for v in self.verbs for w in v.words]
        found = lookup(token, [w for w, _ in pairs])
        if len({pairs[i][1].name for i in found}) != 1:
            return []
        named = {pairs[i][0] for i in found}
        return [v for v in self.verbs if named & set(v.words)]

    def usage(
        self, verb: Verb, investigation: Any = None, given: Mapping[str, str] | None = None
    ) -> str:
        """How ``verb`` is written (for this investigation: variants change it), the
        arguments in ``given`` (by their names in the usage) written as their values.

        Example:
            >>> from deduce.play.arguments import Integer
            >>> args = (Arg("SEAT", Integer(1, 3)), Arg("N", Integer(0, 9)))
            >>> q = Verb(("q",), args, "", (), print)
            >>> Grammar((q,)).usage(q), Grammar((q,)).usage(q, given={"SEAT": "2"})
            ('q SEAT N', 'q 2 N')
        """
        context = Context(investigation)
        args = [a for a in verb.args if investigation is None or a.when is None or a.when(context)]
        fixed = given or {}
        return " ".join([verb.name, *(fixed.get(a.name) or a.usage() for a in args)])

    def form_of(self, name: str, names: Collection[str] = ()) -> Verb:
        """The verb of that ``name`` (its first word) whose arguments include ``names``
        (by their names in the usage): of several verbs of one word, the one meant.

        Raises:
            InvalidInput: no verb of that name has those arguments.

        Example:
            >>> from deduce.play.grammar import Name
            >>> first = Verb(("answer",), (Arg("NAME", Name(("Ann",))),), "", (), print)
            >>> other = Verb(("answer",), (Arg("wrong", Name(("wrong",))),), "", (), print)
            >>> Grammar((first, other)).form_of("answer", ["wrong"]) is other
            True
        """
        for verb in self.verbs:
            if verb.name == name and set(names) <= {a.name for a in verb.args}:
                return verb
        raise InvalidInput(N_("verb"), name, [v.name for v in self.verbs])

    def parse(self, tokens: Sequence[str], investigation: Any = None) -> Call:
        """The verb and values that the words of a line say.

        Raises:
            InvalidInput: the line says nothing this game knows; the message names the
                wrong word and what would be accepted there.
        """
        if not tokens:
            raise InvalidInput("line", "", N_("a clue or a command (try help)"))
        verbs = self.find(tokens[0])
        rest = list(tokens[1:])
        if not verbs:
            verbs = [v for v in self.verbs if v.implied]
            rest = list(tokens)
            if not verbs:
                clues = [v.name for v in self.verbs if not v.command]
                commands = [v.name for v in self.verbs if v.command]
                near = close(tokens[0], self.words())
                typed = quoted(tokens[0])
                reason = (
                    M("{word} is neither; did you mean {verbs}?", word=typed, verbs=_either(near))
                    if near
                    else M("{word} is neither", word=typed)
                )
                raise InvalidInput(
                    "line",
                    " ".join(tokens),
                    M(
                        "a clue ({clues}) or a command ({commands})",
                        clues=", ".join(clues),
                        commands=", ".join(commands),
                    ),
                    reason=reason,
                )
        errors: list[tuple[int, InvalidInput]] = []
        line = " ".join(tokens)
        for verb in verbs:
            usage = self.usage(verb, investigation)
            example = verb.examples[0] if verb.examples else ""
            shape = (
                usage
                if example in {"", verb.name}
                else M("{usage}, e.g. {example}", usage=usage, example=example)
            )
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
        if len(verbs) > 1:  # forms of one word: those the words typed so far fit
            verbs = [v for v in verbs if _fits(v, rest, investigation)] or verbs
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
        return [c for c in dict.fromkeys(candidates) if starts(partial, c)]

    def examples(self) -> list[str]:
        """Every example line of every verb."""
        return [line for verb in self.verbs for line in verb.examples]


def _either(words: Sequence[str]) -> str:
    """``words`` as alternatives: ``a or b or c`` (one word as it is).

    Example:
        >>> _either(["ask", "accuse", "answer"])
        'ask or accuse or answer'
    """
    said: str = words[0] if words else ""
    for name in words[1:]:
        said = M("{items} or {last}", items=said, last=name)
    return said


def _fits(verb: Verb, words: Sequence[str], investigation: Any) -> bool:
    """Whether ``verb`` reads ``words`` (the finished words after the verb) without a
    refusal."""
    walk = _Walk(verb, Context(investigation), strict=True)
    try:
        for token in words:
            walk.take(token)
    except InvalidInput:
        return False
    return True


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
