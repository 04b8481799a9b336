"""Black Stories Investigation's position for the search that plays to win
(:mod:`deduce.table.rollouts`): my table at the attempt step, the hidden worlds it allows, and
the game master at the current point in each.

A hidden world is every seat's case, hand and the draw pile's order:

- the opponents' cases are drawn from my exact posterior (every assignment of the
  joint posterior equally likely, as :meth:`Table.case_probabilities` counts them);
- the other hidden cards (the box's small cards and the case cards I have not seen) are
  dealt at random into the opponents' hands and the draw pile, as the epochs allow: a
  card hidden before the last reshuffle is in the hand of a seat that drew then, a card
  of the current draw pile in the pile or in the hand of a seat that drew from it. This
  part is not weighed by how likely each deal made what followed (a seat that kept a
  card it could have laid, for one);
- every opponent's own table is my table's history replayed in its numbering, with its
  cases (each one solved is public; the current one is the world's), its starting hand
  and its draws: the cards it laid and holds, each drawn as late as its table allows (the
  three it needed first that were never in view start in its hand).

A world whose history an opponent's table cannot take (a draw the epochs refuse) is
drawn again, up to 32 times; that keeps only the deals that fit what everyone saw.

The candidate moves are the race's best choices at my attempt step
(:meth:`Table.race_options`: attempts, and no attempt), the race's own first: where
chances tie, it wins. The rollouts are played by :data:`ROLLOUT` at every seat, unless
a lineup is given: it lays by expected points and attempts by the race.

Example:
    >>> from deduce.games.bsi import Table
    >>> hand = ["man/day/inside/knife", "man/night", "woman/day/inside"]
    >>> t = Table(2, case="woman/night/outside/gun", hand=hand).played("man/night", 1, 2)
    >>> chances = win_chances(t, budget=None, samples=4, seed=1)
    >>> len(chances.moves), chances.worlds
    (3, 4)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from deduce._internal.entry import guard
from deduce._internal.language import N_
from deduce._internal.validation import check_int, check_type
from deduce.errors import DeduceError, InvalidInput
from deduce.games.bsi.bots import DECK, Attempt, Move, advised, bot, game_master_at
from deduce.games.bsi.cards import CARDS, CASES, Card, Case
from deduce.games.bsi.clues import Draw, Lay, Reshuffle, Solve, TableClue
from deduce.games.bsi.state import SMALL, State
from deduce.games.bsi.table import Table
from deduce.table.referee import Bot, Referee
from deduce.table.rollouts import WinChances
from deduce.table.rollouts import win_chances as _engine_win_chances

__all__ = [
    "CHOICES",
    "ROLLOUT",
    "SEARCH_SAMPLES",
    "TablePosition",
    "World",
    "rollout_lineup",
    "searched",
    "win_chances",
]

CHOICES = 3
"""The race's best choices compared at the attempt step."""

SEARCH_SAMPLES = 12
"""The worlds :data:`searched` plays for each attempt step."""

_TRIES = 32  # draws of a world before giving up (an opponent's table refused each)


@dataclass(frozen=True, slots=True)
class World:
    """One hidden world: every seat's case and hand (my numbering), the draw pile (its
    top last) and every seat's own table at the current point."""

    cases: tuple[Case, ...]
    hands: tuple[tuple[Card, ...], ...]
    pile: tuple[Card, ...]
    tables: tuple[Table, ...]


def _points_play(table: Table, rng: random.Random) -> tuple[Card, int]:
    action = table.recommend(top=1, strategy="points")[0].action
    return action.card, action.target


ROLLOUT = bot("rollout", _points_play, advised.policy_for("attempt"))
"""The default rollout player: lays by expected points (``strategy="points"``: the
race's lays weigh every field's race, six times slower) and attempts by the race, as
the table's advice does."""


def rollout_lineup(players: int) -> list[Bot[Table, Move]]:
    """The default rollout players: :data:`ROLLOUT` at every seat.

    Example:
        >>> [p.name for p in rollout_lineup(3)]
        ['rollout', 'rollout', 'rollout']
    """
    players = check_int("players", players, 2, 4)
    return [ROLLOUT] * players


