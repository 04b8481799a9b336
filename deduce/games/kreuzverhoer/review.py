"""Kreuzverhör's part of the review: my action cards and my answers, beside the advice.

My questionings are queries (see :meth:`Investigation.move_of`: the details right are
the answer). Every other move of mine is a :class:`~deduce.search.review.Decision`:

- ``"card"``: an investigation card I played after my questioning (its clue, as the
  helpers note it, is the answer), one an opponent's defence card blocked (the
  ``Defence`` is the answer), or a card I put back for a new one instead
  (``Exchanged``, at a table). Its information is the bits the card was expected to
  give about my case against an answering player who names details already ruled out
  first (:func:`~deduce.games.kreuzverhoer.card_values`, the advice's count; 0 bits for
  an exchange; None for a card whose text the rulebook does not give).
- ``"defence"``: a defence card I played in my opponent's questioning (a table's
  ``Defended``; 0 bits about my case).
- ``"answer"``: my answer to my opponent's investigation card (a table's ``Answered``,
  as a :class:`CardAnswer`; 0 bits about my case).

The best move there is the table's default advice for the step
(:data:`~deduce.games.kreuzverhoer.advised`): the card step's
:func:`~deduce.games.kreuzverhoer.race_card` and the defence's
:func:`~deduce.games.kreuzverhoer.race_defence`, as a :class:`CardMove`, scored by the
card's bits; the answer :meth:`Table.suggest` gives (when my case was given). Without my
hand (a case file alone, or a table that does not follow it) nobody can say which card
was best: the best is None. My opponent's questionings and cards are theirs, not rows.

Example:
    >>> inv = Investigation().questioning("Mord", "Ulm", "Ede K.", "Gift", 1)
    >>> inv = inv.single_interrogation("Einbruch")
    >>> [(row.kind, str(row.move)) for row in inv.review().rows]
    [('question', 'Mord / Ulm / Ede K. / Gift'), ('card', 'Einzelverhör')]
"""

from __future__ import annotations

from dataclasses import dataclass

from deduce._internal.entry import guard
from deduce._internal.language import M, _
from deduce.games.kreuzverhoer.clues import VALUED_CARDS, Defence, card_of, card_title
from deduce.games.kreuzverhoer.counting import card_information
from deduce.games.kreuzverhoer.events import Answered, Defended, Exchanged
from deduce.games.kreuzverhoer.interrogation import CARDS as ANSWERED
from deduce.games.kreuzverhoer.interrogation import answer_in_words
from deduce.games.kreuzverhoer.investigation import Investigation
from deduce.games.kreuzverhoer.table import Table
from deduce.games.kreuzverhoer.tactics import card_values, race_card, race_defence
from deduce.search.review import Decision

__all__ = ["CardAnswer", "CardMove", "decision"]


@dataclass(frozen=True, slots=True)
class CardMove:
    """A move of a card step: play action card ``card``, put it back for a new one
    (``exchange``), or play none (``card`` None).

    Example:
        >>> str(CardMove("confrontation")), str(CardMove("mole", exchange=True))
        ('Gegenüberstellung', 'exchange Maulwurf')
        >>> str(CardMove(None))
        'no card'
    """

    card: str | None
    exchange: bool = False

    def __str__(self) -> str:
        said: str
        if self.card is None:
            said = _("no card")
        elif self.exchange:
            said = _(M("exchange {card}", card=card_title(self.card)))
        else:
            said = card_title(self.card)
        return said


@dataclass(frozen=True, slots=True)
class CardAnswer:
    """My answer to my opponent's investigation ``card``, played after their questioning
    laid ``scene`` and ``suspect``: the names I gave, True or False (Gegenüberstellung),
    or None (Ermittler vor Ort: the laid scene is wrong; a card of no effect).

    Example:
        >>> print(CardAnswer("profiler", ("Juri L.",), "Ulm", "Ede K."))
        the suspect is not Juri L.
    """

    card: str
    answer: tuple[str, ...] | bool | None
    scene: str
    suspect: str

    def __str__(self) -> str:
        if self.card not in ANSWERED:
            said: str = _(M("{card}: no answer of effect", card=card_title(self.card)))
            return said
        return answer_in_words(self.card, self.answer, self.scene, self.suspect)


def decision(before: object, clue: object, *, strategy: str) -> Decision | None:
    """``clue`` as a move of mine that lays no cards, read on ``before`` (the case file or
    table before it): my investigation card (played, or blocked by a ``Defence``), my
    exchange, my defence card, my answer; None for any other clue (see the module's text).

    Example:
        >>> t = Table(hand=["profiler", "lawyer", "informant"])
        >>> t = t.questioning("Mord", "Berlin", "Juri L.", "Messer", 1)
        >>> row = decision(t, Exchanged("informant", "alibi"), strategy="race")
        >>> str(row.move), str(row.best), row.information
        ('exchange Informant', 'Profiler', 0.0)
        >>> row.best_information == card_values(t.mine, t.hand)["profiler"]
        True
    """
    if not isinstance(before, Investigation):
        return None
    table = before if isinstance(before, Table) else None
    if isinstance(clue, Defence) and clue.blocks is not None:  # my card, made useless
        return _card_step(before, table, CardMove(clue.blocks), clue)
    if isinstance(clue, Exchanged) and table is not None:
        return _card_step(before, table, CardMove(clue.card, exchange=True), clue)
    card = card_of(clue)  # a generic fact is a card's only with card=
    if card is not None:
        return _card_step(before, table, CardMove(card), clue)
    if table is None:
        return None
    if isinstance(clue, Defended):
        defence = None if table.hand is None else CardMove(race_defence(table, None))
        return Decision("defence", CardMove(clue.card), clue, 0.0, defence, float("nan"), 0.0)
    last = table.theirs.last_questioning
    if isinstance(clue, Answered) and table.pending is not None and last is not None:
        card, scene, suspect = table.pending, last.scene, last.suspect
        said = CardAnswer(card, clue.answer, scene, suspect)
        best = None if table.case is None else CardAnswer(card, table.suggest(), scene, suspect)
        return Decision("answer", said, None, 0.0, best, float("nan"), 0.0)
    return None


def _card_step(
    before: Investigation, table: Table | None, move: CardMove, clue: object
) -> Decision:
    """The review of my card step: ``move``, and the card :func:`race_card` plays there."""
    mine = before if table is None else table.mine
    bits = 0.0 if move.exchange else _bits(mine, move.card)
    if table is None or table.hand is None:
        return Decision("card", move, clue, bits, None, float("nan"), None)
    chosen = race_card(table, None)
    best = CardMove(chosen[1], exchange=True) if isinstance(chosen, tuple) else CardMove(chosen)
    if best.card is None or best.exchange:
        return Decision("card", move, clue, bits, best, float("nan"), 0.0)
    best_bits = card_values(mine, table.hand)[best.card]
    return Decision("card", move, clue, bits, best, best_bits, best_bits)


def _bits(mine: Investigation, card: str | None) -> float | None:
    """The bits ``card`` was expected to give on ``mine`` after its last questioning, as
    :func:`card_values` counts them (None: its text is not in the rulebook)."""
    last = mine.last_questioning
    if card not in VALUED_CARDS or last is None:
        return None
    return card_information(mine.deck, mine.space, card, last.guess, silent_first=True)[0]


guard(globals())
