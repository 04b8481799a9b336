"""The advice at a Black Stories Investigation table, as methods of
:class:`~deduce.games.bsi.Table`: the card to lay (``recommend_play``, ``lay_options``,
``race_lays``) and the attempt (``recommend_attempt``, ``race_options``,
``best_attempt``). The computations are in :mod:`deduce.games.bsi.advice` and
:mod:`deduce.games.bsi.race`.

Example:
    >>> from deduce.games.bsi import Table
    >>> t = Table(2, case="man/day/inside/knife", hand=["woman/knife", "man/gun", "day/gun"])
    >>> t.default_strategy, str(t.best())
    ('points', 'man/gun -> seat 1')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from deduce._internal.entry import guard
from deduce.errors import InvalidInput
from deduce.games.bsi import advice, race
from deduce.games.bsi.cards import Card
from deduce.games.bsi.clues import AttemptOption, LayOption
from deduce.games.bsi.view import TableView
from deduce.investigation import Recommendation

__all__ = ["OWN_STRATEGIES", "TableAdvice"]

OWN_STRATEGIES = ("race", "points")
"""The table's own strategies for the card to lay (see ``Table.default_strategy``)."""


class TableAdvice(TableView):
    """The advice methods of :class:`~deduce.games.bsi.Table` (seat 0's view)."""

    def played(self, card: Card | str, target: int, field: str | int) -> TableView:
        """The table after ``card`` is laid at ``target``'s grid, ``field`` (see
        :meth:`deduce.games.bsi.Table.played`, which gives it)."""
        raise NotImplementedError

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
        self, strategy: str, among: Callable[[Any], bool] | None, top: int
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


guard(globals())
