"""The 30 cards of 13 Indizien, the colours in play, and full deals of a table.

Card number ``3 * colour + category`` (categories person, location, weapon), so the
cards of the colours in play are always the first ``3 * colours`` numbers.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from deduce._internal.language import N_, language
from deduce._internal.names import resolve
from deduce._internal.validation import check_int, check_seed
from deduce.errors import InvalidInput

COLOURS: tuple[str, ...] = (
    "purple",
    "pink",
    "red",
    "green",
    "yellow",
    "blue",
    "orange",
    "white",
    "brown",
    "gray",
)
"""The ten colours; with fewer than 6 players the last ones are out of play."""

CATEGORIES: tuple[str, ...] = (N_("person"), N_("location"), N_("weapon"))
"""The three categories; a puzzle has one card of each."""

KINDS: dict[str, tuple[str, str]] = {
    "person": ("man", "woman"),
    "location": ("indoors", "outdoors"),
    "weapon": ("melee", "ranged"),
}
"""The two sub-kinds of each category."""

SIDES: tuple[str, str] = ("left", "right")
"""The two hidden cards of a hand in the two-player game."""

_TABLE: tuple[tuple[str, str, str, str, str, str], ...] = (
    ("Officer", "man", "Parlor", "indoors", "Knife", "melee"),
    ("Duke", "man", "Market", "outdoors", "Crossbow", "ranged"),
    ("Butcher", "man", "Library", "indoors", "Poison", "melee"),
    ("Countess", "woman", "Park", "outdoors", "Sword", "melee"),
    ("Nurse", "woman", "Museum", "indoors", "Blowgun", "ranged"),
    ("Maid", "woman", "Harbor", "outdoors", "Rifle", "ranged"),
    ("Dancer", "woman", "Theater", "indoors", "Gun", "ranged"),
    ("Sailor", "man", "Plaza", "outdoors", "Candlestick", "melee"),
    ("Florist", "woman", "Railcar", "indoors", "Hammer", "melee"),
    ("Coachman", "man", "Racecourse", "outdoors", "Bow", "ranged"),
)

GERMAN: dict[str, str] = {
    "Officer": "Offizier",
    "Duke": "Herzog",
    "Butcher": "Metzger",
    "Countess": "Gräfin",
    "Nurse": "Krankenschwester",
    "Maid": "Dienstmädchen",
    "Dancer": "Tänzerin",
    "Sailor": "Matrose",
    "Florist": "Floristin",
    "Coachman": "Kutscher",
    "Parlor": "Salon",
    "Market": "Markt",
    "Library": "Bibliothek",
    "Park": "Park",
    "Museum": "Museum",
    "Harbor": "Hafen",
    "Theater": "Theater",
    "Plaza": "Platz",
    "Railcar": "Eisenbahnwagen",
    "Racecourse": "Pferderennbahn",
    "Knife": "Messer",
    "Crossbow": "Armbrust",
    "Poison": "Gift",
    "Sword": "Schwert",
    "Blowgun": "Blasrohr",
    "Rifle": "Gewehr",
    "Gun": "Pistole",
    "Candlestick": "Kerzenhalter",
    "Hammer": "Hammer",
    "Bow": "Bogen",
}
"""Each card's German name. Herzog, Park, Messer, Dienstmädchen, Blasrohr, Markt,
Tänzerin, Armbrust, Bibliothek, Metzger, Theater, Kerzenhalter, Gift and Hammer are the
German edition's words (as reviews of it quote them); the others are translations."""

GERMAN_WORDS: dict[str, str] = {
    "violett": "purple",
    "lila": "purple",
    "rosa": "pink",
    "rot": "red",
    "grün": "green",
    "gelb": "yellow",
    "blau": "blue",
    "weiß": "white",
    "braun": "brown",
    "grau": "gray",
    "Person": "person",
    "Personen": "person",
    "Ort": "location",
    "Orte": "location",
    "Waffe": "weapon",
    "Waffen": "weapon",
    "männlich": "man",
    "Mann": "man",
    "weiblich": "woman",
    "Frau": "woman",
    "innen": "indoors",
    "drinnen": "indoors",
    "außen": "outdoors",
    "draußen": "outdoors",
    "Nahkampf": "melee",
    "Fernkampf": "ranged",
}
"""German words for what a witness is asked about (colours, categories, sub-kinds): the
rulebook's (Person, Ort, Waffe), the German edition's (männlich und weiblich, Innen- und
Außenbereich, Nah- und Fernkampf, violett) and plain translations."""

