"""``deduce play bsi``: a whole game of Black Stories Investigation, from my seat."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from deduce._internal.entry import guard
from deduce._internal.language import N_, M, _, both, plural
from deduce._internal.validation import short
from deduce.errors import InvalidInput
from deduce.games import bsi
from deduce.games.bsi.cards import check_box, load_box, shown
from deduce.games.bsi.manifest import GAME
from deduce.games.bsi.play_advice import (
    attempt_advice,
    attempt_choices,
    attempt_recommendations,
    chances,
    choice_line,
    final_notice,
    final_round,
    lay_advice,
)
from deduce.games.bsi.race import RaceOption
from deduce.games.bsi.table import OWN_STRATEGIES
from deduce.investigation import Investigation, Recommendation
from deduce.play.adapter import Adapter, Grid, Score, TableFact, Turn, Way, says
from deduce.play.arguments import VERDICT, Context, Integer, Name, Parts, Several, Value
from deduce.play.grammar import Grammar
from deduce.play.verbs import Arg, Question, Rows, Verb

__all__ = ["ADAPTER", "GRAMMAR", "BsiAdapter"]


def _card_words(context: Context) -> list[str]:
    """Every card, in the player's language (what Tab and a page's picker offer)."""
    return [shown(card) for card in bsi.CARDS]


def _case_words(context: Context) -> list[str]:
    """Every case, in the player's language."""
    return [shown(card) for card in bsi.CARDS if card.case is not None]


def _card(text: str, context: Context) -> bsi.Card:
    return bsi.Card.parse(text.replace("_", "/"))


def _case(text: str, context: Context) -> bsi.Case:
    card = _card(text, context)
    if card.case is None:
        raise InvalidInput(N_("case"), text, N_("all four pieces"), reason=N_("not a case"))
    return card.case


def _pieces(context: Context) -> list[tuple[str, tuple[str, ...]]]:
    """Each kind of evidence in words (victim, time, scene, weapon), with its two values,
    in the player's language."""
    return [
        (str(_(kind)), tuple(shown(value) for value in values))
        for kind, values in bsi.ATTRIBUTES.items()
    ]


_PIECES = _pieces
_A_CARD = N_("a card written as its evidence joined by /, e.g. woman/knife")


def _by_pieces(context: Context) -> list[tuple[str, tuple[str, ...]]]:
    """The cards by their number of pieces, under a heading in words (``2 pieces``)."""
    return [
        (
            str(_(plural("{n} piece", "{n} pieces", n))),
            tuple(shown(card) for card in bsi.CARDS if card.size == n),
        )
        for n in (2, 3, 4)
    ]


_BY_PIECES = _by_pieces
_CARD = Value(_card, _A_CARD, _card_words, groups=_BY_PIECES, parts=Parts(_PIECES, "/", least=2))

_WHOLE = N_("a case: all four pieces, e.g. man/night/inside/gun")
_A_CASE = Value(_case, _WHOLE, _case_words, parts=Parts(_PIECES, "/"))


def _box(text: str, context: Context) -> tuple[bsi.Card, ...] | None:
    """``any``, a box file (TOML), or the 12 small cards of the box typed in."""
    words = text.replace(",", " ").split()
    if not words or words == ["any"]:
        return None
    if len(words) == 1:
        return load_box(words[0])
    return check_box([_card(word, context) for word in words], "box")


def _seats(context: Context) -> int:
    players = context.values.get("players")
    if context.investigation is not None:
        players = context.investigation.players
    return int(players or 4) - 1


def _my_turn(context: Context) -> bool:
    """Whether it is my turn (the cards laid are those of my hand)."""
    table = context.investigation
    return isinstance(table, bsi.Table) and table.turn == 0


def _laid(context: Context) -> Sequence[str]:
    """The cards the player whose turn it is may lay: my hand on my turn, else any."""
    table = context.investigation
    if isinstance(table, bsi.Table) and table.turn == 0:
        return [shown(card) for card in table.hand]
    return _card_words(context)