class TablePosition:
    """My table at my attempt step as a :class:`deduce.table.rollouts.Position` (see the
    module's text).

    Args:
        table: my table at the attempt step of my turn.
        choices: how many of the race's best choices to compare.

    Raises:
        InvalidInput: not a table, not my attempt step, a bad count.
    """

    def __init__(self, table: Table, *, choices: int = CHOICES) -> None:
        self.table = check_type("table", table, Table, "a BSI Table")
        if table.over or table.turn != 0 or table.step != "attempt":
            raise InvalidInput("table", table, N_("a table at the attempt step of my turn"))
        self.choices = check_int("choices", choices, 1)
        self.seat = -table.first % table.players  # the game master's seats start at first
        self._players = _players_of(table)

    def moves(self) -> list[Attempt | None]:
        """The race's best choices, its first first (an attempt as ``(seat, case,
        drops)``, or None for no attempt)."""
        found = []
        for option in self.table.race_options()[: self.choices]:
            a = option.attempt
            found.append(None if a is None else (a.target, a.case, a.drops))
        return found

    def sample(self, rng: random.Random) -> World:
        """A world drawn as the module's text says."""
        for _ in range(_TRIES):
            world = self._draw(rng)
            if world is not None:
                return world
        raise InvalidInput(
            "table",
            self.table,
            N_("a table whose hidden cards can be dealt"),
            reason=N_("none fit"),
        )

    def referee(self, world: World, rng: random.Random) -> Referee:
        """The game master at the current point of the game in ``world``."""
        return game_master_at(
            self.table, world.cases, world.hands, world.pile, world.tables, rng=rng
        )

    # -- drawing a world ---------------------------------------------------------------

    def _draw(self, rng: random.Random) -> World | None:
        t, s = self.table, self.table.state
        n = s.players
        rows = t.space.worlds  # the joint posterior: every row equally likely
        if not len(rows):
            return None
        row = rows[rng.randrange(len(rows))]
        cases = (CASES[s.my_case], *(CASES[int(i)] for i in row))
        taken = {c.card for c in cases}
        epochs = {c.card: e for c, e in zip(CASES, s.where, strict=True) if e >= 0}
        for card in taken:
            epochs.pop(card, None)
        small = [c for c in CARDS[:SMALL] if s.small[c.index] >= 0]
        epochs.update((c, s.small[c.index]) for c in small if s.small[c.index] > 0)
        # the small cards never seen: as many of the box's as the hidden cards lack
        box = DECK if t.small_cards is None else t.small_cards
        unseen = [c for c in small if s.small[c.index] == 0]
        boxed = [c for c in unseen if c in box]
        rng.shuffle(boxed)
        others = [c for c in unseen if c not in box]
        rng.shuffle(others)
        lacking = sum(s.hands[1:]) + s.pile - len(epochs)
        if lacking < 0 or lacking > len(unseen):
            return None
        epochs.update((c, 0) for c in [*boxed, *others][:lacking])
        dealt = _deal(s, epochs, rng)
        if dealt is None:
            return None
        hands, pile = dealt
        tables: list[Table] = [t]
        for seat in range(1, n):
            other = _replayed(t, seat, cases[seat], hands[seat], self._players)
            if other is None:
                return None
            tables.append(other)
        return World(cases, hands, pile, tuple(tables))


def _deal(
    s: State, epochs: dict[Card, int], rng: random.Random
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]] | None:
    """The opponents' hands and the draw pile from the hidden cards, as the epochs allow;
    None if they do not (too few or too many cards of an epoch)."""
    n = s.players
    hands: list[list[Card]] = [list(s.hand)] + [[] for _ in range(1, n)]
    free = [0] + [s.hands[seat] for seat in range(1, n)]
    old = [c for c, e in epochs.items() if e < s.epoch]
    now = [c for c, e in epochs.items() if e == s.epoch]
    rng.shuffle(old)
    rng.shuffle(now)
    for card in old:  # it left the draw pile of its epoch: into a hand that drew then
        seats = [r for r in range(1, n) if free[r] and s.drew[r] >> epochs[card] & 1]
        if not seats:
            return None
        seat = rng.choice(seats)
        hands[seat].append(card)
        free[seat] -= 1
    if len(now) != sum(free) + s.pile:
        return None
    for seat in range(1, n):
        if free[seat] and not s.drew[seat] >> s.epoch & 1:
            return None  # a hand slot only an earlier epoch can fill
        hands[seat].extend(now[: free[seat]])
        now = now[free[seat] :]
    return tuple(tuple(h) for h in hands), tuple(now)


def _players_of(table: Table) -> list[int]:
    """Who acted in each event of my table's history (the turn passes with each draw)."""
    seat = table.first
    out = []
    for clue in table.clues:
        out.append(seat)
        if isinstance(clue, Draw):
            seat = (seat + 1) % table.players
    return out


