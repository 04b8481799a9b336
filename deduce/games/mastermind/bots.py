"""Whole games of Mastermind: a code-breaker bot against a code drawn from the seed.

A thin layer on the engine's game master (:mod:`deduce.table.referee`): the one seat is
the code-breaker, its view is its :class:`~deduce.games.mastermind.Investigation`, its
move a code; the referee answers with the feedback until the code is broken or the
guesses run out. The code-breaker wins if it breaks the code within the limit.

Example:
    >>> record = play_game([advised], seed=3)
    >>> record.winners, [str(move) for _, move in record.moves][:1]
    ((0,), ['1123'])
    >>> record.tables[0].won, record.truth["secret"] == record.moves[-1][1]
    (True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from deduce._internal.entry import guard
from deduce._internal.language import M, _
from deduce._internal.validation import check_seed
from deduce.errors import InvalidInput
from deduce.games.mastermind.investigation import Code, Game, Investigation
from deduce.table.referee import Bot, GameRecord, SeatTables, check_lineup, run

__all__ = ["Bot", "GameRecord", "advised", "play_game", "strategy_bot"]


def strategy_bot(strategy: str) -> Bot[Investigation, Code]:
    """A code-breaker that guesses the best code under ``strategy``.

    Example:
        >>> strategy_bot("minimax").name
        'minimax'
    """
    Investigation().check_strategy(strategy)

    def guess(inv: Investigation, rng: random.Random) -> Code:
        code: Code = _view(inv).best(strategy)
        return code

    return Bot(strategy, guess)


def _advised(inv: Investigation, rng: random.Random) -> Code:
    code: Code = _view(inv).best()
    return code


def _view(view: Any) -> Investigation:
    """``view``, if it is what a code-breaker sees: a Mastermind investigation."""
    if not isinstance(view, Investigation):
        raise InvalidInput("view", view, "a Mastermind investigation")
    return view


advised: Bot[Investigation, Code] = Bot("advised", _advised)
"""The table's default advice as a bot: ``Investigation.best()``, the fewest guesses
(``"fewest_moves"``)."""


class _Referee(SeatTables):
    """The code-maker, for :func:`~deduce.table.referee.run`: the one seat's table is the
    code-breaker's investigation."""

    players = 1
    tables: list[Investigation]

    def __init__(self, start: Investigation, secret: Code) -> None:
        self.tables = [start]
        self.secret = secret

    def turn(self) -> int | None:
        return None if self.tables[0].over else 0

    def apply(self, seat: int, move: Any) -> list[str]:
        inv = self.tables[0]
        code = inv.rules.code(move, argument="guess")
        black, white = inv.rules.feedback(self.secret, code)
        self.tables[0] = inv = inv.guess(code, black, white)
        said = (
            M("{black} black", black=black)
            if white is None
            else M("{black} black, {white} white", black=black, white=white)
        )
        return [str(_(M("guess {n}: {code}: {said}", n=len(inv.clues), code=code, said=said)))]

    def winners(self) -> tuple[int, ...]:
        return (0,) if self.tables[0].won else ()


def play_game(
    lineup: Sequence[Bot[Investigation, Any]],
    *,
    seed: int | random.Random | None,
    game: Game | None = None,
    limit: int | None = None,
    secret: Any = None,
    narrate: Callable[[str], None] | None = None,
) -> GameRecord:
    """One game: the code-breaker ``lineup[0]`` against a code drawn from ``seed``.

    Args:
        lineup: one bot, the code-breaker.
        seed: the seed of the code and of the bot's random choices.
        game: the variant (default ``Game()``: 4 pegs, 6 colours).
        limit: the guesses allowed (default: the game's, ten).
        secret: the code to break, instead of one drawn from the seed.
        narrate: called with each guess and its feedback as it happens.

    Returns:
        The record: ``.winners`` is ``(0,)`` if the code was broken within the limit,
        ``.moves`` the guesses, ``.tables[0]`` the investigation at the end and
        ``.truth["secret"]`` the code.

    Example:
        >>> record = play_game([strategy_bot("minimax")], seed=1, limit=2)
        >>> record.winners, len(record.moves), record.tables[0].over
        ((), 2, True)
    """
    players = check_lineup(lineup, 1, 1)
    rng = check_seed("seed", seed)
    if game is None:
        game = Game()
    elif not isinstance(game, Game):
        raise InvalidInput("game", game, "a mastermind.Game, or None for 4 pegs, 6 colours")
    start = Investigation(game.pegs, game.colours, black_only=game.black_only, limit=limit)
    code = rng.choice(game.codes()) if secret is None else game.code(secret, argument="secret")
    record = run(_Referee(start, code), players, rng=rng, narrate=narrate)
    record.truth["secret"] = code
    return record


guard(globals())
