"""Whole games of Cluedo between bots, each seeing the game as a
:class:`~deduce.games.cluedo.table.Table` of its own.

The game master holds the deal (drawn uniformly by :class:`deduce.core.dealing.Deals`
from the seed), asks the players after a suggester in turn, and the first who holds one
of the three cards shows one (uniformly at random among those they hold, seeded) to the
suggester alone; it says whether an accusation is right. A bot is a
:class:`~deduce.table.referee.Bot`: ``policy(table, rng)`` returns, at the
:data:`~deduce.games.cluedo.table.SUGGEST` step, a
:class:`~deduce.games.cluedo.Suggest` or an accusation (an
:class:`~deduce.games.cluedo.Accusation` or an :class:`~deduce.games.cluedo.Envelope`),
and at the :data:`~deduce.games.cluedo.table.ACCUSE` step an accusation or None (end the
turn).

The bots: :data:`advised` (the notebook's advice: the envelope's likeliest cards named,
the accusation when the race says so), :data:`previous` (the advice before: the most
informative suggestion, the same race), :data:`entropy` (the most informative suggestion,
the accusation once certain), :func:`eager` (accuses its likeliest envelope once it is
that likely), :data:`sheet` (a paper sheet of ticks and crosses) and :data:`sampler`
(probabilities from deals drawn by a simple Markov chain). Only :data:`advised` reads the
others' suggestions (a card a player names is less likely in its hand, see
:data:`~deduce.games.cluedo.counting.NAMES_OWN`); the others' notebooks read nothing from
them, as before.

Example:
    >>> record = play_game([advised, sheet, sampler], seed=3)
    >>> record.over, record.winners == tuple(
    ...     s for s, p in enumerate(record.tables[0].players) if p in record.tables[0].winners())
    (True, True)
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from deduce._internal.entry import guard
from deduce._internal.validation import check_int, check_seed, check_type
from deduce.core.dealing import Deal, Deals, Setup, Weighs
from deduce.errors import InvalidInput
from deduce.games.cluedo.advice import may_accuse
from deduce.games.cluedo.cards import Deck, Envelope, hand_sizes
from deduce.games.cluedo.clues import Accusation, Suggest
from deduce.games.cluedo.counting import ENVELOPE
from deduce.games.cluedo.investigation import Investigation
from deduce.games.cluedo.sheet import Sheet
from deduce.games.cluedo.solo import who_shows
from deduce.games.cluedo.table import ACCUSE, Table
from deduce.search.memo import remembered
from deduce.table.referee import Bot, GameRecord, SeatTables, check_lineup, run

__all__ = [
    "DRAWS",
    "GameMaster",
    "advised",
    "deal_of",
    "draws",
    "eager",
    "entropy",
    "play_game",
    "previous",
    "reads",
    "sampler",
    "sheet",
]

Move = Suggest | Accusation | Envelope | None
"""A bot's move: a suggestion, an accusation, or None (end the turn)."""

DRAWS = 2000
"""The deals :data:`sampler` draws at every decision."""

_THIN = 4  # the chain's steps between two deals kept

_WORDS = 5
"""The generator's words read ahead for each step of the chain (it takes about 4; if they
run out, twice as many are read and the chain runs again)."""


_PLAIN: set[Callable[..., Move]] = set()
"""The policies of the players who read nothing from the others' suggestions (every bot
of this module but :data:`advised`): their tables are made with ``names_own`` 1 for
every other player (see :func:`play_game`)."""


def _plain(policy: Callable[..., Move]) -> Callable[..., Move]:
    _PLAIN.add(policy)
    return policy


def reads(bot: Bot[Table, Move]) -> bool:
    """Whether ``bot``'s notebook reads the others' suggestions (the default notebook's
    :data:`~deduce.games.cluedo.counting.NAMES_OWN`): every bot but the players of this
    module that came before it (all but :data:`advised`).

    Example:
        >>> reads(advised), reads(sampler), reads(eager(0.5))
        (True, False, False)
    """
    return not (callable(bot.policy) and bot.policy in _PLAIN)


