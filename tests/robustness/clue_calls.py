"""Every public clue method of every game, each with a valid call: the calls that the
robustness tests mutate, and the samples they start from."""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from deduce.core import registry
from deduce.investigation import Investigation


@dataclasses.dataclass(frozen=True)
class Call:
    """A public method and a valid way to call it (after the calls ``after``)."""

    method: str
    args: tuple[Any, ...] = ()
    kwargs: tuple[tuple[str, Any], ...] = ()
    after: tuple[Call, ...] = ()

    def __str__(self) -> str:
        return self.method

    def on(self, investigation: Investigation) -> Any:
        """The call on ``investigation``."""
        return getattr(investigation, self.method)(*self.args, **dict(self.kwargs))


@functools.cache
def starts() -> dict[str, Investigation]:
    """The sample investigation of every kind of every game, by ``game`` or ``game:Kind``."""
    found = {}
    for declaration in registry.declarations():
        for kind in declaration.kind_names:
            main = kind == declaration.kind_names[0]
            found[declaration.name if main else f"{declaration.name}:{kind}"] = declaration.sample(
                kind
            )
    return found


@functools.cache
def state(game: str, after: tuple[Call, ...]) -> Investigation:
    """The sample of ``game`` after the calls ``after``."""
    investigation = starts()[game]
    for call in after:
        investigation = call.on(investigation)
    return investigation


ASKED = (Call("questioning", ("Mord", "Ulm", "Ede K.", "Gift", 1)),)
LAID = (Call("played", ("woman/knife", 1, "0/1")),)
MY_TURN = (
    Call("questioning", ("Mord", "Berlin", "Juri L.", "Messer", 1)),
    Call("profiler", ("Juri L.",)),
)
THEIR_TURN = (
    *MY_TURN,
    Call("drew", ("alibi",)),
    Call("asked", ("Mord", "Berlin", "Ede K.", "Messer")),
)
THEIR_CARD = (*THEIR_TURN, Call("their_card", ("confrontation",)))
ASKED_13 = (Call("question", (1, 0, "red", 0, "right")),)


def holding(card: str) -> tuple[Call, ...]:
    """The sample Kreuzverhör table in my second questioning, ``card`` drawn for it."""
    return (
        *MY_TURN,
        Call("drew", (card,)),
        Call("asked", ("Mord", "Berlin", "Ede K.", "Messer")),
        Call("questioning", ("Mord", "Ulm", "Ede K.", "Gift", 1)),
    )


SHOWN_TO_ME = (("shown_by", "Ann"), ("card", "Dagger"))
STORY = {"who": "Butler", "whom": "Heiress", "why": "Greed", "where": "Library"}
STORY_FOUND = tuple(Call("found", item) for item in [*STORY.items(), ("how", "Screwdriver")])

