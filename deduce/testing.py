"""Hypothesis strategies for property tests of deductions, yours and ours.

Every game's investigation can produce its secrets and *truthful* clues for a given
secret, so a test can check that a deduction is sound (the secret is never eliminated)
and complete (every kept solution fits every clue).

Example:
    >>> from hypothesis import given, settings
    >>> from deduce.games.mastermind import Game
    >>> start = Game(pegs=3, colours=3).investigation()
    >>> @settings(max_examples=20)
    ... @given(games(start))
    ... def test_secret_survives(game):
    ...     secret, investigation = game
    ...     assert contains(investigation, secret)
    >>> test_secret_survives()
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from deduce.errors import InvalidInput
from deduce.investigation import Investigation, as_investigation

__all__ = ["clue_sequences", "contains", "games", "invalid_input", "secrets"]


def secrets(game: Any) -> st.SearchStrategy[Any]:
    """Secrets that are still possible in ``game`` (a game or an investigation).

    Example:
        >>> from hypothesis import given
        >>> from deduce.games.mastermind import Game
        >>> @given(secrets(Game(pegs=2, colours=2)))
        ... def test_is_a_code(code):
        ...     assert code in Game(2, 2).codes()
        >>> test_is_a_code()
    """
    strategy: st.SearchStrategy[Any] = as_investigation(game).secrets_strategy()
    return strategy


def clue_sequences(game: Any, secret: Any, *, max_clues: int = 6) -> st.SearchStrategy[Any]:
    """Investigations built from up to ``max_clues`` clues that are true for ``secret``.

    Each clue is drawn from the investigation as it stands, so clues that depend on the
    state (a card played after a guess, say) come out right.

    Example:
        >>> from hypothesis import given, settings
        >>> from deduce.games.mastermind import Game
        >>> @settings(max_examples=10)
        ... @given(clue_sequences(Game(2, 3), "12"))
        ... def test_keeps_the_secret(inv):
        ...     assert contains(inv, "12")
        >>> test_keeps_the_secret()
    """
    start = as_investigation(game)

    @st.composite
    def build(draw: st.DrawFn) -> Investigation:
        investigation = start
        for _ in range(draw(st.integers(0, max_clues))):
            clue = draw(investigation.clue_strategy(secret))
            if clue is None:
                break
            investigation = investigation.observe(clue)
        return investigation

    return build()


def games(game: Any, *, max_clues: int = 6) -> st.SearchStrategy[tuple[Any, Investigation]]:
    """Pairs ``(secret, investigation)``: a secret and truthful clues about it.

    Example:
        >>> from hypothesis import given, settings
        >>> from deduce.games.mastermind import Game
        >>> @settings(max_examples=10)
        ... @given(games(Game(2, 3)))
        ... def test_pairs(game):
        ...     secret, inv = game
        ...     assert secret in inv.solutions()
        >>> test_pairs()
    """
    start = as_investigation(game)
    return secrets(start).flatmap(
        lambda secret: st.tuples(
            st.just(secret), clue_sequences(start, secret, max_clues=max_clues)
        )
    )


def contains(investigation: Investigation, secret: Any) -> bool:
    """Whether ``secret`` is still possible in ``investigation``.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> inv = Investigation(2, 2).guess("11", black=1, white=0)
        >>> contains(inv, "12"), contains(inv, "22")
        (True, False)
    """
    return investigation.contains_secret(secret)


def invalid_input(
    call: Callable[[], Any], argument: str, choices: str | None = None
) -> InvalidInput:
    """Check that ``call()`` raises :class:`~deduce.InvalidInput` about ``argument``.

    The message must start with ``argument=`` (it names the argument and its value) and,
    if given, contain ``choices`` (the valid choices it lists). Returns the error.

    Example:
        >>> from deduce.games.mastermind import Game
        >>> invalid_input(lambda: Game(pegs=0), "pegs", "from 1 to 8").value
        0
    """
    try:
        call()
    except InvalidInput as error:
        message = str(error)
        assert error.argument == argument, (
            f"argument {error.argument!r}, not {argument!r}: {message}"
        )
        assert message.startswith(f"{argument}="), message
        assert choices is None or choices in message, f"{choices!r} not in {message!r}"
        return error
    raise AssertionError(f"no InvalidInput about {argument!r}")
