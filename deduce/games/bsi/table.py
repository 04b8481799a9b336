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
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.language import N_, M
from deduce._internal.validation import check_int
from deduce.core.explain import settled_test
from deduce.core.space import Space
from deduce.errors import Contradiction, DeduceError, InvalidInput
from deduce.games.bsi import advice, race, truthful
from deduce.games.bsi.cards import (
    ATTRIBUTES,
    BOX,
    CASE_VALUES,
    CASES,
    FIELD_OF,
    FIELDS,
    Card,
    Case,
    check_box,
    field_index,
    shown,
)
from deduce.games.bsi.clues import (
    AttemptOption,
    Cases,
    Draw,
    Lay,
    LayOption,
    Play,
    Reshuffle,
    Solve,
    TableClue,
    check_seat,
)
from deduce.games.bsi.investigation import field_label, points
from deduce.games.bsi.manifest import GAME
from deduce.games.bsi.state import State, about_cases, informative, initial_state, joint, step
from deduce.investigation import Investigation, Recommendation, deletion_filter

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = ["OWN_STRATEGIES", "Table"]

OWN_STRATEGIES = ("race", "points")
"""The table's own strategies for the card to lay (see ``Table.default_strategy``)."""

# the opponents' columns (the fields of the table's space), as a player reads them
_SEATS = (N_("seat 1"), N_("seat 2"), N_("seat 3"))


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

    # -- the set-up ----------------------------------------------------------------------

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
            given = (
                [str(c) for c in hand]
                if isinstance(hand, Sequence) and not isinstance(hand, str)
                else hand
            )
            raise InvalidInput(N_("hand"), given, N_("3 cards"))
        self.start_hand = tuple(Card.parse(c) for c in hand)
        said = [shown(c) for c in self.start_hand]  # in the player's language
        if self.case.card in self.start_hand:
            reason: str = M("{case} is your case", case=shown(self.case))
            expected = N_("3 cards other than your case")
            raise InvalidInput(N_("hand"), said, expected, reason=reason)
        if len(set(self.start_hand)) != 3:
            reason = N_("each card exists once")
            raise InvalidInput(N_("hand"), said, N_("3 different cards"), reason=reason)
        outside = [shown(c) for c in self.start_hand if not self.in_box(c)]
        if outside:
            reason = M("{card} is not one of the 12 small cards of your box", card=outside[0])
            raise InvalidInput(N_("hand"), said, N_("3 cards of your box"), reason=reason)
        self.first = check_seat(first, players, "first")
        if names is not None:
            if (
                isinstance(names, str)
                or not isinstance(names, Sequence)
                or len(names) != players
                or len(set(map(str, names))) != players
            ):
                raise InvalidInput("names", names, M("{n} different names", n=players))
            names = tuple(str(n) for n in names)
        self.names = names
        self.begin()

    def in_box(self, card: Card) -> bool:
        """Whether ``card`` can be at the table: any case card, and any card of 2 or 3
        pieces unless the box's small cards were given (then one of them)."""
        return card.case is not None or self.small_cards is None or card in self.small_cards

    # -- what seat 0 sees ----------------------------------------------------------

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

    def shown_value(self, value: Any) -> str:
        """An opponent's case (a value of :meth:`marginals`) in the player's language
        (:func:`~deduce.games.bsi.cards.shown`).

        Example (in German ``Frau/Tag/drinnen/Messer``):
            >>> t = Table(2, case="man/day/inside/knife",
            ...           hand=["woman/knife", "man/gun", "day/gun"])
            >>> t.shown_value(Case("woman", "day", "inside", "knife"))
            'woman/day/inside/knife'
        """
        if isinstance(value, (Card, Case, str)):
            return shown(value)
        return super().shown_value(value)

    def column_names(self) -> tuple[str, ...]:
        if self.names is not None:
            return tuple(self.names[1:])
        return tuple(f"seat {s}" for s in range(1, self.players))  # as _SEATS says them

    def space_of(self, state: State) -> Space:
        """The space of a table state: every assignment of cases to the opponents."""
        names = self.column_names()
        return Space(names, [CASES] * len(names), joint(state), state=state)

    def _replay_events(self, events: Sequence[TableClue], ignored: frozenset[int]) -> State:
        state: State = self.origin.space.state
        for i, event in enumerate(events):
            state = step(state, event, i not in ignored)
        return state

    def explain(self, facts: Sequence[tuple[str, object]]) -> tuple[TableClue, ...]:
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

    def _contradiction(self, clue: TableClue) -> DeduceError:
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
                N_("a move the cards in view allow"),
                reason=N_("no case fits it that is out of view and was in the right draw pile"),
            )
        kept = deletion_filter(telling, fails)
        return Contradiction(clue, [self.clues[i] for i in kept])

    # -- the advice -----------------------------------------------------------------

    @property
    def default_strategy(self) -> str:  # type: ignore[override]
        """The advice on the card to lay: ``"race"`` with 3 or 4 players, ``"points"``
        with 2.

        ``"race"`` ranks the lays by my chance to finish first (:meth:`race_lays`),
        ``"points"`` by the points expected (:meth:`lay_options`), the engine's
        strategies by what the field reveals. With two players the points win more
        games than the race's coarse model of the rest of the game (see the benchmarks).

        Example:
            >>> from deduce.games.bsi import Table
            >>> hand = ["man/gun", "day/gun", "night/gun"]
            >>> [Table(n, case="man/day/inside/knife", hand=hand).default_strategy for n in (2, 3)]
            ['points', 'race']
        """
        return "points" if self.players == 2 else "race"

    def check_strategy(self, strategy: str) -> str:
        """``strategy`` if the table knows it: ``"race"``, ``"points"`` or one of the
        engine's.

        Example:
            >>> from deduce.games.bsi import Table
            >>> Table(2, case="man/day/inside/knife", hand=["man/gun", "day/gun", "night/gun"]
            ...       ).check_strategy("points")
            'points'
        """
        if isinstance(strategy, str) and strategy in OWN_STRATEGIES:
            return strategy
        try:
            return super().check_strategy(strategy)
        except InvalidInput as error:
            raise InvalidInput("strategy", strategy, [*OWN_STRATEGIES, *error.choices]) from None

    def own_ranking(
        self, strategy: str, among: Callable[[Play], bool] | None, top: int
    ) -> list[Recommendation] | None:
        """The lays of the ``"race"`` and ``"points"`` strategies (None for the engine's
        strategies, which rank the lays by what the field reveals): ``score`` is my
        chance to finish first (see :meth:`race_lays`) or the expected points (see
        :meth:`lay_options`)."""
        if strategy not in OWN_STRATEGIES:
            return None
        if strategy == "race":
            ranked = [(r.lay, r.win) for r in self.race_lays()]
        else:
            ranked = [(o, o.points) for o in self.lay_options()]
        return advice.recommendations(self, ranked, strategy, among, top)

    def recommend_play(self, top: int = 3, *, strategy: str | None = None) -> list[Recommendation]:
        """The ``top`` lays at the start of my turn under ``strategy`` (by default
        :attr:`default_strategy`), as :meth:`recommend` gives them: for ``"race"``,
        ``score`` is my chance to finish first (see :meth:`race_lays`); for
        ``"points"``, the expected points (see :meth:`lay_options`); for the engine's
        strategies, what the field reveals.

        The field is public: every player at the table learns the same bits from it.
        ``action`` is a :class:`Play`; ``outcomes`` maps each field to its probability.

        Raises:
            InvalidInput: not my turn, my card for this turn laid already, no card in my
                hand, the game is over, or an unknown strategy.

        Example:
            >>> from deduce.games.bsi import Table
            >>> t = Table(2, case="man/day/inside/knife",
            ...           hand=["woman/knife", "man/gun", "day/gun"])
            >>> str(t.recommend_play(top=1, strategy="entropy")[0].action)
            'woman/knife -> seat 1'
            >>> t.played("woman/knife", 1, 2).recommend()
            Traceback (most recent call last):
            ...
            deduce.errors.InvalidInput: step='attempt' is not valid (your card for this
            turn is laid already); expected the lay step of your turn
        """
        return self.recommend(top, strategy=strategy)

    def lay_options(self) -> list[LayOption]:
        """Every card of my hand at every opponent, by the points it leads to, best first.

        For each field the card can go to, the attempt it sets up: the best attempt right
        after the card is laid, or waiting a turn (see :meth:`recommend_attempt`, which
        counts the cards under the grid then, the chance that another player solves the
        case first, and that I get no further turn in the final round). ``points`` is
        the better of the two per field, weighted by the field's chance; ties go to the
        lay whose field reveals more.

        Raises:
            InvalidInput: not the lay step of my turn.

        Example (the rulebook's example: woman/knife at 2 would make Eva's case certain):
            >>> from deduce.games.bsi import Table
            >>> t = Table(2, case="man/night/inside/gun",
            ...           hand=["woman/night/outside/gun", "woman/knife", "man/day"])
            >>> t = t.played("woman/night/outside/gun", 1, "0/1").drew("man/night")
            >>> t = t.played("man/inside", 0, 2).drew()
            >>> for option in t.lay_options():
            ...     print(option)
            woman/knife -> seat 1: 5.00 points expected, 0.72 bits
            man/night -> seat 1: 5.00 points expected, 0.72 bits
            man/day -> seat 1: 4.80 points expected, 0.97 bits
            >>> knife = t.lay_options()[0]
            >>> knife.outcomes
            {'0/1': 0.8, 2: 0.2}
            >>> print(knife.attempts[2])  # doctest: +NORMALIZE_WHITESPACE
            seat 1 is woman/day/inside/knife (3 drops): 100.0% right, 7.00 points now,
            6.00 after waiting
        """
        return advice.lay_options(self)

    def race_lays(self) -> list[race.RaceLay]:
        """Every lay of :meth:`lay_options` by my chance to finish first, best first (ties
        in that order): each field's best choice of :meth:`race_options` once the card
        lies there, weighted by the field's chance.

        Raises:
            InvalidInput: not the lay step of my turn.

        Example (3 players, my first turn):
            >>> from deduce.games.bsi import Table
            >>> hand = ["woman/knife", "man/day", "night/inside"]
            >>> print(Table(3, case="man/night/outside/gun", hand=hand).race_lays()[0])
            woman/knife -> seat 1: 24.8% to finish first, 2.89 points expected, 0.84 bits
        """
        return race.race_lays(self)

    def recommend_attempt(self, *, strategy: str | None = None) -> list[AttemptOption]:
        """Every attempt I can make now (opponent x investigation card left), best first.

        The rulebook's turn is: lay a card, attempt (optional), draw. So this answers at
        the attempt step of my turn: after my card is laid (or at the start of my turn
        when I hold no card), before I draw.

        Each option names the most probable case, its expected points now (``points``)
        and the expected points of the same attempt after one more card of mine at that
        grid (``wait_points``; 0 in the final round, when I get no further turn).

        With the table's own strategies (``"race"`` or ``"points"``, the default),
        waiting counts the chance that another player solves the case first
        (``risk``), and attempting now counts the attempt that follows a failure on my
        next turn (``follow_points``: a failure rules the case named out). Every attempt
        now (``value``) is weighed against waiting with every card kept (``waiting``:
        the best ``wait_points`` of all). With any other strategy, only the one-step
        comparison: each attempt against the same attempt later. Either way the
        advisable ones come first, then by the points gained over keeping the same card
        for later (``value - wait_points``). Empty when I have no investigation card left.

        Raises:
            InvalidInput: not my turn, my card not laid yet, my attempt made already, or
                the game is over.

        Example:
            >>> from deduce.games.bsi import Table
            >>> t = Table(2, case="man/day/inside/knife",
            ...           hand=["woman/knife", "man/gun", "day/gun"])
            >>> t.recommend_attempt()
            Traceback (most recent call last):
            ...
            deduce.errors.InvalidInput: step='lay' is not valid (a turn starts by laying
            a card, ...); expected the attempt step of your turn
            >>> laid = t.played("woman/knife", 1, 2)  # 4 cases left, each 25%
            >>> [o.drops for o in laid.recommend_attempt(strategy="entropy")]
            [3, 2, 1]
            >>> print(laid.best_attempt(strategy="points"))  # doctest: +NORMALIZE_WHITESPACE
            seat 1 is woman/day/inside/knife (2 drops): 25.0% right, 1.75 points now,
            3.50 with my next attempt, 1.75 after waiting
        """
        chosen = self.check_strategy(self.default_strategy if strategy is None else strategy)
        return advice.attempt_options(self, objective=chosen in OWN_STRATEGIES)

    def race_options(self) -> list[race.RaceOption]:
        """Every choice at my attempt step (each attempt of :meth:`recommend_attempt`,
        and none), by my chance to finish first in points, best first: the clock (the
        round of anyone's third investigation card ends the game) and the score race,
        in the model of :mod:`deduce.games.bsi.race`.

        Raises:
            InvalidInput: not the attempt step of my turn.
        """
        return race.race_options(self)

    def win_chance(self) -> float | None:
        """My chance to finish first from here, in the race model of
        :mod:`deduce.games.bsi.race` (a model's chance, not an exact one): at the lay
        step of my turn the best lay's (:meth:`race_lays`), at my attempt step the best
        choice's (:meth:`race_options`), at any other point of the game
        :func:`~deduce.games.bsi.race.standing`; once the game is over my share of the
        win (1.0 alone on top, ``1/k`` tied with ``k`` seats, 0.0 behind). Each point of
        the game is counted on its own grids: a right attempt empties the grid it solved,
        so later attempts score more in the model, and the chance after it can be lower
        than the choice's chance was at the attempt step.

        Example:
            >>> from deduce.games.bsi import Table
            >>> t = Table(2, case="man/day/inside/knife",
            ...           hand=["woman/knife", "man/gun", "day/gun"])
            >>> t.win_chance() == t.race_lays()[0].win
            True
        """
        if self.turn == 0 and self.step == "lay":
            return self.race_lays()[0].win
        if self.turn == 0 and self.step == "attempt":
            return self.race_options()[0].win
        return race.standing(self)

    def best_attempt(self, *, strategy: str | None = None) -> AttemptOption | None:
        """The attempt to make now, or None for none. By default (``"race"``) the first
        of :meth:`race_options`; with ``"points"`` or another strategy, the first of
        :meth:`recommend_attempt` if it is advisable.

        Raises:
            InvalidInput: not the attempt step of my turn, or an unknown strategy.
        """
        if strategy is None or (isinstance(strategy, str) and strategy == "race"):
            return self.race_options()[0].attempt
        options = self.recommend_attempt(strategy=strategy)
        return options[0] if options and options[0].advisable else None

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
                    "correct",
                    correct,
                    [truth],
                    reason=M("your case is {case}", case=shown(CASES[state.my_case])),
                )
            correct = truth
        if not isinstance(correct, bool):
            raise InvalidInput("correct", correct, [True, False], reason=N_("the target says"))
        if isinstance(revealed, (str, Card)):
            raise InvalidInput(N_("revealed"), revealed, N_("a list of cards"))
        turned = tuple(Card.parse(c) for c in revealed)
        fresh = None if new_case is None else Case.parse(new_case)
        return self.observe(Solve(target, named, drops, correct, turned, fresh))

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
                    N_("card"),
                    shown(card),
                    N_("a card of your box"),
                    reason=N_("not one of the 12 small cards of your box"),
                )
        state = step(space.state, clue)
        if about_cases(state) == about_cases(space.state):  # nothing new about the cases
            return space.replace(state=state)
        return self.space_of(state)

    def solution_of(self, labels: tuple[Any, ...]) -> Cases:
        return Cases(tuple(labels))

    def queries(self) -> Sequence[Play]:
        state = advice.ready(
            self, "lay", N_("advice on the card to lay")
        )  # so my hand holds a card
        hand = list(dict.fromkeys(state.hand))
        return [Play(card, seat) for card in hand for seat in self.opponents]

    def outcome_table(self, space: Space, queries: Sequence[Play]) -> npt.NDArray[np.int8]:
        if not all(isinstance(q, Play) for q in queries):
            raise InvalidInput("queries", queries, "a list of plays (Play)")
        rows = np.array([q.card.index for q in queries], dtype=np.int64)
        columns = np.array([q.target - 1 for q in queries], dtype=np.int64)
        return FIELD_OF[rows[:, None], space.worlds[:, columns].T]

    def outcome_label(self, query: Play, k: int) -> str | int:
        return FIELDS[check_int("k", k, 0, len(FIELDS) - 1)]

    def move_of(self, clue: object) -> tuple[Play, int] | None:
        """A card I lay at an opponent's grid is my move, its field the answer; the
        others' lays, my attempts and draws are not queries (see :mod:`.review`)."""
        if isinstance(clue, Lay) and self.state.turn == 0 and clue.target != 0:
            return Play(clue.card, clue.target), field_index(clue.field, clue.card)
        return None

    def contains_secret(self, secret: Any) -> bool:
        cases = tuple(case.index for case in self._cases(secret))
        return bool((self.space.worlds == np.array(cases)).all(axis=1).any())

    def solution_for(self, secret: Any) -> Cases:
        """The opponents' cases of ``secret`` (see :meth:`deduce.Investigation.solution_for`).

        Example:
            >>> t = Table(2, case="man/day/inside/knife",
            ...           hand=["woman/knife", "man/gun", "day/gun"])
            >>> print(t.solution_for(["woman/night/outside/gun"]))
            seat 1: woman/night/outside/gun
        """
        return Cases(self._cases(secret))

    def _cases(self, secret: Any) -> tuple[Case, ...]:
        """``secret`` read as the opponents' cases, one a seat."""
        expected: str = M("the {n} opponents' cases (Cases, or a Case each)", n=self.players - 1)
        if isinstance(secret, (str, bytes, np.ndarray)) or not isinstance(secret, Iterable):
            raise InvalidInput("secret", secret, expected)
        cases = tuple(Case.parse(c) for c in secret)
        if len(cases) != self.players - 1:
            raise InvalidInput("secret", secret, expected)
        return cases

    def secrets_strategy(self) -> SearchStrategy[Cases]:
        from hypothesis import strategies as st

        return st.sampled_from(self.solutions())

    @classmethod
    def setups_strategy(cls) -> SearchStrategy[Table]:
        """Tables of 2 to 4 players dealt as the box is: my case the first case card of
        the shuffled box, my hand the next three cards; any seat first."""
        from hypothesis import strategies as st

        def dealt(players: int, pile: list[Card], first: int) -> Table:
            at = next(i for i, card in enumerate(pile) if card.case is not None)
            hand = [card for i, card in enumerate(pile) if i != at][:3]
            return cls(players, case=pile[at], hand=hand, first=first % players)

        return st.builds(dealt, st.integers(2, 4), st.permutations(BOX), st.integers(0, 3))

    def clue_strategy(self, secret: Any) -> SearchStrategy[TableClue | None]:
        """A next move at the table that is true when the opponents' cases are ``secret``.

        Cards laid or drawn are 2- and 3-piece cards or case cards that can be where the
        move needs them; no attempt succeeds (that would change a case). Once the draw
        pile is empty, a reported reshuffle is one of the moves.
        """
        expected: str = M("the {n} opponents' cases (Cases, or a Case each)", n=self.players - 1)
        if isinstance(secret, (str, bytes, np.ndarray)) or not isinstance(secret, Iterable):
            raise InvalidInput("secret", secret, expected)
        cases = tuple(itertools.islice(secret, self.players))  # one more: too many?
        if len(cases) != self.players - 1:
            raise InvalidInput("secret", secret, expected)
        return truthful.truthful_move(self.state, tuple(Case.parse(c) for c in cases))


guard(globals())
