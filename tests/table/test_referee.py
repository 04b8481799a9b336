"""The engine's game master: the loop every game's ``play_game`` runs on."""

from __future__ import annotations

import random
from typing import Any

import pytest

from deduce import InvalidInput
from deduce.games import bsi
from deduce.table.referee import Bot, check_lineup, run


class Race:
    """A toy game: seats add 1 or 2 to a running total in turn; whoever reaches 5 wins."""

    players = 2

    def __init__(self) -> None:
        self.total = 0
        self.turns = 0

    def turn(self) -> int | None:
        return None if self.total >= 5 else self.turns % 2

    def view(self, seat: int) -> int:
        return self.total

    def apply(self, seat: int, move: Any) -> list[str]:
        if move not in (1, 2):
            raise InvalidInput("move", move, (1, 2))
        self.total += move
        self.turns += 1
        return [f"seat {seat} adds {move}"] if move == 2 else []

    def winners(self) -> tuple[int, ...]:
        return ((self.turns - 1) % 2,) if self.total >= 5 else ()

    def points(self) -> None:
        return None


ones = Bot("ones", lambda total, rng: 1)
twos = Bot("twos", lambda total, rng: 2)


def test_a_whole_game_is_recorded_move_by_move() -> None:
    record = run(Race(), [twos, ones], rng=random.Random(0))
    assert record.moves == [(0, 2), (1, 1), (0, 2)]
    assert record.log == ["seat 0 adds 2", "seat 0 adds 2"]
    assert record.winners == (0,) and record.over and record.turns == 3
    assert record.bots == ("twos", "ones") and record.tables == [5, 5]


def test_the_move_limit_stops_a_game_that_has_not_ended() -> None:
    record = run(Race(), [ones, ones], rng=random.Random(0), max_moves=2)
    assert len(record.moves) == 2 and not record.over and record.winners == ()
    ended = run(Race(), [twos, twos], rng=random.Random(0), max_moves=3)
    assert ended.over and ended.winners == (0,)


def test_narrate_hears_every_line_as_it_happens() -> None:
    heard: list[str] = []
    record = run(Race(), [twos, twos], rng=random.Random(0), narrate=heard.append)
    assert heard == record.log == ["seat 0 adds 2", "seat 1 adds 2", "seat 0 adds 2"]


def test_an_illegal_move_names_the_bot_and_its_seat() -> None:
    threes = Bot("threes", lambda total, rng: 3)
    with pytest.raises(InvalidInput, match=r"threes at seat 1 chose it") as caught:
        run(Race(), [ones, threes], rng=random.Random(0))
    assert caught.value.argument == "move" and caught.value.value == 3


@pytest.mark.parametrize(
    "lineup", ["ones", b"xy", 3, None, [ones], [ones, ones, ones], [ones, "twos"], [ones, 1]]
)
def test_a_lineup_that_is_not_bots_is_refused(lineup: Any) -> None:
    with pytest.raises(InvalidInput) as caught:
        check_lineup(lineup, 2, 2)
    assert caught.value.argument == "lineup"


def test_run_refuses_a_lineup_of_the_wrong_size_and_a_bad_limit() -> None:
    with pytest.raises(InvalidInput, match="lineup"):
        run(Race(), [ones], rng=random.Random(0))
    for limit in (0, -1, 1.5, "3", True):
        with pytest.raises(InvalidInput, match="max_moves"):
            run(Race(), [ones, ones], rng=random.Random(0), max_moves=limit)  # type: ignore[arg-type]


def test_bsi_games_run_on_the_engine_loop_and_count_turns() -> None:
    record = bsi.play_game([bsi.advised, bsi.random_bot], seed=1)
    assert record.over and record.winners == record.tables[0].winners()
    assert record.turns == sum(
        1 for _, move in record.moves if not isinstance(move, tuple) or len(move) == 3
    )
    cut = bsi.play_game([bsi.advised, bsi.random_bot], seed=1, max_turns=3)
    assert cut.turns == 3 and not cut.over