def _targets(context: Context) -> Sequence[str]:
    """The seats the player whose turn it is may lay at or name: every other seat."""
    table = context.investigation
    if not isinstance(table, bsi.Table):
        return [str(seat) for seat in range(_seats(context) + 1)]
    return [str(seat) for seat in range(table.players) if seat != table.turn]


def _drops(context: Context) -> Sequence[str]:
    """The investigation cards the player whose turn it is still holds (blood drops)."""
    table = context.investigation
    if not isinstance(table, bsi.Table):
        return ["1", "2", "3"]
    return [str(drops) for drops in sorted(table.drops_left(table.turn))]


_LAID = Value(_card, _A_CARD, _laid, closed=_my_turn, parts=Parts(_PIECES, "/", least=2))
_TARGET = Integer(0, _seats, suggestions=_targets)


def _check_hand(answers: Mapping[str, Any]) -> None:
    case, hand = answers.get("case"), answers["hand"]
    problems = []
    cases = [card.case for card in hand if card.case is not None]
    for card in hand:
        if card.case is not None and card.case == case:
            problems.append(str(_(M("{card} is your own case", card=shown(card)))))
        elif card.case is not None and cases.count(card.case) > 1:
            problems.append(str(_(M("{card} is given twice", card=shown(card)))))
    if problems:
        said = " ".join(shown(c) for c in hand)
        reasons = "; ".join(dict.fromkeys(problems))
        expected = N_("3 cards other than your case")
        raise InvalidInput(N_("hand"), said, expected, reason=reasons)


def _lay(table: bsi.Table, v: dict[str, Any]) -> bsi.Table:
    field = v["field"] if v["field"] == "0/1" else int(v["field"])
    return table.played(v["card"], v["seat"], field)


def _solve(table: bsi.Table, v: dict[str, Any]) -> bsi.Table:
    seat, case, drops, verdict = v["seat"], v["case"], v["drops"], v.get("verdict")
    line = f"solve {seat} {shown(case)} {drops}"
    if verdict is None and seat != 0:
        raise InvalidInput(
            N_("verdict"),
            None,
            M("`{line} right` or `{line} wrong`", line=line),
            reason=M("seat {seat} says whether {case} is their case", seat=seat, case=shown(case)),
        )
    if seat == 0 and case == table.my_case and v.get("new") is None:
        raise InvalidInput(
            "new CASE",
            None,
            M(
                "the case card you turned up as your new case: `{line} right new CASE`, "
                "e.g. new woman/day/inside/knife",
                line=line,
            ),
            reason=M("{case} is your case: it is solved, and you draw a new one", case=shown(case)),
        )
    if seat != 0 and v.get("new") is not None:
        raise InvalidInput(
            "new CASE",
            shown(v["new"]),
            M("no `new`: seat {seat} keeps their new case hidden", seat=seat),
            reason=N_("only your own new case is seen"),
        )
    return table.attempt(
        seat,
        case,
        drops,
        correct=None if verdict is None else verdict == "right",
        revealed=list(v.get("revealed", ())),
        new_case=v.get("new"),
    )


def _attempts(table: bsi.Table, v: dict[str, Any]) -> Rows | str:
    if table.turn == 0 and table.step == "lay":
        return _lays(table)
    options = table.recommend_attempt()
    if not options:
        return str(_("No attempt is possible (no investigation card left)."))
    waiting = options[0].waiting
    note = (
        ""
        if waiting is None
        else _(
            M(
                "Waiting, every investigation card kept, is worth {waiting:.2f} points expected "
                "(the best of the column `same attempt later`).",
                waiting=waiting,
            )
        )
    )
    return Rows(
        (
            _("seat"),
            _("case"),
            _("drops"),
            _("right"),
            _("points now"),
            _("with my next attempt"),
            _("same attempt later"),
        ),
        tuple(
            (
                str(o.target),
                shown(o.case),
                str(o.drops),
                f"{100 * o.probability:.1f}%",
                _(M("{points:.2f} (advisable)", points=o.points))
                if o.advisable
                else f"{o.points:.2f}",
                f"{o.value:.2f}",
                f"{o.wait_points:.2f}",
            )
            for o in options
        ),
        note,
    )


