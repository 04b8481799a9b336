"""The other side of the table: games played out.

A :class:`Referee` runs a game between :class:`Bot` players (:mod:`~deduce.table.referee`);
:func:`win_chances` plays a position out many times to weigh the moves by their chance
to win (:mod:`~deduce.table.rollouts`); :func:`simulate` plays a strategy against every
secret of a game (:mod:`~deduce.table.simulation`); :mod:`~deduce.table.races` holds the
arithmetic of a race between seats that every game's race model counts with.

Example:
    >>> from deduce.games.mastermind import Investigation
    >>> from deduce.table import simulate
    >>> simulate(Investigation(2, 2), strategy="entropy").worst
    3
"""

from deduce._internal.entry import guard
from deduce.table.races import first_to_finish, most_points, steady, survival
from deduce.table.referee import MOVE, Bot, GameRecord, Player, Referee, SeatTables, run
from deduce.table.rollouts import MoveChance, Position, WinChances, wilson, win_chances
from deduce.table.simulation import Stats, simulate

__all__ = [
    "MOVE",
    "Bot",
    "GameRecord",
    "MoveChance",
    "Player",
    "Position",
    "Referee",
    "SeatTables",
    "Stats",
    "WinChances",
    "first_to_finish",
    "most_points",
    "run",
    "simulate",
    "steady",
    "survival",
    "wilson",
    "win_chances",
]

guard(globals())
