"""The cards of Black Stories Investigation: pieces of evidence, cards and cases.

Every piece of evidence has two values, and no value is shared between two kinds of
evidence, so a card can be written as its values alone (``"woman/knife"``). Each value
is read in English or in German (:data:`GERMAN`: ``"Frau/Messer"``), and a card is
shown in the player's language (:func:`shown`).

Example:
    >>> Card(victim="woman", weapon="knife")
    Card(victim='woman', weapon='knife')
    >>> Card.parse("woman knife") == Card(victim="woman", weapon="knife")
    True
    >>> Card.parse("Frau/Messer") == Card.parse("woman/knife")
    True
    >>> Case("woman", "day", "inside", "knife").matches(Card.parse("woman/night"))
    1
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.language import N_, M, _, language
from deduce._internal.names import fold, forms, resolve
from deduce._internal.validation import is_int
from deduce.core import decks
from deduce.errors import InvalidInput

__all__ = [
    "ATTRIBUTES",
    "BOX",
    "CARDS",
    "CASES",
    "FIELDS",
    "GERMAN",
    "STAND_IN",
    "Card",
    "Case",
    "box_template",
    "check_box",
    "load_box",
    "load_box_text",
    "shown",
    "stand_in_name",
]

ATTRIBUTES: dict[str, tuple[str, str]] = {
    N_("victim"): ("man", "woman"),
    N_("time"): ("day", "night"),
    N_("scene"): ("inside", "outside"),
    N_("weapon"): ("knife", "gun"),
}
"""Every kind of evidence with its two values, in the order cards list them."""

FIELDS: tuple[str | int, ...] = ("0/1", 2, 3)
"""The fields of an evidence grid: how many pieces of a played card match the case."""

GERMAN: dict[str, str] = {
    "man": "Mann",
    "woman": "Frau",
    "day": "Tag",
    "night": "Nacht",
    "inside": "drinnen",
    "outside": "draußen",
    "knife": "Messer",
    "gun": "Pistole",
}
"""Every value of evidence (English) with its German word, as the German edition prints
it. A card is read in either language, even mixed (``"Frau/night"``), whatever case and
with or without umlauts and ``ß`` (``"draussen"``, ``"drausen"``); it is shown in the
player's language (:func:`shown`)."""

_NAMES = tuple(ATTRIBUTES)
_KIND_OF = {value: name for name, values in ATTRIBUTES.items() for value in values}


def _spellings(word: str) -> frozenset[str]:
    """The keys under which a value may be typed: as :func:`~deduce._internal.names.forms`
    reads names, and with ``ß`` written ``s`` too (``drausen``)."""
    return forms(word) | forms(word.replace("ß", "s"))


_VALUE_OF: dict[str, str] = {
    key: value for value in _KIND_OF for word in (value, GERMAN[value]) for key in _spellings(word)
}
"""Every typed form of a value, English or German, folded: the English value."""


def _value(token: str) -> str | None:
    """The English value ``token`` names (English or German, folded), or None."""
    return _VALUE_OF.get(fold(token))


def _values(text: str) -> list[str] | None:
    """The English values of a card written as text (``"Frau/night"``), in its order; None
    when a piece is not a value."""
    pieces = [_value(piece) for piece in text.split("/")]
    return None if not text or None in pieces else [p for p in pieces if p is not None]


def shown(card: Card | Case | str) -> str:
    """A card, a case or a value as the player reads it: its German words (:data:`GERMAN`)
    when the player reads German, else English; any other text (a field such as ``0/1``)
    as it is. ``str(card)`` stays English: the card as data and as typed.

    Example (in German: ``Frau/Nacht/draußen/Pistole``, ``Messer``):
        >>> shown(Case("woman", "night", "outside", "gun")), shown("knife"), shown("0/1")
        ('woman/night/outside/gun', 'knife', '0/1')
        >>> from deduce._internal.language import use_language
        >>> with use_language("de"):
        ...     shown(Card.parse("woman/night/outside/gun")), shown("Frau/knife"), shown("0/1")
        ('Frau/Nacht/draußen/Pistole', 'Frau/Messer', '0/1')
    """
    if isinstance(card, (Card, Case)):
        values = str(card).split("/")
    elif isinstance(card, str):
        found = _values(card)
        if found is None:
            return card
        values = found
    else:
        return str(card)
    if language() == "de":
        values = [GERMAN[value] for value in values]
    return "/".join(values)


def _shown_values() -> str:
    """Every value in the player's language, for a refusal."""
    return ", ".join(shown(value) for value in _KIND_OF)


