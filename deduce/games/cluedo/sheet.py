"""The paper detective's sheet of Cluedo: ticks and crosses, and the inferences a careful
player makes without counting.

A tick: a player holds a card (it is in my hand, it was shown to me, or it is the last
of the three a player showed someone that the sheet has not crossed for them). A cross:
a player does not hold a card (they passed on it, or someone else holds it). A card of
a kind is in the envelope when every player is crossed for it, or when every other card
of its kind is ticked for someone. The sheet never counts hand sizes or weighs chances.

Example:
    >>> from deduce.games.cluedo.table import Table
    >>> t = Table(("me", "Ann", "Bob"), "me",
    ...           ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
    >>> t = t.suggested("me", "White", "Dagger", "Lounge", shown_by="Ann", card="Lounge")
    >>> notes = Sheet.of(t)
    >>> notes.holder("Lounge"), notes.envelope()
    ('Ann', (None, None, None))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from deduce._internal.entry import guard
from deduce._internal.validation import check_type
from deduce.games.cluedo.clues import Suggestion

if TYPE_CHECKING:
    from deduce.games.cluedo.table import Table

__all__ = ["Sheet"]


@dataclass(frozen=True, slots=True)
class Sheet:
    """The sheet: every player's ticks and crosses.

    Attributes:
        kinds: the cards of each kind (suspects, weapons, rooms).
        ticks: every player's cards known to be in their hand.
        crosses: every player's cards known not to be in their hand.
    """

    kinds: tuple[tuple[str, ...], ...]
    ticks: dict[str, frozenset[str]]
    crosses: dict[str, frozenset[str]]

    @classmethod
    def of(cls, table: Table) -> Sheet:
        """The sheet of everything ``table``'s player saw.

        Example:
            >>> from deduce.games.cluedo.table import Table
            >>> t = Table(("me", "Ann", "Bob"), "me",
            ...           ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> sorted(Sheet.of(t).ticks["me"])[:2]
            ['Green', 'Hall']
        """
        from deduce.games.cluedo.table import Table

        table = check_type("table", table, Table, "a Cluedo Table")
        players = table.players
        cards = table.deck.cards
        ticks: dict[str, set[str]] = {p: set() for p in players}
        crosses: dict[str, set[str]] = {p: set() for p in players}
        ticks[table.me] |= set(table.hand)
        crosses[table.me] |= set(cards) - set(table.hand)
        shown: list[tuple[str, set[str]]] = []
        for event in table.events:
            if not isinstance(event, Suggestion):
                continue
            i = players.index(event.by)
            for step in range(1, len(players)):
                player = players[(i + step) % len(players)]
                if player == event.shown_by:
                    break
                crosses[player] |= set(event.cards)
            if event.shown_by is not None:
                if event.card is not None:
                    ticks[event.shown_by].add(event.card)
                else:
                    shown.append((event.shown_by, set(event.cards)))
        changed = True
        while changed:
            changed = False
            for player, named in shown:
                left = named - crosses[player]
                if len(left) == 1 and not left <= ticks[player]:
                    ticks[player] |= left
                    changed = True
            for player in players:
                for card in ticks[player]:
                    for other in players:
                        if other != player and card not in crosses[other]:
                            crosses[other].add(card)
                            changed = True
        return cls(
            tuple(table.deck.categories),
            {p: frozenset(c) for p, c in ticks.items()},
            {p: frozenset(c) for p, c in crosses.items()},
        )

    def holder(self, card: str) -> str | None:
        """The player ticked for ``card``, or None."""
        for player, cards in self.ticks.items():
            if card in cards:
                return player
        return None

    def envelope(self) -> tuple[str | None, ...]:
        """Of each kind, the card the sheet proves is in the envelope, or None.

        Example:
            >>> from deduce.games.cluedo.table import Table
            >>> t = Table(("me", "Ann", "Bob"), "me",
            ...           ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> Sheet.of(t.suggested("me", "White", "Dagger", "Lounge")).envelope()
            ('White', 'Dagger', 'Lounge')
        """
        found: list[str | None] = []
        for kind in self.kinds:
            crossed = [c for c in kind if all(c in cards for cards in self.crosses.values())]
            free = [c for c in kind if self.holder(c) is None]
            found.append(crossed[0] if crossed else free[0] if len(free) == 1 else None)
        return tuple(found)

    def unplaced(self) -> tuple[str, ...]:
        """The cards the sheet has ticked for nobody, in the deck's order."""
        return tuple(c for kind in self.kinds for c in kind if self.holder(c) is None)


guard(globals())
