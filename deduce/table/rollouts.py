"""Search that plays to win: each move's chance to win, from whole games played on in
hidden worlds drawn from the exact posterior (determinised rollouts), written once for
every game.

A game says what it knows in a *position* (:class:`Position`): my seat, my candidate
moves now, and the hidden worlds. ``sample(rng)`` draws one world from the exact
posterior of my table; ``referee(world, rng)`` builds the game master
(:class:`deduce.table.referee.Referee`) at the current point of the game in that world, every
seat's table built from that seat's own view (``rng`` draws the chance still to come,
such as a card shown later). Where the worlds are few, ``worlds(limit)`` may list them all
with their weights.

:func:`win_chances` plays each candidate move in each world and then the rest of the
game with the rollout ``lineup`` (one player per seat, me included) through
:func:`deduce.table.referee.run`, and counts my wins (a tie of ``k`` winners counts
``1/k``). Every move sees the same worlds with the same rollout seeds (common random
numbers), sample by sample, so that the moves are compared on the same luck and share
the same number of worlds (by default :data:`SAMPLES`, whatever the machine: the numbers
are the same everywhere; a time budget may cap them on top). Where the position lists
its worlds and no rollout draws at random
(every one is watched), each world is played once and weighed by its probability: the
chances are exact.

Example (a coin that shows heads 3 times in 4; I call it, and win if I am right):
    >>> from deduce.table.referee import Bot
    >>> class Coin:
    ...     players = 1
    ...     def __init__(self, side):
    ...         self.side, self.called = side, None
    ...     def turn(self):
    ...         return 0 if self.called is None else None
    ...     def view(self, seat):
    ...         return self.called
    ...     def apply(self, seat, move):
    ...         self.called = move
    ...         return []
    ...     def winners(self):
    ...         return (0,) if self.called == self.side else ()
    ...     def points(self):
    ...         return None
    >>> class Calling:
    ...     seat = 0
    ...     def moves(self):
    ...         return ["tails", "heads"]
    ...     def sample(self, rng):
    ...         return "heads" if rng.random() < 0.75 else "tails"
    ...     def referee(self, world, rng):
    ...         return Coin(world)
    ...     def worlds(self, limit):
    ...         return [(3, "heads"), (1, "tails")]
    >>> idle = [Bot("idle", lambda view, rng: None)]
    >>> [(m.move, m.chance, m.exact) for m in win_chances(Calling(), idle).moves]
    [('heads', 0.75, True), ('tails', 0.25, True)]
    >>> best = win_chances(Calling(), idle, budget=None, samples=200, exact=False).moves[0]
    >>> best.move, best.games, best.low < 0.75 < best.high
    ('heads', 200, True)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from deduce._internal.entry import guard
from deduce._internal.language import N_, M, _, plural
from deduce._internal.reprs import rounded_repr
from deduce._internal.validation import MAX_SEED, check_bool, check_int, check_int_or
from deduce.errors import DeduceError, InvalidInput
from deduce.table.referee import Referee, check_lineup, run

__all__ = [
    "MAX_BUDGET",
    "MAX_SAMPLES",
    "SAMPLES",
    "MoveChance",
    "Position",
    "WinChances",
    "wilson",
    "win_chances",
]

MAX_SAMPLES = 100_000
"""The most worlds :func:`win_chances` samples (its ``samples`` may not ask for more)."""

MAX_BUDGET = 86_400
"""The longest time budget, in seconds (a day; None: no limit, the samples stop)."""

EXACT_WORLDS = 128
"""Without a ``samples`` cap, the most worlds a position may list for the exact mode."""

SAMPLES = 32
"""The worlds :func:`win_chances` samples when neither ``samples`` nor ``budget`` says."""

MAX_MOVES = 10_000
"""The longest rollout, in moves (a game cut off there counts as it stands)."""


def wilson(wins: float, games: int, *, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of ``wins`` out of ``games`` (fractional wins allowed).

    Example:
        >>> wilson(0, 0)
        (0.0, 1.0)
        >>> [round(x, 3) for x in wilson(10, 10)]
        [0.722, 1.0]
    """
    games = check_int("games", games, 0)
    if isinstance(wins, bool) or not isinstance(wins, int | float) or not 0 <= wins <= games:
        raise InvalidInput("wins", wins, f"a number from 0 to games ({games})")
    if isinstance(z, bool) or not isinstance(z, int | float) or not 0 < z < math.inf:
        raise InvalidInput("z", z, "a number above 0")
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


