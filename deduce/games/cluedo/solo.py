"""Cluedo played alone against dealt hands: how many suggestions a strategy needs.

``deduce simulate cluedo`` and :func:`solo` deal the hidden hands of a table at random
(each deal drawn by its exact weight among those that agree with my hand and the clues
so far), then I suggest by the strategy until the envelope is certain and accuse it. The
other players only answer: the first after me in turn order who holds one of the three
cards shows one (the first of its cards known to be shown first, else one at random).
A game's moves are my suggestions and the accusation. Game ``g`` is dealt and answered
from ``random.Random(g)``, so the games are the same on any machine and executor.

Example:
    >>> from deduce.games.cluedo import Investigation
    >>> start = Investigation(("me", "Ann", "Bob"), "me",
    ...                       ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
    >>> stats = solo(start, games=2)
    >>> stats.games, stats.worst <= MOST_SUGGESTIONS + 1
    (2, True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any

from deduce._internal.entry import guard
from deduce._internal.language import N_, M, _
from deduce._internal.validation import check_int
from deduce.core.dealing import Deal
from deduce.errors import DeduceError, InvalidInput
from deduce.games.cluedo.clues import Suggest
from deduce.games.cluedo.counting import ENVELOPE, Seats
from deduce.games.cluedo.investigation import Investigation
from deduce.table.simulation import Stats

__all__ = ["MOST_SUGGESTIONS", "solo", "who_shows"]

MOST_SUGGESTIONS = 100
"""The suggestions a game may take before the strategy is called stuck."""


def who_shows(
    seats: Seats, deal: Deal, by: str, cards: Sequence[str], rng: random.Random
) -> tuple[str | None, str | None]:
    """Who shows ``by`` a card of ``cards`` in ``deal``, and which: the first player after
    ``by`` in turn order who holds one; a player known to show some cards first shows
    the first of them it holds, else one of those it holds (``rng.choice``, in the order
    of ``cards``). ``(None, None)`` when nobody holds one.

    Example:
        >>> from deduce.games.cluedo.bots import deal_of
        >>> from deduce.games.cluedo.cards import Deck
        >>> seats = Seats.make(Deck.classic(), ("me", "Ann", "Bob"), "me",
        ...                    ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
        >>> deal = deal_of(("me", "Ann", "Bob"), seed=0)
        >>> card = deal.hand("Bob")[0]
        >>> who_shows(seats, deal, "Ann", (card,), random.Random(0)) == ("Bob", card)
        True
    """
    for player in seats.after(by):
        held = [c for c in cards if c in deal.hand(player)]
        if held:
            first = [c for c in seats.preference(player) if c in held]
            return player, first[0] if first else rng.choice(held)
    return None, None


def solo(
    start: Investigation,
    strategy: str | None = None,
    *,
    games: int = 100,
    first: int = 0,
    opening: Suggest | None = None,
    executor: Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Stats:
    """Play ``games`` games alone from ``start`` (see the module's text) and count the
    moves of each: my suggestions until the envelope is certain, and the accusation.

    Args:
        start: my notebook at the start (the players, my hand, the clues so far).
        strategy: how suggestions are chosen (default: the notebook's own,
            :data:`~deduce.games.cluedo.LIKELIEST`); see
            :meth:`~deduce.games.cluedo.Investigation.check_strategy`.
        games: how many games (1 to 100,000).
        first: the first game's number: game ``g`` is dealt and answered from
            ``random.Random(g)``.
        opening: the first suggestion of every game, instead of the strategy's.
        executor: plays the games (default: this process); the results are the same.
        progress: called with (games played, games in all) as each game ends.

    Raises:
        InvalidInput: a bad argument, or a notebook whose game is over.
        DeduceError: a game took more than :data:`MOST_SUGGESTIONS` suggestions.

    Example:
        >>> start = Investigation(("me", "Ann", "Bob"), "me",
        ...                       ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen"))
        >>> solo(start, "entropy", games=3, first=10).games
        3
    """
    if not isinstance(start, Investigation):
        raise InvalidInput("start", start, "a Cluedo Investigation")
    name = start.check_strategy(start.default_strategy if strategy is None else strategy)
    games = check_int("games", games, 1, 100_000)
    first = check_int("first", first, 0, 2**63 - 1)
    if opening is not None and opening not in start.queries():
        raise InvalidInput("opening", opening, N_("a suggestion of this game's cards"))
    if start.winner is not None or start.me in start.out:
        raise InvalidInput("start", start, N_("a notebook whose game goes on for me"))
    numbers = range(first, first + games)
    histogram: Counter[int] = Counter()
    if executor is None:
        results: Any = (_game(start, name, g, opening) for g in numbers)
    else:
        n = len(numbers)
        results = executor.map(_game, [start] * n, [name] * n, numbers, [opening] * n)
    made = opening
    for played, (moves, opened) in enumerate(results, 1):
        histogram[moves] += 1
        made = opened if made is None else made
        if progress is not None:
            progress(played, games)
    return Stats(name, dict(sorted(histogram.items())), made)


def _game(
    start: Investigation, strategy: str, number: int, opening: Suggest | None
) -> tuple[int, Suggest | None]:
    """Game ``number``: its moves, and its first suggestion (None if it made none)."""
    rng = random.Random(number)
    deal = start.sample_deal(rng)
    inv = start
    made: Suggest | None = None
    asked = 0
    while not (accusation := inv.accusation()).certain:
        if asked == MOST_SUGGESTIONS:
            raise DeduceError(
                _(
                    M(
                        "{strategy}: the envelope was not certain after {most} suggestions "
                        "in game {number} (the strategy stopped learning about it)",
                        strategy=strategy,
                        most=MOST_SUGGESTIONS,
                        number=number,
                    )
                )
            )
        move = opening if asked == 0 and opening is not None else _suggestion(inv, strategy)
        made = move if made is None else made
        shown_by, card = who_shows(inv.seats, deal, inv.me, move.cards, rng)
        inv = inv.suggestion(inv.me, *move.cards, shown_by=shown_by, card=card)
        asked += 1
    assert set(accusation.envelope.cards) == set(deal.hand(ENVELOPE)), "the deal's envelope"
    return asked + 1, made


def _suggestion(inv: Investigation, strategy: str) -> Suggest:
    move = inv.best(strategy, among=lambda q: isinstance(q, Suggest))
    assert isinstance(move, Suggest)
    return move


guard(globals())
