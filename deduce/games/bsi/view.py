"""What one player (seat 0) sees at a Black Stories Investigation table.

:class:`TableView` reads the table: whose turn and which step, my hand and case, every
grid, the piles, the drops and scores, and the exact chance of every case of every
opponent, and the moves a fact or a contradiction comes from.
:class:`~deduce.games.bsi.Table` adds the moves, the advice and the rules.

Example:
    >>> from deduce.games.bsi import Table
    >>> t = Table(2, case="man/day/inside/knife", hand=["woman/knife", "man/gun", "day/gun"])
    >>> isinstance(t, TableView), t.pile, t.opponents
    (True, 20, (1,))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce.core.explain import settled_test
from deduce.core.space import Space
from deduce.errors import Contradiction, DeduceError, InvalidInput
from deduce.games.bsi.cards import ATTRIBUTES, CASE_VALUES, CASES, Card, Case
from deduce.games.bsi.clues import check_seat
from deduce.games.bsi.investigation import points
from deduce.games.bsi.state import State, informative, joint, step
from deduce.investigation import Investigation, deletion_filter

__all__ = ["TableView"]


class TableView(Investigation):
    """The reading side of a table: everything seat 0 can see and the exact posterior.

    Example:
        >>> from deduce.games.bsi import Table
        >>> Table(3, case="man/day/inside/knife", hand=["man/gun", "day/gun", "night/gun"]).hands()
        (3, 3, 3)
    """

    players: int
    names: tuple[str, ...] | None

    @property
    def state(self) -> State:
        """Everything public at the table, as I see it (see :mod:`deduce.games.bsi.state`)."""
        state: State = self.space.state
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
            >>> from deduce.games.bsi import Table
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

    def hands(self) -> tuple[int, ...]:
        """How many cards every seat holds."""
        return self.state.hands

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
    def final_turns(self) -> tuple[int, ...]:
        """In the final round, the seats that still take a turn in it, the current one
        first (the round ends when the turn is back at the start player); empty before
        the final round and once the game is over.

        Example:
            >>> from deduce.games.bsi import Table
            >>> t = Table(3, case="man/day/inside/knife",
            ...           hand=["woman/knife", "man/gun", "day/gun"], first=1)
            >>> t.final_round, t.final_turns
            (False, ())
        """
        s = self.state
        if not s.final or s.over:
            return ()
        seats = [s.turn]
        while (seats[-1] + 1) % s.players != s.first:
            seats.append((seats[-1] + 1) % s.players)
        return tuple(seats)

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
        return self.space.worlds[:, seat - 1]

    def _column_name(self, opponent: int) -> str:
        return self.column_names()[check_seat(opponent, self.players, "opponent", exclude=0) - 1]

    def attempt_value(self, opponent: int, drops: int) -> float:
        """Expected points of naming ``opponent``'s most probable case with the card of
        ``drops``, on the table as it is: ``P(right) * points(drops, cards under the grid)``.

        On my turn the attempt comes after my card is laid (which may add a card under
        that grid): :meth:`recommend_attempt` gives the values at that step.

        Example:
            >>> from deduce.games.bsi import Table
            >>> t = Table(2, case="man/day/inside/knife", hand=["man/gun", "day/gun", "night/gun"])
            >>> round(t.attempt_value(1, 3), 4)  # one case of 15, 3 + 6 points
            0.6
        """
        value = points(drops, len(self.grid(opponent)))
        return next(iter(self.case_probabilities(opponent).values())) * value

    def case_probabilities(self, opponent: int) -> dict[Case, float]:
        """Each case ``opponent`` can have, with its probability, most probable first.

        Example:
            >>> from deduce.games.bsi import Table
            >>> t = Table(2, case="man/day/inside/knife", hand=["man/gun", "day/gun", "night/gun"])
            >>> len(t.case_probabilities(1)), round(t.case_probabilities(1)[CASES[-1]], 4)
            (15, 0.0667)
        """
        name = self._column_name(opponent)
        marginal = self.space.marginals([name])[name]
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
            weights=self.space.weights,
        )
        return pieces.marginals()

    def column_names(self) -> tuple[str, ...]:
        if self.names is not None:
            return tuple(self.names[1:])
        return tuple(f"seat {s}" for s in range(1, self.players))

    # -- explanations -------------------------------------------------------------------

    def space_of(self, state: State) -> Space:
        """The space of a table state: every assignment of cases to the opponents."""
        names = self.column_names()
        return Space(names, [CASES] * len(names), joint(state), state=state)

    def _replay_events(self, events: Sequence[Any], ignored: frozenset[int]) -> State:
        state: State = self.origin.space.state
        for i, event in enumerate(events):
            state = step(state, event, i not in ignored)
        return state

    def explain(self, facts: Sequence[tuple[str, Any]]) -> tuple[Any, ...]:
        """The fewest moves behind settled facts about the opponents' cases: only moves
        that tell something (fields, failed attempts, case cards coming into view), each
        needed; the others (plain draws, the order of turns) are kept without what they
        tell, as in :meth:`observe`'s contradictions.

        Example:
            >>> from deduce.games.bsi import Table
            >>> t = Table(2, case="man/night/inside/gun",
            ...           hand=["woman/night/outside/gun", "woman/knife", "man/day"])
            >>> t = t.played("woman/night/outside/gun", 1, "0/1").drew("man/night")
            >>> t = t.played("man/inside", 0, 2).drew().played("woman/knife", 1, 2)
            >>> [str(m) for m in t.explain([("seat 1", t.solved_case(1))])]
            ['woman/night/outside/gun at seat 1: 0/1', 'woman/knife at seat 1: 2']
        """
        holds = settled_test(self, facts)
        telling = [i for i, e in enumerate(self.clues) if informative(e)]

        def settled(kept: Sequence[int]) -> bool:
            try:
                state = self._replay_events(self.clues, frozenset(telling) - set(kept))
            except InvalidInput:
                return False
            return holds(self.space_of(state))

        if not settled(telling):  # cannot happen: the moves as they are settle the facts
            return tuple(self.clues)
        return tuple(self.clues[i] for i in deletion_filter(telling, settled))

    def _contradiction(self, clue: Any) -> DeduceError:
        events = (*self.clues, clue)
        telling = [i for i, e in enumerate(self.clues) if informative(e)]

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
        return Contradiction(clue, [self.clues[i] for i in kept])


guard(globals())
