"""Positions of Black Stories Investigation games played by bots, as hypothesis
strategies: seat 0's turns, and its attempt step just after a lay."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from deduce.games.bsi import advised, cautious, play_game, random_bot
from deduce.games.bsi.truthful import field_of

bots = st.sampled_from([advised, cautious, random_bot])
reshuffles = st.sampled_from(["when_needed", "when_empty"])


@st.composite
def my_turns(draw: st.DrawFn) -> Any:
    """A game stopped at the start of one of seat 0's turns (or over)."""
    players = draw(st.integers(2, 4))
    seats = [draw(bots) for _ in range(players)]
    seed, rounds = draw(st.integers(0, 10**6)), draw(st.integers(1, 15))
    return play_game(seats, seed=seed, max_turns=rounds * players, reshuffle=draw(reshuffles))


@st.composite
def laid_positions(draw: st.DrawFn, most_rounds: int = 12) -> Any:
    """A game stopped at seat 0's attempt step, its card just laid (None: the game was
    at another step), after 1 to ``most_rounds`` rounds of bots."""
    players = draw(st.integers(2, 4))
    seats = [draw(st.sampled_from([advised, cautious, random_bot])) for _ in range(players)]
    seed, rounds = draw(st.integers(0, 10**6)), draw(st.integers(1, most_rounds))
    record = play_game(seats, seed=seed, max_turns=rounds * players)
    table = record.tables[0]
    if table.step != "lay":
        return None
    card = table.hand[0]
    target = draw(st.sampled_from(table.opponents))
    return table.played(card, target, field_of(record.truth["cases"][target], card))
