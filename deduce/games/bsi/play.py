"""``deduce play bsi``: a whole game of Black Stories Investigation, from my seat."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.table import Table as RichTable
from rich.text import Text

from deduce.errors import InvalidInput
from deduce.games import bsi
from deduce.investigation import Investigation, Recommendation
from deduce.play.adapter import Adapter, Question, choose, integer

__all__ = ["ADAPTER", "BsiAdapter"]

_KEYWORDS = ("lay", "solve", "draw")
_FIELD_WORDS = ("0/1", "0", "1", "2", "3")
_VERDICTS = {"right": True, "yes": True, "correct": True, "wrong": False, "no": False}


def _card(text: str, argument: str = "card") -> bsi.Card:
    try:
        return bsi.Card.parse(text.replace("_", "/"))
    except InvalidInput:
        raise InvalidInput(
            argument, text, "a card written as its evidence, e.g. woman/knife or man/night/inside"
        ) from None


def _case(text: str, argument: str = "case") -> bsi.Case:
    card = _card(text, argument)
    if card.case is None:
        raise InvalidInput(argument, text, "a case: all four pieces, e.g. man/night/inside/gun")
    return card.case


def _field(text: str) -> str | int:
    if text.strip() == "0/1":
        return "0/1"
    return integer(text, "field")


def _hand(text: str) -> tuple[bsi.Card, ...]:
    parts = text.replace(",", " ").split()
    if len(parts) != 3:
        raise InvalidInput(
            "hand", text, "3 cards, e.g. woman/night/outside/gun woman/knife man/day"
        )
    return tuple(_card(p, "hand") for p in parts)


class BsiAdapter(Adapter):
    """Clue lines for every move at the table, in turn order."""

    name = "bsi"
    title = "Black Stories Investigation"
    investigation_type = bsi.Table
    strategy = "entropy"
    solutions_shown = 6
    syntax = """
  lay CARD SEAT FIELD      the player whose turn it is laid CARD at SEAT's grid, in
                           FIELD 0/1, 2 or 3  (e.g.  lay woman/knife 1 2)
  solve SEAT CASE DROPS right|wrong [new CASE] [revealed CARD ...]
                           the player whose turn it is tried to solve SEAT's case naming
                           CASE with the investigation card of DROPS blood drops; when
                           right: `new CASE` is my new case (if SEAT is me), `revealed`
                           the cards the target turned up while drawing a new case
  draw [CARD]              the player whose turn it is drew and ended the turn (CARD: the
                           card I drew, on my turn)
