"""Whole games of Black Stories Investigation between bots, each seeing the table as a
:class:`~deduce.games.bsi.Table` of its own.

The game master here holds the real deck, shuffles, deals and answers; every bot only
sees what a player at the table would see. Used by the narrated demo, the example, the
tests and the study of strategies; its public names are in :mod:`deduce.games.bsi`.

Example:
    >>> record = play_game([advised, random_bot], seed=1)
    >>> sorted(record.points) == sorted(record.tables[0].scores().values())
    True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar, cast

from deduce._internal.entry import guard
from deduce._internal.validation import check_int, check_seed
from deduce.errors import InvalidInput
from deduce.games.bsi.cards import BOX, FIELD_OF, FIELDS, STAND_IN, Card, Case, stand_in_name
from deduce.games.bsi.clues import Reshuffle
from deduce.table.referee import (
    Bot,
    GameRecord,
    Player,
    Policy,
    Referee,
    SeatTables,
    check_lineup,
    run,
)

if TYPE_CHECKING:  # the table imports this module: no import cycle at run time
    from deduce.games.bsi.table import Table

__all__ = [
    "DECK",
    "RESHUFFLES",
    "STAND_IN",
    "STEPS",
    "Bot",
    "GameRecord",
    "advised",
    "bot",
    "cautious",
    "entropy_advised",
    "game_master_at",
    "play_game",
    "random_bot",
]

DECK: tuple[Card, ...] = BOX
"""The 28 murder case cards the game master deals: the 16 cases and the 12 stand-ins."""

RESHUFFLES = ("when_needed", "when_empty")
"""When the discard pile becomes the draw pile: when a card must be taken from the empty
draw pile, or as soon as the draw pile is empty (reported with ``Table.reshuffled()``)."""

Attempt = tuple[int, Case, int]
"""(target seat, case named, blood drops), in the bot's own seat numbers."""

Move = tuple[Card, int] | Attempt | None
"""A bot's move: the card and the seat to lay it at (the lay step), or an
:data:`Attempt` or None (the attempt step)."""

T = TypeVar("T")


STEPS = ("lay", "attempt")
"""The steps of a BSI player's turn: the card to lay and where (at the start of a turn,
when it holds a card), then whether to try to solve (the attempt step)."""


def bot(name: str, lay: Policy, attempt: Policy) -> Bot[Table, Move]:
    """A player (a :class:`~deduce.table.Bot`) from what it does at its two steps.

    Both functions get the bot's own :class:`Table` (it is seat 0 there) and a random
    generator. ``lay`` returns the card and the seat to lay it at; ``attempt`` returns
    ``(seat, case, drops)`` or None. Seats are the bot's own numbers.

    Example:
        >>> first_card = bot("first card", lambda t, rng: (t.hand[0], 1), lambda t, rng: None)
        >>> play_game([first_card, first_card], seed=2, max_turns=6).turns
        6
    """
    return Bot(name, {"lay": lay, "attempt": attempt})


def _advised_play(table: Table, rng: random.Random) -> tuple[Card, int]:
    action = table.recommend(top=1)[0].action
    return action.card, action.target


def _advised_attempt(table: Table, rng: random.Random) -> Attempt | None:
    option = table.best_attempt()
    return None if option is None else (option.target, option.case, option.drops)


def _entropy_play(table: Table, rng: random.Random) -> tuple[Card, int]:
    action = table.recommend(top=1, strategy="entropy")[0].action
    return action.card, action.target


def _one_step_attempt(table: Table, rng: random.Random) -> Attempt | None:
    option = table.best_attempt(strategy="entropy")
    return None if option is None else (option.target, option.case, option.drops)


def _certain_attempt(table: Table, rng: random.Random) -> Attempt | None:
    drops = table.drops_left(0)
    for seat in table.opponents:
        case = table.solved_case(seat)
        if case is not None and drops:
            return seat, case, max(drops)
    return None


def _random_play(table: Table, rng: random.Random) -> tuple[Card, int]:
    return rng.choice(table.hand), rng.choice(table.opponents)


def _random_attempt(table: Table, rng: random.Random) -> Attempt | None:
    if not table.drops_left(0) or rng.random() >= 0.25:
        return None
    seat = rng.choice(table.opponents)
    case = rng.choice(list(table.case_probabilities(seat)))
    return seat, case, rng.choice(table.drops_left(0))


advised = bot("advised", _advised_play, _advised_attempt)
"""Follows the table's default advice: lays the card :meth:`Table.recommend` ranks first
(the points it leads to) and attempts when :meth:`Table.best_attempt` says so."""

entropy_advised = bot("entropy", _entropy_play, _one_step_attempt)
"""The one-step information advice: lays the most informative card (``"entropy"``) and
attempts when that beats the same attempt after one more card of its own."""

cautious = bot("cautious", _entropy_play, _certain_attempt)
"""Lays the most informative card; attempts only a certain case, with its best card."""

random_bot = bot("random", _random_play, _random_attempt)
"""Lays a random card at a random grid; one turn in four names a random possible case
of a random opponent with a random investigation card."""


