"""13 Indizien: the others act on what my question tells them. ``rival_chances_after``
against each rival's notebook replayed with the answer, and the race counted by hand with
the chances after each move."""

from __future__ import annotations

import random

import pytest
from accusing_positions import after, by_hand_ladder, three_player_position

from deduce.games.thirteen_clues import (
    Ask,
    Deal,
    Glasses,
    Investigation,
    Peek,
    Question,
    accuse_or_ask,
    advise,
    passing,
    rival_chances,
    rival_chances_after,
    view_of,
)
from deduce.testing import invalid_input


def four_player_position() -> tuple[Deal, Investigation]:
    deal = Deal.random(4, seed=7)
    inv = Investigation(4, deal.hands[0], list(deal.puzzles[1:]))
    for asker, witness, about in [(1, 3, "red"), (2, 3, "woman"), (3, 1, "weapon")]:
        inv = inv.question(asker, witness, about, deal.answer(witness, about))
    return deal, inv


def test_the_chances_after_a_question_are_each_notebook_with_its_answer() -> None:
    _, inv = four_player_position()
    queries = [*[q for q in inv.queries() if isinstance(q, Ask)][::5], Peek()]
    samples, seed = 5, 3
    got = rival_chances_after(inv, queries, samples=samples, seed=seed)
    # by hand: the same deals, each seat's notebook replayed with the answer as a clue
    rng = random.Random(seed)
    deals = [inv.sample_deal(rng) for _ in range(samples)]
    for query in queries:
        for seat in range(1, 4):
            total = 0.0
            for deal in deals:
                clues = list(inv.clues)
                if isinstance(query, Ask):
                    answer = deal.answer(query.witness, query.about)
                    clues.append(Question(0, query.witness, query.about, answer))
                total += view_of(deal, seat, clues).accusation().probability
            assert got[query][seat] == pytest.approx(total / samples, abs=1e-12)


def test_the_witness_and_the_informant_learn_nothing() -> None:
    _, inv = four_player_position()
    now = rival_chances(inv, samples=4, seed=1)
    asks = [q for q in inv.queries() if isinstance(q, Ask)]
    got = rival_chances_after(inv, [*asks, Peek()], samples=4, seed=1)
    assert got[Peek()] == now
    for q in asks:
        assert got[q][q.witness] == now[q.witness]
    # somebody learns something from some question
    assert any(got[q][s] != now[s] for q in asks for s in now)
    # with two players the witness is the only other seat
    deal = Deal.random(2, seed=2)
    two = Investigation(2, deal.hands[0], list(deal.puzzles[1:]))
    alone = rival_chances(two, samples=3)
    assert all(c == alone for c in rival_chances_after(two, two.queries(), samples=3).values())


def test_the_race_with_the_chances_after_each_move_by_hand() -> None:
    inv = three_player_position()
    glasses, rivals = Glasses.start(3), {1: 0.2, 2: 0.4}
    moves = inv.recommend(top=100)
    # a made-up lesson: every question to seat 2 tells seat 1 a lot
    told = {
        m.action: {1: 0.7, 2: 0.4}
        for m in moves
        if isinstance(m.action, Ask) and m.action.witness == 2
    }
    assert told
    now, later = accuse_or_ask(inv, glasses, moves, rivals, after=told)
    assert now == accuse_or_ask(inv, glasses, moves, rivals)[0]  # accusing tells them nothing
    best = 0.0
    for move in moves:
        chances = told.get(move.action, rivals)
        v = passing(3, chances)
        reached = sum(
            c * by_hand_ladder(after(inv, move.action, a), 1 - v[1])
            for a, c in move.outcomes.items()
        )
        best = max(best, v[glasses.receiver(move.action)] * reached)
    assert later == pytest.approx(best)
    # no lesson is the race before
    assert accuse_or_ask(inv, glasses, moves, rivals, after={}) == accuse_or_ask(
        inv, glasses, moves, rivals
    )


def test_the_advice_counts_the_chances_after_each_move() -> None:
    _, inv = four_player_position()
    glasses = Glasses.start(4)
    advice = advise(inv, glasses, samples=4, seed=2, informed=True)
    now = rival_chances(inv, samples=4, seed=2)
    assert dict(advice.rivals) == now
    lessons = rival_chances_after(inv, [m.action for m in advice.moves], samples=4, seed=2)
    for move, danger in zip(advice.moves, advice.danger, strict=True):
        receiver = glasses.receiver(move.action)
        chances = lessons[move.action]
        back = passing(4, chances)[receiver]  # the receiver acts first, then passes on
        assert danger == pytest.approx(1 - back)
    # the default: the others act on what they know now
    plain = advise(inv, glasses, samples=4, seed=2)
    assert plain == advise(inv, glasses, rivals=now) != advice


def test_junk_is_refused() -> None:
    _, inv = four_player_position()
    invalid_input(lambda: rival_chances_after(inv, "red"), "queries", "Ask and Peek")
    invalid_input(lambda: rival_chances_after(inv, [Ask(5, "red")]), "queries[0]", "my moves")
    invalid_input(lambda: rival_chances_after(inv, [Ask(1, "ufo")]), "queries[0]", "my moves")
    invalid_input(lambda: rival_chances_after(inv, [None]), "queries[0]", "my moves")  # type: ignore[list-item]
    invalid_input(lambda: rival_chances_after("inv", []), "inv", "Investigation")  # type: ignore[arg-type]
    invalid_input(lambda: rival_chances_after(inv, [], samples=0), "samples")
    moves = inv.recommend(top=3)
    glasses = Glasses.start(4)
    rivals = {1: 0.1, 2: 0.1, 3: 0.1}
    invalid_input(lambda: accuse_or_ask(inv, glasses, moves, rivals, after=[]), "after", "moves")  # type: ignore[arg-type]
    ask = next(m.action for m in moves if isinstance(m.action, Ask))
    bad = {ask: {1: 1.5}}
    invalid_input(lambda: accuse_or_ask(inv, glasses, moves, rivals, after=bad), "rivals", "0 to 1")