class Position(Protocol):
    """What a game gives :func:`win_chances`: my seat, my moves and the hidden worlds.

    ``worlds(limit)`` is optional: every hidden world with its weight (any number
    proportional to its probability), or None when there are more than ``limit``.
    """

    seat: int

    def moves(self) -> Sequence[Any]:
        """My candidate moves now (it is my turn)."""
        ...

    def sample(self, rng: random.Random) -> Any:
        """A hidden world drawn from the exact posterior of my table."""
        ...

    def referee(self, world: Any, rng: random.Random) -> Referee:
        """A fresh game master at the current point of the game in ``world``; ``rng``
        draws whatever chance is still to come."""
        ...


@dataclass(frozen=True, slots=True)
class MoveChance:
    """One move's chance to win (see :func:`win_chances`).

    Attributes:
        move: the move.
        wins: the games it won (a tie of ``k`` winners counts ``1/k``); exactly: the
            worlds it won, unweighted.
        games: the games played after it (exactly: the worlds).
        chance: my chance to win after it: ``wins / games``, or exactly the worlds'
            probabilities of winning, weighed.
        low: the 95% Wilson interval's low end (exactly: ``chance``).
        high: its high end (exactly: ``chance``).
        exact: whether ``chance`` is exact.
    """

    move: Any
    wins: float
    games: int
    chance: float
    low: float
    high: float
    exact: bool = False

    def __repr__(self) -> str:
        return rounded_repr(self)

    def __str__(self) -> str:
        if self.exact:
            said = plural(  # English says "worlds" even for 1; other languages need not
                "{move}: {chance:.1%} (exact over {n} worlds)",
                "{move}: {chance:.1%} (exact over {n} worlds)",
                self.games,
                move=str(self.move),
                chance=self.chance,
            )
        else:
            said = plural(
                "{move}: {chance:.1%} ({low:.1%} to {high:.1%}, {n} games)",
                "{move}: {chance:.1%} ({low:.1%} to {high:.1%}, {n} games)",
                self.games,
                move=str(self.move),
                chance=self.chance,
                low=self.low,
                high=self.high,
            )
        return str(_(said))


@dataclass(frozen=True, slots=True)
class WinChances:
    """Every candidate move's chance to win, best first (see :func:`win_chances`).

    Attributes:
        moves: a :class:`MoveChance` per move, best first (ties in the order given).
        seed: the seed the worlds and rollouts were drawn with.
        seconds: the wall time taken.
        worlds: the worlds played (each with every move).
        exact: whether every chance is exact.
    """

    moves: tuple[MoveChance, ...]
    seed: int
    seconds: float
    worlds: int
    exact: bool

    @property
    def best(self) -> Any:
        """The move with the highest chance to win."""
        return self.moves[0].move

    def __repr__(self) -> str:
        return rounded_repr(self)

    def _repr_html_(self) -> str:
        from deduce.output.notebook import win_chances_html

        return win_chances_html(self)

    def __str__(self) -> str:
        return "\n".join(str(m) for m in self.moves)


class _Watched(random.Random):
    """A random generator that notes whether anything drew from it."""

    drawn = False

    def random(self) -> float:
        self.drawn = True
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        self.drawn = True
        return super().getrandbits(k)


Progress = Callable[[int, int], None]


def _check_position(position: Any) -> list[object]:
    """The position's moves, once it has what a :class:`Position` needs."""
    expected = "a Position: seat, moves(), sample(rng) and referee(world, rng)"
    needs = ("moves", "sample", "referee")
    if isinstance(position, type) or not all(callable(getattr(position, m, None)) for m in needs):
        raise InvalidInput("position", position, expected)
    check_int("position.seat", getattr(position, "seat", None), 0)
    moves = position.moves()
    if isinstance(moves, str | bytes) or not isinstance(moves, Sequence) or not moves:
        raise InvalidInput("position", position, expected, reason="it has no move to make")
    return list(moves)


