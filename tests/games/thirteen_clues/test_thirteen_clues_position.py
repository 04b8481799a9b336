"""13 Indizien's position for the search that plays to win: the worlds it draws and lists,
the tables it replays, and its chances against an independent count of the deals."""

from __future__ import annotations

import random
from dataclasses import astuple
from itertools import permutations
from typing import Any

import pytest

from deduce import InvalidInput
from deduce.games.thirteen_clues import (
    Accused,
    Ask,
    Bot,
    Deal,
    GameMaster,
    Informant,
    Peek,
    Puzzle,
    Question,
    Table,
    TablePosition,
    cards_in_play,
    eager,
    play_game,
    searched,
    win_chances,
)
from deduce.table.referee import run


def _asker(table: Table, rng: random.Random) -> Any:
    """Accuses at 1/2, else the most informative question (never the informant: the
    rollouts draw nothing at random)."""
    puzzle, p = table.ranked(1)[0]
    if p >= 0.5:
        return puzzle
    return table.best("entropy", among=lambda a: not isinstance(a, Peek))


ASKER = Bot("asker", _asker)
SEED, MOVES = 10, 16  # two players, my turn (after my wrong accusation), 18 deals left


@pytest.fixture(scope="module")
def endgame() -> Any:
    record = play_game([ASKER, ASKER], seed=SEED, max_moves=MOVES)
    table = record.tables[0]
    assert table.turn == 0 and not table.over and int(table.space.total) <= 64
    assert all(isinstance(c, Question | Accused) for c in table.clues)  # mine and questions
    return record


def _every_deal(table: Table) -> list[Deal]:
    """Every deal that agrees with the answers, counted by brute force over the cards."""
    n = table.players
    seen = {
        *table.hand,
        *(c for p in table.puzzles.values() for c in (p.person, p.location, p.weapon)),
    }
    unknown = [c for c in cards_in_play(n) if c.name not in seen]
    by = {k: [c.name for c in unknown if c.category == k] for k in ("person", "location", "weapon")}
    deals = []
    for person in by["person"]:
        for location in by["location"]:
            for weapon in by["weapon"]:
                rest = [c.name for c in unknown if c.name not in (person, location, weapon)]
                for left, right in permutations(rest, 2):
                    informants = tuple(c for c in rest if c not in (left, right))
                    deal = Deal(
                        n,
                        (table.hand, (left, right)),
                        (Puzzle(person, location, weapon), table.puzzles[1]),
                        informants,
                    )
                    if (
                        all(
                            deal.answer(q.witness, q.about, side=q.side) == q.answer
                            for q in table.clues
                            if isinstance(q, Question)
                        )
                        and deal.puzzles[0] in table.solutions()
                    ):
                        deals.append(deal)
    return deals


def _played_on(deal: Deal, history: list[tuple[int, Any]], move: Any) -> float:
    """My win in ``deal``: the game master replays the moves so far, then mine, then the
    askers play on."""
    master = GameMaster(deal, informants=random.Random(0))
    for seat, earlier in history:
        master.apply(seat, earlier)
    master.apply(0, move)
    winners = run(master, [ASKER, ASKER], rng=random.Random(0)).winners
    return 1 / len(winners) if 0 in winners else 0.0


def test_the_exact_chances_are_the_deals_played_one_by_one(endgame: Any) -> None:
    table = endgame.tables[0]
    deals = _every_deal(table)
    assert len(deals) == int(table.space.total)
    chances = win_chances(table, budget=None, samples=64, lineup=[ASKER, ASKER], questions=1)
    assert chances.exact and chances.worlds == len(deals)
    for m in chances.moves:
        expected = sum(_played_on(d, endgame.moves, m.move) for d in deals) / len(deals)
        assert m.chance == pytest.approx(expected, abs=1e-12)
    assert len({m.chance for m in chances.moves}) > 1  # the moves differ here


