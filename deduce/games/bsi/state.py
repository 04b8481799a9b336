"""The public state of a Black Stories Investigation table, and the rules that move it.

:class:`State` is everything seat 0 can see; :func:`step` is the state after one event
(a card laid, an attempt, a draw, a reshuffle), checked against the rules and the cards
in view; :func:`joint` lists every assignment of different cases to the opponents that
fits. :class:`~deduce.games.bsi.Table` is built on these.

Example:
    >>> from deduce.games.bsi.cards import Case, Card
    >>> s = initial_state(2, 0, Case.parse("man/day/inside/knife"),
    ...                   tuple(Card.parse(c) for c in ("man/gun", "day/gun", "night/gun")))
    >>> len(joint(s)), s.pile
    (15, 20)
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations
from typing import Any, NamedTuple, TypeVar

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.language import N_, M, plural
from deduce._internal.validation import check_int
from deduce.errors import InvalidInput
from deduce.games.bsi.cards import CARDS, CASES, FIELD_OF, FIELDS, Card, Case, field_index, shown
from deduce.games.bsi.clues import Draw, Lay, Reshuffle, Solve, TableClue, check_seat
from deduce.games.bsi.investigation import points

__all__ = [
    "FULL",
    "State",
    "about_cases",
    "informative",
    "initial_state",
    "joint",
    "reshuffle",
    "step",
    "take_from_pile",
]

SMALL = sum(card.size < 4 for card in CARDS)
"""How many 2- and 3-piece cards can exist: they come first in ``CARDS``."""
FULL = (1 << len(CASES)) - 1
"""The mask of every case: a seat whose case nothing is known about."""
_BIT = np.arange(len(CASES), dtype=np.int64)
_FIELD_MASKS = np.array(
    [
        [sum(1 << j for j in range(len(CASES)) if FIELD_OF[i, j] == f) for f in range(3)]
        for i in range(len(CARDS))
    ],
    dtype=np.int64,
)


class State(NamedTuple):
    """Everything public at the table, as seat 0 sees it."""

    players: int
    first: int
    turn: int
    phase: int  # 0: must lay a card; 1: laid (may attempt); 2: attempted (must draw)
    epoch: int  # reshuffles so far
    my_case: int
    hand: tuple[Card, ...]
    hands: tuple[int, ...]
    pile: int
    discard: tuple[Card, ...]
    grids: tuple[tuple[tuple[Card, str | int], ...], ...]
    case_epoch: tuple[int, ...]
    masks: tuple[int, ...]  # cases each seat's current case can be, by the clues
    where: tuple[int, ...]  # per case card: -1 in view, else the epoch it went hidden in
    small: tuple[int, ...]  # per 2- or 3-piece card: the same (each card exists once)
    drew: tuple[int, ...]  # per seat: the epochs it drew a card into its hand in (bits)
    drops: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]
    solved: tuple[int, ...]  # cases solved so far, per seat whose case it was
    final: bool
    over: bool
    broken: bool


T = TypeVar("T")


def _set(values: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    return (*values[:i], value, *values[i + 1 :])


def _card(value: Any, argument: str = "card") -> Card:
    if not isinstance(value, Card):
        raise InvalidInput(argument, value, "a Card")
    return value


def _case(value: Any, argument: str = "case") -> Case:
    if not isinstance(value, Case):
        raise InvalidInput(argument, value, "a Case")
    return value


def initial_state(players: int, first: int, case: Case, hand: tuple[Card, ...]) -> State:
    where = [0] * len(CASES)
    where[case.index] = -1
    small = [0] * SMALL
    for card in hand:
        if card.case is not None:
            where[card.case.index] = -1
        else:
            small[card.index] = -1
    return State(
        players=players,
        first=first,
        turn=first,
        phase=0,
        epoch=0,
        my_case=case.index,
        hand=hand,
        hands=(3,) * players,
        pile=28 - 4 * players,
        discard=(),
        grids=((),) * players,
        case_epoch=(0,) * players,
        masks=(FULL,) * players,
        where=tuple(where),
        small=tuple(small),
        drew=(1,) * players,  # everyone was dealt cards from the first draw pile
        drops=((1, 2, 3),) * players,
        points=(0,) * players,
        solved=(0,) * players,
        final=False,
        over=False,
        broken=False,
    )


def reshuffle(s: State) -> State:
    """The discard pile becomes the draw pile (the draw pile is empty).

    Every unseen card is then in a hand or an investigation file, so the new draw pile
    holds exactly the cards that were on the discard pile: its case cards start a new
    epoch.
    """
    epoch = s.epoch + 1
    where = list(s.where)
    small = list(s.small)
    for card in s.discard:
        if card.case is not None:
            where[card.case.index] = epoch
        else:
            small[card.index] = epoch
    return s._replace(
        epoch=epoch, where=tuple(where), small=tuple(small), pile=len(s.discard), discard=()
    )


def take_from_pile(s: State, *, optional: bool = False) -> State | None:
    """One card leaves the draw pile.

    The discard pile is reshuffled here, when a card must be taken from an empty draw
    pile, unless a :class:`Reshuffle` was reported earlier (as soon as the pile ran
    out). When both piles are empty there is no card: None if ``optional``, else
    InvalidInput.
    """
    if s.pile == 0:
        if not s.discard:
            if optional:
                return None
            raise InvalidInput(
                N_("draw"),
                "empty",
                N_("a card to draw"),
                reason=N_("the draw and discard piles are empty"),
            )
        s = reshuffle(s)
    return s._replace(pile=s.pile - 1)


def _pile_card(s: State) -> State:
    taken = take_from_pile(s)
    assert taken is not None
    return taken


@lru_cache(maxsize=4)
def _assignments(opponents: int) -> npt.NDArray[np.int64]:
    """Every assignment of different cases to ``opponents`` seats, in order (the first
    seat's case slowest)."""
    rows = np.array(list(permutations(range(len(CASES)), opponents)), dtype=np.int64)
    rows.setflags(write=False)
    return rows


def about_cases(s: State) -> tuple[Any, ...]:
    """All that :func:`joint` reads of a state: two states alike in it have the same
    assignments (a draw of a small card, a step of the turn tell nothing about the cases)."""
    return (s.broken, s.where, s.case_epoch[1:], s.masks[1:])


def joint(s: State) -> npt.NDArray[np.int64]:
    """Every assignment of different cases to the opponents that fits what is known."""
    if s.broken:
        return np.zeros((0, s.players - 1), dtype=np.int64)
    rows = _assignments(s.players - 1)
    # per opponent (seats 1..n-1): the cases out of view since its case was dealt and
    # not ruled out by the clues
    seats = slice(1, s.players)
    epochs, masks = np.array(s.case_epoch[seats]), np.array(s.masks[seats])
    open_cases = (np.array(s.where) == epochs[:, None]) & ((masks[:, None] >> _BIT) & 1 == 1)
    keep = open_cases[0][rows[:, 0]]
    for seat in range(1, s.players - 1):
        keep &= open_cases[seat][rows[:, seat]]
    found: npt.NDArray[np.int64] = rows[keep]
    return found


_VERBS = {Lay: "lay", Solve: "solve", Draw: "draw", Reshuffle: "reshuffle"}


def _refuse(event: TableClue, expected: str, reason: str) -> InvalidInput:
    """A move the rules of the turn do not allow, named by its verb."""
    return InvalidInput(N_("move"), _VERBS[type(event)], expected, reason=reason)


def step(s: State, event: Any, inform: bool = True) -> State:
    """The public state after ``event``.

    ``inform=False`` keeps out what the event tells about the cases (a field, a failed
    attempt, a case card coming into view); used to find the moves a contradiction comes
    from.

    Raises:
        InvalidInput: a move the rules or the cards do not allow, said in the game's words.
    """
    if type(event) not in _VERBS:
        raise InvalidInput(N_("move"), type(event).__name__, "a Lay, Solve, Draw or Reshuffle")
    if s.over:
        raise _refuse(event, N_("no further move"), N_("the game is over"))
    player = s.turn
    if isinstance(event, Lay):
        return _lay(s, event, player, inform)
    if isinstance(event, Solve):
        return _solve(s, event, player, inform)
    if isinstance(event, Draw):
        return _draw(s, event, player, inform)
    if s.pile > 0:
        reason: str = plural(
            "{n} card is left in the draw pile", "{n} cards are left in the draw pile", s.pile
        )
    elif not s.discard:
        reason = N_("the discard pile is empty")
    else:
        return reshuffle(s)
    raise _refuse(event, N_("a reshuffle once the draw pile is empty"), reason)


def _where(s: State, card: Card) -> int:
    """-1 if ``card`` is in view, else the epoch it went out of view in."""
    return s.where[card.case.index] if card.case is not None else s.small[card.index]


def _seen(s: State, card: Card) -> str:
    """Where a card in view is, in words."""
    if card in s.hand:
        return N_("it is in your hand")
    if card in s.discard:
        return N_("it is on the discard pile")
    if any(card == c for grid in s.grids for c, _ in grid):
        return N_("it lies under an evidence grid")
    return N_("it is in view (your case or a solved case)")


def _check_held(s: State, card: Card, player: int) -> None:
    """Refuse a card that seat ``player`` (not me) cannot hold: one in view, or one that
    went back into a draw pile the seat has not drawn from."""
    epoch = _where(s, card)
    if epoch < 0:
        raise InvalidInput(
            N_("card"),
            shown(card),
            M("a card seat {seat} can hold", seat=player),
            reason=_seen(s, card),
        )
    if not (s.drew[player] >> epoch) & 1:
        reason: str = M(
            "it went back into play with the draw pile of reshuffle {epoch}, and seat {seat} "
            "has not drawn from that pile",
            epoch=epoch,
            seat=player,
        )
        expected: str = M("a card seat {seat} can hold", seat=player)
        raise InvalidInput(N_("card"), shown(card), expected, reason=reason)


def _lay(s: State, event: Lay, player: int, inform: bool) -> State:
    if s.phase != 0:
        expected = N_("a draw") if s.phase == 2 else N_("an attempt or a draw")
        reason: str = M("seat {seat} has laid a card this turn already", seat=player)
        raise _refuse(event, expected, reason)
    card = _card(event.card)
    if s.hands[player] == 0:
        reason = M("seat {seat} has no card in hand to lay", seat=player)
        raise _refuse(event, N_("an attempt or a draw"), reason)
    target = check_seat(event.target, s.players, "target", exclude=player)
    f = field_index(event.field, card)
    where = list(s.where)
    small = s.small
    hand = s.hand
    if player == 0:
        if card not in hand:
            raise InvalidInput(
                N_("card"), shown(card), [shown(c) for c in hand], reason=N_("not in your hand")
            )
        i = hand.index(card)
        hand = hand[:i] + hand[i + 1 :]
    else:
        _check_held(s, card, player)
        if card.case is None:
            small = _set(small, card.index, -1)
        elif inform:
            where[card.case.index] = -1
    masks = s.masks
    if target == 0:
        truth = int(FIELD_OF[card.index, s.my_case])
        if truth != f:
            raise InvalidInput(
                N_("field"),
                event.field,
                [FIELDS[truth]],
                reason=M(
                    "your case {case} matches {card} that way",
                    case=shown(CASES[s.my_case]),
                    card=shown(card),
                ),
            )
    elif inform:
        masks = _set(masks, target, masks[target] & int(_FIELD_MASKS[card.index, f]))
    return s._replace(
        phase=1,
        hand=hand,
        hands=_set(s.hands, player, s.hands[player] - 1),
        where=tuple(where),
        small=small,
        masks=masks,
        grids=_set(s.grids, target, (*s.grids[target], (card, FIELDS[f]))),
    )


def _solve(s: State, event: Solve, player: int, inform: bool) -> State:
    if s.phase == 0 and s.hands[player] > 0:
        raise _refuse(event, N_("a card laid first"), N_("a turn starts by laying a card"))
    if s.phase == 2:
        reason: str = M("one attempt per turn: seat {seat} has tried already", seat=player)
        raise _refuse(event, N_("a draw"), reason)
    target = check_seat(event.target, s.players, "target", exclude=player)
    case = _case(event.case)
    if check_int("drops", event.drops, 1, 3) not in s.drops[player]:
        have = list(s.drops[player])
        reason = M("seat {seat} has used that investigation card", seat=player)
        raise InvalidInput(
            N_("drops"), event.drops, have or N_("no card: all three are used"), reason=reason
        )
    if not isinstance(event.correct, bool):
        raise InvalidInput("correct", event.correct, [True, False])
    left = tuple(d for d in s.drops[player] if d != event.drops)
    s = s._replace(phase=2, drops=_set(s.drops, player, left), final=s.final or not left)
    if not event.correct:
        if event.revealed or event.new_case is not None:
            said = [shown(c) for c in event.revealed]
            raise InvalidInput(N_("revealed"), said, N_("no card after a failed attempt"))
        if target == 0:
            if case.index == s.my_case:
                raise InvalidInput(
                    "correct", False, [True], reason=M("your case is {case}", case=shown(case))
                )
        elif inform:
            s = s._replace(masks=_set(s.masks, target, s.masks[target] & ~(1 << case.index)))
        return s
    where = list(s.where)
    if target == 0:
        if case.index != s.my_case:
            raise InvalidInput(
                "correct",
                True,
                [False],
                reason=M("your case is {case}", case=shown(CASES[s.my_case])),
            )
    else:
        x = case.index
        if where[x] != s.case_epoch[target]:
            reason = _seen(s, case.card) if where[x] < 0 else N_("it was not in the draw pile then")
            expected: str = M("a possible case of seat {seat}", seat=target)
            raise InvalidInput(N_("case"), shown(case), expected, reason=reason)
        column = joint(s)[:, target - 1]
        if not (column == x).any():
            s = s._replace(broken=True)
        where[x] = -1
    grid = s.grids[target]
    s = s._replace(
        where=tuple(where),
        points=_set(s.points, player, s.points[player] + points(event.drops, len(grid))),
        discard=(*s.discard, *(card for card, _ in grid), case.card),
        grids=_set(s.grids, target, ()),
        masks=_set(s.masks, target, FULL),
        solved=_set(s.solved, target, s.solved[target] + 1),
    )
    for card in event.revealed:
        card = _card(card, "revealed")
        if card.case is not None:
            raise InvalidInput(
                N_("revealed"),
                shown(card),
                N_("2- and 3-piece cards"),
                reason=N_("a case card becomes the case"),
            )
        s = _pile_card(s)
        if s.small[card.index] != s.epoch:
            reason = (
                _seen(s, card) if s.small[card.index] < 0 else N_("it was not in the draw pile")
            )
            expected = N_("a card from the draw pile")
            raise InvalidInput(N_("revealed"), shown(card), expected, reason=reason)
        s = s._replace(discard=(*s.discard, card), small=_set(s.small, card.index, -1))
    s = _pile_card(s)
    if target == 0:
        if event.new_case is None:
            raise InvalidInput(
                "new_case",
                None,
                N_("your new case (the case card you drew)"),
                reason=N_("your case was solved: you draw a new one"),
            )
        new = _case(event.new_case, "new_case")
        if s.where[new.index] != s.epoch:
            reason = _seen(s, new.card) if s.where[new.index] < 0 else N_("not in the draw pile")
            expected = N_("a case card in the draw pile")
            raise InvalidInput("new_case", shown(new), expected, reason=reason)
        return s._replace(my_case=new.index, where=_set(s.where, new.index, -1))
    if event.new_case is not None:
        expected = N_("none: only your own new case is seen")
        raise InvalidInput("new_case", shown(event.new_case), expected)
    return s._replace(case_epoch=_set(s.case_epoch, target, s.epoch))


def _draw(s: State, event: Draw, player: int, inform: bool) -> State:
    if s.phase == 0 and s.hands[player] > 0:
        raise _refuse(event, N_("a card laid first"), N_("a turn starts by laying a card"))
    taken = take_from_pile(s, optional=True)
    hand, where, small, count = s.hand, s.where, s.small, s.hands[player]
    drew = s.drew
    if taken is None:  # both piles are empty: the turn ends without a card
        if event.card is not None:
            raise InvalidInput(
                N_("card"),
                shown(event.card),
                N_("no card"),
                reason=N_("the draw and discard piles are empty"),
            )
    else:
        s = taken
        where, small = s.where, s.small
        count += 1
        drew = _set(drew, player, drew[player] | 1 << s.epoch)
        if player == 0:
            card = _card(event.card)
            if _where(s, card) != s.epoch:
                reason = (
                    _seen(s, card) if _where(s, card) < 0 else N_("it was not in the draw pile")
                )
                expected = N_("a card from the draw pile")
                raise InvalidInput(N_("card"), shown(card), expected, reason=reason)
            if card.case is None:
                small = _set(small, card.index, -1)
            elif inform:
                where = _set(where, card.case.index, -1)
            hand = (*hand, card)
        elif event.card is not None:
            raise InvalidInput(
                N_("card"), shown(event.card), N_("none: another player's card is hidden from you")
            )
    turn = (player + 1) % s.players
    return s._replace(
        hand=hand,
        where=where,
        small=small,
        drew=drew,
        hands=_set(s.hands, player, count),
        turn=turn,
        phase=0,
        over=s.final and turn == s.first,
    )


def informative(event: object) -> bool:
    """Whether ``event`` can tell anything about an opponent's case."""
    if isinstance(event, Lay):
        return event.target != 0 or event.card.case is not None
    if isinstance(event, Draw):
        return event.card is not None and event.card.case is not None
    return isinstance(event, Solve) and not event.correct and event.target != 0


guard(globals())
