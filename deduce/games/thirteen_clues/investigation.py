"""What I (seat 0) know about my own puzzle in 13 Indizien: the clues, their exact
posterior (counted by :class:`~deduce.games.thirteen_clues.deals.Deals`), and the moves
worth making.

Example:
    >>> inv = Investigation(3, ("Duke", "Park"), [("Officer", "Parlor", "Knife"),
    ...                                            ("Butcher", "Harbor", "Sword")])
    >>> inv = inv.question(asker=0, witness=1, about="red", answer=3)
    >>> inv.marginals()["weapon"]["Poison"] > 0.5
    True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar, Self

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.language import N_, M
from deduce._internal.names import fold, resolve
from deduce._internal.validation import check_int
from deduce.core.space import Space
from deduce.core.strategy import STRATEGIES, Partition, joint_partition
from deduce.errors import InvalidInput
from deduce.games.thirteen_clues.cards import (
    CARDS,
    CATEGORIES,
    SIDES,
    Deal,
    Puzzle,
    card_index,
    cards_in_play,
    check_players,
    informant_count,
    puzzle_indices,
    puzzle_of,
    shown_name,
    shown_word,
    side_number,
)
from deduce.games.thirteen_clues.clues import (
    VERDICTS,
    Accusation,
    Accused,
    Ask,
    Convicted,
    Informant,
    Peek,
    Question,
    accusation_move,
    truthful_clues,
)
from deduce.games.thirteen_clues.deals import Deals, Knowledge
from deduce.games.thirteen_clues.manifest import GAME
from deduce.investigation import Investigation as _Investigation
from deduce.investigation import Ranking, Recommendation

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = ["Investigation", "Place"]

IntArray = npt.NDArray[np.int64]
Place = str | int
"""Where a card can be: ``"mine"`` (my puzzle), a seat number (that player's hidden
cards), ``"informant"``, or ``"seen"`` (a card I can see: my hand or another's puzzle)."""


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

    game = GAME.name
    clue_types: ClassVar[tuple[type, ...]] = (Question, Informant, Accused)

    def shown_value(self, value: Any) -> str:
        """A card, by its name in the player's language (:func:`shown_name`).

        Example:
            >>> inv = Investigation(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")])
            >>> inv.shown_value("Duke")
            'Duke'
        """
        return shown_name(value) if isinstance(value, str) else str(value)

    def __init__(
        self,
        players: int,
        hand: Sequence[str],
        puzzles: Mapping[int, Any] | Sequence[Any],
    ) -> None:
        self.players = check_players(players)
        n = self.players
        if isinstance(hand, str) or not isinstance(hand, Sequence) or len(hand) != 2:
            raise InvalidInput("hand", hand, N_("my two hidden cards (left, right)"))
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
                "puzzles",
                shown_name(twice[0]),
                N_("every card at most once"),
                reason=N_("it appears twice"),
            )
        self.hand: tuple[str, str] = (CARDS[hand_index[0]].name, CARDS[hand_index[1]].name)
        self.puzzles: dict[int, Puzzle] = {
            s: puzzle_of(p) for s, p in zip(seats, puzzle_index, strict=True)
        }
        self._hand_index = hand_index
        self._puzzle_index = puzzle_index
        self._setup()
        self.begin()

    def _setup(self) -> None:
        self._deals = Deals(self.players, self._hand_index, self._puzzle_index)
        self._attributes = self._deals.attributes

    # -- named clues ---------------------------------------------------------------------

    def question(
        self,
        asker: int,
        witness: int,
        about: str,
        answer: int,
        side: str | None = None,
    ) -> Self:
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

    def informant(self, card: str) -> Self:
        """The investigation after the informant showed me ``card``."""
        return self.observe(Informant(CARDS[card_index(card, self.players)].name))

    def accused(self, person: str, location: str, weapon: str) -> Self:
        """The investigation after my wrong accusation of this puzzle."""
        p = puzzle_of(puzzle_indices((person, location, weapon), self.players, argument="accused"))
        return self.observe(Accused(p.person, p.location, p.weapon))

    def _attribute_name(self, about: Any) -> str:
        if type(about) is str and about in self._attributes:  # its own name: read at once
            return about
        return resolve(about, list(self._attributes), argument="about", prefix=False)

    def _side(self, side: Any) -> str | None:
        if self.players == 2:
            if isinstance(side, str) and fold(side) in SIDES:
                return fold(side)
            raise InvalidInput(
                "side",
                side,
                list(SIDES),
                reason=N_("with two players a question names one card"),
            )
        if side is not None:
            raise InvalidInput("side", side, N_("None (only the two-player game names a side)"))
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
        (labels, p), *_ = self.space.ranked(limit=1)
        return Accusation(Puzzle(*labels), p, self.space.size == 1)

    def other_moves(self, strategy: str, ranking: Ranking | None) -> list[Recommendation]:
        """The accusation, as the move before the questions when it is due.

        :meth:`recommend` ranks the questions (every witness x colour, category and
        sub-kind, x side with two players) and a look at the informant by ``strategy``
        as in :meth:`deduce.Investigation.recommend`. The accusation of the most
        probable puzzle comes first when it is certain, or when no other move can teach
        anything about my puzzle (less than 1e-9 bits): its action is an
        :class:`Accusation` (puzzle, exact probability, certain), its outcomes
        ``"right"`` and ``"wrong"`` with their probabilities. Otherwise it is not
        listed; :meth:`accusation` always gives it. A test ``among`` of
        ``recommend()`` sees the :class:`Accusation` too, when one is offered.

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
        accusation = self._accusation_move(strategy)
        if ranking is None or accusation.action.certain or bool((ranking.information < 1e-9).all()):
            return [accusation]
        return []

    def _accusation_move(self, strategy: str) -> Recommendation:
        """Accusing the most probable puzzle, as a move: right (the game is won) or wrong
        (that puzzle is ruled out)."""
        space = self.space
        extra = self.extra_strategies()
        # a search scores whole move lists; one accusation is scored by its bits then
        plain = strategy if strategy in (*STRATEGIES, *extra) else "entropy"
        return accusation_move(self.accusation(), space.size, float(space.total), plain, extra)

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
        space = self.space
        weights = space.weights.astype(np.int64)
        total = int(weights.sum())
        counts = self._deals.place_counts(space.ids, space.state, weights)
        n_cards = len(cards_in_play(self.players))
        result: dict[str, dict[Place, float]] = {}
        places: list[Place] = ["mine", *range(1, self.players), "informant"]
        for c in range(n_cards):
            name = CARDS[c].name
            if c in self._hand_index:
                result[name] = {0: 1.0}
            elif c in self._deals.seen:
                result[name] = {"seen": 1.0}
            else:
                result[name] = {
                    place: int(m) / total
                    for place, m in zip(places, counts[c], strict=True)
                    if m > 0
                }
        return result

    # -- hooks ---------------------------------------------------------------------------

    def setup(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "hand": list(self.hand),
            "puzzles": [[p.person, p.location, p.weapon] for p in self.puzzles.values()],
        }

    def constructor_repr(self) -> str:
        puzzles = {s: (p.person, p.location, p.weapon) for s, p in self.puzzles.items()}
        return f"Investigation({self.players}, {self.hand!r}, {puzzles!r})"

    def initial_space(self) -> Space:
        n = self.players
        labels = [
            tuple(card.name for card in cards_in_play(n) if card.category == category)
            for category in CATEGORIES
        ]
        ids = np.arange(len(self._deals.rows))
        knowledge = Knowledge()
        return Space(
            CATEGORIES,
            labels,
            self._deals.rows // 3,
            weights=self._deals.weights(ids, knowledge),
            state=knowledge,
        )

    def apply_clue(self, space: Space, clue: Any) -> Space:
        knowledge: Knowledge = space.state
        if isinstance(clue, Accused | Convicted):  # wrong: ruled out; right: my puzzle
            row = puzzle_indices(
                (clue.person, clue.location, clue.weapon), self.players, argument="accused"
            )
            named = (self._deals.rows[space.ids] == np.array(row)).all(axis=1)
            return space.filter(named if isinstance(clue, Convicted) else ~named)
        if isinstance(clue, Informant):
            if informant_count(self.players) == 0:
                raise InvalidInput(
                    "informant",
                    shown_name(clue.card),
                    N_("no informant card: 6 players play without one"),
                )
            card = card_index(clue.card, self.players, argument="informant")
            if card in self._deals.seen:
                raise InvalidInput(
                    "informant",
                    shown_name(clue.card),
                    [shown_name(CARDS[c]) for c in self._deals.unknown],
                    reason=N_("I can see that card elsewhere"),
                )
            if card in knowledge.informants:  # looking at it again changes nothing
                return space
            new = replace(knowledge, informants=knowledge.informants | {card})
            return space.replace(weights=self._deals.weights(space.ids, new), state=new)
        if isinstance(clue, Question):
            return self._apply_question(space, clue, knowledge)
        raise InvalidInput("clue", clue, "a Question, Informant or Accused")

    def _apply_question(self, space: Space, clue: Question, knowledge: Knowledge) -> Space:
        n = self.players
        asker = check_int("asker", clue.asker, 0, n - 1)
        witness = check_int("witness", clue.witness, 0, n - 1)
        if asker == witness:
            raise InvalidInput(
                "witness", witness, M("a seat other than the asker ({asker})", asker=asker)
            )
        attribute = self._attributes.index(self._attribute_name(clue.about))
        side = self._side(clue.side)
        side_index = side_number(side)
        hidden = 2 if n > 2 else 1
        answer = check_int("answer", clue.answer, 0, hidden + 3 * (n - 1))
        if witness == 0:  # I answered: everything I count is visible to me
            mine = self._hand_index if side is None else (self._hand_index[side_index],)
            puzzles = [c for p in self._puzzle_index for c in p]
            count = int(self._deals.attr[[*mine, *puzzles], attribute].sum())
            if count != answer:
                about = shown_word(self._attributes[attribute])
                raise InvalidInput(
                    "answer",
                    answer,
                    f"{count}",
                    reason=M("I see {count} {about} cards myself", count=count, about=about),
                )
            return space
        possible = self._deals.possible_answers(witness, attribute, side_index)
        if answer not in possible:
            low, high = min(possible), max(possible)
            expected = (
                M("a count from {low} to {high}", low=low, high=high)
                if len(possible) == high - low + 1
                else M("one of {choices}", choices=", ".join(map(str, possible)))
            )
            sees = M(
                "seat {witness} sees {low} to {high} {about} cards, whatever the deal",
                witness=witness,
                low=low,
                high=high,
                about=shown_word(self._attributes[attribute]),
            )
            raise InvalidInput("answer", answer, expected, reason=sees)
        target = answer - int(self._deals.known[witness, attribute])
        rule = (witness, attribute, side_index, target)
        if rule in knowledge.rules:  # asked and answered before: nothing new to count
            return space
        new = replace(knowledge, rules=(*knowledge.rules, rule))
        return space.replace(weights=self._deals.weights(space.ids, new), state=new)

    def solution_of(self, labels: tuple[Any, ...]) -> Puzzle:
        if len(labels) != 3:
            raise InvalidInput("labels", labels, "a row's labels: person, location, weapon")
        return Puzzle(*labels)

    def queries(self) -> Sequence[Ask | Peek]:
        sides: tuple[str | None, ...] = SIDES if self.players == 2 else (None,)
        queries: list[Ask | Peek] = [
            Ask(witness, about, side)
            for witness in range(1, self.players)
            for about in self._attributes
            for side in sides
        ]
        seen = len(self.space.state.informants)
        if seen < informant_count(self.players):
            queries.append(Peek())
        return queries

    def partition(self, space: Space, queries: Sequence[Any]) -> Partition:
        return joint_partition(self.joint(space, queries))

    def joint(self, space: Space, queries: Sequence[Any]) -> npt.NDArray[np.float64]:
        """``(queries, rows of space, answers)``: the deals of each puzzle and answer."""
        if not isinstance(space.state, Knowledge):
            raise InvalidInput("space", space, "a space of a 13 Indizien investigation")
        numbered: list[tuple[int, int, int] | None] = []
        for query in queries:
            if isinstance(query, Peek):
                numbered.append(None)
            elif isinstance(query, Ask):
                a = self._attributes.index(query.about)
                numbered.append((query.witness, a, side_number(query.side)))
            else:
                raise InvalidInput("query", query, "an Ask or a Peek")
        allowed = self._deals.allowed(space.ids, space.state)
        weights = space.weights.astype(np.int64)
        return self._deals.joint(space.ids, allowed, weights, numbered, space.state.informants)

    def outcome_label(self, query: object, k: int) -> str | int:
        if isinstance(query, Accusation):
            return VERDICTS[k]
        return CARDS[k].name if isinstance(query, Peek) else k

    def clue_for(self, query: Any, k: int) -> Question | Informant | Accused:
        if not isinstance(query, (Ask, Peek, Accusation)):
            raise InvalidInput("query", query, "an Ask, a Peek or an Accusation")
        if isinstance(query, Peek):
            return Informant(CARDS[k].name)
        if isinstance(query, Accusation):
            if VERDICTS[k] == "right":
                raise InvalidInput("k", k, "1 (wrong): a right accusation ends the game")
            p = query.puzzle
            return Accused(p.person, p.location, p.weapon)
        return Question(0, query.witness, query.about, k, query.side)

    def move_of(self, clue: object) -> tuple[Ask | Peek, int] | None:
        """My questions and my looks at the informant are my moves; the others' are not."""
        if isinstance(clue, Question) and clue.asker == 0 and clue.witness != 0:
            return Ask(clue.witness, clue.about, clue.side), clue.answer
        if isinstance(clue, Informant):
            return Peek(), next(k for k, card in enumerate(CARDS) if card.name == clue.card)
        return None

    def finishes(self, query: object, k: int) -> bool:
        return isinstance(query, Accusation) and VERDICTS[k] == "right"

    # -- deduce.testing: a secret is a whole Deal ----------------------------------------

    def secrets_strategy(self) -> SearchStrategy[Deal]:
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
        space = self.space
        return self._deals.sample(
            space.ids, space.weights, space.state, self.hand, rng or random.Random()
        )

    @classmethod
    def setups_strategy(cls) -> SearchStrategy[Investigation]:
        """My notebook at a table of 2 to 6 players, dealt at random."""
        from hypothesis import strategies as st

        def dealt(players: int, seed: int) -> Investigation:
            deal = Deal.random(players, seed=seed)
            return cls(players, deal.hands[0], list(deal.puzzles[1:]))

        return st.builds(dealt, st.integers(2, 6), st.integers(0, 2**32 - 1))

    def clue_strategy(self, secret: Deal) -> Any:
        wrong = [p for p in self.solutions() if p != secret.puzzles[0]]
        return truthful_clues(secret, wrong)

    def solution_for(self, secret: Any) -> Puzzle:
        """My puzzle in ``secret``, a whole deal of this table's players (see
        :meth:`deduce.Investigation.solution_for`).

        Example:
            >>> deal = Deal.random(3, seed=1)
            >>> inv = Investigation(3, deal.hands[0], list(deal.puzzles[1:]))
            >>> inv.solution_for(deal) == deal.puzzles[0]
            True
        """
        self._deal_players(secret)
        return puzzle_of(puzzle_indices(secret.puzzles[0], self.players, argument="secret"))

    def _deal_players(self, secret: Any) -> int:
        """The players of ``secret``, once it is a whole deal of this table's players."""
        if not isinstance(secret, Deal):
            raise InvalidInput("secret", secret, f"a Deal of {self.players} players")
        return secret.check(self.players, argument="secret").players

    def contains_secret(self, secret: Any) -> bool:
        n = self._deal_players(secret)
        hand = tuple(card_index(c, n) for c in secret.hands[0])
        puzzles = tuple(puzzle_indices(p, n) for p in secret.puzzles[1:])
        if hand != self._hand_index or puzzles != self._puzzle_index:
            return False  # a deal of another table
        row = puzzle_indices(secret.puzzles[0], self.players, argument="secret")
        hands = [(card_index(left, n), card_index(right, n)) for left, right in secret.hands[1:]]
        shown = {card_index(c, n) for c in secret.informants}
        space = self.space
        return self._deals.holds(space.ids, space.state, row, hands, shown)


guard(globals())
