"""Cluedo's cards: the deck (suspects, weapons, rooms), its editions as deck files, the
envelope, and how the cards are dealt round the table.

The classic deck has 6 suspects, 6 weapons and 9 rooms, for 3 to 6 players; Clue Master
Detective 10 suspects, 8 weapons and 12 rooms for up to 10. Any other set of cards is a
TOML deck file (a copy of ``classic.toml`` beside this module with other names).

The deal: one suspect, one weapon and one room go into the envelope; the cards laid face
up by a house rule (if any) are set aside; the rest are dealt one at a time round the
table, starting with the player after the dealer. When they do not come out even, the
first players dealt to (from the dealer's left) hold one card more.

Example:
    >>> deck = Deck.classic()
    >>> len(deck.cards), deck.category_of("Rope")
    (21, 'weapon')
    >>> hand_sizes(18, 4, dealer=3)   # dealt from seat 0: seats 0 and 1 hold one more
    (5, 5, 4, 4)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from deduce._internal.entry import guard
from deduce._internal.language import N_, M
from deduce._internal.names import fold, resolve
from deduce._internal.validation import check_int, is_int
from deduce.core import decks
from deduce.core.dealing import MAX_CARDS, MAX_SEATS
from deduce.errors import InvalidInput

__all__ = ["CATEGORIES", "MAX_PLAYERS", "Deck", "Envelope", "hand_sizes"]

CATEGORIES: tuple[str, str, str] = ("suspect", "weapon", "room")
"""The three kinds of card; the envelope holds one of each."""

MAX_PLAYERS = MAX_SEATS - 1
"""The most players a deck may be for (the envelope is one more place for cards)."""

_KEYS = ("name", "players", "suspects", "weapons", "rooms")
_HERE = Path(__file__).resolve().parent


@dataclass(frozen=True, slots=True)
class Envelope:
    """The solution: the suspect, the weapon and the room in the envelope.

    Example:
        >>> print(Envelope("Plum", "Rope", "Hall"))
        Plum, Rope, Hall
    """

    suspect: str
    weapon: str
    room: str

    @property
    def cards(self) -> tuple[str, str, str]:
        """The three cards, suspect first.

        Example:
            >>> Envelope("Plum", "Rope", "Hall").cards
            ('Plum', 'Rope', 'Hall')
        """
        return (self.suspect, self.weapon, self.room)

    def __str__(self) -> str:
        return f"{self.suspect}, {self.weapon}, {self.room}"


@dataclass(frozen=True, slots=True)
class Deck:
    """The cards of one edition of Cluedo.

    Args:
        name: the edition's name.
        suspects, weapons, rooms: the cards of each kind (at least two of each); every
            name is different from the others, case, accents, spaces and punctuation
            aside.
        players: the fewest and the most players the edition is for.

    Raises:
        InvalidInput: a name that is not a name, used twice, too few cards of a kind,
            too many cards in all, or a number of players that cannot be dealt.

    Example:
        >>> deck = Deck("mini", ("Ann", "Bob"), ("rope", "gun"), ("hall", "attic"), (2, 3))
        >>> deck.cards
        ('Ann', 'Bob', 'rope', 'gun', 'hall', 'attic')
        >>> Deck("bad", ("Ann", "ann"), ("rope", "gun"), ("hall", "attic"))
        Traceback (most recent call last):
        ...
        deduce.errors.InvalidInput: suspects='ann' is not valid (it is named twice); ...
    """

    name: str
    suspects: tuple[str, ...]
    weapons: tuple[str, ...]
    rooms: tuple[str, ...]
    players: tuple[int, int] = (3, 6)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise InvalidInput("name", self.name, N_("the name of the deck (text)"))
        seen: dict[str, str] = {}
        for kind in ("suspects", "weapons", "rooms"):
            names = _names(kind, getattr(self, kind))
            for name in names:
                if fold(name) in seen:
                    raise InvalidInput(
                        kind, name, N_("every card named once"), reason=N_("it is named twice")
                    )
                seen[fold(name)] = name
            object.__setattr__(self, kind, names)
        total = len(seen)
        if total > MAX_CARDS:
            raise InvalidInput(
                "suspects, weapons, rooms",
                M("{n} cards", n=total),
                M("at most {most} cards in all", most=MAX_CARDS),
            )
        players = self.players
        expected = M(
            "the fewest and most players, two whole numbers from 2 to {most}",
            most=min(MAX_PLAYERS, total - 3),
        )
        if (
            not isinstance(players, (list, tuple))
            or len(players) != 2
            or not all(is_int(p) for p in players)
        ):
            raise InvalidInput("players", players, expected)
        low, high = int(players[0]), int(players[1])
        if not 2 <= low <= high <= min(MAX_PLAYERS, total - 3):
            raise InvalidInput("players", players, expected)
        object.__setattr__(self, "players", (low, high))

    # -- the editions ----------------------------------------------------------------------

    @classmethod
    def of(cls, deck: Any) -> Deck:
        """``deck`` as a :class:`Deck`: a deck, an edition's name, a deck as
        :meth:`to_dict` writes it, or None for the classic deck.

        Example:
            >>> Deck.of(None) == Deck.classic() == Deck.of("classic")
            True
        """
        if deck is None:
            return cls.classic()
        if isinstance(deck, Deck):
            return deck
        if isinstance(deck, str):
            return cls.named(deck)
        if isinstance(deck, Mapping):
            return cls.from_dict(deck)
        raise InvalidInput("deck", deck, "a Deck, an edition's name or a deck as a dict")

    @classmethod
    def classic(cls) -> Deck:
        """The classic deck: 6 suspects, 6 weapons, 9 rooms, for 3 to 6 players
        (``classic.toml`` beside this module).

        Example:
            >>> Deck.classic().suspects
            ('Green', 'Mustard', 'Peacock', 'Plum', 'Scarlet', 'White')
        """
        return _shipped("classic.toml")

    @classmethod
    def master_detective(cls) -> Deck:
        """Clue Master Detective: 10 suspects, 8 weapons, 12 rooms, for 3 to 10 players
        (``master_detective.toml`` beside this module).

        Example:
            >>> deck = Deck.master_detective()
            >>> len(deck.suspects), len(deck.weapons), len(deck.rooms), deck.players
            (10, 8, 12, (3, 10))
        """
        return _shipped("master_detective.toml")

    @classmethod
    def named(cls, name: str) -> Deck:
        """A shipped edition by name: ``"classic"`` or ``"master detective"``.

        Example:
            >>> Deck.named("Master-Detective") == Deck.master_detective()
            True
        """
        editions = {"classic": cls.classic, "master detective": cls.master_detective}
        return editions[resolve(name, list(editions), argument="deck", prefix=False)]()

    @classmethod
    def loads(cls, text: str, *, source: str = "deck") -> Deck:
        """A deck from TOML text in the format of the shipped files.

        Example:
            >>> text = 'name = "mini"\\nplayers = [2, 3]\\nsuspects = ["Ann", "Bob"]\\n'
            >>> text += 'weapons = ["rope", "gun"]\\nrooms = ["hall", "attic"]\\n'
            >>> Deck.loads(text).rooms
            ('hall', 'attic')
        """
        return cls.from_dict(decks.parse(text, source=source))

    @classmethod
    def load(cls, path: str | Path) -> Deck:
        """A deck from a TOML file (a copy of a shipped one with other names).

        Raises:
            InvalidInput: the file cannot be read, is not TOML, or the deck is wrong.

        Example:
            >>> import pathlib, tempfile
            >>> path = pathlib.Path(tempfile.mkdtemp()) / "mine.toml"
            >>> _ = path.write_text(Deck.classic().to_toml(), encoding="utf-8")
            >>> Deck.load(path) == Deck.classic()
            True
        """
        return cls.loads(decks.read(path), source=str(path))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Deck:
        """A deck from a mapping with the keys of a deck file (see :meth:`to_dict`).

        Example:
            >>> Deck.from_dict(Deck.classic().to_dict()) == Deck.classic()
            True
        """
        if not isinstance(data, Mapping):
            raise InvalidInput("deck", data, M("a table with keys {keys}", keys=", ".join(_KEYS)))
        unknown = [k for k in data if k not in _KEYS]
        if unknown:
            raise InvalidInput("deck key", unknown[0], _KEYS)
        missing = [k for k in _KEYS if k not in data]
        if missing:
            raise InvalidInput(
                "deck",
                sorted(data),
                M("a table with keys {keys}", keys=", ".join(_KEYS)),
                reason=M("{key} is missing", key=repr(missing[0])),
            )
        players = data["players"]
        return cls(
            name=data["name"],
            suspects=data["suspects"],
            weapons=data["weapons"],
            rooms=data["rooms"],
            players=tuple(players) if isinstance(players, list) else players,
        )

    def to_dict(self) -> dict[str, Any]:
        """The deck as plain lists (JSON and TOML friendly).

        Example:
            >>> Deck.classic().to_dict()["players"]
            [3, 6]
        """
        return {
            "name": self.name,
            "players": list(self.players),
            "suspects": list(self.suspects),
            "weapons": list(self.weapons),
            "rooms": list(self.rooms),
        }

    def to_toml(self) -> str:
        """The deck as the text of a deck file.

        Example:
            >>> Deck.loads(Deck.master_detective().to_toml()) == Deck.master_detective()
            True
        """
        return decks.dumps(self.to_dict())

    # -- reading -------------------------------------------------------------------------

    @property
    def cards(self) -> tuple[str, ...]:
        """Every card: the suspects, then the weapons, then the rooms.

        Example:
            >>> len(Deck.master_detective().cards)
            30
        """
        return (*self.suspects, *self.weapons, *self.rooms)

    @property
    def categories(self) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
        """The cards of each kind, in the order of :data:`CATEGORIES`.

        Example:
            >>> [len(kind) for kind in Deck.classic().categories]
            [6, 6, 9]
        """
        return (self.suspects, self.weapons, self.rooms)

    def category_of(self, card: str) -> str:
        """The kind of ``card``: ``"suspect"``, ``"weapon"`` or ``"room"``.

        Example:
            >>> Deck.classic().category_of("Hall")
            'room'
        """
        name = self.card(card)
        for category, names in zip(CATEGORIES, self.categories, strict=True):
            if name in names:
                return category
        raise AssertionError(name)  # every card is of one kind

    def card(self, typed: Any, argument: str = "card", kind: str | None = None) -> str:
        """The card that ``typed`` names (case, accents, spaces and a unique start do not
        matter), of ``kind`` when given.

        Raises:
            InvalidInput: no card (of that kind) has that name, naming ``argument``.

        Example:
            >>> Deck.classic().card("lead-pipe"), Deck.classic().card("kitch", kind="room")
            ('Lead pipe', 'Kitchen')
        """
        if kind is None:
            return resolve(typed, self.cards, argument=argument)
        if kind not in CATEGORIES:
            raise InvalidInput("kind", kind, CATEGORIES)
        return resolve(typed, self.categories[CATEGORIES.index(kind)], argument=argument)

    def envelope(
        self, suspect: Any, weapon: Any, room: Any, argument: str = "envelope"
    ) -> Envelope:
        """The envelope of these three cards, each read as :meth:`card` reads it.

        Example:
            >>> Deck.classic().envelope("plum", "rope", "hall")
            Envelope(suspect='Plum', weapon='Rope', room='Hall')
        """
        return Envelope(
            self.card(suspect, f"{argument}.suspect", "suspect"),
            self.card(weapon, f"{argument}.weapon", "weapon"),
            self.card(room, f"{argument}.room", "room"),
        )

    def check_players(self, players: int) -> int:
        """``players`` if this deck is for that many players.

        Example:
            >>> Deck.classic().check_players(7)
            Traceback (most recent call last):
            ...
            deduce.errors.InvalidInput: players=7 is not valid; expected an integer from 3 to 6
        """
        return check_int("players", players, *self.players)


@cache
def _shipped(file: str) -> Deck:
    return Deck.load(_HERE / file)


def _names(argument: str, value: Any) -> tuple[str, ...]:
    expected = N_("a list of at least two card names (text)")
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise InvalidInput(argument, value, expected)
    names = tuple(value)
    if len(names) < 2:
        raise InvalidInput(argument, value, expected)
    for name in names:
        if not isinstance(name, str) or not fold(name) or decks.control_character(name):
            raise InvalidInput(argument, name, expected)
    return tuple(str(name).strip() for name in names)


def hand_sizes(cards: int, players: int, *, dealer: int) -> tuple[int, ...]:
    """How many cards each seat holds when ``cards`` are dealt round ``players`` seats
    one at a time, starting with the seat after ``dealer`` (seats numbered in turn
    order): the first ``cards % players`` seats dealt to hold one card more.

    Example:
        >>> hand_sizes(18, 5, dealer=0)   # seats 1, 2 and 3 are dealt first
        (3, 4, 4, 4, 3)
    """
    players = check_int("players", players, 1, MAX_PLAYERS)
    cards = check_int("cards", cards, 0)
    dealer = check_int("dealer", dealer, 0, players - 1)
    base, extra = divmod(cards, players)
    return tuple(
        base + (1 if (seat - dealer - 1) % players < extra else 0) for seat in range(players)
    )


guard(globals())