_SHOWN_GERMAN: dict[str, str] = {
    **{english: german for german, english in reversed(GERMAN_WORDS.items())},
    "orange": "orange",
    "left": "links",
    "right": "rechts",
}
"""The German word shown for each colour, category, sub-kind and side: the first of
:data:`GERMAN_WORDS` (each of them is read back as typed)."""

MIN_PLAYERS, MAX_PLAYERS = 2, 6


@dataclass(frozen=True, slots=True)
class Card:
    """One of the 30 cards.

    Example:
        >>> CARDS[0]
        Card(name='Officer', colour='purple', category='person', kind='man')
    """

    name: str
    colour: str
    category: str
    kind: str

    def __str__(self) -> str:
        return self.name


CARDS: tuple[Card, ...] = tuple(
    Card(row[2 * c], COLOURS[i], CATEGORIES[c], row[2 * c + 1])
    for i, row in enumerate(_TABLE)
    for c in range(3)
)
"""All 30 cards, colour by colour (person, location, weapon)."""

_BY_NAME: dict[str, int] = {card.name.lower(): i for i, card in enumerate(CARDS)}
_EXACT: dict[str, int] = {card.name: i for i, card in enumerate(CARDS)}


def shown_name(card: Card | str) -> str:
    """A card's name as the player reads it: its German name (:data:`GERMAN`) when the
    player reads German, else its own; any other text as it is. Every name is still read
    in either language (:func:`card_index`).

    Example (in English; in German ``Herzog`` and ``Offizier``):
        >>> shown_name("Duke"), shown_name(CARDS[0]), shown_name("nobody")
        ('Duke', 'Officer', 'nobody')
    """
    name = card.name if isinstance(card, Card) else card
    if language() == "de":
        return GERMAN.get(name, name)
    return name


def shown_word(word: str, *, noun: bool = False) -> str:
    """A colour, category, sub-kind or side (``left``, ``right``) as the player reads it:
    the German word (one that :data:`GERMAN_WORDS` reads back) when the player reads
    German, else as it is. With ``noun``, a colour named as a noun in a sentence (German
    writes it capitalised: nach Gelb gefragt).

    Example (in English; in German ``rot``, ``Ort``, ``weiblich``, ``links`` and ``Gelb``):
        >>> shown_word("red"), shown_word("location"), shown_word("woman"), shown_word("left")
        ('red', 'location', 'woman', 'left')
        >>> shown_word("yellow", noun=True)
        'yellow'
        >>> _SHOWN_GERMAN["red"], _SHOWN_GERMAN["location"], _SHOWN_GERMAN["woman"]
        ('rot', 'Ort', 'weiblich')
    """
    if language() != "de":
        return word
    shown = _SHOWN_GERMAN.get(word, word)
    if noun and word in COLOURS:
        return shown[:1].upper() + shown[1:]
    return shown


def side_number(side: str | None) -> int:
    """A question's ``side`` as the counting numbers it: 0 the left card, 1 the right,
    -1 both (``None``: more than two players).

    Example:
        >>> side_number("right"), side_number(None)
        (1, -1)
    """
    return -1 if side is None else SIDES.index(side)


def check_players(players: Any) -> int:
    """``players`` checked: an int from 2 to 6."""
    return check_int("players", players, MIN_PLAYERS, MAX_PLAYERS)


def colours_in_play(players: int) -> tuple[str, ...]:
    """The colours used with ``players`` players (6: all ten; each player fewer: one less).

    Example:
        >>> colours_in_play(4)[-1]
        'white'
    """
    return COLOURS[: check_players(players) + 4]


def cards_in_play(players: int) -> tuple[Card, ...]:
    """The cards used with ``players`` players."""
    return CARDS[: 3 * len(colours_in_play(players))]


def informant_count(players: int) -> int:
    """How many cards lie face down as the secret informants (0 with 6 players)."""
    return 3 * (check_players(players) + 4) - 5 * players


def attributes(players: int) -> tuple[str, ...]:
    """What a witness can be asked about: colours in play, categories, sub-kinds."""
    kinds = tuple(kind for pair in KINDS.values() for kind in pair)
    return (*colours_in_play(players), *CATEGORIES, *kinds)