def _lays(table: bsi.Table) -> Rows:
    """Before my card is laid: every lay, its expected points and, for each field, the
    attempt it sets up."""
    rows = []
    for option in table.lay_options():
        first = True
        for field, chance in option.outcomes.items():
            attempt = option.attempts[field]
            then = (
                _("wait")
                if attempt is None
                else _(
                    M(
                        "seat {seat} is {case}, {drops}-drop card: {p:.0f}% right, "
                        "{points:.2f} points",
                        seat=attempt.target,
                        case=shown(attempt.case),
                        drops=attempt.drops,
                        p=100 * attempt.probability,
                        points=attempt.points,
                    )
                )
            )
            lay = _(_lay_words(option.play)) if first else ""
            points = f"{option.points:.2f}" if first else ""
            rows.append((lay, points, str(field), f"{100 * chance:.0f}%", then))
            first = False
    return Rows(
        (_("lay"), _("points expected"), _("field"), _("chance"), _("then attempt")),
        tuple(rows),
        _("Points expected: this turn's attempt and my next, or waiting, by the field's chance."),
    )


def _lay_words(play: bsi.Play) -> str:
    """A lay of mine in words: ``lay CARD at seat SEAT``."""
    return M("lay {card} at seat {seat}", card=shown(play.card), seat=play.target)


def _table(table: bsi.Table, v: dict[str, Any]) -> Rows:
    scores = table.scores()
    rows = []
    for seat in range(table.players):
        grid = ", ".join(f"{shown(card)}:{field}" for card, field in table.grid(seat))
        drops = " ".join(str(d) for d in table.drops_left(seat))
        rows.append((str(seat), grid, drops, str(scores[seat])))
    discard = ", ".join(shown(c) for c in table.discard) or "-"
    notes = "\n".join([_(M("Discard pile: {discard}", discard=discard)), *final_round(table)])
    return Rows((_("seat"), _("grid"), _("drops left"), _("points")), tuple(rows), notes)


GRAMMAR = Grammar(
    verbs=(
        Verb(
            ("lay",),
            (
                Arg("CARD", _LAID),
                Arg("SEAT", _TARGET),
                Arg("FIELD", Name(("0/1", "0", "1", "2", "3"))),
            ),
            N_("the player whose turn it is laid CARD at SEAT's grid, in FIELD 0/1, 2 or 3"),
            ("lay woman/night/outside/gun 1 0/1",),
            _lay,
        ),
        Verb(
            ("solve",),
            (
                Arg("SEAT", _TARGET),
                Arg("CASE", _A_CASE),
                Arg("DROPS", Integer(1, 3, suggestions=_drops)),
                Arg(
                    "right|wrong",
                    VERDICT,
                    optional=True,
                    store="verdict",
                    optional_note=N_("needed unless it is your own case"),
                ),
                Arg(
                    "CASE",
                    _A_CASE,
                    optional=True,
                    keyword="new",
                    store="new",
                    optional_note=N_("only when your own case is solved"),
                ),
                Arg(
                    "CARD",
                    _CARD,
                    optional=True,
                    repeated=True,
                    keyword="revealed",
                    store="revealed",
                    optional_note=N_("only when right: the cards the target turned up"),
                ),
            ),
            N_(
                "the player whose turn it is tried to solve SEAT's case naming CASE with the\n"
                "investigation card of DROPS blood drops; when right: `new CASE` is my new case\n"
                "(if SEAT is me), `revealed` the cards the target turned up drawing a new case"
            ),
            ("solve 1 woman/day/inside/knife 3 wrong",),
            _solve,
        ),
        Verb(
            ("draw",),
            (Arg("CARD", _CARD, optional=True),),
            N_(
                "the player whose turn it is drew and ended the turn (CARD: the card I drew,\n"
                "on my turn)"
            ),
            ("draw man/night",),
            lambda table, v: table.drew(v.get("card")),
        ),
        Verb(
            ("attempts",),
            (),
            N_(
                "every attempt I can make now, with expected points (before my card is laid:\n"
                "every lay, with the points it leads to and the attempt it sets up)"
            ),
            ("attempts",),
            _attempts,
            command=True,
        ),
        Verb(
            ("chances",),
            (),
            N_(
                "at my attempt step: each of the best choices with its chance to win, the rest\n"
                "of the game played on in worlds drawn from what I know"
            ),
            ("chances",),
            lambda table, v: chances(table),
            command=True,
            setting=("lay woman/night/outside/gun 1 2",),
        ),
        Verb(
            ("table",),
            (),
            N_("hands, grids, discard pile, drops and scores"),
            ("table",),
            _table,
            command=True,
        ),
    ),
    notes=N_(
        "I am seat 0; the others are numbered clockwise 1, 2, 3. Cards are written as their\n"
        "evidence joined by /: man/night, woman/day/outside, man/night/inside/gun."
    ),
    setup=(
        Question("players", Integer(2, 4), N_("at the table, 2 to 4"), "2", title=N_("Players")),
        Question(
            "case", _A_CASE, N_("your own case"), example="man/night/inside/gun", title=N_("Case")
        ),
        Question(
            "hand",
            Several(_CARD, 3),
            N_("your 3 cards"),
            example="woman/night/outside/gun woman/knife man/day",
            check=_check_hand,
            title=N_("Hand"),
        ),
        Question(
            "first",
            Integer(0, _seats),
            N_("the seat that starts, 0 is you"),
            "0",
            title=N_("First"),
        ),
        Question(
            "box",
            Value(_box, N_("any, a box file (TOML) or the 12 cards of 2 and 3 pieces of your box")),
            N_("your box's 12 cards of 2 and 3 pieces, a box file (TOML), or any"),
            "any",
            example="my-box.toml",
            title=N_("Box"),
        ),
    ),
    setup_note=N_("You are seat 0; the others are numbered clockwise 1, 2, 3."),
)


