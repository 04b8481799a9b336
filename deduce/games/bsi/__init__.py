"""Black Stories Investigation: one opponent's case, or a whole table of them.

A case is 4 pieces of evidence (victim man|woman, time day|night, scene inside|outside,
weapon knife|gun): 16 cases, each printed on exactly one 4-evidence card. A card laid in
front of a player goes to the field of that player's evidence grid that says how many of
its pieces match the player's case: ``"0/1"``, ``2`` or ``3``.

:class:`Investigation` follows one case on its own. :class:`Table` follows a whole game
for one player (seat 0): the hand, the own case, every opponent's grid, the discard pile,
the blood-drop cards, solved cases and reshuffles. It keeps the *joint* posterior over
all opponents' cases (they are all different cards) and counts every 4-evidence card in
view. :func:`play_game` plays whole games between bots (:func:`bot`), each with a
:class:`Table` of its own. The attempt advice weighs the end of the game (the clock and
the score race, :mod:`deduce.games.bsi.race`).

Example (the rulebook's worked example):
    >>> eva = Investigation()
    >>> eva = eva.played("woman/night/outside/gun", "0/1").played("woman/knife", 2)
    >>> eva.solutions()
    [Case('woman', 'day', 'inside', 'knife')]
"""

from typing import TYPE_CHECKING

from deduce._internal.lazy import attach

if TYPE_CHECKING:  # imported when first used (see deduce._internal.lazy)
    from deduce.games.bsi.bots import (
        STEPS,
        Bot,
        GameRecord,
        advised,
        bot,
        cautious,
        entropy_advised,
        game_master_at,
        play_game,
        random_bot,
    )
    from deduce.games.bsi.cards import (
        ATTRIBUTES,
        BOX,
        CARDS,
        CASES,
        FIELDS,
        STAND_IN,
        Card,
        Case,
    )
    from deduce.games.bsi.clues import (
        AttemptOption,
        Cases,
        Draw,
        Lay,
        LayOption,
        Play,
        Reshuffle,
        Solve,
    )
    from deduce.games.bsi.investigation import FailedAttempt, Investigation, Played, Seen, points
    from deduce.games.bsi.position import (
        SEARCH_SAMPLES,
        TablePosition,
        World,
        rollout_lineup,
        searched,
        win_chances,
    )
    from deduce.games.bsi.race import (
        MY_CHANCE,
        RIVAL_CHANCE,
        RaceLay,
        RaceOption,
        attempts_left,
        score_chances,
    )
    from deduce.games.bsi.table import Table

__all__ = [
    "ATTRIBUTES",
    "BOX",
    "CARDS",
    "CASES",
    "FIELDS",
    "MY_CHANCE",
    "RIVAL_CHANCE",
    "SEARCH_SAMPLES",
    "STAND_IN",
    "STEPS",
    "AttemptOption",
    "Bot",
    "Card",
    "Case",
    "Cases",
    "Draw",
    "FailedAttempt",
    "GameRecord",
    "Investigation",
    "Lay",
    "LayOption",
    "Play",
    "Played",
    "RaceLay",
    "RaceOption",
    "Reshuffle",
    "Seen",
    "Solve",
    "Table",
    "TablePosition",
    "World",
    "advised",
    "attempts_left",
    "bot",
    "cautious",
    "entropy_advised",
    "game_master_at",
    "play_game",
    "points",
    "random_bot",
    "rollout_lineup",
    "score_chances",
    "searched",
    "win_chances",
]

__getattr__, __dir__ = attach(globals())
