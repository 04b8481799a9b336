"""Black Stories Investigation: cards, one case, and a whole table."""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

import pytest
from bsi_positions import bots, my_turns, reshuffles
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deduce import Contradiction, InvalidInput, testing
from deduce.games import bsi
from deduce.games.bsi import CARDS, CASES, Card, Case, Investigation, Table
from deduce.games.bsi import bots as game_master
from deduce.games.bsi.advice import best_after_one_more
from deduce.games.bsi.bots import STAND_IN, advised, bot, cautious, play_game, random_bot
from deduce.games.bsi.truthful import brute_cases, field_of, matches
from deduce.games.bsi.truthful import table_reference as reference
from deduce.testing import invalid_input

WOMAN_KNIFE = Card(victim="woman", weapon="knife")
FIRST_CARD = Card(victim="woman", time="night", scene="outside", weapon="gun")
ANSWER = Case("woman", "day", "inside", "knife")


# -- cards ----------------------------------------------------------------------------


def test_every_card_once() -> None:
    assert len(CARDS) == 24 + 32 + 16 == len(set(CARDS))
    assert [c.case for c in CARDS if c.size == 4] == list(CASES)


@pytest.mark.parametrize(
    ("make", "argument"),
    [
        (lambda: Card(victim="woman"), "card"),
        (lambda: Card(), "card"),
        (lambda: Card(victim="girl", weapon="knife"), "victim"),
        (lambda: Card(colour="red", weapon="knife"), "evidence"),
        (lambda: Card.parse("woman woman"), "card"),
        (lambda: Card.parse("woman rope"), "card"),
        (lambda: Card.parse(7), "card"),  # type: ignore[arg-type]
        (lambda: Case("woman", "day", "inside", "rope"), "weapon"),
        (lambda: Case.parse("woman/day/inside"), "case"),
        (lambda: Investigation().played("woman/knife", 3), "field"),
        (lambda: Investigation().played("woman/knife/day", 4), "field"),
        (lambda: Investigation().played("woman/knife", "2/3"), "field"),
        (lambda: Investigation().played("woman/knife", True), "field"),
        (lambda: Investigation().seen(), "cases"),
        (lambda: Investigation().seen("woman/knife"), "case"),
        (lambda: Investigation().failed_attempt("man"), "card"),
        (lambda: bsi.points(4, 2), "drops"),
        (lambda: bsi.points(3, -1), "cards_under_grid"),
    ],
)
def test_bad_input(make: Any, argument: str) -> None:
    assert "expected" in str(invalid_input(make, argument))


def test_fields_zero_and_one_are_the_same() -> None:
    a = Investigation().played(FIRST_CARD, 0)
    assert a == Investigation().played(FIRST_CARD, 1) == Investigation().played(FIRST_CARD, "0/1")


# -- the rulebook's worked example ----------------------------------------------------


def test_worked_example_one_case() -> None:
    eva = Investigation().played(FIRST_CARD, "0/1").played(WOMAN_KNIFE, 2)
    eva = eva.seen("man/night/inside/gun")  # a case card elsewhere: a clue, not a card here
    assert eva.solutions() == [ANSWER]
    assert eva.solved == ANSWER
    under_the_grid = [c for c in eva.clues if isinstance(c, bsi.Played)]
    assert len(under_the_grid) == 2 < len(eva.clues)
    assert bsi.points(3, len(under_the_grid)) == 3 + 4


def test_worked_example_at_the_table() -> None:
    table = Table(2, case="man/night/inside/gun", hand=[FIRST_CARD, WOMAN_KNIFE, "man/day"])
    table = table.played(FIRST_CARD, 1, "0/1").drew("man/night")
    table = table.played("man/inside", 0, 2).drew()
    table = table.played(WOMAN_KNIFE, 1, 2)
    assert table.solved_case(1) == ANSWER
    assert table.attempt_value(1, 3) == 7.0
    best = table.best_attempt()
    assert best is not None and (best.case, best.drops, best.points) == (ANSWER, 3, 7.0)
    after = table.attempt(1, ANSWER, 3, correct=True)
    assert after.scores() == {0: 3 + 4, 1: 0}
    assert after.grid(1) == () and ANSWER.card in after.discard
    assert after.drops_left(0) == (1, 2)


# -- one case: properties -------------------------------------------------------------

cards = st.sampled_from(CARDS)
cases = st.sampled_from(CASES)


@st.composite
def truthful(draw: st.DrawFn) -> tuple[Case, list[Any]]:
    secret = draw(cases)
    clues: list[Any] = []
    for _ in range(draw(st.integers(0, 7))):
        kind = draw(st.sampled_from(["played", "played", "seen", "failed"]))
        if kind == "played":
            card = draw(cards.filter(lambda c: c.case != secret))
            clues.append(bsi.Played(card, field_of(secret, card)))
        elif kind == "seen":
            others = draw(st.lists(cases.filter(lambda c: c != secret), min_size=1, max_size=3))
            clues.append(bsi.Seen(tuple(others)))
        else:
            clues.append(bsi.FailedAttempt(draw(cases.filter(lambda c: c != secret))))
    return secret, clues


def build(clues: list[Any]) -> Investigation:
    inv = Investigation()
    for clue in clues:
        inv = inv.observe(clue)
    return inv


@given(truthful())
def test_one_case_sound_complete_exact(game: tuple[Case, list[Any]]) -> None:
    secret, clues = game
    inv = build(clues)
    expected = brute_cases(clues)
    assert secret in inv.solutions()
    assert sorted(inv.solutions(), key=CASES.index) == expected
    assert all(p == pytest.approx(1 / len(expected)) for p in inv.probabilities().values())