def _check_value(name: str, value: Any) -> str:
    if not isinstance(value, str) or value not in ATTRIBUTES[name]:
        raise InvalidInput(name, value, ATTRIBUTES[name])
    return str(value)


@dataclass(frozen=True, slots=True, init=False)
class Card:
    """A murder case card: 2 to 4 pieces of evidence.

    Args:
        victim: "man" or "woman".
        time: "day" or "night".
        scene: "inside" or "outside".
        weapon: "knife" or "gun".

    Leave out the pieces the card does not show. Cards with 4 pieces are the cases.

    Raises:
        InvalidInput: an unknown kind of evidence or value, or fewer than 2 pieces.

    Example:
        >>> card = Card(victim="woman", time="night", scene="outside", weapon="gun")
        >>> card.size, str(card)
        (4, 'woman/night/outside/gun')
    """

    victim: str | None
    time: str | None
    scene: str | None
    weapon: str | None

    def __init__(self, **pieces: str | None) -> None:
        unknown = [name for name in pieces if name not in ATTRIBUTES]
        if unknown:
            raise InvalidInput("evidence", unknown[0], _NAMES)
        given = 0
        for name in _NAMES:
            value = pieces.get(name)
            if value is not None:
                value = _check_value(name, value)
                given += 1
            object.__setattr__(self, name, value)
        if given < 2:
            shown = {k: v for k, v in pieces.items() if v is not None}
            expected = N_("2 to 4 pieces of evidence")
            raise InvalidInput(N_("card"), shown, expected, reason=M("{n} given", n=given))

    @classmethod
    def parse(cls, text: Card | Case | str) -> Card:
        """A card from its values, e.g. ``"woman/knife"`` or ``"woman knife"``, each in
        English or German (:data:`GERMAN`), with or without umlauts.

        Example:
            >>> Card.parse("man, day, gun")
            Card(victim='man', time='day', weapon='gun')
            >>> Card.parse("Mann/Tag/Pistole")
            Card(victim='man', time='day', weapon='gun')
            >>> Card.parse("frau drausen knife") == Card.parse("woman/outside/knife")
            True
        """
        if isinstance(text, Card):
            return text
        if isinstance(text, Case):
            return text.card
        if not isinstance(text, str):
            raise InvalidInput(N_("card"), text, N_("a Card, a Case or its values as text"))
        pieces: dict[str, str | None] = {}
        for typed in re.split(r"[\s,/;]+", text.strip().lower()):
            if not typed:
                continue
            token = _value(typed)
            if token is None:
                # refused with the values in the player's language ("did you mean ...")
                words = [shown(value) for value in _KIND_OF]
                try:
                    token = _value(resolve(typed, words, argument="card", prefix=False))
                except InvalidInput as error:
                    expected = M("values from {values}", values=_shown_values())
                    raise InvalidInput(N_("card"), text, expected, reason=error.reason) from None
                assert token is not None
            kind = _KIND_OF[token]
            if kind in pieces:
                raise InvalidInput(N_("card"), text, N_("at most one value of each evidence"))
            pieces[kind] = token
        return cls(**pieces)

    @property
    def pieces(self) -> dict[str, str]:
        """The pieces of evidence the card shows."""
        return {name: value for name in _NAMES if (value := getattr(self, name)) is not None}

    @property
    def size(self) -> int:
        """How many pieces of evidence the card shows (2 to 4)."""
        return len(self.pieces)

    @property
    def case(self) -> Case | None:
        """The case this card is, if it shows all 4 pieces; else None."""
        return _CASE_OF_CARD.get(self)

    @property
    def index(self) -> int:
        """The card's position in :data:`CARDS`."""
        return _CARD_INDEX[self]

    def __str__(self) -> str:
        return "/".join(self.pieces.values())

    def __repr__(self) -> str:
        return "Card(" + ", ".join(f"{k}={v!r}" for k, v in self.pieces.items()) + ")"