@lru_cache(maxsize=8)
def attribute_matrix(players: int) -> npt.NDArray[np.int64]:
    """``(30, len(attributes(players)))``: 1 where a card has the attribute."""
    names = attributes(players)
    matrix = np.zeros((len(CARDS), len(names)), dtype=np.int64)
    for i, card in enumerate(CARDS):
        for a, name in enumerate(names):
            matrix[i, a] = name in (card.colour, card.category, card.kind)
    matrix.setflags(write=False)
    return matrix


@lru_cache(maxsize=8)
def pair_counts(players: int) -> npt.NDArray[np.int8]:
    """``(30, 30, len(attributes(players)))``: how many of two cards have each attribute.

    Example:
        >>> int(pair_counts(3)[0, 3, attributes(3).index("man")])  # Officer, Duke
        2
    """
    attr = attribute_matrix(players).astype(np.int8)
    counts: npt.NDArray[np.int8] = attr[:, None, :] + attr[None, :, :]
    counts.setflags(write=False)
    return counts


def card_index(name: Any, players: int, *, argument: str = "card") -> int:
    """The number of the card called ``name`` (its English or :data:`GERMAN` name), if it
    is in play (read as players type names: case and accents aside, see
    :func:`deduce._internal.names.resolve`).

    Example:
        >>> card_index("crossbow", 2), card_index("Race course", 6), card_index("Graefin", 2)
        (5, 28, 9)
    """
    in_play = cards_in_play(players)
    if isinstance(name, Card):
        name = name.name
    exact = _EXACT.get(name) if isinstance(name, str) else None
    if exact is not None and exact < len(in_play):  # a card's own name: nothing to read
        return exact
    names = [card.name for card in in_play]
    german = {GERMAN[n]: n for n in names if GERMAN[n] != n}
    found = resolve(name, names, argument=argument, prefix=False, aliases=german)
    return _BY_NAME[found.lower()]