I am seat 0; the others are numbered clockwise 1, 2, 3. Cards are written as their
evidence joined by /: man/night, woman/day/outside, man/night/inside/gun.
"""

    def questions(self, answers: Mapping[str, Any]) -> Sequence[Question]:
        return (
            Question("players", "Players (2-4)", "2", lambda t: integer(t, "players")),
            Question("case", "My case (e.g. man/night/inside/gun)", None, _case),
            Question("hand", "My 3 cards", None, _hand),
            Question("first", "Seat that starts", "0", lambda t: integer(t, "first")),
        )

    def start(self, answers: dict[str, Any]) -> Investigation:
        return bsi.Table(
            answers["players"], case=answers["case"], hand=answers["hand"], first=answers["first"]
        )

    def recommend(self, investigation: Investigation, strategy: str) -> list[Recommendation]:
        table: bsi.Table = investigation  # type: ignore[assignment]
        if table.turn != 0 or table.step != "lay":
            return []
        return table.recommend_play(top=self.recommendations, strategy=strategy)

    def commands(self) -> dict[str, tuple[str, Callable[[Investigation, list[str]], Any]]]:
        return {
            "attempts": ("every attempt I can make now, with expected points", self._attempts),
            "table": ("hands, grids, discard pile, drops and scores", self._table),
        }

    def _attempts(self, investigation: Investigation, words: list[str]) -> Any:
        table: bsi.Table = investigation  # type: ignore[assignment]
        options = table.recommend_attempt()
        if not options:
            return "No attempt is possible (no investigation card left)."
        shown = RichTable("seat", "case", "drops", "right", "points now", "after waiting", box=None)
        for o in options:
            shown.add_row(
                str(o.target),
                str(o.case),
                str(o.drops),
                f"{100 * o.probability:.1f}%",
                f"{o.points:.2f}" + (" (advisable)" if o.advisable else ""),
                f"{o.wait_points:.2f}",
            )
        return shown

    def _table(self, investigation: Investigation, words: list[str]) -> Any:
        table: bsi.Table = investigation  # type: ignore[assignment]
        shown = RichTable("seat", "grid", "drops left", "points", box=None)
        scores = table.scores()
        for seat in range(table.players):
            grid = ", ".join(f"{card}:{field}" for card, field in table.grid(seat))
            drops = " ".join(str(d) for d in table.drops_left(seat))
            shown.add_row(str(seat), grid, drops, str(scores[seat]))
        discard = ", ".join(str(c) for c in table.discard) or "-"
        return Group(shown, Text(f"Discard pile: {discard}"))

    def apply(self, investigation: Investigation, tokens: list[str]) -> Investigation:
        table: bsi.Table = investigation  # type: ignore[assignment]
        verb = choose(tokens[0], _KEYWORDS, "clue")
        args = tokens[1:]
        if verb == "lay":
            if len(args) != 3:
                raise InvalidInput("line", " ".join(tokens), "lay CARD SEAT FIELD")
            card = _card(args[0])
            return table.played(card, integer(args[1], "seat"), _field(args[2]))
        if verb == "draw":
            if len(args) > 1:
                raise InvalidInput("line", " ".join(tokens), "draw [CARD]")
            return table.drew(_card(args[0]) if args else None)
        if len(args) < 3:
            raise InvalidInput(
                "line", " ".join(tokens), "solve SEAT CASE DROPS right|wrong [new CASE] ..."
            )
        target = integer(args[0], "seat")
        case = _case(args[1])
        drops = integer(args[2], "drops")
        correct: bool | None = None
        new_case: bsi.Case | None = None
        revealed: list[bsi.Card] = []
        said: set[str] = set()
        rest = args[3:]
        i = 0
        while i < len(rest):
            word = rest[i].lower()
            part = (
                "right|wrong"
                if word in _VERDICTS
                else word
                if word in {"new", "revealed"}
                else None
            )
            if part is None:
                raise InvalidInput("solve", rest[i], "right, wrong, new CASE or revealed CARD ...")
            if part in said:
                raise InvalidInput(
                    "solve", rest[i], f"{part} said once", reason=f"{part} is said twice"
                )
            said.add(part)
            if part == "right|wrong":
                correct = _VERDICTS[word]
            elif part == "new":
                if i + 1 >= len(rest):
                    raise InvalidInput("new", "", "new CASE, e.g. new man/night/inside/gun")
                i += 1
                new_case = _case(rest[i], "new")
            else:
                while i + 1 < len(rest) and rest[i + 1].lower() not in {
                    "new",
                    "revealed",
                    *_VERDICTS,
                }:
                    i += 1
                    revealed.append(_card(rest[i], "revealed"))
                if not revealed:
                    raise InvalidInput(
                        "revealed", "", "revealed CARD ..., e.g. revealed man/day woman/knife"
                    )
            i += 1
        return table.attempt(
            target, case, drops, correct=correct, revealed=revealed, new_case=new_case
        )

    def words(self, investigation: Investigation) -> Iterable[str]:
        return [
            *_KEYWORDS,
            "right",
            "wrong",
            "new",
            "revealed",
            *(str(card) for card in bsi.CARDS),
            *_FIELD_WORDS,
        ]

    def show_clue(self, clue: Any) -> str:
        return str(clue)

    def show_action(self, action: Any) -> str:
        if isinstance(action, bsi.Play):
            return f"lay {action.card} at seat {action.target}"
        return str(action)

    def extra(self, investigation: Investigation) -> Any:
        table: bsi.Table = investigation  # type: ignore[assignment]
        hand = " ".join(str(c) for c in table.hand) or "-"
        lines = [f"Turn: seat {table.turn}. My hand: {hand}. Draw pile: {table.pile}."]
        scores = ", ".join(f"seat {s}: {p}" for s, p in table.scores().items())
        lines.append(f"Scores: {scores}.")
        if table.over:
            winners = ", ".join(str(s) for s in table.winners())
            lines.append(f"The game is over; the most points: seat {winners}.")
        elif table.turn == 0 and table.step == "attempt":
            best = table.best_attempt()
            if best is not None:
                lines.append(
                    f"Worth solving now: seat {best.target} is {best.case} "
                    f"({100 * best.probability:.0f}%, {best.points:.2f} points expected with "
                    f"the {best.drops}-drop card)."
                )
        return Text("\n".join(lines))


ADAPTER = BsiAdapter()
