"""The magnifying glasses of 13 Indizien: who acts next, and how many actions each has.

The rulebook: a player's glasses are the actions they have. Each action uses one. Asking
a witness gives the witness a glass; consulting the informant or accusing gives one to
the next player (clockwise) without a glass. A wrong accusation ends the turn: the
accuser lays down every glass left. A right one wins. With two players there are no
glasses: each turn is exactly one action, and the players take turns.

The rulebook does not say how many glasses the game starts with: :meth:`Glasses.start`
gives one to the first player (so a glass always marks whose turn it is, and the total
stays one), and ``counts=`` sets any other start. A player acts while holding glasses;
then the next player clockwise who holds one. Glasses pass on and are never added, so
the table holds at most one per player: with more, the glass an action hands "to the
next player without a glass" could find nobody without one.

Example:
    >>> table = Glasses.start(4)
    >>> table = table.asked(2)  # seat 0 asks seat 2: seat 2 gets the glass and acts
    >>> table.active, table.counts
    (2, (0, 0, 1, 0))
    >>> table = table.consulted()  # the informant: the glass goes to seat 3
    >>> print(table)
    seat 3 acts; glasses: seat 3: 1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from deduce._internal.entry import guard
from deduce._internal.language import N_, M, _
from deduce._internal.validation import check_int, is_int
from deduce.errors import InvalidInput
from deduce.games.thirteen_clues.cards import check_players

__all__ = ["Glasses"]


@dataclass(frozen=True, slots=True)
class Glasses:
    """Whose turn it is and every player's glasses (immutable: each action returns a new
    one).

    Attributes:
        players: 2 to 6.
        counts: each seat's glasses (all 0 with two players, who have none).
        active: the seat that acts now.
        winner: the seat whose accusation was right (the game is over), else None.
    """

    players: int
    counts: tuple[int, ...]
    active: int
    winner: int | None = None

    def __post_init__(self) -> None:
        n = check_players(self.players)
        plain = _check_counts(n, self.counts)
        active = check_int("active", self.active, 0, n - 1)
        if n > 2 and not plain[active]:
            raise InvalidInput("active", active, "a seat that holds a glass")
        object.__setattr__(self, "players", n)
        object.__setattr__(self, "counts", plain)
        object.__setattr__(self, "active", active)
        if self.winner is not None:
            object.__setattr__(self, "winner", check_int("winner", self.winner, 0, n - 1))

    @classmethod
    def start(cls, players: int, *, first: int = 0, counts: Sequence[int] | None = None) -> Glasses:
        """The start of a game: ``first`` acts, holding the one glass (or ``counts``).

        Raises:
            InvalidInput: a bad player count or seat, counts of the wrong length, or no
                glass for the first player.

        Example:
            >>> Glasses.start(3, first=1).counts, Glasses.start(2).counts
            ((0, 1, 0), (0, 0))
        """
        n = check_players(players)
        first = check_int("first", first, 0, n - 1)
        if counts is None:
            start = tuple(1 if seat == first and n > 2 else 0 for seat in range(n))
        else:
            start = _check_counts(n, counts)
            if n > 2 and not start[first]:
                raise InvalidInput("counts", counts, "a glass for the first player")
        return cls(n, start, first)

    # -- the three actions ---------------------------------------------------------------

    def asked(self, witness: int) -> Glasses:
        """After the active player asked ``witness``: the witness gets a glass.

        Example:
            >>> Glasses.start(3).asked(1).asked(0).counts
            (1, 0, 0)
        """
        self._playing()
        witness = check_int("witness", witness, 0, self.players - 1)
        if witness == self.active:
            raise InvalidInput(
                "witness", witness, M("a seat other than the one acting ({seat})", seat=witness)
            )
        return self._after(witness)

    def consulted(self) -> Glasses:
        """After the active player consulted the informant: the next player without a
        glass gets one.

        Example:
            >>> Glasses.start(3).consulted().active
            1
        """
        self._playing()
        return self._after(None)

    def accused(self, *, right: bool) -> Glasses:
        """After the active player accused: ``right`` wins the game; wrong gives the next
        player without a glass one, and the accuser lays down every glass left.

        Example:
            >>> table = Glasses.start(4, counts=(2, 0, 0, 0)).accused(right=False)
            >>> table.counts, table.active
            ((0, 1, 0, 0), 1)
            >>> Glasses.start(4).accused(right=True).winner
            0
        """
        self._playing()
        if not isinstance(right, bool):
            raise InvalidInput("right", right, "True or False")
        if right:
            return Glasses(self.players, self.counts, self.active, winner=self.active)
        return self._after(None, drop=True)

    def receiver(self, move: object) -> int:
        """The seat that a move of the active player gives a glass to: the witness of a
        question (anything with a ``witness``), else the next player without a glass.

        Example:
            >>> from deduce.games.thirteen_clues.clues import Ask, Peek
            >>> table = Glasses.start(4)
            >>> table.receiver(Ask(2, "red")), table.receiver(Peek())
            (2, 1)
        """
        witness = getattr(move, "witness", None)
        if isinstance(witness, int):
            return witness
        return self._next_without(self._spent(drop=False))

    def actions_before(self, seat: int) -> dict[int, int]:
        """How many actions each other player has before ``seat`` acts again, counting
        the glasses they hold now (the glasses handed out meanwhile are not foreseen).

        Example:
            >>> Glasses.start(4, counts=(1, 2, 0, 1)).actions_before(0)
            {1: 2, 3: 1}
        """
        seat = check_int("seat", seat, 0, self.players - 1)
        if self.players == 2:
            return {} if self.active != seat else {1 - seat: 1}
        result = {}
        for step in range(self.players):
            other = (self.active + step) % self.players
            if other == seat:
                if step:
                    break
                continue
            if self.counts[other]:
                result[other] = self.counts[other]
        return result

    # -- rules ---------------------------------------------------------------------------

    def _playing(self) -> None:
        if self.winner is not None:
            raise InvalidInput(
                "action",
                "after the game",
                N_("nothing"),
                reason=M("seat {seat} has won", seat=self.winner),
            )

    def _spent(self, *, drop: bool) -> list[int]:
        counts = list(self.counts)
        if self.players > 2:
            counts[self.active] = 0 if drop else counts[self.active] - 1
        return counts

    def _next_without(self, counts: list[int]) -> int:
        # at most one glass per player, one of them spent: someone holds none
        return next(
            seat
            for seat in ((self.active + step) % self.players for step in range(1, self.players + 1))
            if counts[seat] == 0
        )

    def _after(self, receiver: int | None, *, drop: bool = False) -> Glasses:
        n = self.players
        if n == 2:
            return Glasses(n, self.counts, 1 - self.active)
        counts = self._spent(drop=False)
        given = self._next_without(counts) if receiver is None else receiver
        counts[given] += 1
        if drop:
            counts[self.active] = 0
        active = self.active
        if not counts[active]:
            active = next(
                (active + step) % n for step in range(1, n + 1) if counts[(active + step) % n]
            )
        return Glasses(n, tuple(counts), active)

    def __str__(self) -> str:
        if self.winner is not None:
            return str(_(M("seat {seat} has won", seat=self.winner)))
        held = ", ".join(
            _(M("seat {seat}: {count}", seat=s, count=c)) for s, c in enumerate(self.counts) if c
        )
        if held:
            return str(_(M("seat {seat} acts; glasses: {held}", seat=self.active, held=held)))
        return str(_(M("seat {seat} acts", seat=self.active)))


def _check_counts(players: int, counts: Any) -> tuple[int, ...]:
    """``counts`` as every seat's glasses if the rulebook allows them: one whole number
    per seat, at most ``players`` glasses in all (glasses pass on and are never added;
    with more, an action could find no "next player without a glass" to hand one to),
    and none with two players, who play without glasses.

    Raises:
        InvalidInput: naming ``counts``, the value and the valid range.

    Example:
        >>> _check_counts(3, [2, 0, 1])
        (2, 0, 1)
        >>> _check_counts(3, (100, 0, 0))
        Traceback (most recent call last):
        ...
        deduce.errors.InvalidInput: counts=(100, 0, 0) is not valid; expected 3 integers ...
    """
    n = check_players(players)
    if n == 2:
        if (
            isinstance(counts, (str, bytes))
            or not isinstance(counts, Sequence)
            or any(not is_int(c) or c != 0 for c in counts)
            or len(counts) != n
        ):
            raise InvalidInput("counts", counts, "(0, 0): two players play without glasses")
        return (0, 0)
    expected = f"{n} integers from 0 to {n}, at most {n} glasses in all (one per player)"
    if isinstance(counts, (str, bytes)) or not isinstance(counts, Sequence) or len(counts) != n:
        raise InvalidInput("counts", counts, expected)
    if not all(is_int(c) and 0 <= c <= n for c in counts) or sum(int(c) for c in counts) > n:
        raise InvalidInput("counts", counts, expected)
    return tuple(int(c) for c in counts)


guard(globals())