@dataclass(frozen=True, slots=True, init=False)
class Case:
    """A concrete murder case: all 4 pieces of evidence.

    Example:
        >>> Case("woman", "day", "inside", "knife")
        Case('woman', 'day', 'inside', 'knife')
        >>> Case.parse("knife inside day woman").weapon
        'knife'
    """

    victim: str
    time: str
    scene: str
    weapon: str

    def __init__(self, victim: Any, time: Any, scene: Any, weapon: Any) -> None:
        for name, value in zip(_NAMES, (victim, time, scene, weapon), strict=True):
            object.__setattr__(self, name, _check_value(name, value))

    @classmethod
    def parse(cls, value: Case | Card | str) -> Case:
        """A case from a :class:`Case`, a 4-piece :class:`Card` or its values as text.

        Example:
            >>> Case.parse("man/night/outside/gun")
            Case('man', 'night', 'outside', 'gun')
        """
        if isinstance(value, Case):
            return value
        card = Card.parse(value) if isinstance(value, (str, Card)) else None
        if card is None or card.case is None:
            expected = N_("a Case or a card with all 4 pieces of evidence")
            raise InvalidInput(N_("case"), value, expected)
        return card.case

    @property
    def card(self) -> Card:
        """The 4-evidence card of this case."""
        return Card(victim=self.victim, time=self.time, scene=self.scene, weapon=self.weapon)

    @property
    def index(self) -> int:
        """The case's position in :data:`CASES`."""
        return _CASE_INDEX[self]

    def matches(self, card: Card | Case | str) -> int:
        """How many pieces of ``card`` match this case (0 to 4)."""
        other = Card.parse(card)
        return sum(getattr(self, name) == value for name, value in other.pieces.items())

    def __str__(self) -> str:
        return f"{self.victim}/{self.time}/{self.scene}/{self.weapon}"

    def __repr__(self) -> str:
        return f"Case({self.victim!r}, {self.time!r}, {self.scene!r}, {self.weapon!r})"


CASES: tuple[Case, ...] = tuple(Case(*values) for values in itertools.product(*ATTRIBUTES.values()))
"""The 16 cases, in a fixed order (man before woman, day before night, ...)."""


def _all_cards() -> tuple[Card, ...]:
    cards = []
    for size in (2, 3, 4):
        for names in itertools.combinations(_NAMES, size):
            for values in itertools.product(*(ATTRIBUTES[n] for n in names)):
                cards.append(Card(**dict(zip(names, values, strict=True))))
    return tuple(cards)


CARDS: tuple[Card, ...] = _all_cards()
"""Every card that can exist: 24 with 2 pieces, 32 with 3, the 16 cases last."""

_CARD_INDEX = {card: i for i, card in enumerate(CARDS)}

_CASE_OF_CARD = {case.card: case for case in CASES}
_CASE_INDEX = {case: i for i, case in enumerate(CASES)}


STAND_IN: tuple[Card, ...] = tuple(
    Card.parse(text)
    for text in (
        "man/day",
        "woman/night",
        "inside/knife",
        "outside/gun",
        "man/outside",
        "woman/inside",
        "man/night/knife",
        "woman/day/gun",
        "man/inside/gun",
        "woman/outside/knife",
        "day/outside/knife",
        "night/inside/gun",
    )
)
"""12 cards of 2 and 3 pieces standing in for the printed ones (whose exact pieces do
not change any deduction about the cases; give yours where a box is asked for)."""

BOX: tuple[Card, ...] = tuple(case.card for case in CASES) + STAND_IN
"""The 28 murder case cards in the box: the 16 cases and the 12 smaller cards (stand-ins)."""


def stand_in_name(card: Card) -> str:
    """A card as a screen names it: a stand-in says so (``"stand-in 3 (inside/knife)"``),
    since it is not a printed card of the box.

    Example:
        >>> stand_in_name(STAND_IN[2]), stand_in_name(Card.parse("woman/night/outside/gun"))
        ('stand-in 3 (inside/knife)', 'woman/night/outside/gun')
    """
    if card in STAND_IN:
        return str(_(M("stand-in {n} ({card})", n=STAND_IN.index(card) + 1, card=shown(card))))
    return shown(card)


def check_box(cards: Any, argument: str = "small_cards") -> tuple[Card, ...]:
    """The 12 cards of 2 and 3 pieces of a box, checked: 12 different cards, none a case.

    Raises:
        InvalidInput: not a list of 12 such cards (naming ``argument``).

    Example:
        >>> len(check_box([str(c) for c in STAND_IN]))
        12
    """
    if isinstance(cards, (str, Card)) or not isinstance(cards, (list, tuple)):
        raise InvalidInput(argument, cards, N_("a list of 12 cards of 2 or 3 pieces"))
    parsed = tuple(Card.parse(c) for c in cards)
    said = [shown(c) for c in parsed]  # in the player's language
    expected = M("{n} different cards of 2 or 3 pieces", n=len(STAND_IN))
    cases = [shown(c) for c in parsed if c.case is not None]
    if cases:
        raise InvalidInput(
            argument, said, expected, reason=M("{card} is a case card", card=cases[0])
        )
    twice = [shown(c) for c in dict.fromkeys(parsed) if parsed.count(c) > 1]
    if twice:
        raise InvalidInput(
            argument, said, expected, reason=M("{card} is given twice", card=twice[0])
        )
    if len(parsed) != len(STAND_IN):
        raise InvalidInput(argument, said, expected, reason=M("{n} given", n=len(parsed)))
    return parsed


