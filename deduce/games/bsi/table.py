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

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from deduce._validation import check_int
from deduce.errors import Contradiction, DeduceError, InvalidInput
from deduce.games.bsi import advice, hypotheses
from deduce.games.bsi.cards import (
    ATTRIBUTES,
    CASE_VALUES,
    CASES,
    FIELD_OF,
    FIELDS,
    Card,
    Case,
)
from deduce.games.bsi.events import (
    AttemptOption,
    Cases,
    Draw,
    Lay,
    Play,
    Reshuffle,
    Solve,
    check_seat,
)
from deduce.games.bsi.investigation import field_label, points
from deduce.games.bsi.state import State, informative, initial_state, joint, step
from deduce.investigation import Investigation, Recommendation, deletion_filter
from deduce.space import Space

__all__ = ["Table"]


class Table(Investigation):
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

    Example (Emil is seat 0, Eva seat 1):
        >>> t = Table(2, case="man/night/inside/gun", hand=["woman/night/outside/gun",
        ...           "woman/knife", "man/day"])
        >>> t = t.played("woman/night/outside/gun", 1, "0/1").drew("man/night")
        >>> t = t.played("man/night", 0, 2).drew()
        >>> t = t.played("woman/knife", 1, 2)
        >>> t.case_probabilities(1)
        {Case('woman', 'day', 'inside', 'knife'): 1.0}
        >>> t.attempt_value(1, 3)
        7.0
        >>> t.attempt(1, "woman/day/inside/knife", 3, correct=True).scores()
        {0: 7, 1: 0}
    """

    game = "bsi"
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
    ) -> None:
        check_int("players", players, 2, 4)
        self.players = players
        self.case = Case.parse(case)
        if isinstance(hand, (str, Card)) or len(hand) != 3:
            raise InvalidInput("hand", hand, "3 cards")
        self.start_hand = tuple(Card.parse(c) for c in hand)
        fours = [c.case for c in self.start_hand if c.case is not None] + [self.case]
        if len(set(fours)) != len(fours):
            raise InvalidInput("hand", hand, "cards other than your case, each case card once")
        self.first = check_seat(first, players, "first")
        if names is not None:
            if isinstance(names, str) or len(names) != players or len(set(names)) != players:
                raise InvalidInput("names", names, f"{players} different names")
            names = tuple(str(n) for n in names)
        self.names = names
        self._start()

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
        named = Case.parse(case)
        if target == 0 and not isinstance(target, bool):
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
            deduce.errors.InvalidInput: event=Reshuffle() is not valid (20 cards are left in
            the draw pile); expected a reshuffle once the draw pile is empty
        """
        return self.observe(Reshuffle())

    # -- reading the table -------------------------------------------------------------

    @property
    def state(self) -> State:
        """Everything public at the table, as I see it (see :mod:`deduce.games.bsi.state`)."""
        state: State = self._space.state
        return state

    @property
    def turn(self) -> int:
        """The seat whose turn it is."""
        return self.state.turn

    @property
    def step(self) -> str:
        """The next move of the player whose turn it is, in the rulebook's order.

        ``"lay"`` (a turn starts by laying a card), ``"attempt"`` (the card is laid, or
        they hold none: they may try to solve, or draw), ``"draw"`` (they tried: drawing
        ends the turn) or ``"over"`` (the game has ended).

        Example:
            >>> t = Table(2, case="man/day/inside/knife",
            ...           hand=["woman/knife", "man/gun", "day/gun"])
            >>> t.step, t.played("woman/knife", 1, 2).step
            ('lay', 'attempt')
        """
        s = self.state
        if s.over:
            return "over"
        if s.phase == 0:
            return "lay" if s.hands[s.turn] > 0 else "attempt"
        return "attempt" if s.phase == 1 else "draw"

    @property
    def hand(self) -> tuple[Card, ...]:
        """My cards."""
        return self.state.hand

    @property
    def my_case(self) -> Case:
        """My current case."""
        return CASES[self.state.my_case]

    @property
    def opponents(self) -> tuple[int, ...]:
        """The other seats."""
        return tuple(range(1, self.players))

    def grid(self, seat: int) -> tuple[tuple[Card, str | int], ...]:
        """The cards under ``seat``'s evidence grid, each with its field."""
        return self.state.grids[check_seat(seat, self.players, "seat")]

    @property
    def discard(self) -> tuple[Card, ...]:
        """The discard pile, oldest first."""
        return self.state.discard

    @property
    def pile(self) -> int:
        """Cards left in the draw pile."""
        return self.state.pile

    @property
    def reshuffles(self) -> int:
        """How often the discard pile became the draw pile."""
        return self.state.epoch

    def drops_left(self, seat: int) -> tuple[int, ...]:
        """The investigation cards ``seat`` has not used yet (their blood drops)."""
        return self.state.drops[check_seat(seat, self.players, "seat")]

    def scores(self) -> dict[int, int]:
        """Every seat's points so far."""
        return dict(enumerate(self.state.points))

    @property
    def final_round(self) -> bool:
        """Whether someone has used their last investigation card (the round ends it)."""
        return self.state.final

    @property
    def over(self) -> bool:
        """Whether the game has ended (the round after a third investigation card)."""
        return self.state.over

    def winners(self) -> tuple[int, ...]:
        """The seats with the most points (there can be several)."""
        best = max(self.state.points)
        return tuple(s for s, p in enumerate(self.state.points) if p == best)

    def _column(self, opponent: int) -> npt.NDArray[np.int64]:
        seat = check_seat(opponent, self.players, "opponent", exclude=0)
        return self._space.worlds[:, seat - 1]

    def _column_name(self, opponent: int) -> str:
        return self._column_names()[check_seat(opponent, self.players, "opponent", exclude=0) - 1]

    def case_probabilities(self, opponent: int) -> dict[Case, float]:
        """Each case ``opponent`` can have, with its probability, most probable first.

        Example:
            >>> t = Table(2, case="man/day/inside/knife", hand=["man/gun", "day/gun", "night/gun"])
            >>> len(t.case_probabilities(1)), round(t.case_probabilities(1)[CASES[-1]], 4)
            (15, 0.0667)
        """
        name = self._column_name(opponent)
        marginal = self._space.marginals([name])[name]
        ranked = sorted(marginal.items(), key=lambda item: -item[1])  # stable: CASES order
        return {case: p for case, p in ranked if p > 0}

    def solved_case(self, opponent: int) -> Case | None:
        """``opponent``'s case if only one is possible, else None."""
        probabilities = self.case_probabilities(opponent)
        return next(iter(probabilities)) if len(probabilities) == 1 else None

    def evidence(self, opponent: int) -> dict[str, dict[str, float]]:
        """For each kind of evidence, the probability of each value in ``opponent``'s case."""
        pieces = Space(
            tuple(ATTRIBUTES),
            tuple(ATTRIBUTES.values()),
            CASE_VALUES[self._column(opponent)],
            weights=self._space.weights,
        )
        return pieces.marginals()

    # -- advice ------------------------------------------------------------------------

    def recommend_play(self, top: int = 3, *, strategy: str = "entropy") -> list[Recommendation]:
        """Every (card in my hand, opponent) ranked by what its field reveals, at the start
        of my turn (the same as :meth:`recommend`).

        The field is public: every player at the table learns the same bits from it.
        ``action`` is a :class:`Play`; ``outcomes`` maps each field to its probability.

        Raises:
            InvalidInput: not my turn, my card for this turn laid already, no card in my
                hand, or the game is over.

        Example:
            >>> t = Table(2, case="man/day/inside/knife",
            ...           hand=["woman/knife", "man/gun", "day/gun"])
            >>> str(t.recommend_play(top=1)[0].action)
            'woman/knife -> seat 1'
            >>> t.played("woman/knife", 1, 2).recommend_play()
            Traceback (most recent call last):
            ...
            deduce.errors.InvalidInput: step='attempt' is not valid (your card for this
            turn is laid already); expected the lay step of your turn
        """
        return self.recommend(top, strategy=strategy)

    def attempt_value(self, opponent: int, drops: int) -> float:
        """Expected points of naming ``opponent``'s most probable case with the card of
        ``drops``, on the table as it is: ``P(right) * points(drops, cards under the grid)``.

        On my turn the attempt comes after my card is laid (which may add a card under
        that grid): :meth:`recommend_attempt` gives the values at that step.

        Example:
            >>> t = Table(2, case="man/day/inside/knife", hand=["man/gun", "day/gun", "night/gun"])
            >>> round(t.attempt_value(1, 3), 4)  # one case of 15, 3 + 6 points
            0.6
        """
        value = points(drops, len(self.grid(opponent)))
        return next(iter(self.case_probabilities(opponent).values())) * value

    def recommend_attempt(self) -> list[AttemptOption]:
        """Every attempt I can make now (opponent x investigation card left), best first.

        The rulebook's turn is: lay a card, attempt (optional), draw. So this answers at
        the attempt step of my turn: after my card is laid (or at the start of my turn
        when I hold no card), before I draw.

        Each option names the most probable case and its expected points now, and the
        expected points of the same attempt after one more card of mine at that grid
        (``wait_points``; 0 in the final round, when I get no further turn). Options that
        beat waiting (``advisable``) come first, then by the gain over waiting. Empty when
        I have no investigation card left.

        Raises:
            InvalidInput: not my turn, my card not laid yet, my attempt made already, or
                the game is over.

        Example:
            >>> t = Table(2, case="man/day/inside/knife",
            ...           hand=["woman/knife", "man/gun", "day/gun"])
            >>> t.recommend_attempt()
            Traceback (most recent call last):
            ...
            deduce.errors.InvalidInput: step='lay' is not valid (a turn starts by laying
            a card, ...); expected the attempt step of your turn
            >>> [o.drops for o in t.played("woman/knife", 1, 2).recommend_attempt()]
            [3, 2, 1]
        """
        return advice.attempt_options(self)

    def best_attempt(self) -> AttemptOption | None:
        """The attempt to make now, or None when waiting is better (see
        :meth:`recommend_attempt`, whose rules of the turn it follows).

        Raises:
            InvalidInput: not the attempt step of my turn.
        """
        options = self.recommend_attempt()
        return options[0] if options and options[0].advisable else None

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
        return config

    def _constructor_repr(self) -> str:
        args = [f"{self.players}", f"case={str(self.case)!r}"]
        args.append(f"hand={[str(c) for c in self.start_hand]!r}")
        if self.first:
            args.append(f"first={self.first}")
        if self.names is not None:
            args.append(f"names={list(self.names)!r}")
        return f"Table({', '.join(args)})"

    def _column_names(self) -> tuple[str, ...]:
        if self.names is not None:
            return tuple(self.names[1:])
        return tuple(f"seat {s}" for s in range(1, self.players))

    def _space_of(self, state: State) -> Space:
        names = self._column_names()
        return Space(names, [CASES] * len(names), joint(state), state=state)

    def initial_space(self) -> Space:
        return self._space_of(initial_state(self.players, self.first, self.case, self.start_hand))

    def apply_clue(self, space: Space, clue: Any) -> Space:
        return self._space_of(step(space.state, clue))

    def solution_of(self, labels: tuple[Any, ...]) -> Cases:
        return Cases(tuple(labels))

    def queries(self) -> Sequence[Play]:
        state = advice.ready(self, "lay", "advice on the card to lay")  # so my hand holds a card
        hand = list(dict.fromkeys(state.hand))
        return [Play(card, seat) for card in hand for seat in self.opponents]

    def outcome_table(self, space: Space, queries: Sequence[Play]) -> npt.NDArray[Any]:
        rows = np.array([q.card.index for q in queries], dtype=np.int64)
        columns = np.array([q.target - 1 for q in queries], dtype=np.int64)
        return FIELD_OF[rows[:, None], space.worlds[:, columns].T]

    def outcome_label(self, query: Play, k: int) -> str | int:
        return FIELDS[k]

    def contains_secret(self, secret: Any) -> bool:
        cases = tuple(Case.parse(c).index for c in secret)
        return bool((self._space.worlds == np.array(cases)).all(axis=1).any())

    def secrets_strategy(self) -> Any:
        from hypothesis import strategies as st

        return st.sampled_from(self.solutions())

    def clue_strategy(self, secret: Any) -> Any:
        """A next move at the table that is true when the opponents' cases are ``secret``.

        Cards laid or drawn are 2- and 3-piece cards or case cards that can be where the
        move needs them; no attempt succeeds (that would change a case). Once the draw
        pile is empty, a reported reshuffle is one of the moves.
        """
        return hypotheses.truthful_move(self.state, tuple(Case.parse(c) for c in secret))

    def _replay_events(self, events: Sequence[Any], ignored: frozenset[int]) -> State:
        state: State = self._root()._space.state
        for i, event in enumerate(events):
            state = step(state, event, i not in ignored)
        return state

    def _contradiction(self, clue: Any) -> DeduceError:
        events = (*self._clues, clue)
        telling = [i for i, e in enumerate(self._clues) if informative(e)]

        def fails(kept: Sequence[int]) -> bool:
            try:
                state = self._replay_events(events, frozenset(telling) - set(kept))
            except InvalidInput:
                return False
            return len(joint(state)) == 0

        if fails([]):  # impossible with my own case and cards alone
            return InvalidInput(
                "clue",
                clue,
                "a move the cards in view allow",
                reason="no case fits it that is out of view and was in the right draw pile",
            )
        kept = deletion_filter(telling, fails)
        return Contradiction(clue, [self._clues[i] for i in kept])
