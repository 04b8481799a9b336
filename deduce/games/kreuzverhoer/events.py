"""Kreuzverhör: the table's events besides my own questionings, as a table logs them.

My questionings and the cards played on them are the clues of my case file
(:mod:`deduce.games.kreuzverhoer.clues`); these are the rest of the game, seen from my
seat: my opponent's questionings of my case and my answers, the defence cards I play,
and my action-card hand (drawn, exchanged, swapped).

Example:
    >>> Asked("Mord", "Ulm", "Ede K.", "Gift", correct=2).guess
    Guess(crime='Mord', scene='Ulm', suspect='Ede K.', weapon='Gift')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from deduce._internal.entry import guard
from deduce._internal.language import N_, plural
from deduce.errors import InvalidInput
from deduce.games.kreuzverhoer.clues import (
    DEFENCE_CARDS,
    INVESTIGATION_CARDS,
    Guess,
    card_title,
    check_action_card,
)

__all__ = [
    "ACTION_CARDS",
    "COPIES",
    "Answered",
    "Asked",
    "Defended",
    "Drew",
    "Exchanged",
    "Swapped",
    "TheirCard",
    "check_action_card",
    "check_copies",
    "not_held",
]

ACTION_CARDS: tuple[str, ...] = (*INVESTIGATION_CARDS, *DEFENCE_CARDS)
"""Every action card, investigation cards first."""

COPIES: dict[str, int] = {
    **{card: 2 for card in INVESTIGATION_CARDS},
    "alibi": 2,
    "lawyer": 1,
    "refusal": 4,
    "false_witness": 2,
    "mole": 2,
    "suspension": 1,
}
"""How many of each action card the box holds: 18 investigation cards (9 kinds, two of
each) and 12 defence cards (Anwalt and Suspendierung once, Aussageverweigerung four
times, the others twice)."""


@dataclass(frozen=True, slots=True)
class Asked:
    """My opponent laid these four cards about my case, and I said ``correct`` were
    right (4: they solved it)."""

    crime: str
    scene: str
    suspect: str
    weapon: str
    correct: int

    @property
    def guess(self) -> Guess:
        """The laid cards."""
        return Guess(self.crime, self.scene, self.suspect, self.weapon)


@dataclass(frozen=True, slots=True)
class TheirCard:
    """My opponent played this investigation card after their questioning; my answer
    (:class:`Answered`) or a defence card that blocks it (:class:`Defended`) follows."""

    card: str


@dataclass(frozen=True, slots=True)
class Answered:
    """My answer to my opponent's investigation card: names (Einzelverhör, Profiler,
    Informant, Ermittler vor Ort), True or False (Gegenüberstellung), or None (Ermittler
    vor Ort: the laid scene is wrong)."""

    answer: tuple[str, ...] | bool | None

    def __post_init__(self) -> None:
        if isinstance(self.answer, list):
            object.__setattr__(self, "answer", tuple(self.answer))


@dataclass(frozen=True, slots=True)
class Defended:
    """I played this defence card in my opponent's questioning (``blocks``: their
    investigation card it made useless)."""

    card: str
    blocks: str | None = None


@dataclass(frozen=True, slots=True)
class Drew:
    """I drew this action card at the end of a questioning (my hand is back to 3)."""

    card: str


@dataclass(frozen=True, slots=True)
class Exchanged:
    """In my questioning, instead of an investigation card: I put ``card`` back on the
    pile and drew ``drawn``."""

    card: str
    drawn: str


@dataclass(frozen=True, slots=True)
class Swapped:
    """After a Maulwurf (mine or my opponent's): ``given`` left my hand for my
    opponent's, ``taken`` came from theirs to mine."""

    given: str
    taken: str


TableEvent = Asked | TheirCard | Answered | Defended | Drew | Exchanged | Swapped
"""An event of the rest of the table (:class:`~deduce.games.kreuzverhoer.Table`)."""


def not_held(argument: str, card: str, hand: Sequence[str]) -> InvalidInput:
    """The refusal of ``card``, not in my ``hand`` (by the printed titles).

    Example:
        >>> print(not_held("card", "mole", ["lawyer"]))
        card='Maulwurf' is not valid (not in your hand); expected one of 'Anwalt'
    """
    titles = [card_title(c) for c in hand]
    return InvalidInput(argument, card_title(card), titles, reason=N_("not in your hand"))


def check_copies(cards: Sequence[str]) -> None:
    """Refuse ``cards`` (in hands or set aside) if the box holds fewer of one.

    Example:
        >>> check_copies(["lawyer", "lawyer"])
        Traceback (most recent call last):
        ...
        deduce.errors.InvalidInput: card='Anwalt' is not valid (the box has 1 Anwalt card); ...
    """
    for card, n in Counter(cards).items():
        if card not in COPIES:
            raise InvalidInput("card", card, sorted(COPIES))
        if n > COPIES[card]:
            copies = COPIES[card]
            title = card_title(card)
            reason = plural(
                "the box has {n} {card} card", "the box has {n} {card} cards", copies, card=title
            )
            raise InvalidInput("card", title, N_("a card the box still holds"), reason=reason)


guard(globals())
