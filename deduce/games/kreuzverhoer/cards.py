"""The Kreuzverhör deck: the names on the case cards, which crime goes with which weapon,
which investigation card each suspect forbids, and the English gloss of a card whose name
an English reader may not know. Read from TOML and checked.

Example:
    >>> deck = Deck.default()
    >>> len(deck.crimes), len(deck.scenes), len(deck.suspects), len(deck.weapons)
    (6, 9, 6, 9)
    >>> deck.weapons_for("Mord")
    ('Messer', 'Gift', 'Pistole', 'Strick*', 'Axt*', 'Hammer*')
    >>> deck.gloss("Brechstange"), deck.glossed("Brechstange"), deck.glossed("Ulm")
    ('crowbar', 'Brechstange (crowbar)', 'Ulm')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from deduce._internal.entry import guard
from deduce._internal.language import ENGLISH, N_, M, language
from deduce._internal.names import fold, resolve
from deduce.core import decks
from deduce.core.registry import key
from deduce.errors import InvalidInput

__all__ = ["BANNABLE_CARDS", "FIELDS", "GLOSS_LENGTH", "SIZES", "Deck", "deck_template"]

FIELDS: tuple[str, ...] = ("crime", "scene", "suspect", "weapon")
"""The four details of a case, in the order cards are laid."""

_FIELD_WORDS = (N_("crime"), N_("scene"), N_("suspect"), N_("weapon"))
"""The fields in words: a message naming a field (a parameter ``field="crime"``) says it
in the player's language."""

SIZES: dict[str, int] = {"crime": 6, "scene": 9, "suspect": 6, "weapon": 9}
"""How many cards of each kind a deck has."""

WEAPONS_PER_CRIME = 6
CRIMES_PER_WEAPON = 4

BANNABLE_CARDS: tuple[str, ...] = ("witness", "forensics", "informant")
"""The investigation cards a suspect card can forbid."""

GLOSS_LENGTH = 60
"""The longest English gloss of a card, in characters (a word or a short phrase)."""

_KEYS = ("name", "crimes", "scenes", "suspects", "weapons", "weapons_of", "bans")
_OPTIONAL_KEYS = ("glosses",)


def with_gloss(name: str, gloss: str | None) -> str:
    """Card ``name`` as a player reads it: for a player reading English with its English
    ``gloss`` after it, ``Anwalt (lawyer)``; as printed otherwise, and when there is no
    gloss or it is the name again (``Profiler``, ``Hammer*``: case, spaces, punctuation
    and the stand-in ``*`` aside).

    A gloss is English, so a player reading another language (German: the language the
    cards are printed in) sees the card exactly as printed.

    Example:
        >>> from deduce._internal.language import use_language
        >>> with_gloss("Anwalt", "lawyer"), with_gloss("Hammer*", "hammer"), with_gloss("Ulm", None)
        ('Anwalt (lawyer)', 'Hammer*', 'Ulm')
        >>> with use_language("de"):
        ...     with_gloss("Anwalt", "lawyer")
        'Anwalt'
    """
    if not gloss or language() != ENGLISH or fold(gloss) == fold(name):
        return name
    return f"{name} ({gloss})"


