"""13 Indizien: the other seats' notebooks kept as the game goes (``seat_view``) count what
the whole notebook of ``view_of`` counts, read clue by clue or all at once, in one deal
or many, fresh or from the cache."""

from __future__ import annotations

import random
import re
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deduce import InvalidInput
from deduce.games.thirteen_clues import (
    Ask,
    Charged,
    Deal,
    Investigation,
    Question,
    attributes,
    view_of,
)
from deduce.games.thirteen_clues.clues import SIDES, Informant
from deduce.games.thirteen_clues.views import clear_cache, seat_view, seat_views, told_chances
from deduce.testing import invalid_input


@st.composite
def public_games(draw: st.DrawFn) -> tuple[Deal, list[object]]:
    """A deal and a truthful list of public clues: questions between any seats, the
    others' accusations (right or wrong as the deal says), my looks at the informant."""
    n = draw(st.integers(2, 6))
    deal = Deal.random(n, seed=draw(st.integers(0, 2**32 - 1)))
    sides = SIDES if n == 2 else (None,)
    clues: list[object] = []
    for _ in range(draw(st.integers(0, 12))):
        kind = draw(st.sampled_from(["ask", "ask", "ask", "charged", "informant"]))
        if kind == "ask":
            witness = draw(st.integers(0, n - 1))
            asker = draw(st.sampled_from([s for s in range(n) if s != witness]))
            about = draw(st.sampled_from(attributes(n)))
            side = draw(st.sampled_from(sides))
            clues.append(
                Question(asker, witness, about, deal.answer(witness, about, side=side), side)
            )
        elif kind == "charged" and n > 2:
            clues.append(Charged(draw(st.integers(1, n - 1)), right=False))
        elif kind == "informant" and deal.informants:
            clues.append(Informant(draw(st.sampled_from(deal.informants))))
    return deal, clues


def _same(deal: Deal, seat: int, clues: list[object], accusations: bool = True) -> None:
    view = seat_view(deal, seat, clues, accusations=accusations)
    whole = view_of(deal, seat, clues, accusations=accusations)
    assert view.chance == whole.accusation().probability
    assert view.ids.tolist() == whole.space.ids.tolist()
    assert view.weights.tolist() == whole.space.weights.astype(np.int64).tolist()
    asks = [q for q in whole.queries() if isinstance(q, Ask)][::7]
    numbered = [
        (
            q.witness,
            attributes(deal.players).index(q.about),
            -1 if q.side is None else SIDES.index(q.side),
        )
        for q in asks
    ]
    np.testing.assert_array_equal(view.joint(numbered), whole.joint(whole.space, asks))


@settings(max_examples=60, deadline=None)
@given(public_games(), st.data())
def test_a_kept_notebook_counts_what_the_whole_notebook_counts(
    game: tuple[Deal, list[object]], data: st.DataObject
) -> None:
    deal, clues = game
    seat = data.draw(st.integers(1, deal.players - 1))
    clear_cache()
    _same(deal, seat, clues, accusations=data.draw(st.booleans()))
    # read a clue at a time from the cache, as the game goes
    clear_cache()
    for k in range(len(clues) + 1):
        _same(deal, seat, clues[:k])


