"""Advice at a Black Stories Investigation table: which attempt to make, and when.

The functions here read a :class:`~deduce.games.bsi.Table` (seat 0's view) and are what
its advice methods (``recommend_attempt``, ``best_attempt``) return.

Example:
    >>> from deduce.games.bsi import Table
    >>> t = Table(2, case="man/day/inside/knife", hand=["woman/knife", "man/gun", "day/gun"])
    >>> [o.drops for o in attempt_options(t.played("woman/knife", 1, 2), objective=False)]
    [3, 2, 1]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.language import N_, M
from deduce.errors import InvalidInput
from deduce.games.bsi.cards import CASES, FIELD_OF, FIELDS, Card
from deduce.games.bsi.clues import AttemptOption, LayOption, Play
from deduce.games.bsi.investigation import points
from deduce.games.bsi.state import State
from deduce.investigation import Recommendation

if TYPE_CHECKING:  # the table imports this module: no cycle at run time
    from deduce.games.bsi.table import Table

__all__ = ["attempt_options", "best_after_one_more", "lay_options", "ready", "recommendations"]

_NOT_NOW = {
    ("attempt", "lay"): N_(
        "a turn starts by laying a card, and it may go under the "
        "grid you would attempt: ask again once your card is laid"
    ),
    ("attempt", "draw"): N_("one attempt per turn: draw to end it"),
    ("lay", "attempt"): N_("your card for this turn is laid already"),
    ("lay", "draw"): N_("your card for this turn is laid already"),
}

_STEP = {
    "lay": N_("the lay step of your turn"),
    "attempt": N_("the attempt step of your turn"),
}


def ready(table: Table, step: str, advice: str) -> State:
    """The table's state, if it is my turn and at ``step``; else InvalidInput saying why.

    Example:
        >>> from deduce.games.bsi import Table
        >>> t = Table(2, case="man/day/inside/knife", hand=["woman/knife", "man/gun", "day/gun"])
        >>> ready(t, "lay", "advice").turn
        0
    """
    if step not in ("lay", "attempt"):
        raise InvalidInput(N_("step"), step, ["lay", "attempt"])
    s = table.state
    now = table.step
    if now == "over":
        expected = N_("a game still going on")
        raise InvalidInput(N_("step"), now, expected, reason=N_("the game is over"))
    if s.turn != 0:
        raise InvalidInput(
            N_("turn"),
            s.turn,
            N_("your turn (seat 0)"),
            reason=M("{advice} is for your own turn", advice=advice),
        )
    if now != step:
        reason = _NOT_NOW[step, now]
        raise InvalidInput(N_("step"), now, _STEP[step], reason=reason)
    return s


_BY_FIELD: npt.NDArray[np.bool_] = FIELD_OF[:, None, :] == np.arange(4)[None, :, None]
"""``(72, 4, 16)``: which cases put each card at each field (as :data:`FIELD_OF`)."""
_BY_FIELD.setflags(write=False)


def _after_one_more(mass: npt.NDArray[Any], total: float, hand: Sequence[Card]) -> float:
    """P(right) about a case after the best card of ``hand`` is laid at its grid, from
    ``mass``, the weight of each case (of ``total``): a card's field follows from the case,
    so each field's best guess is its heaviest case."""
    best = float(mass.max() / total)
    if not hand:
        return best
    cards = sorted({card.index for card in hand})
    by_field = np.where(_BY_FIELD[cards], mass, 0.0).max(axis=2).sum(axis=1)  # (cards,)
    return max(best, float(by_field.max() / total))


def best_after_one_more(table: Table, opponent: int) -> float:
    """P(right) after the best card of my hand is laid at ``opponent``'s grid.

    Example:
        >>> from deduce.games.bsi import Table
        >>> t = Table(2, case="man/day/inside/knife", hand=["woman/knife", "man/gun", "day/gun"])
        >>> round(best_after_one_more(t, 1), 4)  # 15 cases; a 2-piece card splits them
        0.1333
    """
    if isinstance(opponent, (bool, np.bool_)) or opponent not in table.opponents:
        raise InvalidInput("opponent", opponent, list(table.opponents))
    space = table.space
    weights = space.weights.astype(np.float64)
    mass = np.bincount(space.worlds[:, opponent - 1], weights=weights, minlength=len(CASES))
    return _after_one_more(mass, float(weights.sum()), table.state.hand)


