"""``deduce play thirteen-clues``: my puzzle in 13 Indizien, from every question at the table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from deduce.errors import InvalidInput
from deduce.games import thirteen_clues as tc
from deduce.games.thirteen_clues.manifest import GAME
from deduce.investigation import Investigation
from deduce.play.adapter import Adapter
from deduce.play.grammar import Arg, Context, Grammar, Integer, Name, Question, Rows, Several, Verb

__all__ = ["ADAPTER", "GRAMMAR", "ThirteenCluesAdapter"]

_MAX_PLAYERS = 6
_PUZZLES = (  # example answers, all different cards
    "Duke Park Gun",
    "Nurse Plaza Rifle",
    "Maid Museum Sword",
    "Butcher Library Poison",
    "Dancer Theater Blowgun",
)


def _players(context: Context) -> int:
    if context.investigation is not None:
        return int(context.investigation.players)
    return int(context.values.get("players", _MAX_PLAYERS))


def _card_names(context: Context) -> Sequence[str]:
    return [card.name for card in tc.cards_in_play(_players(context))]


def _abouts(context: Context) -> Sequence[str]:
    return tc.attributes(_players(context))


def _check_cards(answers: Mapping[str, Any]) -> None:
    """Every card is given once: the problems name each card given twice and where."""
    places = {"hand": "your hand", **{f"seat_{s}": f"seat {s}'s puzzle" for s in range(1, 6)}}
    seen: dict[str, str] = {}
    problems = []
    last = list(answers)[-1]
    for name, where in places.items():
        for card in answers.get(name, ()):
            if card in seen:
                if name == last and seen[card] != "this answer":
                    problems.append(f"{card} is already in {seen[card]}")
            else:
                seen[card] = "this answer" if name == last else where
    repeated = [c for c in answers[last] if list(answers[last]).count(c) > 1]
    problems.extend(f"{c} is given twice" for c in dict.fromkeys(repeated))
    if problems:
        raise InvalidInput(
            last,
            " ".join(answers[last]),
            "cards not given before",
            reason="; ".join(dict.fromkeys(problems)),
        )


def _seat_question(seat: int) -> Question:
    return Question(
        f"seat_{seat}",
        Several(Name(_card_names), 3),
        f"the puzzle in front of seat {seat}: person location weapon",
        example=_PUZZLES[seat - 1],
        check=_check_cards,
        when=lambda answers: int(answers["players"]) > seat,
    )


def _ask(inv: tc.Investigation, v: dict[str, Any]) -> tc.Investigation:
    return inv.question(v.get("asker", 0), v["witness"], v["about"], v["n"], v.get("side"))


def _where(inv: tc.Investigation, v: dict[str, Any]) -> Rows:
    places: list[Any] = ["mine", *range(1, inv.players), "informant"]
    rows = []
    for card, where in inv.card_locations().items():
        if "seen" in where or 0 in where:
            continue
        rows.append((card, *[f"{100 * where[p]:.0f}%" if p in where else "" for p in places]))
    header = ("card", *[f"seat {p}" if isinstance(p, int) else p for p in places])
    return Rows(header, tuple(rows))


def _accuse(inv: tc.Investigation, v: dict[str, Any]) -> str:
    best = inv.accusation()
    sure = "certain" if best.certain else f"{100 * best.probability:.1f}% likely"
    return f"Accuse {best.puzzle}: {sure}."


_SEAT = Integer(0, lambda c: _players(c) - 1)
_WITNESS = Integer(1, lambda c: _players(c) - 1)
_SIDE = Name(("left", "right"))
_CARD = Name(_card_names)

GRAMMAR = Grammar(
    verbs=(
        Verb(
            ("ask",),
            (
                Arg("WITNESS", _WITNESS),
                Arg("ABOUT", Name(_abouts)),
                Arg("N", Integer(0, 13)),
                Arg("left|right", _SIDE, optional=True, store="side"),
            ),
            "I asked seat WITNESS how many cards of ABOUT they see; the answer was N",
            ("ask 2 red 1",),
            _ask,
        ),
        Verb(
            ("q",),
            (
                Arg("ASKER", _SEAT),
                Arg("WITNESS", Integer(0, lambda c: _players(c) - 1)),
                Arg("ABOUT", Name(_abouts)),
                Arg("N", Integer(0, 13)),
                Arg("left|right", _SIDE, optional=True, store="side"),
            ),
            "seat ASKER asked seat WITNESS; the answer was N (every question at the table\n"
            "tells me something)",
            ("q 1 3 woman 1",),
            _ask,
        ),
        Verb(
            ("informant",),
            (Arg("CARD", _CARD),),
            "the secret informant showed me CARD",
            ("informant Knife",),
            lambda inv, v: inv.informant(v["card"]),
        ),
        Verb(
            ("accused",),
            (Arg("PERSON", _CARD), Arg("LOCATION", _CARD), Arg("WEAPON", _CARD)),
            "my accusation of this puzzle was wrong",
            ("accused Officer Parlor Knife",),
            lambda inv, v: inv.accused(v["person"], v["location"], v["weapon"]),
        ),
        Verb(
            ("where",),
            (),
            "where every card can be (the investigation sheet)",
            ("where",),
            _where,
            command=True,
        ),
        Verb(
            ("accuse",),
            (),
            "the best accusation now and its probability",
            ("accuse",),
            _accuse,
            command=True,
        ),
    ),
    notes="I am seat 0; the others are numbered clockwise from my left, 1, 2, ...\n"
    "ABOUT is a colour in play, person|location|weapon, or man|woman|indoors|outdoors|\n"
    "melee|ranged. With two players, name the hidden card the witness answers for (left or\n"
    "right). Card names may be shortened to a unique start.",
    setup=(
        Question("players", Integer(2, _MAX_PLAYERS), "at the table, 2 to 6", "4"),
        Question(
            "hand",
            Several(_CARD, 2),
            "your two hidden cards, left right",
            example="Officer Parlor",
            check=_check_cards,
        ),
        *(_seat_question(seat) for seat in range(1, _MAX_PLAYERS)),
    ),
    setup_note="You are seat 0; the others are numbered clockwise from your left: 1, 2, ...",
)


class ThirteenCluesAdapter(Adapter):
    """Clue lines for the questions at the table, the informant and wrong accusations."""

    declaration = GAME
    investigation_type = tc.Investigation
    grammar = GRAMMAR

    def start(self, answers: Mapping[str, Any]) -> Investigation:
        players = answers["players"]
        puzzles = {s: answers[f"seat_{s}"] for s in range(1, players)}
        return tc.Investigation(players, answers["hand"], puzzles)

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