def box_template() -> str:
    """A box file to copy and edit: TOML, the 12 cards of 2 and 3 pieces of your box
    (here the stand-ins), each written as its evidence joined by ``/``.

    Example:
        >>> load_box_text(box_template()) == STAND_IN
        True
    """
    cards = "".join(f'    "{card}",\n' for card in STAND_IN)
    return (
        "# Black Stories Investigation: the 12 murder case cards of 2 and 3 pieces in\n"
        "# your box (these are stand-ins: write the ones printed on your cards).\n"
        f"small_cards = [\n{cards}]\n"
    )


def load_box_text(text: str, *, source: str = "text") -> tuple[Card, ...]:
    """The 12 small cards of a box file's TOML text (see :func:`box_template`).

    Raises:
        InvalidInput: not TOML, a key other than ``small_cards``, or wrong cards.
    """
    data = decks.parse(text, source=source)
    unknown = [k for k in data if k != "small_cards"]
    if unknown:
        raise InvalidInput(
            "box key", unknown[0], ["small_cards"], reason=M("in {source}", source=source)
        )
    if "small_cards" not in data:
        expected = N_("a file with small_cards = [...]")
        raise InvalidInput(N_("box"), source, expected, reason=N_("missing"))
    return check_box(data["small_cards"])


def load_box(path: str | Path) -> tuple[Card, ...]:
    """The 12 small cards of the box file at ``path`` (TOML; see :func:`box_template`),
    read with the bounds of every deck file (:func:`deduce.core.decks.read`).

    Raises:
        InvalidInput: the file cannot be read, is not TOML, or its cards are wrong.

    Example:
        >>> import pathlib, tempfile
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "box.toml"
        >>> _ = path.write_text(box_template(), encoding="utf-8")
        >>> load_box(path)[0]
        Card(victim='man', time='day')
    """
    return load_box_text(decks.read(path), source=str(path))


def _match_table() -> npt.NDArray[np.int8]:
    table = np.array([[case.matches(card) for case in CASES] for card in CARDS], dtype=np.int8)
    table.setflags(write=False)
    return table


MATCHES = _match_table()
"""``(72, 16)``: pieces of card ``CARDS[i]`` that match case ``CASES[j]``."""

FIELD_OF: npt.NDArray[np.int8] = np.minimum(np.maximum(MATCHES - 1, 0), 3).astype(np.int8)
"""``(72, 16)``: the field index (0: "0/1", 1: 2, 2: 3, 3: impossible 4 matches)."""
FIELD_OF.setflags(write=False)

CASE_VALUES: npt.NDArray[np.int64] = np.array(
    [[ATTRIBUTES[n].index(getattr(c, n)) for n in ATTRIBUTES] for c in CASES], dtype=np.int64
)
"""``(16, 4)``: for each case, the index of its value of each kind of evidence."""
CASE_VALUES.setflags(write=False)

CASE_CARD: tuple[int, ...] = tuple(_CARD_INDEX[case.card] for case in CASES)
"""The index in :data:`CARDS` of each case's card."""


def field_index(field: Any, card: Card) -> int:
    """The index in :data:`FIELDS` of ``field`` ("0/1", 0, 1, 2 or 3) for ``card``.

    Raises:
        InvalidInput: not a field, or a field the card cannot reach (3 for 2 pieces).

    Example:
        >>> field_index(1, Card.parse("woman knife")), field_index("2", Card.parse("man gun"))
        (0, 1)
    """
    if not (is_int(field) or isinstance(field, str)):  # 1.0, True, arrays: not fields
        raise InvalidInput(N_("field"), field, ["0/1", 0, 1, 2, 3])
    if isinstance(field, str) and field.strip() in {"0", "1", "2", "3"}:
        field = int(field.strip())
    if field in ("0/1", 0, 1):
        return 0
    if field in (2, 3) and isinstance(field, (int, np.integer)):
        if int(field) > card.size:
            raise InvalidInput(
                N_("field"),
                field,
                ["0/1", 0, 1, 2] if card.size == 2 else ["0/1", 0, 1, 2, 3],
                reason=M("{card} has only {n} pieces of evidence", card=shown(card), n=card.size),
            )
        return int(field) - 1
    raise InvalidInput(N_("field"), field, ["0/1", 0, 1, 2, 3])


guard(globals())
