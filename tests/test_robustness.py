"""Junk into every public clue method and ``observe`` of every game.

Whatever a caller passes, the answer is a new investigation that can be saved and read
back, :class:`~deduce.InvalidInput` or :class:`~deduce.Contradiction`, and the
investigation called stays exactly as it was. The fast tests run with every ``pytest``;
the ``slow`` ones (``make test``) try many more values.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from deduce.core import registry
from deduce.errors import InvalidInput
from deduce.games import mastermind
from deduce.investigation import Investigation
from deduce.testing import junk, junk_or
from deduce.testing.robustness import attempt, clue_methods

JUNK = junk()

# -- the checks --------------------------------------------------------------------------


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
    ("bsi:Table", Call("drew", ("man/night",), (), LAID)),
    ("bsi:Table", Call("attempt", (1, "woman/day/outside/gun", 1), (("correct", False),), LAID)),
]


def test_every_clue_method_of_every_game_has_a_valid_call() -> None:
    """The table covers every public clue method that the conformance suite finds in the
    games it lists (any other game is covered by ``check_game`` in test_conformance)."""
    listed = {game for game, _ in CALLS}
    methods = {
        (game, method)
        for game, inv in starts().items()
        if game in listed
        for method in clue_methods(type(inv))
    }
    called = {(game, call.method) for game, call in CALLS} | {
        (game, call.method) for game, c in CALLS for call in c.after
    }
    assert methods - {("bsi:Table", "reshuffled")} <= called


def _valid(game: str, call: Call) -> Any:
    return call.on(state(game, call.after))


@pytest.mark.parametrize(("game", "call"), CALLS, ids=[f"{g}.{c}" for g, c in CALLS])
def test_each_call_is_valid_as_written(game: str, call: Call) -> None:
    result = attempt(state(game, call.after), lambda: _valid(game, call))
    assert isinstance(result, Investigation)  # the table above is right


def _mutated_call(call: Call) -> st.SearchStrategy[tuple[list[Any], dict[str, Any]]]:
    """The call's arguments, each kept, replaced by a look-alike or by junk. (A call with
    the wrong number of arguments is Python's TypeError, as for any function.)"""
    args = [junk_or(a) for a in call.args]
    kwargs = {k: junk_or(v) for k, v in call.kwargs}
    return st.tuples(st.tuples(*args).map(list), st.fixed_dictionaries(kwargs))


def _junk_into_calls(game: str, call: Call, data: st.DataObject) -> None:
    investigation = state(game, call.after)
    args, kwargs = data.draw(_mutated_call(call))
    attempt(investigation, lambda: getattr(investigation, call.method)(*args, **kwargs))


@pytest.mark.parametrize(("game", "call"), CALLS, ids=[f"{g}.{c}" for g, c in CALLS])
@given(data=st.data())
def test_junk_into_clue_methods(game: str, call: Call, data: st.DataObject) -> None:
    _junk_into_calls(game, call, data)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "call"), CALLS, ids=[f"{g}.{c}" for g, c in CALLS])
@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_junk_into_clue_methods_at_length(game: str, call: Call, data: st.DataObject) -> None:
    _junk_into_calls(game, call, data)


@given(target=junk_or(1))
@example(target=np.array([1, 2]))  # found by the fuzz suite: numpy's "truth value ... ambiguous"
@example(target=np.array(0))
@example(target=np.bool_(False))
def test_junk_as_the_target_of_a_bsi_attempt(target: Any) -> None:
    table: Any = state("bsi:Table", LAID)
    attempt(table, lambda: table.attempt(target, "woman/day/outside/gun", 1, correct=False))


# -- observe: clue objects with junk fields ------------------------------------------------


def _junk_clue(game: str, call: Call, data: st.DataObject) -> None:
    investigation = state(game, call.after)
    clue = _valid(game, call).clues[-1]
    fields = {f.name: getattr(clue, f.name) for f in dataclasses.fields(clue)}
    names = data.draw(st.lists(st.sampled_from(sorted(fields)), min_size=1, unique=True))
    for name in names:
        fields[name] = data.draw(junk_or(fields[name]), label=name)
    kind = type(clue)
    attempt(investigation, lambda: investigation.observe(kind(**fields)))


OBSERVED = [(g, c) for g, c in CALLS if c.method not in {"ruled_out", "passed", "next_round"}]


@pytest.mark.parametrize(("game", "call"), OBSERVED, ids=[f"{g}.{c}" for g, c in OBSERVED])
@given(data=st.data())
def test_observe_clues_with_junk_fields(game: str, call: Call, data: st.DataObject) -> None:
    _junk_clue(game, call, data)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "call"), OBSERVED, ids=[f"{g}.{c}" for g, c in OBSERVED])
@settings(max_examples=120, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_observe_clues_with_junk_fields_at_length(
    game: str, call: Call, data: st.DataObject
) -> None:
    _junk_clue(game, call, data)


GAMES = sorted(starts())


@pytest.mark.parametrize("game", GAMES)
@given(clue=JUNK)
def test_observe_junk(game: str, clue: Any) -> None:
    investigation = starts()[game]
    attempt(investigation, lambda: investigation.observe(clue))


# -- the questions every investigation answers ---------------------------------------------


def _ask(game: str, data: st.DataObject) -> None:
    investigation = starts()[game]
    field = data.draw(st.one_of(st.sampled_from(sorted(investigation.marginals())), JUNK))
    questions: dict[str, Callable[[], Any]] = {
        "why": lambda: investigation.why(field, data.draw(JUNK, label="value")),
        "explain": lambda: investigation.explain(data.draw(JUNK, label="facts")),
        "recommend": lambda: investigation.recommend(
            top=data.draw(junk_or(1), label="top"),
            strategy=data.draw(junk_or("entropy"), label="strategy"),
        ),
        "best": lambda: investigation.best(data.draw(junk_or("minimax"), label="strategy")),
        "ranked": lambda: investigation.ranked(data.draw(junk_or(2), label="limit")),
        "check_strategy": lambda: investigation.check_strategy(data.draw(JUNK, label="name")),
    }
    name = data.draw(st.sampled_from(sorted(questions)), label="question")
    before = investigation.to_json()
    with contextlib.suppress(InvalidInput):
        questions[name]()
    assert investigation.to_json() == before


@pytest.mark.parametrize("game", GAMES)
@given(data=st.data())
def test_junk_into_questions(game: str, data: st.DataObject) -> None:
    _ask(game, data)


def test_numpy_integers_are_plain_ints_once_accepted() -> None:
    inv = mastermind.Investigation().guess("1122", np.int64(1), np.int64(0))
    assert inv.clues[-1].black == 1 and type(inv.clues[-1].black) is int
    assert mastermind.Investigation.from_json(inv.to_json()) == inv


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("junk", [np.array(["turn", "entropy"]), np.array([]), ["entropy"], None])
def test_an_array_is_no_strategy_name(game: str, junk: object) -> None:
    with pytest.raises(InvalidInput):
        starts()[game].check_strategy(junk)  # type: ignore[arg-type]
