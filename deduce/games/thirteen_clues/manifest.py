"""13 Indizien declares itself: its names, saved files, front ends and samples.

Example:
    >>> GAME.title, GAME.autosave
    ('13 Indizien', '13clues')
"""

from deduce._internal.entry import guard
from deduce.core.declaration import Declaration, Sample

__all__ = ["GAME"]

GAME = Declaration(
    name="thirteen-clues",
    title="13 Indizien",
    package="deduce.games.thirteen_clues",
    aliases=("13clues", "13-indizien", "13 clues", "dreizehn-indizien"),
    kinds=("investigation:Investigation", "table:Table"),
    decisions="review:decision",  # my moves that answer no query, for the review
    tags=(("thirteen_clues", "Investigation"), ("thirteen_clues-table", "Table")),
    autosave="13clues",
    samples=(
        Sample(
            "Investigation",
            {
                "players": 3,
                "hand": ["Duke", "Park"],
                "puzzles": [["Officer", "Parlor", "Knife"], ["Butcher", "Harbor", "Sword"]],
            },
            reference="truthful:reference",
        ),
        Sample(
            "Table",
            {
                "players": 2,
                "hand": ["Duke", "Park"],
                "puzzles": [["Officer", "Parlor", "Knife"]],
                "first": 1,
            },
            reference="truthful:reference",
        ),
    ),
    table_setup=(
        "players=4",
        "hand=Officer Parlor",
        "seat_1=Duke Park Gun",
        "seat_2=Nurse Plaza Rifle",
        "seat_3=Maid Museum Sword",
        "first=0",
    ),
    table_lines=(  # every verb of mine, and the turn round to seat 1
        "ask 2 red 1",
        "accuse 2 wrong",
        "accuse 3 wrong",
        "accused Officer Parlor Knife",
        "accuse 1 wrong",
        "accuse 2 wrong",
        "accuse 3 wrong",
        "informant Knife",
    ),
)

guard(globals())
