"""Crime Writers declares itself: its names, saved files, front ends and samples.

Example:
    >>> GAME.samples[0]
    Sample('Investigation', make='investigation:Investigation.example')
    >>> GAME.samples[1].reference
    'truthful:reference'
"""

from deduce._internal.entry import guard
from deduce.core.declaration import Declaration, Sample

__all__ = ["GAME"]

GAME = Declaration(
    name="crime-writers",
    title="Crime Writers",
    package="deduce.games.crime_writers",
    kinds=("investigation:Investigation", "table:Table"),
    decisions="review:decision",  # my moves that answer no query, for the review
    tags=(("crime_writers", "Investigation"), ("crime_writers-table", "Table")),
    samples=(
        Sample("Investigation", make="investigation:Investigation.example"),  # the sample deck
        Sample(  # a deck small enough for the brute force
            "Investigation", make="truthful:small_investigation", reference="truthful:reference"
        ),
        Sample("Table", make="table:Table.example"),  # a whole game of three
    ),
    table_setup=("deck=example", "players=Ann Ben Cy", "me=Ben"),
    table_lines=(  # the story told, so that `next` can start the next one
        "found who Butler",
        "found whom Heiress",
        "found why Greed",
        "found where Library",
        "found how Screwdriver",
    ),
)

guard(globals())
