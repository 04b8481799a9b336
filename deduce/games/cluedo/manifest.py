"""Cluedo declares itself: its names, saved files, front ends and samples.

Example:
    >>> GAME.title, GAME.front_end, GAME.matches("Clue")
    ('Cluedo', 'play:ADAPTER', True)
"""

from deduce._internal.entry import guard
from deduce.core.declaration import Declaration, Sample

__all__ = ["GAME"]

SMALL_DECK = {
    "name": "small",
    "players": [2, 4],
    "suspects": ["Green", "Plum", "White"],
    "weapons": ["Rope", "Dagger", "Spanner"],
    "rooms": ["Hall", "Study", "Lounge"],
}
"""A small deck of 9 cards, whose deals a test can list one by one."""

GAME = Declaration(
    name="cluedo",
    title="Cluedo",
    package="deduce.games.cluedo",
    aliases=("clue",),
    kinds=("investigation:Investigation",),
    solo="solo:solo",
    samples=(
        Sample(
            "Investigation",
            {
                "players": ["me", "Ann", "Bob"],
                "me": "me",
                "hand": ["Green", "Rope"],
                "deck": SMALL_DECK,
                "dealer": "Bob",
                "face_up": [],
                "preferences": {},
            },
            reference="truthful:reference",
        ),
    ),
    table_setup=(
        "deck=classic",
        "players=me Ann Bob Cy",
        "me=me",
        "dealer=Cy",
        "face_up=none",
        "hand=Plum Rope Hall Study Green",
        "shows_first=none",
        "names_own=none",
    ),
)

guard(globals())