@given(truthful(), cards, st.sampled_from(["0/1", 2, 3]))
def test_one_case_contradiction(game: tuple[Case, list[Any]], card: Card, field: Any) -> None:
    _, clues = game
    if field == 3 and card.size < 3:
        return
    inv = build(clues)
    clue = bsi.Played(card, field)
    if brute_cases([*clues, clue]):
        assert inv.played(card, field).clues[-1] == clue
        return
    before = inv.probabilities()
    if not brute_cases([clue]):
        with pytest.raises(InvalidInput):
            inv.played(card, field)
        return
    with pytest.raises(Contradiction) as error:
        inv.played(card, field)
    conflict = list(error.value.conflict)
    assert conflict and all(c in clues for c in conflict)
    assert not brute_cases([*conflict, clue])
    for i in range(len(conflict)):  # no smaller set found by dropping one
        assert brute_cases([*conflict[:i], *conflict[i + 1 :], clue])
    assert inv.probabilities() == before and inv.clues == tuple(clues)


@given(truthful())
def test_one_case_json_round_trip(game: tuple[Case, list[Any]]) -> None:
    inv = build(game[1])
    again = Investigation.from_json(inv.to_json())
    assert again == inv and again.probabilities() == inv.probabilities()


@given(truthful())
def test_one_case_recommendation_is_entropy_of_the_field(game: tuple[Case, list[Any]]) -> None:
    inv = build(game[1])
    rec = inv.recommend(top=1)[0]
    alive = inv.solutions()
    counts: dict[Any, int] = {}
    for case in alive:
        counts[field_of(case, rec.action)] = counts.get(field_of(case, rec.action), 0) + 1
    entropy = -sum(n / len(alive) * math.log2(n / len(alive)) for n in counts.values())
    assert rec.information == pytest.approx(entropy)
    assert rec.action.case not in alive  # a possible case's own card is never suggested
    best = max(
        -sum(n / len(alive) * math.log2(n / len(alive)) for n in _histogram(alive, card).values())
        for card in bsi.BOX  # the cards in the box only
        if card.case not in alive
    )
    assert rec.information == pytest.approx(best)


def _histogram(alive: list[Case], card: Card) -> dict[Any, int]:
    counts: dict[Any, int] = {}
    for case in alive:
        counts[field_of(case, card)] = counts.get(field_of(case, card), 0) + 1
    return counts


# -- the table: reference from the game master's own record ---------------------------


@st.composite
def table_games(draw: st.DrawFn) -> Any:
    players = draw(st.integers(2, 4))
    seats = [draw(bots) for _ in range(players)]
    seed, turns = draw(st.integers(0, 10**6)), draw(st.integers(1, 60))
    return play_game(seats, seed=seed, max_turns=turns, reshuffle=draw(reshuffles))


def check_table(record: Any) -> None:
    table = record.tables[0]
    truth = tuple(record.truth["cases"][1:])
    expected = reference(record)
    got = {tuple(cases) for cases in table.probabilities()}
    assert truth in got  # sound
    assert got == expected  # complete: nothing kept that any clue or card in view excludes
    for p in table.probabilities().values():
        assert p == pytest.approx(1 / len(expected))
    for seat in table.opponents:
        marginal = table.case_probabilities(seat)
        for case, p in marginal.items():
            share = sum(1 for combo in expected if combo[seat - 1] == case) / len(expected)
            assert p == pytest.approx(share)
    assert table.scores() == dict(enumerate(record.points))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table_games())
def test_table_sound_complete_exact(record: Any) -> None:
    check_table(record)


@pytest.mark.long
@pytest.mark.parametrize("reshuffle", ["when_needed", "when_empty"])
def test_table_many_games_with_reshuffles(reshuffle: str) -> None:
    reshuffled = redrawn_after = 0
    for seed in range(300):
        players = 2 + seed % 3
        lineup = [advised, random_bot, cautious, random_bot][:players]
        record = play_game(lineup, seed=seed, reshuffle=reshuffle)
        check_table(record)
        reshuffled += bool(record.truth["reshuffles"])
        steps = [s for s, _ in record.truth["reshuffles"]]
        redrawn_after += any(s > min(steps, default=10**9) for s in record.truth["case_step"])
    assert reshuffled > 30 and redrawn_after > 5  # the hard cases were exercised


def without_reported_reshuffles(table: Table) -> Table | None:
    """The same moves read as if the table reshuffled only when a card was needed (None
    when they are not even possible that way)."""
    other = Table(table.players, case=table.case, hand=table.start_hand, first=table.first)
    try:
        for event in table.clues:
            if not isinstance(event, bsi.Reshuffle):
                other = other.observe(event)
    except (InvalidInput, Contradiction):
        return None
    return other


@pytest.mark.slow
def test_the_reading_of_the_reshuffle_changes_the_counts() -> None:
    """Games whose table reshuffles as soon as the pile is empty, reported with
    reshuffled(): the posterior is exact (check_table), and read the other way (reshuffle
    when a card is needed) it would often be different, so the reading matters."""
    differ = reported = 0
    for seed in range(300):
        lineup = [bsi.entropy_advised, random_bot, random_bot][: 2 + seed % 2]
        record = play_game(lineup, seed=seed, reshuffle="when_empty")
        check_table(record)
        table = record.tables[0]
        if any(isinstance(e, bsi.Reshuffle) for e in table.clues):
            reported += 1
            other = without_reported_reshuffles(table)
            differ += other is None or other.probabilities() != table.probabilities()
    assert reported > 30 and differ > 10