def _options(
    state: State,
    worlds: npt.NDArray[np.int64],
    weights: npt.NDArray[np.float64],
    cards: Sequence[int],
    hand: Sequence[Card],
    *,
    objective: bool,
) -> list[AttemptOption]:
    """Every attempt of mine (opponent x drops left) on the worlds given, unsorted.

    Without ``objective``: each attempt now against the same attempt after one more card
    of mine at that grid. With it, two turns, this one and my next: an attempt now, then
    after a success the best attempt at another case, after a failure the same case
    again (the case named ruled out); against waiting, the best attempt on my next turn.
    Every attempt on my next turn comes after one more card of mine at its grid and
    counts the chance that another player solves the case first.
    """
    total = float(weights.sum())
    drops_left = state.drops[0]
    seen = []  # per opponent: p, the case, P(right) after one more card, risk, next case
    for opponent in range(1, state.players):
        column = worlds[:, opponent - 1]
        mass = np.bincount(column, weights=weights, minlength=len(CASES))
        best = int(mass.argmax())  # the first most probable, in the order of CASES
        p = float(mass[best] / total)
        later = 0.0 if state.final else _after_one_more(mass, total, hand)
        risk = second = 0.0
        if objective and not state.final:
            others = [s for s in range(1, state.players) if s != opponent and state.drops[s]]
            risk = 1.0 - (1.0 - p * p) ** len(others)
            if p < 1.0:  # a failure rules the case out; then one more card at the grid
                others_mass = mass.copy()
                others_mass[best] = 0.0
                second = _after_one_more(others_mass, float(weights[column != best].sum()), hand)
        seen.append((opponent, p, CASES[best], later, risk, second))

    waits = {  # the same attempt on my next turn, after one more card of mine at the grid
        (opponent, drops): (1.0 - risk) * later * points(drops, cards[opponent] + 1)
        if later
        else 0.0
        for opponent, _, _, later, risk, _ in seen
        for drops in drops_left
    }
    # waiting keeps every card: its value is the best wait
    waiting = max(waits.values(), default=0.0) if objective else None

    def best_wait(exclude_seat: int, exclude_drops: int) -> float:
        return max(
            (w for (o, d), w in waits.items() if o != exclude_seat and d != exclude_drops),
            default=0.0,
        )

    options = []
    for opponent, p, case, _, risk, second in seen:
        n = cards[opponent]
        for drops in drops_left:
            now = p * points(drops, n)
            same = waits[opponent, drops]
            if not objective:
                options.append(AttemptOption(opponent, case, drops, p, now, same))
                continue
            rest = [d for d in drops_left if d != drops]
            follow = (1.0 - risk) * second * points(max(rest), n + 1) if rest and second else 0.0
            then = best_wait(opponent, drops)
            options.append(
                AttemptOption(opponent, case, drops, p, now, same, risk, follow, then, waiting)
            )
    return options


def _attempt_order(option: AttemptOption) -> tuple[bool, float, float, int]:
    """Advisable attempts first (worth at least waiting), then by the points gained
    over keeping the same investigation card for later: the two turns looked at cannot
    see what a card spent now would have been worth after them, so spending the
    3-drop card on a 20% chance must gain more than spending the 1-drop card."""
    gain = option.value - option.wait_points
    return (not option.advisable, -gain, -option.value, -option.drops)


def attempt_options(table: Table, *, objective: bool = True) -> list[AttemptOption]:
    """Every attempt I can make now, best first (see ``Table.recommend_attempt``).

    Raises:
        InvalidInput: not the attempt step of my turn.
    """
    state = ready(table, "attempt", N_("advice on an attempt"))
    space = table.space
    cards = [len(grid) for grid in state.grids]
    weights = space.weights.astype(np.float64)
    options = _options(state, space.worlds, weights, cards, state.hand, objective=objective)
    return sorted(options, key=_attempt_order)


def lay_options(table: Table) -> list[LayOption]:
    """Every card of my hand at every opponent, by the points it leads to, best first
    (see ``Table.lay_options``).

    Raises:
        InvalidInput: not the lay step of my turn.
    """
    state = ready(table, "lay", N_("advice on the card to lay"))
    space = table.space
    worlds = space.worlds
    weights = space.weights.astype(np.float64)
    total = float(weights.sum())
    result = []
    for card in dict.fromkeys(state.hand):
        hand = list(state.hand)
        hand.remove(card)
        for target in range(1, state.players):
            fields = FIELD_OF[card.index, worlds[:, target - 1]]
            cards = [len(grid) + (seat == target) for seat, grid in enumerate(state.grids)]
            value = information = 0.0
            outcomes: dict[str | int, float] = {}
            attempts: dict[str | int, AttemptOption | None] = {}
            for k in np.unique(fields).tolist():
                rows = fields == k
                chance = float(weights[rows].sum() / total)
                options = _options(state, worlds[rows], weights[rows], cards, hand, objective=True)
                label = FIELDS[k]
                outcomes[label] = chance
                information -= chance * math.log2(chance)
                if not options:
                    attempts[label] = None
                    continue
                first = min(options, key=_attempt_order)
                attempts[label] = first if first.advisable else None
                value += chance * max(max(o.value, o.wait_points) for o in options)
            play = Play(card, target)
            result.append(LayOption(play, value, information, outcomes, attempts))
    result.sort(key=lambda o: (-round(o.points, 9), -round(o.information, 9)))
    return result


def recommendations(
    table: Table,
    ranked: Sequence[tuple[LayOption, float]],
    strategy: str,
    among: Callable[[Play], bool] | None,
    top: int,
) -> list[Recommendation]:
    """The first ``top`` lays of ``ranked`` (each with its score under ``strategy``) that
    ``among`` passes, as :meth:`~deduce.investigation.Investigation.recommend` gives them.

    Raises:
        InvalidInput: no lay passes ``among``.
    """
    chosen = [(o, score) for o, score in ranked if among is None or among(o.play)]
    if not chosen:
        raise InvalidInput("among", among, "a test that some move passes")
    worlds = table.space.worlds
    result = []
    for option, score in chosen[:top]:
        fields = FIELD_OF[option.play.card.index, worlds[:, option.play.target - 1]]
        result.append(
            Recommendation(
                action=option.play,
                information=option.information,
                outcomes=option.outcomes,
                worst_case=int(np.bincount(fields).max()),
                strategy=strategy,
                score=score,
            )
        )
    return result


guard(globals())
