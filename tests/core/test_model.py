"""Custom games: python-constraint2 enumeration, the numpy engine and CP-SAT must agree."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import deduce
from deduce.games import mastermind
from deduce.model import Answer, Fact, Model, ModelInvestigation
from deduce.testing import contains, games

SUSPECTS, ROOMS, WEAPONS = (
    ("Ann", "Bob", "Cid", "Dee"),
    ("hall", "attic", "cellar"),
    ("rope", "gun"),
)


def whodunit() -> Model:
    """A small mystery with a hidden helper variable that is not part of the solution."""
    m = Model()
    m.variable("suspect", SUSPECTS)
    m.variable("room", ROOMS)
    m.variable("weapon", WEAPONS)
    m.variable("witness", ("Ann", "Bob", "Cid", "Dee"), solution=False)
    m.constraint(lambda s, w: s != w, ["suspect", "witness"])
    m.constraint(lambda s, r: not (s == "Dee" and r == "attic"), ["suspect", "room"])
    m.query("room", lambda r: r, ["room"])
    m.query("armed?", lambda w: w == "gun", ["weapon"])
    m.query("witness saw suspect's initial", lambda s, w: s[0] < w[0], ["suspect", "witness"])
    m.query(
        "suspect in hall", lambda s, r: s in ("Ann", "Bob") and r == "hall", ["suspect", "room"]
    )
    return m


def brute_worlds(model: Model) -> list[dict[str, Any]]:
    """Every world by itertools, checked constraint by constraint (the reference)."""
    worlds = []
    for values in itertools.product(*(model.domain(n) for n in model.names)):
        world = dict(zip(model.names, values, strict=True))
        if all(c.predicate(*(world[v] for v in c.variables)) for c in model._constraints):
            worlds.append(world)
    return worlds


def test_enumeration_matches_brute_force() -> None:
    model = whodunit()
    space = model.space()
    listed = {tuple(space.labels[i][v] for i, v in enumerate(row)) for row in space.worlds.tolist()}
    assert listed == {tuple(w.values()) for w in brute_worlds(model)}
    assert len(listed) == space.size


def fits(world: dict[str, Any], clue: Any, model: Model) -> bool:
    if isinstance(clue, Fact):
        return (world[clue.variable] == clue.value) == clue.holds
    q = model.queries[clue.query]
    return bool(q.function(*(world[v] for v in q.variables)) == clue.outcome)


@given(games(whodunit().investigation(), max_clues=4))
def test_sound_complete_and_probabilities_exact(game: tuple[int, ModelInvestigation]) -> None:
    secret, inv = game
    assert contains(inv, secret)
    model = inv.model
    kept = [w for w in brute_worlds(model) if all(fits(w, c, model) for c in inv.clues)]
    weight: dict[tuple[str, ...], int] = {}
    for w in kept:
        key = (w["suspect"], w["room"], w["weapon"])
        weight[key] = weight.get(key, 0) + 1
    expected = {k: v / len(kept) for k, v in weight.items()}
    got = {(a["suspect"], a["room"], a["weapon"]): p for a, p in inv.probabilities().items()}
    assert got.keys() == expected.keys()
    assert all(abs(got[k] - expected[k]) < 1e-12 for k in got)


@settings(max_examples=25)
@given(games(whodunit().investigation(), max_clues=4))
def test_cp_sat_agrees_with_enumeration(game: tuple[int, ModelInvestigation]) -> None:
    _, inv = game
    marginals = inv.marginals()
    for name, values in marginals.items():
        for value, p in values.items():
            assert inv.possible(**{name: value}) == (p > 0), (name, value)
    assert inv.proven() == inv.certain()


@settings(max_examples=25)
@given(games(whodunit().investigation(), max_clues=4), st.data())
def test_cp_sat_conflicts_are_minimal_conflicts(
    game: tuple[int, ModelInvestigation], data: st.DataObject
) -> None:
    _, inv = game
    impossible = [
        Fact(name, value)
        for name, values in inv.marginals().items()
        for value, p in values.items()
        if p == 0
    ]
    if not impossible:
        return
    clue = data.draw(st.sampled_from(impossible))
    try:
        inv.observe(clue)
    except deduce.InvalidInput:
        assert inv.model.investigation()._replay([clue]).total == 0  # type: ignore[union-attr]
        return
    except deduce.Contradiction as caught:
        conflict = caught.conflict
    else:
        raise AssertionError("an impossible fact was accepted")
    root = inv.model.investigation()
    assert root._replay([*conflict, clue]).total == 0  # type: ignore[union-attr]
    for dropped in conflict:
        rest = [c for c in conflict if c is not dropped]
        assert root._replay([*rest, clue]).total > 0  # type: ignore[union-attr]


def mastermind_model(pegs: int, colours: int, guesses: list[str]) -> Model:
    """Mastermind written as a custom game: one query per allowed guess."""
    rules = mastermind.Game(pegs, colours)
    m = Model()
    names = [f"peg{i + 1}" for i in range(pegs)]
    for name in names:
        m.variable(name, [str(c + 1) for c in range(colours)])
    for guess in guesses:
        m.query(guess, lambda *pegs, g=guess: rules.feedback("".join(pegs), g), names)
    return m


@settings(max_examples=30)
@given(st.data())
@example(["331", "331", "112"])  # the game is won at the first guess: nothing after it
def test_mastermind_two_engines_agree(data: st.DataObject | list[str]) -> None:
    rules = mastermind.Game(3, 3)
    guesses = ["112", "123", "331", "222", "213"]
    model = mastermind_model(3, 3, guesses)
    if isinstance(data, list):
        secret, asked = data[0], data[1:]
    else:
        secret = str(data.draw(st.sampled_from(rules.codes())))
        asked = data.draw(st.lists(st.sampled_from(guesses), max_size=3))
    by_model: Any = model.investigation()
    by_game = rules.investigation()
    for guess in asked:
        black, white = rules.feedback(secret, guess)
        by_model = by_model.answer(guess, (black, white))
        by_game = by_game.guess(guess, black=black, white=white)
        if black == 3:
            break  # the code is broken: the game is over, and a guess after it is refused
    assert {"".join(a.as_dict().values()) for a in by_model.solutions()} == {
        str(c) for c in by_game.solutions()
    }
    assert by_model.proven() == by_game.certain()


def test_model_json_round_trip_and_context() -> None:
    model = whodunit()
    inv = model.investigation().answer("room", "hall").fact("suspect", "Ann", holds=False)
    assert model.from_json(inv.to_json()) == inv
    with pytest.raises(deduce.InvalidInput, match="model"):
        deduce.Investigation.from_json(inv.to_json())
    other = Model()
    other.variable("x", [1])
    with pytest.raises(deduce.InvalidInput, match="saved from this model"):
        other.from_json(inv.to_json())


def test_answer_entropy_excludes_noise() -> None:
    """A question decided by the hidden witness alone teaches nothing about the solution."""
    m = Model()
    m.variable("culprit", ["A", "B"])
    m.variable("coin", ["heads", "tails"], solution=False)
    m.query("coin", lambda c: c, ["coin"])
    m.query("culprit", lambda c: c, ["culprit"])
    ranked = m.investigation().recommend(top=2)
    assert [r.action for r in ranked] == ["culprit", "coin"]
    assert ranked[0].information == pytest.approx(1.0)
    assert ranked[1].information == pytest.approx(0.0)
    assert ranked[1].outcomes == {"heads": 0.5, "tails": 0.5}


def test_a_model_without_worlds_is_refused() -> None:
    m = Model()
    m.variable("x", [1, 2])
    m.constraint(lambda x: x > 2, ["x"])
    with pytest.raises(deduce.DeduceError, match="no world"):
        m.investigation()


@settings(max_examples=25)
@given(games(whodunit().investigation(), max_clues=4), st.data())
def test_cp_sat_conflicts_over_answers_are_minimal(
    game: tuple[int, ModelInvestigation], data: st.DataObject
) -> None:
    """A query answered with a value no remaining world gives: the core is minimal."""
    _, inv = game
    impossible = []
    for name in inv.model.queries:
        codes, labels = inv._tables[inv._query_index(name)]
        seen = set(codes[inv.space.ids].tolist())
        impossible += [Answer(name, label) for k, label in enumerate(labels) if k not in seen]
    if not impossible:
        return
    clue = data.draw(st.sampled_from(impossible))
    root = inv.model.investigation()
    try:
        inv.observe(clue)
    except deduce.InvalidInput:
        assert root._replay([clue]).total == 0  # type: ignore[union-attr]
        return
    except deduce.Contradiction as caught:
        conflict = caught.conflict
    else:
        raise AssertionError("an impossible answer was accepted")
    assert root._replay([*conflict, clue]).total == 0  # type: ignore[union-attr]
    for dropped in conflict:
        rest = [c for c in conflict if c is not dropped]
        assert root._replay([*rest, clue]).total > 0  # type: ignore[union-attr]


def test_answer_clue_types() -> None:
    assert Answer("room", "hall") == Answer(query="room", outcome="hall")


def test_an_outcome_or_answer_number_of_junk_is_refused_by_name() -> None:
    import numpy as np

    from deduce import InvalidInput
    from deduce.model import Model

    model = Model()
    model.variable("x", [1, 2, 3])
    model.query("x", lambda x: x, ["x"])
    inv = model.investigation()
    for junk in (np.array([1, 2]), np.array([]), np.zeros((2, 2)), "1", [1]):
        with pytest.raises(InvalidInput) as refused:
            inv.answer("x", junk)
        assert refused.value.argument == "outcome"
    for k in (-7, 3, np.int64(3)):
        with pytest.raises(InvalidInput) as refused:
            inv.clue_for("x", k)
        assert refused.value.argument == "k"
    assert inv.clue_for("x", np.int64(2)).outcome == 3