def _budget(budget: Any) -> float | None:
    if budget is None:
        return None
    expected = M("None or a number of seconds above 0, at most {n:,}", n=MAX_BUDGET)
    if isinstance(budget, bool) or not isinstance(budget, int | float):
        raise InvalidInput("budget", budget, expected)
    if not math.isfinite(budget) or not 0 < budget <= MAX_BUDGET:
        raise InvalidInput("budget", budget, expected)
    return float(budget)


def _play(
    position: Position,
    world: object,
    move: object,
    lineup: tuple[Any, ...],
    seeds: tuple[random.Random, random.Random],
) -> float:
    """My share of the win of one game: ``move`` in ``world``, then the lineup.

    ``seeds`` is a pair of random generators (the referee's chance, the players')."""
    referee = position.referee(world, seeds[0])
    seat = position.seat
    if referee.turn() != seat:
        raise InvalidInput("position", position, f"a position where seat {seat} acts now")
    try:
        referee.apply(seat, move)
    except DeduceError as error:
        raise InvalidInput("move", move, "a move the rules allow now", reason=str(error)) from None
    winners = tuple(run(referee, lineup, rng=seeds[1], max_moves=MAX_MOVES).winners)
    return 1 / len(winners) if seat in winners else 0.0


def _listed(position: Position, limit: int) -> list[tuple[float, object]] | None:
    listing = getattr(position, "worlds", None)
    if not callable(listing):
        return None
    worlds = listing(limit)
    if worlds is None:
        return None
    expected = "worlds(limit): None or a list of (weight, world), weights of at least 0"
    try:
        pairs = [(float(w), world) for w, world in worlds]
    except (TypeError, ValueError):
        raise InvalidInput("position", position, expected) from None
    total = sum(w for w, _ in pairs)
    if not all(math.isfinite(w) and w >= 0 for w, _ in pairs) or not total > 0:
        raise InvalidInput("position", position, expected, reason="a weight is not valid")
    return [(w / total, world) for w, world in pairs]


def _exact(
    position: Position,
    moves: list[object],
    lineup: tuple[Any, ...],
    worlds: list[tuple[float, object]],
    seed: int,
    progress: Progress | None,
    deadline: float,
) -> list[MoveChance] | None:
    """Every world once, weighed; None as soon as a rollout draws at random, or if the
    deadline passes first."""
    chance = [0.0] * len(moves)
    wins = [0.0] * len(moves)
    for done, (weight, world) in enumerate(worlds, start=1):
        for m, move in enumerate(moves):
            seeds = (_Watched(seed), _Watched(seed + 1))
            share = _play(position, world, move, lineup, seeds)
            if seeds[0].drawn or seeds[1].drawn:
                return None
            chance[m] += weight * share
            wins[m] += share
        if progress is not None:
            progress(done, len(worlds))
        if done < len(worlds) and time.perf_counter() > deadline:
            return None
    games = len(worlds)
    exactly = [min(c, 1.0) for c in chance]  # sums of floats may pass 1 by a rounding
    return [
        MoveChance(move, wins[m], games, exactly[m], exactly[m], exactly[m], True)
        for m, move in enumerate(moves)
    ]


def _sampled(
    position: Position,
    moves: list[object],
    lineup: tuple[Any, ...],
    cap: int,
    deadline: float,
    budget: float | None,
    seed: int,
    progress: Progress | None,
) -> list[MoveChance]:
    master = random.Random(seed)
    started = time.perf_counter()
    wins = [0.0] * len(moves)
    done = total = 0
    while done < cap and (done == 0 or time.perf_counter() < deadline):
        world_seed, chance_seed, player_seed = (master.getrandbits(63) for _ in range(3))
        world = position.sample(random.Random(world_seed))
        for m, move in enumerate(moves):
            seeds = (random.Random(chance_seed), random.Random(player_seed))
            wins[m] += _play(position, world, move, lineup, seeds)
        done += 1
        if progress is not None:
            total = cap
            if budget is not None:  # as many as the budget is likely to allow
                elapsed = max(time.perf_counter() - started, 1e-9)
                total = min(cap, max(done, math.ceil(done * budget / elapsed)))
            progress(done, total)
    if progress is not None and total != done:
        progress(done, done)
    return [
        MoveChance(move, wins[m], done, wins[m] / done, *wilson(wins[m], done))
        for m, move in enumerate(moves)
    ]


