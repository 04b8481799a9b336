"""Cluedo (Clue): the envelope and every hand, exactly, from every suggestion at the table.

I know my own hand. Every suggestion is public (who suggested what, who passed, who
showed a card), and a card shown to me is mine to know. A row of the space is one
envelope (a suspect, a weapon, a room); its weight is the exact number of deals of the
other cards that agree with every clue, each weighed by the chance of the cards shown to
me (a player shows each of the named cards they hold equally likely), counted (never
listed or sampled) by :class:`deduce.core.dealing.Deals`.

Example:
    >>> inv = Investigation(("me", "Ann", "Bob"), "me",
    ...                     ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
    >>> inv = inv.suggestion("me", "White", "Dagger", "Lounge", shown_by="Ann", card="Lounge")
    >>> inv.card_locations()["Lounge"]
    {'Ann': 1.0}
    >>> round(inv.marginals()["room"]["Library"], 3)
    0.2
"""

from typing import TYPE_CHECKING

from deduce._internal.lazy import attach

if TYPE_CHECKING:  # imported when first used (see deduce._internal.lazy)
    from deduce.games.cluedo.advice import (
        LIKELIEST,
        TIE_BREAKS,
        envelope_bits,
        hand_bits,
        likeliness,
    )
    from deduce.games.cluedo.bots import (
        DRAWS,
        GameMaster,
        advised,
        deal_of,
        draws,
        eager,
        entropy,
        play_game,
        previous,
        reads,
        sampler,
        sheet,
    )
    from deduce.games.cluedo.cards import CATEGORIES, MAX_PLAYERS, Deck, Envelope, hand_sizes
    from deduce.games.cluedo.clues import Accusation, Accused, Seen, Suggest, Suggestion
    from deduce.games.cluedo.counting import ENVELOPE, FACE_UP, NAMES_OWN
    from deduce.games.cluedo.investigation import Investigation
    from deduce.games.cluedo.sheet import Sheet
    from deduce.games.cluedo.solo import MOST_SUGGESTIONS, solo, who_shows
    from deduce.games.cluedo.table import ACCUSE, STEPS, SUGGEST, Passed, Table

__all__ = [
    "ACCUSE",
    "CATEGORIES",
    "DRAWS",
    "ENVELOPE",
    "FACE_UP",
    "LIKELIEST",
    "MAX_PLAYERS",
    "MOST_SUGGESTIONS",
    "NAMES_OWN",
    "STEPS",
    "SUGGEST",
    "TIE_BREAKS",
    "Accusation",
    "Accused",
    "Deck",
    "Envelope",
    "GameMaster",
    "Investigation",
    "Passed",
    "Seen",
    "Sheet",
    "Suggest",
    "Suggestion",
    "Table",
    "advised",
    "deal_of",
    "draws",
    "eager",
    "entropy",
    "envelope_bits",
    "hand_bits",
    "hand_sizes",
    "likeliness",
    "play_game",
    "previous",
    "reads",
    "sampler",
    "sheet",
    "solo",
    "who_shows",
]

__getattr__, __dir__ = attach(globals())