def _notebook_move(table: Table, accuse: Callable[[Table], bool]) -> Move:
    """The notebook's most informative suggestion, or its likeliest envelope when
    ``accuse`` says so (or nothing can be learnt); None at the second step without. The
    advice's accusation for the race is passed over (``accuse`` decides)."""
    notebook = table.notebook
    accusation = notebook.accusation()
    if accusation.certain or accuse(table):
        return accusation
    if table.step == ACCUSE:
        return None
    for advice in notebook.recommend(top=2, strategy="entropy"):
        if not isinstance(advice.action, Accusation) or advice.action.waiting is None:
            move: Move = advice.action
            return move
    raise AssertionError("the advice names a suggestion after its accusation")


def _certain(table: Table) -> bool:
    return False


def _advised(table: Table, rng: random.Random, strategy: str | None = None) -> Move:
    notebook = table.notebook
    if table.step == ACCUSE:
        accusation = notebook.accusation()
        if accusation.certain:
            return accusation
        if not may_accuse(accusation.probability, notebook.rivals()):
            return None  # the race cannot say accuse: no need to count the bits
        running = notebook.race()
        return replace(accusation, waiting=running.waiting) if running.accuse else None
    move: Move = notebook.recommend(top=1, strategy=strategy)[0].action
    return move


@_plain
def _previous(table: Table, rng: random.Random) -> Move:
    return _advised(table, rng, "entropy")


@_plain
def _entropy(table: Table, rng: random.Random) -> Move:
    return _notebook_move(table, _certain)


advised: Bot[Table, Move] = Bot("advised", _advised)
"""The notebook's advice (:meth:`~deduce.games.cluedo.Investigation.recommend`): the
suggestion naming the envelope's likeliest cards (of each kind whose envelope card is
open, its likeliest card, of a solved kind one of its own cards: the ``"likeliest"``
strategy, :func:`~deduce.games.cluedo.advice.likeliness`), the accusation as soon as the
envelope is certain (at either step of the turn), when no suggestion can teach
anything, or, after its suggestion, when the race says accuse now
(:meth:`~deduce.games.cluedo.Investigation.race`: the likeliest envelope is at least as
likely as waiting is to win before another player accuses right)."""

previous: Bot[Table, Move] = Bot("previous", _previous)
"""The advice before :data:`advised` named the likeliest cards: the suggestion with the
most bits about the envelope (the ``"entropy"`` strategy), the same accusations."""

entropy: Bot[Table, Move] = Bot("entropy", _entropy)
"""The most informative suggestion and the accusation only once certain (or when no
suggestion can teach anything): :data:`previous` without the race."""


def eager(threshold: float) -> Bot[Table, Move]:
    """The bot that makes the notebook's most informative suggestion until its likeliest
    envelope has at least the chance ``threshold``, then accuses it; named
    ``eager-THRESHOLD``.

    Example:
        >>> eager(0.5).name, play_game([eager(0.5)] * 3, seed=2).over
        ('eager-0.5', True)
    """
    if isinstance(threshold, bool) or not isinstance(threshold, int | float):
        raise InvalidInput("threshold", threshold, "a chance from 0 to 1")
    if not 0 <= threshold <= 1:
        raise InvalidInput("threshold", threshold, "a chance from 0 to 1")
    limit = float(threshold)

    def likely(table: Table) -> bool:
        return table.notebook.accusation().probability >= limit

    @_plain
    def policy(table: Table, rng: random.Random) -> Move:
        return _notebook_move(table, likely)

    return Bot(f"eager-{threshold}", policy)


# the paper sheet ---------------------------------------------------------------------


@_plain
def _sheet_move(table: Table, rng: random.Random) -> Move:
    """Accuse once the sheet knows all three; else name, of each kind, a card the sheet
    has not placed (one of my own when the kind is solved)."""
    notes = Sheet.of(table)
    solved = notes.envelope()
    if all(card is not None for card in solved):
        return Envelope(*(str(card) for card in solved))
    if table.step == ACCUSE:
        return None
    return Suggest(*_probe(table, rng, solved, notes.unplaced()))


