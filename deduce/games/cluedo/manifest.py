"""Cluedo declares itself: its names, saved files and samples. It is a notebook for
now: no console front end and no demo.

Example:
    >>> GAME.title, GAME.front_end, GAME.matches("Clue")
    ('Cluedo', None, True)
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
    front_end=None,
    demo=None,
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
)

guard(globals())
