"""13 Indizien's position for the search that plays to win (:mod:`deduce.table.rollouts`): my
table, the hidden deals it allows, and the game master at the current point in each.

A hidden world is a whole deal drawn from my exact posterior
(:meth:`Investigation.sample_deal`), with every seat's own :class:`Table` replayed from
the public history in that seat's numbering (glasses and turn as now): the questions and
answers; my looks at the informant and my wrong accusations as the others saw them; what
another player saw at the informant, hidden from me, drawn from the informant cards they
had not seen (as the game master draws them); and another player's wrong accusation, whose
puzzle I was not told, as their likeliest puzzle then that is not theirs. The candidate
moves are the accusation of my likeliest puzzle and the best few questions (or the look at
the informant) by the table's advice (:meth:`Table.advice`), the advice's own choice
first: where chances tie, it wins. The rollouts are played by ``eager(0.5)`` at every
seat, unless a lineup is given.

With few deals left (and what the others saw at the informant enumerable), the position
lists every deal: then, if no rollout draws at random (no look at the informant), the
chances are exact.

Example:
    >>> from deduce.games.thirteen_clues import Deal, Table
    >>> deal = Deal.random(2, seed=5)
    >>> table = Table(2, deal.hands[0], [deal.puzzles[1]])
    >>> chances = win_chances(table, budget=None, samples=4, questions=2)
    >>> len(chances.moves), chances.worlds, chances.exact
    (3, 4, False)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import permutations, product
from typing import Any

from deduce._internal.entry import LIMIT, guard
from deduce._internal.validation import check_int, check_type
from deduce.errors import InvalidInput
from deduce.games.thirteen_clues.bots import GameMaster, Move, eager
from deduce.games.thirteen_clues.cards import (
    Deal,
    Puzzle,
    card_index,
    cards_in_play,
    informant_count,
    puzzle_indices,
)
from deduce.games.thirteen_clues.clues import (
    Accused,
    Charged,
    Consulted,
    Informant,
    Question,
    TableClue,
)
from deduce.games.thirteen_clues.deals import Deals
from deduce.games.thirteen_clues.table import Table
from deduce.table.referee import Bot
from deduce.table.rollouts import WinChances
from deduce.table.rollouts import win_chances as _engine_win_chances

__all__ = ["SEARCH_SAMPLES", "TablePosition", "World", "rollout_lineup", "searched", "win_chances"]

QUESTIONS = 3
"""The questions (or the look at the informant) compared beside the accusation."""

SEARCH_SAMPLES = 8
"""The worlds :data:`searched` plays for each decision."""


@dataclass(frozen=True, slots=True)
class World:
    """One hidden world: the whole deal, and every seat's table at the current point."""

    deal: Deal
    tables: tuple[Table, ...]


class TablePosition:
    """My table as a :class:`deduce.table.rollouts.Position` (see the module's text).

    Args:
        table: my table; I (seat 0) act now.
        questions: how many of the advice's other moves to compare with the accusation.

    Raises:
        InvalidInput: not a table, not my turn, a bad count.

    Example:
        >>> from deduce.games.thirteen_clues import Deal, Table
        >>> deal = Deal.random(3, seed=1)
        >>> position = TablePosition(Table(3, deal.hands[0], list(deal.puzzles[1:])))
        >>> world = position.sample(random.Random(0))
        >>> world.deal.hands[0] == deal.hands[0], position.referee(world, random.Random(0)).turn()
        (True, 0)
    """

    seat = 0

    def __init__(self, table: Table, *, questions: int = QUESTIONS) -> None:
        self.table = check_type("table", table, Table, "a 13 Indizien Table")
        if table.turn != 0:
            raise InvalidInput("table", table, "a table where I (seat 0) act now")
        self.questions = check_int("questions", questions, 0)
        self.peeks = {
            seat: sum(isinstance(c, Consulted) and c.seat == seat for c in table.clues)
            for seat in range(1, table.players)
        }

    def moves(self) -> list[Move]:
        """The advice's own move first (so that it wins a tie), then the accusation of
        my likeliest puzzle and the advice's best other moves."""
        advice = self.table.advice()
        moves = [advice.accusation, *(m.action for m in advice.moves[: self.questions])]
        return [advice.best, *(m for m in moves if m != advice.best)]

    def sample(self, rng: random.Random) -> World:
        """A deal from my exact posterior, every seat's table replayed in it."""
        deal = self.table.sample_deal(rng)
        seen: dict[int, list[str]] = {}
        for seat, count in self.peeks.items():
            fresh = list(deal.informants)
            seen[seat] = []
            for _ in range(count):
                card = rng.choice(fresh)
                fresh.remove(card)
                seen[seat].append(card)
        return World(deal, replay(self.table, deal, seen))

    def referee(self, world: World, rng: random.Random) -> GameMaster:
        """The game master at the current point of the game in ``world``."""
        return GameMaster(world.deal, informants=rng, tables=world.tables)

    def worlds(self, limit: int) -> list[tuple[float, World]] | None:
        """Every world, equally likely, or None if there are more than ``limit``."""
        limit = check_int("limit", limit, 0, LIMIT)
        space = self.table.space
        shown = informant_count(self.table.players)
        orders = math.prod(math.perm(shown, count) for count in self.peeks.values())
        if int(space.total) * orders > limit:
            return None
        n = self.table.players
        deals = Deals(
            n,
            tuple(card_index(c, n) for c in self.table.hand),
            tuple(puzzle_indices(p, n) for p in self.table.puzzles.values()),
        )
        worlds = []
        for deal in deals.every(space.ids, space.state, self.table.hand):
            sights = [permutations(deal.informants, k) for k in self.peeks.values()]
            for seen in product(*sights):
                by_seat = dict(zip(self.peeks, (list(s) for s in seen), strict=True))
                worlds.append((1.0, World(deal, replay(self.table, deal, by_seat))))
        return worlds


