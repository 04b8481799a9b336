"""The test kit: hypothesis strategies for every game, the conformance suite a game must
pass, and junk to throw at a public API.

:mod:`~deduce.testing.strategies` (the names below), :mod:`~deduce.testing.conformance`
(what :func:`check_game` runs) and :mod:`~deduce.testing.robustness`.

Example:
    >>> from hypothesis import given, settings
    >>> from deduce.games.mastermind import Game
    >>> from deduce.testing import contains, games
    >>> @settings(max_examples=5)
    ... @given(games(Game(2, 3)))
    ... def test_the_secret_stays_possible(game):
    ...     secret, inv = game
    ...     assert contains(inv, secret)
    >>> test_the_secret_stays_possible()
"""

from deduce._internal.entry import guard
from deduce.testing.strategies import (
    check_game,
    clue_sequences,
    clues,
    contains,
    contradictions,
    games,
    invalid_input,
    junk,
    junk_or,
    lies,
    secrets,
    setups,
)

__all__ = [
    "check_game",
    "clue_sequences",
    "clues",
    "contains",
    "contradictions",
    "games",
    "invalid_input",
    "junk",
    "junk_or",
    "lies",
    "secrets",
    "setups",
]

guard(globals())