def _names(kind: str, values: Any) -> tuple[str, ...]:
    size = SIZES[kind]
    plural = kind + "s"
    if isinstance(values, str) or not isinstance(values, Sequence):
        raise InvalidInput(
            plural, values, M("a list of {size} {field} names", size=size, field=kind)
        )
    names = tuple(_trimmed(v) for v in values)
    bad = [v for v in names if not isinstance(v, str) or not v]
    if bad:
        raise InvalidInput(plural, bad[0], N_("non-empty strings (card names)"))
    unreadable = [v for v in names if not any(c.isalnum() for c in v)]
    if unreadable:
        raise InvalidInput(
            plural,
            unreadable[0],
            N_("card names with a letter or digit"),
            reason=N_("a name is typed and told apart by its letters and digits"),
        )
    if len(names) != size:
        raise InvalidInput(
            plural,
            list(names),
            M("exactly {size} {field} names", size=size, field=kind),
            reason=M("got {count}", count=len(names)),
        )
    for v in names:
        control = decks.control_character(v)
        if control is not None:
            raise InvalidInput(
                plural,
                v,
                N_(
                    "card names without control characters (escape sequences, line breaks, "
                    "zero-width characters)"
                ),
                reason=M("it holds the character {code}", code=f"U+{ord(control):04X}"),
            )
    seen: dict[str, str] = {}
    for v in names:
        if key(v) in seen:
            twice = (
                M("{name} twice", name=repr(v))
                if seen[key(v)] == v
                else M("{first} and {second}", first=repr(seen[key(v)]), second=repr(v))
            )
            raise InvalidInput(
                plural,
                list(names),
                M(
                    "{size} different names (as typed: case, spaces and punctuation aside)",
                    size=size,
                ),
                reason=twice,
            )
        seen[key(v)] = v
    return names


def _trimmed(value: Any) -> Any:
    """A name without the spaces around it (as on the card); anything else as it is."""
    return value.strip() if isinstance(value, str) else value


def _pairs(
    value: Any, argument: str, expected: str = N_("a table of name -> list of names")
) -> list[tuple[Any, Any]]:
    if isinstance(value, Mapping):
        return [(_trimmed(k), v) for k, v in value.items()]
    if isinstance(value, Sequence) and not isinstance(value, str):
        items = list(value)
        if all(isinstance(i, Sequence) and not isinstance(i, str) and len(i) == 2 for i in items):
            return [(_trimmed(i[0]), i[1]) for i in items]
    raise InvalidInput(argument, value, expected)