def replay(table: Table, deal: Deal, seen: Mapping[int, Sequence[str]]) -> tuple[Table, ...]:
    """Every seat's own table in ``deal`` after the actions of my ``table`` (seat ``s``'s
    numbers the seats from ``s``); ``seen[s]``: the informant cards seat ``s`` saw, in
    order (one for each of its looks)."""
    n = table.players
    counts = table.start_counts
    custom = "counts" in table.setup()
    tables: list[Table] = [table]
    for s in range(1, n):
        tables.append(
            Table(
                n,
                deal.hands[s],
                [deal.puzzles[(s + k) % n] for k in range(1, n)],
                first=(table.first - s) % n,
                counts=[counts[(s + k) % n] for k in range(n)] if custom else None,
            )
        )
    shown = {seat: iter(cards) for seat, cards in seen.items()}
    for clue in table.clues:
        for s in range(1, n):
            tables[s] = _seen_by(tables[s], s, clue, deal, shown)
    return tuple(tables)


def _seen_by(
    t: Table, s: int, clue: TableClue, deal: Deal, shown: Mapping[int, Iterator[str]]
) -> Table:
    """Seat ``s``'s table ``t`` after the action my ``clue`` reports."""
    n = t.players
    if isinstance(clue, Question):
        asker, witness = (clue.asker - s) % n, (clue.witness - s) % n
        return t.question(asker, witness, clue.about, clue.answer, clue.side)
    if isinstance(clue, Informant):
        return t.consulted((0 - s) % n)
    if isinstance(clue, Accused):
        return t.charged((0 - s) % n, right=False)
    if isinstance(clue, Consulted):
        if clue.seat == s:
            return t.informant(next(shown[s]))
        return t.consulted((clue.seat - s) % n)
    if isinstance(clue, Charged) and clue.seat == s:
        wrong = _wrong_guess(t, deal.puzzles[s])
        return t.accused(wrong.person, wrong.location, wrong.weapon, right=False)
    if isinstance(clue, Charged):
        return t.charged((clue.seat - s) % n, right=clue.right)
    raise InvalidInput("clue", clue, "a clue of a game still going on")


def _wrong_guess(t: Table, truth: Puzzle) -> Puzzle:
    """The likeliest puzzle of ``t`` other than ``truth`` (with none left, a puzzle
    that differs from it in the person, which rules nothing out)."""
    for puzzle, _ in t.ranked(2):
        if puzzle != truth:
            found: Puzzle = puzzle
            return found
    person = next(
        c.name
        for c in cards_in_play(t.players)
        if c.category == "person" and c.name != truth.person
    )
    return Puzzle(person, truth.location, truth.weapon)


def rollout_lineup(players: int) -> list[Bot[Table, Move]]:
    """The default rollout players: ``eager(0.5)`` at every seat.

    Example:
        >>> [bot.name for bot in rollout_lineup(2)]
        ['eager-0.5', 'eager-0.5']
    """
    players = check_int("players", players, 2, 6)
    return [eager(0.5)] * players


def win_chances(
    table: Table,
    *,
    budget: float | None = None,
    samples: int | None = None,
    seed: int = 0,
    lineup: Sequence[Any] | None = None,
    exact: bool | None = None,
    questions: int = QUESTIONS,
    progress: Callable[[int, int], None] | None = None,
) -> WinChances:
    """Each candidate move's chance to win from my ``table`` (see the module's text and
    :func:`deduce.table.rollouts.win_chances` for the arguments): on my turn only.

    Args:
        table: my table; I act now.
        budget: seconds to sample for at most (None, the default: no limit).
        samples: the most worlds (None: :data:`~deduce.table.rollouts.SAMPLES` without a
            budget, as many as the budget allows with one).
        seed: the seed of the worlds and rollouts.
        lineup: the rollout players by seat (default :func:`rollout_lineup`).
        exact: None (exact where possible), True (exact or InvalidInput), False.
        questions: the advice's other moves compared with the accusation.
        progress: called as ``progress(done, total)`` after each world.

    Raises:
        InvalidInput: a bad argument (named), or not my turn.
    """
    position = TablePosition(table, questions=questions)
    players = rollout_lineup(table.players) if lineup is None else lineup
    return _engine_win_chances(
        position,
        players,
        budget=budget,
        samples=samples,
        seed=seed,
        exact=exact,
        progress=progress,
    )


def _searched(table: Table, rng: random.Random) -> Move:
    if table.over or table.turn != 0:
        raise InvalidInput("table", table, "a table where I (seat 0) act now")
    seed = rng.getrandbits(32)
    move: Move = win_chances(table, budget=None, samples=SEARCH_SAMPLES, seed=seed).best
    return move


searched: Bot[Table, Move] = Bot("searched", _searched)
"""The move with the best chance to win by :func:`win_chances` over
:data:`SEARCH_SAMPLES` worlds (no time budget: the same game gives the same moves), the
seed of each decision drawn from the bot's generator."""

guard(globals())