def test_the_listed_worlds_are_the_deals_and_every_table_holds_its_truth(endgame: Any) -> None:
    table = endgame.tables[0]
    position = TablePosition(table)
    assert position.worlds(10) is None
    listed = position.worlds(64)
    assert listed is not None
    deals = {(w.deal.puzzles[0], w.deal.hands[1]) for _, w in listed}
    assert deals == {(d.puzzles[0], d.hands[1]) for d in _every_deal(table)}
    for _, world in listed:
        assert world.tables[0] is table
        rival = world.tables[1]
        assert rival.glasses == endgame.tables[1].glasses
        assert world.deal.puzzles[1] in rival.solutions()


@pytest.mark.slow
def test_the_sampled_estimate_covers_the_exact_chance(endgame: Any) -> None:
    table = endgame.tables[0]
    lineup = [ASKER, ASKER]
    exact = win_chances(table, budget=None, samples=64, lineup=lineup, questions=1)
    sampled = win_chances(
        table, budget=None, samples=150, lineup=lineup, questions=1, exact=False, seed=2
    )
    assert not sampled.exact and sampled.worlds == 150
    by_move = {str(m.move): m.chance for m in exact.moves}
    for m in sampled.moves:
        assert m.low <= by_move[str(m.move)] <= m.high


def test_the_others_looks_and_accusations_are_replayed_in_their_own_tables() -> None:
    deal = Deal.random(3, seed=1)
    master = GameMaster(deal, first=1, informants=random.Random(0))
    master.apply(1, Peek())  # seat 1 sees a card I do not
    master.apply(2, Ask(1, "red"))  # seat 2 asks me
    master.apply(0, Ask(1, "red"))
    master.apply(1, deal.puzzles[0])  # seat 1 accuses: wrong (it is my puzzle)
    master.apply(2, Ask(1, "blue"))
    table = master.tables[0]
    assert table.turn == 0
    position = TablePosition(table)
    for seed in range(3):
        world = position.sample(random.Random(seed))
        assert world.tables[0] is table
        for s in (1, 2):
            mine, truth = world.tables[s], master.tables[s]
            assert mine.glasses == truth.glasses and len(mine.clues) == len(truth.clues)
            assert world.deal.puzzles[s] in mine.solutions()
        seen = [c.card for c in world.tables[1].clues if isinstance(c, Informant)]
        assert len(seen) == 1 and set(seen) <= set(world.deal.informants)
        wrong = [c for c in world.tables[1].clues if isinstance(c, Accused)]
        assert len(wrong) == 1 and Puzzle(*astuple(wrong[0])) != world.deal.puzzles[1]
        referee = position.referee(world, random.Random(0))
        assert referee.turn() == 0 and referee.tables[1] is world.tables[1]


def test_the_same_seed_gives_the_same_chances() -> None:
    deal = Deal.random(2, seed=8)
    table = Table(2, deal.hands[0], list(deal.puzzles[1:]))
    first = win_chances(table, budget=None, samples=3, seed=4, questions=1)
    again = win_chances(table, budget=None, samples=3, seed=4, questions=1)
    assert [(str(m.move), m.wins) for m in first.moves] == [
        (str(m.move), m.wins) for m in again.moves
    ]
    assert not first.exact and first.worlds == 3 and len(first.moves) == 2


@pytest.mark.slow
def test_searched_plays_a_whole_game() -> None:
    record = play_game([searched, eager(0.5)], seed=3)
    assert record.over and record.bots == ("searched", "eager-0.5")


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda t: win_chances("table"), "table"),
        (lambda t: win_chances(t.question(0, 1, "red", 1)), "table"),
        (lambda t: win_chances(t, questions=-1), "questions"),
        (lambda t: win_chances(t, samples=0), "samples"),
        (lambda t: win_chances(t, lineup=[eager(0.5)] * 2, samples=1), "lineup"),
        (lambda t: eager(1.5), "threshold"),
        (lambda t: GameMaster("deal"), "deal"),
        (lambda t: GameMaster(Deal.random(3, seed=1), tables=[t]), "tables"),
    ],
)
def test_bad_arguments_are_refused_by_name(call: Any, argument: str) -> None:
    table = Table(
        3, ("Duke", "Park"), [("Officer", "Parlor", "Knife"), ("Butcher", "Harbor", "Sword")]
    )
    with pytest.raises(InvalidInput) as error:
        call(table)
    assert error.value.argument == argument
