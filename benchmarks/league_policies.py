"""The league's panel of opponent policies, one table per game, written on each game's
public game master (``play_game``, ``Bot`` and the game's ``Table``) only.

Every game has the game's own ``advised`` bot (the default advice) and its
information-greedy bot (``entropy``); 13 Indizien also its previous default
(``previous``: it accused only when its puzzle was as likely as its next turn). Where the
game ends with an accusation or an attempt, the eager bots ``eager-0.3``, ``eager-0.5``
and ``eager-0.7`` play the information-greedy move until the most probable answer has
at least that probability, then accuse or attempt it. BSI adds ``clock``, which attempts
earlier as the end of the game nears, and its existing ``cautious`` and ``random`` bots.

Not written yet: a human-notes bot (notes as on paper, no exact posterior) for any game,
a clock-aware bot for Kreuzverhör, eager bots for Crime Writers.

Example:
    >>> sorted(PANELS["bsi"])
    ['advised', 'cautious', 'clock', 'eager-0.3', 'eager-0.5', 'eager-0.7', 'entropy', 'random']
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from deduce.games import bsi, crime_writers, kreuzverhoer, thirteen_clues

__all__ = ["CLOCK", "PANELS", "PLAY", "SIZES", "THRESHOLDS"]

THRESHOLDS = (0.3, 0.5, 0.7)
"""The probabilities at which the eager bots accuse or attempt."""


# 13 Indizien -----------------------------------------------------------------------


def _thirteen_eager(threshold: float) -> thirteen_clues.Bot[Any, Any]:
    def policy(table: thirteen_clues.Table, rng: random.Random) -> Any:
        puzzle, probability = table.ranked(1)[0]
        if probability >= threshold:
            return puzzle
        return table.best("entropy")

    return thirteen_clues.Bot(f"eager-{threshold}", policy)


def _thirteen_previous(table: thirteen_clues.Table, rng: random.Random) -> Any:
    """The default advice before the accusation was weighed as a race: accuse when my
    likeliest puzzle is at least as likely right as the best move's chance to see my
    next turn (with two players and two puzzles left: always)."""
    advice = table.advice()
    useful = [
        1.0 - d for m, d in zip(advice.moves, advice.danger, strict=True) if m.information > 1e-9
    ]
    p = advice.accusation.probability
    two_left = table.players == 2 and len(table.ranked(3)) == 2
    if advice.accusation.certain or not useful or two_left or p >= max(useful):
        return advice.accusation
    return advice.moves[0].action


# BSI ------------------------------------------------------------------------------

BsiAttempt = tuple[int, Any, int] | None


def _bsi_attempt_at(table: bsi.Table, threshold: float) -> BsiAttempt:
    """The most probable case of any opponent if it has at least ``threshold``, with my
    strongest investigation card; else None."""
    drops = table.drops_left(0)
    if not drops:
        return None
    best: tuple[float, int, Any] | None = None
    for seat in table.opponents:
        case, probability = next(iter(table.case_probabilities(seat).items()))
        if best is None or probability > best[0]:
            best = (probability, seat, case)
    if best is None or best[0] < threshold:
        return None
    return best[1], best[2], max(drops)


def _bsi_entropy_play(table: bsi.Table, rng: random.Random) -> tuple[Any, int]:
    action = table.recommend(top=1, strategy="entropy")[0].action
    return action.card, action.target


def _bsi_eager(threshold: float) -> bsi.Bot:
    def attempt(table: bsi.Table, rng: random.Random) -> BsiAttempt:
        return _bsi_attempt_at(table, threshold)

    return bsi.Bot(f"eager-{threshold}", _bsi_entropy_play, attempt)


CLOCK = {3: 0.9, 2: 0.5, 1: 0.25}
"""BSI ``clock``: the probability at which it attempts, by the fewest investigation cards
any seat still holds (the game ends when anyone plays their third)."""


def _bsi_clock_attempt(table: bsi.Table, rng: random.Random) -> BsiAttempt:
    fewest = min(len(table.drops_left(seat)) for seat in range(table.players))
    return _bsi_attempt_at(table, CLOCK.get(fewest, 0.25))


# Kreuzverhör -------------------------------------------------------------------------


def _kreuzverhoer_eager(threshold: float) -> kreuzverhoer.Bot:
    def lay(table: kreuzverhoer.Table, rng: random.Random) -> kreuzverhoer.Guess:
        case, probability = table.mine.ranked(1)[0]
        if probability >= threshold:
            return kreuzverhoer.Guess(case.crime, case.scene, case.suspect, case.weapon)
        guess: kreuzverhoer.Guess = table.mine.best("entropy")
        return guess

    return kreuzverhoer.Bot(
        f"eager-{threshold}", lay, kreuzverhoer.entropy.card, kreuzverhoer.entropy.defend
    )


# the panels -------------------------------------------------------------------------

Panel = Mapping[str, Any]

PANELS: dict[str, Panel] = {
    "thirteen-clues": {
        "advised": thirteen_clues.advised,
        "previous": thirteen_clues.Bot("previous", _thirteen_previous),
        "entropy": thirteen_clues.entropy,
        **{f"eager-{t}": _thirteen_eager(t) for t in THRESHOLDS},
    },
    "bsi": {
        "advised": bsi.advised,
        "entropy": bsi.entropy_advised,
        "cautious": bsi.cautious,
        "random": bsi.random_bot,
        "clock": bsi.Bot("clock", _bsi_entropy_play, _bsi_clock_attempt),
        **{f"eager-{t}": _bsi_eager(t) for t in THRESHOLDS},
    },
    "kreuzverhoer": {
        "advised": kreuzverhoer.advised,
        "entropy": kreuzverhoer.entropy,
        "entropy-no-cards": kreuzverhoer.Bot("entropy-no-cards", kreuzverhoer.entropy.lay),
        **{f"eager-{t}": _kreuzverhoer_eager(t) for t in THRESHOLDS},
    },
    "crime-writers": {
        "advised": crime_writers.advised,
        "entropy": crime_writers.entropy,
    },
}
"""Every game's policies by name."""

SIZES: dict[str, tuple[int, ...]] = {
    "thirteen-clues": (2, 3, 4, 5, 6),
    "bsi": (2, 3, 4),
    "kreuzverhoer": (2,),
    "crime-writers": (3, 4, 5),
}
"""The table sizes of every game the league plays."""

PLAY: dict[str, Callable[..., Any]] = {
    "thirteen-clues": thirteen_clues.play_game,
    "bsi": bsi.play_game,
    "kreuzverhoer": kreuzverhoer.play_game,
    "crime-writers": crime_writers.play_game,
}
"""Every game's game master."""
