"""What a game tells the interactive session: its grammar, how it starts, how it shows.

A game's front end is a small :class:`Adapter` subclass in its package's ``play``
module: its clue lines and set-up questions are declared once as a
:class:`deduce.play.grammar.Grammar`; the prompt loop, the commands, the display and the
autosave are written once in :mod:`deduce.play.session`.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from deduce._internal.language import N_, M, Message, _
from deduce._internal.validation import short
from deduce.core.declaration import Declaration
from deduce.errors import InvalidInput, MissingHook
from deduce.investigation import Investigation, Recommendation
from deduce.play.grammar import Context, Grammar, Verb, choose, key, quoted, word

__all__ = [
    "BLANK",
    "Adapter",
    "Clock",
    "Grid",
    "Score",
    "TableFact",
    "Turn",
    "Way",
    "choose",
    "in_words",
    "key",
    "refusal",
    "says",
    "syntax",
    "word",
]

BLANK = "?"
"""In a move's typed line (:meth:`Adapter.typed`): a field the player fills in."""


@dataclass(frozen=True, slots=True)
class Way:
    """One thing the seat whose turn it is may do now, and the verb whose line records it.

    Attributes:
        verb: the verb of the game's grammar (its first word) that records it.
        words: what it is, in words, as that seat does it (``ask a witness``,
            ``asks a witness``).
        given: the arguments the step fixes already, by their names in the verb's usage
            (``(("ASKER", "2"),)``): a page fills them in, the console's line shows them.
        filled: the arguments the table suggests (the answer deduce works out, say): a
            page fills them in, the player may change them.
        form: of several verbs of one word, the arguments of the one meant (when
            ``given`` and ``filled`` do not tell).

    Example:
        >>> Way("q", "asks a witness", (("ASKER", "2"),)).fixed
        {'ASKER': '2'}
    """

    verb: str
    words: str
    given: tuple[tuple[str, str], ...] = ()
    filled: tuple[tuple[str, str], ...] = ()
    form: tuple[str, ...] = ()

    @property
    def fixed(self) -> dict[str, str]:
        """``given`` as a dict."""
        return dict(self.given)

    def verb_in(self, grammar: Grammar) -> Verb:
        """The verb of ``grammar`` that records it (of several verbs of one word, the one
        with the arguments it gives and fills)."""
        names = [name for name, _ in (*self.given, *self.filled)]
        return grammar.form_of(self.verb, [*names, *self.form])

    def line(self, grammar: Grammar, investigation: Any = None) -> str:
        """The usage of its verb, the arguments the step fixes written in."""
        return grammar.usage(self.verb_in(grammar), investigation, self.fixed)


@dataclass(frozen=True, slots=True)
class Turn:
    """Whose turn it is at the table and what they may do, read from the table model.

    Attributes:
        seat: the seat that acts now (0: me, where the game numbers seats from mine; a
            game of named players: the index in their seating order); None once the
            game is over.
        name: that seat in words (``"you"``, ``"seat 2"``, a player's name); empty once
            the game is over.
        mine: whether it is my turn.
        ways: what they may do now, each with the verb that records it (none once the
            game is over).
        note: what else the step says (what to tell the opponent, what comes after),
            in words; may be empty.
        over: whether the game is over.
        winners: the winners in words once the game is over (empty: nobody won).
        outcome: how the game ended, in words, once it is over.

    Example:
        >>> Turn(0, "you", True, (Way("guess", "guess a code"),)).heading
        'Your turn'
    """

    seat: int | None
    name: str
    mine: bool
    ways: tuple[Way, ...] = ()
    note: str = ""
    over: bool = False
    winners: tuple[str, ...] = ()
    outcome: str = ""

    @classmethod
    def ended(cls, outcome: str, winners: Sequence[str] = ()) -> Turn:
        """The turn once the game is over: nobody acts; ``outcome`` says how it ended.

        Example:
            >>> Turn.ended("seat 2 won", ["seat 2"]).winners
            ('seat 2',)
        """
        return cls(None, "", False, over=True, winners=tuple(winners), outcome=outcome)

    @property
    def heading(self) -> str:
        """The turn in a few words, as a page's banner heads it.

        Example:
            >>> Turn(2, "seat 2", False).heading
            "Seat 2's turn"
        """
        if self.over:
            return str(_("The game is over"))
        if self.mine:
            return str(_("Your turn"))
        name = _(self.name)
        return str(_(M("{name}'s turn", name=f"{name[:1].upper()}{name[1:]}")))


