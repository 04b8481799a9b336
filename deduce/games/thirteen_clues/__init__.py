"""13 Indizien (13 Clues): my puzzle, exactly, from every question asked at the table.

I sit at seat 0. I see my own two hidden cards and the puzzle in front of every other
player; 13 cards are unknown to me: my own puzzle (one person, one location, one weapon),
the other players' hidden pairs and the informants. A row of the space is one puzzle of
mine; its weight is the exact number of deals of the 13 unknown cards that agree with
every clue, counted (never listed) by a dynamic program over the other players' pairs.
A deal is: my puzzle, each other player's pair of hidden cards (as a set; with two
players as a left and a right card, since the questions name one of them), and the set
of informant cards.

Example:
    >>> inv = Investigation(
    ...     3,
    ...     hand=("Duke", "Park"),
    ...     puzzles={1: ("Officer", "Parlor", "Knife"), 2: ("Butcher", "Harbor", "Sword")},
    ... )
    >>> len(inv.solutions())
    80
    >>> inv = inv.question(asker=0, witness=1, about="red", answer=3)
    >>> inv.marginals()["weapon"]["Poison"] > 0.5
    True
    >>> inv.recommend(top=1)[0].action
    Ask(witness=2, about='red', side=None)
"""

from typing import TYPE_CHECKING

from deduce._internal.lazy import attach

if TYPE_CHECKING:  # imported when first used (see deduce._internal.lazy)
    from deduce.games.thirteen_clues.accusing import accuse_or_ask, ladder, passing, waiting
    from deduce.games.thirteen_clues.advice import (
        TableAdvice,
        advise,
        rival_chances,
        rival_chances_after,
        view_of,
    )
    from deduce.games.thirteen_clues.bga import BgaDeal, read_bga
    from deduce.games.thirteen_clues.bots import (
        Bot,
        GameMaster,
        GameRecord,
        advised,
        eager,
        entropy,
        play_game,
    )
    from deduce.games.thirteen_clues.cards import (
        CARDS,
        CATEGORIES,
        COLOURS,
        GERMAN,
        GERMAN_WORDS,
        KINDS,
        Card,
        Deal,
        Puzzle,
        attributes,
        cards_in_play,
        colours_in_play,
        informant_count,
    )
    from deduce.games.thirteen_clues.clues import (
        Accusation,
        Accused,
        Ask,
        Charged,
        Consulted,
        Convicted,
        Informant,
        Peek,
        Question,
    )
    from deduce.games.thirteen_clues.glasses import Glasses
    from deduce.games.thirteen_clues.investigation import Investigation
    from deduce.games.thirteen_clues.position import (
        SEARCH_SAMPLES,
        TablePosition,
        World,
        rollout_lineup,
        searched,
        win_chances,
    )
    from deduce.games.thirteen_clues.table import RACE, Table

__all__ = [
    "CARDS",
    "CATEGORIES",
    "COLOURS",
    "GERMAN",
    "GERMAN_WORDS",
    "KINDS",
    "RACE",
    "SEARCH_SAMPLES",
    "Accusation",
    "Accused",
    "Ask",
    "BgaDeal",
    "Bot",
    "Card",
    "Charged",
    "Consulted",
    "Convicted",
    "Deal",
    "GameMaster",
    "GameRecord",
    "Glasses",
    "Informant",
    "Investigation",
    "Peek",
    "Puzzle",
    "Question",
    "Table",
    "TableAdvice",
    "TablePosition",
    "World",
    "accuse_or_ask",
    "advise",
    "advised",
    "attributes",
    "cards_in_play",
    "colours_in_play",
    "eager",
    "entropy",
    "informant_count",
    "ladder",
    "passing",
    "play_game",
    "read_bga",
    "rival_chances",
    "rival_chances_after",
    "rollout_lineup",
    "searched",
    "view_of",
    "waiting",
    "win_chances",
]

__getattr__, __dir__ = attach(globals())
