"""What happens at a table of Cluedo, as values: the clues I note (a suggestion and its
answer, an accusation, a card I saw by a house rule) and the moves the advice names (a
suggestion of mine, an accusation).

Every clue is public but what was shown: a suggestion names a suspect, a weapon and a
room; the players after the suggester, in turn, say they cannot show any of them, until
one shows the suggester one card (which only the suggester sees), or nobody can.

Example:
    >>> print(Suggestion("Ann", "Plum", "Rope", "Hall", shown_by="Bob"))
    Ann suggested Plum, Rope, Hall: Bob showed a card
    >>> print(Suggestion("me", "Plum", "Rope", "Hall", shown_by="Bob", card="Rope"))
    me suggested Plum, Rope, Hall: Bob showed Rope
    >>> print(Accused("Ann", "Plum", "Rope", "Hall"))
    Ann accused Plum, Rope, Hall: wrong
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, field

from deduce._internal.entry import guard
from deduce._internal.language import M, _
from deduce._internal.reprs import rounded_repr
from deduce.games.cluedo.cards import Envelope

__all__ = ["VERDICTS", "Accusation", "Accused", "Seen", "Suggest", "Suggestion"]

VERDICTS: tuple[str, str] = ("right", "wrong")
"""The outcomes of an accusation, in order."""


@dataclass(frozen=True, slots=True)
class Suggestion:
    """The clue: ``by`` suggested ``suspect`` with ``weapon`` in ``room``, and the players
    after them in turn passed until ``shown_by`` showed a card (None: nobody could).

    Args:
        by: the player who suggested.
        suspect, weapon, room: the three cards named.
        shown_by: the player who showed a card, or None when nobody could. Every player
            between ``by`` and ``shown_by`` in turn order passed (holds none of the
            three); with nobody, every other player passed.
        card: the card shown, when I saw it: I suggested, or I showed it (None when
            another player showed a card to another).

    Example:
        >>> Suggestion("me", "Plum", "Rope", "Hall", shown_by="Bob", card="Rope").card
        'Rope'
        >>> print(Suggestion("Bob", "Plum", "Rope", "Hall"))
        Bob suggested Plum, Rope, Hall: nobody could show a card
    """

    by: str
    suspect: str
    weapon: str
    room: str
    _: KW_ONLY
    shown_by: str | None = None
    card: str | None = None

    @property
    def cards(self) -> tuple[str, str, str]:
        """The three cards named, suspect first."""
        return (self.suspect, self.weapon, self.room)

    def __str__(self) -> str:
        named = f"{self.suspect}, {self.weapon}, {self.room}"
        if self.shown_by is None:
            line = M("{by} suggested {named}: nobody could show a card", by=self.by, named=named)
        elif self.card is None:
            line = M(
                "{by} suggested {named}: {shown_by} showed a card",
                by=self.by,
                named=named,
                shown_by=self.shown_by,
            )
        else:
            line = M(
                "{by} suggested {named}: {shown_by} showed {card}",
                by=self.by,
                named=named,
                shown_by=self.shown_by,
                card=self.card,
            )
        return str(_(line))


@dataclass(frozen=True, slots=True)
class Accused:
    """The clue: ``by`` accused ``suspect`` with ``weapon`` in ``room`` and looked in the
    envelope. Wrong (the default): the envelope is not those three, and ``by`` is out of
    the game (makes no more suggestions and accusations, but still shows cards). Right:
    the envelope is those three, and the game is over.

    Example:
        >>> Accused("Ann", "Plum", "Rope", "Hall", right=True).right
        True
    """

    by: str
    suspect: str
    weapon: str
    room: str
    _: KW_ONLY
    right: bool = False

    @property
    def cards(self) -> tuple[str, str, str]:
        """The three cards named, suspect first."""
        return (self.suspect, self.weapon, self.room)

    def __str__(self) -> str:
        named = f"{self.suspect}, {self.weapon}, {self.room}"
        if self.right:
            return str(_(M("{by} accused {named}: right", by=self.by, named=named)))
        return str(_(M("{by} accused {named}: wrong", by=self.by, named=named)))


@dataclass(frozen=True, slots=True)
class Seen:
    """The clue: I saw that ``player`` holds ``card`` outside a suggestion (a house rule
    that shows a card, or a card dropped).

    Example:
        >>> print(Seen("Bob", "Hall"))
        I saw Hall in Bob's hand
    """

    player: str
    card: str

    def __str__(self) -> str:
        return str(_(M("I saw {card} in {player}'s hand", card=self.card, player=self.player)))


@dataclass(frozen=True, slots=True, order=True)
class Suggest:
    """A move: I suggest ``suspect`` with ``weapon`` in ``room``. Its answers: nobody
    shows, or a player shows me one of the three.

    Example:
        >>> print(Suggest("Plum", "Rope", "Hall"))
        suggest Plum, Rope, Hall
    """

    suspect: str
    weapon: str
    room: str

    @property
    def cards(self) -> tuple[str, str, str]:
        """The three cards named, suspect first."""
        return (self.suspect, self.weapon, self.room)

    def __str__(self) -> str:
        named = f"{self.suspect}, {self.weapon}, {self.room}"
        return str(_(M("suggest {named}", named=named)))


@dataclass(frozen=True, slots=True)
class Accusation:
    """A move: accuse the most probable envelope now.

    Attributes:
        envelope: the envelope to accuse.
        probability: the exact chance that it is right.
        certain: whether it is the only envelope left.
        waiting: when the advice accuses before it is certain because of the race, the
            chance that waiting to be certain would win (no other player accusing right
            first); None otherwise.
        error: None when ``probability`` is exact; when it is estimated (too many deals
            to count), its standard error.

    Example:
        >>> print(Accusation(Envelope("Plum", "Rope", "Hall"), 0.25, False))
        accuse Plum, Rope, Hall (probability 25.0%)
        >>> print(Accusation(Envelope("Plum", "Rope", "Hall"), 0.82, False, waiting=0.73))
        accuse Plum, Rope, Hall now: 82.0% right, and waiting risks another player solving it first
        >>> print(Accusation(Envelope("Plum", "Rope", "Hall"), 0.25, False, error=0.031))
        accuse Plum, Rope, Hall (probability 25.0%) (estimated: give or take 3.1 points)
    """

    envelope: Envelope
    probability: float
    certain: bool
    _: KW_ONLY
    waiting: float | None = field(default=None, repr=False)
    error: float | None = field(default=None, repr=False)

    def __repr__(self) -> str:
        return rounded_repr(self)

    def __str__(self) -> str:
        said = self._said()
        if self.error is None or self.certain:
            return said
        line = M(
            "{said} (estimated: give or take {error:.1f} points)", said=said, error=100 * self.error
        )
        return str(_(line))

    def _said(self) -> str:
        envelope = str(self.envelope)
        if self.certain:
            return str(_(M("accuse {envelope} (certain)", envelope=envelope)))
        if self.waiting is not None:
            line = M(
                "accuse {envelope} now: {p:.1%} right, and waiting risks another player "
                "solving it first",
                envelope=envelope,
                p=self.probability,
            )
            return str(_(line))
        line = M("accuse {envelope} (probability {p:.1%})", envelope=envelope, p=self.probability)
        return str(_(line))


guard(globals())
