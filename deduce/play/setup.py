"""The set-up questions of ``deduce play``: each answer checked where it is typed.

Every answer is read by its question's kind and checked with the answers given so far
(``Question.check``), so a problem is said at the prompt where it was typed and the
earlier answers are kept. ``--set KEY=VALUE`` answers a question in advance (the key is
the first word of the prompt; case, spaces and ``_`` do not matter).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.markup import escape

from deduce._internal.language import M, _
from deduce._internal.names import starts
from deduce.errors import InvalidInput
from deduce.investigation import Investigation
from deduce.play.arguments import YesNo
from deduce.play.grammar import Context, Question, key, listed, split

from .adapter import Adapter, in_words, refusal
from .replies import begins

__all__ = ["ask_setup", "parse_presets", "presets", "setup_help"]

Reader = Callable[[str], str]
Completer = Callable[[str], list[str]]


def parse_presets(items: Sequence[str]) -> dict[str, str]:
    """The ``--set KEY=VALUE`` options, as a dict.

    Example:
        >>> parse_presets(["pegs=5", " colours = 8"])
        {'pegs': '5', 'colours': '8'}
    """
    found = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise InvalidInput("--set", item, "KEY=VALUE")
        found[name.strip()] = value.strip()
    return found


def presets(adapter: Adapter, given: Mapping[str, str]) -> dict[str, str]:
    """``--set`` answers by their question's key.

    Raises:
        InvalidInput: a key no question has (the message lists the keys).

    Example:
        >>> from deduce.play import adapter
        >>> presets(adapter("mastermind"), {"Black only": "yes"})
        {'black_only': 'yes'}
    """
    keys = {key(q.key): q.key for q in adapter.grammar.setup}
    found: dict[str, str] = {}
    for name, text in given.items():
        if key(name) not in keys:
            raise InvalidInput("--set", name, listed(list(keys.values())))
        found[keys[key(name)]] = text
    return found


def ask_setup(
    adapter: Adapter,
    read: Reader,
    console: Console,
    preset: Mapping[str, str],
    *,
    on_question: Callable[[Completer], None] | None = None,
    again: bool = True,
) -> Investigation:
    """The investigation set up by the adapter's questions (``preset`` ones not asked).

    A typed answer that is wrong, or cannot stand with the earlier answers, is refused
    at its prompt with every problem said, and asked again. Should the game still refuse
    the set-up as a whole, the answer it names is asked again and the others are kept.
    With ``again`` False nothing is asked twice: a refusal raises (a form that sends
    every answer at once).

    Raises:
        InvalidInput: a ``preset`` answer is wrong (nothing can be asked again); without
            ``again``, an answer refused, or missing (its question named as asked).
    """
    given = presets(adapter, preset)
    questions = adapter.grammar.setup
    answers: dict[str, Any] = {}
    typed: list[str] = []
    noted = False
    while True:
        for question in questions:
            if question.key in answers or not question.applies(answers):
                continue
            if question.key not in given:
                if not noted and adapter.grammar.setup_note:
                    console.print(escape(_(adapter.grammar.setup_note)))
                    if adapter.documents and not answers:
                        documents = escape(_(adapter.documents))
                        console.print(_(M("Or paste {documents} here.", documents=documents)))
                    noted = True
                if on_question is not None:
                    on_question(_completer(question, answers))
                pasted = adapter.documents is not None and not answers and not typed
                while question.key not in given:
                    try:
                        answers[question.key] = _ask(
                            question, read, console, answers, again=again, pasted=pasted
                        )
                        break
                    except _Pasted as document:  # a whole set-up: its answers, the rest asked
                        try:
                            found = adapter.imported(document.text, read, console, again=again)
                        except InvalidInput as error:
                            if not again:
                                raise in_words(error) from None
                            console.print(begins("refused") + escape(refusal(error)))
                            continue
                        given = {**presets(adapter, found), **given}
                        pasted = False
                if question.key in answers:
                    typed.append(question.key)
                    continue
            answers[question.key] = question.read(given[question.key], answers)
        try:
            return adapter.start(answers)
        except InvalidInput as error:
            named = [k for k in typed if key(k) == key(error.argument)]
            if not typed or (not named and key(error.argument) in {key(k) for k in given}):
                raise
            if not again:
                raise in_words(error) from None
            console.print(begins("refused") + escape(refusal(in_words(error))))
            anew = named or typed
            console.print(_(M("Please answer again: {names}.", names=", ".join(anew))))
            for name in anew:
                answers.pop(name, None)
                typed.remove(name)


class _Pasted(Exception):
    """A whole set-up document typed at the first question (see ``Adapter.documents``)."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def setup_help(names: Sequence[str]) -> str:
    """The set-up answers of each named game, as ``--set KEY=VALUE`` takes them: every
    key with an answer of the right form (the default when there is one) and what it is.

    Example:
        >>> print(setup_help(["mastermind"]))
        Set-up answers of mastermind (--set KEY=VALUE; the same keys start the prompts):
          pegs=4          in a code, 1 to 8
          colours=6       2 to 9
          black_only=no   only black pegs are given: yes or no
          limit=10        the guesses allowed, 1 to 64
    """
    from deduce.play import adapter

    blocks = []
    for name in names:
        game = adapter(name)
        lines = [
            _(
                M(
                    "Set-up answers of {game} (--set KEY=VALUE; the same keys start the prompts):",
                    game=game.name,
                )
            )
        ]
        rows = [
            (f"{q.key}={_shell(q.default or q.example or '')}", _(q.help))
            for q in game.grammar.setup
        ]
        width = max((len(k) for k, _help in rows), default=0)
        lines.extend(f"  {k:<{max(width, 13)}}  {h}" for k, h in rows)
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def _shell(answer: str) -> str:
    return f'"{answer}"' if " " in answer else answer


