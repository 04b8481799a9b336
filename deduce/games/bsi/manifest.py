"""Black Stories Investigation declares itself: its names, saved files, front ends and
samples (one opponent's case on its own, and a whole table).

Example:
    >>> GAME.kind_names
    ('Investigation', 'Table')
"""

from deduce._internal.entry import guard
from deduce.core.declaration import Declaration, Sample

__all__ = ["GAME"]

GAME = Declaration(
    name="bsi",
    title="Black Stories Investigation",
    package="deduce.games.bsi",
    aliases=("black-stories-investigation", "black-stories"),
    kinds=("investigation:Investigation", "table:Table"),
    decisions="review:decision",  # my moves that answer no query, for the review
    tags=(("bsi", "Investigation"), ("bsi-table", "Table")),
    samples=(
        Sample("Investigation", {}, reference="truthful:reference"),
        Sample(
            "Table",
            {
                "players": 2,
                "case": "man/night/inside/gun",
                "hand": ["woman/night/outside/gun", "woman/knife", "man/day"],
                "first": 0,
            },
        ),
    ),
    table_setup=(
        "players=2",
        "case=man/night/inside/gun",
        "hand=woman/night/outside/gun woman/knife man/day",
        "first=0",
        "box=any",
    ),
    table_lines=("lay woman/night/outside/gun 1 0/1",),
)

guard(globals())
