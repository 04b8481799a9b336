"""``deduce play lineup``: the console front end, declared once as a grammar.

Example:
    >>> call = GRAMMAR.parse(["ask", "red_hair", "no"])
    >>> call.verb.name, call.values
    ('ask', {'trait': 'red hair', 'answer': False})
    >>> ADAPTER.show_action(Ask("Anna")), ADAPTER.show_action(Ask("grey hair"))
    ('name Anna', 'ask grey_hair')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from deduce import Investigation
from deduce.play.adapter import Adapter, word
from deduce.play.grammar import Arg, Context, Grammar, Integer, Name, Question, Verb, YesNo
from lineup_game.cards import CAST, TRAITS
from lineup_game.clues import Answer, Ask
from lineup_game.investigation import Lineup
from lineup_game.manifest import GAME

__all__ = ["ADAPTER", "GRAMMAR", "LineupAdapter"]


def _names(context: Context) -> Sequence[str]:
    inv = context.investigation
    return inv.names if isinstance(inv, Lineup) else [s.name for s in CAST]


def _ask(inv: Lineup, values: dict[str, Any]) -> Lineup:
    return inv.ask(values["trait"], values["answer"])


def _name(inv: Lineup, values: dict[str, Any]) -> Lineup:
    return inv.ask(values["suspect"], values["answer"])


GRAMMAR = Grammar(
    verbs=(
        Verb(
            ("ask", "has"),
            (Arg("TRAIT", Name(TRAITS)), Arg("ANSWER", YesNo())),
            "the question about TRAIT was answered yes or no",
            ("ask glasses no", "ask red_hair no"),
            _ask,
        ),
        Verb(
            ("name", "is"),
            (Arg("SUSPECT", Name(_names)), Arg("ANSWER", YesNo())),
            "the question 'is it SUSPECT?' was answered yes or no (a yes ends the game)",
            ("name Anna no",),
            _name,
        ),
    ),
    notes="A trait of two words is written with _ or -, e.g. red_hair; "
    "a name or a trait may be shortened to its first letters.",
    setup=(Question("suspects", Integer(2, len(CAST)), "faces in the line-up, 2 to 24", "24"),),
)


class LineupAdapter(Adapter):
    """Clue lines: ``ask TRAIT yes|no`` and ``name SUSPECT yes|no``."""

    declaration = GAME
    investigation_type = Lineup
    grammar = GRAMMAR

    def start(self, answers: Mapping[str, Any]) -> Lineup:
        return Lineup(answers["suspects"])

    def show_clue(self, clue: Any) -> str:
        return str(clue) if isinstance(clue, Answer) else repr(clue)

    def show_action(self, action: Any) -> str:
        if isinstance(action, Ask):  # as it is typed: one word for a trait
            verb = "name" if action.names_a_suspect else "ask"
            return f"{verb} {word(action.about)}"
        return str(action)

    def solved(self, investigation: Investigation) -> str | None:
        if not isinstance(investigation, Lineup):
            return None
        if investigation.culprit is not None:
            return f"Solved: {investigation.culprit} is the culprit"
        left = investigation.solved
        return None if left is None else f"Deduced: {left} (name them to win)"


ADAPTER = LineupAdapter()
