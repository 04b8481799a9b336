"""Cluedo played alone against dealt hands (``deduce simulate cluedo``, :func:`solo`): the
answers follow the rules, the games are reproducible on any executor, every game ends
with the deal's envelope, and junk is refused by name."""

from __future__ import annotations

import importlib
import random
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deduce import DeduceError, InvalidInput
from deduce.cli import main
from deduce.core.declaration import Declaration
from deduce.games.cluedo import (
    ENVELOPE,
    MOST_SUGGESTIONS,
    Deck,
    Investigation,
    Suggest,
    deal_of,
    solo,
    who_shows,
)

PLAYERS = ("me", "Ann", "Bob", "Cy")
HAND = ("Plum", "Rope", "Hall", "Study", "Green")
START = Investigation(PLAYERS, "me", HAND)


@given(
    seed=st.integers(0, 10_000),
    by=st.sampled_from(PLAYERS),
    picks=st.tuples(st.integers(0, 5), st.integers(0, 5), st.integers(0, 8)),
    prefer=st.booleans(),
    shown=st.integers(0, 2**32),
)
def test_the_first_player_after_the_suggester_who_holds_a_card_shows_one(
    seed: int, by: str, picks: tuple[int, int, int], prefer: bool, shown: int
) -> None:
    deal = deal_of(PLAYERS, seed=seed)
    cards = tuple(kind[i] for kind, i in zip(Deck.classic().categories, picks, strict=True))
    order = [*PLAYERS[PLAYERS.index(by) + 1 :], *PLAYERS[: PLAYERS.index(by)]]
    holders = [p for p in order if set(cards) & set(deal.hand(p))]
    bob_first = tuple(reversed(cards)) if prefer else ()  # Bob shows the last named first
    inv = Investigation(
        PLAYERS, "me", deal.hand("me"), preferences={"Bob": bob_first} if prefer else None
    )
    player, card = who_shows(inv.seats, deal, by, cards, random.Random(shown))
    if not holders:
        assert (player, card) == (None, None)
        return
    assert player == holders[0] and card in cards and card in deal.hand(player)
    if player == "Bob" and prefer:
        assert card == next(c for c in bob_first if c in deal.hand("Bob"))


def test_alone_every_game_ends_with_the_deals_envelope_in_the_moves_counted() -> None:
    stats = solo(START, games=4, first=7)
    assert stats.games == 4 and stats.strategy == "likeliest"
    moves = _replayed(START, "likeliest", range(7, 11))
    assert all(2 <= m <= MOST_SUGGESTIONS + 1 for m in moves)
    assert stats.histogram == dict(sorted(Counter(moves).items()))
    assert stats.opening == START.best("likeliest", among=lambda q: isinstance(q, Suggest))


def _replayed(start: Investigation, strategy: str, numbers: range) -> list[int]:
    """Each game played step by step with the public calls: its moves."""
    found = []
    for number in numbers:
        rng = random.Random(number)
        deal = start.sample_deal(rng)
        inv, asked = start, 0
        while not inv.accusation().certain:
            move = inv.best(strategy, among=lambda q: isinstance(q, Suggest))
            shown_by, card = who_shows(inv.seats, deal, "me", move.cards, rng)
            inv = inv.suggestion("me", *move.cards, shown_by=shown_by, card=card)
            asked += 1
        assert set(inv.accusation().envelope.cards) == set(deal.hand(ENVELOPE))
        found.append(asked + 1)
    return found


def test_the_games_are_the_same_on_an_executor_and_with_an_opening() -> None:
    done: list[tuple[int, int]] = []
    here = solo(START, "entropy", games=3, progress=lambda a, b: done.append((a, b)))
    assert done == [(1, 3), (2, 3), (3, 3)]
    with ThreadPoolExecutor(2) as pool:
        assert solo(START, "entropy", games=3, executor=pool) == here
    opening = Suggest("White", "Dagger", "Lounge")
    opened = solo(START, games=2, opening=opening)
    assert opened.opening == opening and opened.games == 2


def test_a_strategy_that_stops_learning_is_stopped(monkeypatch: pytest.MonkeyPatch) -> None:
    module = importlib.import_module("deduce.games.cluedo.solo")  # the module, not solo()
    # most_parts counts the card shown as an answer: with two envelopes left it asks
    # about two cards it knows Bob holds, again and again (game 0 at 3 players)
    monkeypatch.setattr(module, "MOST_SUGGESTIONS", 14)
    start = Investigation(
        ("me", "Ann", "Bob"), "me", ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen")
    )
    with pytest.raises(DeduceError, match="most_parts: the envelope was not certain after 14"):
        solo(start, "most_parts", games=1)


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda: solo("x"), "start"),  # type: ignore[arg-type]
        (lambda: solo(START, "best"), "strategy"),
        (lambda: solo(START, games=0), "games"),
        (lambda: solo(START, games=True), "games"),
        (lambda: solo(START, games="3"), "games"),  # type: ignore[arg-type]
        (lambda: solo(START, games=100_001), "games"),
        (lambda: solo(START, first=-1), "first"),
        (lambda: solo(START, first=1.5), "first"),  # type: ignore[arg-type]
        (lambda: solo(START, opening="White Dagger Lounge"), "opening"),  # type: ignore[arg-type]
        (lambda: solo(START.accused("me", "White", "Dagger", "Lounge", right=True)), "start"),
        (lambda: who_shows(START.seats, "deal", "me", ("White",), random.Random(0)), "deal"),  # type: ignore[arg-type]
    ],
)
def test_junk_is_refused_by_name(call: Any, argument: str) -> None:
    with pytest.raises(InvalidInput) as caught:
        call()
    assert caught.value.argument == argument


def test_a_game_simulated_by_its_worlds_is_not_played_alone() -> None:
    with pytest.raises(InvalidInput) as caught:
        Declaration(name="x", title="X", package="x", simulated=True, solo="solo:solo")
    assert caught.value.argument == "solo"
    with pytest.raises(InvalidInput):
        Declaration(name="x", title="X", package="x", solo="no path")


SET = ["--set", "players=me Ann Bob Cy", "--set", "me=me", "--set", "hand=" + " ".join(HAND)]


def test_simulate_plays_cluedo_alone(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "cluedo", *SET, "--games", "3", "--first", "5", "--executor", "serial"]
    assert main(args) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "moves needed over 3 games dealt at random (games 5 to 7:" in out
    stats = solo(START, games=3, first=5)
    assert f"│ {stats.games} │ {stats.total} │ {stats.mean:.4f} │ {stats.worst} │" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "cluedo"], "--set players=VALUE: every player's name in turn order"),
        (["simulate", "cluedo", *SET, "--games", "0"], "--games 0 is not valid"),
        (["simulate", "cluedo", *SET, "--first", "-1"], "--first -1 is not valid"),
        (
            ["simulate", "mastermind", "--games", "3"],
            "--games 3 is not valid; expected no --games: mastermind is played against every",
        ),
        (["simulate", "mastermind", "--first", "3"], "--first 3 is not valid"),
    ],
)
def test_simulate_refuses_what_a_game_does_not_take(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(args) == 1
    assert message in " ".join(capsys.readouterr().out.split())
