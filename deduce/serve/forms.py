"""The forms of ``deduce serve``, read from a game's grammar: every verb a form and every
set-up question a field, each argument a control of its kind.

A fixed set of choices is buttons: a row while they are few, by category when there are
many (a :class:`~deduce.play.grammar.Name`, a yes-or-no, a ``FIELD=NAME`` fact, a game's
value whose choices are all offered); a value put together from pieces is a row of
buttons per piece (a card's evidence, a code's pegs); an
:class:`~deduce.play.grammar.Integer` is a stepper, anything else a text field offering
the words the console would complete. The page puts the line together from the
controls, in the grammar's order, and posts it as the console's line.

Example:
    >>> from deduce.play import adapter
    >>> from deduce.games.mastermind import Investigation
    >>> form = verb_forms(adapter("mastermind").grammar, Investigation(4, 6))[0]
    >>> form.name, [(f.name, f.control) for f in form.fields]
    ('guess', [('CODE', 'parts'), ('BLACK', 'stepper'), ('WHITE', 'stepper')])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from deduce._internal.language import N_, _
from deduce.play.adapter import BLANK, Turn
from deduce.play.arguments import grouped, tokens
from deduce.play.grammar import (
    Arg,
    Context,
    Fact,
    File,
    Flag,
    Grammar,
    Integer,
    Name,
    Question,
    Several,
    Text,
    Value,
    Verb,
    YesNo,
    word,
)

__all__ = [
    "Field",
    "Form",
    "advised",
    "arguments",
    "filling",
    "question_fields",
    "verb_forms",
    "way_forms",
]

_BUTTONS = 16  # more choices than this: by category, or a text field offering them

_LABELS = (
    N_("About"),
    N_("Answer"),
    N_("Ask"),
    N_("Asker"),
    N_("Black"),
    N_("Blocked"),
    N_("Card"),
    N_("Case"),
    N_("Code"),
    N_("Crime"),
    N_("Drops"),
    N_("Element"),
    N_("Fact"),
    N_("Field"),
    N_("File"),
    N_("Given"),
    N_("Invented"),
    N_("Left or right"),
    N_("Line"),
    N_("Location"),
    N_("Name"),
    N_("New"),
    N_("New case"),
    N_("Person"),
    N_("Play"),
    N_("Player"),
    N_("Reply"),
    N_("Revealed card"),
    N_("Right or wrong"),
    N_("Room"),
    N_("Scene"),
    N_("Seat"),
    N_("Shown"),
    N_("Start"),
    N_("Stop"),
    N_("Strategy"),
    N_("Suspect"),
    N_("Taken"),
    N_("Text"),
    N_("Time"),
    N_("Title"),
    N_("Weapon"),
    N_("White"),
    N_("Witness"),
    N_("Wording"),
    N_("Wrong"),
)
"""The labels the games' arguments get on the page (:func:`_label`), for the catalogue:
a label not here is shown as it is."""


@dataclass(frozen=True, slots=True)
class Field:
    """One control of a form.

    Attributes:
        name: the argument as the usage writes it (``BLACK``), or the question's key.
        label: what the control is called on the page.
        control: ``buttons``, ``stepper``, ``text``, ``flag``, ``parts`` or ``pairs``
            (some of the ``among`` field's words, each with some of the ``groups``'
            words in the order tapped: ``Plum=Lounge,Hall``).
        choices: the buttons' words, or the words a text field offers.
        low: the stepper's smallest value (None: unbounded).
        high: the stepper's largest value (None: unbounded).
        keyword: written before the value in the line (``with``; ``at=``).
        optional: it may be left empty.
        optional_note: when an optional field is filled in, in words (the page says
            "optional" when there is none).
        repeated: several words (several buttons may be pressed).
        help: what it is (the kind's description).
        default: the value taken when it is left empty (set-up questions); in a clue's
            form, a word the line needs that is its only choice (checked).
        shown_for: a set-up question asked only for some answers of an earlier one: that
            question's key and those answers (the page shows the field only then); else
            None.
        filled: the words the table suggests for it (the player may change them).
        fixed: the step at hand fixes its words already (``filled``): the page keeps the
            field out of sight.
        groups: for buttons, their words by category (a heading and its words), as the
            page lays them out; empty: one row.
        other: for buttons, what else may be typed instead (a text field beside them);
            empty: nothing else.
        parts: for ``parts`` (a value put together from pieces): each piece's row of
            choices, a heading and its words, in order.
        joiner: for ``parts``, what joins the pieces.
        least: for ``parts``, how many rows a value gives at least (every row: their
            number).
        several: for buttons of ``FIELD=NAME`` words, several names of one field are
            written ``FIELD=NAME,NAME``.
        follows: for buttons by category, the earlier field whose answer picks the one
            category shown (Crime Writers' cards follow the element chosen: each
            category's heading is one of that field's choices); empty: every category.
        among: for buttons, the earlier field whose words are its choices, as they are
            typed there (the players named); empty: ``choices``.
        besides: with ``among``, the earlier field whose answer is left out of those
            choices (me, among the players); empty: none.
        varies: for buttons by category at the set-up, the earlier field whose button
            picks the categories shown (Cluedo's cards follow the deck chosen); empty:
            they are the same for every answer.
        variants: with ``varies``, each of that field's buttons and the categories
            shown for it (a heading and its words); the ``groups`` are the first's.
    """

    name: str
    label: str
    control: str
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    keyword: str = ""
    optional: bool = False
    optional_note: str = ""
    repeated: bool = False
    help: str = ""
    default: str = ""
    shown_for: tuple[str, tuple[str, ...]] | None = None
    filled: tuple[str, ...] = ()
    fixed: bool = False
    groups: tuple[tuple[str, tuple[str, ...]], ...] = ()
    other: str = ""
    parts: tuple[tuple[str, tuple[str, ...]], ...] = ()
    joiner: str = ""
    least: int = 0
    several: bool = False
    follows: str = ""
    among: str = ""
    besides: str = ""
    varies: str = ""
    variants: tuple[tuple[str, tuple[tuple[str, tuple[str, ...]], ...]], ...] = ()


@dataclass(frozen=True, slots=True)
class Form:
    """One verb as a form: its word, its help line, examples and fields; for a way to act
    at the step at hand, its ``title`` (what it is, in words)."""

    name: str
    help: str
    examples: tuple[str, ...]
    fields: tuple[Field, ...]
    command: bool
    title: str = ""


def _said(arg: Arg) -> str:
    """An argument as the usage says it: ``new CASE`` for ``CASE`` after ``new``."""
    keyword = (arg.keyword or "").rstrip("=")
    if not keyword or keyword.lower() == arg.name.lower():
        return arg.name or keyword
    return f"{keyword} {arg.name}" if arg.name else keyword


def _label(name: str) -> str:
    """An argument's label on the page, in English (:data:`_LABELS`)."""
    text = name.replace("_", " ").replace("|", " or ").lower()
    return text[:1].upper() + text[1:]


def _control(kind: Any, context: Context, *, repeated: bool = False) -> dict[str, Any]:
    """The control for an argument of ``kind``: buttons for a fixed set of choices (by
    category when there are many), a row of buttons per piece for a value put together
    from pieces (several of them, ``repeated``: its values by category, each a button),
    else a text field."""
    if isinstance(kind, Flag):
        return {"control": "flag"}
    if isinstance(kind, YesNo):
        return {"control": "buttons", "choices": ("yes", "no")}
    if isinstance(kind, Integer):
        low, high = kind.bounds(context)
        return {"control": "stepper", "low": low, "high": high}
    if isinstance(kind, Value) and kind.among and kind.groups is not None:
        laid = _groups(kind, context)  # a few of those names, each with some of these words
        return {
            "control": "pairs",
            "among": kind.among,
            "besides": kind.besides,
            "choices": tuple(w for _, ws in laid for w in ws),
            "groups": tuple((h, tuple(ws)) for h, ws in laid),
        }
    if isinstance(kind, Value) and kind.among:
        return {"control": "buttons", "among": kind.among, "besides": kind.besides}
    if isinstance(kind, Value) and kind.other:  # its values offered, any other typed
        return {"control": "buttons", "choices": tuple(kind.words(context)), "other": _(kind.other)}
    try:
        words = tuple(kind.words(context)) if not isinstance(kind, File) else ()
        laid = _groups(kind, context)
        closed = isinstance(kind, Name | Several | Fact) or (
            isinstance(kind, Value) and (kind.only(context) or (repeated and bool(laid)))
        )
        pieces = kind.parts if isinstance(kind, Value | Several) else None
        parts = [] if pieces is None else pieces.laid(context)
    except Exception:  # words that cannot be listed yet: a plain text field
        words, laid, closed, pieces, parts = (), [], False, None, []
    buttons = words
    if isinstance(kind, Name) and kind.offered is None:  # other words for a name: typed only
        aliases = {word(a) for a in kind.aliases}
        buttons = tuple(w for w in words if w not in aliases)
    if isinstance(kind, Name):
        buttons = _in_words(kind, context, buttons, laid)
    other = _(kind.other) or "" if isinstance(kind, Name) else ""
    if isinstance(kind, Text):  # its words, or any other
        other = _(kind.what)
    ordered = isinstance(kind, Several) and parts  # several values, each in its place
    if closed and 0 < len(buttons) <= _BUTTONS and not ordered:
        return {"control": "buttons", "choices": buttons, "other": other}
    if laid and not ordered and (closed or isinstance(kind, Text)):
        return {
            "control": "buttons",
            "choices": tuple(w for _, ws in laid for w in ws),
            "groups": tuple((h, tuple(ws)) for h, ws in laid),
            "other": other,
            "several": isinstance(kind, Fact) and kind.several,
        }
    if pieces is not None and parts:
        return {
            "control": "parts",
            "parts": tuple((h, tuple(ws)) for h, ws in parts),
            "joiner": pieces.joiner,
            "least": len(parts) if pieces.least is None else pieces.least,
        }
    return {"control": "text", "choices": words[:200]}


def _in_words(
    kind: Name, context: Context, buttons: tuple[str, ...], laid: list[tuple[str, list[str]]]
) -> tuple[str, ...]:
    """A name's buttons in the player's words, each a word the name reads as the same
    choice (the line a button makes is the same move in any language): as its categories
    show them when they show other words (13 Indizien's colours: ``gelb``), else each
    choice whose word in the catalogue is one the name reads as it (``right``:
    ``richtig``); in English, the buttons as they are.

    Example:
        >>> from deduce._internal.language import use_language
        >>> verdict = Name(("right", "wrong"), aliases={"richtig": "right", "falsch": "wrong"})
        >>> _in_words(verdict, Context(), ("right", "wrong"), [])
        ('right', 'wrong')
        >>> with use_language("de"):
        ...     _in_words(verdict, Context(), ("right", "wrong"), [])
        ('richtig', 'falsch')
    """
    shown = tuple(w for _heading, ws in laid for w in ws)
    if shown and set(shown) != set(buttons):
        return shown
    return tuple(_in_word(kind, context, choice) for choice in buttons)


def _in_word(kind: Name, context: Context, choice: str) -> str:
    """``choice`` as the catalogue says it, if ``kind`` reads that as ``choice``; else
    as it is."""
    said = str(_(choice))
    if said == choice:
        return choice
    try:
        same = kind.read(said, context, "") == kind.read(choice, context, "")
    except Exception:  # not a word the name reads
        return choice
    return word(said) if same else choice


def _groups(kind: Any, context: Context) -> list[tuple[str, list[str]]]:
    """The choices of ``kind`` by category: as it lays them out, or a fact's by field."""
    if isinstance(kind, Fact):
        return [(f, [f"{word(f)}={word(v)}" for v in vs]) for f, vs in kind.fields(context).items()]
    return grouped(kind, context)


def _describe(kind: Any, context: Context, control: str) -> str:
    """What a field takes, in words; for buttons only what the buttons do not show (the
    other answers a name takes: not "one of right, wrong, yes, no")."""
    if control == "buttons" and isinstance(kind, Name | YesNo):
        other = getattr(kind, "other", "")
        return _("or {other}").format(other=_(other)) if other else ""
    try:
        return str(_(kind.describe(context)))
    except Exception:  # a description that needs more than is known yet
        return ""


def _field(arg: Arg, context: Context) -> Field:
    control = _control(arg.kind, context, repeated=arg.repeated)
    only = control.get("choices", ())
    given = control["control"] == "buttons" and len(only) == 1 and not arg.optional
    return Field(
        name=arg.name,
        label=_(_label(_said(arg))),
        keyword=arg.keyword or "",
        optional=arg.optional,
        optional_note=_(arg.optional_note),
        repeated=arg.repeated or isinstance(arg.kind, Several),
        help="" if given else _describe(arg.kind, context, control["control"]),
        default=only[0] if given else "",  # a word the line needs and the only choice
        **control,
    )


def verb_forms(grammar: Grammar, investigation: Any) -> list[Form]:
    """Every verb of ``grammar`` as a form, for the game as it stands (its arguments and
    choices depend on it: the variant played, the cards left)."""
    context = Context(investigation)
    return [_form(verb, context) for verb in grammar.verbs]


def _form(verb: Verb, context: Context) -> Form:
    fields: list[Field] = []
    for arg in arguments(verb, context):
        field = _field(arg, context)
        if field.groups:
            headings = {h for h, _ in field.groups}
            picks = (f.name for f in fields if f.control == "buttons" and headings <= {*f.choices})
            field = replace(field, follows=next(picks, ""))
        fields.append(field)
    return Form(
        name=verb.name,
        help=" ".join(_(verb.help).split()),
        examples=tuple(e for e in verb.examples if e != verb.name),
        fields=tuple(fields),
        command=verb.command,
    )


def way_forms(grammar: Grammar, investigation: Any, turn: Turn | None) -> list[Form]:
    """The forms of what may be done at the step at hand (``turn.ways``), each titled in
    words, its fields filled in as the step fixes them (kept out of sight) and as the
    table suggests; none without a turn or once the game is over.

    Example:
        >>> from deduce.play import adapter
        >>> from deduce.games.thirteen_clues import Table
        >>> table = Table(3, ("Duke", "Park"), [("Officer", "Parlor", "Knife"),
        ...                                    ("Maid", "Museum", "Sword")], first=2)
        >>> game = adapter("thirteen-clues")
        >>> form = way_forms(game.grammar, table, game.turn(table))[0]
        >>> form.title, [(f.name, f.fixed, f.filled) for f in form.fields][:2]
        ('asks a witness', [('ASKER', True, ('2',)), ('WITNESS', False, ())])
    """
    if turn is None or turn.over:
        return []
    context = Context(investigation)
    forms = []
    for way in turn.ways:
        form = _form(way.verb_in(grammar), context)
        fixed, filled = way.fixed, way.filled
        fields = tuple(
            replace(f, filled=(fixed[f.name],), fixed=True)
            if f.name in fixed
            else replace(f, filled=tuple(_worded(f, v) for n, v in filled if n == f.name))
            for f in form.fields
        )
        forms.append(replace(form, fields=fields, title=way.words))
    return forms


def _worded(field: Field, value: str) -> str:
    """A value the table suggests, as the field's buttons carry it (``Juri_L.`` for the
    name ``Juri L.``); a text field's as it is."""
    return word(value) if field.control in ("buttons", "parts") else value


def arguments(verb: Verb, context: Context) -> list[Arg]:
    """The arguments of ``verb`` that its form asks for in ``context``: every one whose
    condition holds, or cannot be told yet (it needs an answer not given).

    Example:
        >>> from deduce.play import adapter
        >>> from deduce.games.mastermind import Investigation
        >>> guess = adapter("mastermind").grammar.verbs[0]
        >>> [a.name for a in arguments(guess, Context(Investigation(2, 3, black_only=True)))]
        ['CODE', 'BLACK']
    """
    return [arg for arg in verb.args if _applies(arg, context)]


def _applies(arg: Arg, context: Context) -> bool:
    try:
        return arg.when is None or bool(arg.when(context))
    except Exception:  # a condition on an answer not given: the argument may be there
        return True


def _shown_for(question: Question, earlier: list[Field]) -> tuple[str, tuple[str, ...]] | None:
    """The earlier field whose answers decide whether ``question`` is asked, and those
    answers: the first field of few choices (buttons, a short stepper) that decides it
    alone. None when it is asked always, or for answers of more than one field."""
    if question.when is None:
        return None
    for field in earlier:
        choices = field.choices if field.control == "buttons" else ()
        low, high = field.low, field.high
        if field.control == "stepper" and low is not None and high is not None:
            if high - low > 20:  # too many answers to list
                continue
            choices = tuple(str(v) for v in range(low, high + 1))
        try:
            asked = tuple(c for c in choices if question.when({field.name: c}))
        except Exception:  # it needs other answers too
            continue
        if choices:
            return field.name, asked
    return None


def question_fields(questions: tuple[Question, ...]) -> list[Field]:
    """The set-up questions as fields. A question with a default is optional (left empty,
    it takes it); one asked only for some answers of an earlier field names them in its
    ``shown_for`` and is needed where it is shown, and one asked for answers of several
    fields is optional (the page cannot tell).

    Example:
        >>> from deduce.play import adapter
        >>> fields = question_fields(adapter("thirteen-clues").grammar.setup)
        >>> [(f.name, f.shown_for, f.optional) for f in fields if f.shown_for][1:3]
        [('seat_2', ('players', ('3', '4', '5', '6')), False),
         ('seat_3', ('players', ('4', '5', '6')), False)]
    """
    fields: list[Field] = []
    for at, question in enumerate(questions):
        context = Context(None, {})
        kind = question.kind
        repeated = isinstance(kind, Several) or (isinstance(kind, Value) and kind.several)
        try:
            control = _control(kind, context, repeated=repeated)
        except Exception:  # bounds that depend on earlier answers: a text field
            control = {"control": "text", "choices": ()}
        if control.get("groups"):
            control["varies"], control["variants"] = _variants(kind, questions[:at])
            if control["varies"] and not control.get("other"):  # a deck file's cards
                control["other"] = _("type them")
        shown_for = _shown_for(question, fields)
        fields.append(
            Field(
                name=question.key,
                label=_(question.label),
                repeated=repeated,
                # asked only for some answers: needed where the page shows it
                optional=question.default is not None
                or (question.when is not None and shown_for is None),
                help="; ".join(
                    h
                    for h in (
                        _(question.help),
                        question.example
                        and question.example != question.default
                        and _("e.g. {example}").format(example=question.example),
                    )
                    if h
                ),
                default=_default(question, control.get("choices", ())),
                shown_for=shown_for,
                **control,
            )
        )
    return fields


def _variants(
    kind: Any, earlier: tuple[Question, ...]
) -> tuple[str, tuple[tuple[str, tuple[tuple[str, tuple[str, ...]], ...]], ...]]:
    """The categories of ``kind``'s buttons for each button of the first earlier
    question that offers a few values and changes them (Cluedo's cards by the deck's
    edition): that question's key and each button with its categories; else none.

    Example:
        >>> from deduce.play import adapter
        >>> questions = adapter("cluedo").grammar.setup
        >>> key, variants = _variants(questions[-2].kind, questions[:-2])
        >>> key, [(edition, len(dict(groups)["suspects"])) for edition, groups in variants]
        ('deck', [('classic', 6), ('master_detective', 10)])
    """
    for question in earlier:
        offered = question.kind
        if not (isinstance(offered, Value) and offered.other):
            continue
        found = []
        for choice in offered.words(Context(None, {})):
            answered = Context(None, {question.key: offered.parse(choice, Context(None, {}))})
            laid = tuple((h, tuple(ws)) for h, ws in _groups(kind, answered))
            found.append((choice, laid))
        if len({laid for _, laid in found}) > 1:
            return question.key, tuple(found)
    return "", ()


def _default(question: Question, buttons: tuple[str, ...]) -> str:
    """The answer a question takes when it is left empty, as its buttons carry it: the
    button that reads as that answer when the buttons are in the player's words
    (``ich`` for ``me``), else the default as it is.

    Example:
        >>> from deduce.play.grammar import Name
        >>> first = Question("first", Name(("me", "you"), aliases={"ich": "me"}), "", "me")
        >>> _default(first, ("ich", "you")), _default(first, ("me", "you"))
        ('ich', 'me')
    """
    default = question.default or ""
    if not default or default in buttons:
        return default
    context = Context(None, {})
    try:
        meant = question.kind.read(default, context, question.key)
    except Exception:  # a default the kind does not read: as it is
        return default
    for button in buttons:
        try:
            if question.kind.read(button, context, question.key) == meant:
                return button
        except Exception:  # a button that reads only with other answers
            continue
    return default


def advised(forms: list[Form], verb: str, args: Mapping[str, str | None]) -> list[Form]:
    """``forms`` with the first form of ``verb`` whose fields the table suggests nothing
    for filled in with an advised move's ``args`` (its words by argument name,
    :func:`deduce.serve.snapshot.move`); a field the player fills in (None) is left empty.
    A form the step fixes to other words (another player's, when the move is mine) is
    never filled in: its Enter would make the move in that player's name.

    Example:
        >>> form = Form("guess", "", (), (Field("CODE", "Code", "text"),
        ...             Field("BLACK", "Black", "stepper")), False, "guess a code")
        >>> [f.filled for f in advised([form], "guess", {"CODE": "1122", "BLACK": None})[0].fields]
        [('1122',), ()]
    """
    found = list(forms)
    for at, form in enumerate(found):
        if form.name != verb or any(f.filled and not f.fixed for f in form.fields):
            continue
        if any(
            f.fixed
            and args.get(f.name) is not None
            and [word(str(args[f.name]))] != [word(str(v)) for v in f.filled]
            for f in form.fields
        ):
            continue
        fields = tuple(
            replace(f, filled=(given,))
            if not f.fixed and not f.keyword and (given := args.get(f.name)) is not None
            else f
            for f in form.fields
        )
        found[at] = replace(form, fields=fields)
        break
    return found


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