def _probe(
    table: Table,
    rng: random.Random,
    solved: Sequence[str | None],
    open_cards: Sequence[str],
) -> tuple[str, str, str]:
    """Of each kind, a card not placed yet, chosen at random; of a kind whose envelope
    card is known, one of my own cards (or that card, when I hold none of the kind)."""
    named = []
    for kind, known in zip(table.deck.categories, solved, strict=True):
        if known is None:
            named.append(rng.choice([c for c in kind if c in open_cards] or list(kind)))
        else:
            mine = [c for c in kind if c in table.hand]
            named.append(rng.choice(mine) if mine else known)
    return (named[0], named[1], named[2])


sheet: Bot[Table, Move] = Bot("sheet", _sheet_move)
"""A player with the paper sheet only (:class:`~deduce.games.cluedo.sheet.Sheet`):
ticks and crosses, the simple inferences, no counting; it accuses only what the sheet
proves."""


# the sampler -----------------------------------------------------------------------


def draws(table: Table, rng: random.Random, n: int = DRAWS) -> Counter[Envelope]:
    """The envelopes of ``n`` deals drawn by a simple Markov chain over the deals that
    agree with every clause the table's notebook holds: it starts from one deal drawn
    uniformly and swaps two cards of different places (two of one kind in and out of
    the envelope) whenever the swap breaks no clause, keeping a deal every few steps.

    Example:
        >>> t = Table(("me", "Ann", "Bob"), "me",
        ...           ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
        >>> sum(draws(t, random.Random(0), 100).values())
        100
    """
    check_type("rng", rng, random.Random, "a random.Random")
    n = check_int("n", n, 1, 1_000_000)
    return Counter(_chain(table.notebook, rng, n))


@remembered
def _chain(notebook: Investigation, rng: random.Random, n: int) -> Counter[Envelope]:
    """:func:`draws` from ``notebook``: the same draws for equal notebooks from the same
    state of ``rng`` (remembered in a league's deal, the generator left as they leave
    it). The chain runs compiled (:mod:`deduce.games.cluedo._sampler_kernel`) on the
    generator's words, read ahead; the generator is then moved on by the words used."""
    import deduce.games.cluedo._sampler_kernel as kernel

    run: Any = kernel.run  # compiled: its signature is the kernel's
    deals = notebook.deals
    start = deals.sample(1, seed=rng)[0]
    places = [seat for seat, _ in start.hands]
    cards = [card for _, hand in start.hands for card in hand]
    number = {card: i for i, card in enumerate(cards)}
    place = {seat: i for i, seat in enumerate(places)}
    kinds = notebook.deck.categories
    kind = {card: i for i, kind_cards in enumerate(kinds) for card in kind_cards}
    clauses: list[list[tuple[int, int, list[int]]]] = [[] for _ in cards]
    for clause in deals.constraints:
        if isinstance(clause, Weighs):
            continue  # a habit, no clause
        code, seat, named = kernel.coded(clause)
        coded = (code, place[seat], [number[c] for c in named])
        for card in named:
            clauses[number[card]].append(coded)
    flat = [clause for on_card in clauses for clause in on_card]
    width = max((len(c) for _, _, c in flat), default=1)
    holder = np.array([place[seat] for seat, hand in start.hands for _ in hand], dtype=np.int64)
    envelope = place[ENVELOPE]
    inside = np.zeros(len(kinds), dtype=np.int64)  # the envelope's card of each kind
    for card in dict(start.hands)[ENVELOPE]:
        inside[kind[card]] = number[card]
    arrays = (
        holder,
        np.array([kind[c] for c in cards], dtype=np.int64),
        np.array([number[c] for c in cards if c not in notebook.hand], dtype=np.int64),
        inside,
        envelope,
        np.cumsum([0] + [len(on_card) for on_card in clauses], dtype=np.int64),
        np.array([code for code, _, _ in flat], dtype=np.int64),
        np.array([seat for _, seat, _ in flat], dtype=np.int64),
        np.array([c + [-1] * (width - len(c)) for _, _, c in flat], dtype=np.int64).reshape(
            len(flat), width
        ),
    )
    version, state, gauss = rng.getstate()
    ahead = max(1, round(n * _THIN * _WORDS))
    while True:
        twister = _twister(state)
        words = twister.random_raw(ahead).astype(np.uint32)
        copies = tuple(a.copy() if isinstance(a, np.ndarray) else a for a in arrays)
        drawn, used = run(*copies, words, n, _THIN, _SMALL)
        if used >= 0:
            break
        ahead *= 2
    moved = _twister(state)
    moved.random_raw(int(used))
    after = moved.state["state"]
    rng.setstate((version, (*(int(w) for w in after["key"]), int(after["pos"])), gauss))
    found: Counter[tuple[int, ...]] = Counter(map(tuple, drawn.tolist()))
    return Counter({Envelope(*(cards[c] for c in row)): k for row, k in found.items()})