class _Game:
    def __init__(self, players: int, rng: random.Random) -> None:
        self.n = players
        self.rng = rng
        pile = list(DECK)
        rng.shuffle(pile)
        self.cases: list[Case] = []
        for _ in range(players):
            while (card := pile.pop()).case is None:
                pile.insert(0, card)
            self.cases.append(card.case)
        rng.shuffle(pile)
        self.pile = pile
        self.hands = [[self.pile.pop() for _ in range(3)] for _ in range(players)]
        self.discard: list[Card] = []
        self.grids: list[list[tuple[Card, str | int]]] = [[] for _ in range(players)]
        self.drops = [[1, 2, 3] for _ in range(players)]
        self.points = [0] * players
        # for checks: per seat, the step at which its case was drawn; reshuffles
        self.step = 0
        self.case_step = [0] * players
        self.reshuffles: list[tuple[int, frozenset[Case]]] = []
        self.visible: list[frozenset[Case]] = []  # cases in seat 0's view after each step
        self.failed: list[list[Case]] = [[] for _ in range(players)]
        self.replacing: int | None = None  # whose case is being drawn anew
        self.snapshot()

    def snapshot(self) -> None:
        cards = [*self.hands[0], *self.discard, *(c for g in self.grids for c, _ in g)]
        seen = {c.case for c in cards if c.case is not None}
        if self.replacing != 0:
            seen.add(self.cases[0])
        self.visible.append(frozenset(seen))
        self.step += 1

    def reshuffle(self) -> None:
        self.reshuffles.append((self.step, frozenset(c.case for c in self.discard if c.case)))
        self.pile = self.discard
        self.discard = []
        self.rng.shuffle(self.pile)
        self.snapshot()

    def take(self) -> Card | None:
        if not self.pile:
            if not self.discard:
                return None
            self.reshuffle()
        return self.pile.pop()


class _Referee(SeatTables):
    """The BSI game master for :func:`~deduce.table.referee.run`: a turn is the lay (when
    the seat holds a card: the move is ``(card, seat)``), then the attempt step (the move
    is an :data:`Attempt` or None), after which the seat draws and the turn passes."""

    steps = STEPS
    tables: list[Table]

    def __init__(self, players: int, rng: random.Random, reshuffle: str, max_turns: int) -> None:
        from deduce.games.bsi.table import Table

        self.players = players
        self.game = _Game(players, rng)
        self.when_empty = reshuffle == "when_empty"
        self.tables = [
            Table(players, case=self.game.cases[s], hand=self.game.hands[s], first=-s % players)
            for s in range(players)
        ]
        self.seat = 0
        self.laying = bool(self.game.hands[0])
        self.final = False  # someone has used their last investigation card
        self.ended = False  # the final round is over
        self.turns = 0
        self.max_turns = max_turns

    def turn(self) -> int | None:
        return None if self.ended or self.turns >= self.max_turns else self.seat

    def step(self) -> str:
        return "lay" if self.laying else "attempt"

    def winners(self) -> tuple[int, ...]:
        best = max(self.game.points)
        return tuple(s for s, p in enumerate(self.game.points) if p == best)

    def points(self) -> tuple[float, ...]:
        return tuple(self.game.points)

    def apply(self, seat: int, move: Any) -> list[str]:
        if self.laying:
            return self._lay(seat, move)
        return self._attempt(seat, move)

    def _lay(self, seat: int, move: tuple[Card, int]) -> list[str]:
        game, n = self.game, self.players
        card, rel = move
        target = (rel + seat) % n
        f = FIELDS[FIELD_OF[card.index, game.cases[target].index]]
        game.hands[seat].remove(card)
        game.grids[target].append((card, f))
        for v in range(n):
            self.tables[v] = self.tables[v].played(card, (target - v) % n, f)
        game.snapshot()
        self.laying = False
        return [f"seat {seat} lays {stand_in_name(card)} at seat {target}'s grid: field {f}"]

    def _attempt(self, seat: int, choice: Attempt | None) -> list[str]:
        game, n, lines = self.game, self.players, []
        if choice is not None:
            rel_target, case, drops = choice
            target = (rel_target + seat) % n
            correct = case == game.cases[target]
            game.drops[seat].remove(drops)
            self.final = self.final or not game.drops[seat]
            revealed: list[Card] = []
            new_case: Case | None = None
            if correct:
                under = len(game.grids[target])
                game.points[seat] += drops + max(0, 6 - under)
                game.discard.extend(c for c, _ in game.grids[target])
                game.discard.append(case.card)
                game.grids[target] = []
                game.failed[target] = []
                game.snapshot()
                game.replacing = target
                while (turned := game.take()) is not None and turned.case is None:
                    revealed.append(turned)
                    game.discard.append(turned)
                assert turned is not None and turned.case is not None
                new_case = turned.case
                game.cases[target] = new_case
                game.case_step[target] = game.step
                game.replacing = None
            else:
                game.failed[target].append(case)
            for v in range(n):
                self.tables[v] = self.tables[v].attempt(
                    (target - v) % n,
                    case,
                    drops,
                    correct=correct,
                    revealed=revealed,
                    new_case=new_case if v == target else None,
                )
            game.snapshot()
            verdict = "right" if correct else "wrong"
            lines.append(
                f"seat {seat} names {case} for seat {target} with {drops} drops: {verdict}"
            )
            lines.extend(self._reshuffle_if_empty())
        drawn = game.take()
        if drawn is not None:
            game.hands[seat].append(drawn)
        for v in range(n):
            self.tables[v] = self.tables[v].drew(drawn if v == seat else None)
        game.snapshot()
        lines.extend(self._reshuffle_if_empty())
        self.turns += 1
        self.seat = (seat + 1) % n
        self.laying = bool(game.hands[self.seat])
        self.ended = self.final and self.seat == 0
        return lines

    def _reshuffle_if_empty(self) -> list[str]:
        game = self.game
        if not (self.when_empty and not game.pile and game.discard and not self.tables[0].over):
            return []
        game.reshuffle()
        for v in range(self.players):
            self.tables[v] = self.tables[v].reshuffled()
        return ["the draw pile is empty: the discard pile is shuffled into a new one"]


