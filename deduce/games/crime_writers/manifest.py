"""Crime Writers declares itself: its names, saved files, front ends and samples.

Example:
    >>> GAME.samples
    (Sample('Investigation', make='investigation:Investigation.example'),)
"""

from deduce.declaration import Declaration, Sample

__all__ = ["GAME"]

GAME = Declaration(
    name="crime-writers",
    title="Crime Writers",
    package="deduce.games.crime_writers",
    kinds=("investigation:Investigation",),
    tags=(("crime_writers", "Investigation"),),
    samples=(
        Sample("Investigation", make="investigation:Investigation.example"),
    ),  # the sample deck
    table_setup=("deck=example",),
)
