"""The master-scribe's sheet for Crime Writers: finds, the clock and the points.

Scoring, as the rulebook says it: a guest who figures out a crime element receives three
points; the writer receives as many points as the number of started minutes it took the
guests to figure out all five elements. With two players only the writer's points count.
The player with the most points wins.

Example:
    >>> sheet = ScoreSheet(("Ann", "Ben", "Cy")).start_round()
    >>> for element, guest, at in [
    ...     ("who", "Ben", 30), ("how", "Cy", 95), ("where", "Ben", 130),
    ...     ("whom", "Ben", 200), ("why", "Cy", 241),
    ... ]:
    ...     sheet = sheet.found(element, guest, at=at)
    >>> sheet.points()
    {'Ann': 5, 'Ben': 9, 'Cy': 6}
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from deduce._internal.entry import guard
from deduce._internal.language import N_, M
from deduce._internal.validation import short
from deduce.core.persistence import parse_json
from deduce.errors import DeduceError, InvalidInput
from deduce.games.crime_writers.cards import ELEMENTS

__all__ = ["GUEST_POINTS", "Find", "Round", "ScoreSheet", "started_minutes"]

MAX_SECONDS = 10**9
"""The longest time on a round's clock, in seconds (over thirty years)."""

GUEST_POINTS = 3
"""Points a guest receives for each crime element figured out."""

_FORMAT = 1
_KIND = "crime_writers.ScoreSheet"


def _seconds(argument: str, value: Any) -> float:
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not 0 <= value <= MAX_SECONDS  # NaN too; compared before a huge int is a float
        or not math.isfinite(value)
    ):
        raise InvalidInput(
            argument,
            value,
            M(
                "seconds since the clock started (a number >= 0, at most {most})",
                most=f"{MAX_SECONDS:,}",
            ),
        )
    return value


def started_minutes(seconds: float) -> int:
    """The number of started minutes after ``seconds`` on the clock.

    Example:
        >>> started_minutes(0), started_minutes(1), started_minutes(60), started_minutes(61)
        (0, 1, 1, 2)
    """
    return math.ceil(_seconds("seconds", seconds) / 60)


@dataclass(frozen=True, slots=True)
class Find:
    """A guest figured out an element, ``at`` seconds after the round's clock started.

    Example:
        >>> Find("how", "Ben", at=95)
        Find(element='how', guest='Ben', at=95)
    """

    element: str
    guest: str
    at: float