@settings(max_examples=25, deadline=None)
@given(table_games())
def test_table_json_round_trip(record: Any) -> None:
    for table in record.tables:
        again = Table.from_json(table.to_json())
        assert again == table and hash(again) == hash(table)
        assert again.probabilities() == table.probabilities()
        assert again.scores() == table.scores() and again.turn == table.turn


@settings(max_examples=30, deadline=None)
@given(my_turns())
def test_table_recommendations(record: Any) -> None:
    table = record.tables[0]
    if table.step != "lay":
        return
    assert table.turn == 0
    worlds = [tuple(cases) for cases in table.probabilities()]
    recs = table.recommend_play(top=100, strategy="entropy")
    assert {(r.action.card, r.action.target) for r in recs} == {
        (c, s) for c in table.hand for s in table.opponents
    }
    for rec in recs:
        counts: dict[Any, int] = {}
        for combo in worlds:
            f = field_of(combo[rec.action.target - 1], rec.action.card)
            counts[f] = counts.get(f, 0) + 1
        h = -sum(n / len(worlds) * math.log2(n / len(worlds)) for n in counts.values())
        assert rec.information == pytest.approx(h)
        assert rec.outcomes == pytest.approx({f: n / len(worlds) for f, n in counts.items()})
    infos = [r.information for r in recs]  # best first (ties may differ in the last bit)
    assert all(a >= b - 1e-12 for a, b in itertools.pairwise(infos))
    for seat in table.opponents:
        for drops in (1, 2, 3):
            best = max(
                sum(1 for combo in worlds if combo[seat - 1] == case) for case in CASES
            ) / len(worlds)
            bonus = max(0, 6 - len(table.grid(seat)))
            assert table.attempt_value(seat, drops) == pytest.approx(best * (drops + bonus))
    # the attempt comes after the lay: its values count the card just laid
    card, target = recs[0].action.card, recs[0].action.target
    truth = record.truth["cases"][target]
    laid = table.played(card, target, field_of(truth, card))
    worlds = [tuple(cases) for cases in laid.probabilities()]
    options = laid.recommend_attempt(strategy="entropy")
    assert {(o.target, o.drops) for o in options} == {
        (s, d) for s in laid.opponents for d in laid.drops_left(0)
    }
    for option in options:
        share = sum(1 for combo in worlds if combo[option.target - 1] == option.case)
        assert option.probability == pytest.approx(share / len(worlds))
        cards = len(table.grid(option.target)) + (option.target == target)
        assert option.points == pytest.approx(share / len(worlds) * bsi.points(option.drops, cards))


@settings(max_examples=30, deadline=None)
@given(my_turns())
def test_one_more_card_of_mine_splits_the_cases_listed_by_its_fields(record: Any) -> None:
    """The chance after one more card at a grid: per field it can fall in, the likeliest
    case of the worlds listed there; the best card of my hand (or none)."""
    table = record.tables[0]
    if table.over:
        return
    worlds = [tuple(cases) for cases in table.probabilities()]
    for seat in table.opponents:
        cases = [combo[seat - 1] for combo in worlds]
        best = max(cases.count(case) for case in set(cases))
        for card in set(table.hand):
            by_field: dict[Any, list[Any]] = {}
            for case in cases:
                by_field.setdefault(field_of(case, card), []).append(case)
            split = sum(max(group.count(c) for c in set(group)) for group in by_field.values())
            best = max(best, split)
        assert best_after_one_more(table, seat) == pytest.approx(best / len(worlds))


@settings(max_examples=30, deadline=None)
@given(my_turns())
def test_the_worlds_after_every_move_are_those_of_its_state(record: Any) -> None:
    """A move that tells nothing about the cases keeps the worlds: the same as worked out
    afresh from the state after it."""
    table = record.tables[0]
    for step in table.lineage:
        afresh = table.space_of(step.space.state)
        assert step.space.worlds.tolist() == afresh.worlds.tolist()
        assert step.space.weights.tolist() == afresh.weights.tolist()
        assert step.space.ids.tolist() == afresh.ids.tolist()


@settings(max_examples=30, deadline=None)
@given(my_turns())
def test_lay_options_are_the_attempts_after_each_field(record: Any) -> None:
    """Every lay's value is, field by field, what the table says once the card is laid."""
    table = record.tables[0]
    if table.step != "lay":
        return
    options = table.lay_options()
    assert {(o.play.card, o.play.target) for o in options} == {
        (c, s) for c in table.hand for s in table.opponents
    }
    worlds = [tuple(cases) for cases in table.probabilities()]
    for option in options:
        card, target = option.play.card, option.play.target
        counts: dict[Any, int] = {}
        for combo in worlds:
            f = field_of(combo[target - 1], card)
            counts[f] = counts.get(f, 0) + 1
        assert option.outcomes == pytest.approx({f: n / len(worlds) for f, n in counts.items()})
        expected = 0.0
        for field, chance in option.outcomes.items():
            laid = table.played(card, target, field)
            attempts = laid.recommend_attempt()
            best = max((max(o.value, o.wait_points) for o in attempts), default=0.0)
            expected += chance * best
            advised = laid.best_attempt(strategy="points")
            assert option.attempts[field] == advised
        assert option.points == pytest.approx(expected)
    ranked = [round(o.points, 9) for o in options]
    assert ranked == sorted(ranked, reverse=True)
    assert table.recommend(top=1, strategy="points")[0].action == options[0].play


