"""Crime Writers: the guest's objective, my points this turn less what a "no" hands on."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from fractions import Fraction
from functools import cache, partial
from typing import Any

import numpy as np
import pytest

from deduce.games.crime_writers import (
    ELEMENTS,
    Answer,
    Deck,
    Found,
    Investigation,
    Question,
    Seen,
    Table,
    advised,
    following,
    play_game,
)
from deduce.games.crime_writers.counting import tables_of
from deduce.games.crime_writers.guest import (
    BITS_PER_QUESTION,
    CLOCK_WEIGHT,
    SECONDS_PER_QUESTION,
    GuestValues,
    _best,
    clock_value,
    guest_values,
    opponent_weight,
    run_value,
)
from deduce.games.crime_writers.truthful import is_card, small_deck, small_investigation, worlds
from deduce.testing import invalid_input

EXAMPLE = Deck.example()
TINY = small_deck()


@cache
def weight(deck: Deck, clues: tuple[Any, ...]) -> Fraction:
    """The weight of every draw, wording and tag reply that fits ``clues``."""
    return sum(worlds(deck, clues).values(), Fraction(0))


def chance_of_yes(deck: Deck, clues: Sequence[Any], question: Question) -> Fraction:
    """P(yes) by listing every draw, wording and tag reply (the brute-force reference)."""
    yes = Answer(question.element, question.about, "yes")
    return weight(deck, (*clues, yes)) / weight(deck, tuple(clues))


def find_chance(deck: Deck, clues: Sequence[Any], element: str) -> Fraction:
    """The chance that naming the likeliest card of ``element`` finds it (0 once found)."""
    found = {c.element for c in clues if isinstance(c, Found)} | {
        c.element
        for c in clues
        if isinstance(c, Answer) and c.reply == "yes" and is_card(deck, c.element, c.about)
    }
    if element in found:
        return Fraction(0)
    return max(
        chance_of_yes(deck, clues, Question(element, card.text))
        for card in deck.for_element(element)
    )


def run_by_hand(chances: Sequence[Fraction]) -> Fraction:
    """3 * (f1 + f1 f2 + f1 f2 f3 + ...), the chances from the highest."""
    total, product = Fraction(0), Fraction(1)
    for f in sorted(chances, reverse=True):
        product *= f
        total += 3 * product
    return total


def objective_by_hand(deck: Deck, clues: Sequence[Any], question: Question) -> Fraction:
    p = chance_of_yes(deck, clues, question)
    card = is_card(deck, question.element, question.about)
    yes = [*clues, Answer(question.element, question.about, "yes")]
    no = [*clues, Answer(question.element, question.about, "no")]
    gain = (3 if card else 0) + run_by_hand([find_chance(deck, yes, e) for e in ELEMENTS])
    lost = run_by_hand([find_chance(deck, no, e) for e in ELEMENTS])
    return p * gain - (1 - p) * lost


SLOW = pytest.mark.slow
POSITIONS = [
    pytest.param((), id="start"),
    pytest.param((Answer("how", "weapon", "no"),), id="tag", marks=SLOW),
    pytest.param(
        (Answer("who", "man", "yes"), Answer("whom", "Maid", "no"), Seen("causes", "Fall")),
        id="card-denied-and-seen",
        marks=SLOW,
    ),
    pytest.param((Answer("why", "Greed", "yes"), Answer("where", "indoors", "yes")), id="found"),
]


@pytest.mark.parametrize("clues", POSITIONS)
def test_the_objective_is_the_brute_force_expectation(clues: tuple[Any, ...]) -> None:
    inv = small_investigation()
    for clue in clues:
        inv = inv.observe(clue)
    every = list(inv.queries())
    ranked = [r.action for r in inv.recommend(top=4, strategy="guest")]
    queries = [*ranked, *(q for q in every[::7] if q not in ranked)]  # a sample, the best first
    got = GuestValues(tables_of(TINY), inv.space, queries)
    for i, question in enumerate(queries):
        assert got.p_yes[i] == pytest.approx(float(chance_of_yes(TINY, clues, question)))
        expected = objective_by_hand(TINY, clues, question)
        assert got.points[i] == pytest.approx(float(expected), abs=1e-12), question
        assert got.value[i] == pytest.approx(got.points[i] - 2 * got.clock[i]), question


def test_three_cards_found_two_elements_invented_by_hand() -> None:
    inv = Investigation(EXAMPLE)
    for element, card in [("who", "Butler"), ("whom", "Heiress"), ("why", "Greed")]:
        inv = inv.found(element, card, invented=False)
    # where and how are invented, each worded like one of its 20 cards or its own way:
    # naming a scene finds it with 1/21; a "no" leaves the next guest 20 wordings of it
    # and 21 of how: 1/21 (3 + 3/21) - 20/21 * 3 (1/20 + 1/20 * 1/21) = 0
    name, tag = Question("where", "Cellar"), Question("where", "indoors")
    values = GuestValues(tables_of(EXAMPLE), inv.space, [name, tag])
    assert values.p_yes.tolist() == pytest.approx([1 / 21, 1 / 2])
    assert values.yes[0].tolist() == pytest.approx([0, 0, 0, 0, 1 / 21])
    assert values.no[0].tolist() == pytest.approx([0, 0, 0, 1 / 20, 1 / 21])
    assert values.points.tolist() == pytest.approx([0.0, 0.0], abs=1e-12)
    # neither reply tells anything about the draw (the wording, and the tag of an
    # invented element, are the writer's own): each hands the writer 25/60 of a point,
    # counted twice
    assert values.bits.tolist() == pytest.approx([0.0, 0.0], abs=1e-12)
    assert values.clock.tolist() == pytest.approx([5 / 12, 5 / 12])
    assert values.value.tolist() == pytest.approx([-5 / 6, -5 / 6])


def test_a_certain_card_is_worth_its_points_and_what_follows() -> None:
    # two elements worded in the writer's own words: the other three are cards
    inv = small_investigation().found("who", "Stage magician").found("whom", "Beekeeper")
    inv = inv.answer("where", "indoors", "yes")
    assert inv.certain()["where"] == "Cellar"
    (value,) = guest_values(tables_of(TINY), inv.space, [Question("where", "Cellar")])
    clues = inv.clues
    after = [*clues, Answer("where", "Cellar", "yes")]
    # a sure "yes" teaches nothing: the clock takes its 25 s, 5/12 of the writer's point,
    # counted twice
    expected = 3 + run_by_hand([find_chance(TINY, after, e) for e in ELEMENTS]) - Fraction(5, 6)
    assert value == pytest.approx(float(expected))
    best = inv.recommend(top=1, strategy="guest")[0]
    assert best.action == Question("where", "Cellar") and best.score == pytest.approx(value)


def test_the_clock_term_by_hand() -> None:
    # who and whom invented: where, why and how are cards, each of its stack equally
    # likely. "indoors?" is yes for the Cellar, no for the Beach: P(yes) = 1/2, 1 bit.
    # "money?" is yes for Greed and, a coin flip, for Fear: P(yes) = 1/2 + 1/4 = 3/4,
    # the reply's entropy H(3/4) less the flip's 1 bit half the time.
    inv = small_investigation().found("who", "Stage magician").found("whom", "Beekeeper")
    queries = [Question("where", "indoors"), Question("why", "money")]
    values = GuestValues(tables_of(TINY), inv.space, queries)
    h = -(0.75 * math.log2(0.75) + 0.25 * math.log2(0.25))
    assert values.p_yes.tolist() == pytest.approx([1 / 2, 3 / 4])
    assert values.bits.tolist() == pytest.approx([1.0, h - 0.5])
    # the writer's points handed on: 25 s at a point a minute, less the bits' questions
    # saved at 0.35 bits a question
    assert (SECONDS_PER_QUESTION, BITS_PER_QUESTION, CLOCK_WEIGHT) == (25.0, 0.35, 2.0)
    by_hand = [25 / 60 * (1 - 1 / 0.35), 25 / 60 * (1 - (h - 0.5) / 0.35)]
    assert values.clock.tolist() == pytest.approx(by_hand)
    assert by_hand[0] == pytest.approx(-65 / 84)
    assert values.value.tolist() == pytest.approx((values.points - 2 * values.clock).tolist())
    assert guest_values(tables_of(TINY), inv.space, queries).tolist() == pytest.approx(
        values.value.tolist()
    )


def test_clock_value_by_hand_and_its_bad_input() -> None:
    assert clock_value([0.0, 0.35, 0.7]).tolist() == pytest.approx([5 / 12, 0.0, -5 / 12])
    assert clock_value([1.0], seconds=60.0, rate=0.5).tolist() == pytest.approx([-1.0])
    invalid_input(lambda: clock_value([-0.1]), "bits", ">= 0")
    invalid_input(lambda: clock_value([[0.1]]), "bits", "a list")
    invalid_input(lambda: clock_value([0.1], seconds=-1.0), "seconds", ">= 0")
    invalid_input(lambda: clock_value([0.1], rate=0.0), "rate", "> 0")


def test_the_run_counts_certain_cards_then_the_chain() -> None:
    assert run_value([[1.0, 1.0, 0.5, 0.0, 0.0]]).tolist() == pytest.approx([7.5])
    assert run_value([[0.0] * 5]).tolist() == [0.0]


def test_bad_input_names_the_argument() -> None:
    inv = Investigation(EXAMPLE).found("how", "Poison", invented=False)
    tables = tables_of(EXAMPLE)
    invalid_input(
        lambda: GuestValues(tables, inv.space, [Question("how", "Knife")]), "queries", "not found"
    )
    invalid_input(lambda: run_value([[1.5, 0.0]]), "chances", "from 0 to 1")
    invalid_input(lambda: run_value([0.5, 0.2]), "chances", "one per element")
    invalid_input(lambda: inv.recommend(strategy="guests"), "strategy", "'guest'")


def test_guests_with_the_objective_play_whole_games() -> None:
    guest = following("guest")
    record = play_game([guest, guest, guest], seed=5, rounds=1)
    assert record.tables[0].story_found
    assert record.tables[0].solved == record.truth["stories"][0]
    assert sum(record.tables[0].sheet.guest_points().values()) == 15


def test_a_reply_all_but_impossible_leaves_chances_of_at_most_1() -> None:
    # a "no" whose weight is rounding error: the likeliest card's share rounds over 1
    named = np.array([[3e-17, 1e-17], [0.2, 0.1]])
    assert _best(named, np.array([2e-17, 0.4])).tolist() == [1.0, 0.5]


def test_the_tables_default_is_the_objective_from_three_players() -> None:
    names = ("Ann", "Ben", "Cy", "Di", "Ed")
    for n in (2, 3, 4, 5):
        table = Table(EXAMPLE, players=names[:n], me="Ben")
        assert table.default_strategy == ("entropy" if n == 2 else "guest")
        assert (
            table.recommend(top=1)[0] == table.recommend(top=1, strategy=table.default_strategy)[0]
        )
    assert Investigation(EXAMPLE).default_strategy == "entropy"  # the notebook alone


@pytest.mark.parametrize("players", [("Ann", "Ben"), ("Ann", "Ben", "Cy")])
def test_the_advised_bot_asks_what_the_tables_default_ranks_first(players: tuple[str, ...]) -> None:
    rng = random.Random(0)
    default = following("entropy" if len(players) == 2 else "guest")
    table = Table(EXAMPLE, players=players, me="Ben")
    table = table.ask("how", "object", "yes").ask("how", "weapon", "no")
    table = table.ask("where", "indoors", "yes").ask("who", "woman", "no")
    for t in (table, table.ask("how", "tool", "yes")):
        assert advised.choose(t, rng, "ask") == default.choose(t, rng, "ask")
    # the two strategies part ways here: the test tells them apart
    after = table.ask("how", "tool", "yes")
    guest, entropy = following("guest"), following("entropy")
    assert guest.choose(after, rng, "ask") != entropy.choose(after, rng, "ask")


def test_the_opponents_points_weigh_less_at_a_larger_table() -> None:
    # a point to one of n - 1 opponents: the weights measured at 3 players, times 2/(n-1)
    assert [opponent_weight(n) for n in (2, 3, 4, 5, 6)] == pytest.approx(
        [2.0, 1.0, 2 / 3, 1 / 2, 2 / 5]
    )
    inv = small_investigation().found("who", "Stage magician").answer("where", "indoors", "no")
    queries = list(inv.queries())
    tables = tables_of(TINY)
    three = GuestValues(tables, inv.space, queries)
    gain = 3 * three.names_card + run_value(three.yes)
    lost = (1 - three.p_yes) * run_value(three.no)
    assert three.points.tolist() == pytest.approx((three.p_yes * gain - lost).tolist())
    assert three.value.tolist() == pytest.approx(
        GuestValues(tables, inv.space, queries, players=3).value.tolist()
    )
    for n in (2, 4, 5):
        got = GuestValues(tables, inv.space, queries, players=n)
        w = 2 / (n - 1)
        assert got.points.tolist() == pytest.approx((three.p_yes * gain - w * lost).tolist())
        assert got.value.tolist() == pytest.approx((got.points - 2 * w * three.clock).tolist())
        by_value = guest_values(tables, inv.space, queries, players=n)
        assert by_value.tolist() == pytest.approx(got.value.tolist())
    junks: tuple[Any, ...] = (1, 0, -3, 2.5, "4", True, None)
    for junk in junks:
        invalid_input(partial(opponent_weight, junk), "players", "at least 2")
        build = partial(GuestValues, tables, inv.space, queries, players=junk)
        invalid_input(build, "players", "at least 2")


def test_a_table_weighs_the_opponents_for_its_own_size() -> None:
    names = ("Ann", "Ben", "Cy", "Di", "Ed")
    inv = Investigation(EXAMPLE).found("who", "Butler", invented=False)
    assert inv.guest_players() == 3
    for n in (2, 3, 4, 5):
        table = Table(EXAMPLE, players=names[:n], me="Ben").found("who", "Butler", invented=False)
        assert table.guest_players() == n
        queries = list(table.queries())
        values = guest_values(tables_of(EXAMPLE), table.space, queries, players=n)
        best = table.recommend(top=1, strategy="guest")[0]
        assert best.score == pytest.approx(float(values.max()))
        tied = [q for q, v in zip(queries, values, strict=True) if v == pytest.approx(best.score)]
        assert best.action in tied
    at_five = Table(EXAMPLE, players=names, me="Ben").found("who", "Butler", invented=False)
    five = [r.score for r in at_five.recommend(top=5, strategy="guest")]
    three = [r.score for r in inv.recommend(top=5, strategy="guest")]
    assert five != pytest.approx(three)  # the same position, weighed for another size
