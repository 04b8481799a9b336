"""Kreuzverhör: find the crime, scene, suspect and weapon of your case in 12 questionings.

A case is one crime (6), scene (9), suspect (6) and weapon (9); a crime can only be
committed with the 6 weapons printed on its card, so there are 36 x 9 x 6 = 1944 cases.
In each questioning you lay any four cards (also a crime and weapon that do not go
together) and hear how many of them are right; then you may play an investigation card,
and your opponent may play a defence card.

:class:`Investigation` is your case file: every case still possible, the best next guess
over all 2916 possible layings, and which investigation card in your hand teaches most.
:class:`Interrogation` is the other side of the table: the case you chose for your
opponent, what they can know by now, and which card to name when a card forces you.

Example:
    >>> inv = Investigation()
    >>> len(inv.solutions())
    1944
    >>> inv = inv.questioning("Mord", "Berlin", "Juri L.", "Messer", correct=1)
    >>> inv.informant(["Ulm", "Köln*"])
    Traceback (most recent call last):
    ...
    deduce.errors.InvalidInput: card='informant' is not valid (Juri L. was laid and ...
    >>> inv = inv.single_interrogation("Einbruch")
    >>> len(inv.solutions()), inv.questionings_left
    (566, 11)
    >>> print(inv.recommend(top=1)[0].action)
    Überfall / Berlin / Juri L. / Schal*
"""

from typing import TYPE_CHECKING

from deduce._internal.lazy import attach

if TYPE_CHECKING:  # imported when first used (see deduce._internal.lazy)
    from deduce.games.kreuzverhoer.advice import (
        EXACT_UP_TO,
        Pace,
        RaceMove,
        card_after,
        pace,
        race,
        waiting,
    )
    from deduce.games.kreuzverhoer.bots import (
        STEPS,
        Bot,
        GameRecord,
        advised,
        bot,
        entropy,
        play_game,
    )
    from deduce.games.kreuzverhoer.cards import (
        BANNABLE_CARDS,
        FIELDS,
        Deck,
        deck_template,
    )
    from deduce.games.kreuzverhoer.clues import (
        CARD_GLOSSES,
        CARD_TITLES,
        DEFENCE_CARDS,
        INVESTIGATION_CARDS,
        CardValue,
        Case,
        Confirmed,
        Confrontation,
        Defence,
        Guess,
        Informant,
        InvestigatorsOnSite,
        Profiler,
        Questioning,
        RuledOut,
        SingleInterrogation,
        card_name,
    )
    from deduce.games.kreuzverhoer.events import (
        ACTION_CARDS,
        COPIES,
        Answered,
        Asked,
        Defended,
        Drew,
        Exchanged,
        Swapped,
        TheirCard,
    )
    from deduce.games.kreuzverhoer.finish import FINISH_UP_TO, finish
    from deduce.games.kreuzverhoer.interrogation import Interrogation
    from deduce.games.kreuzverhoer.investigation import Investigation
    from deduce.games.kreuzverhoer.review import CardAnswer, CardMove
    from deduce.games.kreuzverhoer.rules import COUNTINGS
    from deduce.games.kreuzverhoer.study import hard_case, questionings_needed
    from deduce.games.kreuzverhoer.table import Table
    from deduce.games.kreuzverhoer.tactics import card_values, race_card, race_defence

__all__ = [
    "ACTION_CARDS",
    "BANNABLE_CARDS",
    "CARD_GLOSSES",
    "CARD_TITLES",
    "COPIES",
    "COUNTINGS",
    "DEFENCE_CARDS",
    "EXACT_UP_TO",
    "FIELDS",
    "FINISH_UP_TO",
    "INVESTIGATION_CARDS",
    "STEPS",
    "Answered",
    "Asked",
    "Bot",
    "CardAnswer",
    "CardMove",
    "CardValue",
    "Case",
    "Confirmed",
    "Confrontation",
    "Deck",
    "Defence",
    "Defended",
    "Drew",
    "Exchanged",
    "GameRecord",
    "Guess",
    "Informant",
    "Interrogation",
    "Investigation",
    "InvestigatorsOnSite",
    "Pace",
    "Profiler",
    "Questioning",
    "RaceMove",
    "RuledOut",
    "SingleInterrogation",
    "Swapped",
    "Table",
    "TheirCard",
    "advised",
    "bot",
    "card_after",
    "card_name",
    "card_values",
    "deck_template",
    "entropy",
    "finish",
    "hard_case",
    "pace",
    "play_game",
    "questionings_needed",
    "race",
    "race_card",
    "race_defence",
    "waiting",
]

__getattr__, __dir__ = attach(globals())