def three_points_position() -> Table:
    """3 players; seat 1's case is man/day/inside/knife or woman/day/inside/knife (5 cards
    under the grid); my hand holds woman/day, night/outside/gun and woman/inside."""
    t = Table(3, case="man/night/outside/gun", hand=["day/inside", "night/inside", "woman/day"])
    t = t.played("day/inside", 1, 2).drew("day/knife")
    t = t.played("man/knife", 0, "0/1").drew()
    t = t.played("day/outside", 1, "0/1").drew()
    t = t.played("night/inside", 1, "0/1").drew("night/outside/gun")
    t = t.played("woman/gun", 0, "0/1").drew()
    t = t.played("night/outside", 1, "0/1").drew()
    t = t.played("day/knife", 1, 2).drew("woman/inside")
    t = t.played("inside/gun", 0, "0/1").drew()
    return t.played("man/night/knife", 0, 2).drew()


def test_the_lay_that_makes_a_case_certain_comes_first() -> None:
    table = three_points_position()
    assert table.case_probabilities(1) == {
        Case.parse("man/day/inside/knife"): 0.5,
        Case.parse("woman/day/inside/knife"): 0.5,
    }
    # by information alone another lay comes first
    assert (
        str(table.recommend(top=1, strategy="entropy")[0].action) == "night/outside/gun -> seat 2"
    )
    top = table.recommend(top=1, strategy="points")[0]
    assert str(top.action) == "woman/day -> seat 1" and top.strategy == "points"
    # the default at 3 players is the race: it ranks by the chance to finish first
    race = table.recommend(top=1)[0]
    assert race.strategy == "race" and race.score == table.race_lays()[0].win
    best = table.lay_options()[0]
    for field, case in ((2, "woman/day/inside/knife"), ("0/1", "man/day/inside/knife")):
        attempt = best.attempts[field]
        assert attempt is not None
        assert (attempt.target, str(attempt.case), attempt.drops) == (1, case, 3)
        assert attempt.probability == 1.0 and attempt.points == pytest.approx(3.0)
    # laid elsewhere, the same case is worth 2.00 points with the 3-drop card
    elsewhere = table.played("night/outside/gun", 2, "0/1").recommend_attempt()
    three = next(o for o in elsewhere if o.target == 1 and o.drops == 3)
    assert three.probability == 0.5 and three.points == pytest.approx(2.0)


def test_one_case_offers_only_cards_in_the_box() -> None:
    inv = Investigation().played("woman/night/outside/gun", "0/1")
    left = set(inv.solutions())
    offered = [r.action for r in inv.recommend(top=1000)]
    assert sorted(offered, key=str) == sorted(
        [*STAND_IN, *(case.card for case in CASES if case not in left)], key=str
    )
    assert len(set(offered)) == 12 + 16 - len(left)
    mine = ["woman/knife", "man/day", "inside/gun", "night/outside", "man/night/knife",
            "woman/day/gun", "day/inside", "night/gun", "man/outside/gun", "woman/inside",
            "day/outside/knife", "man/gun"]  # fmt: skip
    own = Investigation(small_cards=mine).played("woman/night/outside/gun", "0/1")
    assert {str(r.action) for r in own.recommend(top=1000) if r.action.size < 4} == set(mine)
    assert Investigation.from_json(own.to_json()) == own
    assert "small_cards=" in repr(own)
    for bad in (mine[:11], [*mine[:11], "woman/knife"], [*mine[:11], "man/day/inside/gun"]):
        invalid_input(lambda bad=bad: Investigation(small_cards=bad), "small_cards")


THREE_POINTS_MOVES = [
    "lay day/inside 1 2", "draw day/knife", "lay man/knife 0 0/1", "draw",
    "lay day/outside 1 0/1", "draw", "lay night/inside 1 0/1", "draw night/outside/gun",
    "lay woman/gun 0 0/1", "draw", "lay night/outside 1 0/1", "draw",
    "lay day/knife 1 2", "draw woman/inside", "lay inside/gun 0 0/1", "draw",
    "lay man/night/knife 0 2", "draw",
]  # fmt: skip


def test_the_console_shows_every_lay_with_its_attempt_before_laying(tmp_path: Any) -> None:
    from terminal import Terminal

    term = Terminal(["play", "bsi"], home=tmp_path)
    for question, answer in (
        ("Players", "3"),
        ("case", "man/night/outside/gun"),
        ("cards", "day/inside night/inside woman/day"),
        ("starts", ""),
        ("Box", ""),
    ):
        term.expect(question)
        term.send(answer)
    term.expect_prompt("bsi> ")
    for line in THREE_POINTS_MOVES:
        term.send(line)
        assert "refused" not in term.expect_prompt("bsi> ")
    assert (
        three_points_position().clues
        == bsi.Table.from_json((tmp_path / "state" / "deduce" / "bsi.json").read_text()).clues
    )
    term.send("attempts")
    shown = " ".join(term.expect_prompt("bsi> ").split())
    assert shown.index("lay woman/day at seat 1 4.49 0/1 50% seat 1 is man/day/inside/knife, "
                       "3-drop card: 100% right, 3.00 points") < shown.index(
        "lay night/outside/gun at seat 2")  # fmt: skip
    term.send("lay woman/day 1 2")
    shown = " ".join(term.expect_prompt("bsi> ").split())
    assert "Worth solving now: seat 1 is woman/day/inside/knife (100%, 3.00 points" in shown
    term.send("quit")
    assert term.finish() == 0


# -- the table: contradictions and bad moves ------------------------------------------


