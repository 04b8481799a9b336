"""A game as ``deduce serve`` gives it, a snapshot of its state: data read from the
session, never from what the console prints (the JSON API's :data:`SCHEMA`, see
docs/reference.md).

A move is its verb and its arguments by their names in the verb's usage (``CODE``,
``ANSWER``), a clue is the saved document's data of it, a reply its kind and the clues it
names; each has its words beside it, for a reader, that nothing needs to parse, in the
language of the request (:mod:`deduce._internal.language`).

Example:
    >>> from deduce.play import adapter
    >>> from deduce.games.mastermind import Investigation
    >>> game = adapter("mastermind")
    >>> move(game.grammar, Investigation(4, 6), "1122")
    {'verb': 'guess', 'args': {'CODE': '1122', 'BLACK': None, 'WHITE': None}}
    >>> history(game, Investigation(4, 6).guess("1122", black=1, white=0))[0]["clue"]
    {'type': 'Guess', 'code': '1122', 'black': 1, 'white': 0}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict
from typing import Any

from deduce._internal.language import Message, _
from deduce.core.persistence import encode
from deduce.errors import DeduceError
from deduce.investigation import Investigation, Recommendation
from deduce.play.adapter import Adapter, Turn
from deduce.play.grammar import Context, Grammar
from deduce.play.replies import Reply
from deduce.search.fewest_moves import ranked_by
from deduce.serve.forms import arguments, filling

__all__ = ["SCHEMA", "advice", "history", "move", "replies", "solution", "top", "turn"]

SCHEMA = 2
"""The version of the state's layout (``schema`` in every state): a change that a client
reading the state would notice gives it the next number."""


def move(grammar: Grammar, investigation: Any, line: str) -> dict[str, Any]:
    """The move that ``line`` (an advised move's typed line, :meth:`Adapter.typed`) makes:
    its verb, and each argument of its form by name, in the usage's order, with the word
    the move gives (None: the player fills it in). An argument written with its keyword
    (``with``) is left out; a line that names no verb is the verb None."""
    verb, words = filling(grammar, line)
    found = grammar.find(verb) if verb else []
    if not found:
        return {"verb": None, "args": {}}
    args = [a for a in arguments(found[0], Context(investigation)) if not a.keyword]
    given = iter(words)
    return {"verb": verb, "args": {a.name: next(given, None) for a in args}}


def _data(value: object) -> object:
    """``value`` as the saved document writes it; a value it cannot write, in words."""
    try:
        return encode(value)
    except DeduceError:
        return str(value)


def history(adapter: Adapter, investigation: Investigation) -> list[dict[str, Any]]:
    """Every clue of the log: its number (from 1), its data and its words (as the
    history says it)."""
    said = adapter.history(investigation)
    return [
        {"n": n, "clue": _data(clue), "words": words}
        for n, (clue, words) in enumerate(zip(investigation.clues, said, strict=False), 1)
    ]


def solution(investigation: Investigation) -> dict[str, Any] | None:
    """The solution once it is the only one left (its data and its words), else None."""
    found = investigation.solved
    return None if found is None else {"solution": _data(found), "words": str(found)}


def top(investigation: Investigation, limit: int) -> list[dict[str, Any]]:
    """The ``limit`` likeliest solutions, each its data, its words and its probability."""
    found = investigation.ranked(limit=limit)
    return [{"solution": _data(s), "words": str(s), "p": p} for s, p in found]


def advice(
    adapter: Adapter,
    grammar: Grammar,
    investigation: Investigation,
    strategy: str,
    found: Sequence[Recommendation[Any]] | None,
) -> dict[str, Any]:
    """The advised moves (``found``, best first) with what ranked them: ``by`` (the
    strategy, ``"the solution"`` for the move that wins), ``ranked_by`` (in words),
    ``score`` (what a move's score counts, when the game names it), ``moves`` and
    ``pending`` (``found`` is None: the advice is being worked out, no moves yet)."""
    pending = found is None
    found = found or []
    by = str(found[0].strategy) if found else strategy
    named = adapter.score(by)
    score = None if named is None else {**asdict(named), "name": _(named.name)}
    # what chose the ranking is worked out with the advice: never while it is pending
    said = _(by) if pending or by != strategy else _(ranked_by(investigation, by))
    return {
        "by": by,
        "ranked_by": said,
        "score": score,
        "moves": [
            {
                **move(grammar, investigation, adapter.typed(r.action)),
                "line": adapter.typed(r.action),
                "words": adapter.show_action(r.action),
                "bits": float(r.information),
                "answers": len(r.outcomes),
                "worst_case": int(r.worst_case),
                "score": float(r.score),
                "error": None if r.error is None else float(r.error),
            }
            for r in found
        ],
        "pending": pending,
    }


def turn(found: Turn, grammar: Grammar, investigation: Any) -> dict[str, Any]:
    """The turn: whose it is, each way to act now (its verb, its words, the arguments the
    step fixes and those the table suggests, and the line that makes it with the fixed
    ones written in) and how the game ended once it is over."""
    ways = [
        {
            "verb": way.verb,
            "words": way.words,
            "given": way.fixed,
            "filled": {n: [v for m, v in way.filled if m == n] for n, _ in way.filled},
            "line": way.line(grammar, investigation),
        }
        for way in found.ways
    ]
    return {
        "seat": found.seat,
        "name": found.name,
        "mine": found.mine,
        "heading": found.heading,
        "ways": ways,
        "note": found.note,
        "over": found.over,
        "winners": list(found.winners),
        "outcome": found.outcome,
    }


def replies(
    said: Sequence[Reply],
    words: Callable[[str], str],
    clues: Sequence[Mapping[str, Any]] = (),
) -> list[dict[str, Any]]:
    """The replies to the last line, each its ``kind``, the ``clues`` it names and its
    words (``words``: how they are shown, paths in the state directory by name); words
    kept as a message (``M``) are said in the language of the moment, and a clue noted
    in the words of ``clues`` (the :func:`history` of the moment), whatever the language
    of the line that noted it."""
    return [
        {
            "kind": r.kind,
            "words": words(_noted(r, clues) or _again(r.words)),
            "clues": list(r.clues),
            "lines": [words(_again(line)) for line in r.lines],
            "more": [words(_again(line)) for line in r.more],
        }
        for r in said
    ]


def _noted(reply: Reply, clues: Sequence[Mapping[str, Any]]) -> str | None:
    """The words of the clue a ``noted`` reply is about, as ``clues`` says it now."""
    if reply.kind != "noted" or len(reply.clues) != 1 or not 0 < reply.clues[0] <= len(clues):
        return None
    return str(clues[reply.clues[0] - 1]["words"])


def _again(text: str) -> str:
    """``text`` said again in the language of the moment if it is a message (``M``);
    other words as they were said."""
    return str(_(text)) if isinstance(text, Message) else text
