"""A whole game of Black Stories Investigation, as one player (seat 0) sees it.

:class:`Table` takes every move in turn order and keeps the *joint* posterior over all
opponents' cases (they are all different cards), counting every 4-evidence card in
view. The rules that move it are in :mod:`deduce.games.bsi.state`, the advice in
:mod:`deduce.games.bsi.advice`.

Example:
    >>> t = Table(2, case="man/day/inside/knife", hand=["woman/knife", "man/gun", "day/gun"])
    >>> t.step, len(t.case_probabilities(1))
    ('lay', 15)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.validation import check_int
from deduce.core.space import Space
from deduce.errors import InvalidInput
from deduce.games.bsi import advice, truthful
from deduce.games.bsi.cards import (
    CASES,
    FIELD_OF,
    FIELDS,
    Card,
    Case,
    check_box,
    field_index,
)
from deduce.games.bsi.clues import (
    Cases,
    Draw,
    Lay,
    Play,
    Reshuffle,
    Solve,
    check_seat,
)
from deduce.games.bsi.investigation import field_label
from deduce.games.bsi.manifest import GAME
from deduce.games.bsi.state import initial_state, step
from deduce.games.bsi.table_advice import TableAdvice

__all__ = ["Table"]


class Table(TableAdvice):
    """One player's view of a whole game (2 to 4 players); I am seat 0.

    Seats go clockwise 0, 1, ..., players - 1. Report every move as it happens, in turn
    order: :meth:`played` (the card laid by whoever's turn it is), :meth:`attempt` (if
    they try to solve), :meth:`drew` (ends the turn).

    Reshuffles: the rulebook says "Has the draw pile run out of cards? Then shuffle the
    discard pile" in the step where a card is drawn. By itself the table reads it as:
    the discard pile is shuffled when a card must be taken from the empty draw pile (a
    draw, or a new case after a solve). If your table shuffles as soon as the last card
    is taken, report it then with :meth:`reshuffled`. The two readings differ in which
    cards the new draw pile holds (cards discarded in between join it or not), and so in
    which hidden cases are possible and in the exact probabilities.

    A solution is :class:`Cases`: the opponents' cases, seat 1 first. Probabilities are
    exact: uniform over every way the hidden cards can lie that fits what I have seen.

    Args:
        players: 2 to 4.
        case: my own case (a 4-evidence card).
        hand: my 3 starting cards.
        first: the seat that starts.
        names: optional names for the seats (mine first), used in displays.
        small_cards: the 12 cards of 2 and 3 pieces in your box (see
            :func:`~deduce.games.bsi.cards.load_box` for a box file): a card of 2 or 3
            pieces that is not one of them is then refused. By default any such card is
            taken (their printed pieces do not change what the cases can be).

    Example (Emil is seat 0, Eva seat 1):
        >>> t = Table(2, case="man/night/inside/gun", hand=["woman/night/outside/gun",
        ...           "woman/knife", "man/day"])
        >>> t = t.played("woman/night/outside/gun", 1, "0/1").drew("man/night")
        >>> t = t.played("man/inside", 0, 2).drew()
        >>> t = t.played("woman/knife", 1, 2)
        >>> t.case_probabilities(1)
        {Case('woman', 'day', 'inside', 'knife'): 1.0}
        >>> t.attempt_value(1, 3)
        7.0
        >>> t.attempt(1, "woman/day/inside/knife", 3, correct=True).scores()
        {0: 7, 1: 0}
    """

    game = GAME.name
    clue_types = (Lay, Solve, Draw, Reshuffle)
    value_types = (Card, Case)

    def __init__(
        self,
        players: int,
        *,
        case: Case | Card | str,
        hand: Sequence[Card | str],
        first: int = 0,
        names: Sequence[str] | None = None,
        small_cards: Sequence[Card | str] | None = None,
    ) -> None:
        self.players = check_int("players", players, 2, 4)
        self.small_cards = None if small_cards is None else check_box(small_cards)
        self.case = Case.parse(case)
        if isinstance(hand, (str, Card)) or not isinstance(hand, Sequence) or len(hand) != 3:
            shown = (
                [str(c) for c in hand]
                if isinstance(hand, Sequence) and not isinstance(hand, str)
                else hand
            )
            raise InvalidInput("hand", shown, "3 cards")
        self.start_hand = tuple(Card.parse(c) for c in hand)
        shown = [str(c) for c in self.start_hand]
        if self.case.card in self.start_hand:
            reason = f"{self.case} is your case"
            raise InvalidInput("hand", shown, "3 cards other than your case", reason=reason)
        if len(set(self.start_hand)) != 3:
            reason = "each card exists once"
            raise InvalidInput("hand", shown, "3 different cards", reason=reason)
        outside = [str(c) for c in self.start_hand if not self.in_box(c)]
        if outside:
            reason = f"{outside[0]} is not one of the 12 small cards of your box"
            raise InvalidInput("hand", shown, "3 cards of your box", reason=reason)
        self.first = check_seat(first, players, "first")
        if names is not None:
            if (
                isinstance(names, str)
                or not isinstance(names, Sequence)
                or len(names) != players
                or len(set(map(str, names))) != players
            ):
                raise InvalidInput("names", names, f"{players} different names")
            names = tuple(str(n) for n in names)
        self.names = names
        self.begin()

    def in_box(self, card: Card) -> bool:
        """Whether ``card`` can be at the table: any case card, and any card of 2 or 3
        pieces unless the box's small cards were given (then one of them)."""
        return card.case is not None or self.small_cards is None or card in self.small_cards

    # -- moves -------------------------------------------------------------------------

    def played(self, card: Card | str, target: int, field: str | int) -> Table:
        """The table after the current player laid ``card`` at ``target``'s grid, ``field``.

        Raises:
            InvalidInput: not the current player's move, a card not in my hand (when I
                play), a field the card cannot reach, or a wrong field at my own grid.
            Contradiction: the field cannot be true with earlier moves (it names them).
        """
        parsed = Card.parse(card)
        return self.observe(Lay(parsed, target, field_label(field, parsed)))

    def attempt(
        self,
        target: int,
        case: Case | Card | str,
        drops: int,
        *,
        correct: bool | None = None,
        revealed: Iterable[Card | str] = (),
        new_case: Case | Card | str | None = None,
    ) -> Table:
        """The table after the current player tried to solve ``target``'s case.

        Args:
            target: whose case.
            case: the case named.
            drops: the blood drops on the investigation card used.
            correct: whether it was right (found by itself when ``target`` is me).
            revealed: when right, the 2- and 3-piece cards the target turned up while
                drawing a new case.
            new_case: when right and ``target`` is me, my new case.

        Raises:
            InvalidInput: not the current player's move (a card is laid first, one attempt
                per turn), an investigation card they no longer have, ``correct`` missing
                or wrong about my own case, a case card among ``revealed``.
            Contradiction: a correct attempt naming a case the earlier moves rule out.
        """
        state = self.state
        target = check_seat(target, state.players, "target")
        named = Case.parse(case)
        if target == 0:
            truth = named.index == state.my_case
            if correct is not None and correct != truth:
                raise InvalidInput(
                    "correct", correct, [truth], reason=f"your case is {CASES[state.my_case]}"
                )
            correct = truth
        if not isinstance(correct, bool):
            raise InvalidInput("correct", correct, [True, False], reason="the target says")
        if isinstance(revealed, (str, Card)):
            raise InvalidInput("revealed", revealed, "a list of cards")
        shown = tuple(Card.parse(c) for c in revealed)
        fresh = None if new_case is None else Case.parse(new_case)
        return self.observe(Solve(target, named, drops, correct, shown, fresh))

    def drew(self, card: Card | str | None = None) -> Table:
        """The table after the current player drew (``card`` when it is me); next turn.

        When both the draw pile and the discard pile are empty, nobody draws: call it
        without a card.

        Raises:
            InvalidInput: no card laid yet this turn, my card missing, or a case card that
                cannot be in the draw pile.
        """
        return self.observe(Draw(None if card is None else Card.parse(card)))

    def reshuffled(self) -> Table:
        """The table after the discard pile was shuffled into a new draw pile, at once,
        while the draw pile is empty and before anyone needs a card from it.

        Report it only if your table reshuffles as soon as the last card is taken: when
        a card is needed from the empty draw pile, the table reshuffles by itself. Cards
        discarded later (a solved case, its grid) then stay on the discard pile instead of
        joining the new draw pile, which changes which cases are still possible.

        Raises:
            InvalidInput: the draw pile is not empty, or there is no discard pile.

        Example:
            >>> t = Table(2, case="man/day/inside/knife", hand=["man/gun", "day/gun", "night/gun"])
            >>> t.pile
            20
            >>> t.reshuffled()
            Traceback (most recent call last):
            ...
            deduce.errors.InvalidInput: move='reshuffle' is not valid (20 cards are left in
            the draw pile); expected a reshuffle once the draw pile is empty
        """
        return self.observe(Reshuffle())

    # -- hooks -------------------------------------------------------------------------

    def setup(self) -> dict[str, Any]:
        config: dict[str, Any] = {
            "players": self.players,
            "case": str(self.case),
            "hand": [str(c) for c in self.start_hand],
            "first": self.first,
        }
        if self.names is not None:
            config["names"] = list(self.names)
        if self.small_cards is not None:
            config["small_cards"] = [str(c) for c in self.small_cards]
        return config

    def constructor_repr(self) -> str:
        args = [f"{self.players}", f"case={str(self.case)!r}"]
        args.append(f"hand={[str(c) for c in self.start_hand]!r}")
        if self.first:
            args.append(f"first={self.first}")
        if self.names is not None:
            args.append(f"names={list(self.names)!r}")
        if self.small_cards is not None:
            args.append(f"small_cards={[str(c) for c in self.small_cards]!r}")
        return f"Table({', '.join(args)})"

    def initial_space(self) -> Space:
        return self.space_of(initial_state(self.players, self.first, self.case, self.start_hand))

    def apply_clue(self, space: Space, clue: Any) -> Space:
        cards = [getattr(clue, "card", None), *getattr(clue, "revealed", ())]
        for card in cards:
            if isinstance(card, Card) and not self.in_box(card):
                raise InvalidInput(
                    "card",
                    str(card),
                    "a card of your box",
                    reason="not one of the 12 small cards of your box",
                )
        return self.space_of(step(space.state, clue))

    def solution_of(self, labels: tuple[Any, ...]) -> Cases:
        return Cases(tuple(labels))

    def queries(self) -> Sequence[Play]:
        state = advice.ready(self, "lay", "advice on the card to lay")  # so my hand holds a card
        hand = list(dict.fromkeys(state.hand))
        return [Play(card, seat) for card in hand for seat in self.opponents]

    def outcome_table(self, space: Space, queries: Sequence[Play]) -> npt.NDArray[Any]:
        if not all(isinstance(q, Play) for q in queries):
            raise InvalidInput("queries", queries, "a list of plays (Play)")
        rows = np.array([q.card.index for q in queries], dtype=np.int64)
        columns = np.array([q.target - 1 for q in queries], dtype=np.int64)
        return FIELD_OF[rows[:, None], space.worlds[:, columns].T]

    def outcome_label(self, query: Play, k: int) -> str | int:
        return FIELDS[check_int("k", k, 0, len(FIELDS) - 1)]

    def move_of(self, clue: Any) -> tuple[Play, int] | None:
        """A card I lay at an opponent's grid is my move, its field the answer; the
        others' lays, my attempts and draws are not queries (see :mod:`.review`)."""
        if isinstance(clue, Lay) and self.state.turn == 0 and clue.target != 0:
            return Play(clue.card, clue.target), field_index(clue.field, clue.card)
        return None

    def contains_secret(self, secret: Any) -> bool:
        if isinstance(secret, (str, bytes, np.ndarray)) or not isinstance(secret, Iterable):
            raise InvalidInput("secret", secret, "the opponents' cases (Cases, or Case each)")
        cases = tuple(Case.parse(c).index for c in secret)
        return bool((self.space.worlds == np.array(cases)).all(axis=1).any())

    def secrets_strategy(self) -> Any:
        from hypothesis import strategies as st

        return st.sampled_from(self.solutions())

    def clue_strategy(self, secret: Any) -> Any:
        """A next move at the table that is true when the opponents' cases are ``secret``.

        Cards laid or drawn are 2- and 3-piece cards or case cards that can be where the
        move needs them; no attempt succeeds (that would change a case). Once the draw
        pile is empty, a reported reshuffle is one of the moves.
        """
        expected = f"the {self.players - 1} opponents' cases (Cases, or a Case each)"
        if isinstance(secret, (str, bytes, np.ndarray)) or not isinstance(secret, Iterable):
            raise InvalidInput("secret", secret, expected)
        cases = tuple(itertools.islice(secret, self.players))  # one more: too many?
        if len(cases) != self.players - 1:
            raise InvalidInput("secret", secret, expected)
        return truthful.truthful_move(self.state, tuple(Case.parse(c) for c in cases))


guard(globals())
