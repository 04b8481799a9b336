"""Cluedo's race: the advice accuses before the envelope is certain only after its
suggestion of the turn, when waiting to be certain is likelier to lose to another player
than the accusation is to be wrong, and says so at the table."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deduce import InvalidInput
from deduce.games.cluedo import (
    ACCUSE,
    Accusation,
    Envelope,
    Investigation,
    Suggest,
    Table,
    advised,
    play_game,
    sampler,
    sheet,
)
from deduce.games.cluedo.advice import RACE_RISK, Race, may_accuse, race
from deduce.games.cluedo.play import ADAPTER
from deduce.league import PANELS
from deduce.table.referee import Bot

HAND = ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen")
SEED = 1


def test_the_race_accuses_only_when_the_envelope_beats_waiting() -> None:
    waiting = (1 - RACE_RISK) ** 2
    assert Race(0.9, 0.5, 0.4, 2, ("Ann", "Bob"), 1).waiting == pytest.approx(waiting)
    assert Race(waiting, 0.5, 0.4, 2, ("Ann", "Bob"), 1).accuse
    assert not Race(waiting - 1e-6, 0.5, 0.4, 2, ("Ann", "Bob"), 1).accuse
    assert not Race(0.9, 0.5, 0.4, 2, ("Ann", "Bob"), 0).accuse  # nobody's turn comes first


@pytest.mark.parametrize(
    "case",
    [
        Race(0.99, 0.1, 0.5, 1, (), 1),  # nobody else still in
        Race(0.99, 0.1, 0.5, 1, ("Ann",), 0),  # certain after this turn's suggestion
        Race(1.0, 0.0, 0.0, 0, ("Ann",), 0),  # certain: the plain accusation, no race
        Race(0.01, 7.0, 1.0, 7, ("Ann", "Bob", "Cy"), 1),  # far from it
    ],
)
def test_the_race_waits_when_its_conditions_do_not_hold(case: Race) -> None:
    assert not case.accuse


def test_the_turns_counted_from_the_bits_left_and_a_suggestions_bits() -> None:
    before = race(0.9, 1.0, 0.6, ("Ann", "Bob"), suggested=False)
    after = race(0.9, 1.0, 0.6, ("Ann", "Bob"), suggested=True)
    # before my suggestion the race waits for its answer, however likely the envelope
    assert (before.turns, before.their_turns, before.accuse) == (2, 0, False)
    assert (after.their_turns, after.accuse) == (1, True)
    assert race(0.5, 5.0, 0.6, ("Ann", "Bob"), suggested=True).their_turns == 1  # one round
    assert race(0.5, 1.0, 0.0, ("Ann",), suggested=True).turns == 0  # nothing to learn
    assert race(0.5, 1.0, 0.0, ("Ann",), suggested=True).their_turns == 0


@given(
    st.floats(0, 1),
    st.floats(0, 30),
    st.floats(0, 5),
    st.lists(st.sampled_from(["Ann", "Bob", "Cy", "Dee", "Eve"]), max_size=5, unique=True),
    st.booleans(),
)
def test_the_race_accuses_only_where_it_may_whatever_the_bits(
    probability: float, bits: float, per_suggestion: float, rivals: list[str], suggested: bool
) -> None:
    """The bots ask :func:`may_accuse` before counting the bits: it must hold wherever
    the race accuses, and be the race itself once a rival gets a turn."""
    running = race(probability, bits, per_suggestion, rivals, suggested=suggested)
    assert not running.accuse or may_accuse(probability, rivals)
    if running.their_turns:
        assert running.accuse == may_accuse(probability, rivals)


def test_a_notebook_at_the_start_waits_and_counts_the_players_still_in() -> None:
    inv = Investigation(("me", "Ann", "Bob"), "me", HAND)
    start = inv.race()
    assert start.rivals == ("Ann", "Bob") and start.turns >= 3 and not start.accuse
    assert inv.accused("Ann", "White", "Dagger", "Lounge").race().rivals == ("Bob",)
    assert not any(isinstance(r.action, Accusation) for r in inv.recommend(top=3))


def _spied(seed: int, players: int) -> list[tuple[Table, Any]]:
    seen: list[tuple[Table, Any]] = []

    def spy(table: Table, rng: random.Random) -> Any:
        move = advised.policy(table, rng)
        seen.append((table, move))
        return move

    play_game([Bot("spy", spy), *[sampler] * (players - 1)], seed=seed)
    return seen


@pytest.fixture(scope="module")
def decisions() -> Any:
    """Every decision of the advice in a game at 3 players that it ends by accusing
    before it is certain."""
    return _spied(SEED, 3)


def test_advised_accuses_before_certain_exactly_when_the_race_says(
    decisions: list[tuple[Table, Any]],
) -> None:
    early = 0
    for table, move in decisions:
        notebook = table.notebook
        running = notebook.race()
        if isinstance(move, Accusation) and not move.certain:
            early += 1
            assert table.step == ACCUSE  # after the suggestion of the turn, never before
            assert running.accuse and move.waiting == pytest.approx(running.waiting)
            assert move.probability == notebook.accusation().probability < 1
        elif isinstance(move, Suggest) or (move is None and table.step == ACCUSE):
            assert not running.accuse or notebook.accusation().certain
    assert early == 1  # the game's last move


def _lost_by_waiting(monkeypatch: pytest.MonkeyPatch) -> None:
    """Waiting as good as lost whenever a rival gets a turn first."""
    monkeypatch.setattr(Race, "waiting", property(lambda race: 0.0 if race.their_turns else 1.0))


def test_the_advice_says_why_it_accuses_before_certain(monkeypatch: pytest.MonkeyPatch) -> None:
    start = Investigation(("me", "Ann", "Bob"), "me", HAND)
    inv = start.suggestion("me", "White", "Dagger", "Lounge", shown_by="Ann", card="White")
    _lost_by_waiting(monkeypatch)
    assert not isinstance(start.recommend(top=1)[0].action, Accusation)  # suggest first
    move = inv.recommend(top=1)[0].action
    assert isinstance(move, Accusation) and move.waiting is not None
    said = f"now: {move.probability:.1%} right, and waiting risks another player solving it first"
    assert str(move).endswith(said)
    line = " ".join(str(ADAPTER.extra(inv)).split())
    right = f"{move.probability:.1%} right"
    assert f"Accuse now (accuse me {' '.join(move.envelope.cards)}): {right}" in line
    assert "waiting risks another player solving it first (Ann, Bob still in" in line
    alone = inv.accused("Ann", "Peacock", "Dagger", "Lounge").accused(
        "Bob", "Peacock", "Rope", "Ballroom"
    )
    assert not alone.race().accuse  # nobody left to race
    assert "An accusation now would be right" in str(ADAPTER.extra(alone))
    monkeypatch.undo()  # the race as it is: waiting wins more often than this is right
    assert move.probability < (1 - RACE_RISK) ** 2
    assert not isinstance(inv.recommend(top=1)[0].action, Accusation)


def test_the_words_give_the_risk_the_race_weighed(monkeypatch: pytest.MonkeyPatch) -> None:
    from deduce.games.cluedo import advice

    start = Investigation(("me", "Ann", "Bob"), "me", HAND)
    inv = start.suggestion("me", "White", "Dagger", "Lounge", shown_by="Ann", card="White")
    monkeypatch.setattr(advice, "RACE_RISK", 0.9)  # rivals who nearly always solve it
    running = inv.race()
    assert running.risk == 0.9 and running.waiting == pytest.approx(0.1**2)
    assert running.accuse
    line = " ".join(str(ADAPTER.extra(inv)).split())
    assert "solves it on a turn 90% of the time, waiting wins about 1% of the time" in line


def test_entropy_accuses_only_a_certain_envelope() -> None:
    record = play_game([PANELS["cluedo"]["entropy"], sheet, sheet], seed=1)
    for seat, move in record.moves:
        if seat == 0 and isinstance(move, Accusation | Envelope):
            assert not isinstance(move, Accusation) or move.certain


@pytest.mark.parametrize(
    ("argument", "value"),
    [
        ("probability", 1.5),
        ("probability", float("nan")),
        ("bits", float("inf")),
        ("bits", -1.0),
        ("per_suggestion", float("nan")),
        ("per_suggestion", True),
    ],
)
def test_a_race_of_no_chance_or_no_bits_is_refused_by_name(argument: str, value: Any) -> None:
    given = {"probability": 0.5, "bits": 1.0, "per_suggestion": 0.6} | {argument: value}
    with pytest.raises(InvalidInput, match=f"^{argument}="):
        race(
            given["probability"], given["bits"], given["per_suggestion"], ("Ann",), suggested=False
        )


def test_the_console_counts_the_bits_of_my_turn_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ranking and the accusation line's race read one count of every suggestion."""
    from deduce.core.dealing import counter

    batches: list[int] = []
    counted = counter.summary_batch

    def spy(reduced: Any, questions: Any, *args: Any, **options: Any) -> Any:
        batches.append(len(questions))
        return counted(reduced, questions, *args, **options)

    inv = Investigation(("me", "Ann", "Bob"), "me", HAND).suggestion(
        "me", "White", "Dagger", "Lounge", shown_by="Ann", card="White"
    )
    monkeypatch.setattr(counter, "summary_batch", spy)
    _lost_by_waiting(monkeypatch)  # the line reckons the race
    inv.recommend(top=3)
    assert "waiting risks another player" in str(ADAPTER.extra(inv))
    assert batches == [324]
