"""Every bad input gets InvalidInput naming the argument, the value and the choices."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import deduce
from deduce.core.space import distinct_rows
from deduce.core.strategy import partition
from deduce.games import bsi, crime_writers, kreuzverhoer
from deduce.games.mastermind import Game, Investigation
from deduce.model import Model
from deduce.testing import invalid_input

MM = Investigation()


def _model() -> Model:
    m = Model()
    m.variable("x", [1, 2])
    return m


CASES: list[tuple[str, Callable[[], Any], str, str]] = [
    ("pegs zero", lambda: Game(0, 6), "pegs", "from 1 to 8"),
    ("pegs text", lambda: Game("4", 6), "pegs", "from 1 to 8"),  # type: ignore[arg-type]
    ("colours one", lambda: Game(4, 1), "colours", "from 2 to 9"),
    ("too many codes", lambda: Game(8, 9), "pegs", "at most"),
    ("black_only not bool", lambda: Game(black_only=1), "black_only", "True or False"),  # type: ignore[arg-type]
    ("code too long", lambda: MM.guess("11223", black=0, white=0), "code", "4 digits"),
    ("code digit 7", lambda: MM.guess("1127", black=0, white=0), "code", "from 1 to 6"),
    ("code tuple range", lambda: MM.guess((0, 0, 6, 0), black=0, white=0), "code", "ints"),
    ("black 5", lambda: MM.guess("1122", black=5, white=0), "black", "from 0 to 4"),
    ("white missing", lambda: MM.guess("1122", black=1), "white", "from 0 to 3"),
    ("black+white > pegs", lambda: MM.guess("1122", black=3, white=2), "white", "0 to 1"),
    ("3 black 1 white", lambda: MM.guess("1234", black=3, white=1), "clue", "some solution"),
    (
        "white in black-only",
        lambda: Game(black_only=True).investigation().guess("1122", 1, 0),
        "white",
        "None",
    ),
    ("top zero", lambda: MM.recommend(top=0), "top", "at least 1"),
    ("unknown strategy", lambda: MM.recommend(strategy="best"), "strategy", "'minimax'"),
    (
        "simulate strategy",
        lambda: deduce.simulate(Game(2, 2), "best"),
        "strategy",
        "'entropy'",
    ),
    ("simulate game", lambda: deduce.simulate(42), "game", "investigation()"),
    (
        "simulate secret",
        lambda: deduce.simulate(Game(2, 2), secrets=["33"]),
        "code",
        "digits",
    ),
    ("not a clue", lambda: MM.observe("1122"), "clue", "Guess"),
    ("json garbage", lambda: Investigation.from_json("{not json"), "text", "JSON"),
    ("json not a save", lambda: Investigation.from_json("[1, 2]"), "text", "format"),
    (
        "json other game",
        lambda: Investigation.from_json('{"format": 1, "game": "chess"}'),
        "game",
        "'mastermind'",
    ),
    (
        "json bad clue",
        lambda: Investigation.from_json(
            '{"format": 1, "game": "mastermind", "config": {"pegs": 4, "colours": 6, '
            '"black_only": false}, "clues": [{"type": "Move"}]}'
        ),
        "clue type",
        "Guess",
    ),
    (
        "json bad config",
        lambda: Investigation.from_json(
            '{"format": 1, "game": "mastermind", "config": {"pegs": 4, "hue": 6}, "clues": []}'
        ),
        "config",
        "set-up",
    ),
    ("model duplicate", lambda: _model().variable("x", [1]), "name", "new"),
    ("model empty domain", lambda: Model().variable("y", []), "domain", "at least one"),
    ("model unknown var", lambda: _model().constraint(lambda z: True, ["z"]), "variables", "'x'"),
    ("model outcome", lambda: _with_query().answer("odd", 3), "outcome", "True"),
    ("model query", lambda: _with_query().answer("even", True), "query", "'odd'"),
    ("model fact value", lambda: _with_query().fact("x", 9), "x", "1, 2"),
    ("model possible", lambda: _with_query().possible(x=7), "x", "1, 2"),
    (
        "space solution",
        lambda: deduce.Space(("a",), ((0,),), [[0]], solution=("b",)),
        "solution",
        "subset",
    ),
    ("space shape", lambda: deduce.Space(("a",), ((0,),), [[0, 0]]), "worlds", "shape"),
    ("space index", lambda: deduce.Space(("a",), ((0, 1),), [[0], [5]]), "worlds", "0 to 1"),
    ("rows flat", lambda: distinct_rows(np.array([1, 2]), [3, 3]), "rows", "shape (n, 2)"),
    ("rows index", lambda: distinct_rows(np.array([[0, 4]]), [3, 3]), "rows", "0 to 2"),
    ("radix empty", lambda: distinct_rows(np.array([[0]]), []), "radix", "non-empty"),
    ("radix zero", lambda: distinct_rows(np.array([[0]]), [0]), "radix", "at least 1"),
    ("unicode digit", lambda: MM.guess("\u0661122", black=0, white=0), "code", "from 1 to 6"),
    ("superscript", lambda: MM.guess("\u00b2122", black=0, white=0), "code", "from 1 to 6"),
    (
        "json config incomplete",
        lambda: Investigation.from_json(
            '{"format": 1, "game": "mastermind", "config": {}, "clues": []}'
        ),
        "config",
        "whole set-up",
    ),
    ("among none", lambda: MM.recommend(among=lambda code: False), "among", "some move"),
    ("ranked limit", lambda: MM.space.ranked(limit=-1), "limit", "at least 0"),
    ("check_strategy", lambda: MM.check_strategy("greedy"), "strategy", "'most_parts'"),
    (
        "answers negative",
        lambda: partition([[0, 1]], [1, 1], [0, 1], answers=-7),
        "answers",
        "at least 2",
    ),
    (
        "answers below the table's",
        lambda: partition([[0, 2]], [1, 1], [0, 0], answers=2),
        "answers",
        "at least 3",
    ),
    ("answers text", lambda: partition([[0]], [1], [0], answers="2"), "answers", "at least 1"),  # type: ignore[arg-type]
]


def _with_query() -> Any:
    m = _model()
    m.query("odd", lambda x: x % 2 == 1, ["x"])
    return m.investigation()


@pytest.mark.parametrize(("case", "call", "argument", "choices"), CASES, ids=[c[0] for c in CASES])
def test_invalid_input(case: str, call: Callable[[], Any], argument: str, choices: str) -> None:
    assert isinstance(invalid_input(call, argument, choices), ValueError)


# -- one rule for types: ints are ints (numpy's too), not bools or floats; names are str --

KV = kreuzverhoer.Investigation()
KV_LAID = KV.questioning("Mord", "Ulm", "Ede K.", "Gift", 1)
BSI = bsi.Investigation()
CW = crime_writers.Investigation(crime_writers.Deck.example())
PAIR = np.array(["alibi", "lawyer"])

TYPE_CASES: list[tuple[str, Callable[[], Any], str, str]] = [
    ("bsi field 1.0", lambda: BSI.played("woman/knife", 1.0), "field", "'0/1', 0, 1, 2"),
    ("bsi field -0.0", lambda: BSI.played("woman/knife", -0.0), "field", "'0/1', 0, 1, 2"),
    ("bsi field 2.0", lambda: BSI.played("woman/knife", 2.0), "field", "'0/1', 0, 1, 2"),
    ("bsi field True", lambda: BSI.played("woman/knife", True), "field", "'0/1', 0, 1, 2"),
    ("bsi Seen(cases=True)", lambda: BSI.observe(bsi.Seen(cases=True)), "cases", "tuple"),  # type: ignore[arg-type]
    ("kv informant None", lambda: KV_LAID.informant(None), "scenes", "names"),  # type: ignore[arg-type]
    ("kv on site False", lambda: KV_LAID.investigators_on_site(False), "weapons", "names"),  # type: ignore[arg-type]
    ("kv defence array", lambda: KV.defence(PAIR), "card", "a str"),  # type: ignore[arg-type]
    (
        "kv Confirmed array",
        lambda: KV.observe(kreuzverhoer.Confirmed(suspect=PAIR)),  # type: ignore[arg-type]
        "suspect",
        "a str or None",
    ),
    (
        "kv Confrontation array",
        lambda: KV_LAID.observe(kreuzverhoer.Confrontation(PAIR, True)),  # type: ignore[arg-type]
        "suspect",
        "a str",
    ),
    (
        "kv confrontation 1",
        lambda: KV_LAID.confrontation(1),
        "correct",
        "True or False",
    ),  # type: ignore[arg-type]
    ("cw seen array", lambda: CW.seen(np.array(["Butler", "Poison"])), "text", "a name (str)"),  # type: ignore[arg-type]
    ("cw seen stack array", lambda: CW.seen("Butler", stack=PAIR), "stack", "a name"),  # type: ignore[arg-type]
    ("why [] None", lambda: MM.why([], None), "field", "'peg1'"),  # type: ignore[arg-type]
    ("recommend strategy []", lambda: MM.recommend(strategy=[]), "strategy", "'entropy'"),  # type: ignore[arg-type]
    ("best strategy array", lambda: MM.best(PAIR), "strategy", "'entropy'"),  # type: ignore[arg-type]
    ("black 1.0", lambda: MM.guess("1122", 1.0, 0), "black", "integer"),  # type: ignore[arg-type]
    ("black True", lambda: MM.guess("1122", True, 0), "black", "integer"),
]


@pytest.mark.parametrize(
    ("case", "call", "argument", "choices"), TYPE_CASES, ids=[c[0] for c in TYPE_CASES]
)
def test_wrong_types(case: str, call: Callable[[], Any], argument: str, choices: str) -> None:
    invalid_input(call, argument, choices)


def test_numpy_integers_are_stored_as_ints() -> None:
    inv = MM.guess("1122", np.int64(1), np.int64(0))
    clue = inv.clues[-1]
    assert (type(clue.black), type(clue.white)) == (int, int)
    assert Investigation.from_json(inv.to_json()) == inv
    assert inv == MM.guess("1122", 1, 0)
    laid = KV.questioning("Mord", "Ulm", "Ede K.", "Gift", np.int8(1))
    assert kreuzverhoer.Investigation.from_json(laid.to_json()) == KV_LAID
    said = KV_LAID.confrontation(np.bool_(False))
    assert type(said.clues[-1].correct) is bool
