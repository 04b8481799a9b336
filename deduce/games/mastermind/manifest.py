"""Mastermind declares itself: its names, saved files, front ends and samples.

Example:
    >>> GAME.name, GAME.simulated
    ('mastermind', True)
"""

from deduce._internal.entry import guard
from deduce.core.declaration import Declaration, Sample

__all__ = ["GAME"]

GAME = Declaration(
    name="mastermind",
    title="Mastermind",
    package="deduce.games.mastermind",
    kinds=("investigation:Investigation",),
    tags=(("mastermind", "Investigation"),),
    simulated=True,
    samples=(
        Sample(
            "Investigation",
            {"pegs": 3, "colours": 3, "black_only": False},
            reference="truthful:reference",
        ),
    ),
    table_setup=("pegs=4", "colours=6", "black_only=no"),
)

guard(globals())
