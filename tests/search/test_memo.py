"""Advice remembered for equal notebooks (deduce.search.memo): worked out once per state
within a block, never outside one, never for a test or an unhashable argument, a list
given back as a new list, an error never kept, and the same answers as without it."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from deduce.games import cluedo
from deduce.games.mastermind import Investigation
from deduce.search.memo import kept, remembered, remembering


class Counted:
    """A notebook whose state is ``state``, counting the reads it works out."""

    calls = 0

    def __init__(self, state: object) -> None:
        self.state = state

    def as_value(self) -> tuple[object, ...]:
        return ("counted", self.state)

    @remembered
    def read(self, *args: Any, **options: Any) -> list[object]:
        Counted.calls += 1
        if options.get("fail"):
            raise ValueError("no answer")
        return [self.state, args, sorted(options)]


@pytest.fixture(autouse=True)
def _fresh() -> None:
    Counted.calls = 0


def test_a_state_is_worked_out_once_within_the_block() -> None:
    with remembering():
        first = Counted("a").read(1, top=2)
        again = Counted("a").read(1, top=2)
        other = Counted("b").read(1, top=2)
        other_arguments = Counted("a").read(2, top=2)
    assert first == again == ["a", (1,), ["top"]]
    assert other[0] == "b" and other_arguments[1] == (2,)
    assert Counted.calls == 3
    again.append("changed by the caller")
    with remembering():  # a new block keeps nothing of the last
        Counted("a").read(1, top=2)
    assert Counted.calls == 4


def test_outside_a_block_nothing_is_kept() -> None:
    assert Counted("a").read() == Counted("a").read()
    assert Counted.calls == 2


def test_a_list_is_given_back_as_a_new_list() -> None:
    with remembering():
        first = Counted("a").read()
        first.append("mine")
        assert Counted("a").read() == ["a", (), []]


def test_a_test_or_an_unhashable_argument_is_worked_out_every_time() -> None:
    with remembering():
        Counted("a").read(among=len)
        Counted("a").read(among=len)
        Counted("a").read([1, 2])
        Counted("a").read([1, 2])
    assert Counted.calls == 4


class Drawing:
    """A notebook whose read draws from a random generator (as a sampling player's)."""

    calls = 0

    def as_value(self) -> tuple[str]:
        return ("drawing",)

    @remembered
    def draw(self, rng: random.Random, n: int) -> list[float]:
        Drawing.calls += 1
        return [rng.random() for _ in range(n)]


def test_a_read_that_draws_is_kept_by_the_generators_state_and_leaves_it_as_drawn() -> None:
    Drawing.calls = 0
    plain = random.Random(7)
    alone = [Drawing().draw(plain, 3), Drawing().draw(plain, 2)]
    with remembering():
        first, second = random.Random(7), random.Random(7)
        together = [Drawing().draw(first, 3), Drawing().draw(second, 3)]
        assert Drawing.calls == 2 + 1  # the second generator, in the same state: kept
        assert first.getstate() == second.getstate() != random.Random(7).getstate()
        together.append(Drawing().draw(second, 2))  # a state never met: drawn
        other = Drawing().draw(random.Random(8), 3)
    assert together == [alone[0], alone[0], alone[1]]
    assert second.getstate() == plain.getstate()  # left as drawing would have left it
    assert other != alone[0] and Drawing.calls == 2 + 3


def test_an_error_is_not_kept() -> None:
    with remembering():
        for _ in range(2):
            with pytest.raises(ValueError, match="no answer"):
                Counted("a").read(fail=True)
    assert Counted.calls == 2


def test_a_block_inside_another_shares_it_and_leaves_it_whole() -> None:
    with remembering():
        Counted("a").read()
        with remembering():
            Counted("a").read()
        Counted("a").read()
    assert Counted.calls == 1


def test_another_thread_keeps_its_own() -> None:
    with remembering():
        Counted("a").read()
        thread = threading.Thread(target=lambda: Counted("a").read())
        thread.start()
        thread.join()
    assert Counted.calls == 2  # the thread is outside any block: worked out afresh


def test_the_advice_is_the_same_and_worked_out_once() -> None:
    notebook = Investigation(4, 6).guess("1122", black=1, white=1)
    plain = [notebook.recommend(top=3) for _ in range(2)]
    with remembering():
        kept = [Investigation(4, 6).guess("1122", black=1, white=1).recommend(top=3)]
        kept.append(notebook.recommend(top=3))
    assert plain[0] == plain[1] == kept[0] == kept[1]
    assert kept[0] is not kept[1]


def test_cluedo_notebooks_that_read_differently_are_not_equal() -> None:
    hand = ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen")
    players = ("me", "Ann", "Bob")
    reading = cluedo.Investigation(players, "me", hand)
    plain = cluedo.Investigation(players, "me", hand, names_own={"Ann": 1, "Bob": 1})
    reading = reading.suggestion("Ann", "White", "Dagger", "Lounge", shown_by="Bob")
    plain = plain.suggestion("Ann", "White", "Dagger", "Lounge", shown_by="Bob")
    alone = (reading.recommend(top=1), plain.recommend(top=1))
    with remembering():
        together = (reading.recommend(top=1), plain.recommend(top=1))
    assert together == alone
    assert alone[0] != alone[1]  # the two readings differ: one key each


def test_a_thing_made_once_per_key_within_the_block() -> None:
    made: list[int] = []

    def make() -> list[int]:
        made.append(1)
        return [len(made)]

    assert kept("k", make) == [1] and kept("k", make) == [2]  # outside: made every time
    with remembering():
        first, again, other = kept("k", make), kept("k", make), kept("j", make)
    assert first is again and first == [3] and other == [4]


def test_junk_is_refused_by_name() -> None:
    from deduce.testing import invalid_input

    invalid_input(lambda: remembered(5), "read", "method")  # type: ignore[arg-type]
    invalid_input(lambda: kept(["a"], list), "key", "Hashable")  # outside a block too
    with remembering():
        invalid_input(lambda: kept(["a"], list), "key", "Hashable")
        invalid_input(lambda: kept("a", 5), "make", "function")  # type: ignore[arg-type]
