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
import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from deduce.errors import Contradiction, InvalidInput
from deduce.games import bsi, crime_writers, kreuzverhoer, mastermind, thirteen_clues
from deduce.investigation import Investigation

# -- junk --------------------------------------------------------------------------------

SCALARS: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from([0.0, -0.0, 1.0, 2.0, 0.5, -1.5, math.nan, math.inf, -math.inf, 1e300]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.integers(-3, 8),
    st.integers(),
    st.sampled_from([2**63, -(2**64), 10**30]),
    st.sampled_from([1, -1]).map(lambda sign: sign * 10**5000),  # no repr: too many digits
    st.sampled_from(
        [
            np.int64(1),
            np.int64(0),
            np.int8(-1),
            np.uint64(2),
            np.int32(3),
            np.float64(1.0),
            np.float32(math.nan),
            np.bool_(True),
            np.bool_(False),
            np.str_("a"),
        ]
    ),
    st.builds(np.int64, st.integers(-5, 10)),
    st.text(max_size=12),
    st.sampled_from(["", " ", "\x00", "0", "1", "-1", "yes", "None", "nan", "ä" * 300, "*"]),
    st.binary(max_size=6),
    st.just(object()),
    st.just(Ellipsis),
)


def _arrays() -> st.SearchStrategy[Any]:
    return st.sampled_from(
        [
            np.array([1, 2]),
            np.array([]),
            np.array(["Ulm", "Köln"]),
            np.zeros((2, 2)),
            np.array(1),
            np.array([True, False]),
            np.array([math.nan]),
        ]
    )


JUNK: st.SearchStrategy[Any] = st.one_of(
    SCALARS,
    _arrays(),
    st.lists(SCALARS, max_size=3),
    st.lists(SCALARS, max_size=3).map(tuple),
    st.dictionaries(st.text(max_size=3), SCALARS, max_size=2),
    st.frozensets(st.integers(0, 3), max_size=3),
    st.sets(st.text(max_size=2), max_size=2),
    st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=2), max_leaves=4),
)


def junk_or(valid: Any) -> st.SearchStrategy[Any]:
    """``valid``, a value that looks like it (another type, case or container), or junk."""
    near: list[Any] = []
    if isinstance(valid, bool):
        near = [np.bool_(valid), int(valid), float(valid), str(valid)]
    elif isinstance(valid, int):
        near = [np.int64(valid), float(valid), str(valid), valid + 0.5, -valid - 1, [valid]]
    elif isinstance(valid, str):
        near = [valid.upper(), f" {valid} ", valid[:1], [valid], (valid,), np.str_(valid)]
    elif isinstance(valid, (list, tuple)):
        near = [np.array(valid), list(valid)[:1], [*valid, *valid], tuple(valid), set(valid)]
    return st.one_of(st.just(valid), st.sampled_from(near) if near else st.nothing(), JUNK)


# -- the checks --------------------------------------------------------------------------


def attempt(investigation: Investigation, call: Callable[[], Any]) -> Any:
    """Run ``call``: it must answer with a saveable investigation, InvalidInput or
    Contradiction, and leave ``investigation`` as it was."""
    before = investigation.to_json()
    try:
        result = call()
    except Contradiction as error:
        assert isinstance(error.conflict, tuple)
        result = None
    except InvalidInput as error:
        assert str(error)  # the message can be shown
        result = None
    assert investigation.to_json() == before
    if isinstance(result, Investigation):
        saved = result.to_json()
        assert type(result).from_json(saved) == result
    return result


@dataclasses.dataclass(frozen=True)
class Call:
    """A public method and a valid way to call it."""

    method: str
    args: tuple[Any, ...] = ()
    kwargs: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        return self.method


@functools.cache
def starts() -> dict[str, Investigation]:
    """A small investigation of every game, at a point where each call below is valid."""
    kv = kreuzverhoer.Investigation().questioning("Mord", "Ulm", "Ede K.", "Gift", 1)
    return {
        "mastermind": mastermind.Investigation(3, 4),
        "bsi": bsi.Investigation(),
        "kreuzverhoer": kv,
        "thirteen_clues": thirteen_clues.Investigation(
            3,
            hand=("Duke", "Park"),
            puzzles={1: ("Officer", "Parlor", "Knife"), 2: ("Butcher", "Harbor", "Sword")},
        ),
        "crime_writers": crime_writers.Investigation(crime_writers.Deck.example()),
        "bsi table": bsi.Table(
            2, case="man/day/inside/knife", hand=["woman/knife", "man/gun", "day/gun"]
        ).played("woman/knife", 1, "0/1"),
    }


