"""``deduce play mastermind``: the code-breaker's side of the table."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deduce._internal.entry import guard
from deduce._internal.language import N_, M, _, plural
from deduce.errors import InvalidInput
from deduce.games.mastermind import GUESS_LIMIT, Code, Game, Guess, Investigation
from deduce.games.mastermind.manifest import GAME
from deduce.play.adapter import Adapter, TableFact, Turn, Way
from deduce.play.arguments import Parts
from deduce.play.grammar import Arg, Context, Grammar, Integer, Question, Value, Verb, YesNo

__all__ = ["ADAPTER", "GRAMMAR", "MastermindAdapter"]

_WORDS_LIMIT = 300  # complete the remaining codes while there are at most this many


def _example(inv: Investigation) -> str:
    return "".join(str(1 + i // 2) for i in range(inv.rules.pegs))


def _code(text: str, context: Context) -> Code:
    code: Code = context.investigation.rules.code(text)
    return code


def _codes_left(context: Context) -> list[str]:
    inv: Investigation = context.investigation
    if inv.space.size > _WORDS_LIMIT:
        return []
    return [str(code) for code in inv.solutions()]


def _what(context: Context) -> str:
    if context.investigation is None:
        return N_("a code, e.g. 1122")
    rules = context.investigation.rules
    return M(
        "{pegs} digits from 1 to {colours}, e.g. {example}",
        pegs=rules.pegs,
        colours=rules.colours,
        example=_example(context.investigation),
    )


def _peg_rows(context: Context) -> list[tuple[str, list[str]]]:
    """A code's pegs, each a row of its colours (a page's buttons)."""
    rules = context.investigation.rules
    colours = [str(c) for c in range(1, rules.colours + 1)]
    return [(str(_(M("peg {n}", n=i))), colours) for i in range(1, rules.pegs + 1)]


def _pegs(context: Context) -> int:
    pegs: int = context.investigation.rules.pegs
    return pegs


def _white_high(context: Context) -> int:
    return _pegs(context) - int(context.values.get("black", 0))


def _black_only(context: Context) -> bool:
    return bool(context.investigation is not None and context.investigation.rules.black_only)


def _guess(inv: Investigation, values: dict[str, Any]) -> Investigation:
    return inv.guess(values["code"], black=values["black"], white=values.get("white"))


def _check_game(answers: Mapping[str, Any]) -> None:
    """The pegs with the colours given (the colours answer names the problem)."""
    pegs, colours = answers["pegs"], answers.get("colours", 2)
    try:
        Game(pegs=pegs, colours=colours)
    except InvalidInput as error:
        fit = [c for c in range(2, 10) if _fits(pegs, c)]
        expected = (
            plural(
                "at most {most} colours with {n} pegs",
                "at most {most} colours with {n} pegs",
                pegs,
                most=max(fit),
            )
            if fit
            else error.choices or error.expected
        )
        raise InvalidInput(N_("colours"), colours, expected, reason=error.reason) from None


def _fits(pegs: int, colours: int) -> bool:
    try:
        Game(pegs=pegs, colours=colours)
    except InvalidInput:
        return False
    return True


GRAMMAR = Grammar(
    verbs=(
        Verb(
            ("guess",),
            (
                Arg("CODE", Value(_code, _what, _codes_left, parts=Parts(_peg_rows))),
                Arg("BLACK", Integer(0, _pegs)),
                Arg("WHITE", Integer(0, _white_high), when=lambda c: not _black_only(c)),
            ),
            N_("the guess CODE got these black and white pegs (the word guess may be left out)"),
            ("1122 1 0", "guess 1344 0 1"),
            _guess,
            implied=True,
        ),
    ),
    notes=N_("A code is written as digits from 1 to the number of colours, e.g. 1122."),
    setup=(
        Question(
            "pegs", Integer(1, 8), N_("in a code, 1 to 8"), "4", check=_check_game, title=N_("Pegs")
        ),
        Question(
            "colours", Integer(2, 9), N_("2 to 9"), "6", check=_check_game, title=N_("Colours")
        ),
        Question(
            "black_only",
            YesNo(),
            N_("only black pegs are given: yes or no"),
            "no",
            title=N_("Black only"),
        ),
        Question(
            "limit",
            Integer(1, 64),
            N_("the guesses allowed, 1 to 64"),
            str(GUESS_LIMIT),
            title=N_("Limit"),
        ),
    ),
)


class MastermindAdapter(Adapter):
    """Clue lines: ``CODE BLACK WHITE`` (or ``CODE BLACK`` when only black pegs are given)."""

    declaration = GAME
    investigation_type = Investigation
    grammar = GRAMMAR

    def start(self, answers: Mapping[str, Any]) -> Investigation:
        answers = self.needs(answers, "pegs", "colours", "black_only")
        return Investigation(
            answers["pegs"],
            answers["colours"],
            black_only=answers["black_only"],
            limit=answers.get("limit", GUESS_LIMIT),
        )

    def show_clue(self, clue: Any) -> str:
        if isinstance(clue, Guess):
            if clue.white is None:
                return str(_(M("{code}: {black} black", code=clue.code, black=clue.black)))
            said = M(
                "{code}: {black} black, {white} white",
                code=clue.code,
                black=clue.black,
                white=clue.white,
            )
            return str(_(said))
        return str(clue)

    def show_action(self, action: Any) -> str:
        return action.digits if isinstance(action, Code) else str(action)

    def public_clue(self, clue: Any) -> str | None:
        return self.show_clue(clue)  # the code-breaker's guesses and the pegs: on the table

    def public_facts(self, investigation: Any) -> list[TableFact]:
        return self.facts(investigation)

    def facts(self, investigation: Any) -> list[TableFact]:
        inv: Investigation = self.own(investigation)
        said = M(
            "{made} made, {left} of {limit} left",
            made=len(inv.clues),
            left=inv.guesses_left,
            limit=inv.limit,
        )
        return [TableFact(_("Guesses"), _(said))]

    def extra(self, investigation: Any) -> str | None:
        inv: Investigation = self.own(investigation)
        left = inv.guesses_left
        if inv.won or left > 3:
            return None
        if left == 0:
            return self.turn(inv).outcome
        return str(_(plural("{n} guess left.", "{n} guesses left.", left)))

    def turn(self, investigation: Any) -> Turn:
        inv: Investigation = self.own(investigation)
        if inv.won:
            n = len(inv.clues)
            broke = plural(
                "You broke the code in {n} guess.", "You broke the code in {n} guesses.", n
            )
            return Turn.ended(_(broke), [_("you")])
        if inv.over:
            said = plural(
                "No guess left: the code was not broken within {n} guesses.",
                "No guess left: the code was not broken within {n} guesses.",
                inv.limit,
            )
            return Turn.ended(_(said), [_("the codemaker")])
        left = inv.guesses_left
        guess = Way("guess", _("guess a code and give its pegs"))
        note = plural(
            "{left} of {n} guesses left", "{left} of {n} guesses left", inv.limit, left=left
        )
        return Turn(0, _("you"), True, (guess,), _(note))

    def winning(self, investigation: Any) -> Any | None:
        inv: Investigation = self.own(investigation)  # deduced, not yet guessed: guess it
        return None if self.finished(inv) else inv.solved

    def solved(self, investigation: Any) -> str | None:
        inv: Investigation = self.own(investigation)
        code = inv.solved
        if code is None:
            return None
        guessed = any(
            isinstance(c, Guess) and str(c.code) == str(code) and c.black == inv.rules.pegs
            for c in inv.clues
        )
        if guessed:
            return str(_(M("Solved: {code}", code=code)))
        return str(_(M("Deduced: {code} (the only code left: guess it to win)", code=code)))

    def finished(self, investigation: Any) -> bool:
        inv: Investigation = self.own(investigation)  # over once the code is guessed, not deduced
        return any(isinstance(c, Guess) and c.black == inv.rules.pegs for c in inv.clues)


ADAPTER = MastermindAdapter()

guard(globals())