@dataclass(frozen=True, slots=True)
class TableFact:
    """One thing the table knows besides the solutions, in words: a label and its value
    (``TableFact("Your hand", "Profiler, Anwalt")``), as a page lists it.

    Example:
        >>> str(TableFact("Draw pile", "12"))
        'Draw pile: 12'
    """

    label: str
    value: str

    def __str__(self) -> str:
        return str(_(M("{label}: {value}", label=self.label, value=self.value)))


@dataclass(frozen=True, slots=True)
class Grid:
    """Something the table knows that is a table itself, in words: the scores, the cards
    laid under each seat's evidence grid, a score sheet; a page draws it as a table.

    Attributes:
        title: what it is (``Scores``, ``Grid of seat 1``).
        columns: the headings of its columns.
        rows: its rows, a word for each column ("" for an empty cell).

    Example:
        >>> Grid("Scores", ("player", "points"), (("you", "4"), ("seat 1", "0"))).rows[0]
        ('you', '4')
    """

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Score:
    """What an advised move's score counts under a game's own strategy: its name and
    its unit (``points``, or ``probability``: a chance from 0 to 1).

    Example:
        >>> Score("points expected", "points").unit
        'points'
    """

    name: str
    unit: str


@dataclass(frozen=True, slots=True)
class Clock:
    """A game's clock at the table (Crime Writers' round): its reading in seconds and
    whether it runs on the wall clock now.

    Example:
        >>> Clock(95.0, True).minutes_seconds
        '1:35'
    """

    seconds: float
    running: bool

    @property
    def minutes_seconds(self) -> str:
        """The reading as M:SS."""
        whole = int(self.seconds)
        return f"{whole // 60}:{whole % 60:02d}"


def says(turn: Turn, grammar: Grammar, investigation: Any = None) -> str:
    """The turn as the console says it: each way in words with the line that records
    it (the arguments the step fixes written in), then the note; once the game is over,
    how it ended.

    Example:
        >>> from deduce.play.grammar import Arg, Integer, Verb
        >>> args = (Arg("ASKER", Integer(1, 3)), Arg("N", Integer(0, 9)))
        >>> q = Verb(("q",), args, "", (), print)
        >>> turn = Turn(2, "seat 2", False, (Way("q", "asks", (("ASKER", "2"),)),), "then you")
        >>> says(turn, Grammar((q,)))
        'asks (q 2 N); then you'
    """
    if turn.over:
        return str(_(turn.outcome))
    said = [f"{_(way.words)} ({way.line(grammar, investigation)})" for way in turn.ways]
    line = (
        said[0]
        if len(said) < 2
        else _(M("{items} or {last}", items=", ".join(said[:-1]), last=said[-1]))
    )
    return "; ".join(part for part in (line, _(turn.note)) if part)


def refusal(error: InvalidInput, show: Callable[[Any], str] = str) -> str:
    """A refusal in words: what was wrong (typed text quoted, shortened when long; a
    clue or a card as the game writes it) and what would be accepted.

    Example:
        >>> print(refusal(InvalidInput("black", "x", "a number from 0 to 4")))
        black "x" is not valid; expected a number from 0 to 4
        >>> print(refusal(InvalidInput("game", None, ["bsi", "mastermind"])))
        the game is missing; expected one of bsi, mastermind
    """
    value = error.value
    argument = _(N_("the line")) if error.argument == "line" else _(error.argument)
    if value is None or value == "":
        if str(error.argument).startswith("the ") or error.argument == "line":
            head = _(M("{argument} is missing", argument=argument))
        else:
            head = _(M("the {argument} is missing", argument=argument))
    elif isinstance(value, str | Path):
        head = _(
            M(
                "{argument} {value} is not valid",
                argument=argument,
                value=quoted(_(value) if isinstance(value, Message) else str(value), 120),
            )
        )
    elif isinstance(value, bool):
        shown = _(N_("yes")) if value else _(N_("no"))
        head = _(M("{argument} {value} is not valid", argument=argument, value=shown))
    elif isinstance(value, int | float):
        head = _(M("{argument} {value} is not valid", argument=argument, value=value))
    elif isinstance(value, list | tuple) and all(isinstance(v, str | int) for v in value):
        typed = quoted(" ".join(str(v) for v in value), 120)
        head = _(M("{argument} {value} is not valid", argument=argument, value=typed))
    else:
        head = _(M("{value} is not possible", value=show(value)))
    if error.reason:
        head = _(M("{refusal} ({reason})", refusal=head, reason=_(error.reason)))
    expected = _(error.expected)
    if error.choices:
        names = repr(error.choices[0]).startswith("'")  # names, shown without quotes
        listed = ", ".join(
            re.sub(r"'([^']*)'", r"\1", repr(choice)) if names else repr(choice)
            for choice in error.choices
        )
        expected = _(M("one of {choices}", choices=listed))
    return _(M("{refusal}; expected {expected}", refusal=head, expected=expected))


