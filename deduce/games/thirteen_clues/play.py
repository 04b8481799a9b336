"""``deduce play thirteen-clues``: my puzzle in 13 Indizien, from every question at the table."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from rich.table import Table

from deduce.errors import InvalidInput
from deduce.games import thirteen_clues as tc
from deduce.games.thirteen_clues.cards import check_players
from deduce.investigation import Investigation
from deduce.play.adapter import Adapter, Question, choose, integer, word

__all__ = ["ADAPTER", "ThirteenCluesAdapter"]

_KEYWORDS = ("ask", "q", "informant", "accused")
_MAX_PLAYERS = 6


def _card_names(players: int) -> list[str]:
    return [card.name for card in tc.cards_in_play(players)]


class ThirteenCluesAdapter(Adapter):
    """Clue lines for the questions at the table, the informant and wrong accusations."""

    name = "thirteen-clues"
    title = "13 Indizien"
    investigation_type = tc.Investigation
    strategy = "entropy"
    syntax = """
  ask WITNESS ABOUT N [left|right]      I asked seat WITNESS how many cards of ABOUT they
                                        see; the answer was N (e.g.  ask 2 red 1)
  q ASKER WITNESS ABOUT N [left|right]  seat ASKER asked seat WITNESS; the answer was N
                                        (every question at the table tells me something)
  informant CARD                        the secret informant showed me CARD
  accused PERSON LOCATION WEAPON        my accusation of this puzzle was wrong
I am seat 0; the others are numbered clockwise from my left, 1, 2, ...
ABOUT is a colour in play, person|location|weapon, or man|woman|indoors|outdoors|
melee|ranged. With two players, name the hidden card the witness answers for (left or
right). Card names may be shortened to a unique start.
"""

    def questions(self, answers: Mapping[str, Any]) -> Sequence[Question]:
        asked = [
            Question(
                "players",
                "Players (2-6)",
                "4",
                lambda t: check_players(integer(t, "players")),
                ("2", "3", "4", "5", "6"),
            )
        ]
        players = answers.get("players")
        if players is None:
            return asked
        names = _card_names(players)
        words = tuple(word(n) for n in names)

        def cards(text: str, argument: str, count: int) -> tuple[str, ...]:
            parts = text.replace(",", " ").split()
            if len(parts) != count:
                raise InvalidInput(
                    argument, text, f"{count} card names, e.g. {' '.join(names[:count])}"
                )
            return tuple(choose(p, names, argument) for p in parts)

        asked.append(
            Question(
                "hand",
                "My two hidden cards (left right)",
                None,
                lambda t: cards(t, "hand", 2),
                words,
            )
        )
        for seat in range(1, players):
            asked.append(
                Question(
                    f"seat{seat}",
                    f"The puzzle in front of seat {seat} (person location weapon)",
                    None,
                    functools.partial(cards, argument=f"seat{seat}", count=3),
                    words,
                )
            )
        return asked

    def setup_keys(self) -> set[str]:
        return {"players", "hand", *(f"seat{s}" for s in range(1, _MAX_PLAYERS))}

    def start(self, answers: dict[str, Any]) -> Investigation:
        players = answers["players"]
        puzzles = {s: answers[f"seat{s}"] for s in range(1, players)}
        return tc.Investigation(players, answers["hand"], puzzles)

    def commands(self) -> dict[str, tuple[str, Callable[[Investigation, list[str]], Any]]]:
        return {
            "where": ("where every card can be (the investigation sheet)", self._where),
            "accuse": ("the best accusation now and its probability", self._accuse),
        }

    def _where(self, investigation: Investigation, words: list[str]) -> Any:
        inv: tc.Investigation = investigation  # type: ignore[assignment]
        places: list[Any] = ["mine", *range(1, inv.players), "informant"]
        table = Table("card", *[f"seat {p}" if isinstance(p, int) else p for p in places], box=None)
        for card, where in inv.card_locations().items():
            if "seen" in where or 0 in where:
                continue
            table.add_row(card, *[f"{100 * where[p]:.0f}%" if p in where else "" for p in places])
        return table

    def _accuse(self, investigation: Investigation, words: list[str]) -> Any:
        inv: tc.Investigation = investigation  # type: ignore[assignment]
        best = inv.accusation()
        sure = "certain" if best.certain else f"{100 * best.probability:.1f}% likely"
        return f"Accuse {best.puzzle}: {sure}."

    def apply(self, investigation: Investigation, tokens: list[str]) -> Investigation:
        inv: tc.Investigation = investigation  # type: ignore[assignment]
        verb = choose(tokens[0], _KEYWORDS, "clue")
        args = tokens[1:]
        players = inv.players
        names = _card_names(players)
        if verb in {"ask", "q"}:
            shape = (
                "ask WITNESS ABOUT N [left|right]"
                if verb == "ask"
                else "q ASKER WITNESS ABOUT N [left|right]"
            )
            head = 3 if verb == "ask" else 4
            if len(args) not in (head, head + 1):
                raise InvalidInput("line", " ".join(tokens), shape)
            asker = 0 if verb == "ask" else integer(args[0], "asker")
            rest = args if verb == "ask" else args[1:]
            witness = integer(rest[0], "witness")
            about = choose(rest[1], tc.attributes(players), "about")
            answer = integer(rest[2], "answer")
            side = choose(rest[3], ("left", "right"), "side") if len(rest) == 4 else None
            return inv.question(asker, witness, about, answer, side)
        if verb == "informant":
            if len(args) != 1:
                raise InvalidInput("line", " ".join(tokens), "informant CARD")
            return inv.informant(choose(args[0], names, "card"))
        if len(args) != 3:
            raise InvalidInput("line", " ".join(tokens), "accused PERSON LOCATION WEAPON")
        person, location, weapon = (choose(a, names, "card") for a in args)
        return inv.accused(person, location, weapon)

    def words(self, investigation: Investigation) -> Iterable[str]:
        inv: tc.Investigation = investigation  # type: ignore[assignment]
        return [
            *_KEYWORDS,
            "left",
            "right",
            *tc.attributes(inv.players),
            *(word(n) for n in _card_names(inv.players)),
        ]

    def show_clue(self, clue: Any) -> str:
        if isinstance(clue, tc.Question):
            side = f" ({clue.side} card)" if clue.side else ""
            who = "I asked" if clue.asker == 0 else f"seat {clue.asker} asked"
            return f"{who} seat {clue.witness} about {clue.about}{side}: {clue.answer}"
        return str(clue)

    def show_action(self, action: Any) -> str:
        if isinstance(action, tc.Ask):
            side = f" {action.side}" if action.side else ""
            return f"ask {action.witness} {action.about}{side}"
        if isinstance(action, tc.Peek):
            return "consult the informant"
        return str(action)


ADAPTER = ThirteenCluesAdapter()