@dataclass(frozen=True, slots=True)
class Round:
    """One writer's story being figured out.

    Example:
        >>> Round("Ann", (Find("who", "Ben", 30),)).found
        ('who',)
    """

    writer: str
    finds: tuple[Find, ...] = ()

    @property
    def found(self) -> tuple[str, ...]:
        """The elements figured out so far, in order."""
        return tuple(f.element for f in self.finds)

    @property
    def complete(self) -> bool:
        """All five elements have been figured out (the clock has stopped)."""
        return len(self.finds) == len(ELEMENTS)

    @property
    def minutes(self) -> int | None:
        """Started minutes until the fifth element was figured out (None before)."""
        return started_minutes(self.finds[-1].at) if self.complete else None


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """The master-scribe's sheet; every method returns a new sheet.

    Args:
        players: the players' names, in seating order (at least 2).
        order: the order in which they are writers (default, or empty: ``players``).
        rounds: the rounds so far (normally built by :meth:`start_round` and
            :meth:`found`).

    Example:
        >>> sheet = ScoreSheet(("Ann", "Ben")).start_round()
        >>> for element in ("who", "whom", "why", "where", "how"):
        ...     sheet = sheet.found(element, "Ben", at=150)
        >>> sheet.points()  # two players: only the writer's 3 started minutes count
        {'Ann': 3, 'Ben': 0}
    """

    players: tuple[str, ...]
    order: tuple[str, ...] = ()
    rounds: tuple[Round, ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.players, str) or not isinstance(self.players, Sequence):
            raise InvalidInput("players", self.players, N_("a sequence of at least 2 names"))
        players = tuple(self.players)
        if len(players) < 2:
            raise InvalidInput("players", players, N_("at least 2 players"))
        for name in players:
            if not isinstance(name, str) or not name.strip():
                raise InvalidInput("players", name, N_("names that are non-empty strings"))
        if len(set(players)) != len(players):
            twice = next(p for p in players if players.count(p) > 1)
            raise InvalidInput(
                "players", players, N_("different names"), reason=M("{name!r} twice", name=twice)
            )
        order = self.order if self.order else players
        if isinstance(order, str) or not isinstance(order, Sequence):
            raise InvalidInput("order", order, "an order of " + ", ".join(players))
        order = tuple(order)
        if sorted(order) != sorted(players):
            raise InvalidInput("order", order, "every player exactly once: " + ", ".join(players))
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "order", order)
        rounds = tuple(self.rounds)
        if len(rounds) > len(players):
            raise InvalidInput("rounds", len(rounds), f"at most {len(players)} rounds")
        for i, game_round in enumerate(rounds):
            if not isinstance(game_round, Round):
                raise InvalidInput(f"rounds[{i}]", game_round, "a Round")
            if game_round.writer != order[i]:
                raise InvalidInput(f"rounds[{i}].writer", game_round.writer, [order[i]])
            if i < len(rounds) - 1 and not game_round.complete:
                raise InvalidInput(f"rounds[{i}]", game_round, "a complete round (5 finds)")
            _check_finds(f"rounds[{i}]", game_round, players)
        object.__setattr__(self, "rounds", rounds)

    # -- recording -----------------------------------------------------------------

    @property
    def current(self) -> Round | None:
        """The round being played (None before the first and after the last)."""
        if self.rounds and not self.rounds[-1].complete:
            return self.rounds[-1]
        return None

    @property
    def next_writer(self) -> str | None:
        """Who writes in the next round (None when everyone has)."""
        done = len(self.rounds)
        return self.order[done] if done < len(self.players) else None

    @property
    def finished(self) -> bool:
        """Every player's story has been figured out."""
        return len(self.rounds) == len(self.players) and self.rounds[-1].complete

    def start_round(self) -> ScoreSheet:
        """A new round with the next writer in order (the clock starts at 0 seconds).

        Raises:
            InvalidInput: a round is still running, or every player has written.
        """
        if self.current is not None:
            missing = [e for e in ELEMENTS if e not in self.current.found]
            raise InvalidInput(
                "start_round",
                self.current.writer,
                N_("a finished round first"),
                reason=M("{missing} not found yet", missing=missing),
            )
        writer = self.next_writer
        if writer is None:
            raise InvalidInput("start_round", len(self.rounds), N_("a game with a writer left"))
        return replace(self, rounds=(*self.rounds, Round(writer)))

    def found(self, element: str, guest: str, *, at: float) -> ScoreSheet:
        """Record that ``guest`` figured out ``element``, ``at`` seconds into the round.

        Raises:
            InvalidInput: no round is running, the element is unknown or already found,
                the guest is not a guest of this round, or the time goes backwards.
        """
        current = self.current
        if current is None:
            raise InvalidInput("found", element, "a running round (call start_round first)")
        new = Round(current.writer, (*current.finds, Find(element, guest, at)))
        _check_finds("found", new, self.players)
        return replace(self, rounds=(*self.rounds[:-1], new))

    def undo(self) -> ScoreSheet:
        """The sheet before the last find (or before the last round started)."""
        if not self.rounds:
            raise InvalidInput("undo", "an empty sheet", "a sheet with a round")
        last = self.rounds[-1]
        if not last.finds:
            return replace(self, rounds=self.rounds[:-1])
        return replace(self, rounds=(*self.rounds[:-1], Round(last.writer, last.finds[:-1])))

    # -- points ----------------------------------------------------------------------

    @property
    def two_players(self) -> bool:
        """With two players only the writer's points count."""
        return len(self.players) == 2

    def _scored(self, game_round: Round) -> tuple[dict[str, int], dict[str, int]]:
        """One story's points for each player: as a guest (3 per element figured out;
        none with 2 players), and as its writer (the started minutes until all five
        were found; none while it runs)."""
        guest, writer = dict.fromkeys(self.players, 0), dict.fromkeys(self.players, 0)
        if not self.two_players:
            for find in game_round.finds:
                guest[find.guest] += GUEST_POINTS
        if game_round.minutes is not None:
            writer[game_round.writer] += game_round.minutes
        return guest, writer

    def guest_points(self) -> dict[str, int]:
        """Each player's points as a guest (3 per element figured out; 0 with 2 players)."""
        points = dict.fromkeys(self.players, 0)
        for game_round in self.rounds:
            for player, p in self._scored(game_round)[0].items():
                points[player] += p
        return points

    def writer_points(self) -> dict[str, int]:
        """Each player's points as a writer: started minutes until all five were found.

        A round still running gives its writer nothing yet.
        """
        points = dict.fromkeys(self.players, 0)
        for game_round in self.rounds:
            for player, p in self._scored(game_round)[1].items():
                points[player] += p
        return points

    def round_points(self) -> list[dict[str, int]]:
        """Each story's points for each player, in order: a line of the score sheet.

        Example:
            >>> sheet = ScoreSheet(("Ann", "Ben", "Cy")).start_round()
            >>> sheet.found("who", "Ben", at=30).round_points()
            [{'Ann': 0, 'Ben': 3, 'Cy': 0}]
        """
        lines = []
        for game_round in self.rounds:
            guest, writer = self._scored(game_round)
            lines.append({p: guest[p] + writer[p] for p in self.players})
        return lines

    def points(self) -> dict[str, int]:
        """Each player's total, in seating order."""
        guest, writer = self.guest_points(), self.writer_points()
        return {p: guest[p] + writer[p] for p in self.players}

    def ranking(self) -> list[tuple[int, str, int]]:
        """``(place, player, points)`` from the most points down; ties share a place.

        Example:
            >>> sheet = ScoreSheet(("Ann", "Ben", "Cy"))
            >>> sheet.ranking()
            [(1, 'Ann', 0), (1, 'Ben', 0), (1, 'Cy', 0)]
        """
        totals = self.points()
        ordered = sorted(self.players, key=lambda p: -totals[p])
        result: list[tuple[int, str, int]] = []
        for i, player in enumerate(ordered):
            tied = result and totals[player] == result[-1][2]
            place = result[-1][0] if tied else i + 1
            result.append((place, player, totals[player]))
        return result

    def winners(self) -> tuple[str, ...]:
        """The player(s) with the most points."""
        return tuple(player for place, player, _ in self.ranking() if place == 1)

    # -- files -----------------------------------------------------------------------

    def to_json(self) -> str:
        """The sheet as JSON text that :meth:`from_json` reads back.

        Example:
            >>> sheet = ScoreSheet(("Ann", "Ben", "Cy")).start_round().found("how", "Cy", at=12.5)
            >>> ScoreSheet.from_json(sheet.to_json()) == sheet
            True
        """
        document = {
            "format": _FORMAT,
            "kind": _KIND,
            "players": list(self.players),
            "order": list(self.order),
            "rounds": [
                {
                    "writer": r.writer,
                    "finds": [
                        {"element": f.element, "guest": f.guest, "at": f.at} for f in r.finds
                    ],
                }
                for r in self.rounds
            ],
        }
        return json.dumps(document, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str | bytes) -> ScoreSheet:
        """Read a sheet saved by :meth:`to_json` (everything is checked again).

        The text is read as every saved document is (see
        :func:`deduce.core.persistence.parse_json`).

        Raises:
            InvalidInput: the text is not a saved score sheet, or its content is wrong.
        """
        document = parse_json(text, expected="JSON from ScoreSheet.to_json()")
        try:
            return cls._from_document(document, text)
        except DeduceError:
            raise
        except Exception as error:  # a value of a type the sheet cannot use
            raise InvalidInput(
                "text",
                short(text),
                "JSON from ScoreSheet.to_json()",
                reason=f"{type(error).__name__}: {short(error, 200)}",
            ) from None

    @classmethod
    def _from_document(cls, document: Any, text: Any) -> ScoreSheet:
        if not isinstance(document, dict) or document.get("kind") != _KIND:
            raise InvalidInput("text", short(text), f"a saved score sheet (kind {_KIND!r})")
        if document.get("format") != _FORMAT:
            raise InvalidInput("format", document.get("format"), [_FORMAT])
        extra = set(document) - {"format", "kind", "players", "order", "rounds"}
        if extra:
            raise InvalidInput("text", sorted(extra)[0], "format, kind, players, order, rounds")
        rounds = document.get("rounds")
        if not isinstance(rounds, list):
            raise InvalidInput("rounds", rounds, "a list of rounds")
        built = []
        for i, item in enumerate(rounds):
            if not isinstance(item, dict) or set(item) != {"writer", "finds"}:
                raise InvalidInput(f"rounds[{i}]", item, "an object with writer and finds")
            finds = item["finds"]
            if not isinstance(finds, list):
                raise InvalidInput(f"rounds[{i}].finds", finds, "a list of finds")
            parts = []
            for j, find in enumerate(finds):
                if not isinstance(find, dict) or set(find) != {"element", "guest", "at"}:
                    raise InvalidInput(f"rounds[{i}].finds[{j}]", find, "element, guest and at")
                parts.append(Find(find["element"], find["guest"], find["at"]))
            built.append(Round(item["writer"], tuple(parts)))
        players, order = document.get("players"), document.get("order")
        if not isinstance(players, list) or not isinstance(order, list):
            raise InvalidInput("players", players, "lists of names for players and order")
        return cls(tuple(players), tuple(order), tuple(built))


def _check_finds(where: str, game_round: Round, players: tuple[str, ...]) -> None:
    if not isinstance(game_round.finds, tuple):
        raise InvalidInput(f"{where}.finds", game_round.finds, "a tuple of Find")
    guests = [p for p in players if p != game_round.writer]
    if game_round.writer not in players:
        raise InvalidInput(f"{where}.writer", game_round.writer, list(players))
    seen: set[str] = set()
    last = 0.0
    for find in game_round.finds:
        if not isinstance(find, Find):
            raise InvalidInput(where, find, "a Find")
        if find.element not in ELEMENTS:
            raise InvalidInput("element", find.element, ELEMENTS)
        if find.element in seen:
            left = [e for e in ELEMENTS if e not in seen]
            raise InvalidInput("element", find.element, left, reason="already figured out")
        if find.guest not in guests:
            raise InvalidInput("guest", find.guest, guests, reason=f"{game_round.writer} writes")
        at = _seconds("at", find.at)
        if at < last:
            raise InvalidInput("at", at, f"at least {last} (the clock does not go back)")
        seen.add(find.element)
        last = at


guard(globals())
