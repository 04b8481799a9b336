"""A whole game of Cluedo as one player follows it: the turn order, the two steps of a
turn, who is out, the end and the winner, and that player's notebook.

A turn is a suggestion and then the choice to accuse or to end the turn; a player may
also accuse at once instead of suggesting. A wrong accusation puts the player out (they
make no more suggestions or accusations but still show cards); a right one wins. The
game ends when someone accuses right, or when every player is out (nobody wins).
Movement on the board is not modelled: every player may suggest any room.

:class:`Table` keeps what a player sees (every suggestion and its public answer, the
cards shown to them, every accusation, every turn ended) and builds their
:class:`~deduce.games.cluedo.Investigation` from it when it is first read.

Example:
    >>> t = Table(("me", "Ann", "Bob"), "me",
    ...           ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
    >>> t.turn, t.step
    ('me', 'suggest')
    >>> t = t.suggested("me", "White", "Dagger", "Lounge", shown_by="Ann", card="Lounge")
    >>> t.step, t.notebook.card_locations()["Lounge"]
    ('accuse', {'Ann': 1.0})
    >>> t = t.passed("me").accused("Ann", "White", "Dagger", "Library")
    >>> t.turn, t.out
    ('Bob', ('Ann',))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from deduce._internal.entry import guard
from deduce._internal.language import N_, M
from deduce._internal.names import resolve
from deduce.errors import InvalidInput
from deduce.games.cluedo.cards import Deck
from deduce.games.cluedo.clues import Accused, Suggestion
from deduce.games.cluedo.counting import Seats
from deduce.games.cluedo.investigation import Investigation
from deduce.search.memo import kept

__all__ = ["ACCUSE", "STEPS", "SUGGEST", "Passed", "Table"]

SUGGEST = "suggest"
"""The first step of a turn: suggest (or accuse at once)."""

ACCUSE = "accuse"
"""The second step of a turn, after the suggestion: accuse, or end the turn."""

STEPS: tuple[str, str] = (SUGGEST, ACCUSE)
"""The steps of a turn, in order."""


@dataclass(frozen=True, slots=True)
class Passed:
    """The event: ``by`` ended their turn after their suggestion without accusing.

    Example:
        >>> Passed("Ann").by
        'Ann'
    """

    by: str


Event = Suggestion | Accused | Passed


@dataclass(frozen=True, eq=False)
class Table:
    """The game from one player's seat: their notebook and whose turn it is.

    Args:
        players: every player's name, in turn order (the first starts; the order in
            which they are asked to show a card).
        me: the player whose seat this is.
        hand: my cards.
        deck: the cards (as for :class:`~deduce.games.cluedo.Investigation`; default:
            classic).
        dealer: the player who dealt (default: the last of ``players``).
        names_own: how often the other players name cards of their own (as for
            :class:`~deduce.games.cluedo.Investigation`; default: read until caught).

    Raises:
        InvalidInput: a name or card that is not one, a hand of the wrong size.

    Example:
        >>> t = Table(("me", "Ann", "Bob"), "me",
        ...           ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
        >>> t.suggested("Ann", "White", "Dagger", "Lounge")
        Traceback (most recent call last):
        ...
        deduce.errors.InvalidInput: by='Ann' is not valid; expected me, whose turn it is
    """

    players: tuple[str, ...]
    me: str
    hand: tuple[str, ...]
    deck: Deck
    dealer: str
    names_own: tuple[tuple[str, Fraction], ...] = ()
    events: tuple[Event, ...] = ()
    turn: str | None = None
    step: str = SUGGEST
    out: tuple[str, ...] = ()
    winner: str | None = None
    _known: list[tuple[Investigation, int]] = field(default_factory=list, repr=False)

    def __init__(
        self,
        players: Sequence[str],
        me: str,
        hand: Sequence[str],
        *,
        deck: Deck | str | Mapping[str, Any] | None = None,
        dealer: str | None = None,
        names_own: Mapping[str, float | Fraction] | None = None,
    ) -> None:
        chosen = Deck.of(deck)
        seats = Seats.make(chosen, players, me, hand, dealer=dealer, names_own=names_own)
        for name, value in (
            ("players", seats.players),
            ("me", seats.me),
            ("hand", seats.hand),
            ("deck", chosen),
            ("dealer", seats.dealer),
            ("names_own", seats.names_own),
            ("events", ()),
            ("turn", seats.players[0]),
            ("step", SUGGEST),
            ("out", ()),
            ("winner", None),
            ("_known", []),
        ):
            object.__setattr__(self, name, value)

    # -- reading -------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether the game is over: someone accused right, or everyone is out."""
        return self.turn is None

    @property
    def still(self) -> tuple[str, ...]:
        """The players not out, in turn order."""
        return tuple(p for p in self.players if p not in self.out)

    def winners(self) -> tuple[str, ...]:
        """The winner, once someone accused right (else empty)."""
        return () if self.winner is None else (self.winner,)

    @property
    def notebook(self) -> Investigation:
        """My notebook: my hand and every clue I saw, counted exactly (built when first
        read, from the last notebook read on the way to this table).

        Example:
            >>> t = Table(("me", "Ann", "Bob"), "me",
            ...           ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> len(t.notebook.solutions())
            120
        """
        clues = [e for e in self.events if not isinstance(e, Passed)]
        notebook, done = self._known[0] if self._known else (None, 0)
        if notebook is None:  # the same at the start of every game of a deal: made once
            seat = (self.players, self.me, self.hand, self.deck, self.dealer, self.names_own)
            notebook = kept(
                ("cluedo notebook", *seat),
                lambda: Investigation(
                    self.players,
                    self.me,
                    self.hand,
                    deck=self.deck,
                    dealer=self.dealer,
                    names_own=dict(self.names_own) or None,
                ),
            )
        for clue in clues[done:]:
            notebook = notebook.observe(clue)
        self._known[:] = [(notebook, len(clues))]
        return notebook

    # -- events --------------------------------------------------------------------------

    def suggested(
        self,
        by: str,
        suspect: str,
        weapon: str,
        room: str,
        *,
        shown_by: str | None = None,
        card: str | None = None,
    ) -> Table:
        """The table after ``by``'s suggestion and its answer (see
        :meth:`~deduce.games.cluedo.Investigation.suggestion`): only at the first step
        of their turn.

        Example:
            >>> t = Table(("me", "Ann", "Bob"), "me",
            ...           ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> t.suggested("me", "White", "Dagger", "Lounge").step
            'accuse'
        """
        by = self._acting(by, SUGGEST)
        clue = Suggestion(
            by,
            self.deck.card(suspect, "suspect", "suspect"),
            self.deck.card(weapon, "weapon", "weapon"),
            self.deck.card(room, "room", "room"),
            shown_by=None if shown_by is None else self._player(shown_by, "shown_by"),
            card=None if card is None else self.deck.card(card, "card"),
        )
        return self._next(clue, turn=by, step=ACCUSE)

    def accused(
        self, by: str, suspect: str, weapon: str, room: str, *, right: bool = False
    ) -> Table:
        """The table after ``by``'s accusation, at either step of their turn: wrong (the
        default: they are out, the next player's turn) or ``right`` (they win).

        Example:
            >>> t = Table(("me", "Ann", "Bob"), "me",
            ...           ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> t.accused("me", "White", "Dagger", "Lounge", right=True).winners()
            ('me',)
        """
        by = self._acting(by, None)
        if not isinstance(right, bool):
            raise InvalidInput("right", right, "True or False")
        clue = Accused(
            by,
            self.deck.card(suspect, "suspect", "suspect"),
            self.deck.card(weapon, "weapon", "weapon"),
            self.deck.card(room, "room", "room"),
            right=right,
        )
        if right:
            return self._next(clue, turn=None, step=SUGGEST, winner=by)
        out = tuple(p for p in self.players if p in (*self.out, by))
        return self._next(clue, turn=self._after(by, out), step=SUGGEST, out=out)

    def passed(self, by: str) -> Table:
        """The table after ``by`` ended their turn without accusing (after their
        suggestion): the next player still in the game suggests.

        Example:
            >>> t = Table(("me", "Ann", "Bob"), "me",
            ...           ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
            >>> t.suggested("me", "White", "Dagger", "Lounge").passed("me").turn
            'Ann'
        """
        by = self._acting(by, ACCUSE)
        return self._next(Passed(by), turn=self._after(by, self.out), step=SUGGEST)

    # -- the rules of the turn -------------------------------------------------------------

    def _player(self, typed: Any, argument: str) -> str:
        return resolve(typed, self.players, argument=argument, prefix=False)

    def _acting(self, typed: Any, step: str | None) -> str:
        """The player ``typed`` names, if it is their turn and the step allows it."""
        if self.turn is None:
            reason = (
                M("{winner} won: the game is over", winner=self.winner)
                if self.winner is not None
                else N_("everyone is out")
            )
            raise InvalidInput("by", typed, N_("nobody: the game is over"), reason=reason)
        by = self._player(typed, "by")
        if by != self.turn:
            raise InvalidInput("by", by, M("{turn}, whose turn it is", turn=self.turn))
        if step is not None and step != self.step:
            expected = (
                N_("a suggestion or an accusation")
                if self.step == SUGGEST
                else N_("an accusation or the end of the turn")
            )
            action = N_("a suggestion") if step == SUGGEST else N_("the end of the turn")
            raise InvalidInput(
                "step", action, expected, reason=M("it is the {step} step", step=self.step)
            )
        return by

    def _after(self, by: str, out: tuple[str, ...]) -> str | None:
        """The next player after ``by`` not in ``out`` (None: everyone is out)."""
        i = self.players.index(by)
        for step in range(1, len(self.players) + 1):
            player = self.players[(i + step) % len(self.players)]
            if player not in out:
                return player
        return None

    def _next(self, event: Event, **changes: Any) -> Table:
        """The table after ``event``; it keeps the last notebook read on the way."""
        new = object.__new__(Table)
        for name in Table.__dataclass_fields__:
            object.__setattr__(new, name, getattr(self, name))
        for name, value in changes.items():
            object.__setattr__(new, name, value)
        object.__setattr__(new, "events", (*self.events, event))
        object.__setattr__(new, "_known", list(self._known))
        return new


guard(globals())
