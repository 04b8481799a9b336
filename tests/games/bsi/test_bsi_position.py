"""BSI's position for the search that plays to win: the worlds it draws fit every seat's
view, the estimate agrees with the exact chance where the game ends after my move, and
bad arguments are refused."""

from __future__ import annotations

import random
from typing import Any

import pytest

from deduce.errors import InvalidInput
from deduce.games import bsi
from deduce.games.bsi.investigation import points
from deduce.games.bsi.position import TablePosition, searched, win_chances


def _attempt_steps(players: int, games: int, *, last: bool = False) -> list[bsi.Table]:
    """My tables at every attempt step of some bot games (both ways of reshuffling); I
    sit first, or ``last`` (a round then ends with my turn)."""
    found: list[bsi.Table] = []

    def attempt(table: bsi.Table, rng: random.Random) -> Any:
        found.append(table)
        return bsi.advised.choose(table, rng, "attempt")

    probe = bsi.bot("probe", bsi.advised.policy_for("lay"), attempt)
    for g in range(games):
        reshuffle = "when_empty" if g % 2 else "when_needed"
        others = [bsi.cautious] * (players - 1)
        lineup = [*others, probe] if last else [probe, *others]
        bsi.play_game(lineup, seed=g, reshuffle=reshuffle)
    return found


@pytest.fixture(scope="module")
def tables() -> dict[int, list[bsi.Table]]:
    return {n: _attempt_steps(n, 4) for n in (2, 3, 4)}


def _in_view(table: bsi.Table) -> list[bsi.Card]:
    grids = [card for seat in range(table.players) for card, _ in table.grid(seat)]
    return [*grids, *table.discard]


def _check_world(table: bsi.Table, world: Any) -> None:
    """Sound: my table allows the world; every card lies in one place; each opponent's
    own table holds its hand, knows its case and allows every other seat's."""
    s = table.state
    n = table.players
    for seat in range(1, n):
        assert table.case_probabilities(seat).get(world.cases[seat], 0) > 0
    cards = [
        *(c.card for c in world.cases),
        *(c for hand in world.hands for c in hand),
        *world.pile,
        *_in_view(table),
    ]
    assert len(cards) == len(set(cards)), "a card in two places"
    assert len(world.pile) == s.pile
    assert [len(h) for h in world.hands] == list(s.hands)
    assert world.tables[0] is table
    for seat in range(1, n):
        other = world.tables[seat]
        assert sorted(map(str, other.hand)) == sorted(map(str, world.hands[seat]))
        assert other.my_case == world.cases[seat]
        for k in range(1, n):  # its seat k is my seat (seat + k) % n
            assert other.case_probabilities(k).get(world.cases[(seat + k) % n], 0) > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_world_fits_every_seats_view(
    tables: dict[int, list[bsi.Table]], players: int
) -> None:
    assert tables[players]
    for i, table in enumerate(tables[players]):
        _check_world(table, TablePosition(table).sample(random.Random(i)))


def test_worlds_after_a_reshuffle_fit_too() -> None:
    """Long games (every seat attempts only a certain case) run through the draw pile:
    a card hidden again by a reshuffle is dealt only where the epochs allow."""
    found: list[bsi.Table] = []

    def attempt(table: bsi.Table, rng: random.Random) -> Any:
        if table.state.epoch > 0:
            found.append(table)
        return bsi.cautious.choose(table, rng, "attempt")

    probe = bsi.bot("probe", bsi.cautious.policy_for("lay"), attempt)
    for g in range(6):
        for n in (2, 3):
            reshuffle = "when_empty" if g % 2 else "when_needed"
            bsi.play_game([probe, *[bsi.cautious] * (n - 1)], seed=g, reshuffle=reshuffle)
    assert found
    for i, table in enumerate(found):
        _check_world(table, TablePosition(table).sample(random.Random(i)))


