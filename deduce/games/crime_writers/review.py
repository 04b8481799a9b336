"""Crime Writers' part of the review: my questions, finds and passes at the table.

Only a :class:`Table` knows whose turn it is, so only it has moves of mine: every clue
noted while it was my turn to ask is a :class:`~deduce.search.review.Decision` (the writer's
five replies are more than a query's yes and no):

- ``"question"``: a tag or a card asked about (its :class:`Question`, answered by the
  writer's reply), with the bits of its yes or no as the notebook counts them; or my own
  words (the ``Asked`` clue), which the notebook cannot read: 0 bits;
- ``"find"``: an element I named as worded (the :class:`Question` of that wording,
  answered ``"yes"``), with the bits of asking it when the wording is a card's (None:
  an invented wording, which the notebook cannot weigh);
- ``"pass"``: I passed the turn on without asking (0 bits).

The best move there is the one the review's strategy ranks first, as for any question
(``"guest"`` with three players or more: my points this turn). The other guests' turns
are theirs, not rows; the one-story :class:`Investigation` does not know who asks, and
has none.

Example:
    >>> from deduce.games.crime_writers import Deck
    >>> t = Table(Deck.example(), players=("Ann", "Ben"), me="Ben")
    >>> t = t.ask("how", "weapon", "no").passed()
    >>> [(row.kind, str(row.move), row.answer) for row in t.review().rows]
    [('question', 'how: weapon?', 'no'), ('pass', 'passes the turn', None)]
"""

from __future__ import annotations

from deduce._internal.entry import guard
from deduce.core.strategy import information
from deduce.errors import InvalidInput
from deduce.games.crime_writers.clues import Answer, Asked, Found, Question
from deduce.games.crime_writers.table import Passed, Table
from deduce.search.review import QUESTION, Decision, recommended

__all__ = ["decision"]


def decision(before: object, clue: object, *, strategy: str) -> Decision | None:
    """``clue`` as my move, read on ``before`` (the table before it): a clue noted while
    it was my turn to ask; None for any other clue (see the module's text).

    Example:
        >>> t = Table.example()  # Ann writes; Ben (me) asks first
        >>> decision(t, Found("how", "Poison"), strategy="entropy").kind
        'find'
    """
    if not isinstance(before, Table) or not before.my_turn:
        return None
    move: Question | Asked | Passed
    if isinstance(clue, Answer):
        kind, move, answer = QUESTION, Question(clue.element, clue.about), clue.reply
        bits = _bits(before, Question(clue.element, clue.about))
    elif isinstance(clue, Asked):
        kind, move, answer, bits = QUESTION, clue, clue.reply, 0.0
    elif isinstance(clue, Found):
        kind, move, answer = "find", Question(clue.element, clue.text), "yes"
        bits = _bits(before, Question(clue.element, clue.text))
    elif isinstance(clue, Passed):
        kind, move, answer, bits = "pass", clue, None, 0.0
    else:
        return None
    best = recommended(before, strategy=strategy)
    if best is None:
        return Decision(kind, move, answer, bits, None, float("nan"), None)
    action = best.action  # a card it names, in the player's language
    shown = action.told_with(before.deck) if isinstance(action, Question) else action
    return Decision(kind, move, answer, bits, shown, best.score, best.information)


def _bits(table: Table, question: Question) -> float | None:
    """The bits of the yes or no to ``question`` on ``table``'s notebook (None: it asks
    about no tag or card of the deck)."""
    try:
        about = table.deck.about(question.element, question.about)[0]
    except InvalidInput:
        return None
    asked = Question(question.element, about)
    return float(information(table.partition(table.space, [asked]))[0])


guard(globals())