def _twister(state: tuple[int, ...]) -> np.random.MT19937:
    """numpy's Mersenne Twister in the state ``random.Random`` holds as ``state``: it
    makes the same 32-bit words."""
    twister = np.random.MT19937()
    key = np.array(state[:-1], dtype=np.uint32)
    twister.state = {"bit_generator": "MT19937", "state": {"key": key, "pos": state[-1]}}
    return twister


_SMALL = 21
"""The largest population ``random.Random.sample`` draws two of from a copied pool (a
larger one: by drawing again until the second differs)."""


@_plain
def _sampler_move(table: Table, rng: random.Random) -> Move:
    """Accuse when every deal drawn has the same envelope; else name, of each kind, the
    card most often in the envelope of the draws but not in all of them."""
    found = draws(table, rng)
    envelope, times = found.most_common(1)[0]
    if times == sum(found.values()):
        return envelope
    if table.step == ACCUSE:
        return None
    chance: Counter[str] = Counter()
    for drawn, k in found.items():
        chance.update(dict.fromkeys((drawn.suspect, drawn.weapon, drawn.room), k))
    total = sum(found.values())
    solved = []
    named = []
    for kind in table.deck.categories:
        sure = [c for c in kind if chance[c] == total]
        solved.append(sure[0] if sure else None)
        named.append(max((c for c in kind if chance[c] < total), key=lambda c: chance[c]))
    mine = _probe(table, rng, solved, named)
    return Suggest(*mine)


sampler: Bot[Table, Move] = Bot("sampler", _sampler_move)
"""A player like the public clause-and-sampling solvers: it keeps every clue as a clause
(the notebook's), draws :data:`DRAWS` deals agreeing with them (:func:`draws`), names of
each kind the card the draws put in the envelope most often (but not always), and
accuses when every draw agrees on the envelope."""


# the game master -------------------------------------------------------------------


class GameMaster(SeatTables):
    """The Cluedo game master for :func:`~deduce.table.referee.run`: the deal, and every
    seat's own table.

    Args:
        deal: the whole deal (every player's hand and the envelope, as
            :class:`~deduce.core.dealing.Deal` holds it).
        players: the players' names, in turn order (the first starts, the last dealt).
        deck: the cards (default: classic).
        shows: the generator that picks the card a player shows (a seed or a
            ``random.Random``).
        reads: per seat, whether its notebook reads the others' suggestions (default:
            every seat's does; else its table is made with ``names_own`` 1 for every
            other player).

    Raises:
        InvalidInput: a deal that is not one of the players' table.

    Example:
        >>> master = GameMaster(deal_of(("A", "B", "C"), seed=1), ("A", "B", "C"))
        >>> master.turn(), master.apply(0, Suggest("Plum", "Rope", "Hall"))[0][:25]
        (0, 'A suggested Plum, Rope, H')
    """

    tables: list[Table]

    def __init__(
        self,
        deal: Deal,
        players: Sequence[str],
        *,
        deck: Deck | str | None = None,
        shows: int | random.Random = 0,
        reads: Sequence[bool] | None = None,
    ) -> None:
        self.deal = check_type("deal", deal, Deal, "a Deal of the table")
        chosen = Deck.of(deck)
        names = tuple(players) if isinstance(players, Sequence) else ()
        seats = [s for s, _ in deal.hands]
        if isinstance(players, str) or seats != [*names, ENVELOPE]:
            raise InvalidInput("players", players, f"the deal's players {seats[:-1]}")
        self.players = len(names)
        self.names = names
        self.shows = check_seed("shows", shows)
        reading = [True] * len(names) if reads is None else list(reads)
        if len(reading) != len(names) or not all(isinstance(r, bool) for r in reading):
            raise InvalidInput("reads", reads, f"True or False for each of {len(names)} seats")
        self.tables = [
            Table(
                names,
                p,
                deal.hand(p),
                deck=chosen,
                names_own=None if read else {q: 1 for q in names if q != p},
            )
            for p, read in zip(names, reading, strict=True)
        ]

    def turn(self) -> int | None:
        turn = self.tables[0].turn
        return None if turn is None else self.names.index(turn)

    def winners(self) -> tuple[int, ...]:
        return tuple(self.names.index(p) for p in self.tables[0].winners())

    def apply(self, seat: int, move: Any) -> list[str]:
        by = self.names[check_int("seat", seat, 0, self.players - 1)]
        if isinstance(move, Accusation):
            move = move.envelope
        if isinstance(move, Envelope):
            cards = (move.suspect, move.weapon, move.room)
            right = set(cards) == set(self.deal.hand(ENVELOPE))
            self.tables = [t.accused(by, *cards, right=right) for t in self.tables]
            return [str(self.tables[0].events[-1])]
        if move is None:
            self.tables = [t.passed(by) for t in self.tables]
            return []
        if not isinstance(move, Suggest):
            raise InvalidInput("move", move, "a Suggest, an Accusation, an Envelope or None")
        seats = self.tables[seat].notebook.seats
        shown_by, card = who_shows(seats, self.deal, by, move.cards, self.shows)
        self.tables = [
            t.suggested(
                by,
                *move.cards,
                shown_by=shown_by,
                card=card if t.me in (by, shown_by) else None,
            )
            for t in self.tables
        ]
        return [str(self.tables[seat].events[-1])]