def _completer(question: Question, answers: Mapping[str, Any]) -> Completer:
    def complete(before: str) -> list[str]:
        _start, partial = split(before)
        words = question.kind.words(Context(None, dict(answers)))
        return sorted(w for w in words if starts(partial, w))

    return complete


def _ask(
    question: Question,
    read: Reader,
    console: Console,
    answers: Mapping[str, Any],
    *,
    again: bool = True,
    pasted: bool = False,
) -> Any:
    """The answer typed to ``question``, asked again while it is refused (with ``again``);
    with ``pasted``, a JSON object typed instead is a whole set-up (:class:`_Pasted`)."""
    while True:
        text = read(_prompt(question)).strip()
        if pasted and text.startswith("{"):
            raise _Pasted(text)
        if not text:
            if question.default is None:
                example = question.example or question.kind.describe(Context(None, answers))
                if not again:
                    needed = M("an answer, e.g. {example}", example=example)
                    raise InvalidInput(question.label, None, needed)
                said = _(M("an answer is needed, e.g. {example}", example=escape(_(example))))
                console.print(begins("refused") + said)
                continue
            text = question.default
        try:
            return question.read(text, answers)
        except InvalidInput as error:
            if not again:
                raise in_words(error) from None
            console.print(begins("refused") + escape(refusal(in_words(error))))


def _prompt(question: Question) -> str:
    """The question's prompt (:meth:`Question.prompt`), a yes or no default in the
    player's language (which the answer may be typed in too).

    Example:
        >>> from deduce.play.arguments import YesNo
        >>> _prompt(Question("black_only", YesNo(), "yes or no", "no"))
        'Black only (yes or no) [no]: '
    """
    prompt = question.prompt()
    if question.default is None or not isinstance(question.kind, YesNo):
        return prompt  # other defaults are words typed as they are (none, default, me)
    shown = f" [{question.default}]: "
    if not prompt.endswith(shown):
        return prompt
    return f"{prompt[: -len(shown)]} [{_(question.default)}]: "