def in_words(
    error: InvalidInput,
    verb: Verb | None = None,
    names: Mapping[str, str] | None = None,
    investigation: Any = None,
    typed: Mapping[str, Any] | None = None,
) -> InvalidInput:
    """``error`` naming what was wrong as the console's line says it, not by the name of
    an argument of the game's Python API: the argument of ``verb`` it stands for (``names``
    maps an API name to that argument's name when they differ), or else the API name in
    words (``black_only``: black only). True or False is shown as typed (``typed``: the
    values of the line read); a missing value the API names no choices for, or one it
    expects as True or False, expects what the argument takes.

    Example:
        >>> from deduce.play.grammar import Arg, Integer, Verb
        >>> lay = Verb(("lay",), (Arg("SEAT", Integer(1, 3)),), "lay", (), print)
        >>> print(in_words(InvalidInput("target", 0, [1, 2]), lay, {"target": "seat"}))
        seat=0 is not valid; expected one of 1, 2
        >>> print(in_words(InvalidInput("black_only", "x", "yes or no")))
        black only='x' is not valid; expected yes or no
    """
    name = (names or {}).get(error.argument, error.argument)
    wanted = key(name)
    args = () if verb is None else verb.args
    arg = next((a for a in args if wanted in (key(a.key), key(a.name))), None)
    expected: str | tuple[Any, ...] = error.choices or error.expected
    value = error.value
    if arg is None:
        said = name.replace("_", " ")
    else:
        said = arg.said if arg.keyword is None else f"{arg.keyword.rstrip('=')} {arg.said}"
        given = (typed or {}).get(arg.key)
        if isinstance(value, bool) and isinstance(given, str):  # a yes or no, as typed
            value = given
        yes_no = any(isinstance(c, bool) for c in error.choices)
        if (value is None and not error.choices) or yes_no:
            expected = arg.kind.describe(Context(investigation))
    if said == error.argument and value is error.value:
        return error
    return InvalidInput(said, value, expected, reason=error.reason)


def syntax(grammar: Grammar, investigation: Any = None) -> str:
    """The help text of a grammar: each verb's usage and help line, then its notes (in
    the player's language).

    Example:
        >>> from deduce.play.grammar import Verb
        >>> print(syntax(Grammar((Verb(("undo",), (), "take back the last clue", (), print),))))
          undo      take back the last clue
    """
    usages = [grammar.usage(verb, investigation) for verb in grammar.verbs]
    width = min(max((len(u) for u in usages), default=0), 24)
    lines = []
    for usage, verb in zip(usages, grammar.verbs, strict=True):
        first, *more = textwrap.wrap(" ".join(_(verb.help).split()), 84 - width) or [""]
        if len(usage) > width:
            lines.append(f"  {usage}")
            more.insert(0, first)
        else:
            lines.append(f"  {usage:<{width}}  {first}")
        lines.extend(f"  {'':<{width}}  {line}" for line in more)
        examples = [e for e in verb.examples if e != verb.name]
        if examples:
            said = _(M("e.g.  {examples}", examples="     ".join(examples)))
            lines.append(f"  {'':<{width}}  {said}")
    if grammar.notes:
        lines.append(_(grammar.notes).strip("\n"))
    return "\n".join(lines)


