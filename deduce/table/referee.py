"""Whole games between bots: the game master's loop, written once for every game.

A game says its rules in a *referee*: the hidden whole game (the deal, every seat's own
table) that knows whose turn it is, shows each seat only what that seat may see, and
carries out a move. :func:`run` asks the seat whose turn it is for its move, hands the
move to the referee, and keeps the record, until the game ends (or a move limit is
reached). A player is anything with a ``name`` and ``choose(view, rng, step)``;
:class:`Bot` is the plain one: a name and a function, or one function per step in
a game whose players act at more than one step (a card to lay, then whether to
attempt). Each game package wraps this in its own ``play_game(lineup, *, seed)``, which
deals from the seed and builds the referee.

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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Generic, Protocol, TypeVar

from deduce._internal.entry import guard
from deduce._internal.language import N_, M
from deduce._internal.validation import check_int
from deduce.errors import DeduceError, InvalidInput

__all__ = ["MOVE", "Bot", "GameRecord", "Player", "Referee", "SeatTables", "run"]

ViewT = TypeVar("ViewT")
MoveT = TypeVar("MoveT")
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
MoveT_co = TypeVar("MoveT_co", covariant=True)

MOVE = "move"
"""The one step of a game whose players do one kind of thing only: their move."""


class Player(Protocol[ViewT_contra, MoveT_co]):
    """What :func:`run` asks for a move: a name and ``choose(view, rng, step)``."""

    @property
    def name(self) -> str:
        """The player's name in the record."""
        ...

    def choose(self, view: ViewT_contra, rng: random.Random, step: str, /) -> MoveT_co:
        """The move to make, from the player's own ``view`` of the table, at the
        ``step`` its referee names (:data:`MOVE` in a game of one step)."""
        ...


