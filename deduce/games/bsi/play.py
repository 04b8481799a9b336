"""``deduce play bsi``: a whole game of Black Stories Investigation, from my seat."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from deduce._internal.entry import guard
from deduce._internal.validation import short
from deduce.errors import InvalidInput
from deduce.games import bsi
from deduce.games.bsi.cards import check_box, load_box
from deduce.games.bsi.manifest import GAME
from deduce.games.bsi.play_advice import (
    attempt_advice,
    attempt_choices,
    attempt_recommendations,
    chances,
    choice_line,
    final_round,
    lay_advice,
)
from deduce.games.bsi.race import RaceOption
from deduce.games.bsi.table import OWN_STRATEGIES
from deduce.investigation import Investigation, Recommendation
from deduce.play.adapter import Adapter, Grid, Score, TableFact, Turn, Way, says
from deduce.play.arguments import Context, Integer, Name, Parts, Several, Value
from deduce.play.grammar import Grammar
from deduce.play.verbs import Arg, Question, Rows, Verb

__all__ = ["ADAPTER", "GRAMMAR", "BsiAdapter"]

_CARD_WORDS = tuple(str(card) for card in bsi.CARDS)
_CASE_WORDS = tuple(str(card) for card in bsi.CARDS if card.case is not None)


def _card(text: str, context: Context) -> bsi.Card:
    return bsi.Card.parse(text.replace("_", "/"))


def _case(text: str, context: Context) -> bsi.Case:
    card = _card(text, context)
    if card.case is None:
        raise InvalidInput("case", text, "all four pieces", reason="not a case")
    return card.case


_PIECES = tuple((kind, values) for kind, values in bsi.ATTRIBUTES.items())
_A_CARD = "a card written as its evidence joined by /, e.g. woman/knife"
_BY_PIECES = tuple(
    (f"{n} pieces", tuple(w for w in _CARD_WORDS if w.count("/") == n - 1)) for n in (2, 3, 4)
)
_CARD = Value(_card, _A_CARD, _CARD_WORDS, groups=_BY_PIECES, parts=Parts(_PIECES, "/", least=2))

_WHOLE = "a case: all four pieces, e.g. man/night/inside/gun"
_A_CASE = Value(_case, _WHOLE, _CASE_WORDS, parts=Parts(_PIECES, "/"))


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
        return [str(card) for card in table.hand]
    return _CARD_WORDS


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
            problems.append(f"{card} is your own case")
        elif card.case is not None and cases.count(card.case) > 1:
            problems.append(f"{card} is given twice")
    if problems:
        shown = " ".join(str(c) for c in hand)
        reasons = "; ".join(dict.fromkeys(problems))
        raise InvalidInput("hand", shown, "3 cards other than your case", reason=reasons)


def _lay(table: bsi.Table, v: dict[str, Any]) -> bsi.Table:
    field = v["field"] if v["field"] == "0/1" else int(v["field"])
    return table.played(v["card"], v["seat"], field)


def _solve(table: bsi.Table, v: dict[str, Any]) -> bsi.Table:
    seat, case, drops, verdict = v["seat"], v["case"], v["drops"], v.get("verdict")
    line = f"solve {seat} {case} {drops}"
    if verdict is None and seat != 0:
        raise InvalidInput(
            "verdict",
            None,
            f"`{line} right` or `{line} wrong`",
            reason=f"seat {seat} says whether {case} is their case",
        )
    if seat == 0 and case == table.my_case and v.get("new") is None:
        raise InvalidInput(
            "new CASE",
            None,
            f"the case card you turned up as your new case: `{line} right new CASE`, "
            "e.g. new woman/day/inside/knife",
            reason=f"{case} is your case: it is solved, and you draw a new one",
        )
    if seat != 0 and v.get("new") is not None:
        raise InvalidInput(
            "new CASE",
            str(v["new"]),
            f"no `new`: seat {seat} keeps their new case hidden",
            reason="only your own new case is seen",
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
        return "No attempt is possible (no investigation card left)."
    waiting = options[0].waiting
    note = (
        ""
        if waiting is None
        else f"Waiting, every investigation card kept, is worth {waiting:.2f} points expected "
        "(the best of the column `same attempt later`)."
    )
    return Rows(
        (
            "seat",
            "case",
            "drops",
            "right",
            "points now",
            "with my next attempt",
            "same attempt later",
        ),
        tuple(
            (
                str(o.target),
                str(o.case),
                str(o.drops),
                f"{100 * o.probability:.1f}%",
                f"{o.points:.2f}" + (" (advisable)" if o.advisable else ""),
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
                "wait"
                if attempt is None
                else f"seat {attempt.target} is {attempt.case}, {attempt.drops}-drop card: "
                f"{100 * attempt.probability:.0f}% right, {attempt.points:.2f} points"
            )
            lay = f"lay {option.play.card} at seat {option.play.target}" if first else ""
            points = f"{option.points:.2f}" if first else ""
            rows.append((lay, points, str(field), f"{100 * chance:.0f}%", then))
            first = False
    return Rows(
        ("lay", "points expected", "field", "chance", "then attempt"),
        tuple(rows),
        "Points expected: this turn's attempt and my next, or waiting, by the field's chance.",
    )


def _table(table: bsi.Table, v: dict[str, Any]) -> Rows:
    scores = table.scores()
    rows = []
    for seat in range(table.players):
        grid = ", ".join(f"{card}:{field}" for card, field in table.grid(seat))
        drops = " ".join(str(d) for d in table.drops_left(seat))
        rows.append((str(seat), grid, drops, str(scores[seat])))
    discard = ", ".join(str(c) for c in table.discard) or "-"
    notes = "\n".join([f"Discard pile: {discard}", *final_round(table)])
    return Rows(("seat", "grid", "drops left", "points"), tuple(rows), notes)


_VERDICT = Name(("right", "wrong"), aliases={"yes": "right", "correct": "right", "no": "wrong"})

GRAMMAR = Grammar(
    verbs=(
        Verb(
            ("lay",),
            (
                Arg("CARD", _LAID),
                Arg("SEAT", _TARGET),
                Arg("FIELD", Name(("0/1", "0", "1", "2", "3"))),
            ),
            "the player whose turn it is laid CARD at SEAT's grid, in FIELD 0/1, 2 or 3",
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
                    _VERDICT,
                    optional=True,
                    store="verdict",
                    optional_note="needed unless it is your own case",
                ),
                Arg(
                    "CASE",
                    _A_CASE,
                    optional=True,
                    keyword="new",
                    store="new",
                    optional_note="only when your own case is solved",
                ),
                Arg(
                    "CARD",
                    _CARD,
                    optional=True,
                    repeated=True,
                    keyword="revealed",
                    store="revealed",
                    optional_note="only when right: the cards the target turned up",
                ),
            ),
            "the player whose turn it is tried to solve SEAT's case naming CASE with the\n"
            "investigation card of DROPS blood drops; when right: `new CASE` is my new case\n"
            "(if SEAT is me), `revealed` the cards the target turned up drawing a new case",
            ("solve 1 woman/day/inside/knife 3 wrong",),
            _solve,
        ),
        Verb(
            ("draw",),
            (Arg("CARD", _CARD, optional=True),),
            "the player whose turn it is drew and ended the turn (CARD: the card I drew,\n"
            "on my turn)",
            ("draw man/night",),
            lambda table, v: table.drew(v.get("card")),
        ),
        Verb(
            ("attempts",),
            (),
            "every attempt I can make now, with expected points (before my card is laid:\n"
            "every lay, with the points it leads to and the attempt it sets up)",
            ("attempts",),
            _attempts,
            command=True,
        ),
        Verb(
            ("chances",),
            (),
            "at my attempt step: each of the best choices with its chance to win, the rest\n"
            "of the game played on in worlds drawn from what I know",
            ("chances",),
            lambda table, v: chances(table),
            command=True,
            setting=("lay woman/night/outside/gun 1 2",),
        ),
        Verb(
            ("table",),
            (),
            "hands, grids, discard pile, drops and scores",
            ("table",),
            _table,
            command=True,
        ),
    ),
    notes="I am seat 0; the others are numbered clockwise 1, 2, 3. Cards are written as their\n"
    "evidence joined by /: man/night, woman/day/outside, man/night/inside/gun.",
    setup=(
        Question("players", Integer(2, 4), "at the table, 2 to 4", "2"),
        Question("case", _A_CASE, "your own case", example="man/night/inside/gun"),
        Question(
            "hand",
            Several(_CARD, 3),
            "your 3 cards",
            example="woman/night/outside/gun woman/knife man/day",
            check=_check_hand,
        ),
        Question("first", Integer(0, _seats), "the seat that starts, 0 is you", "0"),
        Question(
            "box",
            Value(_box, "any, a box file (TOML) or the 12 cards of 2 and 3 pieces of your box"),
            "your box's 12 cards of 2 and 3 pieces, a box file (TOML), or any",
            "any",
            example="my-box.toml",
        ),
    ),
    setup_note="You are seat 0; the others are numbered clockwise 1, 2, 3.",
)


class BsiAdapter(Adapter):
    """Clue lines for every move at the table, in turn order."""

    declaration = GAME
    investigation_type = bsi.Table
    arguments: ClassVar[Mapping[str, str]] = {
        "target": "seat",
        "new_case": "new",
        "correct": "verdict",
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
            return Score("chance to finish first", "probability")
        if strategy == "points":
            return Score("points expected", "points")
        return None

    def show_clue(self, clue: Any) -> str:
        if isinstance(clue, bsi.Lay):
            return f"lays {clue.card} at seat {clue.target}: field {clue.field}"
        if isinstance(clue, bsi.Solve):
            verdict = "right" if clue.correct else "wrong"
            drops = "drop" if clue.drops == 1 else "drops"
            said = f"names {clue.case} for seat {clue.target} ({clue.drops} {drops}): {verdict}"
            if clue.new_case is not None:
                said += f"; my new case {clue.new_case}"
            if clue.revealed:
                said += "; revealed " + " ".join(str(c) for c in clue.revealed)
            return said
        if isinstance(clue, bsi.Draw):
            return "draws" if clue.card is None else f"draws {clue.card}"
        return short(clue, 1000)

    def history(self, investigation: Investigation) -> list[str]:
        table: bsi.Table = self.own(investigation)
        seat = table.first
        lines = []
        for clue in table.clues:
            if isinstance(clue, bsi.Lay | bsi.Solve | bsi.Draw):
                lines.append(f"seat {seat} {self.show_clue(clue)}")
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
            lines.append(f"seat {seat} {said}" if not isinstance(clue, bsi.Reshuffle) else said)
            if isinstance(clue, bsi.Draw):
                seat = (seat + 1) % table.players
        return [line for line in lines if line is not None]

    def public_clue(self, clue: Any) -> str | None:
        if isinstance(clue, bsi.Draw):
            return "draws"  # the card drawn: its drawer's alone
        if isinstance(clue, bsi.Solve):  # my new case: mine alone
            return self.show_clue(replace(clue, new_case=None))
        return self.show_clue(clue)

    def public_facts(self, investigation: Investigation) -> list[TableFact]:
        table: bsi.Table = self.own(investigation)
        return [TableFact("Draw pile", str(table.pile))]

    def public_grids(self, investigation: Investigation) -> list[Grid]:
        """The scores, and each seat's evidence grid with the cards laid under each of
        its fields."""
        table: bsi.Table = self.own(investigation)
        names = ["you", *(f"seat {s}" for s in range(1, table.players))]
        scores = Grid(
            "Scores",
            ("player", "points", "blood drops left"),
            tuple(
                (names[s], str(p), ", ".join(str(d) for d in table.drops_left(s)) or "none")
                for s, p in table.scores().items()
            ),
        )
        fields = tuple(str(f) for f in bsi.FIELDS)
        grids = []
        for seat in range(table.players):
            under = {f: [str(c) for c, at in table.grid(seat) if str(at) == f] for f in fields}
            depth = max((len(cards) for cards in under.values()), default=0)
            rows = tuple(
                tuple(under[f][i] if i < len(under[f]) else "" for f in fields)
                for i in range(depth)
            )
            grids.append(Grid(f"Grid of {names[seat]}", fields, rows))
        return [scores, *grids]

    def finished(self, investigation: Investigation) -> bool:
        return bool(investigation.over)  # type: ignore[attr-defined]

    def solved(self, investigation: Investigation) -> str | None:
        """Every case certain does not end the game: named so, and the advice goes on."""
        table: bsi.Table = self.own(investigation)
        if table.over or table.solved is None:
            return None
        cases = ", ".join(f"seat {s} is {table.solved_case(s)}" for s in table.opponents)
        return f"Certain: {cases} (solve at the table to score)"

    def turn(self, investigation: Investigation) -> Turn | None:
        table: bsi.Table = self.own(investigation)
        names = ["you", *(f"seat {s}" for s in range(1, table.players))]
        if table.over:
            won = [names[s] for s in table.winners()]
            return Turn.ended(f"The most points: {' and '.join(won)}.", won)
        seat, mine = table.turn, table.turn == 0
        lay = Way("lay", "lay a card at a grid" if mine else "lays a card at a grid")
        solve = Way("solve", "try to solve a case" if mine else "tries to solve a case")
        draw = Way("draw", "draw to end the turn" if mine else "draws to end the turn")
        ways = {"lay": (lay,), "attempt": (solve, draw)}
        return Turn(seat, names[seat], mine, ways.get(table.step, (draw,)))

    def show_action(self, action: Any) -> str:
        if isinstance(action, bsi.Play):
            return f"lay {action.card} at seat {action.target}"
        if isinstance(action, RaceOption):
            return choice_line(action)
        return str(action)

    def typed(self, action: Any) -> str:
        if isinstance(action, bsi.Play):  # the field is the target's answer
            return f"lay {action.card} {action.target}"
        return self.show_action(action)

    def facts(self, investigation: Investigation) -> list[TableFact]:
        table: bsi.Table = self.own(investigation)
        found = []
        if not table.over:
            hand = ", ".join(str(c) for c in table.hand) or "none"
            found += [TableFact("Your hand", hand), TableFact("Draw pile", str(table.pile))]
        found += [
            TableFact("Final round", line.removeprefix("Final round: "))
            for line in final_round(table)
        ]
        return found

    def extra(self, investigation: Investigation) -> str | None:
        table: bsi.Table = self.own(investigation)
        hand = " ".join(str(c) for c in table.hand) or "-"
        lines = []
        if not table.over:
            turn = self.turn(table)
            assert turn is not None
            said = says(turn, self.grammar, table)
            who = (
                "My turn: " if table.turn == 0 else f"Seat {table.turn}'s turn: seat {table.turn} "
            )
            lines += [f"{who}{said}.", f"My hand: {hand}. Draw pile: {table.pile}."]
        scores = ", ".join(f"seat {s}: {p}" for s, p in table.scores().items())
        lines.append(f"Scores: {scores}.")
        if table.over:
            winners = ", ".join(str(s) for s in table.winners())
            most = "seat" if len(table.winners()) == 1 else "seats"
            lines.append(f"The game is over; the most points: {most} {winners}.")
        else:
            lines.extend(final_round(table))
        return "\n".join(lines)


ADAPTER = BsiAdapter()

guard(globals())