def opening(players: int = 3) -> Table:
    return Table(players, case="man/day/inside/knife", hand=["woman/knife", "man/gun", "day/gun"])


def test_table_contradiction_names_the_fields() -> None:
    t = opening(2)
    t = t.played("woman/knife", 1, 2).drew("woman/day/gun")
    t = t.played("woman/night/outside/gun", 0, "0/1").drew()
    before = t.probabilities()
    # seat 1's case has woman and knife, so "woman/day/gun" cannot match 3
    with pytest.raises(Contradiction) as error:
        t.played("woman/day/gun", 1, 3)
    assert [str(c) for c in error.value.conflict] == ["woman/knife at seat 1: 2"]
    assert t.probabilities() == before and len(t.clues) == 4
    assert t.played("woman/day/gun", 1, "0/1").evidence(1)["time"] == {"day": 0.0, "night": 1.0}


def test_table_contradiction_across_seats() -> None:
    # seat 1 is pinned to woman/night/outside/gun; seat 2 then can only be the same
    hand = ["woman/night/outside", "inside/gun", "man/gun"]
    t = Table(3, case="man/day/inside/knife", hand=hand)
    t = t.played("woman/night/outside", 1, 3).drew("man/night")
    t = t.played("woman/night/gun", 2, 3).drew()
    t = t.played("woman/night/inside/knife", 1, 2).drew()
    assert t.solved_case(1) == Case("woman", "night", "outside", "gun")
    assert t.solved_case(2) == Case("woman", "night", "inside", "gun")
    before = t.probabilities()
    with pytest.raises(Contradiction) as error:
        t.played("inside/gun", 2, "0/1")
    assert [str(c) for c in error.value.conflict] == [
        "woman/night/outside at seat 1: 3",
        "woman/night/gun at seat 2: 3",
        "woman/night/inside/knife at seat 1: 2",
    ]
    assert t.probabilities() == before
    assert t.played("inside/gun", 2, 2).solved_case(2) == Case("woman", "night", "inside", "gun")


@pytest.mark.parametrize(
    ("move", "argument"),
    [
        (lambda t: t.played("man/night", 1, 2), "card"),  # not in my hand
        (lambda t: t.played("woman/knife", 0, 2), "target"),  # my own grid, on my turn
        (lambda t: t.played("woman/knife", 3, 2), "target"),  # no seat 3 at 3 players
        (lambda t: t.played("woman/knife", 1, 3), "field"),  # 3 for a 2-piece card
        (lambda t: t.played("woman/knife", 1, "4"), "field"),
        (lambda t: t.attempt(1, "man/day/inside/gun", 3, correct=False), "move"),  # lay first
        (
            lambda t: t.played("woman/knife", 1, 2).attempt(
                1, "woman/day/inside/gun", 4, correct=False
            ),
            "drops",
        ),
        (lambda t: t.played("woman/knife", 1, 2).attempt(1, "woman/day/inside/gun", 3), "correct"),
        (
            lambda t: t.played("woman/knife", 1, 2).attempt(
                1, "man/day/inside/knife", 3, correct=True
            ),
            "case",
        ),  # my case
        (lambda t: t.played("woman/knife", 1, 2).drew(), "card"),  # my drawn card is required
        (lambda t: t.played("woman/knife", 1, 2).drew("man/day/inside/knife"), "card"),  # in view
        (lambda t: t.played("woman/knife", 1, 2).played("man/gun", 1, 2), "move"),
        (
            lambda t: t.played("woman/knife", 1, 2).drew("man/night").played("man/outside", 0, 2),
            "field",
        ),
        (lambda t: t.played("woman/knife", 1, 2).drew("man/night").drew(), "move"),
        (
            lambda t: (
                t.played("woman/knife", 1, 2).drew("man/night").played("man/gun", 2, 2).drew("x/y")
            ),
            "card",
        ),
    ],
)
def test_table_bad_moves(move: Any, argument: str) -> None:
    t = opening(3)
    before = t.to_json()
    invalid_input(lambda: move(t), argument)
    assert t.to_json() == before


def test_a_card_is_where_it_is() -> None:
    """Each card exists once: another seat cannot lay a card in my hand, under a grid, on
    the discard pile, or one it cannot have drawn."""
    t = opening(3).played("woman/knife", 1, 2).drew("man/night")
    for card, where in (
        ("man/gun", "it is in your hand"),
        ("man/night", "it is in your hand"),
        ("woman/knife", "it lies under an evidence grid"),
        ("man/day/inside/knife", "it is in view (your case or a solved case)"),
    ):
        with pytest.raises(InvalidInput) as error:
            t.played(card, 2, "0/1")
        assert error.value.argument == "card" and f"({where})" in str(error.value)
        assert "seat 1 can hold" in str(error.value)
    t = t.played("man/outside", 2, "0/1").attempt(2, "woman/night/inside/gun", 3, correct=True)
    with pytest.raises(InvalidInput, match=r"\(it is on the discard pile\)"):
        t.drew().played("man/outside", 0, "0/1")
    with pytest.raises(InvalidInput, match=r"card='man/gun' .*\(it is in your hand\)"):
        t = t.drew().played("woman/day/outside", 0, "0/1").drew()
        t.played("day/gun", 1, "0/1").drew("man/gun")


