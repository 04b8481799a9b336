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
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deduce._validation import check_int, check_seed
from deduce.errors import InvalidInput
from deduce.games.bsi.cards import BOX, FIELD_OF, FIELDS, STAND_IN, Card, Case, stand_in_name

if TYPE_CHECKING:  # the table imports this module: no import cycle at run time
    from deduce.games.bsi.table import Table

__all__ = [
    "DECK",
    "RESHUFFLES",
    "STAND_IN",
    "Bot",
    "GameRecord",
    "advised",
    "cautious",
    "entropy_advised",
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


@dataclass(frozen=True, slots=True)
class Bot:
    """A player: how it picks the card to lay and whether to try to solve.

    Both functions get the bot's own :class:`Table` (it is seat 0 there) and a random
    generator. ``play`` is asked at the start of the bot's turn when it holds a card and
    returns the card and the seat to lay it at; ``attempt`` is asked next (the attempt
    step) and returns ``(seat, case, drops)`` or None. Seats are the bot's own numbers.
    With ``sees_cases``, ``attempt`` also gets ``cases=``, every seat's true case in its
    own seat numbers (a cheat, for checking the probabilities).

    Example:
        >>> first_card = Bot("first card", lambda t, rng: (t.hand[0], 1), lambda t, rng: None)
        >>> play_game([first_card, first_card], seed=2, max_turns=6).turns
        6
    """

    name: str
    play: Callable[[Table, random.Random], tuple[Card, int]]
    attempt: Callable[..., Attempt | None]
    sees_cases: bool = False


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


advised = Bot("advised", _advised_play, _advised_attempt)
"""Follows the table's default advice: lays the card :meth:`Table.recommend` ranks first
(the points it leads to) and attempts when :meth:`Table.best_attempt` says so."""

entropy_advised = Bot("entropy", _entropy_play, _one_step_attempt)
"""The one-step information advice: lays the most informative card (``"entropy"``) and
attempts when that beats the same attempt after one more card of its own."""

cautious = Bot("cautious", _entropy_play, _certain_attempt)
"""Lays the most informative card; attempts only a certain case, with its best card."""

random_bot = Bot("random", _random_play, _random_attempt)
"""Lays a random card at a random grid; one turn in four names a random possible case
of a random opponent with a random investigation card."""


@dataclass
class GameRecord:
    """How a game went.

    Attributes:
        bots: the bots' names, by seat.
        points: the points of every seat.
        turns: how many turns were played.
        tables: every seat's own view at the end.
        log: what happened, one line per move (true seat numbers).
        truth: for checks: snapshots taken during the game (see :func:`play_game`).

    Example:
        >>> record = play_game([advised, random_bot], seed=1)
        >>> record.bots, record.winners == record.tables[0].winners()
        (('advised', 'random'), True)
    """

    bots: tuple[str, ...]
    points: list[int]
    turns: int
    tables: list[Table]
    log: list[str] = field(default_factory=list)
    truth: dict[str, Any] = field(default_factory=dict)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the most points."""
        best = max(self.points)
        return tuple(s for s, p in enumerate(self.points) if p == best)


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


def play_game(
    bots: Sequence[Bot],
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
        >>> record = play_game([advised, cautious], seed=24, reshuffle="when_empty")
        >>> [str(e) for e in record.tables[0].clues if "discard pile" in str(e)]
        ['the discard pile becomes the draw pile']
    """
    from deduce.games.bsi.table import Table

    if isinstance(bots, (str, Bot)) or not 2 <= len(bots) <= 4:
        raise InvalidInput("bots", bots, "2 to 4 bots")
    check_int("max_turns", max_turns, 1)
    if reshuffle not in RESHUFFLES:
        raise InvalidInput("reshuffle", reshuffle, RESHUFFLES)
    rng = check_seed("seed", seed)
    n = len(bots)
    game = _Game(n, rng)
    tables = [Table(n, case=game.cases[s], hand=game.hands[s], first=(0 - s) % n) for s in range(n)]
    log: list[str] = []

    def say(line: str) -> None:
        log.append(line)
        if narrate is not None:
            narrate(line)

    def reshuffle_if_empty() -> None:
        if reshuffle == "when_empty" and not game.pile and game.discard and not tables[0].over:
            game.reshuffle()
            for v in range(n):
                tables[v] = tables[v].reshuffled()
            say("the draw pile is empty: the discard pile is shuffled into a new one")

    final = False
    turns = 0
    seat = 0
    while turns < max_turns:
        bot, own = bots[seat], tables[seat]
        if game.hands[seat]:
            card, rel = bot.play(own, rng)
            target = (rel + seat) % n
            f = FIELDS[FIELD_OF[card.index, game.cases[target].index]]
            game.hands[seat].remove(card)
            game.grids[target].append((card, f))
            for v in range(n):
                tables[v] = tables[v].played(card, (target - v) % n, f)
            game.snapshot()
            say(f"seat {seat} lays {stand_in_name(card)} at seat {target}'s grid: field {f}")
        if bot.sees_cases:
            own_view = [game.cases[(k + seat) % n] for k in range(n)]
            choice = bot.attempt(tables[seat], rng, cases=own_view)
        else:
            choice = bot.attempt(tables[seat], rng)
        if choice is not None:
            rel_target, case, drops = choice
            target = (rel_target + seat) % n
            correct = case == game.cases[target]
            game.drops[seat].remove(drops)
            final = final or not game.drops[seat]
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
                tables[v] = tables[v].attempt(
                    (target - v) % n,
                    case,
                    drops,
                    correct=correct,
                    revealed=revealed,
                    new_case=new_case if v == target else None,
                )
            game.snapshot()
            verdict = "right" if correct else "wrong"
            say(f"seat {seat} names {case} for seat {target} with {drops} drops: {verdict}")
            reshuffle_if_empty()
        drawn = game.take()
        if drawn is not None:
            game.hands[seat].append(drawn)
        for v in range(n):
            tables[v] = tables[v].drew(drawn if v == seat else None)
        game.snapshot()
        reshuffle_if_empty()
        turns += 1
        seat = (seat + 1) % n
        if final and seat == 0:
            break
    record = GameRecord(tuple(b.name for b in bots), list(game.points), turns, tables, log)
    record.truth = {
        "cases": list(game.cases),
        "case_step": list(game.case_step),
        "reshuffles": list(game.reshuffles),
        "visible": list(game.visible),
        "grids": [list(g) for g in game.grids],
        "failed": [list(f) for f in game.failed],
        "over": final,
    }
    return record