def win_chances(
    position: Position,
    lineup: Sequence[Any],
    *,
    budget: float | None = None,
    samples: int | None = None,
    seed: int = 0,
    exact: bool | None = None,
    progress: Progress | None = None,
) -> WinChances:
    """Every candidate move's chance to win: the move, then the rest of the game played
    by ``lineup``, in hidden worlds drawn from the exact posterior (see the module's text).

    Reproducible: world ``i`` and its rollouts are drawn from ``seed`` alone, so the same
    seed and the same number of worlds give the same numbers, on any machine. A time
    ``budget`` is only a cap on top (whatever the machine, at least one world is played),
    and may cut the exact mode short: without one the numbers never depend on the speed
    of the machine.

    Args:
        position: the game's position (:class:`Position`); my seat acts now.
        lineup: the rollout players, one per seat (mine is ``lineup[position.seat]``):
            each a name and ``choose(view, rng)``, as for :func:`deduce.table.referee.run`.
        budget: stop sampling after this many seconds (None, the default: no limit).
        samples: the most worlds to sample (None: :data:`SAMPLES` without a budget, as
            many as the budget allows with one, up to :data:`MAX_SAMPLES`); it also
            bounds the worlds of the exact mode (without it: :data:`EXACT_WORLDS`).
        seed: the seed of the worlds and the rollouts, 0 to ``2**63 - 1``.
        exact: None: exact where the position lists its worlds (at most the bound), no
            rollout draws at random (the referee's chance and the players draw from the
            generators they are given, and these are watched) and the budget lasts, else
            sampled (in what is left of the budget, at least one world); True: exact,
            whatever the budget, or InvalidInput; False: sampled.
        progress: called as ``progress(done, total)`` after each world (``total``: the
            worlds expected within the cap and the budget; the last call has
            ``done == total``).

    Raises:
        InvalidInput: a bad argument (named); a position that is not my turn or has no
            move; a move or a rollout player's move the rules refuse; ``exact=True``
            where the chances cannot be exact.

    Example: see the module's.
    """
    moves = _check_position(position)
    players = check_lineup(lineup, 1, None)
    seconds = _budget(budget)
    cap = None if samples is None else check_int("samples", samples, 1, MAX_SAMPLES)
    seed = check_int_or(
        "seed",
        seed,
        0,
        MAX_SEED - 1,
        M("an integer from {low} to {high}", low=0, high=MAX_SEED - 1),
    )
    if exact is not None:
        exact = check_bool("exact", exact)
    if progress is not None and not callable(progress):
        raise InvalidInput("progress", progress, "None or a function of (done, total)")
    started = time.perf_counter()
    deadline = math.inf if seconds is None else started + seconds
    result: list[MoveChance] | None = None
    if exact is not False:
        worlds = _listed(position, cap or EXACT_WORLDS)
        if worlds is not None:
            until = math.inf if exact else deadline
            result = _exact(position, moves, players, worlds, seed, progress, until)
        if result is None and exact:
            reason = (
                N_("the position does not list its worlds (too many)")
                if worlds is None
                else N_("a rollout draws at random")
            )
            raise InvalidInput("exact", exact, N_("None or False"), reason=reason)
    if result is None:
        limit = cap if cap is not None else SAMPLES if seconds is None else MAX_SAMPLES
        result = _sampled(position, moves, players, limit, deadline, seconds, seed, progress)
    ranked = sorted(enumerate(result), key=lambda item: (-item[1].chance, item[0]))
    return WinChances(
        tuple(m for _, m in ranked),
        seed,
        time.perf_counter() - started,
        ranked[0][1].games,
        ranked[0][1].exact,
    )


guard(globals())