def _replayed(
    table: Table, seat: int, case: Case, hand: tuple[Card, ...], players: list[int]
) -> Table | None:
    """Seat ``seat``'s own table after my table's history, holding ``hand`` with ``case``
    as its case now; None when no start and draws fit the history."""
    n = table.players
    clues = table.clues
    solved = [c.case for c in clues if isinstance(c, Solve) and c.target == seat and c.correct]
    cases = iter([*solved, case])
    needs = _needs(clues, players, seat, hand)
    start = sorted((need for need in needs if need[1] < 0), key=lambda need: need[2])[:3]
    if len(start) < 3:
        return None
    for need in start:
        needs.remove(need)
    try:
        other = Table(
            n, case=next(cases), hand=[c for c, _, _ in start], first=(table.first - seat) % n
        )
        for i, (clue, player) in enumerate(zip(clues, players, strict=True)):
            if isinstance(clue, Lay):
                other = other.observe(Lay(clue.card, (clue.target - seat) % n, clue.field))
            elif isinstance(clue, Solve):
                mine = clue.target == seat and clue.correct
                target = (clue.target - seat) % n
                new = next(cases) if mine else None
                other = other.observe(
                    Solve(target, clue.case, clue.drops, clue.correct, clue.revealed, new)
                )
            elif isinstance(clue, Reshuffle):
                other = other.observe(Reshuffle())
            elif player != seat:
                other = other.observe(Draw(None))
            else:
                drawn = _own_draw(other, needs, i)
                if drawn is None:
                    return None
                other = drawn
    except DeduceError:
        return None
    return other if not needs and sorted(map(str, other.hand)) == sorted(map(str, hand)) else None


Need = tuple[Card, int, int]  # a card a seat must hold: in view last at, needed by


def _needs(
    clues: Sequence[TableClue], players: list[int], seat: int, hand: tuple[Card, ...]
) -> list[Need]:
    """Every card ``seat`` must have come to hold: each card it laid, and its ``hand``
    now, with the last event before that need at which the card was in view (on a grid,
    revealed or solved; -1 for never: it may be a starting card) and the event by which it
    is needed (its lay; the end for the hand)."""
    last: dict[Card, int] = {}
    needs: list[Need] = []
    for i, clue in enumerate(clues):
        if isinstance(clue, Lay):
            if players[i] == seat:
                needs.append((clue.card, last.get(clue.card, -1), i))
            last[clue.card] = i
        elif isinstance(clue, Solve):
            for card in clue.revealed:
                last[card] = i
            if clue.correct:
                last[clue.case.card] = i
    needs.extend((card, last.get(card, -1), len(clues)) for card in hand)
    return needs


def _own_draw(table: Table, needs: list[Need], at: int) -> Table | None:
    """``table`` after its own draw at event ``at``: the card needed soonest among those
    out of view since (and that the table takes), or no card when both piles are empty;
    None when none fits."""
    state = table.state
    if state.pile == 0 and not state.discard:
        return table.observe(Draw(None))
    for need in sorted((need for need in needs if need[1] < at), key=lambda need: need[2]):
        try:
            drawn = table.observe(Draw(need[0]))
        except DeduceError:
            continue
        needs.remove(need)
        return drawn
    return None


def win_chances(
    table: Table,
    *,
    budget: float | None = None,
    samples: int | None = None,
    seed: int = 0,
    lineup: Sequence[Any] | None = None,
    choices: int = CHOICES,
    progress: Callable[[int, int], None] | None = None,
) -> WinChances:
    """Each of the race's best choices at my attempt step, with its chance to win (see
    the module's text and :func:`deduce.table.rollouts.win_chances` for the arguments).

    Args:
        table: my table at the attempt step of my turn.
        budget: seconds to sample for at most (None, the default: no limit).
        samples: the most worlds (None: :data:`~deduce.table.rollouts.SAMPLES` without a
            budget, as many as the budget allows with one).
        seed: the seed of the worlds and rollouts.
        lineup: the rollout players by seat, in my numbers (mine first), each a
            :class:`~deduce.table.Bot` or a name and ``choose(table, rng, step)``; default
            :func:`rollout_lineup`.
        choices: how many of the race's best choices to compare.
        progress: called as ``progress(done, total)`` after each world.

    Raises:
        InvalidInput: a bad argument (named), or not my attempt step.
    """
    position = TablePosition(table, choices=choices)
    players = rollout_lineup(table.players) if lineup is None else list(lineup)
    n, first = table.players, table.first
    if len(players) == n:  # by my seats; the game master's start at the first player
        players = [players[(k + first) % n] for k in range(n)]
    return _engine_win_chances(
        position, players, budget=budget, samples=samples, seed=seed, exact=False, progress=progress
    )


def _searched_attempt(table: Table, rng: random.Random) -> Attempt | None:
    position = TablePosition(table)
    moves = position.moves()
    if len(moves) == 1:
        return moves[0]
    seed = rng.getrandbits(32)
    try:
        best: Attempt | None = win_chances(
            table, budget=None, samples=SEARCH_SAMPLES, seed=seed
        ).best
    except InvalidInput:  # no world fits the history as this deal draws them
        return moves[0]
    return best


searched = bot("searched", advised.policy_for("lay"), _searched_attempt)
"""Lays by the table's advice; at the attempt step, the race's best choice with the best
chance to win by :func:`win_chances` over :data:`SEARCH_SAMPLES` worlds (no time budget:
the same game gives the same moves)."""

guard(globals())