def category_of(index: int) -> int:
    """The category number (0 person, 1 location, 2 weapon) of card ``index``."""
    return index % 3


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A puzzle: one person, one location, one weapon (the solution of the game).

    Example:
        >>> Puzzle("Duke", "Park", "Gun")
        Puzzle(person='Duke', location='Park', weapon='Gun')
    """

    person: str
    location: str
    weapon: str

    def __str__(self) -> str:
        person, location, weapon = (
            shown_name(n) for n in (self.person, self.location, self.weapon)
        )
        return f"{person}, {location}, {weapon}"


def puzzle_indices(value: Any, players: int, *, argument: str = "puzzle") -> tuple[int, int, int]:
    """A puzzle (a :class:`Puzzle` or three card names in any order) as card numbers
    ``(person, location, weapon)``."""
    names = (value.person, value.location, value.weapon) if isinstance(value, Puzzle) else value
    expected = N_("one person, one location and one weapon card in play")
    if isinstance(names, str) or not isinstance(names, Sequence) or len(names) != 3:
        raise InvalidInput(argument, value, expected)
    indices = [card_index(n, players, argument=argument) for n in names]
    indices.sort(key=category_of)
    if [category_of(i) for i in indices] != [0, 1, 2]:
        raise InvalidInput(argument, value, expected)
    return indices[0], indices[1], indices[2]


def puzzle_of(indices: Sequence[int]) -> Puzzle:
    """The :class:`Puzzle` of three card numbers (person, location, weapon)."""
    return Puzzle(*(CARDS[int(i)].name for i in indices))


@dataclass(frozen=True, slots=True)
class Deal:
    """A whole table: every seat's puzzle and hidden cards, and the informants.

    Seat 0 is me; ``hands[s]`` is seat ``s``'s (left, right) hidden cards, ``puzzles[s]``
    the puzzle in front of seat ``s`` (which everyone but seat ``s`` sees).

    Example:
        >>> deal = Deal.random(3, seed=1)
        >>> len(deal.hands), len(deal.informants)
        (3, 6)
        >>> deal.answer(1, "person") == deal.answer(1, "man") + deal.answer(1, "woman")
        True
    """

    players: int
    hands: tuple[tuple[str, str], ...]
    puzzles: tuple[Puzzle, ...]
    informants: tuple[str, ...]

    @classmethod
    def random(cls, players: int, *, seed: int | random.Random | None = None) -> Deal:
        """A random deal: puzzles of one card per category, everything else shuffled."""
        players = check_players(players)
        rng = check_seed("seed", seed)
        deck = [card.name for card in cards_in_play(players)]
        rng.shuffle(deck)
        puzzles = []
        for _ in range(players):
            chosen = []
            for category in CATEGORIES:
                name = next(n for n in deck if CARDS[_BY_NAME[n.lower()]].category == category)
                deck.remove(name)
                chosen.append(name)
            puzzles.append(Puzzle(*chosen))
        hands = tuple((deck[2 * s], deck[2 * s + 1]) for s in range(players))
        return cls(players, hands, tuple(puzzles), tuple(deck[2 * players :]))

    def check(self, players: int, *, argument: str = "deal") -> Deal:
        """This deal, if it is a whole deal of ``players`` players: two hidden cards and a
        puzzle for every seat, the informants, and every card in play exactly once.

        Raises:
            InvalidInput: otherwise, naming what is wrong.

        Example:
            >>> Deal.random(4, seed=2).check(4).players
            4
        """
        players = check_players(players)
        expected = f"a Deal of {players} players with every card in play exactly once"
        if not isinstance(self.players, int) or self.players != players:
            raise InvalidInput(argument, self.players, expected, reason="wrong player count")
        if len(self.hands) != players or len(self.puzzles) != players:
            raise InvalidInput(
                argument, (len(self.hands), len(self.puzzles)), expected, reason="seats"
            )
        cards: list[int] = []
        for hand in self.hands:
            if isinstance(hand, str) or not isinstance(hand, Sequence) or len(hand) != 2:
                raise InvalidInput(argument, hand, expected, reason="a hand is two cards")
            cards += [card_index(c, players, argument=argument) for c in hand]
        for puzzle in self.puzzles:
            cards += puzzle_indices(puzzle, players, argument=argument)
        if isinstance(self.informants, str) or not isinstance(self.informants, Sequence):
            raise InvalidInput(argument, self.informants, expected, reason="informants")
        cards += [card_index(c, players, argument=argument) for c in self.informants]
        twice = sorted({CARDS[c].name for c in cards if cards.count(c) > 1})
        if twice:
            raise InvalidInput(argument, twice[0], expected, reason="a card twice")
        missing = [card.name for i, card in enumerate(cards_in_play(players)) if i not in cards]
        if missing:
            raise InvalidInput(argument, missing[0], expected, reason="a card missing")
        return self

    def cards_seen_by(self, witness: int, *, side: str | None = None) -> list[str]:
        """The cards a witness counts: own hidden cards (or the one on ``side`` with two
        players) and every puzzle but the witness's own."""
        witness = check_int("witness", witness, 0, self.players - 1)
        if side is None:
            hidden = list(self.hands[witness])
        elif side in SIDES:
            hidden = [self.hands[witness][SIDES.index(side)]]
        else:
            raise InvalidInput("side", side, [*SIDES, None])
        for seat, puzzle in enumerate(self.puzzles):
            if seat != witness:
                hidden += [puzzle.person, puzzle.location, puzzle.weapon]
        return hidden

    def answer(self, witness: int, about: str, *, side: str | None = None) -> int:
        """The answer witness ``witness`` gives about a colour, category or sub-kind."""
        known = attributes(self.players)
        about = resolve(about, list(known), argument="about", prefix=False)
        return self.answers(witness, side=side)[known.index(about)]

    def answers(self, witness: int, *, side: str | None = None) -> tuple[int, ...]:
        """The answers witness ``witness`` gives about every attribute, in the order of
        :func:`attributes` (kept: a drawn deal is asked again and again).

        Example:
            >>> deal = Deal.random(4, seed=1)
            >>> deal.answers(2)[attributes(4).index("red")] == deal.answer(2, "red")
            True
        """
        witness = check_int("witness", witness, 0, self.players - 1)
        if side is not None and side not in SIDES:
            raise InvalidInput("side", side, [*SIDES, None])
        return _answers(self, witness, side)


@lru_cache(maxsize=4096)
def _answers(deal: Deal, witness: int, side: str | None) -> tuple[int, ...]:
    """:meth:`Deal.answers`: the witness's cards counted by :func:`attribute_matrix`."""
    seen = [_BY_NAME[name.lower()] for name in deal.cards_seen_by(witness, side=side)]
    return tuple(int(v) for v in attribute_matrix(deal.players)[seen].sum(axis=0))
