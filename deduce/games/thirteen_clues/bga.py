"""A 13 Indizien set-up read from Board Game Arena: :func:`read_bga`.

When the game starts on Board Game Arena, the page holds what every seat sees as
``visible_cards_players``: an object with one entry per player (by their id), the
three cards of the puzzle in front of every other player, and my own two hidden cards
(see docs/thirteen_clues.md for the browser console step that copies it). It does not
say the seating, which the questions at the table need: :meth:`BgaDeal.seated` takes the
other players clockwise from my left (with two players there is only one).

Card names may be English or German (:data:`~deduce.games.thirteen_clues.GERMAN`), in
any case; a card may also be a plain string instead of ``{"name": ...}``.

Example:
    >>> deal = read_bga('{"85268622": [{"name": "Officer"}, {"name": "Sword"}, '
    ...                 '{"name": "Park"}], "88584546": [{"name": "Butcher"}, {"name": "Nurse"}]}')
    >>> deal.players, deal.me, deal.hand, deal.others
    (2, '88584546', ('Butcher', 'Nurse'), ('85268622',))
    >>> deal.seated()
    {'players': '2', 'hand': 'Butcher Nurse', 'seat_1': 'Officer Park Sword'}
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from deduce._internal.entry import guard
from deduce._internal.language import N_, M
from deduce._internal.validation import short
from deduce.errors import InvalidInput
from deduce.games.thirteen_clues.cards import (
    CARDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Puzzle,
    card_index,
    category_of,
    puzzle_of,
    shown_name,
)
from deduce.games.thirteen_clues.table import Table

__all__ = ["BgaDeal", "read_bga"]

LIMIT = 100_000
"""The longest document read (a real one is a few hundred characters)."""

_EXPECTED = M(
    "Board Game Arena's visible_cards_players: {shape}, three cards for every other player "
    "and my two",
    shape='{"id": [{"name": card}, ...], ...}',
)


@dataclass(frozen=True, slots=True)
class BgaDeal:
    """The set-up Board Game Arena showed: my id and hidden cards, and the puzzle in
    front of every other player by their id (``others``: their ids as the document
    lists them, which is not the seating).

    Example:
        >>> deal = BgaDeal("me", ("Butcher", "Nurse"), {"a": Puzzle("Duke", "Park", "Sword")})
        >>> deal.table().players
        2
    """

    me: str
    hand: tuple[str, str]
    puzzles: Mapping[str, Puzzle]

    @property
    def players(self) -> int:
        """How many play, me included."""
        return len(self.puzzles) + 1

    @property
    def others(self) -> tuple[str, ...]:
        """The other players' ids, as the document lists them."""
        return tuple(self.puzzles)

    def order(self, seats: Sequence[str] | str | None = None) -> tuple[str, ...]:
        """The other players' ids clockwise from my left (seat 1, 2, ...): ``seats`` checked
        (ids separated by spaces or commas in a string; None with two players).

        Raises:
            InvalidInput: not every other id once, or None with more than two players.
        """
        if isinstance(seats, str):
            seats = seats.replace(",", " ").split() or None  # blank: none given
        if seats is None and self.players == 2:
            return self.others
        expected = M("the ids {ids}, each once, clockwise from my left", ids=", ".join(self.others))
        if seats is None or isinstance(seats, (bytes, Mapping)) or not isinstance(seats, Sequence):
            raise InvalidInput(
                "seats",
                seats,
                expected,
                reason=N_("Board Game Arena's set-up does not say the seating"),
            )
        given = [str(s).strip() for s in seats]
        if sorted(given) != sorted(self.others):
            raise InvalidInput("seats", list(seats), expected)
        return tuple(given)

    def seated(self, seats: Sequence[str] | str | None = None) -> dict[str, str]:
        """The set-up's answers as ``deduce play`` takes them (``--set KEY=VALUE``), with
        the others seated clockwise from my left (see :meth:`order`)."""
        answers = {"players": str(self.players), "hand": " ".join(self.hand)}
        for seat, player in enumerate(self.order(seats), 1):
            puzzle = self.puzzles[player]
            answers[f"seat_{seat}"] = f"{puzzle.person} {puzzle.location} {puzzle.weapon}"
        return answers

    def table(self, seats: Sequence[str] | str | None = None, *, first: int = 0) -> Table:
        """My table at the start, the others seated clockwise from my left; my hand's
        first card is its left one (two players)."""
        order = self.order(seats)
        puzzles = {seat: self.puzzles[player] for seat, player in enumerate(order, 1)}
        return Table(self.players, list(self.hand), puzzles, first=first)


