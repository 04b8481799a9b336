"""Whole games of 13 Indizien between bots, each seeing the game as a
:class:`~deduce.games.thirteen_clues.Table` of its own.

The game master holds the deal, answers every question (the answers are public: every
table hears them), shows a player who consults the informant a card they have not seen
yet (chosen at random, seeded), and says whether an accusation is right. A bot is a
:class:`~deduce.table.referee.Bot`: a name and ``policy(table, rng)``, where ``table`` is
the bot's own table (it is seat 0 there, the others numbered clockwise from its left) and
the move is an :class:`~deduce.games.thirteen_clues.Ask` (the witness in the bot's own
numbers), a :class:`~deduce.games.thirteen_clues.Peek`, or an accusation (an
:class:`~deduce.games.thirteen_clues.Accusation` or a
:class:`~deduce.games.thirteen_clues.Puzzle`).

Example:
    >>> record = play_game([entropy, entropy], seed=3)
    >>> record.over, record.winners == record.tables[0].winners()
    (True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from deduce._internal.entry import guard
from deduce._internal.validation import check_int, check_seed, check_type
from deduce.errors import InvalidInput
from deduce.games.thirteen_clues.cards import Deal, Puzzle
from deduce.games.thirteen_clues.clues import Accusation, Ask, Informant, Peek
from deduce.games.thirteen_clues.table import Table
from deduce.table.referee import Bot, GameRecord, SeatTables, check_lineup, run

__all__ = ["Bot", "GameMaster", "GameRecord", "advised", "eager", "entropy", "play_game"]

Move = Ask | Peek | Accusation | Puzzle
"""A bot's move: ask a witness, consult the informant, or accuse a puzzle."""


def _advised(table: Table, rng: random.Random) -> Move:
    return table.advice().best


def _entropy(table: Table, rng: random.Random) -> Move:
    move: Move = table.best("entropy")
    return move


advised: Bot[Table, Move] = Bot("advised", _advised)
"""The table's default advice, as the console gives it: ``table.advice().best`` (see
:func:`~deduce.games.thirteen_clues.advise`; its draws of the others' chances seeded
with 0)."""

entropy: Bot[Table, Move] = Bot("entropy", _entropy)
"""``Investigation.best("entropy")``: the most informative question or look at the
informant; the accusation once it is certain (or nothing else can tell more)."""


def eager(threshold: float) -> Bot[Table, Move]:
    """The bot that asks the most informative question or looks at the informant
    (``best("entropy")``) until its likeliest puzzle has at least the chance
    ``threshold``, then accuses it; named ``eager-THRESHOLD``.

    Example:
        >>> eager(0.5).name, play_game([eager(0.5), eager(0.5)], seed=2).over
        ('eager-0.5', True)
    """
    if isinstance(threshold, bool) or not isinstance(threshold, int | float):
        raise InvalidInput("threshold", threshold, "a chance from 0 to 1")
    if not 0 <= threshold <= 1:
        raise InvalidInput("threshold", threshold, "a chance from 0 to 1")
    limit = float(threshold)

    def policy(table: Table, rng: random.Random) -> Move:
        puzzle, probability = table.ranked(1)[0]
        if probability >= limit:
            accused: Puzzle = puzzle
            return accused
        move: Move = table.best("entropy")
        return move

    return Bot(f"eager-{threshold}", policy)


