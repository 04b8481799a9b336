"""The end of a Black Stories Investigation game: the clock and the score race.

The game ends with the round in which anyone plays their third investigation card, so
every attempt also moves the clock. At the attempt step of my turn each choice (every
attempt the table offers, or none) is weighed by my chance to finish first in points,
a tie shared (``1/k`` with ``k`` seats on top), instead of by its expected points alone.

The model of the rest of the game, after this turn:

- every seat attempts on each of its turns while it holds an investigation card, its
  strongest card first; the game ends with the round in which someone plays their last
  one (the start player's turn begins a round). This fixes how many attempts each seat
  still makes (:func:`attempts_left`), mine included;
- each of those attempts is right with a fixed chance (:data:`RIVAL_CHANCE`,
  :data:`MY_CHANCE`: about what the league's policies reach) and then scores its blood
  drops plus ``6 - cards under the grid``, the grid holding one card more than the
  table's grids hold on average now;
- the attempt made now is right with its exact chance (the table's posterior) and
  scores its exact points.

So a certain case is taken at once, the last investigation card ends the game when
that leaves me ahead, a seat behind keeps it or plays for the points it needs, and a
weak attempt waits only while I have more turns left than investigation cards.

The card to lay is weighed the same way (:func:`race_lays`): for each field it can go
to, the best choice of :func:`race_options` once it lies there, by the field's chance.
The counting of the score race is the engine's
(:func:`~deduce.table.races.most_points`).

Example (2 players, the last turn of the game; I am ahead by 5 points):
    >>> mine = score_chances(5, [], MY_CHANCE)
    >>> rival = score_chances(0, [3], RIVAL_CHANCE, bonus=3)  # its last attempt: 6 points
    >>> round(most_points(mine, [rival]), 4)
    0.4
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from deduce._internal.entry import guard
from deduce._internal.language import M, _
from deduce._internal.validation import check_int
from deduce.errors import InvalidInput
from deduce.games.bsi.advice import attempt_options
from deduce.games.bsi.clues import AttemptOption, LayOption
from deduce.games.bsi.investigation import points
from deduce.table.races import most_points

if TYPE_CHECKING:  # the table imports this module: no cycle at run time
    from deduce.games.bsi.table import Table

__all__ = [
    "MY_CHANCE",
    "RIVAL_CHANCE",
    "RaceLay",
    "RaceOption",
    "attempts_left",
    "race_lays",
    "race_options",
    "score_chances",
    "standing",
]

RIVAL_CHANCE = 0.6
"""The chance that a rival's later attempt is right, in the model of the rest of the game
(the league's policies attempt at about 60% to 67% on average)."""

MY_CHANCE = 0.6
"""The chance that a later attempt of mine is right, in the same model."""


@dataclass(frozen=True, slots=True)
class RaceOption:
    """One choice at the attempt step of my turn, with my chance to finish first.

    Attributes:
        attempt: the attempt (see :class:`AttemptOption`), or None for no attempt.
        win: my chance to have the most points when the game ends, a tie of ``k`` seats
            counted ``1/k``, in the model of :mod:`deduce.games.bsi.race`.
        turns: the attempts each seat still makes after this one in that model (seat 0
            is me): how long the game lasts after this choice.

    Example:
        >>> print(RaceOption(None, 0.25, (1, 2)))
        no attempt: 25.0% to finish first, attempts left (1, 2)
    """

    attempt: AttemptOption | None
    win: float
    turns: tuple[int, ...]

    def __str__(self) -> str:
        win, turns = 100 * self.win, self.turns
        if self.attempt is None:
            said = M(
                "no attempt: {win:.1f}% to finish first, attempts left {turns}",
                win=win,
                turns=turns,
            )
        else:
            said = M(
                "{attempt}: {win:.1f}% to finish first, attempts left {turns}",
                attempt=self.attempt,
                win=win,
                turns=turns,
            )
        return str(_(said))


@dataclass(frozen=True, slots=True)
class RaceLay:
    """One card to lay now, with my chance to finish first after it.

    Attributes:
        lay: the lay, with its expected points and what its field reveals (see
            :class:`LayOption`).
        win: my chance to have the most points when the game ends (a tie of ``k`` seats
            counted ``1/k``): for each field the card can go to, the best choice of
            :func:`race_options` once it lies there, weighted by the field's chance.

    Example:
        >>> from deduce.games.bsi import Card, Play
        >>> lay = LayOption(Play(Card.parse("woman/day"), 1), 3.0, 1.0,
        ...                 {"0/1": 0.5, 2: 0.5}, {"0/1": None, 2: None})
        >>> print(RaceLay(lay, 0.4))
        woman/day -> seat 1: 40.0% to finish first, 3.00 points expected, 1.00 bits
    """

    lay: LayOption
    win: float

    def __str__(self) -> str:
        lay = self.lay
        said = M(
            "{lay}: {win:.1f}% to finish first, {points:.2f} points expected, {bits:.2f} bits",
            lay=lay.play,
            win=100 * self.win,
            points=lay.points,
            bits=lay.information,
        )
        return str(_(said))


def attempts_left(
    players: int, first: int, cards: Sequence[int], *, final: bool
) -> tuple[int, ...]:
    """How many attempts each seat makes after seat 0's turn, if every seat attempts on
    each turn while it holds an investigation card (``cards``: how many each holds).

    The game ends when the turn is back at ``first`` in the final round; the final round
    starts when a seat plays its last card (``final``: it has started already).

    Example (3 players, seat 1 starts: a round ends after my turn; seat 2 holds one
    card, so the next round is the last, one attempt each):
        >>> attempts_left(3, 1, [2, 3, 1], final=False)
        (1, 1, 1)
        >>> attempts_left(3, 1, [2, 3, 1], final=True)
        (0, 0, 0)
        >>> attempts_left(2, 0, [3, 3], final=False)
        (2, 3)
    """
    players = check_int("players", players, 2, 4)
    first = check_int("first", first, 0, players - 1)
    if isinstance(cards, str) or not isinstance(cards, Sequence) or len(cards) != players:
        raise InvalidInput("cards", cards, f"{players} counts of investigation cards")
    left = [check_int("cards", c, 0, 3) for c in cards]
    return _attempts_from(players, first, 0, left, final=final, now=False)


def _attempts_from(
    players: int, first: int, turn: int, cards: Sequence[int], *, final: bool, now: bool
) -> tuple[int, ...]:
    """How many attempts each seat makes from seat ``turn``'s turn on (``now``: that
    seat still attempts in it), each seat attempting on each turn while it holds a card."""
    left = list(cards)
    counts = [0] * players
    seat = turn
    if now and left[seat]:
        counts[seat] += 1
        left[seat] -= 1
        final = final or not left[seat]
    while True:
        seat = (seat + 1) % players
        if seat == first and (final or not any(left)):
            return tuple(counts)
        if left[seat]:
            counts[seat] += 1
            left[seat] -= 1
            final = final or not left[seat]


def score_chances(
    score: int, drops: Sequence[int], chance: float, *, bonus: int = 0
) -> dict[int, float]:
    """The chance of each final score, from ``score``, after an attempt with each card
    of ``drops`` (right with ``chance``: its drops plus ``bonus`` points).

    Example:
        >>> score_chances(2, [3, 1], 0.5, bonus=2)
        {10: 0.25, 7: 0.25, 5: 0.25, 2: 0.25}
        >>> score_chances(2, [3], 1.5)
        Traceback (most recent call last):
        ...
        deduce.errors.InvalidInput: chance=1.5 is not valid; expected a probability from 0 to 1
    """
    if isinstance(chance, bool) or not isinstance(chance, (int, float)) or not 0 <= chance <= 1:
        raise InvalidInput("chance", chance, "a probability from 0 to 1")
    score = check_int("score", score, 0)
    bonus = check_int("bonus", bonus, 0)
    if isinstance(drops, (str, bytes)) or not isinstance(drops, Sequence):
        raise InvalidInput("drops", drops, "a list of blood drops (each 1 to 3)")
    drops = [check_int("drops", d, 1, 3) for d in drops]
    dist = {score: 1.0}
    for d in drops:
        dist = _add(dist, chance, d + bonus)
    return dist


def _add(dist: Mapping[int, float], chance: float, gain: int) -> dict[int, float]:
    out: dict[int, float] = {}
    for score, weight in dist.items():
        out[score + gain] = out.get(score + gain, 0.0) + weight * chance
        out[score] = out.get(score, 0.0) + weight * (1.0 - chance)
    return out


def race_options(table: Table) -> list[RaceOption]:
    """Every choice at my attempt step (each attempt of ``attempt_options``, and no
    attempt), by my chance to finish first, best first; ties by the expected points
    (``value`` of the attempt, ``waiting`` of none).

    Raises:
        InvalidInput: not the attempt step of my turn.
    """
    options = attempt_options(table)
    s = table.state
    n = s.players
    grids = [len(g) for g in s.grids]
    bonus = max(0, 5 - round(sum(grids) / n))  # 6 - (the mean grid now + 1)
    cards = [len(d) for d in s.drops]
    waiting = max((o.compared for o in options), default=0.0)
    ranked = []
    rivals_after: dict[tuple[int, ...], list[dict[int, float]]] = {}  # by their attempts left
    for option in [None, *options]:
        held = list(cards)
        mine = {s.points[0]: 1.0}
        kept = list(s.drops[0])
        if option is not None:
            held[0] -= 1
            kept.remove(option.drops)
            right = points(option.drops, grids[option.target])
            mine = _add(mine, option.probability, right)
        turns = attempts_left(n, s.first, held, final=s.final or not held[0])
        later = sorted(kept, reverse=True)[: turns[0]]
        mine = _spread(mine, later, MY_CHANCE, bonus)
        rivals = rivals_after.get(turns[1:])
        if rivals is None:
            rivals = rivals_after[turns[1:]] = [
                score_chances(
                    s.points[r],
                    sorted(s.drops[r], reverse=True)[: turns[r]],
                    RIVAL_CHANCE,
                    bonus=bonus,
                )
                for r in range(1, n)
            ]
        win = most_points(mine, rivals)
        expected = waiting if option is None else option.value
        ranked.append((round(win, 9), expected, RaceOption(option, win, turns)))
    ranked.sort(key=lambda r: (-r[0], -r[1]))
    return [r[2] for r in ranked]


def standing(table: Table) -> float:
    """My chance to finish first from ``table`` as it stands, when nobody chooses now:
    the chance of :func:`race_options` for no attempt, from any point of the game.

    Every seat attempts on each of its turns while it holds an investigation card (the
    seat whose turn it is too, unless it has tried this turn or it is me: my choices are
    :func:`race_options`' and :func:`race_lays`'), right with :data:`MY_CHANCE` or
    :data:`RIVAL_CHANCE`; once the game is over, my share of the win (``1/k`` with ``k``
    seats on top, 0 when I am not among them).

    Example (2 players, nobody has scored, seat 1 to lay; I am seat 0):
        >>> from deduce.games.bsi import Table
        >>> hand = ["woman/knife", "man/gun", "day/gun"]
        >>> t = Table(2, case="man/day/inside/knife", hand=hand, first=1)
        >>> round(standing(t), 4)  # three attempts each, right as often: even
        0.5
    """
    s = table.state
    if s.over:
        winners = [seat for seat, p in enumerate(s.points) if p == max(s.points)]
        return 1.0 / len(winners) if 0 in winners else 0.0
    n = s.players
    bonus = max(0, 5 - round(sum(len(g) for g in s.grids) / n))  # as in race_options
    now = s.turn != 0 and s.phase < 2
    cards = [len(d) for d in s.drops]
    turns = _attempts_from(n, s.first, s.turn, cards, final=s.final, now=now)
    mine = score_chances(
        s.points[0], sorted(s.drops[0], reverse=True)[: turns[0]], MY_CHANCE, bonus=bonus
    )
    rivals = [
        score_chances(
            s.points[r], sorted(s.drops[r], reverse=True)[: turns[r]], RIVAL_CHANCE, bonus=bonus
        )
        for r in range(1, n)
    ]
    return most_points(mine, rivals)


def _spread(
    dist: Mapping[int, float], drops: Sequence[int], chance: float, bonus: int
) -> dict[int, float]:
    out: dict[int, float] = {}
    for score, weight in dist.items():
        for final, v in score_chances(score, drops, chance, bonus=bonus).items():
            out[final] = out.get(final, 0.0) + weight * v
    return out


def race_lays(table: Table) -> list[RaceLay]:
    """Every lay of my hand (see ``Table.lay_options``) by my chance to finish first,
    best first; ties in the order of ``lay_options`` (expected points, then what the
    field reveals).

    Raises:
        InvalidInput: not the lay step of my turn.
    """
    ranked = []
    for option in table.lay_options():
        play = option.play
        win = 0.0
        for field, chance in option.outcomes.items():
            laid = table.played(play.card, play.target, field)
            win += chance * race_options(laid)[0].win
        ranked.append(RaceLay(option, win))
    ranked.sort(key=lambda r: -round(r.win, 9))  # stable: the order of lay_options
    return ranked


guard(globals())
