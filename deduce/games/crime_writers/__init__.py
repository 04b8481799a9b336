"""Crime Writers: the guests' notebook, the master-scribe's sheet and the title check.

The writer drew three cards (at most two persons: then one is the killer and the other
the victim) and invented the other two of the five elements: who (killer), whom
(victim), why (motive), where (scene) and how (cause of death). A *draw* says, for each
element, which card it is or that it was invented (:data:`INVENTED`).

Guests ask about an element's tags (from the deck file) or name a card; the writer's
five replies mean:

- ``"yes"``: the element has the tag; cards that lack it are ruled out.
- ``"also"``: true, as part of something wider; read as "yes" to the tag (the rulebook
  lets the guest ask on, as after a "yes").
- ``"no"``: the element lacks the tag; cards that have it are ruled out.
- ``"almost"``, ``"not characteristic"`` (``"not important"`` is the same answer):
  nothing is ruled out. They are logged, and :meth:`Investigation.candidates` lists
  first the cards "almost" and "also" point to (the tag and its near tags, or a named
  card's tags).

Questions in a guest's own words are logged with :meth:`Investigation.asked` and rule
nothing out.

An invented element, and a card whose tag is listed as ``maybe`` (it depends on the
story), can be either way for a tag: both replies keep them.

Naming a card is a question too. An invented element need not be among the cards, but
it may be worded like one, so "yes" means the element is found, worded so: the draws
where that card was drawn and those where the element was invented and worded so both
stay (:meth:`Investigation.drawn` says the card was drawn). Any other reply but "not
characteristic" says the element is not worded exactly so: it rules out the card and an
invented element worded so. Every question asked, whatever the reply, is left out of
:meth:`Investigation.recommend` (the writer would repeat it).

Probabilities are exact: every draw allowed by the rule is equally likely, and so is
each way an invented element (or a ``maybe`` tag) can be for the tags asked about, and
each way an invented element can be worded: like one of the ``n`` cards of its stack,
or in words of its own (``n + 1`` cases). So a card that fits a "yes" to a tag keeps its
whole weight while an invented element keeps half of it, and after "yes" to naming one
of 20 cards an invented element keeps 1/21 of its weight.

Example:
    >>> inv = Investigation(Deck.example())
    >>> inv = inv.answer("how", "object", "yes").answer("how", "weapon", "no")
    >>> inv = inv.answer("how", "tool", "yes").answer("how", "repairs", "yes")
    >>> inv = inv.answer("how", "Adjustable wrench", "no")
    >>> [(text, round(p, 3)) for text, p in inv.candidates("how")]
    [('Screwdriver', 0.527), ('(invented)', 0.473)]
    >>> inv.answer("how", "Screwdriver", "yes").solved is None  # four elements to go
    True
"""

from typing import TYPE_CHECKING

from deduce._internal.lazy import attach

if TYPE_CHECKING:  # imported when first used (see deduce._internal.lazy)
    from deduce.games.crime_writers.bots import (
        STEPS,
        Bot,
        GameRecord,
        Writing,
        advised,
        bot,
        entropy,
        following,
        play_game,
        truthful,
    )
    from deduce.games.crime_writers.cards import (
        DECK_OF,
        DECKS,
        ELEMENTS,
        INVENTED,
        Card,
        Deck,
    )
    from deduce.games.crime_writers.clues import (
        REPLIES,
        Answer,
        Asked,
        Found,
        Question,
        Seen,
        Story,
    )
    from deduce.games.crime_writers.investigation import Investigation
    from deduce.games.crime_writers.scoresheet import (
        Find,
        Round,
        ScoreSheet,
        started_minutes,
    )
    from deduce.games.crime_writers.table import (
        PASSING,
        Clock,
        NextRound,
        Passed,
        Table,
        names_element,
    )
    from deduce.games.crime_writers.title import (
        TitleWarning,
        check_title,
    )

__all__ = [
    "DECKS",
    "DECK_OF",
    "ELEMENTS",
    "INVENTED",
    "PASSING",
    "REPLIES",
    "STEPS",
    "Answer",
    "Asked",
    "Bot",
    "Card",
    "Clock",
    "Deck",
    "Find",
    "Found",
    "GameRecord",
    "Investigation",
    "NextRound",
    "Passed",
    "Question",
    "Round",
    "ScoreSheet",
    "Seen",
    "Story",
    "Table",
    "TitleWarning",
    "Writing",
    "advised",
    "bot",
    "check_title",
    "entropy",
    "following",
    "names_element",
    "play_game",
    "started_minutes",
    "truthful",
]

__getattr__, __dir__ = attach(globals())
