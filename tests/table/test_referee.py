"""The engine's game master: the loop every game's ``play_game`` runs on."""

from __future__ import annotations

import random
from typing import Any

import pytest

from deduce import InvalidInput
from deduce.games import bsi, crime_writers, kreuzverhoer
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


class Draughts(Race):
    """The toy race with two steps a turn: whether to ``push`` (add 2, else 1), then
    a ``word`` said (nobody sees it)."""

    steps = ("push", "word")

    def __init__(self) -> None:
        super().__init__()
        self.saying = False
        self.words: list[Any] = []

    def turn(self) -> int | None:
        return None if self.total >= 5 else self.turns % 2

    def step(self) -> str:
        return "word" if self.saying else "push"

    def apply(self, seat: int, move: Any) -> list[str]:
        if self.saying:
            self.words.append(move)
            self.saying = False
            self.turns += 1
            return []
        self.total += 2 if move else 1
        self.saying = True
        return [f"seat {seat} adds {2 if move else 1}"]

    def winners(self) -> tuple[int, ...]:
        return (self.turns % 2,) if self.total >= 5 else ()


def test_a_bot_plays_each_step_with_its_own_function() -> None:
    pusher = Bot("pusher", {"push": lambda total, rng: True, "word": lambda total, rng: total})
    game = Draughts()
    record = run(game, [pusher, pusher], rng=random.Random(0))
    assert record.moves == [(0, True), (0, 2), (1, True), (1, 4), (0, True)]
    assert game.words == [2, 4] and record.winners == (0,)
    assert pusher.steps == ("push", "word") and ones.steps is None
    # one function for every step: it is asked both
    assert run(Draughts(), [twos, twos], rng=random.Random(0)).moves[:2] == [(0, 2), (0, 2)]


def test_a_bot_missing_a_step_is_refused_before_the_game() -> None:
    pushing = Bot("pushing", {"push": lambda total, rng: True})
    with pytest.raises(
        InvalidInput, match="pushing has nothing to play at the word step"
    ) as caught:
        run(Draughts(), [pushing, pushing], rng=random.Random(0))
    assert caught.value.argument == "lineup"
    with pytest.raises(InvalidInput, match="step='word'") as asked:
        pushing.choose(0, random.Random(0), "word")
    assert asked.value.choices == ("push",)


@pytest.mark.parametrize(
    "policy", [None, 3, "push", {}, {"push": 1}, {1: lambda v, r: v}, [lambda v, r: v]]
)
def test_a_bot_of_junk_is_refused(policy: Any) -> None:
    with pytest.raises(InvalidInput) as caught:
        Bot("junk", policy)
    assert caught.value.argument == "policy"
    with pytest.raises(InvalidInput, match="name"):
        Bot(7, lambda v, r: v)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("play", "argument", "bot"),
    [
        (bsi.play_game, "bots", Bot("lays only", {"lay": lambda t, r: None})),
        (kreuzverhoer.play_game, "lineup", Bot("lays only", {"lay": lambda t, r: None})),
        (crime_writers.play_game, "lineup", Bot("replies only", {"reply": lambda t, r: "no"})),
    ],
)
def test_every_game_refuses_a_bot_missing_one_of_its_steps(
    play: Any, argument: str, bot: Bot[Any, Any]
) -> None:
    with pytest.raises(InvalidInput, match="has nothing to play at the") as caught:
        play([bot, bot], seed=1)
    assert caught.value.argument == argument