def deal_of(players: Sequence[str], *, seed: int, deck: Deck | str | None = None) -> Deal:
    """The deal of game ``seed``: drawn uniformly from every deal of the table
    (:meth:`deduce.core.dealing.Deals.sample`), the last player dealing.

    Example:
        >>> deal_of(("A", "B", "C"), seed=0).hand("A") == deal_of(("A", "B", "C"), seed=0).hand("A")
        True
    """
    chosen = Deck.of(deck)
    rng = check_seed("seed", seed)
    sizes = hand_sizes(len(chosen.cards) - 3, len(players), dealer=len(players) - 1)
    setup = Setup(
        chosen.cards,
        tuple(zip(players, sizes, strict=True)),
        categories=chosen.categories,
        solution=ENVELOPE,
    )
    if seed is None or isinstance(seed, random.Random):  # a generator's next deal
        return Deals(setup).sample(1, seed=rng)[0]
    return _dealt(setup, int(seed))


@functools.lru_cache(maxsize=64)
def _dealt(setup: Setup, seed: int) -> Deal:
    """The deal of ``seed`` at ``setup``, drawn once for every game dealt it (the
    league's cells play each deal one after another)."""
    return Deals(setup).sample(1, seed=random.Random(seed))[0]


def play_game(
    lineup: Sequence[Bot[Table, Move]],
    *,
    seed: int,
    max_moves: int = 1000,
    narrate: Callable[[str], None] | None = None,
) -> GameRecord:
    """Play one game of classic Cluedo between ``lineup`` (3 to 6 bots, by seat; seat 0
    starts, the last seat dealt).

    The deal is :func:`deal_of` the seed; the cards shown are chosen with
    ``random.Random(seed)``, the bots' random choices with another generator of the same
    seed. ``record.truth["deal"]`` is the deal. A bot's notebook reads the others'
    suggestions if it :func:`reads` (:data:`advised` and bots of your own).

    Raises:
        InvalidInput: a bad lineup, seed or limit; a bot's move the rules refuse.

    Example:
        >>> record = play_game([advised, eager(0.5), sheet], seed=1)
        >>> record.over, len(record.winners) <= 1
        (True, True)
    """
    bots = check_lineup(lineup, 3, 6)
    max_moves = check_int("max_moves", max_moves, 1)
    check_seed("seed", seed)
    names = tuple(f"P{s}" for s in range(len(bots)))
    deal = deal_of(names, seed=seed)
    referee = GameMaster(deal, names, shows=random.Random(seed), reads=[reads(b) for b in bots])
    record = run(referee, bots, rng=random.Random(seed), max_moves=max_moves, narrate=narrate)
    record.truth = {"deal": deal}
    return record


guard(globals())
