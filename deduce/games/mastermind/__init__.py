"""Mastermind, the reference game for benchmarks.

Codes are tuples of ints ``0..colours-1`` or digit strings (digits ``1..colours``). The
feedback is ``(black, white)``: black pegs for the right colour in the right place, white
for a right colour in the wrong place. With ``black_only=True`` only black pegs are
given (the feedback Kreuzverhör uses), and the feedback is ``(black, None)``.

Example:
    >>> game = Game(pegs=4, colours=6)
    >>> game.feedback("1234", "1122")
    (1, 1)
    >>> inv = game.investigation().guess("1122", black=1, white=0)
    >>> len(inv.solutions())
    256
    >>> inv.recommend(top=1, strategy="minimax")[0].action
    Code('1344')

Whole games between a code-breaker bot and a code drawn from a seed:

    >>> play_game([advised], seed=0).winners
    (0,)
"""

from typing import TYPE_CHECKING

from deduce._internal.lazy import attach

if TYPE_CHECKING:  # imported when first used (see deduce._internal.lazy)
    from deduce.games.mastermind.bots import Bot, GameRecord, advised, play_game, strategy_bot
    from deduce.games.mastermind.investigation import (
        GUESS_LIMIT,
        Code,
        Game,
        Guess,
        Investigation,
    )

__all__ = [
    "GUESS_LIMIT",
    "Bot",
    "Code",
    "Game",
    "GameRecord",
    "Guess",
    "Investigation",
    "advised",
    "play_game",
    "strategy_bot",
]

__getattr__, __dir__ = attach(globals())