def reshuffled_table() -> tuple[Table, Case]:
    """3 players; a solve sends man/day and woman/gun (turned up) to the discard pile, the
    draw pile runs out and the discard pile becomes the new one when seat 1 draws, before
    seat 2's turn. Returns the table at seat 2's turn and seat 2's case."""
    mine, one, two = (
        Case.parse(c)
        for c in ("man/day/inside/knife", "woman/night/outside/gun", "woman/day/outside/gun")
    )
    fresh = iter(
        c
        for c in CARDS
        if c.size < 4
        and str(c) not in {"man/day", "woman/gun", "woman/knife", "man/gun", "day/gun"}
    )
    t = Table(3, case=mine, hand=["woman/knife", "man/gun", "day/gun"])
    solved = False
    while True:
        player = t.turn
        if player == 2 and t.reshuffles == 1:
            return t, two
        if player == 0:
            card = t.hand[0]
            t = t.played(card, 2, field_of(two, card))
        else:
            card = next(fresh)
            t = t.played(card, 0, field_of(mine, card))
        if player == 2 and not solved:
            t = t.attempt(1, one, 3, correct=True, revealed=["man/day", "woman/gun"])
            solved = True
        if player == 0:  # the new draw pile holds man/day and seat 1's solved case
            t = t.drew(one.card if t.pile == 0 or t.reshuffles else next(fresh))
        else:
            t = t.drew()


def test_a_card_back_in_play_only_for_who_drew_from_its_pile() -> None:
    t, two = reshuffled_table()
    assert t.reshuffles == 1 and t.turn == 2 and t.pile == 2
    with pytest.raises(InvalidInput) as error:
        t.played("man/day", 0, "0/1")
    assert str(error.value) == (
        "card='man/day' is not valid (it went back into play with the draw pile of reshuffle "
        "1, and seat 2 has not drawn from that pile); expected a card seat 2 can hold"
    )
    # seat 1 drew from that pile: it may hold man/day
    t = t.played("woman/night/outside", 0, "0/1").drew()
    t = t.played(t.hand[0], 2, field_of(two, t.hand[0])).drew("woman/night/outside/gun")
    assert t.turn == 1 and t.played("man/day", 0, 2).grid(0)[-1] == (Card.parse("man/day"), 2)


@pytest.mark.parametrize(
    ("kwargs", "argument"),
    [
        ({"players": 5}, "players"),
        ({"players": 1}, "players"),
        ({"hand": ["woman/knife", "man/gun"]}, "hand"),
        ({"hand": ["woman/knife", "man/gun", "man/day/inside/knife"]}, "hand"),
        ({"hand": ["woman/knife", "man/gun", "knife/woman"]}, "hand"),  # one card twice
        ({"case": "man/day"}, "case"),
        ({"first": 3}, "first"),
        ({"names": ["Emil", "Eva"]}, "names"),
    ],
)
def test_table_bad_setup(kwargs: dict[str, Any], argument: str) -> None:
    setup: dict[str, Any] = {
        "players": 3,
        "case": "man/day/inside/knife",
        "hand": ["woman/knife", "man/gun", "day/gun"],
    }
    invalid_input(lambda: Table(**(setup | kwargs)), argument)


def test_advice_only_on_my_turn_at_its_step() -> None:
    t = opening(3)
    assert (t.turn, t.step) == (0, "lay")
    assert t.best() == t.recommend_play(top=1)[0].action
    with pytest.raises(InvalidInput) as error:  # an attempt comes after the card is laid
        t.recommend_attempt()
    assert (error.value.argument, error.value.value) == ("step", "lay")
    with pytest.raises(InvalidInput):
        t.best_attempt()
    laid = t.played("woman/knife", 1, 2)
    assert laid.step == "attempt" and laid.recommend_attempt()
    calls: list[Any] = [laid.recommend_play, laid.recommend, laid.best]
    for advice in calls:
        with pytest.raises(InvalidInput) as error:  # one card per turn
            advice()
        assert (error.value.argument, error.value.value) == ("step", "attempt")
    tried = laid.attempt(1, "woman/day/inside/knife", 1, correct=False)
    assert tried.step == "draw"
    with pytest.raises(InvalidInput) as error:  # one attempt per turn
        tried.recommend_attempt()
    assert (error.value.argument, error.value.value) == ("step", "draw")
    theirs = tried.drew("man/night")  # seat 1's turn
    calls = [theirs.recommend_play, theirs.recommend_attempt, theirs.best_attempt]
    for advice in calls:
        with pytest.raises(InvalidInput) as error:
            advice()
        assert (error.value.argument, error.value.value) == ("turn", 1)
    theirs = theirs.played("man/day", 2, 2)
    with pytest.raises(InvalidInput) as error:
        theirs.best_attempt()
    assert error.value.argument == "turn"
    over = play_game([random_bot, random_bot, random_bot], seed=4).tables[0]
    assert over.over and over.step == "over"
    with pytest.raises(InvalidInput) as error:
        over.recommend_attempt()
    assert error.value.argument == "step"


@pytest.mark.parametrize(
    ("kwargs", "argument"),
    [
        ({"bots": [advised]}, "bots"),
        ({"bots": [advised] * 5}, "bots"),
        ({"max_turns": 0}, "max_turns"),
        ({"max_turns": True}, "max_turns"),
        ({"reshuffle": "sometimes"}, "reshuffle"),
    ],
)
def test_game_master_bad_input(kwargs: dict[str, Any], argument: str) -> None:
    setup: dict[str, Any] = {"bots": [advised, random_bot], "seed": 1}
    invalid_input(lambda: play_game(**(setup | kwargs)), argument)


def no_attempts(table: Table, rng: Any) -> None:
    return None


layer = bot("layer", lambda t, rng: (rng.choice(t.hand), rng.choice(t.opponents)), no_attempts)


