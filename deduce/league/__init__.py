"""The league: every game's policies played against each other, whole games at a
table of bots.

A :class:`Cell` is a game, a table size ``n``, the policy under test and one opponent
policy (every policy of a game is in :data:`PANELS`: the game's own advice, its earlier
defaults, information-greedy and eager players, players who keep notes as on paper, ...).
Game ``g`` of a cell is the game master's deal ``g`` (``play_game(..., seed=g)``): the
policy under test sits at seat ``g % n`` (the lone seat, so every seat is the lone seat
equally often when the count of games is a multiple of ``n``), every other seat plays
the opponent. The lone seat's share of the wins is compared with the fair share ``1/n``
through its 95% Wilson interval. A game with several winners (a tie on points in BSI or
Crime Writers) gives each winner an equal part of the win (``1/k`` for ``k`` winners); a
game nobody wins (13 Indizien after 300 actions, a game master's limit) counts as a game
the lone seat did not win.

:func:`play_cells` plays cells on any ``concurrent.futures`` executor (a process pool,
a dask client's: :mod:`deduce.table.executors`), sent in chunks of games; ``deduce
league`` (or ``python -m deduce.league``) is its command line, with a progress bar and
a results file that a stopped run goes on from.

Example:
    >>> from deduce.league import Cell, cells_of, play_cells, table
    >>> cells = cells_of(["bsi"], players=[2], policies=["advised"], against=["random"])
    >>> rows = play_cells(cells, games=2)
    >>> rows[0].cell, rows[0].games, 0 <= rows[0].share <= 1
    (Cell(game='bsi', players=2, policy='advised', against='random'), 2, True)
"""

from typing import TYPE_CHECKING

from deduce._internal.lazy import attach

if TYPE_CHECKING:  # imported when first used (see deduce._internal.lazy)
    from deduce.league._cells import (
        COLUMNS,
        Cell,
        Row,
        cells_of,
        lone_share,
        play_cell,
        play_cells,
        table,
    )
    from deduce.league._command import parts_of, read_results
    from deduce.league._policies import PANELS, SAME_GAMES, SIZES, THRESHOLDS
    from deduce.league._seeds import MEASURING, TUNING

__all__ = [
    "COLUMNS",
    "MEASURING",
    "PANELS",
    "SAME_GAMES",
    "SIZES",
    "THRESHOLDS",
    "TUNING",
    "Cell",
    "Row",
    "cells_of",
    "lone_share",
    "parts_of",
    "play_cell",
    "play_cells",
    "read_results",
    "table",
]

__getattr__, __dir__ = attach(globals())