class BsiAdapter(Adapter):
    """Clue lines for every move at the table, in turn order."""

    declaration = GAME
    investigation_type = bsi.Table
    arguments: ClassVar[Mapping[str, str]] = {
        "target": N_("seat"),
        "new_case": "new",
        "correct": N_("verdict"),
    }
    solutions_shown = 6
    grammar = GRAMMAR

    def start(self, answers: Mapping[str, Any]) -> Investigation:
        answers = self.needs(answers, "players", "case", "hand", "first")
        return bsi.Table(
            answers["players"],
            case=answers["case"],
            hand=answers["hand"],
            first=answers["first"],
            small_cards=answers.get("box"),
        )

    def recommend(self, investigation: Investigation, strategy: str) -> list[Recommendation]:
        table: bsi.Table = self.own(investigation)
        if table.over or table.turn != 0:
            return []
        if table.step == "attempt":
            return attempt_recommendations(table, self.recommendations)
        if table.step != "lay":
            return []
        return table.recommend_play(top=self.recommendations, strategy=strategy)

    def advice_seconds(self, investigation: Investigation, strategy: str) -> float:
        table: bsi.Table = self.own(investigation)
        if table.step == "attempt":  # the race's few choices: up to 0.03 s at 4 players
            return 0.05
        return super().advice_seconds(investigation, strategy)

    def own_advice(self, investigation: Investigation, strategy: str) -> str | None:
        table: bsi.Table = self.own(investigation)
        if table.over or table.turn != 0:
            return None
        if table.step == "attempt":
            choices = table.race_options()
            lines = attempt_advice(choices)
            return (
                "\n".join([*lines, *attempt_choices(choices, self.recommendations)])
                if lines
                else None
            )
        if table.step == "lay" and strategy in OWN_STRATEGIES:
            return "\n".join(lay_advice(table, self.recommendations, strategy))
        return None

    def score(self, strategy: str) -> Score | None:
        if strategy == "race":  # also the attempt step's, under any strategy
            return Score(_("chance to finish first"), "probability")
        if strategy == "points":
            return Score(_("points expected"), "points")
        return None

    def show_clue(self, clue: Any) -> str:
        if isinstance(clue, bsi.Lay):
            said = M(
                "lays {card} at seat {seat}: field {field}",
                card=shown(clue.card),
                seat=clue.target,
                field=clue.field,
            )
            return str(_(said))
        if isinstance(clue, bsi.Solve):
            template = _SOLVES[bool(clue.correct), clue.new_case is not None, bool(clue.revealed)]
            said = M(
                template,
                case=shown(clue.case),
                seat=clue.target,
                drops=plural("{n} drop", "{n} drops", clue.drops),
                new=None if clue.new_case is None else shown(clue.new_case),
                revealed=" ".join(shown(c) for c in clue.revealed),
            )
            return str(_(said))
        if isinstance(clue, bsi.Draw):
            if clue.card is None:
                return str(_("draws"))
            return str(_(M("draws {card}", card=shown(clue.card))))
        return short(clue, 1000)

    def history(self, investigation: Investigation) -> list[str]:
        table: bsi.Table = self.own(investigation)
        seat = table.first
        lines = []
        for clue in table.clues:
            if isinstance(clue, bsi.Lay | bsi.Solve | bsi.Draw):
                lines.append(_(M("seat {seat} {said}", seat=seat, said=self.show_clue(clue))))
            else:
                lines.append(self.show_clue(clue))
            if isinstance(clue, bsi.Draw):
                seat = (seat + 1) % table.players
        return lines

    def public_history(self, investigation: Investigation) -> list[str]:
        table: bsi.Table = self.own(investigation)
        seat = table.first
        lines = []
        for clue in table.clues:
            said = self.public_clue(clue)
            if said is not None and not isinstance(clue, bsi.Reshuffle):
                said = _(M("seat {seat} {said}", seat=seat, said=said))
            lines.append(said)
            if isinstance(clue, bsi.Draw):
                seat = (seat + 1) % table.players
        return [line for line in lines if line is not None]

    def public_clue(self, clue: Any) -> str | None:
        if isinstance(clue, bsi.Draw):
            return str(_("draws"))  # the card drawn: its drawer's alone
        if isinstance(clue, bsi.Solve):  # my new case: mine alone
            return self.show_clue(replace(clue, new_case=None))
        return self.show_clue(clue)

    def public_facts(self, investigation: Investigation) -> list[TableFact]:
        table: bsi.Table = self.own(investigation)
        return [TableFact(_("Draw pile"), str(table.pile))]

    def public_grids(self, investigation: Investigation) -> list[Grid]:
        """The scores, and each seat's evidence grid with the cards laid under each of
        its fields."""
        table: bsi.Table = self.own(investigation)
        names = _names(table)
        scores = Grid(
            _("Scores"),
            (_("player"), _("points"), _("blood drops left")),
            tuple(
                (names[s], str(p), ", ".join(str(d) for d in table.drops_left(s)) or _("none"))
                for s, p in table.scores().items()
            ),
        )
        fields = tuple(str(f) for f in bsi.FIELDS)
        grids = []
        for seat in range(table.players):
            under = {f: [shown(c) for c, at in table.grid(seat) if str(at) == f] for f in fields}
            depth = max((len(cards) for cards in under.values()), default=0)
            rows = tuple(
                tuple(under[f][i] if i < len(under[f]) else "" for f in fields)
                for i in range(depth)
            )
            title = _("Grid of you") if seat == 0 else _(M("Grid of seat {seat}", seat=seat))
            grids.append(Grid(title, fields, rows))
        return [scores, *grids]

    def finished(self, investigation: Investigation) -> bool:
        return bool(investigation.over)  # type: ignore[attr-defined]

    def solved(self, investigation: Investigation) -> str | None:
        """Every case certain does not end the game: named so, and the advice goes on."""
        table: bsi.Table = self.own(investigation)
        if table.over or table.solved is None:
            return None
        solved = {s: table.solved_case(s) for s in table.opponents}
        cases = ", ".join(
            _(M("seat {seat} is {case}", seat=s, case=shown(case)))
            for s, case in solved.items()
            if case is not None
        )
        return str(_(M("Certain: {cases} (solve at the table to score)", cases=cases)))

    def turn(self, investigation: Investigation) -> Turn | None:
        table: bsi.Table = self.own(investigation)
        names = _names(table)
        if table.over:
            won = [names[s] for s in table.winners()]
            return Turn.ended(_(M("The most points: {winners}.", winners=both(won))), won)
        seat, mine = table.turn, table.turn == 0
        lay = Way("lay", _("lay a card at a grid") if mine else _("lays a card at a grid"))
        solve = Way("solve", _("try to solve a case") if mine else _("tries to solve a case"))
        draw = Way("draw", _("draw to end the turn") if mine else _("draws to end the turn"))
        ways = {"lay": (lay,), "attempt": (solve, draw)}
        return Turn(seat, names[seat], mine, ways.get(table.step, (draw,)))

    def show_value(self, value: Any) -> str:
        """A card or a case named in a refusal, in the player's language."""
        if isinstance(value, bsi.Card | bsi.Case):
            return shown(value)
        return super().show_value(value)

    def show_action(self, action: Any) -> str:
        if isinstance(action, bsi.Play):
            return str(_(_lay_words(action)))
        if isinstance(action, RaceOption):
            return choice_line(action)
        return str(action)

    def typed(self, action: Any) -> str:
        if isinstance(action, bsi.Play):  # the field is the target's answer
            return f"lay {shown(action.card)} {action.target}"
        if isinstance(action, RaceOption):
            return choice_line(action)
        return self.show_action(action)

    def facts(self, investigation: Investigation) -> list[TableFact]:
        table: bsi.Table = self.own(investigation)
        found = []
        if not table.over:
            hand = ", ".join(shown(c) for c in table.hand) or _("none")
            found += [TableFact(_("Your hand"), hand), TableFact(_("Draw pile"), str(table.pile))]
        notice = final_notice(table)
        if notice is not None:
            found.append(TableFact(_("Final round"), notice))
        return found

    def extra(self, investigation: Investigation) -> str | None:
        table: bsi.Table = self.own(investigation)
        hand = " ".join(shown(c) for c in table.hand) or "-"
        lines = []
        if not table.over:
            turn = self.turn(table)
            assert turn is not None
            said = says(turn, self.grammar, table)
            whose = (
                M("My turn: {said}.", said=said)
                if table.turn == 0
                else M("Seat {seat}'s turn: seat {seat} {said}.", seat=table.turn, said=said)
            )
            lines += [
                _(whose),
                _(M("My hand: {hand}. Draw pile: {pile}.", hand=hand, pile=table.pile)),
            ]
        scores = ", ".join(
            _(M("seat {seat}: {points}", seat=s, points=p)) for s, p in table.scores().items()
        )
        lines.append(_(M("Scores: {scores}.", scores=scores)))
        if table.over:
            winners = ", ".join(str(s) for s in table.winners())
            over = plural(
                "The game is over; the most points: seat {winners}.",
                "The game is over; the most points: seats {winners}.",
                len(table.winners()),
                winners=winners,
            )
            lines.append(_(over))
        else:
            lines.extend(final_round(table))
        return "\n".join(lines)


def _names(table: bsi.Table) -> list[str]:
    """Every seat in words: ``you``, then ``seat 1``, ``seat 2``, ..."""
    return [_("you"), *(_(M("seat {seat}", seat=s)) for s in range(1, table.players))]


_SOLVES = {
    (False, False, False): N_("names {case} for seat {seat} ({drops}): wrong"),
    (False, True, False): N_("names {case} for seat {seat} ({drops}): wrong; my new case {new}"),
    (False, False, True): N_("names {case} for seat {seat} ({drops}): wrong; revealed {revealed}"),
    (False, True, True): N_(
        "names {case} for seat {seat} ({drops}): wrong; my new case {new}; revealed {revealed}"
    ),
    (True, False, False): N_("names {case} for seat {seat} ({drops}): right"),
    (True, True, False): N_("names {case} for seat {seat} ({drops}): right; my new case {new}"),
    (True, False, True): N_("names {case} for seat {seat} ({drops}): right; revealed {revealed}"),
    (True, True, True): N_(
        "names {case} for seat {seat} ({drops}): right; my new case {new}; revealed {revealed}"
    ),
}
"""An attempt in words, by whether it was right, names my new case and reveals cards."""

ADAPTER = BsiAdapter()

guard(globals())