def test_a_player_without_cards_cannot_lay() -> None:
    # nobody solves: after 20 draws both piles are empty and the hands run down to nothing
    record = play_game([layer, layer], seed=5, max_turns=27)
    table = record.tables[0]
    assert (table.pile, table.discard, table.hand, table.turn) == (0, (), (), 1)
    assert table.step == "attempt"  # seat 1 holds no card: attempt or draw
    card = next(c for c in STAND_IN if c not in table.start_hand)
    with pytest.raises(InvalidInput) as error:
        table.played(card, 0, field_of(table.my_case, card))
    assert error.value.argument == "move" and "no card in hand" in str(error.value)
    assert table.drew().turn == 0
    with pytest.raises(InvalidInput) as error:  # my turn, and no card to advise on
        table.drew().recommend_play()
    assert error.value.argument == "step"
    with pytest.raises(InvalidInput) as error:
        table.reshuffled()
    assert "the discard pile is empty" in str(error.value)


def test_points_never_below_the_blood_drops() -> None:
    # "Is the result zero or even negative? ... you do get to take point chips for your
    # investigation card"
    assert [bsi.points(2, cards) for cards in range(9)] == [8, 7, 6, 5, 4, 3, 2, 2, 2]


def test_the_game_ends_when_the_round_of_the_third_card_is_over() -> None:
    mine = Case.parse("man/day/inside/knife")
    seat_1 = Case.parse("woman/night/outside/gun")
    hand = ["day/outside/knife", "night/inside/gun", "woman/outside/knife"]
    t = Table(3, case=mine, hand=hand, first=1)  # seat 1 starts the rounds
    laid_by = {1: ["man/day", "woman/night", "inside/knife"], 2: ["outside/gun", "man/outside"]}
    laid_by[2].append("woman/inside")
    my_draws = ["man/night/knife", "woman/day/gun", "man/inside/gun"]
    wrong = ["man/day/inside/gun", "man/day/outside/knife", "man/night/inside/knife"]
    for round_ in range(3):
        card = Card.parse(laid_by[1][round_])
        t = t.played(card, 0, field_of(mine, card)).drew()
        card = Card.parse(laid_by[2][round_])
        t = t.played(card, 0, field_of(mine, card))
        t = t.attempt(0, wrong[round_], 3 - round_)  # seat 2 names my case, wrongly
        assert t.final_round == (round_ == 2)  # its third investigation card
        t = t.drew()
        assert (t.turn, t.step, t.over) == (0, "lay", False)  # the round goes on: my turn
        card = t.hand[0]
        t = t.played(card, 1, field_of(seat_1, card))
        options = t.recommend_attempt()
        assert all((o.wait_points == 0) == (round_ == 2) for o in options)  # my last turn?
        t = t.drew(my_draws[round_])
        assert t.over == (round_ == 2)
    assert (t.turn, t.step) == (1, "over")  # back at the start player: no further turn
    assert t.drops_left(2) == () and t.drops_left(0) == (1, 2, 3)
    assert t.scores() == {0: 0, 1: 0, 2: 0} and t.winners() == (0, 1, 2)
    with pytest.raises(InvalidInput) as error:
        t.played("man/night", 0, field_of(mine, Card.parse("man/night")))
    assert "the game is over" in str(error.value)


def test_end_of_game_after_the_round() -> None:
    record = play_game([random_bot, random_bot, random_bot], seed=4)
    table = record.tables[0]
    assert table.over and table.final_round
    assert any(not table.drops_left(s) for s in range(3))
    assert table.turn == 0  # seat 0 started; the round is complete
    assert set(table.winners()) == set(record.winners)
    with pytest.raises(InvalidInput):
        table.played(table.hand[0], 1, 2)


def test_card_counting_at_the_table() -> None:
    t = opening(2)
    assert len(t.case_probabilities(1)) == 15  # my own case is not seat 1's
    t = t.played("woman/knife", 1, 2)
    assert len(t.case_probabilities(1)) == 4  # woman and knife
    t = t.drew("woman/day/inside/knife")  # now in my hand
    t = t.played("woman/night/outside/knife", 0, "0/1")  # now under my grid
    assert t.case_probabilities(1) == {
        Case("woman", "day", "outside", "knife"): 0.5,
        Case("woman", "night", "inside", "knife"): 0.5,
    }


def test_solved_cases_are_replaced() -> None:
    hand = ["woman/night/outside", "woman/night/inside/knife", "man/gun"]
    t = Table(2, case="man/day/inside/knife", hand=hand)
    t = t.played("woman/night/outside", 1, 3).drew("man/night")
    t = t.played("woman/day/outside", 0, "0/1").drew()
    t = t.played("woman/night/inside/knife", 1, 2)
    assert t.solved_case(1) == Case("woman", "night", "outside", "gun")
    t = t.attempt(1, "woman/night/outside/gun", 3, correct=True, revealed=["man/day", "night/gun"])
    assert t.scores()[0] == 3 + 4 and t.grid(1) == ()
    assert len(t.case_probabilities(1)) == 16 - 3  # mine, the one laid, the solved one
    assert t.pile == 28 - 8 - 2 - 3
    assert [str(c) for c in t.discard] == [
        "woman/night/outside",
        "woman/night/inside/knife",
        "woman/night/outside/gun",
        "man/day",
        "night/gun",
    ]


# -- the table: the probabilities are calibrated --------------------------------------


