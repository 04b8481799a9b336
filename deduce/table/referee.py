"""Whole games between bots: the game master's loop, written once for every game.

A game says its rules in a *referee*: the hidden whole game (the deal, every seat's own
table) that knows whose turn it is, shows each seat only what that seat may see, and
carries out a move. :func:`run` asks the seat whose turn it is for its move, hands the
move to the referee, and keeps the record, until the game ends (or a move limit is
reached). A player is anything with a ``name`` and ``choose(view, rng)``; :class:`Bot`
is the plain one: a name and a function. Each game package wraps this in its own
``play_game(lineup, *, seed)``, which deals from the seed and builds the referee.

Example (a toy game: whoever says the secret number first wins):
    >>> import random
    >>> class Guessing:
    ...     def __init__(self, secret):
    ...         self.secret, self.said, self.turns = secret, [], 0
    ...     players = 2
    ...     def turn(self):
    ...         return None if self.secret in self.said else len(self.said) % 2
    ...     def view(self, seat):
    ...         return tuple(self.said)
    ...     def apply(self, seat, move):
    ...         self.said.append(move)
    ...         self.turns += 1
    ...         return [f"seat {seat} says {move}"]
    ...     def winners(self):
    ...         return (len(self.said) - 1) % 2,
    ...     def points(self):
    ...         return None
    >>> counting = Bot("counting", lambda said, rng: len(said) + 1)
    >>> record = run(Guessing(3), [counting, counting], rng=random.Random(0))
    >>> record.log, record.winners
    (['seat 0 says 1', 'seat 1 says 2', 'seat 0 says 3'], (0,))
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from deduce._internal.entry import guard
from deduce._internal.validation import check_int
from deduce.errors import DeduceError, InvalidInput

__all__ = ["Bot", "GameRecord", "Player", "Referee", "SeatTables", "run"]

ViewT = TypeVar("ViewT")
MoveT = TypeVar("MoveT")
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
MoveT_co = TypeVar("MoveT_co", covariant=True)


class Player(Protocol[ViewT_contra, MoveT_co]):
    """What :func:`run` asks for a move: a name and ``choose(view, rng)``."""

    @property
    def name(self) -> str:
        """The player's name in the record."""
        ...

    def choose(self, view: ViewT_contra, rng: random.Random, /) -> MoveT_co:
        """The move to make, from the player's own ``view`` of the table."""
        ...


class Referee(Protocol):
    """The hidden whole game, as a game package writes it for :func:`run`.

    Seats are the true seat numbers 0 to ``players - 1``; each seat's view numbers them
    as that seat does (itself first) wherever the game's table does so.
    """

    players: int

    def turn(self) -> int | None:
        """The seat that acts now, or None once the game is over."""
        ...

    def view(self, seat: int) -> Any:
        """What ``seat`` knows: its own table value."""
        ...

    def apply(self, seat: int, move: Any) -> Sequence[str]:
        """Carry out ``seat``'s move (refusing an illegal one with ``InvalidInput``) and
        say what happened, a line per event (none for a move nobody sees)."""
        ...

    def winners(self) -> tuple[int, ...]:
        """The winning seats (empty for a game without a winner)."""
        ...

    def points(self) -> tuple[float, ...] | None:
        """Every seat's points, or None where the game does not score."""
        ...


class SeatTables:
    """The part of a referee that keeps every seat's own table: ``tables[seat]`` is what
    that seat sees, the winners are those its tables agree on (seat 0's), and the game
    does not score. A game's referee sets ``tables`` and writes ``turn`` and ``apply``
    (and overrides what its game does otherwise).

    Example:
        >>> class Toy(SeatTables):
        ...     players = 2
        ...     def __init__(self):
        ...         self.tables = ["mine", "yours"]
        >>> Toy().view(1), Toy().points()
        ('yours', None)
    """

    tables: list[Any]

    def view(self, seat: int) -> Any:
        """``seat``'s own table."""
        return self.tables[check_int("seat", seat, 0, len(self.tables) - 1)]

    def winners(self) -> tuple[int, ...]:
        """The winning seats, as seat 0's table says (every seat's table agrees)."""
        return tuple(self.tables[0].winners())

    def points(self) -> tuple[float, ...] | None:
        """None: the game does not score."""
        return None


