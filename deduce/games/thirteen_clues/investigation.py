"""13 Indizien (13 Clues): my puzzle, exactly, from every question asked at the table.

I sit at seat 0. I see my own two hidden cards and the puzzle in front of every other
player; 13 cards are unknown to me: my own puzzle (one person, one location, one weapon),
the other players' hidden pairs and the informants. A row of the space is one puzzle of
mine; its weight is the exact number of deals of the 13 unknown cards that agree with
every clue, counted (never listed) by a dynamic program over the other players' pairs.
A deal is: my puzzle, each other player's pair of hidden cards (as a set; with two
players as a left and a right card, since the questions name one of them), and the set
of informant cards.

Example:
    >>> inv = Investigation(
    ...     3,
    ...     hand=("Duke", "Park"),
    ...     puzzles={1: ("Officer", "Parlor", "Knife"), 2: ("Butcher", "Harbor", "Sword")},
    ... )
    >>> len(inv.solutions())
    80
    >>> inv = inv.question(asker=0, witness=1, about="red", answer=3)
    >>> inv.marginals()["weapon"]["Poison"] > 0.5
    True
    >>> inv.recommend(top=1)[0].action
    Ask(witness=2, about='red', side=None)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import product
from typing import Any

import numpy as np
import numpy.typing as npt

from deduce._validation import check_int
from deduce.errors import InvalidInput
from deduce.games.thirteen_clues.cards import (
    CARDS,
    CATEGORIES,
    COLOURS,
    KINDS,
    SIDES,
    Card,
    Deal,
    Puzzle,
    attribute_matrix,
    attributes,
    card_index,
    cards_in_play,
    category_of,
    check_players,
    colours_in_play,
    informant_count,
    puzzle_indices,
    puzzle_of,
)
from deduce.games.thirteen_clues.counting import PAIRS, POOL, completions, holdings, incidence
from deduce.investigation import Investigation as _Investigation
from deduce.investigation import Recommendation
from deduce.space import Space
from deduce.strategy import Partition, information, joint_partition, scores

__all__ = [
    "CARDS",
    "CATEGORIES",
    "COLOURS",
    "KINDS",
    "Accusation",
    "Accused",
    "Ask",
    "Card",
    "Deal",
    "Informant",
    "Investigation",
    "Peek",
    "Puzzle",
    "Question",
    "attributes",
    "cards_in_play",
    "colours_in_play",
    "informant_count",
]

IntArray = npt.NDArray[np.int64]
_VERDICTS = ("right", "wrong")
"""The outcomes of an accusation, in order."""
Place = str | int
"""Where a card can be: ``"mine"`` (my puzzle), a seat number (that player's hidden
cards), ``"informant"``, or ``"seen"`` (a card I can see: my hand or another's puzzle)."""


# -- clues and queries -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Question:
    """The clue: at the table, ``asker`` asked ``witness`` how many cards of ``about``
    they see, and heard ``answer``.

    ``about`` is a colour, a category (person, location, weapon) or a sub-kind (man,
    woman, indoors, outdoors, melee, ranged). With two players, ``side`` names the hidden
    card the witness answers for (``"left"`` or ``"right"``).

    Example:
        >>> Question(0, 2, "red", 3)
        Question(asker=0, witness=2, about='red', answer=3, side=None)
    """

    asker: int
    witness: int
    about: str
    answer: int
    side: str | None = None

    def __str__(self) -> str:
        side = f" ({self.side} card)" if self.side else ""
        return f"seat {self.witness} sees {self.answer} {self.about}{side}, asked by {self.asker}"


@dataclass(frozen=True, slots=True)
class Informant:
    """The clue: I consulted the secret informant and saw ``card``.

    Example:
        >>> Informant("Rifle")
        Informant(card='Rifle')
    """

    card: str

    def __str__(self) -> str:
        return f"informant shows {self.card}"


@dataclass(frozen=True, slots=True)
class Accused:
    """The clue: I accused this puzzle and was wrong.

    Example:
        >>> Accused("Duke", "Park", "Gun")
        Accused(person='Duke', location='Park', weapon='Gun')
    """

    person: str
    location: str
    weapon: str

    def __str__(self) -> str:
        return f"wrong accusation {self.person}, {self.location}, {self.weapon}"


@dataclass(frozen=True, slots=True)
class Ask:
    """A move: ask ``witness`` how many cards of ``about`` they see (``side`` with two
    players). Its answer is the number.

    Example:
        >>> str(Ask(2, "woman"))
        'ask seat 2 about woman'
    """

    witness: int
    about: str
    side: str | None = None

    def __str__(self) -> str:
        side = f" ({self.side} card)" if self.side else ""
        return f"ask seat {self.witness} about {self.about}{side}"


@dataclass(frozen=True, slots=True)
class Peek:
    """A move: consult the secret informant (one card I have not seen yet). Its answer is
    the card's name.

    Example:
        >>> str(Peek())
        'consult the informant'
    """

    def __str__(self) -> str:
        return "consult the informant"


@dataclass(frozen=True, slots=True)
class Accusation:
    """The best accusation now: the most probable puzzle and its probability.

    Attributes:
        puzzle: the puzzle to accuse.
        probability: the exact probability that it is right.
        certain: whether it is the only puzzle left.

    Example:
        >>> Accusation(Puzzle("Duke", "Park", "Gun"), 1.0, True).certain
        True
    """

    puzzle: Puzzle
    probability: float
    certain: bool

    def __str__(self) -> str:
        how = "certain" if self.certain else f"probability {self.probability:.1%}"
        return f"accuse {self.puzzle} ({how})"


@dataclass(frozen=True, slots=True)
class _Knowledge:
    """What the clues say beyond my puzzle: per clue about another seat, that seat's
    hidden cards (the one on ``side``, or both when ``side`` is -1) hold ``target`` minus
    my puzzle's count of the attribute; and the cards seen among the informants."""

    rules: tuple[tuple[int, int, int, int], ...] = ()  # (seat, attribute, side, target)
    informants: frozenset[int] = frozenset()


# -- the investigation -------------------------------------------------------------------


class Investigation(_Investigation):
    """What I (seat 0) know about my puzzle in a game of 13 Indizien.

    Args:
        players: 2 to 6.
        hand: my two hidden cards (left, right).
        puzzles: the puzzle I see in front of each other seat: a mapping from seats
            ``1..players-1`` (or a sequence in seat order) to three card names (person,
            location, weapon, in any order) or a :class:`Puzzle`.

    Raises:
        InvalidInput: wrong player count, card names not in play, a card twice, a puzzle
            that is not one person, one location and one weapon.

    Example:
        >>> inv = Investigation(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")])
        >>> inv.question(0, 1, "man", 1, side="left").solved is None
        True
        >>> inv.accusation().probability
        0.0125
    """

    game = "thirteen-clues"
    clue_types = (Question, Informant, Accused)

    def __init__(
        self,
        players: int,
        hand: Sequence[str],
        puzzles: Mapping[int, Any] | Sequence[Any],
    ) -> None:
        self.players = check_players(players)
        n = self.players
        if isinstance(hand, str) or not isinstance(hand, Sequence) or len(hand) != 2:
            raise InvalidInput("hand", hand, "my two hidden cards (left, right)")
        hand_index = tuple(card_index(card, n, argument="hand") for card in hand)
        seats = list(range(1, n))
        if isinstance(puzzles, Mapping):
            keys = list(puzzles)
            if not all(type(s) is int for s in keys) or sorted(keys) != seats:
                raise InvalidInput("puzzles", dict(puzzles), f"a puzzle for each seat {seats}")
            listed = [puzzles[s] for s in seats]
        elif isinstance(puzzles, Sequence) and not isinstance(puzzles, str):
            if len(puzzles) != n - 1:
                raise InvalidInput("puzzles", puzzles, f"{n - 1} puzzles, for seats {seats}")
            listed = list(puzzles)
        else:
            raise InvalidInput("puzzles", puzzles, f"a puzzle for each seat {seats}")
        puzzle_index = tuple(
            puzzle_indices(p, n, argument=f"puzzles[{s}]")
            for s, p in zip(seats, listed, strict=True)
        )
        seen = [*hand_index, *(c for p in puzzle_index for c in p)]
        twice = sorted({CARDS[c].name for c in seen if seen.count(c) > 1})
        if twice:
            raise InvalidInput(
                "puzzles", twice[0], "every card at most once", reason="it appears twice"
            )
        self.hand: tuple[str, str] = (CARDS[hand_index[0]].name, CARDS[hand_index[1]].name)
        self.puzzles: dict[int, Puzzle] = {
            s: puzzle_of(p) for s, p in zip(seats, puzzle_index, strict=True)
        }
        self._hand_index = hand_index
        self._puzzle_index = puzzle_index
        self._setup()
        self._start()

    def _setup(self) -> None:
        n = self.players
        self._attr = attribute_matrix(n)
        self._attributes = attributes(n)
        self._seen = frozenset([*self._hand_index, *(c for p in self._puzzle_index for c in p)])
        unknown = [c for c in range(len(cards_in_play(n))) if c not in self._seen]
        self._unknown = tuple(unknown)
        by_category = [[c for c in unknown if category_of(c) == k] for k in range(3)]
        rows = np.array(list(product(*by_category)), dtype=np.int64).reshape(-1, 3)
        pool = np.array([[c for c in unknown if c not in row] for row in rows.tolist()])
        self._rows: IntArray = rows
        self._pool: IntArray = pool.reshape(len(rows), POOL).astype(np.int64)
        pair_positions = np.array(PAIRS, dtype=np.int64)
        self._pair_cards: IntArray = self._pool[:, pair_positions]  # (X, 45, 2)
        self._row_attr: IntArray = self._attr[rows].sum(axis=1)  # (X, A)
        pair_attr = self._attr[self._pair_cards]  # (X, 45, 2, A)
        self._pair_attr: IntArray = pair_attr
        # what witness W sees for sure: the puzzles of the other seats except W's own
        known = np.zeros((n, len(self._attributes)), dtype=np.int64)
        for witness in range(1, n):
            for seat, puzzle in enumerate(self._puzzle_index, start=1):
                if seat != witness:
                    known[witness] += self._attr[list(puzzle)].sum(axis=0)
        self._known: IntArray = known

    # -- named clues ---------------------------------------------------------------------

    def question(
        self,
        asker: int,
        witness: int,
        about: str,
        answer: int,
        side: str | None = None,
    ) -> Investigation:
        """The investigation after a question at the table and its answer.

        Args:
            asker: the seat that asked (0 is me).
            witness: the seat that answered.
            about: a colour in play, a category or a sub-kind.
            answer: the number the witness said.
            side: with two players, which hidden card (``"left"`` or ``"right"``).

        Raises:
            InvalidInput: bad seats, attribute, side or answer; an answer that no deal
                allows, given the cards I see.
            Contradiction: the answer cannot be true together with earlier clues.
        """
        clue = Question(asker, witness, self._attribute_name(about), answer, self._side(side))
        return self.observe(clue)

    def informant(self, card: str) -> Investigation:
        """The investigation after the informant showed me ``card``."""
        return self.observe(Informant(CARDS[card_index(card, self.players)].name))

    def accused(self, person: str, location: str, weapon: str) -> Investigation:
        """The investigation after my wrong accusation of this puzzle."""
        p = puzzle_of(puzzle_indices((person, location, weapon), self.players, argument="accused"))
        return self.observe(Accused(p.person, p.location, p.weapon))

    def _attribute_name(self, about: Any) -> str:
        if isinstance(about, str) and about.lower() in self._attributes:
            return about.lower()
        raise InvalidInput("about", about, list(self._attributes))

    def _side(self, side: Any) -> str | None:
        if self.players == 2:
            if isinstance(side, str) and side.lower() in SIDES:
                return side.lower()
            raise InvalidInput(
                "side", side, list(SIDES), reason="with two players a question names one card"
            )
        if side is not None:
            raise InvalidInput("side", side, "None (only the two-player game names a side)")
        return None

    # -- reading -------------------------------------------------------------------------

    def accusation(self) -> Accusation:
        """The most probable puzzle, its exact probability, and whether it is certain.

        Example:
            >>> inv = Investigation(3, ("Duke", "Park"), [("Officer", "Parlor", "Knife"),
            ...                                            ("Butcher", "Harbor", "Sword")])
            >>> inv.accusation().certain
            False
        """
        (labels, p), *_ = self._space.ranked(limit=1)
        return Accusation(Puzzle(*labels), p, self._space.size == 1)

    def recommend(
        self,
        top: int = 3,
        *,
        strategy: str | None = None,
        among: Callable[[Any], bool] | None = None,
    ) -> list[Recommendation]:
        """The ``top`` best next moves: questions, the informant, or the accusation.

        Questions (every witness x colour, category and sub-kind, x side with two players)
        and a look at the informant are ranked by ``strategy`` as in
        :meth:`deduce.Investigation.recommend`. The accusation of the most probable
        puzzle comes first when it is certain, or when no other move can teach anything
        about my puzzle (less than 1e-9 bits): its action is an :class:`Accusation`
        (puzzle, exact probability, certain), its outcomes ``"right"`` and ``"wrong"``
        with their probabilities. Otherwise it is not listed; :meth:`accusation` always
        gives it.

        Args:
            top: how many to return (at least 1).
            strategy: "entropy", "minimax", "expected_size" or "most_parts".
            among: only moves for which this is true (it sees the :class:`Accusation`
                too, when one is offered).

        Example:
            >>> inv = Investigation(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")])
            >>> inv.recommend(top=1)[0].action
            Ask(witness=1, about='red', side='left')
            >>> for p in inv.solutions()[1:]:
            ...     inv = inv.accused(p.person, p.location, p.weapon)
            >>> rec = inv.recommend(top=1)[0]
            >>> rec.action.certain, rec.outcomes
            (True, {'right': 1.0})
        """
        check_int("top", top, 1)
        strategy = self.check_strategy(self.default_strategy if strategy is None else strategy)
        accusation = self._accusation_move(strategy)
        offer = among is None or bool(among(accusation.action))
        if not any(among is None or among(q) for q in self.queries()):
            if offer:
                return [accusation]
            raise InvalidInput("among", among, "a test that some move passes")
        moves = super().recommend(top=len(self.queries()), strategy=strategy, among=among)
        if offer and (accusation.action.certain or all(m.information < 1e-9 for m in moves)):
            moves = [accusation, *moves]
        return moves[:top]

    def best(
        self, strategy: str | None = None, *, among: Callable[[Any], bool] | None = None
    ) -> Any:
        """The single best next move (see :meth:`recommend`): a question, the informant,
        or an :class:`Accusation`."""
        return self.recommend(top=1, strategy=strategy, among=among)[0].action

    def _accusation_move(self, strategy: str) -> Recommendation:
        """Accusing the most probable puzzle, as a move: right (the game is won) or wrong
        (that puzzle is ruled out)."""
        accusation = self.accusation()
        total = float(self._space.total)
        right = accusation.probability * total
        part = Partition(
            mass=np.array([[right, total - right]]),
            count=np.array([[1, self._space.size - 1]], dtype=np.int64),
            cond_entropy=np.zeros(1),
        )
        right_wrong = (accusation.probability, 1.0 - accusation.probability)
        outcomes = dict(zip(_VERDICTS, right_wrong, strict=True))
        return Recommendation(
            action=accusation,
            information=float(information(part)[0]),
            outcomes={k: p for k, p in outcomes.items() if p > 0},
            worst_case=int(part.count[0][part.mass[0] > 0].max()),
            strategy=strategy,
            score=float(scores(part, strategy, self._extra_strategies())[0]),
        )

    def card_locations(self) -> dict[str, dict[Place, float]]:
        """Every card in play -> the exact probability of each place it can be.

        Places: ``"mine"`` (my puzzle), a seat number (that player's hidden cards; 0 is my
        own hand), ``"informant"``; the cards in other players' puzzles are ``"seen"``.
        Only places with a probability above 0 are listed.

        Example:
            >>> inv = Investigation(3, ("Duke", "Park"), [("Officer", "Parlor", "Knife"),
            ...                                            ("Butcher", "Harbor", "Sword")])
            >>> inv.card_locations()["Duke"], inv.card_locations()["Officer"]
            ({0: 1.0}, {'seen': 1.0})
            >>> sum(inv.card_locations()["Maid"].values())
            1.0
        """
        space = self._space
        ids = space.ids
        mult = self._mult(self._allowed(ids, space.state))
        held = holdings(mult)  # (X, seats, 45)
        weights = space.weights.astype(np.int64)
        total = int(weights.sum())
        n_cards = len(cards_in_play(self.players))
        counts = np.zeros((n_cards, self.players + 1), dtype=np.int64)  # mine, seats.., inf
        pool = self._pool[ids]
        rows = self._rows[ids]
        np.add.at(counts[:, 0], rows.ravel(), np.repeat(weights, 3))
        per_seat = held @ incidence()  # (X, seats, 10)
        for seat in range(1, self.players):
            np.add.at(counts[:, seat], pool.ravel(), per_seat[:, seat - 1].ravel())
        at_seats = per_seat.sum(axis=1)
        np.add.at(counts[:, self.players], pool.ravel(), (weights[:, None] - at_seats).ravel())
        result: dict[str, dict[Place, float]] = {}
        places: list[Place] = ["mine", *range(1, self.players), "informant"]
        for c in range(n_cards):
            name = CARDS[c].name
            if c in self._hand_index:
                result[name] = {0: 1.0}
            elif c in self._seen:
                result[name] = {"seen": 1.0}
            else:
                result[name] = {
                    place: int(m) / total
                    for place, m in zip(places, counts[c], strict=True)
                    if m > 0
                }
        return result

    # -- counting ------------------------------------------------------------------------

    def _allowed(self, ids: IntArray, knowledge: _Knowledge) -> npt.NDArray[np.bool_]:
        """``(X, seats, 45, 2)``: may a seat hold a pair, as (lower, higher) card for
        orientation 0 and the other way round for orientation 1 (left, right)."""
        pair_cards = self._pair_cards[ids]
        allowed = np.ones((len(ids), self.players - 1, len(PAIRS), 2), dtype=bool)
        if knowledge.informants:
            informant = np.zeros(len(CARDS), dtype=bool)
            informant[list(knowledge.informants)] = True
            blocked = np.asarray(informant[pair_cards].any(axis=2))
            allowed &= ~blocked[:, None, :, None]
        for seat, attribute, side, target in knowledge.rules:
            need = target - self._row_attr[ids, attribute]  # (X,)
            cards = self._pair_attr[ids, :, :, attribute]  # (X, 45, 2)
            if side < 0:
                count = cards.sum(axis=2, keepdims=True)
            else:
                count = cards if side == 0 else cards[:, :, ::-1]
            allowed[:, seat - 1] &= count == need[:, None, None]
        return allowed

    def _mult(self, allowed: npt.NDArray[np.bool_]) -> IntArray:
        mult: IntArray = (allowed.sum(axis=3) if self.players == 2 else allowed[..., 0]).astype(
            np.int64
        )
        return mult

    def _weights(self, ids: IntArray, knowledge: _Knowledge) -> IntArray:
        weights: IntArray = completions(self._mult(self._allowed(ids, knowledge)))
        if knowledge.informants:
            inside = np.isin(self._rows[ids], list(knowledge.informants)).any(axis=1)
            weights[inside] = 0
        return weights

    # -- hooks ---------------------------------------------------------------------------

    def setup(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "hand": list(self.hand),
            "puzzles": [[p.person, p.location, p.weapon] for p in self.puzzles.values()],
        }

    def _constructor_repr(self) -> str:
        puzzles = {s: (p.person, p.location, p.weapon) for s, p in self.puzzles.items()}
        return f"Investigation({self.players}, {self.hand!r}, {puzzles!r})"

    def initial_space(self) -> Space:
        n = self.players
        labels = [
            tuple(card.name for card in cards_in_play(n) if card.category == category)
            for category in CATEGORIES
        ]
        ids = np.arange(len(self._rows))
        knowledge = _Knowledge()
        return Space(
            CATEGORIES,
            labels,
            self._rows // 3,
            weights=self._weights(ids, knowledge),
            state=knowledge,
        )

    def apply_clue(self, space: Space, clue: Any) -> Space:
        knowledge: _Knowledge = space.state
        if isinstance(clue, Accused):
            row = puzzle_indices(
                (clue.person, clue.location, clue.weapon), self.players, argument="accused"
            )
            wrong = (self._rows[space.ids] == np.array(row)).all(axis=1)
            return space.filter(~wrong)
        if isinstance(clue, Informant):
            if informant_count(self.players) == 0:
                raise InvalidInput(
                    "informant", clue.card, "no informant card: 6 players play without one"
                )
            card = card_index(clue.card, self.players, argument="informant")
            if card in self._seen:
                raise InvalidInput(
                    "informant",
                    clue.card,
                    [CARDS[c].name for c in self._unknown],
                    reason="I can see that card elsewhere",
                )
            if card in knowledge.informants:  # the same card cannot lie there twice
                return space.replace(weights=np.zeros(space.size, dtype=np.int64))
            new = replace(knowledge, informants=knowledge.informants | {card})
            return space.replace(weights=self._weights(space.ids, new), state=new)
        if isinstance(clue, Question):
            return self._apply_question(space, clue, knowledge)
        raise InvalidInput("clue", clue, "a Question, Informant or Accused")

    def _apply_question(self, space: Space, clue: Question, knowledge: _Knowledge) -> Space:
        n = self.players
        asker = check_int("asker", clue.asker, 0, n - 1)
        witness = check_int("witness", clue.witness, 0, n - 1)
        if asker == witness:
            raise InvalidInput("witness", witness, f"a seat other than the asker ({asker})")
        attribute = self._attributes.index(self._attribute_name(clue.about))
        side = self._side(clue.side)
        side_number = -1 if side is None else SIDES.index(side)
        hidden = 2 if n > 2 else 1
        answer = check_int("answer", clue.answer, 0, hidden + 3 * (n - 1))
        if witness == 0:  # I answered: everything I count is visible to me
            mine = self._hand_index if side is None else (self._hand_index[side_number],)
            puzzles = [c for p in self._puzzle_index for c in p]
            if int(self._attr[[*mine, *puzzles], attribute].sum()) != answer:
                return space.replace(weights=np.zeros(space.size, dtype=np.int64))
            return space
        target = answer - int(self._known[witness, attribute])
        new = replace(
            knowledge, rules=(*knowledge.rules, (witness, attribute, side_number, target))
        )
        return space.replace(weights=self._weights(space.ids, new), state=new)

    def solution_of(self, labels: tuple[Any, ...]) -> Puzzle:
        return Puzzle(*labels)

    def queries(self) -> Sequence[Ask | Peek]:
        sides: tuple[str | None, ...] = SIDES if self.players == 2 else (None,)
        queries: list[Ask | Peek] = [
            Ask(witness, about, side)
            for witness in range(1, self.players)
            for about in self._attributes
            for side in sides
        ]
        seen = len(self._space.state.informants)
        if seen < informant_count(self.players):
            queries.append(Peek())
        return queries

    def partition(self, space: Space, queries: Sequence[Any]) -> Partition:
        ids = space.ids
        knowledge: _Knowledge = space.state
        allowed = self._allowed(ids, knowledge)
        mult = self._mult(allowed)
        held = holdings(mult)  # (X, seats, 45)
        weights = space.weights.astype(np.int64)
        x = len(ids)
        row_attr = self._row_attr[ids]
        pair_attr = self._pair_attr[ids]  # (X, 45, 2, A)
        width = 2 + 3 * self.players
        peek_width = len(CARDS) if any(isinstance(q, Peek) for q in queries) else 0
        joint = np.zeros((len(queries), x, max(width, peek_width)), dtype=np.float64)
        cache: dict[tuple[int, str | None], npt.NDArray[np.float64]] = {}
        for q, query in enumerate(queries):
            if isinstance(query, Peek):
                joint[q, :, : len(CARDS)] = self._peek_joint(ids, knowledge, held, weights)
                continue
            if not isinstance(query, Ask):
                raise InvalidInput("query", query, "an Ask or a Peek")
            key = (query.witness, query.side)
            if key not in cache:
                cache[key] = self._ask_counts(query, allowed, held, pair_attr)
            by_count = cache[key]  # (X, A, 3): deals by the witness's hidden count
            a = self._attributes.index(query.about)
            shift = row_attr[:, a] + int(self._known[query.witness, a])
            for c in range(3):
                joint[q, np.arange(x), shift + c] += by_count[:, a, c]
        return joint_partition(joint)

    def _ask_counts(
        self,
        query: Ask,
        allowed: npt.NDArray[np.bool_],
        held: IntArray,
        pair_attr: IntArray,
    ) -> npt.NDArray[np.float64]:
        """``(X, A, 3)``: deals in which the witness's counted hidden cards hold 0, 1, 2
        cards of each attribute."""
        seat = query.witness - 1
        result = np.zeros((*pair_attr.shape[:1], pair_attr.shape[3], 3), dtype=np.float64)
        if query.side is None:
            count = pair_attr.sum(axis=2)  # (X, 45, A)
            ways = held[:, seat].astype(np.float64)  # (X, 45)
            for c in range(3):
                result[:, :, c] = np.einsum("xp,xpa->xa", ways, (count == c).astype(np.float64))
            return result
        # two players: nobody else holds hidden cards; each orientation counts once
        side = SIDES.index(query.side)
        oriented = allowed[:, seat].astype(np.float64)  # (X, 45, 2)
        card = pair_attr if side == 0 else pair_attr[:, :, ::-1]  # (X, 45, 2, A)
        for c in range(2):
            result[:, :, c] = np.einsum("xpo,xpoa->xa", oriented, (card == c).astype(np.float64))
        return result

    def _peek_joint(
        self, ids: IntArray, knowledge: _Knowledge, held: IntArray, weights: IntArray
    ) -> npt.NDArray[np.float64]:
        """``(X, 30)``: deals (divided by the informant cards I have not seen) in which
        the informant shows each card."""
        per_card = weights[:, None] - (held @ incidence()).sum(axis=1)  # (X, 10): informant
        pool = self._pool[ids]
        fresh = ~np.isin(pool, list(knowledge.informants))
        unseen = informant_count(self.players) - len(knowledge.informants)
        result = np.zeros((len(ids), len(CARDS)), dtype=np.float64)
        rows = np.repeat(np.arange(len(ids)), POOL)
        np.add.at(result, (rows, pool.ravel()), (per_card * fresh).ravel() / unseen)
        return result

    def outcome_label(self, query: Any, k: int) -> Any:
        if isinstance(query, Accusation):
            return _VERDICTS[k]
        return CARDS[k].name if isinstance(query, Peek) else k

    def clue_for(self, query: Any, k: int) -> Question | Informant | Accused:
        if isinstance(query, Peek):
            return Informant(CARDS[k].name)
        if isinstance(query, Accusation):
            if _VERDICTS[k] == "right":
                raise InvalidInput("k", k, "1 (wrong): a right accusation ends the game")
            p = query.puzzle
            return Accused(p.person, p.location, p.weapon)
        return Question(0, query.witness, query.about, k, query.side)

    def finishes(self, query: Any, k: int) -> bool:
        return isinstance(query, Accusation) and _VERDICTS[k] == "right"

    # -- deduce.testing: a secret is a whole Deal ----------------------------------------

    def secrets_strategy(self) -> Any:
        from hypothesis import strategies as st

        return st.randoms(use_true_random=False).map(self.sample_deal)

    def sample_deal(self, rng: random.Random | None = None) -> Deal:
        """A whole deal drawn uniformly from every deal that agrees with all clues.

        Draws my puzzle by its weight, then each seat's hidden pair by the number of
        deals that remain with it, so every consistent deal is equally likely.

        Example:
            >>> inv = Investigation(3, ("Duke", "Park"), [("Officer", "Parlor", "Knife"),
            ...                                            ("Butcher", "Harbor", "Sword")])
            >>> deal = inv.question(0, 1, "red", 3).sample_deal(random.Random(0))
            >>> deal.answer(1, "red"), deal.hands[0]
            (3, ('Duke', 'Park'))
        """
        rng = rng or random.Random()
        space = self._space
        cumulative = np.cumsum(space.weights.astype(np.int64))
        position = int(np.searchsorted(cumulative, rng.randrange(int(cumulative[-1])), "right"))
        row = int(space.ids[position])
        allowed = self._allowed(space.ids[position : position + 1], space.state)
        mult = self._mult(allowed)[0]  # (seats, 45)
        inside = incidence().astype(bool)  # (45, 10)
        clash = (inside[:, None, :] & inside[None, :, :]).any(axis=2)  # pairs that meet
        used = np.zeros(len(PAIRS), dtype=bool)  # pairs meeting a card already placed
        pool = self._pool[row].tolist()
        hands: list[tuple[str, str]] = [self.hand]
        taken: list[int] = []
        for seat in range(self.players - 1):
            blocked = clash | used[None, :]  # (candidate pair, pair) cannot both be held
            rest = np.where(blocked[:, None, :], 0, mult[None, seat + 1 :])
            ways = completions(rest) * mult[seat] * ~used  # deals with each candidate
            pick = rng.randrange(int(ways.sum()))
            pair = int(np.searchsorted(np.cumsum(ways), pick, "right"))
            a, b = PAIRS[pair]
            if self.players == 2:
                flip = rng.choice([o for o in (0, 1) if allowed[0, seat, pair, o]])
            else:
                flip = rng.randrange(2)  # a hand is a set: show it in either order
            left, right = (pool[b], pool[a]) if flip else (pool[a], pool[b])
            hands.append((CARDS[left].name, CARDS[right].name))
            taken += [pool[a], pool[b]]
            used |= clash[pair]
        informants = [CARDS[c].name for c in pool if c not in taken]
        rng.shuffle(informants)
        return Deal(
            self.players,
            tuple(hands),
            (puzzle_of(self._rows[row]), *self.puzzles.values()),
            tuple(informants),
        )

    def clue_strategy(self, secret: Deal) -> Any:
        from hypothesis import strategies as st

        n = self.players
        sides: tuple[str | None, ...] = SIDES if n == 2 else (None,)

        def ask(args: tuple[int, int, str, str | None]) -> Question:
            asker, witness, about, side = args
            asker = (witness + 1 + asker % (n - 1)) % n  # any seat but the witness
            return Question(asker, witness, about, secret.answer(witness, about, side=side), side)

        options: list[st.SearchStrategy[Question | Informant | Accused]] = [
            st.tuples(
                st.integers(0, n - 2),
                st.integers(0, n - 1),
                st.sampled_from(self._attributes),
                st.sampled_from(sides),
            ).map(ask)
        ]
        seen = {CARDS[c].name for c in self._space.state.informants}
        fresh = [card for card in secret.informants if card not in seen]
        if fresh:
            options.append(st.sampled_from(fresh).map(lambda card: Informant(card)))
        truth = secret.puzzles[0]
        wrong = [p for p in self.solutions() if p != truth]
        if wrong:
            options.append(
                st.sampled_from(wrong).map(lambda p: Accused(p.person, p.location, p.weapon))
            )
        return st.one_of(options)

    def contains_secret(self, secret: Any) -> bool:
        if not isinstance(secret, Deal):
            raise InvalidInput("secret", secret, f"a Deal of {self.players} players")
        n = secret.check(self.players, argument="secret").players
        hand = tuple(card_index(c, n) for c in secret.hands[0])
        puzzles = tuple(puzzle_indices(p, n) for p in secret.puzzles[1:])
        if hand != self._hand_index or puzzles != self._puzzle_index:
            return False  # a deal of another table
        row = puzzle_indices(secret.puzzles[0], self.players, argument="secret")
        where = np.flatnonzero((self._rows[self._space.ids] == np.array(row)).all(axis=1))
        if len(where) == 0:
            return False
        position = int(where[0])
        allowed = self._allowed(self._space.ids[position : position + 1], self._space.state)[0]
        pool = self._pool[self._space.ids[position]].tolist()
        informants = self._space.state.informants
        for seat in range(1, self.players):
            left, right = (card_index(c, self.players) for c in secret.hands[seat])
            a, b = pool.index(left), pool.index(right)
            pair = PAIRS.index((min(a, b), max(a, b)))
            if not allowed[seat - 1, pair, 0 if a < b else 1]:
                return False
        shown = {card_index(c, self.players) for c in secret.informants}
        return bool(informants <= shown)