class _Oracle:
    """Lays at random and attempts at random moments, naming the true case (the game
    master's): nothing about the deal shows in its choices beyond what the table sees
    (the named case is revealed anyway)."""

    name = "oracle"

    def __init__(self, referee: Any) -> None:
        self.referee = referee

    def choose(self, table: Table, rng: Any, step: str) -> Any:
        if step == "lay":
            return rng.choice(table.hand), rng.choice(table.opponents)
        if not table.drops_left(0) or rng.random() >= 0.3:
            return None
        n, me = table.players, self.referee.seat
        cases = [self.referee.game.cases[(k + me) % n] for k in range(n)]
        seat = rng.choice(table.opponents)
        return seat, cases[seat], rng.choice(table.drops_left(0))


def _oracle_game(players: int, seed: int, max_turns: int) -> Any:
    """A game of oracles (see :class:`_Oracle`), as ``play_game`` records it."""
    rng = random.Random(seed)
    referee = game_master._Referee(players, rng, "when_needed", max_turns)
    return game_master._played(referee, [_Oracle(referee)] * players, rng, max_turns, None)


def _z_scores(samples: list[tuple[float, bool, bool]]) -> list[float]:
    """Per group (probability bin x whether the case card could be in the draw pile the
    case came from): (true cases - expected) / standard deviation."""
    edges = [0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 1.01]
    result = []
    for low, high in itertools.pairwise(edges):
        for flag in (False, True):
            chosen = [(p, hit) for p, hit, f in samples if low <= p < high and f == flag]
            variance = sum(p * (1 - p) for p, _ in chosen)
            if variance > 1:
                expected = sum(p for p, _ in chosen)
                result.append((sum(hit for _, hit in chosen) - expected) / math.sqrt(variance))
    return result


@pytest.mark.long
def test_table_probabilities_are_calibrated() -> None:
    """Over many deals, cases given probability p are the true case a fraction p of the
    time, also for cases drawn after a reshuffle; a model that forgets which draw pile a
    card could come from fails the same check."""
    ours: list[tuple[float, bool, bool]] = []
    naive: list[tuple[float, bool, bool]] = []
    for seed in range(1500):
        rng = random.Random(seed)
        players = rng.randint(2, 4)
        record = _oracle_game(players, seed, rng.randint(4, 60))
        table, truth = record.tables[0], record.truth
        first_reshuffle = min((s for s, _ in truth["reshuffles"]), default=None)
        state = table.state
        for seat in table.opponents:
            if first_reshuffle is None or truth["case_step"][seat] < first_reshuffle:
                continue  # only cases drawn after a reshuffle: the delicate ones
            true = truth["cases"][seat]

            def same_pile(case: Case) -> bool:
                return state.where[case.index] == state.case_epoch[seat]  # noqa: B023

            for case, p in table.case_probabilities(seat).items():
                ours.append((p, case == true, same_pile(case)))
            hidden = [
                c
                for c in CASES
                if state.where[c.index] >= 0
                and all(field_of(c, k) == f and matches(c, k) < 4 for k, f in table.grid(seat))
                and c not in truth["failed"][seat]
            ]
            naive.extend((1 / len(hidden), c == true, same_pile(c)) for c in hidden)
    assert len(ours) > 2000
    assert max(abs(z) for z in _z_scores(ours)) < 4
    assert max(abs(z) for z in _z_scores(naive)) > 4


def test_contradiction_names_the_card_seen() -> None:
    t = Table(2, case="man/day/inside/knife", hand=["woman/night/outside", "night/gun", "day/gun"])
    t = t.played("woman/night/outside", 1, 3)  # seat 1: woman/night/outside + knife or gun
    t = t.drew("woman/night/outside/gun")  # ... and that card is in my hand: knife
    t = t.played("woman/day/outside/gun", 0, "0/1").drew()
    assert t.solved_case(1) == Case("woman", "night", "outside", "knife")
    with pytest.raises(Contradiction) as error:
        t.played("night/gun", 1, 2)
    assert [str(c) for c in error.value.conflict] == [
        "woman/night/outside at seat 1: 3",
        "draws woman/night/outside/gun",
    ]


def test_a_field_no_card_out_of_view_allows() -> None:
    # every woman/night case is mine or in my hand or under a grid: no clue is needed
    hand = ["woman/night/inside/gun", "woman/night/outside/knife", "woman/night/outside/gun"]
    t = Table(3, case="woman/night/inside/knife", hand=hand)
    t = t.played("woman/night/inside/gun", 2, "0/1").drew("man/day")
    t = t.played("man/day/outside/gun", 0, "0/1").drew()
    before = t.to_json()
    with pytest.raises(InvalidInput) as error:
        t.played("woman/night", 1, 2)
    assert "out of view" in str(error.value)
    assert t.to_json() == before


@settings(max_examples=30)
@given(testing.games(Investigation(), max_clues=8))
def test_one_case_with_the_testing_strategies(game: tuple[Case, Investigation]) -> None:
    secret, inv = game
    assert testing.contains(inv, secret)
    assert secret in inv.solutions()
    assert all(field_of(secret, c.card) == c.field for c in inv.clues)


@settings(max_examples=40)
@given(st.integers(2, 4), st.data())
def test_table_with_the_testing_strategies(players: int, data: st.DataObject) -> None:
    start = Table(players, case="man/day/inside/knife", hand=["woman/knife", "man/gun", "day/gun"])
    secret, table = data.draw(testing.games(start, max_clues=30))
    assert isinstance(table, Table)
    assert testing.contains(table, secret) and secret in table.solutions()
    for seat in table.opponents:  # every field laid at a seat is true of its secret case
        assert all(field_of(secret.of(seat), card) == f for card, f in table.grid(seat))
    assert Table.from_json(table.to_json()) == table
