"""Black Stories Investigation: one opponent's case, or a whole table of them.

A case is 4 pieces of evidence (victim man|woman, time day|night, scene inside|outside,
weapon knife|gun): 16 cases, each printed on exactly one 4-evidence card. A card laid in
front of a player goes to the field of that player's evidence grid that says how many of
its pieces match the player's case: ``"0/1"``, ``2`` or ``3``.

:class:`Investigation` follows one case on its own. :class:`Table` follows a whole game
for one player (seat 0): the hand, the own case, every opponent's grid, the discard pile,
the blood-drop cards, solved cases and reshuffles. It keeps the *joint* posterior over
all opponents' cases (they are all different cards) and counts every 4-evidence card in
view. :func:`play_game` plays whole games between bots (:class:`Bot`), each with a
:class:`Table` of its own.

Example (the rulebook's worked example):
    >>> eva = Investigation()
    >>> eva = eva.played("woman/night/outside/gun", "0/1").played("woman/knife", 2)
    >>> eva.solutions()
    [Case('woman', 'day', 'inside', 'knife')]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from deduce._validation import check_int
from deduce.errors import Contradiction, DeduceError, InvalidInput
from deduce.games.bsi.cards import (
    ATTRIBUTES,
    CARDS,
    CASES,
    FIELD_OF,
    FIELDS,
    Card,
    Case,
    field_index,
)
from deduce.investigation import Investigation as _Investigation
from deduce.investigation import Recommendation, deletion_filter
from deduce.space import Space

__all__ = [
    "ATTRIBUTES",
    "CARDS",
    "CASES",
    "FIELDS",
    "AttemptOption",
    "Card",
    "Case",
    "Cases",
    "Draw",
    "FailedAttempt",
    "Investigation",
    "Lay",
    "Play",
    "Played",
    "Reshuffle",
    "Seen",
    "Solve",
    "Table",
    "points",
]

_FULL = (1 << len(CASES)) - 1
_BIT = np.arange(len(CASES), dtype=np.int64)
_FIELD_MASKS = np.array(
    [
        [sum(1 << j for j in range(len(CASES)) if FIELD_OF[i, j] == f) for f in range(3)]
        for i in range(len(CARDS))
    ],
    dtype=np.int64,
)
_CASE_ARRAY = np.array(
    [[ATTRIBUTES[n].index(getattr(c, n)) for n in ATTRIBUTES] for c in CASES], dtype=np.int64
)


def points(drops: int, cards_under_grid: int) -> int:
    """The points for solving a case: the blood drops plus ``max(0, 6 - cards)``.

    Example (Emil: the card with 3 drops, 2 cards under Eva's grid):
        >>> points(3, 2)
        7
    """
    drops = check_int("drops", drops, 1, 3)
    cards = check_int("cards_under_grid", cards_under_grid, 0)
    return drops + max(0, 6 - cards)


def _field_label(field: Any, card: Card) -> str | int:
    return FIELDS[field_index(field, card)]


# -- one case -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Played:
    """Clue: ``card`` was laid at ``field`` ("0/1", 2 or 3) of the grid.

    Example:
        >>> Played(Card(victim="woman", weapon="knife"), 2)
        Played(card=Card(victim='woman', weapon='knife'), field=2)
    """

    card: Card
    field: str | int

    def __str__(self) -> str:
        return f"{self.card} at {self.field}"


@dataclass(frozen=True, slots=True)
class Seen:
    """Clue: these 4-evidence cards are somewhere else, so none is the case.

    Example:
        >>> Seen((Case("man", "day", "inside", "gun"),))
        Seen(cases=(Case('man', 'day', 'inside', 'gun'),))
    """

    cases: tuple[Case, ...]

    def __str__(self) -> str:
        return "seen " + ", ".join(str(c) for c in self.cases)


@dataclass(frozen=True, slots=True)
class FailedAttempt:
    """Clue: someone named ``case`` and was wrong.

    Example:
        >>> FailedAttempt(Case("man", "day", "inside", "gun"))
        FailedAttempt(case=Case('man', 'day', 'inside', 'gun'))
    """

    case: Case

    def __str__(self) -> str:
        return f"not {self.case}"


class Investigation(_Investigation):
    """One player's case, as the cards laid at that player's evidence grid show it.

    Example:
        >>> inv = Investigation().played("man/day/inside", 3)
        >>> len(inv.solutions()), inv.certain()["scene"]
        (2, 'inside')
        >>> inv.failed_attempt("man/day/inside/gun").solved
        Case('man', 'day', 'inside', 'knife')
    """

    game = "bsi"
    clue_types = (Played, Seen, FailedAttempt)
    value_types = (Card, Case)

    def __init__(self) -> None:
        self._start()

    def played(self, card: Card | str, field: str | int) -> Investigation:
        """The investigation after ``card`` went to ``field`` ("0/1", 0, 1, 2 or 3).

        Raises:
            InvalidInput: not a card, or a field it cannot reach (3 for 2 pieces).
        """
        parsed = Card.parse(card)
        return self.observe(Played(parsed, _field_label(field, parsed)))

    def seen(self, *cases: Case | Card | str) -> Investigation:
        """The investigation knowing these 4-evidence cards are elsewhere (hand, discard...)."""
        if not cases:
            raise InvalidInput("cases", (), "at least one case")
        return self.observe(Seen(tuple(Case.parse(c) for c in cases)))

    def failed_attempt(self, case: Case | Card | str) -> Investigation:
        """The investigation after an attempt naming ``case`` failed."""
        return self.observe(FailedAttempt(Case.parse(case)))

    # -- rules -------------------------------------------------------------------------

    def initial_space(self) -> Space:
        return Space(tuple(ATTRIBUTES), tuple(ATTRIBUTES.values()), _CASE_ARRAY)

    def apply_clue(self, space: Space, clue: Any) -> Space:
        if isinstance(clue, Played):
            if not isinstance(clue.card, Card):
                raise InvalidInput("card", clue.card, "a Card")
            f = field_index(clue.field, clue.card)
            return space.filter(FIELD_OF[clue.card.index, space.ids] == f)
        if isinstance(clue, Seen):
            if not clue.cases or not all(isinstance(c, Case) for c in clue.cases):
                raise InvalidInput("cases", clue.cases, "one or more Case")
            return space.filter(~np.isin(space.ids, [c.index for c in clue.cases]))
        if isinstance(clue, FailedAttempt):
            if not isinstance(clue.case, Case):
                raise InvalidInput("case", clue.case, "a Case")
            return space.filter(space.ids != clue.case.index)
        raise InvalidInput("clue", clue, "Played, Seen or FailedAttempt")

    def solution_of(self, labels: tuple[Any, ...]) -> Case:
        return Case(*labels)

    def queries(self) -> Sequence[Card]:
        # a 4-evidence card that is still possible cannot be played: it would be the case
        possible = set(self._space.ids.tolist())
        return [c for c in CARDS if c.size < 4 or c.case is None or c.case.index not in possible]

    def outcome_table(self, space: Space, queries: Sequence[Card]) -> npt.NDArray[Any]:
        rows = np.array([q.index for q in queries], dtype=np.int64)
        return FIELD_OF[rows][:, space.ids]

    def outcome_label(self, query: Card, k: int) -> str | int:
        return FIELDS[k]

    def clue_for(self, query: Card, k: int) -> Played:
        return Played(query, FIELDS[k])

    def world_of(self, secret: Any) -> int:
        return Case.parse(secret).index

    def secret_of(self, world: int) -> Case:
        return CASES[world]

    def _constructor_repr(self) -> str:
        return "Investigation()"


# -- the whole table ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Lay:
    """Event: the player whose turn it is lays ``card`` at seat ``target``'s grid, field
    ``field``.

    Example:
        >>> Lay(Card(victim="woman", weapon="knife"), 1, 2)
        Lay(card=Card(victim='woman', weapon='knife'), target=1, field=2)
    """

    card: Card
    target: int
    field: str | int

    def __str__(self) -> str:
        return f"{self.card} at seat {self.target}: {self.field}"


@dataclass(frozen=True, slots=True)
class Solve:
    """Event: the player whose turn it is tries to solve seat ``target``'s case.

    Attributes:
        target: whose case.
        case: the case named.
        drops: the blood drops on the investigation card used (1 to 3).
        correct: whether it was right.
        revealed: when right, the 2- and 3-piece cards the target turned up (onto the
            discard pile) while drawing a new case.
        new_case: when right and the target is seat 0: seat 0's new case.

    Example:
        >>> Solve(1, Case("woman", "day", "inside", "knife"), 3, True).drops
        3
    """

    target: int
    case: Case
    drops: int
    correct: bool
    revealed: tuple[Card, ...] = ()
    new_case: Case | None = None

    def __str__(self) -> str:
        verdict = "right" if self.correct else "wrong"
        return f"seat {self.target} is {self.case}? ({self.drops} drops, {verdict})"


@dataclass(frozen=True, slots=True)
class Draw:
    """Event: the player whose turn it is draws a card and ends the turn (``card`` is
    given when seat 0 draws).

    Example:
        >>> Draw()
        Draw(card=None)
    """

    card: Card | None = None

    def __str__(self) -> str:
        return f"draws {self.card}" if self.card is not None else "draws"


@dataclass(frozen=True, slots=True)
class Reshuffle:
    """Event: the discard pile is shuffled into a new draw pile now, while the draw pile
    is empty, before anyone needs a card from it (see :meth:`Table.reshuffled`).

    Example:
        >>> str(Reshuffle())
        'the discard pile becomes the draw pile'
    """

    def __str__(self) -> str:
        return "the discard pile becomes the draw pile"


@dataclass(frozen=True, slots=True)
class Play:
    """A move: lay ``card`` from my hand at seat ``target``'s grid.

    Everyone at the table sees the field it goes to, so every player learns the same.

    Example:
        >>> str(Play(Card.parse("woman/knife"), 1))
        'woman/knife -> seat 1'
    """

    card: Card
    target: int

    def __str__(self) -> str:
        return f"{self.card} -> seat {self.target}"


@dataclass(frozen=True, slots=True)
class AttemptOption:
    """Solving seat ``target``'s case now, naming ``case``, with the card of ``drops``.

    Attributes:
        target: whose case.
        case: the most probable case (the one to name).
        drops: the investigation card to use.
        probability: the chance that ``case`` is right.
        points: the expected points now, ``probability * (drops + max(0, 6 - cards))``.
        wait_points: the expected points of the same attempt after one more card of mine
            at that grid (0 when I get no further turn).

    Example:
        >>> o = AttemptOption(1, Case("man", "day", "inside", "gun"), 3, 0.5, 3.5, 3.0)
        >>> o.advisable
        True
    """

    target: int
    case: Case
    drops: int
    probability: float
    points: float
    wait_points: float

    @property
    def advisable(self) -> bool:
        """Whether attempting now is worth at least waiting one more turn."""
        return self.points > 0 and self.points >= self.wait_points - 1e-12


@dataclass(frozen=True, slots=True)
class Cases:
    """A solution at the table: one case per opponent, seat 1 first.

    Example:
        >>> both = Cases((Case.parse("man/day/inside/gun"), Case.parse("woman/day/inside/knife")))
        >>> both.of(2), len(both)
        (Case('woman', 'day', 'inside', 'knife'), 2)
        >>> print(both)
        seat 1: man/day/inside/gun, seat 2: woman/day/inside/knife
    """

    cases: tuple[Case, ...]

    def of(self, seat: int) -> Case:
        """The case of opponent ``seat`` (1 to the number of players - 1)."""
        return self.cases[_seat(seat, len(self.cases) + 1, "seat", exclude=0) - 1]

    def __iter__(self) -> Iterator[Case]:
        return iter(self.cases)

    def __len__(self) -> int:
        return len(self.cases)

    def __str__(self) -> str:
        return ", ".join(f"seat {i}: {case}" for i, case in enumerate(self.cases, 1))


class _State(NamedTuple):
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
    drops: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]
    solved: tuple[int, ...]  # cases solved so far, per seat whose case it was
    final: bool
    over: bool
    broken: bool


def _set(values: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return (*values[:i], value, *values[i + 1 :])


def _seat(value: Any, players: int, argument: str, *, exclude: int | None = None) -> int:
    seat = check_int(argument, value, 0, players - 1)
    if seat == exclude:
        seats = [s for s in range(players) if s != exclude]
        raise InvalidInput(argument, value, seats, reason=f"not seat {exclude} itself")
    return seat


def _card(value: Any, argument: str = "card") -> Card:
    if not isinstance(value, Card):
        raise InvalidInput(argument, value, "a Card")
    return value


def _case(value: Any, argument: str = "case") -> Case:
    if not isinstance(value, Case):
        raise InvalidInput(argument, value, "a Case")
    return value


def _initial_state(players: int, first: int, case: Case, hand: tuple[Card, ...]) -> _State:
    where = [0] * len(CASES)
    where[case.index] = -1
    for card in hand:
        if card.case is not None:
            where[card.case.index] = -1
    return _State(
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
        masks=(_FULL,) * players,
        where=tuple(where),
        drops=((1, 2, 3),) * players,
        points=(0,) * players,
        solved=(0,) * players,
        final=False,
        over=False,
        broken=False,
    )


def _reshuffle(s: _State) -> _State:
    """The discard pile becomes the draw pile (the draw pile is empty).

    Every unseen card is then in a hand or an investigation file, so the new draw pile
    holds exactly the cards that were on the discard pile: its case cards start a new
    epoch.
    """
    epoch = s.epoch + 1
    where = list(s.where)
    for card in s.discard:
        if card.case is not None:
            where[card.case.index] = epoch
    return s._replace(epoch=epoch, where=tuple(where), pile=len(s.discard), discard=())


def _take_from_pile(s: _State, *, optional: bool = False) -> _State | None:
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
                "draw", "empty", "a card to draw", reason="the draw and discard piles are empty"
            )
        s = _reshuffle(s)
    return s._replace(pile=s.pile - 1)


def _pile_card(s: _State) -> _State:
    taken = _take_from_pile(s)
    assert taken is not None
    return taken


def _candidates(s: _State) -> list[npt.NDArray[np.int64]]:
    """For each opponent (seats 1..n-1), the case indices their case can be."""
    result = []
    where = np.array(s.where)
    for seat in range(1, s.players):
        ok = where == s.case_epoch[seat]
        mask = s.masks[seat]
        ok &= ((mask >> _BIT) & 1).astype(bool)
        result.append(np.flatnonzero(ok).astype(np.int64))
    return result


def _joint(s: _State) -> npt.NDArray[np.int64]:
    """Every assignment of different cases to the opponents that fits what is known."""
    if s.broken:
        return np.zeros((0, s.players - 1), dtype=np.int64)
    cands = _candidates(s)
    if any(len(c) == 0 for c in cands):
        return np.zeros((0, len(cands)), dtype=np.int64)
    grids = np.meshgrid(*cands, indexing="ij")
    rows = np.stack([g.ravel() for g in grids], axis=1)
    keep = np.ones(len(rows), dtype=bool)
    for a in range(rows.shape[1]):
        for b in range(a + 1, rows.shape[1]):
            keep &= rows[:, a] != rows[:, b]
    return rows[keep]


def _step(s: _State, event: Any, inform: bool = True) -> _State:
    """The public state after ``event``.

    ``inform=False`` keeps out what the event tells about the cases (a field, a failed
    attempt, a case card coming into view); used to find the moves a contradiction comes
    from.
    """
    if s.over:
        raise InvalidInput("event", event, "no further move", reason="the game is over")
    player = s.turn
    if isinstance(event, Lay):
        return _lay(s, event, player, inform)
    if isinstance(event, Solve):
        return _solve(s, event, player, inform)
    if isinstance(event, Draw):
        return _draw(s, event, player, inform)
    if isinstance(event, Reshuffle):
        if s.pile > 0:
            reason = f"{s.pile} cards are left in the draw pile"
        elif not s.discard:
            reason = "the discard pile is empty"
        else:
            return _reshuffle(s)
        raise InvalidInput("event", event, "a reshuffle once the draw pile is empty", reason=reason)
    raise InvalidInput("event", event, "Lay, Solve, Draw or Reshuffle")


def _lay(s: _State, event: Lay, player: int, inform: bool) -> _State:
    if s.phase != 0:
        raise InvalidInput("event", event, "an attempt or a draw", reason="a card was laid already")
    card = _card(event.card)
    if s.hands[player] == 0:
        raise InvalidInput(
            "event", event, "a draw", reason=f"seat {player} has no card in hand to lay"
        )
    target = _seat(event.target, s.players, "target", exclude=player)
    f = field_index(event.field, card)
    where = list(s.where)
    hand = s.hand
    if player == 0:
        if card not in hand:
            raise InvalidInput("card", card, [str(c) for c in hand], reason="not in your hand")
        i = hand.index(card)
        hand = hand[:i] + hand[i + 1 :]
    elif card.case is not None:
        x = card.case.index
        if where[x] < 0:
            raise InvalidInput("card", card, "a card not in view", reason="it is in view already")
        if inform:
            where[x] = -1
    masks = s.masks
    if target == 0:
        truth = int(FIELD_OF[card.index, s.my_case])
        if truth != f:
            raise InvalidInput(
                "field",
                event.field,
                [FIELDS[truth]],
                reason=f"your case {CASES[s.my_case]} matches {card} that way",
            )
    elif inform:
        masks = _set(masks, target, masks[target] & int(_FIELD_MASKS[card.index, f]))
    return s._replace(
        phase=1,
        hand=hand,
        hands=_set(s.hands, player, s.hands[player] - 1),
        where=tuple(where),
        masks=masks,
        grids=_set(s.grids, target, (*s.grids[target], (card, FIELDS[f]))),
    )


def _solve(s: _State, event: Solve, player: int, inform: bool) -> _State:
    if s.phase != 1 and not (s.phase == 0 and s.hands[player] == 0):
        reason = "lay a card first" if s.phase == 0 else "one attempt per turn"
        raise InvalidInput("event", event, "a card laid or a draw", reason=reason)
    target = _seat(event.target, s.players, "target", exclude=player)
    case = _case(event.case)
    if check_int("drops", event.drops, 1, 3) not in s.drops[player]:
        raise InvalidInput("drops", event.drops, list(s.drops[player]), reason="cards left")
    if not isinstance(event.correct, bool):
        raise InvalidInput("correct", event.correct, [True, False])
    left = tuple(d for d in s.drops[player] if d != event.drops)
    s = s._replace(phase=2, drops=_set(s.drops, player, left), final=s.final or not left)
    if not event.correct:
        if event.revealed or event.new_case is not None:
            raise InvalidInput("revealed", event.revealed, "() after a failed attempt")
        if target == 0:
            if case.index == s.my_case:
                raise InvalidInput("correct", False, [True], reason=f"your case is {case}")
        elif inform:
            s = s._replace(masks=_set(s.masks, target, s.masks[target] & ~(1 << case.index)))
        return s
    where = list(s.where)
    if target == 0:
        if case.index != s.my_case:
            raise InvalidInput("correct", True, [False], reason=f"your case is {CASES[s.my_case]}")
    else:
        x = case.index
        if where[x] != s.case_epoch[target]:
            reason = "it is in view" if where[x] < 0 else "it was not in the draw pile then"
            raise InvalidInput("case", case, f"a possible case of seat {target}", reason=reason)
        column = _joint(s)[:, target - 1]
        if not (column == x).any():
            s = s._replace(broken=True)
        where[x] = -1
    grid = s.grids[target]
    s = s._replace(
        where=tuple(where),
        points=_set(s.points, player, s.points[player] + points(event.drops, len(grid))),
        discard=(*s.discard, *(card for card, _ in grid), case.card),
        grids=_set(s.grids, target, ()),
        masks=_set(s.masks, target, _FULL),
        solved=_set(s.solved, target, s.solved[target] + 1),
    )
    for card in event.revealed:
        card = _card(card, "revealed")
        if card.case is not None:
            raise InvalidInput(
                "revealed", card, "2- and 3-piece cards", reason="a case card becomes the case"
            )
        s = _pile_card(s)
        s = s._replace(discard=(*s.discard, card))
    s = _pile_card(s)
    if target == 0:
        new = _case(event.new_case, "new_case")
        if s.where[new.index] != s.epoch:
            raise InvalidInput("new_case", new, "a case card in the draw pile", reason="in view")
        return s._replace(my_case=new.index, where=_set(s.where, new.index, -1))
    if event.new_case is not None:
        raise InvalidInput("new_case", event.new_case, "None (only seat 0's new case is seen)")
    return s._replace(case_epoch=_set(s.case_epoch, target, s.epoch))


def _draw(s: _State, event: Draw, player: int, inform: bool) -> _State:
    if s.phase == 0 and s.hands[player] > 0:
        raise InvalidInput("event", event, "a card laid first", reason="a turn starts with one")
    taken = _take_from_pile(s, optional=True)
    hand, where, count = s.hand, s.where, s.hands[player]
    if taken is None:  # both piles are empty: the turn ends without a card
        if event.card is not None:
            raise InvalidInput("card", event.card, [None], reason="both piles are empty")
    else:
        s = taken
        where = s.where
        count += 1
        if player == 0:
            card = _card(event.card)
            if card.case is not None:
                x = card.case.index
                if where[x] != s.epoch:
                    raise InvalidInput("card", card, "a card from the draw pile", reason="in view")
                if inform:
                    where = _set(where, x, -1)
            hand = (*hand, card)
        elif event.card is not None:
            raise InvalidInput("card", event.card, "None (another player's card is hidden)")
    turn = (player + 1) % s.players
    return s._replace(
        hand=hand,
        where=where,
        hands=_set(s.hands, player, count),
        turn=turn,
        phase=0,
        over=s.final and turn == s.first,
    )


def _informative(event: Any) -> bool:
    """Whether ``event`` can tell anything about an opponent's case."""
    if isinstance(event, Lay):
        return event.target != 0 or event.card.case is not None
    if isinstance(event, Draw):
        return event.card is not None and event.card.case is not None
    return isinstance(event, Solve) and not event.correct and event.target != 0


class Table(_Investigation):
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
        self.first = _seat(first, players, "first")
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
        return self.observe(Lay(parsed, target, _field_label(field, parsed)))

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
        state = self._state
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
    def _state(self) -> _State:
        state: _State = self._space.state
        return state

    @property
    def turn(self) -> int:
        """The seat whose turn it is."""
        return self._state.turn

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
        s = self._state
        if s.over:
            return "over"
        if s.phase == 0:
            return "lay" if s.hands[s.turn] > 0 else "attempt"
        return "attempt" if s.phase == 1 else "draw"

    @property
    def hand(self) -> tuple[Card, ...]:
        """My cards."""
        return self._state.hand

    @property
    def my_case(self) -> Case:
        """My current case."""
        return CASES[self._state.my_case]

    @property
    def opponents(self) -> tuple[int, ...]:
        """The other seats."""
        return tuple(range(1, self.players))

    def grid(self, seat: int) -> tuple[tuple[Card, str | int], ...]:
        """The cards under ``seat``'s evidence grid, each with its field."""
        return self._state.grids[_seat(seat, self.players, "seat")]

    @property
    def discard(self) -> tuple[Card, ...]:
        """The discard pile, oldest first."""
        return self._state.discard

    @property
    def pile(self) -> int:
        """Cards left in the draw pile."""
        return self._state.pile

    @property
    def reshuffles(self) -> int:
        """How often the discard pile became the draw pile."""
        return self._state.epoch

    def drops_left(self, seat: int) -> tuple[int, ...]:
        """The investigation cards ``seat`` has not used yet (their blood drops)."""
        return self._state.drops[_seat(seat, self.players, "seat")]

    def scores(self) -> dict[int, int]:
        """Every seat's points so far."""
        return dict(enumerate(self._state.points))

    @property
    def final_round(self) -> bool:
        """Whether someone has used their last investigation card (the round ends it)."""
        return self._state.final

    @property
    def over(self) -> bool:
        """Whether the game has ended (the round after a third investigation card)."""
        return self._state.over

    def winners(self) -> tuple[int, ...]:
        """The seats with the most points (there can be several)."""
        best = max(self._state.points)
        return tuple(s for s, p in enumerate(self._state.points) if p == best)

    def _column(self, opponent: int) -> npt.NDArray[np.int64]:
        seat = _seat(opponent, self.players, "opponent", exclude=0)
        return self._space.worlds[:, seat - 1]

    def _column_name(self, opponent: int) -> str:
        return self._column_names()[_seat(opponent, self.players, "opponent", exclude=0) - 1]

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
            _CASE_ARRAY[self._column(opponent)],
            weights=self._space.weights,
        )
        return pieces.marginals()

    # -- advice ------------------------------------------------------------------------

    def _ready(self, step: str, advice: str) -> _State:
        """The state, if it is my turn and at ``step``; else InvalidInput saying why."""
        s = self._state
        now = self.step
        if now == "over":
            raise InvalidInput("step", now, "a game still going on", reason="the game is over")
        if s.turn != 0:
            raise InvalidInput(
                "turn", s.turn, "your turn (seat 0)", reason=f"{advice} is for your own turn"
            )
        if now != step:
            reason = {
                ("attempt", "lay"): "a turn starts by laying a card, and it may go under the "
                "grid you would attempt: ask again once your card is laid",
                ("attempt", "draw"): "one attempt per turn: draw to end it",
                ("lay", "attempt"): "your card for this turn is laid already",
                ("lay", "draw"): "your card for this turn is laid already",
            }[step, now]
            raise InvalidInput("step", now, f"the {step} step of your turn", reason=reason)
        return s

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

    def _best_after_one_more(self, opponent: int) -> float:
        """P(right) after the best card of my hand is laid at ``opponent``'s grid."""
        column = self._column(opponent)
        weights = self._space.weights.astype(np.float64)
        total = weights.sum()
        best = float(np.bincount(column, weights=weights).max() / total)
        for card in set(self._state.hand):
            fields = FIELD_OF[card.index, column]
            joint = np.zeros((4, len(CASES)))
            np.add.at(joint, (fields, column), weights)
            best = max(best, float(joint.max(axis=1).sum() / total))
        return best

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
        state = self._ready("attempt", "advice on an attempt")
        options = []
        for opponent in self.opponents:
            probabilities = self.case_probabilities(opponent)
            case, p = next(iter(probabilities.items()))
            cards = len(state.grids[opponent])
            later = 0.0 if state.final else self._best_after_one_more(opponent)
            for drops in state.drops[0]:
                now = p * points(drops, cards)
                wait = later * points(drops, cards + 1) if later else 0.0
                options.append(AttemptOption(opponent, case, drops, p, now, wait))
        options.sort(
            key=lambda o: (not o.advisable, -(o.points - o.wait_points), -o.points, -o.drops)
        )
        return options

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

    def _space_of(self, state: _State) -> Space:
        names = self._column_names()
        return Space(names, [CASES] * len(names), _joint(state), state=state)

    def initial_space(self) -> Space:
        return self._space_of(_initial_state(self.players, self.first, self.case, self.start_hand))

    def apply_clue(self, space: Space, clue: Any) -> Space:
        return self._space_of(_step(space.state, clue))

    def solution_of(self, labels: tuple[Any, ...]) -> Cases:
        return Cases(tuple(labels))

    def queries(self) -> Sequence[Play]:
        state = self._ready("lay", "advice on the card to lay")  # so my hand holds a card
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
        from hypothesis import strategies as st

        s = self._state
        if s.over:
            return st.none()
        cases = tuple(Case.parse(c) for c in secret)
        truth = (CASES[s.my_case], *cases)
        player = s.turn
        small = [c for c in CARDS if c.size < 4]
        if s.phase == 0 and s.hands[player] > 0:
            if player == 0:
                cards = st.sampled_from(s.hand)
            else:
                hidden = [c.card for c in CASES if s.where[c.index] >= 0 and c not in cases]
                cards = st.sampled_from(small + hidden)
            targets = st.sampled_from([t for t in range(s.players) if t != player])

            def lay(card: Card, target: int) -> Lay:
                f = int(FIELD_OF[card.index, truth[target].index])
                return Lay(card, target, FIELDS[f])

            return st.builds(lay, cards, targets)
        if player == 0:
            fresh = [c.card for c in CASES if s.where[c.index] == s.epoch and c not in cases]
            pool = small + (fresh if s.pile > 0 else [])
            draw = st.sampled_from(pool).map(Draw)
            if s.pile == 0 and not s.discard:
                draw = st.just(Draw())
        else:
            draw = st.just(Draw())
        if s.pile == 0 and s.discard:  # a table that reshuffles as soon as the pile is empty
            draw = st.one_of(draw, st.just(Reshuffle()))
        if s.phase == 2 or not s.drops[player]:
            return draw
        others = [t for t in range(s.players) if t != player]

        def attempt(target: int, case: Case, drops: int) -> Solve | None:
            if case == truth[target]:
                return None
            return Solve(target, case, drops, False)

        fail = st.builds(
            attempt,
            st.sampled_from(others),
            st.sampled_from(CASES),
            st.sampled_from(s.drops[player]),
        ).filter(lambda clue: clue is not None)
        return st.one_of(draw, fail)

    def _replay_events(self, events: Sequence[Any], ignored: frozenset[int]) -> _State:
        state: _State = self._root()._space.state
        for i, event in enumerate(events):
            state = _step(state, event, i not in ignored)
        return state

    def _contradiction(self, clue: Any) -> DeduceError:
        events = (*self._clues, clue)
        informative = [i for i, e in enumerate(self._clues) if _informative(e)]

        def fails(kept: Sequence[int]) -> bool:
            try:
                state = self._replay_events(events, frozenset(informative) - set(kept))
            except InvalidInput:
                return False
            return len(_joint(state)) == 0

        if fails([]):  # impossible with my own case and cards alone
            return InvalidInput(
                "clue",
                clue,
                "a move the cards in view allow",
                reason="no case fits it that is out of view and was in the right draw pile",
            )
        kept = deletion_filter(informative, fails)
        return Contradiction(clue, [self._clues[i] for i in kept])