class Adapter:
    """A game's front end: subclass it and fill in the class attributes and methods."""

    declaration: ClassVar[Declaration]
    """The game's declaration: its name, title and what the front ends may do with it."""
    investigation_type: ClassVar[type[Investigation]] = Investigation
    grammar: ClassVar[Grammar] = Grammar(())
    """The clue lines, commands and set-up questions of the game."""
    arguments: ClassVar[Mapping[str, str]] = {}
    """The name of a verb's argument for each argument of the game's API that a refusal
    may name and that the verb calls otherwise (BSI: ``{"target": "seat"}``)."""
    solutions_shown: ClassVar[int] = 8
    recommendations: ClassVar[int] = 3

    @property
    def name(self) -> str:
        """The game's name on the command line (from its declaration)."""
        return self.declaration.name

    @property
    def title(self) -> str:
        """The game's name as printed on the box (from its declaration)."""
        return self.declaration.title

    @property
    def syntax(self) -> str:
        """The clue lines this game accepts, as ``help`` shows them."""
        return syntax(self.grammar)

    def setup_keys(self) -> list[str]:
        """Every key a set-up question can have (what ``--set`` accepts)."""
        return [q.key for q in self.grammar.setup]

    def start(self, answers: Mapping[str, Any]) -> Investigation:
        """The investigation at the start of a game set up with ``answers``: the hook every
        game's adapter writes.

        Raises:
            MissingHook: the adapter does not say how its game starts.
        """
        raise MissingHook(type(self).__name__, "start")

    documents: ClassVar[str | None] = None
    """What a whole set-up pasted at the first set-up question (or read by ``--bga
    FILE``) is, in words: the game reads it with :meth:`imported` (None: it reads none)."""

    def imported(
        self, text: str, read: Callable[[str], str], console: Any, *, again: bool = True
    ) -> dict[str, str]:
        """The set-up answers (as ``--set`` takes them) of a whole set-up in ``text`` (see
        :attr:`documents`); what the document does not say is asked with ``read``, a
        refusal said on ``console`` and asked again (``again`` False: raised, for a form
        that sends every answer at once).

        Raises:
            InvalidInput: the game reads no such document, or ``text`` is not one.
        """
        raise InvalidInput("--bga", short(text), N_("a game that reads a set-up document"))

    def own(self, investigation: Any) -> Any:
        """``investigation``, if it is of this game (:attr:`investigation_type`).

        Raises:
            InvalidInput: another game's investigation, or no investigation.
        """
        if not isinstance(investigation, self.investigation_type):
            expected = M(
                "a {type} of {game}", type=self.investigation_type.__qualname__, game=self.title
            )
            raise InvalidInput(N_("investigation"), investigation, expected)
        return investigation

    def needs(self, answers: Any, *keys: str) -> Mapping[str, Any]:
        """``answers`` (the set-up answers, by key), if it answers every one of ``keys``.

        Raises:
            InvalidInput: ``answers`` is not a mapping, or one of ``keys`` is missing.
        """
        if not isinstance(answers, Mapping):
            raise InvalidInput(N_("answers"), answers, N_("the set-up answers, by key"))
        missing = [k for k in keys if k not in answers]
        if missing:
            expected = M("answers to {keys}", keys=", ".join(keys))
            reason = M("{argument} is missing", argument=repr(missing[0]))
            raise InvalidInput(N_("answers"), answers, expected, reason=reason)
        return answers

    def simulated(self, investigation: Investigation) -> Investigation:
        """What ``deduce simulate`` plays against every secret for this set-up (a table
        game: the player's own investigation)."""
        return investigation

    def strategy(self, investigation: Investigation) -> str:
        """The strategy that ranks moves unless the player names another."""
        name: str = getattr(investigation, "default_strategy", "entropy")
        return name

    def show_clue(self, clue: Any) -> str:
        """A clue of the log, as shown by ``history`` and ``why``."""
        return str(clue)

    def history(self, investigation: Investigation) -> list[str]:
        """Every clue of the log in words, in order."""
        return [self.show_clue(clue) for clue in investigation.clues]

    def numbers(self, investigation: Investigation, chosen: Sequence[Any]) -> list[int | None]:
        """The numbers in :meth:`history` (from 1) of clues of the log, in its order (as an
        explanation or a contradiction lists them); None for one the log lacks. Equal
        clues (two plain draws) keep their own numbers."""
        clues = investigation.clues
        numbers: list[int | None] = []
        start = 0
        for clue in chosen:
            later = range(start, len(clues))
            number = next((i for i in later if clues[i] is clue), None)  # the very clue
            if number is None:  # or an equal one
                number = next((i for i in later if clues[i] == clue), None)
            numbers.append(None if number is None else number + 1)
            if number is not None:
                start = number + 1
        return numbers

    def numbered(self, investigation: Investigation, chosen: Sequence[Any]) -> list[str]:
        """:meth:`numbers`' clues in words, each with its number (one the log lacks in
        words only)."""
        history = self.history(investigation)
        return [
            self.show_value(clue) if n is None else f"{n}. {history[n - 1]}"
            for clue, n in zip(chosen, self.numbers(investigation, chosen), strict=True)
        ]

    def show_action(self, action: Any) -> str:
        """A recommended move, as the player would say it."""
        return str(action)

    def winning(self, investigation: Investigation) -> Any | None:
        """Once the solution is known and the game goes on: the move that wins it, shown
        and typed like an advised move (None: no such move)."""
        return None

    def typed(self, action: Any) -> str:
        """A recommended move as the line that makes it at the prompt, its answer left
        out (``deduce serve`` fills the move's form from it; :data:`BLANK` stands for a
        field the player chooses, before one the move gives): by default as
        :meth:`show_action` says it."""
        return self.show_action(action)

    def recommend(self, investigation: Investigation, strategy: str) -> list[Recommendation]:
        """The recommended next moves (empty when the game has none to offer now)."""
        return investigation.recommend(top=self.recommendations, strategy=strategy)

    def advice_seconds(self, investigation: Investigation, strategy: str) -> float:
        """About how many seconds :meth:`recommend` takes now (the console and the page
        give no advice that would take too long): the engine's estimate
        (:func:`deduce.search.fewest_moves.advice_seconds`)."""
        from deduce.search.fewest_moves import advice_seconds  # the engine imports the games

        return advice_seconds(investigation, strategy)

    def extra(self, investigation: Investigation) -> str | None:
        """Anything more to show after each clue (lines of text), or None."""
        return None

    def public_clue(self, clue: Any) -> str | None:
        """``clue`` as every player at the table may know it, in words (a card drawn,
        shown to me alone, left out), or None when nobody but me knows it (a card in my
        hand, a deduction of my own); every clue is private by default."""
        return None

    def public_history(self, investigation: Investigation) -> list[str]:
        """The history as every player at the table may know it (:meth:`public_clue`),
        as the table's view shows it."""
        said = (self.public_clue(clue) for clue in investigation.clues)
        return [line for line in said if line is not None]

    def public_turn(self, investigation: Investigation) -> Turn | None:
        """Whose turn it is as every player at the table may know it, as the table's view
        shows it: by default :meth:`turn`; a game whose turn reads my notebook says it
        here without it."""
        return self.turn(investigation)

    def public_facts(self, investigation: Investigation) -> list[TableFact]:
        """What every player at the table may see besides the history (scores, grids,
        the clock), never a hand, a probability or advice; none by default."""
        return []

    def grids(self, investigation: Investigation) -> list[Grid]:
        """What the table knows that is a table itself (scores, the cards under each
        seat), as a page draws it; by default what every player may see
        (:meth:`public_grids`)."""
        return self.public_grids(investigation)

    def public_grids(self, investigation: Investigation) -> list[Grid]:
        """The tables every player may see, as the table's view draws them; none by
        default."""
        return []

    def clock(self, investigation: Investigation) -> Clock | None:
        """The game's clock at the table, if it keeps one (None by default)."""
        return None

    def facts(self, investigation: Investigation) -> list[TableFact]:
        """What the table knows besides the solutions, in words (a hand, the scores, the
        clock, the race), as a page lists it; none by default."""
        return []

    def own_advice(self, investigation: Investigation, strategy: str) -> str | None:
        """The advice of a strategy of the game's own, in its objective's units (lines
        of text), shown instead of the moves ranked by information; None: no such
        advice under ``strategy`` (the moves are ranked and shown as usual)."""
        return None

    def score(self, strategy: str) -> Score | None:
        """What an advised move's score counts under ``strategy``, for a strategy of the
        game's own (its objective); None for the engine's (a move is measured by its
        bits, its answers and its worst case)."""
        return None

    def own_now(self, investigation: Investigation, strategy: str) -> str | None:
        """What the console and the page show of :meth:`own_advice`: none once the game
        is :meth:`finished`."""
        if self.finished(investigation):
            return None
        return self.own_advice(investigation, strategy)

    def solved(self, investigation: Investigation) -> str | None:
        """The line shown when the solution is known (None: not yet)."""
        solved = investigation.solved
        return None if solved is None else _(M("Solved: {solution}", solution=solved))

    def finished(self, investigation: Investigation) -> bool:
        """Whether the game is over, so that it is not offered to continue (default:
        the solution is known)."""
        return investigation.solved is not None

    def turn(self, investigation: Investigation) -> Turn | None:
        """Whose turn it is and what they may do, from the game's table model (None: a
        game without turns, such as a custom model's)."""
        return None

    def show_value(self, value: Any) -> str:
        """A value named in a refusal (a clue, a move, a card), in the game's words."""
        if isinstance(value, tuple(self.investigation_type.clue_types)):
            return self.show_clue(value)
        return short(value, 1000)
