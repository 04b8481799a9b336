"""The forms of ``deduce serve``, read from a game's grammar: every verb a form and every
set-up question a field, each argument a control of its kind.

A :class:`~deduce.play.grammar.Name` (and a yes-or-no) is a row of buttons while its
choices are few, an :class:`~deduce.play.grammar.Integer` a stepper, anything else a text
field offering the words the console would complete. The page puts the line together
from the controls, in the grammar's order, and posts it as the console's line.

Example:
    >>> from deduce.play import adapter
    >>> from deduce.games.mastermind import Investigation
    >>> form = verb_forms(adapter("mastermind").grammar, Investigation(4, 6))[0]
    >>> form.name, [(f.name, f.control) for f in form.fields]
    ('guess', [('CODE', 'text'), ('BLACK', 'stepper'), ('WHITE', 'stepper')])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deduce.play.adapter import BLANK
from deduce.play.arguments import tokens
from deduce.play.grammar import (
    Arg,
    Context,
    File,
    Flag,
    Grammar,
    Integer,
    Name,
    Question,
    Several,
    YesNo,
    word,
)

__all__ = ["Field", "Form", "filling", "question_fields", "verb_forms"]

_BUTTONS = 12  # more choices than this: a text field offering them


@dataclass(frozen=True, slots=True)
class Field:
    """One control of a form.

    Attributes:
        name: the argument as the usage writes it (``BLACK``), or the question's key.
        label: what the control is called on the page.
        control: ``buttons``, ``stepper``, ``text`` or ``flag``.
        choices: the buttons' words, or the words a text field offers.
        low: the stepper's smallest value (None: unbounded).
        high: the stepper's largest value (None: unbounded).
        keyword: written before the value in the line (``with``; ``at=``).
        optional: it may be left empty.
        repeated: several words (several buttons may be pressed).
        help: what it is (the kind's description).
        default: the value taken when it is left empty (set-up questions); in a clue's
            form, a word the line needs that is its only choice (checked).
    """

    name: str
    label: str
    control: str
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    keyword: str = ""
    optional: bool = False
    repeated: bool = False
    help: str = ""
    default: str = ""


@dataclass(frozen=True, slots=True)
class Form:
    """One verb as a form: its word, its help line, examples and fields."""

    name: str
    help: str
    examples: tuple[str, ...]
    fields: tuple[Field, ...]
    command: bool


def _said(arg: Arg) -> str:
    """An argument as the usage says it: ``new CASE`` for ``CASE`` after ``new``."""
    keyword = (arg.keyword or "").rstrip("=")
    if not keyword or keyword.lower() == arg.name.lower():
        return arg.name or keyword
    return f"{keyword} {arg.name}" if arg.name else keyword


def _label(name: str) -> str:
    text = name.replace("_", " ").replace("|", " or ").lower()
    return text[:1].upper() + text[1:]


def _control(kind: Any, context: Context) -> dict[str, Any]:
    """The control for an argument of ``kind``."""
    if isinstance(kind, Flag):
        return {"control": "flag"}
    if isinstance(kind, YesNo):
        return {"control": "buttons", "choices": ("yes", "no")}
    if isinstance(kind, Integer):
        low, high = kind.bounds(context)
        return {"control": "stepper", "low": low, "high": high}
    try:
        words = tuple(kind.words(context)) if not isinstance(kind, File) else ()
    except Exception:  # words that cannot be listed yet: a plain text field
        words = ()
    buttons = words
    if isinstance(kind, Name) and kind.offered is None:  # other words for a name: typed only
        aliases = {word(a) for a in kind.aliases}
        buttons = tuple(w for w in words if w not in aliases)
    if isinstance(kind, Name | Several) and 0 < len(buttons) <= _BUTTONS:
        return {"control": "buttons", "choices": buttons}
    return {"control": "text", "choices": words[:200]}


def _describe(kind: Any, context: Context) -> str:
    try:
        return str(kind.describe(context))
    except Exception:  # a description that needs more than is known yet
        return ""


def _field(arg: Arg, context: Context) -> Field:
    control = _control(arg.kind, context)
    only = control.get("choices", ())
    given = control["control"] == "buttons" and len(only) == 1 and not arg.optional
    return Field(
        name=arg.name,
        label=_label(_said(arg)),
        keyword=arg.keyword or "",
        optional=arg.optional,
        repeated=arg.repeated or isinstance(arg.kind, Several),
        help="" if given else _describe(arg.kind, context),  # not "one of ask"
        default=only[0] if given else "",  # a word the line needs and the only choice
        **control,
    )


def verb_forms(grammar: Grammar, investigation: Any) -> list[Form]:
    """Every verb of ``grammar`` as a form, for the game as it stands (its arguments and
    choices depend on it: the variant played, the cards left)."""
    context = Context(investigation)
    forms = []
    for verb in grammar.verbs:
        args = [a for a in verb.args if a.when is None or _applies(a, context)]
        forms.append(
            Form(
                name=verb.name,
                help=" ".join(verb.help.split()),
                examples=tuple(e for e in verb.examples if e != verb.name),
                fields=tuple(_field(a, context) for a in args),
                command=verb.command,
            )
        )
    return forms


def _applies(arg: Arg, context: Context) -> bool:
    try:
        return arg.when is None or bool(arg.when(context))
    except Exception:  # a condition on an answer not given: the argument may be there
        return True


def question_fields(questions: tuple[Question, ...]) -> list[Field]:
    """The set-up questions as fields (a question asked only for some answers is
    optional: left empty, it takes its default, or is not asked)."""
    fields = []
    for question in questions:
        context = Context(None, {})
        try:
            control = _control(question.kind, context)
        except Exception:  # bounds that depend on earlier answers: a text field
            control = {"control": "text", "choices": ()}
        fields.append(
            Field(
                name=question.key,
                label=question.label,
                optional=question.default is not None or question.when is not None,
                help="; ".join(
                    h
                    for h in (
                        question.help,
                        question.example
                        and question.example != question.default
                        and f"e.g. {question.example}",
                    )
                    if h
                ),
                default=question.default or "",
                **control,
            )
        )
    return fields


def filling(grammar: Grammar, move: str) -> tuple[str, list[str | None]]:
    """The form an advised move is typed into, and the words of its fields in order
    (the verb the move starts with, else the verb that may be left out); None for a
    field the player fills in (:data:`~deduce.play.adapter.BLANK` in the move's line).

    Example:
        >>> from deduce.play import adapter
        >>> filling(adapter("mastermind").grammar, "1122")
        ('guess', ['1122'])
        >>> filling(adapter("thirteen-clues").grammar, "accuse 0 ? Duke Park Gun")
        ('accuse', ['0', None, 'Duke', 'Park', 'Gun'])
    """
    try:
        words: list[str | None] = [None if w == BLANK else w for w in tokens(move)]
    except ValueError:
        return "", []
    verbs = grammar.find(words[0]) if words and words[0] is not None else []
    if verbs:
        return verbs[0].name, words[1:]
    implied = [v for v in grammar.verbs if v.implied]
    return (implied[0].name, words) if implied else ("", [])