def _my_last_turn() -> bsi.Table:
    """2 players, seat 1 started and has used its three investigation cards, all wrong: my
    turn is the game's last, and seat 1's case is one of 4, each 25%."""
    t = bsi.Table(
        2, case="man/day/inside/knife", hand=["woman/knife", "man/gun", "day/gun"], first=1
    )
    t = t.played("woman/night", 0, "0/1").attempt(0, "woman/night/outside/gun", 3).drew()
    t = t.played("woman/knife", 1, 2).drew("man/night")
    t = t.played("night/outside", 0, "0/1").attempt(0, "woman/day/outside/gun", 2).drew()
    t = t.played("man/gun", 1, "0/1").drew("woman/day")
    t = t.played("woman/outside", 0, "0/1").attempt(0, "woman/night/inside/knife", 1).drew()
    return t.played("day/gun", 1, "0/1")


def test_the_estimate_agrees_with_the_exact_chance_when_my_move_ends_the_game() -> None:
    """Nothing is left to play after my attempt (0 points each): right, I win; wrong or
    none, the tie counts half. So an attempt wins exactly 0.25 + 0.75 / 2 = 0.625, no
    attempt 0.5, and every estimate's interval holds its exact chance."""
    table = _my_last_turn()
    assert table.state.final and table.step == "attempt" and table.scores() == {0: 0, 1: 0}
    scores = table.scores()

    def share(mine: int) -> float:
        return 1.0 if mine > scores[1] else 0.5 if mine == scores[1] else 0.0

    chances = win_chances(table, budget=None, samples=400, seed=3, choices=4)
    assert chances.worlds == 400 and len(chances.moves) == 4
    for move in chances.moves:
        if move.move is None:
            exact = share(scores[0])
        else:
            target, case, drops = move.move
            p = table.case_probabilities(target)[case]
            exact = p * share(scores[0] + points(drops, len(table.grid(target)))) + (1 - p) * 0.5
        assert move.low <= exact <= move.high, (move, exact)
    assert {round(m.low <= 0.625 <= m.high) for m in chances.moves if m.move} == {1}
    assert chances.moves[-1].move is None  # 0.5: no attempt comes last


def test_the_same_seed_gives_the_same_chances(tables: dict[int, list[bsi.Table]]) -> None:
    table = tables[3][1]
    first = win_chances(table, budget=None, samples=6, seed=11)
    again = win_chances(table, budget=None, samples=6, seed=11)
    assert [(m.move, m.wins) for m in first.moves] == [(m.move, m.wins) for m in again.moves]


def test_the_race_choice_comes_first_among_the_moves(tables: dict[int, list[bsi.Table]]) -> None:
    table = tables[2][0]
    moves = TablePosition(table, choices=2).moves()
    first = table.race_options()[0].attempt
    assert len(moves) <= 2
    assert moves[0] == (None if first is None else (first.target, first.case, first.drops))


@pytest.mark.parametrize(
    ("table", "options", "argument"),
    [
        (
            bsi.Table(2, case="man/day/inside/knife", hand=["woman/knife", "man/gun", "day/gun"]),
            {},
            "table",
        ),  # the lay step
        ("a table", {}, "table"),
    ],
)
def test_a_position_off_my_attempt_step_is_refused(table: Any, options: Any, argument: str) -> None:
    with pytest.raises(InvalidInput) as raised:
        TablePosition(table, **options)
    assert raised.value.argument == argument


def test_bad_counts_are_refused_by_name(tables: dict[int, list[bsi.Table]]) -> None:
    with pytest.raises(InvalidInput) as raised:
        TablePosition(tables[2][0], choices=0)
    assert raised.value.argument == "choices"
    with pytest.raises(InvalidInput) as raised:
        win_chances(tables[2][0], budget=None, samples=0)
    assert raised.value.argument == "samples"


def test_the_searching_bot_plays_whole_games() -> None:
    record = bsi.play_game([searched, bsi.advised], seed=5)
    assert record.over and record.winners