@settings(max_examples=20, deadline=None)
@given(public_games(), st.integers(0, 2**32 - 1))
def test_many_deals_together_count_as_each_alone(
    game: tuple[Deal, list[object]], seed: int
) -> None:
    deal, clues = game
    n = deal.players
    # other deals that the clues are true of, as my notebook draws them
    inv = Investigation(n, deal.hands[0], list(deal.puzzles[1:]))
    for clue in clues:
        if isinstance(clue, Question | Informant):
            inv = inv.observe(clue)
    others = [inv.sample_deal(random.Random(seed + k)) for k in range(3)]
    clear_cache()
    seat_view(others[0], 1, clues[: len(clues) // 2])
    together = seat_views([deal, *others, deal], 1, clues)
    for d, view in zip([deal, *others, deal], together, strict=True):
        assert view.chance == view_of(d, 1, clues).accusation().probability


@settings(max_examples=30, deadline=None)
@given(public_games(), st.integers(0, 2**32 - 1), st.data())
def test_told_chances_of_many_deals_are_each_deal_s_joint_counts(
    game: tuple[Deal, list[object]], seed: int, data: st.DataObject
) -> None:
    deal, clues = game
    n = deal.players
    seat = data.draw(st.integers(1, n - 1))
    inv = Investigation(n, deal.hands[0], list(deal.puzzles[1:]))
    for clue in clues:
        if isinstance(clue, Question | Informant):
            inv = inv.observe(clue)
    deals = [deal, *(inv.sample_deal(random.Random(seed + k)) for k in range(3))]
    names = attributes(n)
    asks = [q for q in inv.queries() if isinstance(q, Ask) and q.witness != seat][::3]
    numbered = [
        (
            (q.witness - seat) % n,
            names.index(q.about),
            -1 if q.side is None else SIDES.index(q.side),
        )
        for q in asks
    ]
    answers = [[d.answer(q.witness, q.about, side=q.side) for q in asks] for d in deals]
    views = seat_views(deals, seat, clues)
    together = told_chances(views, numbered, answers) if asks else np.zeros((len(views), 0))
    for view, told, chances in zip(views, answers, together, strict=True):
        joint = view.joint(numbered)
        for counts, answer, chance in zip(joint, told, chances, strict=True):
            column = counts[:, answer]
            assert chance == (column.max() / column.sum() if column.sum() else 0.0)


def test_another_history_is_read_afresh_not_on_top_of_the_cache() -> None:
    deal = Deal.random(3, seed=11)
    first = [Question(0, 2, "red", deal.answer(2, "red"))]
    other = [Question(1, 2, "man", deal.answer(2, "man"))]
    clear_cache()
    seat_view(deal, 1, first)
    assert seat_view(deal, 1, other).chance == view_of(deal, 1, other).accusation().probability
    assert seat_view(deal, 1, []).chance == view_of(deal, 1, []).accusation().probability


def test_a_wrong_accusation_rules_out_what_they_would_have_named() -> None:
    deal = Deal.random(3, seed=3)
    clues: list[object] = [Question(0, 2, a, deal.answer(2, a)) for a in attributes(3)[:6]]
    before = seat_view(deal, 1, clues)
    after = seat_view(deal, 1, [*clues, Charged(1, right=False)])
    likeliest = int(np.argmax(before.weights))  # ruled out: they would have named it
    assert after.ids.tolist() == np.delete(before.ids, likeliest).tolist()
    assert after.weights.tolist() == np.delete(before.weights, likeliest).tolist()
    # a right accusation, and another seat's, tell them nothing
    assert seat_view(deal, 1, [*clues, Charged(1, right=True)]).chance == before.chance
    assert seat_view(deal, 1, [*clues, Charged(2, right=False)]).chance == before.chance


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda d: seat_view("deal", 1), "deal"),
        (lambda d: seat_view(d, 0), "seat"),
        (lambda d: seat_view(d, 3), "seat"),
        (lambda d: seat_view(d, 1.5), "seat"),
        (lambda d: seat_view(d, 1, "clues"), "clues"),
        (lambda d: seat_view(d, 1, [None]), "clues[0]"),
        (lambda d: seat_view(d, 1, [Question(0, 9, "red", 1)]), "clues[0].witness"),
        (lambda d: seat_view(d, 1, [Question(0, 2, "plaid", 1)]), "clues[0].about"),
        (lambda d: seat_view(d, 1, [Question(0, 2, "red", 1, "left")]), "clues[0].side"),
        (lambda d: seat_view(d, 1, [Question(0, 2, "red", -1)]), "clues[0].answer"),
        (lambda d: seat_views([], 1), "deals"),
        (lambda d: seat_views([d, Deal.random(4, seed=1)], 1), "deals"),
        (lambda d: seat_views([d, "deal"], 1), "deals[1]"),
        (lambda d: seat_view(d, 1, [Question(0, 2, "red", 9)]), "deals[0]"),  # untrue
    ],
)
def test_junk_is_refused_by_name_and_nothing_is_kept(call: object, argument: str) -> None:
    deal = Deal.random(3, seed=5)
    clear_cache()
    invalid_input(lambda: call(deal), argument)  # type: ignore[operator]
    assert seat_view(deal, 1).chance == view_of(deal, 1).accusation().probability


@pytest.mark.parametrize(
    ("views", "asks", "answers", "argument"),
    [
        ("none", [(1, 0, -1)], [], "views"),
        ("mixed", [(1, 0, -1)], [[1], [1]], "views"),
        ("one", [(0, 0, -1)], [[1]], "asks: witness"),
        ("one", [(1, 999, -1)], [[1]], "asks: attribute"),
        ("one", [(1, 0, 0)], [[1]], "asks: side"),
        ("one", [(1, 0)], [[1]], "asks"),
        ("one", [(1, 0, -1)], [[1, 2]], "answers"),
        ("one", [(1, 0, -1)], [[-1]], "answers"),
        ("one", [(1, 0, -1)], [["1"]], "answers"),
    ],
)
def test_told_chances_refuses_what_is_no_question_or_answer_by_name(
    views: str, asks: Any, answers: Any, argument: str
) -> None:
    three = seat_views([Deal.random(3, seed=5)], 1)
    chosen = {
        "none": [],
        "one": three,
        "mixed": [*three, *seat_views([Deal.random(4, seed=5)], 1)],
    }[views]
    with pytest.raises(InvalidInput, match=f"^{re.escape(argument)}="):
        told_chances(chosen, asks, answers)