CALLS: list[tuple[str, Call]] = [
    ("mastermind", Call("guess", ("112", 1, 0))),
    ("mastermind", Call("guess", ((1, 1, 2), 1, 1))),
    ("bsi", Call("played", ("woman/night/outside/gun", "0/1"))),
    ("bsi", Call("played", ("woman/knife", 2))),
    ("bsi", Call("seen", ("man/day/inside/knife",))),
    ("bsi", Call("failed_attempt", ("man/day/inside/gun",))),
    ("kreuzverhoer", Call("questioning", ("Mord", "Berlin", "Juri L.", "Messer", 1))),
    ("kreuzverhoer", Call("single_interrogation", ("Einbruch",))),
    ("kreuzverhoer", Call("investigators_on_site", (["Messer", "Axt*"],))),
    ("kreuzverhoer", Call("investigators_on_site", (None,))),
    ("kreuzverhoer", Call("confrontation", (False,))),
    ("kreuzverhoer", Call("informant", (["Berlin", "Köln*"],))),
    ("kreuzverhoer", Call("profiler", ("Juri L.",))),
    ("kreuzverhoer", Call("ruled_out", (), (("weapon", "Messer"),))),
    ("kreuzverhoer", Call("ruled_out", (), (("scene", ["Berlin", "Köln*"]), ("card", None)))),
    ("kreuzverhoer", Call("confirmed", (), (("suspect", "Ede K."),))),
    ("kreuzverhoer", Call("defence", ("alibi",), (("blocks", "confrontation"),))),
    ("thirteen_clues", Call("question", (0, 1, "red", 1))),
    ("thirteen_clues", Call("informant", ("Market",))),
    ("thirteen_clues", Call("accused", ("Officer", "Market", "Knife"))),
    ("crime_writers", Call("answer", ("how", "object", "yes"))),
    ("crime_writers", Call("answer", ("who", "Butler", "no"))),
    ("crime_writers", Call("found", ("how", "Poison"), (("invented", False),))),
    ("crime_writers", Call("seen", ("Butler", "Poison"), (("stack", None),))),
    ("crime_writers", Call("asked", ("who", "Night watchman?", "almost"))),
    ("crime_writers", Call("drawn", ("how", "poison"))),
    ("bsi table", Call("drew", ("man/day",))),
    ("bsi table", Call("attempt", (1, "woman/night/outside/gun", 1), (("correct", False),))),
]


def _valid(game: str, call: Call) -> Any:
    investigation = starts()[game]
    return getattr(investigation, call.method)(*call.args, **dict(call.kwargs))


@pytest.mark.parametrize(("game", "call"), CALLS, ids=[f"{g}.{c}" for g, c in CALLS])
def test_each_call_is_valid_as_written(game: str, call: Call) -> None:
    result = attempt(starts()[game], lambda: _valid(game, call))
    assert isinstance(result, Investigation)  # the table above is right


def _mutated_call(call: Call) -> st.SearchStrategy[tuple[list[Any], dict[str, Any]]]:
    """The call's arguments, each kept, replaced by a look-alike or by junk. (A call with
    the wrong number of arguments is Python's TypeError, as for any function.)"""
    args = [junk_or(a) for a in call.args]
    kwargs = {k: junk_or(v) for k, v in call.kwargs}
    return st.tuples(st.tuples(*args).map(list), st.fixed_dictionaries(kwargs))


def _junk_into_calls(game: str, call: Call, data: st.DataObject) -> None:
    investigation = starts()[game]
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
    table = starts()["bsi table"]
    attempt(table, lambda: table.attempt(target, "woman/night/outside/gun", 1, correct=False))


# -- observe: clue objects with junk fields ------------------------------------------------


def _junk_clue(game: str, call: Call, data: st.DataObject) -> None:
    investigation = starts()[game]
    clue = _valid(game, call).clues[-1]
    fields = {f.name: getattr(clue, f.name) for f in dataclasses.fields(clue)}
    names = data.draw(st.lists(st.sampled_from(sorted(fields)), min_size=1, unique=True))
    for name in names:
        fields[name] = data.draw(junk_or(fields[name]), label=name)
    kind = type(clue)
    attempt(investigation, lambda: investigation.observe(kind(**fields)))


OBSERVED = [(g, c) for g, c in CALLS if c.method not in {"ruled_out"}]


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