class GameMaster(SeatTables):
    """The 13 Indizien game master for :func:`~deduce.table.referee.run`: the deal, and
    every seat's own table (seat ``s``'s numbers the seats from ``s``).

    Args:
        deal: the whole deal.
        first: the seat that starts (when the tables are new).
        informants: the generator that picks the informant's card (a seed or a
            ``random.Random``).
        tables: every seat's table at the current point of the game, by seat (default:
            new tables, ``first`` starting).

    Raises:
        InvalidInput: a bad deal, seat, seed or tables.

    Example:
        >>> master = GameMaster(Deal.random(3, seed=1), first=2)
        >>> master.turn(), master.apply(2, Ask(1, "red"))[0].startswith("seat 2 asks seat 0")
        (2, True)
    """

    tables: list[Table]

    def __init__(
        self,
        deal: Deal,
        *,
        first: int = 0,
        informants: int | random.Random = 0,
        tables: Sequence[Table] | None = None,
    ) -> None:
        n = self.players = check_type("deal", deal, Deal, "a 13 Indizien Deal").players
        first = check_int("first", first, 0, n - 1)
        self.deal = deal
        self.informants = check_seed("informants", informants)
        if tables is None:
            self.tables = [
                Table(
                    n,
                    deal.hands[s],
                    [deal.puzzles[(s + k) % n] for k in range(1, n)],
                    first=(first - s) % n,
                )
                for s in range(n)
            ]
        elif (
            isinstance(tables, str | bytes)
            or not isinstance(tables, Sequence)
            or len(tables) != n
            or not all(isinstance(t, Table) and t.players == n for t in tables)
        ):
            raise InvalidInput("tables", tables, f"{n} Tables of {n} players, by seat")
        else:
            self.tables = list(tables)

    def turn(self) -> int | None:
        return self.tables[0].turn

    def apply(self, seat: int, move: Any) -> list[str]:
        n, deal, tables = self.players, self.deal, self.tables
        if isinstance(move, Accusation):
            move = move.puzzle
        if isinstance(move, Ask):
            if not isinstance(move.witness, int) or not 0 < move.witness < n:
                raise InvalidInput("witness", move.witness, f"a seat from 1 to {n - 1}")
            witness = (seat + move.witness) % n
            answer = deal.answer(witness, move.about, side=move.side)
            new = [
                t.question((seat - v) % n, (witness - v) % n, move.about, answer, move.side)
                for v, t in enumerate(tables)
            ]
            side = f" ({move.side} card)" if move.side else ""
            line = f"seat {seat} asks seat {witness} about {move.about}{side}: {answer}"
        elif isinstance(move, Peek):
            seen = {c.card for c in tables[seat].clues if isinstance(c, Informant)}
            fresh = [c for c in deal.informants if c not in seen]
            if not fresh:
                raise InvalidInput("move", move, "ask or accuse", reason="no informant card unseen")
            card = self.informants.choice(fresh)
            new = [
                t.informant(card) if v == seat else t.consulted((seat - v) % n)
                for v, t in enumerate(tables)
            ]
            line = f"seat {seat} consults the informant and sees {card}"
        elif isinstance(move, Puzzle):
            right = move == deal.puzzles[seat]
            new = [
                t.accused(move.person, move.location, move.weapon, right=right)
                if v == seat
                else t.charged((seat - v) % n, right=right)
                for v, t in enumerate(tables)
            ]
            line = f"seat {seat} accuses {move}: {'right' if right else 'wrong'}"
        else:
            raise InvalidInput("move", move, "an Ask, a Peek or an Accusation")
        self.tables = new
        return [line]


def play_game(
    lineup: Sequence[Bot[Table, Move]],
    *,
    seed: int,
    first: int = 0,
    max_moves: int = 300,
    narrate: Callable[[str], None] | None = None,
) -> GameRecord:
    """Play one game of 13 Indizien between ``lineup`` (2 to 6 bots, by seat).

    The deal is ``Deal.random(players, seed=seed)``; the informant's cards are chosen
    with ``random.Random(seed)``, the bots' random choices with another generator of the
    same seed. ``record.truth["deal"]`` is the deal.

    Args:
        lineup: the players, by seat.
        seed: the seed of the deal and of every random choice.
        first: the seat that starts (holding the one glass).
        max_moves: stop after this many actions if nobody has won (then no winner).
        narrate: called with each line of the log as it happens.

    Raises:
        InvalidInput: a bad lineup, seed, seat or limit; a bot's move the rules refuse.

    Example:
        >>> record = play_game([advised, entropy, entropy], seed=1, first=2)
        >>> record.moves[0][0], len(record.log) == len(record.moves)
        (2, True)
    """
    bots = check_lineup(lineup, 2, 6)
    max_moves = check_int("max_moves", max_moves, 1)
    first = check_int("first", first, 0, len(bots) - 1)
    check_seed("seed", seed)
    deal = Deal.random(len(bots), seed=seed)
    referee = GameMaster(deal, first=first, informants=random.Random(seed))
    record = run(referee, bots, rng=random.Random(seed), max_moves=max_moves, narrate=narrate)
    record.truth = {"deal": deal}
    return record


guard(globals())
