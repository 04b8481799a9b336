"""Wrong input to the deal counter: every public callable of ``deduce.core.dealing``
refuses it with ``InvalidInput`` naming the argument, the value given and what is
valid (the sweep of every kind of junk into every argument is ``tests/robustness``)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from deduce import InvalidInput
from deduce.core.dealing import (
    Answer,
    Deal,
    Deals,
    Holds,
    HoldsOneOf,
    Lacks,
    LacksOneOf,
    Setup,
    Shows,
    Weighs,
    count_deals,
)

CARDS = ("Plum", "Green", "Rope", "Knife", "Hall", "Study")
SETUP = Setup(CARDS, {"Ann": 2, "Bob": 1}, categories=(CARDS[:2], CARDS[2:4], CARDS[4:]))
DEALS = Deals(SETUP, [Holds("Ann", "Plum")])
PLAIN = Deals(Setup(("a", "b"), {"Ann": 1, "Bob": 1}))  # no solution seat

CALLS: dict[str, tuple[Callable[[], Any], str, str]] = {
    # name: (call, the argument named, a word of what is valid)
    "cards not a list": (lambda: Setup("abc", {"Ann": 3}), "cards", "names"),
    "cards twice": (lambda: Setup(("a", "a"), {"Ann": 2}), "cards", "twice"),
    "card not a name": (lambda: Setup(("a", 1), {"Ann": 2}), "cards", "names"),
    "too many cards": (
        lambda: Setup(tuple(f"c{i}" for i in range(65)), {"Ann": 65}),
        "cards",
        "64",
    ),
    "hands not pairs": (lambda: Setup(("a",), ["Ann"]), "hands", "pairs"),
    "hand size negative": (lambda: Setup(("a",), {"Ann": -1}), "hands", "sizes from 0"),
    "hand size a float": (lambda: Setup(("a",), {"Ann": 1.0}), "hands", "sizes from 0"),
    "hands too small": (lambda: Setup(("a", "b"), {"Ann": 1}), "hands", "add up"),
    "seat twice": (lambda: Setup(("a", "b"), [("Ann", 1), ("Ann", 1)]), "hands", "twice"),
    "category of no card": (
        lambda: Setup(("a", "b"), {"Ann": 1}, categories=(("z",),)),
        "categories",
        "cards of the deck",
    ),
    "card in two categories": (
        lambda: Setup(("a", "b", "c"), {"Ann": 1}, categories=(("a",), ("a", "b"))),
        "categories",
        "none shared",
    ),
    "solution among the hands": (
        lambda: Setup(("a", "b"), {"Ann": 1}, categories=(("a",),), solution="Ann"),
        "solution",
        "other than",
    ),
    "solution no seat": (
        lambda: Setup(("a", "b"), {"Ann": 1, "Bob": 1}, solution="Cy"),
        "solution",
        "'Ann'",
    ),
    "seat not a name": (lambda: Holds(3, "a"), "seat", "name"),
    "card empty": (lambda: Lacks("Ann", ""), "card", "name"),
    "one of nothing": (lambda: HoldsOneOf("Ann", ()), "cards", "names"),
    "not all of a string": (lambda: LacksOneOf("Ann", "ab"), "cards", "names"),
    "shown card not among": (lambda: Shows("Ann", "a", among=("b", "c")), "card", "'b'"),
    "shown among nothing": (lambda: Shows("Ann", "a", among=()), "among", "names"),
    "shown among too many": (
        lambda: Shows("Ann", "a", among=tuple("abcdefg")),
        "among",
        "1 to 6",
    ),
    "shown by the solution": (
        lambda: Deals(SETUP, [Shows("solution", "Plum", among=("Plum", "Rope"))]),
        "constraints[0].seat",
        "'Ann'",
    ),
    "shown among no card": (
        lambda: Deals(SETUP, [Shows("Ann", "Plum", among=("Plum", "Pipe"))]),
        "constraints[0].among",
        "cards of",
    ),
    "factor of nothing": (lambda: Weighs("Ann", (), Fraction(1, 2)), "cards", "names"),
    "factor zero": (lambda: Weighs("Ann", ("a",), 0), "factor", "positive"),
    "factor negative": (lambda: Weighs("Ann", ("a",), Fraction(-1, 2)), "factor", "positive"),
    "factor a float": (lambda: Weighs("Ann", ("a",), 0.5), "factor", "Fraction"),
    "factor a bool": (lambda: Weighs("Ann", ("a",), True), "factor", "whole"),
    "factor a string": (lambda: Weighs("Ann", ("a",), "1/2"), "factor", "Fraction"),
    "factor on the solution": (
        lambda: Deals(SETUP, [Weighs("solution", ("Plum",), 2)]),
        "constraints[0].seat",
        "'Ann'",
    ),
    "factor on no card": (
        lambda: Deals(SETUP, [Weighs("Ann", ("Plum", "Pipe"), 2)]),
        "constraints[0].cards",
        "cards of",
    ),
    "answer card without seat": (lambda: Answer(None, "a"), "seat", "showed"),
    "setup not a setup": (lambda: Deals("cluedo"), "setup", "Setup"),  # type: ignore[arg-type]
    "constraints a string": (lambda: Deals(SETUP, "Holds"), "constraints", "Holds"),  # type: ignore[arg-type]
    "constraint of no kind": (lambda: Deals(SETUP, [("Ann", "Plum")]), "constraints[0]", "Holds"),  # type: ignore[list-item]
    "constraint of no seat": (
        lambda: Deals(SETUP, [Holds("Cy", "Plum")]),
        "constraints[0].seat",
        "'Ann'",
    ),
    "constraint of no card": (
        lambda: Deals(SETUP, [Lacks("Ann", "Pipe")]),
        "constraints[0].card",
        "'Plum'",
    ),
    "constraint of no cards": (
        lambda: Deals(SETUP, [HoldsOneOf("Ann", ("Plum", "Pipe"))]),
        "constraints[0].cards",
        "'Plum'",
    ),
    "weights not a dict": (lambda: Deals(SETUP, weights=[1]), "weights", "dict"),  # type: ignore[arg-type]
    "weights of no solution": (
        lambda: Deals(SETUP, weights={("Plum", "Rope"): 1}),
        "weights",
        "solution",
    ),
    "weights out of order": (
        lambda: Deals(SETUP, weights={("Rope", "Plum", "Hall"): 1}),
        "weights",
        "category",
    ),
    "weight negative": (
        lambda: Deals(SETUP, weights={("Plum", "Rope", "Hall"): -1}),
        "weights[('Plum', 'Rope', 'Hall')]",
        "integer",
    ),
    "weights all zero": (
        lambda: Deals(
            SETUP,
            [Holds("solution", "Green")],
            weights={("Green", r, s): 0 for r in CARDS[2:4] for s in CARDS[4:]},
        ),
        "weights",
        "above 0",
    ),
    "weights without a solution": (
        lambda: Deals(PLAIN.setup, weights={("a",): 1}),
        "weights",
        "no solution",
    ),
    "count_deals setup": (lambda: count_deals(None), "setup", "Setup"),  # type: ignore[arg-type]
    "count_deals constraint": (
        lambda: count_deals(SETUP, [Holds("Ann", "Pipe")]),
        "constraints[0].card",
        "'Plum'",
    ),
    "sample n negative": (lambda: DEALS.sample(-1), "n", "integer"),
    "sample n too many": (lambda: DEALS.sample(10**7), "n", "integer"),
    "sample seed a float": (lambda: DEALS.sample(seed=1.5), "seed", "integer"),
    "every limit too low": (lambda: DEALS.every(limit=1), "limit", "number of deals"),
    "every limit a bool": (lambda: DEALS.every(limit=True), "limit", "integer"),
    "solutions without one": (lambda: PLAIN.solutions(), "setup.solution", "solution seat"),
    "solution cards without one": (
        lambda: PLAIN.solution_cards(),
        "setup.solution",
        "solution seat",
    ),
    "answers no cards": (lambda: DEALS.answers([], ["Bob"]), "cards", "cards of"),
    "answers unknown card": (lambda: DEALS.answers(["Pipe"], ["Bob"]), "cards", "'Plum'"),
    "answers card twice": (lambda: DEALS.answers(["Rope", "Rope"], ["Bob"]), "cards", "twice"),
    "answers order empty": (lambda: DEALS.answers(["Rope"], []), "order", "'Ann'"),
    "answers order solution": (lambda: DEALS.answers(["Rope"], ["solution"]), "order", "'Bob'"),
    "answers order twice": (lambda: DEALS.answers(["Rope"], ["Bob", "Bob"]), "order", "distinct"),
    "answers preference of no seat asked": (
        lambda: DEALS.answers(["Rope"], ["Bob"], preference={"Ann": ["Rope"]}),
        "preference",
        "not asked",
    ),
    "answers preference no cards": (
        lambda: DEALS.answers(["Rope"], ["Bob"], preference={"Bob": ["Pipe"]}),
        "preference['Bob']",
        "'Plum'",
    ),
    "answers seen not a bool": (lambda: DEALS.answers(["Rope"], ["Bob"], seen=1), "seen", "True"),
    "joint without solution": (
        lambda: PLAIN.joint_answers(["a"], ["Ann"]),
        "setup.solution",
        "solution seat",
    ),
    "information not a list": (lambda: DEALS.information("Rope", ["Bob"]), "suggestions", "list"),
    "information a bad question": (
        lambda: DEALS.information([["Rope"], ["Pipe"]], ["Bob"]),
        "suggestions[1]",
        "'Plum'",
    ),
    "information without solution": (
        lambda: PLAIN.information([["a"]], ["Ann"]),
        "setup.solution",
        "solution seat",
    ),
    "deal hand of no seat": (lambda: Deal((("Ann", ("a",)),)).hand("Bob"), "seat", "'Ann'"),
    "deal holder of no card": (lambda: Deal((("Ann", ("a",)),)).holder("b"), "card", "'a'"),
    "setup seat index": (lambda: SETUP.seat_index("Cy"), "seat", "'Ann'"),
    "setup card index": (lambda: SETUP.card_index(np.str_("Pipe")), "card", "'Plum'"),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_wrong_input_is_refused_naming_the_argument_and_what_is_valid(name: str) -> None:
    call, argument, valid = CALLS[name]
    with pytest.raises(InvalidInput) as caught:
        call()
    error = caught.value
    assert error.argument == argument
    assert f"{argument}=" in str(error)
    assert valid in str(error), str(error)


def test_the_values_are_frozen_and_keep_what_they_were_given() -> None:
    constraint = HoldsOneOf("Ann", ["Plum", "Rope"])
    assert constraint.cards == ("Plum", "Rope")
    with pytest.raises(AttributeError):
        constraint.seat = "Bob"  # type: ignore[misc]
    assert Setup(("a", "b"), [["Ann", 2]]).hands == (("Ann", 2),)
    assert DEALS.add(Lacks("Bob", "Rope")).constraints[-1] == Lacks("Bob", "Rope")
    assert DEALS.constraints == (Holds("Ann", "Plum"),)