def read_bga(document: Any) -> BgaDeal:
    """The set-up in Board Game Arena's ``visible_cards_players`` (its JSON text, or the
    object already read).

    Raises:
        InvalidInput: not such a document: not JSON, not an object, 2 to 6 players, none
            or several with two cards, a card that is unknown, out of play at this many
            players or given twice, a puzzle that is not one person, one location and
            one weapon (each named with its player's id).
    """
    data = _parsed(document)
    if not isinstance(data, dict) or not data:
        raise InvalidInput("document", short(document), _EXPECTED)
    players = len(data)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidInput(
            "document",
            short(document),
            _EXPECTED,
            reason=M(
                "{players} players; the game is for {low} to {high}",
                players=players,
                low=MIN_PLAYERS,
                high=MAX_PLAYERS,
            ),
        )
    cards = {str(player): _cards(player, entry) for player, entry in data.items()}
    mine = [player for player, names in cards.items() if len(names) == 2]
    if len(mine) != 1:
        counts = ", ".join(f"{p}: {len(n)}" for p, n in cards.items())
        raise InvalidInput(
            "document",
            short(document),
            _EXPECTED,
            reason=M(
                "one player, me, has two cards and every other three ({counts})", counts=counts
            ),
        )
    wrong = [f"{p}: {len(n)}" for p, n in cards.items() if p not in mine and len(n) != 3]
    if wrong:
        raise InvalidInput(
            "document",
            short(document),
            _EXPECTED,
            reason=M("three cards each ({counts})", counts=", ".join(wrong)),
        )
    seen: dict[int, str] = {}
    indices: dict[str, list[int]] = {}
    for player, names in cards.items():
        indices[player] = []
        for name in names:
            try:
                index = card_index(name, players, argument=f"card of {player}")
            except InvalidInput as error:
                raise InvalidInput(
                    "document",
                    short(document),
                    _EXPECTED,
                    reason=M(
                        "{player}'s card {card} is no card in play at {players} players ({reason})",
                        player=player,
                        card=short(name),
                        players=players,
                        reason=error.reason or N_("unknown"),
                    ),
                ) from None
            if index in seen:
                raise InvalidInput(
                    "document",
                    short(document),
                    _EXPECTED,
                    reason=M(
                        "{card} is given twice ({first} and {second})",
                        card=shown_name(CARDS[index]),
                        first=seen[index],
                        second=player,
                    ),
                )
            seen[index] = player
            indices[player].append(index)
    puzzles = {}
    for player, found in indices.items():
        if player == mine[0]:
            continue
        if sorted(category_of(i) for i in found) != [0, 1, 2]:
            named = ", ".join(shown_name(CARDS[i]) for i in found)
            raise InvalidInput(
                "document",
                short(document),
                _EXPECTED,
                reason=M(
                    "{player}'s puzzle {cards} is not one person, one location and one weapon",
                    player=player,
                    cards=named,
                ),
            )
        puzzles[player] = puzzle_of(sorted(found, key=category_of))
    left, right = (CARDS[i].name for i in indices[mine[0]])
    return BgaDeal(mine[0], (left, right), puzzles)


def _parsed(document: Any) -> Any:
    """The JSON value of ``document`` (text or bytes; an object as it is)."""
    if isinstance(document, Mapping):
        return dict(document)
    if isinstance(document, bytes):
        try:
            document = document.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidInput(
                "document", short(document), _EXPECTED, reason=N_("not UTF-8")
            ) from None
    if not isinstance(document, str):
        raise InvalidInput("document", short(document), _EXPECTED)
    if len(document) > LIMIT:
        raise InvalidInput(
            "document",
            short(document),
            _EXPECTED,
            reason=M("over {limit} characters", limit=LIMIT),
        )
    try:
        return json.loads(document)
    except (ValueError, RecursionError) as error:
        raise InvalidInput(
            "document", short(document), _EXPECTED, reason=M("not JSON: {error}", error=str(error))
        ) from None


def _cards(player: Any, entry: Any) -> list[str]:
    """The card names of one player's entry: a list of ``{"name": ...}`` or names."""
    if not isinstance(entry, list):
        raise InvalidInput(
            "document",
            short(entry),
            _EXPECTED,
            reason=M("{player}'s cards are not a list", player=player),
        )
    names = []
    for card in entry:
        name = card.get("name") if isinstance(card, dict) else card
        if not isinstance(name, str) or not name.strip():
            raise InvalidInput(
                "document",
                short(card),
                _EXPECTED,
                reason=M("{player}'s card {card} has no name", player=player, card=short(card)),
            )
        names.append(name.strip())
    return names


guard(globals())
