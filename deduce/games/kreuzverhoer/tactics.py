"""Kreuzverhör: the action cards of the race advice, seen from a :class:`Table`.

The answering player names details already ruled out first
(:meth:`Interrogation.suggestions`), so an investigation card is worth what it still
teaches against such an answer (:func:`card_values`): the Informant teaches nothing once
two scenes are ruled out, Einzelverhör once one crime is. A card worth nothing is put
back for a new one (:func:`race_card`), the dead cards first. A defence card blocks only
an investigation card whose answer would teach something (:func:`race_defence`), and a
skip (Anwalt, Suspendierung) goes first when the opponent could solve in their next
questioning. With nothing else to play and a hand not worth keeping, the Maulwurf.

Example:
    >>> from deduce.games.kreuzverhoer import Case, Table
    >>> t = Table(hand=["single_interrogation", "mole", "refusal"])
    >>> t = t.questioning("Mord", "Ulm", "Ede K.", "Messer", correct=0)
    >>> card_values(t.mine, t.hand)   # Mord is ruled out: Einzelverhör names it again
    {'single_interrogation': 0.0}
    >>> race_card(t, None)
    ('exchange', 'mole')
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from deduce._internal.entry import guard
from deduce._internal.validation import check_type
from deduce.errors import InvalidInput
from deduce.games.kreuzverhoer.advice import pace
from deduce.games.kreuzverhoer.clues import (
    DEFENCE_CARDS,
    INVESTIGATION_CARDS,
    SKIPS,
    VALUED_CARDS,
    ban_note,
    card_name,
)
from deduce.games.kreuzverhoer.counting import card_information
from deduce.games.kreuzverhoer.investigation import Investigation
from deduce.games.kreuzverhoer.table import Table

__all__ = ["CLOSE", "DEAD_FIRST", "KEPT_FROM_MOLE", "card_values", "race_card", "race_defence"]

WORTH = 0.01
"""Bits below which an investigation card counts as teaching nothing."""

CLOSE = 0.1
"""The chance that the opponent solves in their next questioning from which a skip is
played at once, before a block (a block then waits)."""

DEAD_FIRST: tuple[str, ...] = (
    *(c for c in INVESTIGATION_CARDS if c not in VALUED_CARDS),
    "false_witness",
    "mole",
)
"""Cards put back first when no card is played: the investigation cards whose text the
rulebook does not give, Falscher Zeuge (it blocks only Zeuge, one of those) and
Maulwurf (played only as :func:`race_defence` says)."""


KEPT_FROM_MOLE: tuple[str, ...] = ("refusal", "alibi", "confrontation", "investigators_on_site")
"""With one of these in hand the Maulwurf is not played: its swap, blind, could give it
away (a skip in hand is played instead)."""


def card_values(inv: Investigation, hand: Sequence[str]) -> dict[str, float]:
    """The expected bits of each investigation card of ``hand`` whose text is known and
    that the last laid suspect allows, played now on ``inv`` against an answering
    player who names details already ruled out first.

    Raises:
        InvalidInput: ``inv`` is not a case file with a questioning laid, or ``hand``
            names an unknown card.

    Example:
        >>> inv = Investigation().questioning("Mord", "Ulm", "Juri L.", "Gift", 2)
        >>> sorted(card_values(inv, ["informant", "profiler", "refusal"]))
        ['profiler']
    """
    if not isinstance(inv, Investigation) or inv.last_questioning is None:
        raise InvalidInput("inv", inv, "a kreuzverhoer.Investigation with a questioning laid")
    if isinstance(hand, str) or not isinstance(hand, Sequence):
        raise InvalidInput("hand", hand, "a list of card names")
    every = INVESTIGATION_CARDS + DEFENCE_CARDS
    named = [card_name(card, every, argument="hand") for card in hand]
    last = inv.last_questioning
    laid = inv.as_query((last.crime, last.scene, last.suspect, last.weapon))
    return {
        card: card_information(inv.deck, inv.space, card, laid, silent_first=True)[0]
        for card in dict.fromkeys(named)
        if card in VALUED_CARDS and ban_note(inv.deck, laid.suspect, card) is None
    }


def race_card(table: Table, rng: random.Random | None) -> str | tuple[str, str] | None:
    """My card step after my questioning was answered: the investigation card that
    teaches most (:func:`card_values`) if one teaches; else a card put back for a new
    one (:data:`DEAD_FIRST`, then an investigation card that teaches nothing and never
    will again: Einzelverhör, Profiler or Informant once their names are all ruled out
    bar the ones they name); else None.

    Example:
        >>> t = Table(hand=["confrontation", "lawyer", "refusal"])
        >>> race_card(t.questioning("Mord", "Ulm", "Ede K.", "Gift", correct=1), None)
        'confrontation'
    """
    hand = _table(table).hand or ()
    values = card_values(table.mine, hand)
    if values:
        card, bits = max(values.items(), key=lambda item: item[1])
        if bits > WORTH:
            return card
    if not table.pile:
        return None
    dead = [c for c in DEAD_FIRST if c in hand]
    spent = [c for c in ("single_interrogation", "profiler", "informant") if c in hand]
    spent = [c for c in spent if _spent(table.mine, c)]
    out = [*dead, *spent]
    return ("exchange", out[0]) if out else None


def _table(table: object) -> Table:
    """``table``, refused unless it is a Kreuzverhör table."""
    checked: Table = check_type("table", table, Table, "a Kreuzverhör Table")
    return checked


def _spent(inv: Investigation, card: str) -> bool:
    """Whether ``card`` can teach nothing on ``inv`` or any case file after it: enough
    names of its kind are ruled out for every answer to name only those."""
    field = {"single_interrogation": "crime", "profiler": "suspect", "informant": "scene"}[card]
    told = 2 if card == "informant" else 1
    names = inv.deck.names(field)
    held = inv.space.marginals([field])[field]
    return sum(1 for n in names if held[n] == 0) >= told


def race_defence(table: Table, rng: random.Random | None) -> str | None:
    """My defence in my opponent's questioning.

    With their investigation card waiting: a card that blocks it, but only when the
    answer I would give (:meth:`Table.suggest`) teaches them something, and not when I
    hold a skip and they solve in their next questioning with a chance of at least
    :data:`CLOSE` (the skip goes now; a block can wait, a skip that waits may come too
    late). After the answer (or without a card): Anwalt or Suspendierung if I hold one;
    else the Maulwurf when none of my other cards is worth keeping
    (:data:`KEPT_FROM_MOLE`): the Maulwurf is replaced by a card drawn, and the blind
    swap gives away a card I would put back for one of the opponent's.

    Example:
        >>> from deduce.games.kreuzverhoer import Case
        >>> t = Table(case=Case("Mord", "Ulm", "Ede K.", "Gift"), hand=["refusal", "mole", "alibi"],
        ...           first=1)
        >>> t = t.asked("Überfall", "Berlin", "Juri L.", "Messer").their_card("profiler")
        >>> race_defence(t, None) is None      # Profiler cannot be blocked
        True
    """
    hand = _table(table).hand or ()
    skip = next((c for c in SKIPS if c in hand), None)
    if table.pending is None:
        if skip is None and "mole" in hand:
            rest = [c for c in hand if c != "mole"]
            if not any(c in KEPT_FROM_MOLE for c in rest):
                return "mole"
        return skip
    block = next((c for c in DEFENCE_CARDS if c in hand and table.blocks(c)), None)
    if block is None:
        return None
    if skip is not None and pace(table.theirs).within(1) >= CLOSE:
        return None
    before = table.theirs.space.size
    after = table.answered(table.suggest()).theirs.space.size
    return block if after < before else None


guard(globals())