class Referee(Protocol):
    """The hidden whole game, as a game package writes it for :func:`run`.

    Seats are the true seat numbers 0 to ``players - 1``; each seat's view numbers them
    as that seat does (itself first) wherever the game's table does so.
    """

    players: int
    steps: tuple[str, ...]
    """The steps the game asks of a player (optional: ``(MOVE,)``)."""

    def turn(self) -> int | None:
        """The seat that acts now, or None once the game is over."""
        ...

    def step(self) -> str:
        """The step at hand for the seat that acts now (optional: :data:`MOVE`)."""
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
    that seat sees, the winners are those its tables agree on (seat 0's), the game does
    not score and its players act at one step (:data:`MOVE`). A game's referee sets
    ``tables`` and writes ``turn`` and ``apply`` (and overrides what its game does
    otherwise: ``steps`` and ``step()`` where a player acts at more than one
    kind of thing).

    Example:
        >>> class Toy(SeatTables):
        ...     players = 2
        ...     def __init__(self):
        ...         self.tables = ["mine", "yours"]
        >>> Toy().view(1), Toy().points()
        ('yours', None)
    """

    tables: list[Any]
    steps: tuple[str, ...] = (MOVE,)

    def step(self) -> str:
        """:data:`MOVE`: the one step."""
        return MOVE

    def view(self, seat: int) -> Any:
        """``seat``'s own table."""
        return self.tables[check_int("seat", seat, 0, len(self.tables) - 1)]

    def winners(self) -> tuple[int, ...]:
        """The winning seats, as seat 0's table says (every seat's table agrees)."""
        return tuple(self.tables[0].winners())

    def points(self) -> tuple[float, ...] | None:
        """None: the game does not score."""
        return None


Policy = Callable[[Any, random.Random], Any]
"""What a bot does at a step: ``policy(view, rng)`` returns the move."""


@dataclass(frozen=True, slots=True, eq=False)
class Bot(Generic[ViewT, MoveT]):
    """A player: a name and the function that picks its move from its own view, or,
    in a game where a player acts at more than one step of a turn, a function per
    step (the game's ``STEPS`` names them; each game's ``bot()`` builds one from
    keywords, with defaults for the steps a bot may leave to the rules).

    Args:
        name: how the record names it.
        policy: ``policy(view, rng)`` returns the move, ``view`` the seat's own table;
            or a mapping of step names to such functions.

    Raises:
        InvalidInput: a name that is not text, a policy that is not a function or a
            mapping of step names to functions.

    Example:
        >>> import random
        >>> Bot("first", lambda view, rng: view[0]).choose(["a", "b"], random.Random(0))
        'a'
        >>> two = Bot("two", {"lay": lambda view, rng: view[0], "attempt": lambda v, r: None})
        >>> two.choose(["a", "b"], random.Random(0), "lay"), two.steps
        ('a', ('attempt', 'lay'))
    """

    name: str
    policy: Callable[[ViewT, random.Random], MoveT] | Mapping[str, Policy]

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise InvalidInput("name", self.name, "a name (text)")
        if callable(self.policy):
            return
        expected = "a function policy(view, rng), or a mapping of steps to such functions"
        if not isinstance(self.policy, Mapping) or not self.policy:
            raise InvalidInput("policy", self.policy, expected)
        for step, function in self.policy.items():
            if not isinstance(step, str) or not callable(function):
                raise InvalidInput("policy", dict(self.policy), expected)
        object.__setattr__(self, "policy", MappingProxyType(dict(self.policy)))

    @property
    def steps(self) -> tuple[str, ...] | None:
        """The steps it has a function for, or None: its one function plays at every
        step."""
        return None if callable(self.policy) else tuple(sorted(self.policy))

    def policy_for(self, step: str) -> Policy:
        """Its function for ``step``.

        Raises:
            InvalidInput: the bot has no function for ``step``.
        """
        if callable(self.policy):
            return self.policy
        if step not in self.policy:
            raise InvalidInput("step", step, sorted(self.policy))
        return self.policy[step]

    def choose(self, view: ViewT, rng: random.Random, step: str = MOVE, /) -> MoveT:
        """The move its function for ``step`` picks."""
        move: MoveT = self.policy_for(step)(view, rng)
        return move


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
    points: tuple[float, ...] | None
    turns: int
    moves: list[tuple[int, Any]] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    tables: list[Any] = field(default_factory=list)
    over: bool = True
    truth: dict[str, Any] = field(default_factory=dict)


def check_lineup(
    lineup: Any,
    low: int,
    high: int | None,
    *,
    argument: str = "lineup",
    steps: Sequence[str] = (),
) -> tuple[Any, ...]:
    """``lineup`` as a tuple of players (``low`` to ``high`` of them, or at least ``low``
    when ``high`` is None, each a bot with a function for every one of ``steps``, as a
    bot of one function is), or InvalidInput naming ``argument``.

    Example:
        >>> check_lineup("advised", 2, 4)
        Traceback (most recent call last):
        ...
        deduce.errors.InvalidInput: lineup='advised' is not valid; expected 2 to 4 bots
    """
    players: str
    if high is None:
        players = M("{low} or more bots", low=low)
    else:
        players = N_("1 bot") if low == high == 1 else M("{low} to {high} bots", low=low, high=high)
    if isinstance(lineup, (str, bytes)) or not isinstance(lineup, Sequence):
        raise InvalidInput(argument, lineup, players)
    if len(lineup) < low or (high is not None and len(lineup) > high):
        raise InvalidInput(argument, lineup, players)
    for bot in lineup:
        if not callable(getattr(bot, "choose", None)) or not isinstance(
            getattr(bot, "name", None), str
        ):
            raise InvalidInput(argument, lineup, players, reason=f"{bot!r} is not a bot")
        missing = [d for d in steps if d not in (getattr(bot, "steps", None) or steps)]
        if missing:
            reason = f"{bot.name} has nothing to play at the {' or '.join(missing)} step"
            raise InvalidInput(
                argument, lineup, f"bots for the steps {', '.join(steps)}", reason=reason
            )
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
    steps = tuple(getattr(referee, "steps", (MOVE,)))
    check_lineup(lineup, referee.players, referee.players, steps=steps)
    step_now = getattr(referee, "step", lambda: MOVE)
    moves: list[tuple[int, Any]] = []
    log: list[str] = []
    over = False
    while len(moves) < max_moves:
        seat = referee.turn()
        if seat is None:
            over = True
            break
        player = lineup[seat]
        move = player.choose(referee.view(seat), rng, step_now())
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