CALLS: list[tuple[str, Call]] = [
    ("mastermind", Call("guess", ("112", 1, 0))),
    ("mastermind", Call("guess", ((1, 1, 2), 1, 1))),
    ("bsi", Call("played", ("woman/night/outside/gun", "0/1"))),
    ("bsi", Call("played", ("woman/knife", 2))),
    ("bsi", Call("seen", ("man/day/inside/knife",))),
    ("bsi", Call("failed_attempt", ("man/day/inside/gun",))),
    ("kreuzverhoer", Call("questioning", ("Mord", "Berlin", "Juri L.", "Messer", 1), (), ASKED)),
    ("kreuzverhoer", Call("single_interrogation", ("Einbruch",), (), ASKED)),
    ("kreuzverhoer", Call("investigators_on_site", (["Messer", "Axt*"],), (), ASKED)),
    ("kreuzverhoer", Call("investigators_on_site", (None,), (), ASKED)),
    ("kreuzverhoer", Call("confrontation", (False,), (), ASKED)),
    ("kreuzverhoer", Call("informant", (["Berlin", "Köln*"],), (), ASKED)),
    ("kreuzverhoer", Call("profiler", ("Juri L.",), (), ASKED)),
    ("kreuzverhoer", Call("ruled_out", (), (("weapon", "Messer"),), ASKED)),
    (
        "kreuzverhoer",
        Call("ruled_out", (), (("scene", ["Berlin", "Köln*"]), ("card", None)), ASKED),
    ),
    ("kreuzverhoer", Call("confirmed", (), (("suspect", "Ede K."),), ASKED)),
    ("kreuzverhoer", Call("defence", ("alibi",), (("blocks", "confrontation"),), ASKED)),
    ("thirteen-clues", Call("question", (0, 1, "red", 1))),
    ("thirteen-clues", Call("informant", ("Market",))),
    ("thirteen-clues", Call("accused", ("Officer", "Market", "Knife"))),
    ("crime-writers", Call("answer", ("how", "object", "yes"))),
    ("crime-writers", Call("answer", ("who", "Butler", "no"))),
    ("crime-writers", Call("found", ("how", "Poison"), (("invented", False),))),
    ("crime-writers", Call("seen", ("Butler", "Poison"), (("stack", None),))),
    ("crime-writers", Call("asked", ("who", "Night watchman?", "almost"))),
    ("crime-writers", Call("drawn", ("how", "poison"))),
    ("crime-writers:Table", Call("ask", ("how", "object", "yes"))),
    ("crime-writers:Table", Call("ask", ("whom", "Harbour master", "yes"))),
    ("crime-writers:Table", Call("clock", (75,))),
    ("crime-writers:Table", Call("passed")),
    ("crime-writers:Table", Call("answer", ("who", "Butler", "no"))),
    ("crime-writers:Table", Call("asked", ("who", "Night watchman?", "almost"))),
    ("crime-writers:Table", Call("found", ("where", "Library"), (("invented", False),))),
    ("crime-writers:Table", Call("drawn", ("why", "greed"))),
    ("crime-writers:Table", Call("seen", ("Gardener",), (("stack", None),))),
    ("crime-writers:Table", Call("next_round", (), (), STORY_FOUND)),
    ("kreuzverhoer:Table", Call("questioning", ("Mord", "Berlin", "Juri L.", "Messer", 1))),
    ("kreuzverhoer:Table", Call("profiler", ("Juri L.",), (), MY_TURN[:1])),
    ("kreuzverhoer:Table", Call("exchanged", ("profiler", "alibi"), (), MY_TURN[:1])),
    ("kreuzverhoer:Table", Call("confrontation", (False,), (), holding("confrontation"))),
    ("kreuzverhoer:Table", Call("informant", (["Berlin", "Köln*"],), (), holding("informant"))),
    (
        "kreuzverhoer:Table",
        Call("investigators_on_site", (None,), (), holding("investigators_on_site")),
    ),
    (
        "kreuzverhoer:Table",
        Call("single_interrogation", ("Einbruch",), (), holding("single_interrogation")),
    ),
    (
        "kreuzverhoer:Table",
        Call("defence", ("alibi",), (("blocks", "confrontation"),), holding("confrontation")),
    ),
    (
        "kreuzverhoer:Table",
        Call("swapped", ("lawyer", "alibi"), (), (*MY_TURN, Call("defence", ("mole",)))),
    ),
    ("kreuzverhoer:Table", Call("drew", ("alibi",), (), MY_TURN)),
    ("kreuzverhoer:Table", Call("ruled_out", (), (("weapon", "Messer"),), MY_TURN[:1])),
    ("kreuzverhoer:Table", Call("confirmed", (), (("suspect", "Ede K."),), MY_TURN[:1])),
    (
        "kreuzverhoer:Table",
        Call("asked", ("Mord", "Berlin", "Ede K.", "Messer"), (), THEIR_TURN[:-1]),
    ),
    ("kreuzverhoer:Table", Call("their_card", ("confrontation",), (), THEIR_TURN)),
    ("kreuzverhoer:Table", Call("answered", (), (), THEIR_CARD)),
    ("kreuzverhoer:Table", Call("defended", ("alibi",), (), THEIR_CARD)),
    ("thirteen-clues:Table", Call("question", (1, 0, "red", 0, "right"))),
    ("thirteen-clues:Table", Call("informant", ("Market",), (), ASKED_13)),
    ("thirteen-clues:Table", Call("consulted", (1,))),
    ("thirteen-clues:Table", Call("accused", ("Officer", "Market", "Knife"), (), ASKED_13)),
    ("thirteen-clues:Table", Call("charged", (1,), (("right", False),))),
    ("cluedo", Call("suggestion", ("me", "Plum", "Dagger", "Hall"), SHOWN_TO_ME)),
    ("cluedo", Call("suggestion", ("Ann", "White", "Spanner", "Study"), (("shown_by", "Bob"),))),
    ("cluedo", Call("accused", ("Bob", "Plum", "Dagger", "Lounge"))),
    ("cluedo", Call("seen", ("Ann", "Study"))),
    ("bsi:Table", Call("drew", ("man/night",), (), LAID)),
    ("bsi:Table", Call("attempt", (1, "woman/day/outside/gun", 1), (("correct", False),), LAID)),
]
