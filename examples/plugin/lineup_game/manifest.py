"""Line-up declares itself: deduce reads this through the entry point ``lineup``.

Reading the declaration imports nothing else of the game; ``deduce`` imports the
modules it names (``investigation``, ``play``, ``demo``) when they are used.

Example:
    >>> GAME.name, GAME.simulated, GAME.kind_names
    ('lineup', True, ('Lineup',))
"""

from deduce import Declaration, Sample

__all__ = ["GAME"]

GAME = Declaration(
    name="lineup",
    title="Line-up",
    package="lineup_game",
    aliases=("line-up", "who is it"),
    kinds=("investigation:Lineup",),
    front_end="play:ADAPTER",
    demo="demo:run",
    simulated=True,  # a world is the culprit, and every answer follows from it
    samples=(Sample("Lineup", {"suspects": 8}),),
    table_setup=("suspects=24",),
)
