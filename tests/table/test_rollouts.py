"""The engine's search that plays to win (deduce.table.rollouts), on a toy race whose chances
are known in closed form: two players name numbers in turn, the first to name the
hidden one wins; the hidden number is k with probability (k + 1) / 21, k from 0 to 5."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from deduce import InvalidInput, MoveChance, WinChances, wilson, win_chances
from deduce.table.referee import Bot
from deduce.table.rollouts import SAMPLES

M = 6
WEIGHTS = [k + 1 for k in range(M)]
TOTAL = sum(WEIGHTS)


class Naming:
    """The game master: seat 0 names first."""

    players = 2

    def __init__(self, secret: int) -> None:
        self.secret = secret
        self.named: list[int] = []

    def turn(self) -> int | None:
        return None if self.secret in self.named else len(self.named) % 2

    def view(self, seat: int) -> tuple[int, ...]:
        return tuple(self.named)

    def apply(self, seat: int, move: Any) -> list[str]:
        if move in self.named or move not in range(M):
            raise InvalidInput("move", move, "a number not named yet")
        self.named.append(move)
        return []

    def winners(self) -> tuple[int, ...]:
        return ((len(self.named) - 1) % 2,) if self.secret in self.named else ()

    def points(self) -> None:
        return None


class Race:
    """The position: my turn, nothing named yet; every number is a candidate."""

    seat = 0

    def __init__(self, *, listed: bool = True) -> None:
        self.listed = listed

    def moves(self) -> list[int]:
        return list(range(M))

    def sample(self, rng: random.Random) -> int:
        return rng.choices(range(M), weights=WEIGHTS)[0]

    def referee(self, world: int, rng: random.Random) -> Naming:
        return Naming(world)

    def worlds(self, limit: int) -> list[tuple[float, int]] | None:
        if not self.listed or limit < M:
            return None
        return [(float(w), k) for k, w in enumerate(WEIGHTS)]


def _lowest(named: tuple[int, ...], rng: random.Random) -> int:
    return min(k for k in range(M) if k not in named)


def _anyone(named: tuple[int, ...], rng: random.Random) -> int:
    return rng.choice([k for k in range(M) if k not in named])


LOWEST = [Bot("lowest", _lowest)] * 2
ANYONE = [Bot("anyone", _anyone)] * 2


def lowest_chance(first: int) -> float:
    """Both name the lowest number left after my ``first``: I win at even places."""
    order = [first, *sorted(k for k in range(M) if k != first)]
    return sum(WEIGHTS[k] for i, k in enumerate(order) if i % 2 == 0) / TOTAL


def anyone_chance(first: int) -> float:
    """Both name at random after my ``first``: of the 5 places left, 2 are mine."""
    right = WEIGHTS[first] / TOTAL
    return right + (1 - right) * ((M - 1) // 2) / (M - 1)


def test_the_exact_mode_gives_the_closed_form_exactly() -> None:
    chances = win_chances(Race(), LOWEST, budget=None, samples=100)
    assert chances.exact and chances.worlds == M
    for m in chances.moves:
        assert m.exact and m.games == M
        assert m.chance == pytest.approx(lowest_chance(m.move), abs=1e-12)
        assert m.low == m.high == m.chance
    expected = sorted(range(M), key=lambda g: (-lowest_chance(g), g))
    assert [m.move for m in chances.moves] == expected
    assert chances.best == expected[0]


def test_the_sampled_estimate_covers_the_closed_form() -> None:
    chances = win_chances(Race(), LOWEST, budget=None, samples=400, exact=False)
    assert not chances.exact and chances.worlds == 400
    for m in chances.moves:
        assert m.games == 400 and m.chance == m.wins / 400
        assert (m.low, m.high) == wilson(m.wins, 400)
        assert m.low <= lowest_chance(m.move) <= m.high


def test_random_rollouts_are_sampled_even_where_the_worlds_are_listed() -> None:
    chances = win_chances(Race(), ANYONE, budget=None, samples=400)
    assert not chances.exact and chances.worlds == 400
    for m in chances.moves:
        assert m.low <= anyone_chance(m.move) <= m.high
    with pytest.raises(InvalidInput) as error:
        win_chances(Race(), ANYONE, budget=None, samples=400, exact=True)
    assert error.value.argument == "exact"
    with pytest.raises(InvalidInput) as error:
        win_chances(Race(listed=False), LOWEST, budget=None, samples=10, exact=True)
    assert error.value.argument == "exact"


def test_the_same_seed_and_count_give_the_same_numbers() -> None:
    def numbers(**options: Any) -> list[tuple[Any, float, int]]:
        chances = win_chances(Race(), ANYONE, exact=False, **options)
        return [(m.move, m.wins, m.games) for m in chances.moves]

    first = numbers(budget=None, samples=60, seed=7)
    assert numbers(budget=None, samples=60, seed=7) == first
    assert numbers(budget=10_000.0, samples=60, seed=7) == first  # the budget only caps
    assert numbers(budget=None, samples=60, seed=8) != first


def test_every_move_sees_the_same_worlds() -> None:
    """Common random numbers: naming the hidden number first wins in the same worlds."""
    chances = win_chances(Race(), ANYONE, budget=None, samples=300, exact=False, seed=3)
    by_move = {m.move: m for m in chances.moves}
    rng = random.Random(3)
    worlds = []
    for _ in range(300):
        world_seed = rng.getrandbits(63)
        rng.getrandbits(63), rng.getrandbits(63)
        worlds.append(Race().sample(random.Random(world_seed)))
    for g in range(M):  # at least the worlds whose number I name first are won
        assert by_move[g].wins >= worlds.count(g)


def test_a_tiny_budget_stops_before_the_cap() -> None:
    chances = win_chances(Race(), ANYONE, budget=1e-9, samples=50, exact=False)
    assert 1 <= chances.worlds < 50
    assert all(m.games == chances.worlds for m in chances.moves)


def test_progress_is_reported_after_each_world() -> None:
    calls: list[tuple[int, int]] = []
    win_chances(
        Race(), ANYONE, budget=None, samples=12, exact=False, progress=lambda *a: calls.append(a)
    )
    assert calls == [(done, 12) for done in range(1, 13)]
    calls.clear()
    win_chances(Race(), LOWEST, budget=None, samples=12, progress=lambda *a: calls.append(a))
    assert calls == [(done, M) for done in range(1, M + 1)]  # exactly: one per world
    calls.clear()
    chances = win_chances(
        Race(), ANYONE, budget=0.05, samples=10**5, exact=False, progress=lambda *a: calls.append(a)
    )
    assert [done for done, _ in calls[: chances.worlds]] == list(range(1, chances.worlds + 1))
    assert all(total >= done for done, total in calls)
    assert calls[-1] == (chances.worlds, chances.worlds)


def test_a_tie_counts_one_over_the_winners() -> None:
    class Shared(Naming):
        players = 1

        def turn(self) -> int | None:
            return None if self.named else 0

        def winners(self) -> tuple[int, ...]:
            return (0, 0)  # two winners, me among them

    class Alone(Race):
        def referee(self, world: int, rng: random.Random) -> Naming:
            return Shared(world)

    chances = win_chances(Alone(), [LOWEST[0]], budget=None, samples=5)
    assert {m.chance for m in chances.moves} == {0.5}


@pytest.mark.parametrize(
    ("options", "argument"),
    [
        ({"position": object()}, "position"),
        ({"position": Race, "lineup": LOWEST}, "position"),
        ({"lineup": "lowest"}, "lineup"),
        ({"lineup": [object()]}, "lineup"),
        ({"lineup": LOWEST[:1]}, "lineup"),
        ({"budget": -1.0}, "budget"),
        ({"budget": math.nan}, "budget"),
        ({"budget": True}, "budget"),
        ({"budget": "1"}, "budget"),
        ({"samples": 0}, "samples"),
        ({"samples": 1.5}, "samples"),
        ({"samples": 10**9}, "samples"),
        ({"seed": -1}, "seed"),
        ({"seed": "x"}, "seed"),
        ({"seed": random.Random(1)}, "seed"),
        ({"exact": "yes"}, "exact"),
        ({"progress": 3}, "progress"),
    ],
)
def test_bad_arguments_are_refused_by_name(options: dict[str, Any], argument: str) -> None:
    call: dict[str, Any] = {"position": Race(), "lineup": LOWEST, "samples": 5, **options}
    with pytest.raises(InvalidInput) as error:
        win_chances(call.pop("position"), call.pop("lineup"), **call)
    assert error.value.argument == argument


def test_a_position_off_my_turn_and_an_illegal_move_are_refused() -> None:
    class Late(Race):
        seat = 1

    class Wrong(Race):
        def moves(self) -> list[int]:
            return [M + 3]

    class Empty(Race):
        def moves(self) -> list[int]:
            return []

    for position, argument in [(Late(), "position"), (Wrong(), "move"), (Empty(), "position")]:
        with pytest.raises(InvalidInput) as error:
            win_chances(position, LOWEST, budget=None, samples=3, exact=False)
        assert error.value.argument == argument


def test_the_values_read_like_their_constructor() -> None:
    move = MoveChance(2, 3.0, 4, 0.75, 0.3, 0.95)
    assert (
        repr(move)
        == "MoveChance(move=2, wins=3.0, games=4, chance=0.75, low=0.3, high=0.95, exact=False)"
    )
    assert str(move) == "2: 75.0% (30.0% to 95.0%, 4 games)"
    chances = WinChances((move,), 0, 0.1, 4, False)
    assert chances.best == 2 and str(chances) == str(move)


@pytest.mark.parametrize(
    ("wins", "games", "argument"),
    [(-1, 3, "wins"), (4, 3, "wins"), (1, -1, "games"), (None, 2, "wins")],
)
def test_wilson_refuses_what_is_not_a_count(wins: Any, games: Any, argument: str) -> None:
    with pytest.raises(InvalidInput) as error:
        wilson(wins, games)
    assert error.value.argument == argument


def test_a_budget_that_runs_out_gives_the_exact_mode_up_for_sampling() -> None:
    chances = win_chances(Race(), LOWEST, budget=1e-9, samples=50)
    assert not chances.exact and chances.worlds == 1
    assert win_chances(Race(), LOWEST, budget=1e-9, samples=50, exact=True).exact


def test_without_samples_or_budget_the_default_worlds_are_played() -> None:
    chances = win_chances(Race(), LOWEST, budget=None, samples=None, exact=False, seed=4)
    assert chances.worlds == SAMPLES
    again = win_chances(Race(), LOWEST, exact=False, seed=4)
    assert again.moves == chances.moves  # the same numbers: no clock decides them
