"""Kreuzverhör declares itself: its names, saved files, front ends and samples.

Example:
    >>> GAME.matches("Kreuzverhör"), GAME.matches("cross examination")
    (True, True)
"""

from deduce._internal.entry import guard
from deduce.core.declaration import Declaration, Sample

__all__ = ["GAME"]

GAME = Declaration(
    name="kreuzverhoer",
    title="Kreuzverhör",
    package="deduce.games.kreuzverhoer",
    aliases=("kreuzverhör", "kreuzverhor", "cross-examination"),
    kinds=("investigation:Investigation", "table:Table"),
    decisions="review:decision",  # my moves that answer no query, for the review
    tags=(("kreuzverhoer", "Investigation"), ("kreuzverhoer-table", "Table")),
    simulated=True,
    samples=(
        Sample("Investigation", reference="truthful:reference"),  # the default deck
        Sample(  # a table: its clue methods take junk; simulated, it is my case file
            "Table",
            {"case": ["Mord", "Ulm", "Ede K.", "Gift"], "hand": ["profiler", "lawyer", "refusal"]},
        ),
    ),
    table_setup=("deck=default", "questionings=12", "case=Mord Ulm Ede Gift", "first=me"),
    table_lines=("ask Mord Ulm Nora Brechstange 2",),
)

guard(globals())
