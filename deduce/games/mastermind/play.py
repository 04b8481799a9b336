"""``deduce play mastermind``: the code-breaker's side of the table."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from deduce.errors import InvalidInput
from deduce.games.mastermind import Code, Game, Guess, Investigation
from deduce.play.adapter import Adapter, Question, integer, yes_no

__all__ = ["ADAPTER", "MastermindAdapter"]

_WORDS_LIMIT = 300  # complete the remaining codes while there are at most this many


class MastermindAdapter(Adapter):
    """Clue lines: ``CODE BLACK WHITE`` (or ``CODE BLACK`` when only black pegs are given)."""

    name = "mastermind"
    title = "Mastermind"
    investigation_type = Investigation
    simulated = True
    strategy = "minimax"
    syntax = """
  CODE BLACK WHITE    the guess CODE got BLACK black and WHITE white pegs
                      (codes are digits 1..colours, e.g.  1122 1 0)
  CODE BLACK          the same when the game gives black pegs only
A leading word `guess` is allowed:  guess 1122 1 0
"""

    def questions(self, answers: Mapping[str, Any]) -> Sequence[Question]:
        return (
            Question("pegs", "Pegs per code", "4", lambda t: Game(pegs=integer(t, "pegs")).pegs),
            Question(
                "colours", "Colours", "6", lambda t: Game(colours=integer(t, "colours")).colours
            ),
            Question(
                "black_only",
                "Black pegs only (yes/no)",
                "no",
                lambda t: yes_no(t, "black_only"),
                ("yes", "no"),
            ),
        )

    def start(self, answers: dict[str, Any]) -> Investigation:
        return Investigation(answers["pegs"], answers["colours"], black_only=answers["black_only"])

    def apply(self, investigation: Any, tokens: list[str]) -> Investigation:
        inv: Investigation = investigation
        words = tokens[1:] if tokens[0].lower() == "guess" else tokens
        rules = inv.rules
        wanted = 2 if rules.black_only else 3
        shape = "CODE BLACK" if rules.black_only else "CODE BLACK WHITE"
        if len(words) != wanted:
            raise InvalidInput("line", " ".join(tokens), f"{shape}, e.g. {self._example(inv)}")
        code = rules.code(words[0])
        black = integer(words[1], "black")
        if rules.black_only:
            return inv.guess(code, black=black)
        return inv.guess(code, black=black, white=integer(words[2], "white"))

    def _example(self, inv: Investigation) -> str:
        digits = "".join(str(1 + i // 2) for i in range(inv.rules.pegs))
        return f"{digits} 1" if inv.rules.black_only else f"{digits} 1 0"

    def words(self, investigation: Any) -> Iterable[str]:
        words = ["guess"]
        if investigation.space.size <= _WORDS_LIMIT:
            words.extend(str(code) for code in investigation.solutions())
        return words

    def show_clue(self, clue: Any) -> str:
        if isinstance(clue, Guess):
            if clue.white is None:
                return f"{clue.code}: {clue.black} black"
            return f"{clue.code}: {clue.black} black, {clue.white} white"
        return repr(clue)

    def show_action(self, action: Any) -> str:
        return action.digits if isinstance(action, Code) else str(action)


ADAPTER = MastermindAdapter()