def game_master_at(
    table: Table,
    cases: Sequence[Case],
    hands: Sequence[Sequence[Card]],
    pile: Sequence[Card],
    tables: Sequence[Table],
    *,
    rng: random.Random,
) -> Referee:
    """The game master (for :func:`~deduce.table.referee.run`) at my ``table``'s current
    point, in a world where every seat's case, hand and own table are known (in my seat
    numbers: mine first) and the draw pile is ``pile`` (its top last). Its seats are
    numbered from the seat that started, as :func:`play_game`'s are (the game ends when
    the turn is back there): I am its seat ``-table.first % table.players``. ``rng``
    shuffles the discard pile when it becomes the draw pile.
    """
    s = table.state
    n, first = s.players, s.first

    def turned(values: Sequence[T]) -> list[T]:
        return [values[(k + first) % n] for k in range(n)]

    game = _Game.__new__(_Game)  # not dealt: the world's cards
    game.n, game.rng = n, rng
    game.cases = turned(cases)
    game.pile = list(pile)
    game.hands = [list(h) for h in turned(hands)]
    game.discard = list(table.discard)
    game.grids = [list(table.grid(seat)) for seat in turned(range(n))]
    game.drops = [list(d) for d in turned(s.drops)]
    game.points = turned(s.points)
    game.step, game.case_step, game.reshuffles, game.visible = 0, [0] * n, [], []
    game.failed = [[] for _ in range(n)]
    game.replacing = None
    referee = _Referee.__new__(_Referee)
    referee.players, referee.game = n, game
    referee.when_empty = any(isinstance(c, Reshuffle) for c in table.clues)
    referee.tables = turned(tables)
    referee.seat = (table.turn - first) % n
    referee.laying = table.step == "lay"
    referee.final, referee.ended = s.final, False
    referee.turns, referee.max_turns = 0, 400
    return cast(Referee, referee)


def play_game(
    bots: Sequence[Bot[Table, Move]],
    *,
    seed: int,
    max_turns: int = 400,
    narrate: Callable[[str], None] | None = None,
    reshuffle: str = "when_needed",
) -> GameRecord:
    """Play one game between ``bots`` (2 to 4; seat 0 starts) and return its record.

    Args:
        bots: the players, by seat.
        seed: the seed of the shuffles and of the bots' random choices.
        max_turns: stop after this many turns if the game has not ended.
        narrate: called with each line of the log as it happens.
        reshuffle: ``"when_needed"`` (the discard pile is shuffled when a card must be
            taken from the empty draw pile) or ``"when_empty"`` (as soon as the draw pile
            is empty after a move; every table is told with ``reshuffled()``).

    Example:
        >>> record = play_game([advised, cautious], seed=38, reshuffle="when_empty")
        >>> [str(e) for e in record.tables[0].clues if "discard pile" in str(e)]
        ['the discard pile becomes the draw pile']
    """
    lineup = check_lineup(bots, 2, 4, argument="bots", steps=STEPS)
    check_int("max_turns", max_turns, 1)
    if reshuffle not in RESHUFFLES:
        raise InvalidInput("reshuffle", reshuffle, RESHUFFLES)
    rng = check_seed("seed", seed)
    referee = _Referee(len(lineup), rng, reshuffle, max_turns)
    return _played(referee, lineup, rng, max_turns, narrate)


def _played(
    referee: _Referee,
    lineup: Sequence[Player[Table, Move]],
    rng: random.Random,
    max_turns: int,
    narrate: Callable[[str], None] | None,
) -> GameRecord:
    """The record of ``referee``'s game played to its end, with what the game master kept."""
    # a turn is at most two moves (the lay and the attempt step): the referee counts turns
    record = run(referee, lineup, rng=rng, max_moves=2 * max_turns, narrate=narrate)
    record.over = referee.ended
    game = referee.game
    record.truth = {
        "cases": list(game.cases),
        "case_step": list(game.case_step),
        "reshuffles": list(game.reshuffles),
        "visible": list(game.visible),
        "grids": [list(g) for g in game.grids],
        "failed": [list(f) for f in game.failed],
        "over": referee.final,
    }
    return record


guard(globals())