def _glosses(value: Any, cards: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The checked glosses (card -> English gloss), in the order of ``cards``."""
    given: dict[str, str] = {}
    for card, gloss in _pairs(value, "glosses", N_("a table of card name -> English gloss")):
        if card not in cards:
            raise InvalidInput("glosses", card, cards, reason=N_("not a card of this deck"))
        if card in given:
            raise InvalidInput("glosses", card, N_("each card once"), reason=N_("listed twice"))
        argument = f"glosses[{card!r}]"
        text = _trimmed(gloss)
        if (
            not isinstance(text, str)
            or not any(c.isalnum() for c in text)
            or len(text) > GLOSS_LENGTH
        ):
            raise InvalidInput(
                argument,
                gloss,
                M(
                    "the card's name in English: a word or phrase of at most {most} "
                    "characters, with a letter or digit",
                    most=GLOSS_LENGTH,
                ),
            )
        control = decks.control_character(text)
        if control is not None:
            raise InvalidInput(
                argument,
                text,
                N_(
                    "a gloss without control characters (escape sequences, line breaks, "
                    "zero-width characters)"
                ),
                reason=M("it holds the character {code}", code=f"U+{ord(control):04X}"),
            )
        given[card] = text
    return tuple((card, given[card]) for card in cards if card in given)


@dataclass(frozen=True, slots=True)
class Deck:
    """The case cards of Kreuzverhör, checked on construction.

    Args:
        name: a title for the deck.
        crimes: the 6 crime names.
        scenes: the 9 scene names.
        suspects: the 6 suspect names.
        weapons: the 9 weapon names.
        weapons_of: for every crime, the 6 weapons it can be committed with (a mapping
            or pairs ``(crime, weapons)``); every weapon must appear under 4 crimes.
        bans: for every suspect, the one investigation card its card forbids (from
            :data:`BANNABLE_CARDS`; a mapping or pairs ``(suspect, card)``). A card name
            ending in ``*`` marks a stand-in ban (see :attr:`stand_in_bans`).
        glosses: the English gloss of a card whose printed name an English reader may
            not know (a mapping or pairs ``(card, gloss)``; optional): ``Mord`` ->
            ``murder``. A player reading English sees it after the card where the card
            is explained (:meth:`glossed`); it is kept in the order of the cards.

    Names are kept as the cards print them: the spaces around a name (and the title) are
    dropped, and every card name holds a letter or a digit (names are typed, and told
    apart, by their letters and digits: ``"***"`` is no name).

    Raises:
        InvalidInput: a count, a duplicate, an unknown name or a name without a letter or
            digit; a gloss for a card the deck does not have, or one that is no short text.

    Example:
        >>> deck = Deck.default()
        >>> deck.banned("Juri L."), deck.crimes_for("Gift")
        ('informant', ('Mord', 'Erpressung*', 'Entführung*', 'Brandstiftung*'))
    """

    name: str
    crimes: tuple[str, ...]
    scenes: tuple[str, ...]
    suspects: tuple[str, ...]
    weapons: tuple[str, ...]
    weapons_of: tuple[tuple[str, tuple[str, ...]], ...]
    bans: tuple[tuple[str, str], ...]
    glosses: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise InvalidInput("name", self.name, N_("a string"))
        if decks.control_character(self.name) is not None:
            raise InvalidInput("name", self.name, N_("a name without control characters"))
        object.__setattr__(self, "name", self.name.strip())
        crimes = _names("crime", self.crimes)
        scenes = _names("scene", self.scenes)
        suspects = _names("suspect", self.suspects)
        weapons = _names("weapon", self.weapons)
        table = {}
        for crime, listed in _pairs(self.weapons_of, "weapons_of"):
            if crime not in crimes:
                raise InvalidInput(
                    "weapons_of", crime, crimes, reason=N_("not a crime of this deck")
                )
            if crime in table:
                raise InvalidInput(
                    "weapons_of", crime, N_("each crime once"), reason=N_("listed twice")
                )
            argument = f"weapons_of[{crime!r}]"
            if isinstance(listed, str) or not isinstance(listed, Sequence):
                raise InvalidInput(
                    argument, listed, M("a list of {count} weapons", count=WEAPONS_PER_CRIME)
                )
            listed = [_trimmed(w) for w in listed]
            for weapon in listed:
                if weapon not in weapons:
                    raise InvalidInput(
                        argument, weapon, weapons, reason=N_("not a weapon of this deck")
                    )
            if len(set(listed)) != len(listed):
                raise InvalidInput(
                    argument, list(listed), N_("different weapons"), reason=N_("repeated")
                )
            if len(listed) != WEAPONS_PER_CRIME:
                raise InvalidInput(
                    argument,
                    list(listed),
                    M("exactly {count} weapons", count=WEAPONS_PER_CRIME),
                    reason=M("got {count}", count=len(listed)),
                )
            table[crime] = tuple(str(w) for w in listed)
        missing = [c for c in crimes if c not in table]
        if missing:
            raise InvalidInput(
                "weapons_of", missing[0], N_("every crime listed"), reason=N_("missing")
            )
        for weapon in weapons:
            under = [c for c in crimes if weapon in table[c]]
            if len(under) != CRIMES_PER_WEAPON:
                raise InvalidInput(
                    "weapons_of",
                    weapon,
                    M("every weapon under exactly {count} crimes", count=CRIMES_PER_WEAPON),
                    reason=M(
                        "{weapon} is under {count}: {crimes}",
                        weapon=repr(weapon),
                        count=len(under),
                        crimes=str(under),
                    ),
                )
        bans: dict[str, str] = {}
        for suspect, given in _pairs(self.bans, "bans"):
            card = _trimmed(given)
            if suspect not in suspects:
                raise InvalidInput(
                    "bans", suspect, suspects, reason=N_("not a suspect of this deck")
                )
            if suspect in bans:
                raise InvalidInput(
                    "bans", suspect, N_("each suspect once"), reason=N_("listed twice")
                )
            if not isinstance(card, str) or card.removesuffix("*") not in BANNABLE_CARDS:
                raise InvalidInput(
                    f"bans[{suspect!r}]",
                    card,
                    M(
                        "one card from {cards} (a trailing * marks a stand-in)",
                        cards=str(BANNABLE_CARDS),
                    ),
                )
            bans[suspect] = card
        unbanned = [s for s in suspects if s not in bans]
        if unbanned:
            raise InvalidInput(
                "bans",
                unbanned[0],
                N_("every suspect with the one card its card forbids"),
                reason=N_("missing"),
            )
        set_ = object.__setattr__
        set_(self, "crimes", crimes)
        set_(self, "scenes", scenes)
        set_(self, "suspects", suspects)
        set_(self, "weapons", weapons)
        set_(self, "weapons_of", tuple((c, table[c]) for c in crimes))
        set_(self, "bans", tuple((s, bans[s]) for s in suspects))
        set_(self, "glosses", _glosses(self.glosses, (*crimes, *scenes, *suspects, *weapons)))

    # -- construction ------------------------------------------------------------------

    @classmethod
    def default(cls) -> Deck:
        """The deck shipped with deduce (``deduce/games/kreuzverhoer/default.toml``).

        Names known from the game are written plainly; names ending in ``*``, the
        crime-weapon table and the bans ending in ``*`` are stand-ins (see
        :attr:`stand_ins` and :attr:`stand_in_bans`).

        Example:
            >>> Deck.default().stand_ins[:3]
            ('Erpressung*', 'Entführung*', 'Brandstiftung*')
        """
        return _default()

    @classmethod
    def loads(cls, text: str, *, source: str = "text") -> Deck:
        """A deck from TOML text (the format of the shipped file).

        Example:
            >>> text = deck_template()
            >>> Deck.loads(text) == Deck.default()
            True
        """
        return cls.from_dict(decks.parse(text, source=source))

    @classmethod
    def load(cls, path: str | Path) -> Deck:
        """A deck from a TOML file that you copied from the shipped one and edited.

        Raises:
            InvalidInput: the file cannot be read, is not TOML, or the deck is wrong.

        Example:
            >>> import tempfile, pathlib
            >>> folder = pathlib.Path(tempfile.mkdtemp())
            >>> (folder / "mine.toml").write_text(deck_template(), encoding="utf-8") > 0
            True
            >>> Deck.load(folder / "mine.toml").suspects[0]
            'Juri L.'
        """
        return cls.loads(decks.read(path), source=str(path))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Deck:
        """A deck from a mapping with the keys of the TOML file (see :meth:`to_dict`)."""
        if not isinstance(data, Mapping):
            raise InvalidInput("deck", data, M("a table with keys {keys}", keys=", ".join(_KEYS)))
        unknown = [k for k in data if k not in _KEYS and k not in _OPTIONAL_KEYS]
        if unknown:
            raise InvalidInput("deck key", unknown[0], (*_KEYS, *_OPTIONAL_KEYS))
        missing = [k for k in _KEYS if k not in data]
        if missing:
            raise InvalidInput(
                "deck",
                sorted(data),
                M("a table with keys {keys}", keys=", ".join(_KEYS)),
                reason=M("{key} is missing", key=repr(missing[0])),
            )
        return cls(
            name=data["name"],
            crimes=data["crimes"],
            scenes=data["scenes"],
            suspects=data["suspects"],
            weapons=data["weapons"],
            weapons_of=data["weapons_of"],
            bans=data["bans"],
            glosses=data.get("glosses", ()),
        )

    def to_dict(self) -> dict[str, Any]:
        """The deck as plain lists and dicts (JSON and TOML friendly).

        Example:
            >>> Deck.from_dict(Deck.default().to_dict()) == Deck.default()
            True
        """
        return {
            "name": self.name,
            "crimes": list(self.crimes),
            "scenes": list(self.scenes),
            "suspects": list(self.suspects),
            "weapons": list(self.weapons),
            "weapons_of": {c: list(ws) for c, ws in self.weapons_of},
            "bans": dict(self.bans),
            "glosses": dict(self.glosses),
        }

    # -- reading -----------------------------------------------------------------------

    def names(self, field: str) -> tuple[str, ...]:
        """The names of one kind of card: ``field`` is crime, scene, suspect or weapon."""
        if field == "crime":
            return self.crimes
        if field == "scene":
            return self.scenes
        if field == "suspect":
            return self.suspects
        if field == "weapon":
            return self.weapons
        raise InvalidInput("field", field, FIELDS)

    def card(self, field: str, typed: Any) -> str:
        """The ``field`` card that ``typed`` names, as players type names: exactly, or
        with case, accents, umlauts written out (``Ueberfall``, ``Koeln``), spaces and
        punctuation (the stand-in ``*``) aside.

        Raises:
            InvalidInput: no such card (with "did you mean" when one is close).

        Example:
            >>> Deck.default().card("crime", "Ueberfall"), Deck.default().card("scene", "Koln")
            ('Überfall', 'Köln*')
        """
        return resolve(typed, self.names(field), argument=field, prefix=False)

    def index(self, field: str, name: Any) -> int:
        """The position of card ``name`` among the ``field`` cards.

        Raises:
            InvalidInput: ``name`` is not such a card of this deck.
        """
        names = self.names(field)
        try:
            return names.index(name)
        except ValueError:
            raise InvalidInput(field, name, names) from None

    def weapons_for(self, crime: str) -> tuple[str, ...]:
        """The 6 weapons printed on the card of ``crime``."""
        self.index("crime", crime)
        return dict(self.weapons_of)[crime]

    def crimes_for(self, weapon: str) -> tuple[str, ...]:
        """The 4 crimes printed on the card of ``weapon``."""
        self.index("weapon", weapon)
        return tuple(c for c, ws in self.weapons_of if weapon in ws)

    def compatible(self, crime: str, weapon: str) -> bool:
        """Whether ``crime`` can be committed with ``weapon`` (both must be deck names)."""
        self.index("weapon", weapon)
        return weapon in self.weapons_for(crime)

    def banned(self, suspect: str) -> str:
        """The investigation card that may not be played after ``suspect`` was laid."""
        self.index("suspect", suspect)
        return dict(self.bans)[suspect].removesuffix("*")

    def gloss(self, name: str) -> str | None:
        """The English gloss of card ``name`` (``Mord``: ``murder``), None without one.

        Raises:
            InvalidInput: ``name`` is no card of this deck.
        """
        cards = (*self.crimes, *self.scenes, *self.suspects, *self.weapons)
        if name not in cards:
            raise InvalidInput("name", name, cards)
        return dict(self.glosses).get(name)

    def glossed(self, name: str) -> str:
        """Card ``name`` as a player reads it where the card is explained: with its gloss
        after it for a player reading English (``Mord (murder)``), else as printed.

        Example:
            >>> Deck.default().glossed("Erpressung*"), Deck.default().glossed("Juri L.")
            ('Erpressung* (blackmail)', 'Juri L.')
        """
        return with_gloss(name, self.gloss(name))

    @property
    def stand_in_bans(self) -> tuple[str, ...]:
        """The suspects whose ban is a stand-in (the card name ends in ``*``).

        Example:
            >>> Deck.default().stand_in_bans
            ('Ede K.', 'Nora M.', 'Karl B.*', 'Vera S.*')
        """
        return tuple(s for s, card in self.bans if card.endswith("*"))

    @property
    def stand_ins(self) -> tuple[str, ...]:
        """The names marked as stand-ins (ending in ``*``), in deck order."""
        every = (*self.crimes, *self.scenes, *self.suspects, *self.weapons)
        return tuple(n for n in every if n.endswith("*"))


def deck_template() -> str:
    """The commented text of the shipped deck file, to copy and type your own cards into.

    Example:
        >>> "[weapons_of]" in deck_template()
        True
    """
    return resources.files("deduce.games.kreuzverhoer").joinpath("default.toml").read_text("utf-8")


@cache
def _default() -> Deck:
    return Deck.loads(deck_template(), source="deduce/games/kreuzverhoer/default.toml")


guard(globals())