@dataclass(frozen=True, slots=True)
class Bot(Generic[ViewT, MoveT]):
    """A player: a name and the function that picks a move from its own view.

    Args:
        name: how the record names it.
        policy: ``policy(view, rng)`` returns the move; ``view`` is the seat's own table.

    Example:
        >>> import random
        >>> Bot("first", lambda view, rng: view[0]).choose(["a", "b"], random.Random(0))
        'a'
    """

    name: str
    policy: Callable[[ViewT, random.Random], MoveT]

    def choose(self, view: ViewT, rng: random.Random, /) -> MoveT:
        """The move ``policy`` picks."""
        return self.policy(view, rng)


@dataclass
class GameRecord:
    """How a game went.

    Attributes:
        bots: the players' names, by seat.
        winners: the winning seats, as the game reckons them (for a game cut off by the
            move limit: as it stands then; empty where nobody wins).
        points: every seat's points, or None where the game does not score.
        turns: how many turns were played, as the game counts them.
        moves: every move, as ``(seat, move)``, in order.
        log: what happened, a line per event (true seat numbers).
        tables: every seat's own view at the end.
        over: whether the game ended by its rules (not by the move limit).
        truth: for checks: what the game master kept besides (the game says what).

    Example:
        >>> GameRecord(("a", "b"), (1,), None, 3).winners
        (1,)
    """

    bots: tuple[str, ...]
    winners: tuple[int, ...]
    points: Any
    turns: int
    moves: list[tuple[int, Any]] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    tables: list[Any] = field(default_factory=list)
    over: bool = True
    truth: dict[str, Any] = field(default_factory=dict)


def check_lineup(lineup: Any, low: int, high: int | None) -> tuple[Any, ...]:
    """``lineup`` as a tuple of players (``low`` to ``high`` of them, or at least ``low``
    when ``high`` is None), or InvalidInput.

    Example:
        >>> check_lineup("advised", 2, 4)
        Traceback (most recent call last):
        ...
        deduce.errors.InvalidInput: lineup='advised' is not valid; expected 2 to 4 bots
    """
    if high is None:
        players = f"{low} or more bots"
    else:
        players = "1 bot" if low == high == 1 else f"{low} to {high} bots"
    if isinstance(lineup, (str, bytes)) or not isinstance(lineup, Sequence):
        raise InvalidInput("lineup", lineup, players)
    if len(lineup) < low or (high is not None and len(lineup) > high):
        raise InvalidInput("lineup", lineup, players)
    for bot in lineup:
        if not callable(getattr(bot, "choose", None)) or not isinstance(
            getattr(bot, "name", None), str
        ):
            raise InvalidInput("lineup", lineup, players, reason=f"{bot!r} is not a bot")
    return tuple(lineup)


def run(
    referee: Any,
    lineup: Sequence[Any],
    *,
    rng: random.Random,
    max_moves: int = 10_000,
    narrate: Callable[[str], None] | None = None,
) -> GameRecord:
    """Play ``referee``'s game between ``lineup`` (one player per seat) to its end.

    Args:
        referee: the game (see :class:`Referee`).
        lineup: the players, by seat.
        rng: the random generator every player's choices draw from.
        max_moves: stop after this many moves if the game has not ended.
        narrate: called with each line of the log as it happens.

    Raises:
        InvalidInput: a player chose a move the rules refuse (its name and seat said).

    Example: see the module's.
    """
    check_int("max_moves", max_moves, 1)
    if not isinstance(getattr(referee, "players", None), int) or not all(
        callable(getattr(referee, name, None)) for name in ("turn", "view", "apply", "winners")
    ):
        raise InvalidInput("referee", referee, "a Referee: players, turn(), view(), apply() ...")
    if len(lineup) != referee.players:
        raise InvalidInput("lineup", lineup, f"{referee.players} players")
    moves: list[tuple[int, Any]] = []
    log: list[str] = []
    over = False
    while len(moves) < max_moves:
        seat = referee.turn()
        if seat is None:
            over = True
            break
        player = lineup[seat]
        move = player.choose(referee.view(seat), rng)
        try:
            lines = referee.apply(seat, move)
        except DeduceError as error:
            reason = f"{player.name} at seat {seat} chose it: {error}"
            raise InvalidInput("move", move, "a move the rules allow", reason=reason) from error
        moves.append((seat, move))
        for line in lines:
            log.append(line)
            if narrate is not None:
                narrate(line)
    else:
        over = referee.turn() is None
    return GameRecord(
        bots=tuple(player.name for player in lineup),
        winners=tuple(referee.winners()),
        points=referee.points(),
        turns=getattr(referee, "turns", len(moves)),
        moves=moves,
        log=log,
        tables=[referee.view(seat) for seat in range(referee.players)],
        over=over,
    )


guard(globals())
