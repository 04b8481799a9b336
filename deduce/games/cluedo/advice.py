"""Cluedo's advice: which suggestion to make, and when to accuse.

A suggestion of mine is asked of the other players in turn; the first who holds one of
the three cards shows me one: each card they hold equally likely, or the first of those
they are known to show first. Its worth is the exact information its answer gives about
the envelope (the mutual information of the answer and the envelope, counted over every
deal by :meth:`deduce.core.dealing.Deals.information`); ties are broken by what it
tells about the hands, then by the fixed order of the suggestions.

The information about the hands is the mutual information of the answer and the whole
deal: the entropy of the answer less the part of it that is only the shower's free
choice of card (``E[log2 k]``, with ``k`` the cards of the three they hold).

When to accuse before the envelope is certain (:class:`Race`): never before my
suggestion of the turn (its answer can only help, and the accusation may follow it in
the same turn). After it, looking one round ahead: waiting until I am certain takes
about ``T = ceil(H / b)`` more suggestions (``H`` the bits left about the envelope, ``b``
those of the best suggestion), so while ``T`` is above 0 every other player still in
gets a turn before I can be certain, and each such turn ends with their right
accusation with the chance :data:`RACE_RISK`: waiting wins at most ``(1 - RACE_RISK) **
rivals`` of the time (less if I need more rounds), accusing the likeliest envelope now
wins its chance ``p``. The advice accuses when ``p`` is at least that: 0.49 at 3
players, 0.34 at 4, 0.17 at 6.

Example:
    >>> from deduce.games.cluedo import Deck, Investigation
    >>> deck = Deck("mini", ("Ann", "Bob"), ("rope", "gun"), ("hall", "attic"), (2, 3))
    >>> inv = Investigation(("me", "P1", "P2"), "me", ("Ann",), deck=deck)
    >>> [str(r.action) for r in inv.recommend(top=2)]
    ['suggest Ann, rope, hall', 'suggest Ann, rope, attic']
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce.core.dealing import Answer, Deals, EstimatedDeals
from deduce.core.info import round_bits
from deduce.errors import InvalidInput
from deduce.games.cluedo.clues import Suggest
from deduce.games.cluedo.counting import ENVELOPE, Seats

__all__ = [
    "LIKELIEST",
    "RACE_RISK",
    "TIE_BREAKS",
    "Race",
    "envelope_bits",
    "hand_bits",
    "likeliness",
    "may_accuse",
    "race",
    "ranked",
    "worst_case",
]

LIKELIEST = "likeliest"
"""The strategy that names the envelope's likeliest cards (:func:`likeliness`)."""

TIE_BREAKS = 8
"""How many suggestions tied for the most bits about the envelope (the first in the
fixed order) are compared by the bits about the hands."""


RACE_RISK = 0.3
"""The chance that a turn of another player still in ends with their right accusation
(the only constant of :class:`Race`)."""


@dataclass(frozen=True, slots=True)
class Race:
    """Whether to accuse the likeliest envelope now rather than wait to be certain.

    Attributes:
        probability: the exact chance that the likeliest envelope is right.
        bits: the bits left about the envelope (its entropy).
        per_suggestion: the bits the best suggestion is expected to give.
        turns: the suggestions I still need before I am certain, about
            ``ceil(bits / per_suggestion)`` (0 when no suggestion teaches anything).
        rivals: the other players still in (a wrong accusation put the others out).
        their_turns: the turns each rival gets before I can accuse a certain envelope,
            counted one round ahead: 1 once I have suggested this turn and still need a
            suggestion (``turns`` above 0), else 0 (before my suggestion the race waits
            for its answer).

    Example:
        >>> race = Race(0.45, 0.9, 0.5, 2, ("Ann", "Bob"), 1)   # (1 - 0.3) ** 2
        >>> round(race.waiting, 2), race.accuse
        (0.49, False)
        >>> Race(0.5, 0.9, 0.5, 2, ("Ann", "Bob"), 1).accuse
        True
        >>> Race(0.5, 0.9, 0.5, 2, (), 1).accuse   # nobody else still in: wait
        False
    """

    probability: float
    bits: float
    per_suggestion: float
    turns: int
    rivals: tuple[str, ...]
    their_turns: int

    @property
    def risk(self) -> float:
        """The chance that a rival accuses right on a turn: :data:`RACE_RISK`, read when
        asked."""
        return RACE_RISK

    @property
    def waiting(self) -> float:
        """The chance that no rival accuses right in the turns they get before I can be
        certain (one round ahead)."""
        return float((1 - self.risk) ** (len(self.rivals) * self.their_turns))

    @property
    def accuse(self) -> bool:
        """Accuse now: the envelope is not certain, some rival gets a turn before I am,
        and accusing now is right at least as often as waiting wins the race."""
        racing = bool(self.rivals) and self.their_turns > 0
        return racing and self.probability < 1 and self.probability >= self.waiting


def may_accuse(probability: float, rivals: Sequence[str]) -> bool:
    """Whether :func:`race` can say accuse at all, whatever the bits, with the likeliest
    envelope's chance ``probability`` and the other players still in ``rivals``: the
    race of a turn for each of them.

    Example:
        >>> may_accuse(0.5, ["Ann", "Bob"]), may_accuse(0.45, ["Ann", "Bob"])  # 0.7 ** 2
        (True, False)
    """
    return Race(probability, 0.0, 0.0, 1, tuple(rivals), 1).accuse


def race(
    probability: float,
    bits: float,
    per_suggestion: float,
    rivals: Sequence[str],
    *,
    suggested: bool,
) -> Race:
    """The race (:class:`Race`) from the chance of the likeliest envelope, the bits left,
    the best suggestion's bits and the other players still in; ``suggested``: I have
    suggested this turn (before that, the race waits for the suggestion's answer).

    Example:
        >>> race(0.8, 1.0, 0.6, ("Ann",), suggested=True)
        Race(probability=0.8, bits=1.0, per_suggestion=0.6, turns=2, rivals=('Ann',), their_turns=1)
        >>> race(0.8, 1.0, 0.6, ("Ann",), suggested=False).accuse
        False
    """
    for argument, value, high in (
        ("probability", probability, 1.0),
        ("bits", bits, math.inf),
        ("per_suggestion", per_suggestion, math.inf),
    ):
        number = isinstance(value, (int, float, np.floating)) and not isinstance(value, bool)
        if not (number and 0 <= value <= high and math.isfinite(value)):
            expected = "a chance from 0 to 1" if high == 1 else "a number of bits from 0"
            raise InvalidInput(argument, value, expected)
    turns = math.ceil(bits / per_suggestion - 1e-9) if per_suggestion >= 1e-9 else 0
    their_turns = min(turns, 1) if suggested else 0
    return Race(probability, bits, per_suggestion, turns, tuple(rivals), their_turns)


def open_cards(seats: Seats, query: Suggest) -> list[str]:
    """The cards of ``query`` that may be in a hand (those face up are not)."""
    return [c for c in query.cards if c not in seats.face_up]


def envelope_bits(
    deals: Deals | EstimatedDeals, seats: Seats, queries: Sequence[Suggest]
) -> npt.NDArray[np.float64]:
    """The exact bits each of my suggestions is expected to give about the envelope
    (estimated, where ``deals`` is an estimate).

    Example:
        >>> from deduce.games.cluedo import Deck, Investigation, Suggest
        >>> deck = Deck("mini", ("Ann", "Bob"), ("rope", "gun"), ("hall", "attic"), (2, 3))
        >>> inv = Investigation(("me", "P1", "P2"), "me", ("Ann",), deck=deck)
        >>> envelope_bits(inv.deals, inv.seats, [Suggest("Ann", "rope", "hall")]).tolist()
        [1.5]
    """
    order = list(seats.after(seats.me))
    prefer = seats.asked(order) or None
    return np.array(
        deals.information([open_cards(seats, q) for q in queries], order, preference=prefer),
        dtype=np.float64,
    )


def hand_bits(deals: Deals | EstimatedDeals, seats: Seats, query: Suggest) -> float:
    """The exact bits the answer to ``query`` is expected to give about the whole deal
    (every hand and the envelope): the entropy of the answer, less the expected bits of
    the shower's free choice among the cards they hold.

    Example:
        >>> from deduce.games.cluedo import Deck, Investigation, Suggest
        >>> deck = Deck("mini", ("Ann", "Bob"), ("rope", "gun"), ("hall", "attic"), (2, 3))
        >>> inv = Investigation(("me", "P1", "P2"), "me", ("Ann",), deck=deck)
        >>> round(hand_bits(inv.deals, inv.seats, Suggest("Ann", "rope", "hall")), 6)
        2.25
    """
    cards = open_cards(seats, query)
    order = list(seats.after(seats.me))
    prefer = seats.asked(order)
    answers = deals.answers(cards, order, preference=prefer or None)
    entropy = -sum(float(p) * math.log2(p) for p in answers.values() if p > 0)
    free = {player: [c for c in cards if c not in prefer.get(player, [])] for player in order}
    if max(len(f) for f in free.values()) < 2:
        return entropy
    pairs, triples = _several(deals, cards, order, prefer, free)
    return entropy - float(pairs) - math.log2(3) * float(triples)


def _several(
    deals: Deals | EstimatedDeals,
    cards: list[str],
    order: list[str],
    prefer: dict[str, list[str]],
    free: dict[str, list[str]],
) -> tuple[Fraction | float, Fraction | float]:
    """The chance that the player who shows holds exactly two, and exactly three, of the
    cards they choose among freely (``free``: those not in their preference; they choose
    among them when they hold none of their preferred ones): read from the answers when
    each player shows their free cards in each order in turn, after their preferred ones
    (the last card of an order is shown only by a player holding it alone of them, the
    one before it by one holding it alone or with the last)."""
    shown = []
    for r in range(max(len(f) for f in free.values())):
        first = {
            player: [*prefer.get(player, []), *f[r % len(f) :], *f[: r % len(f)]] if f else []
            for player, f in free.items()
        }
        shown.append(deals.answers(cards, order, preference=first))

    def p(r: int, player: str, card: str) -> Fraction | float:
        return shown[r].get(Answer(player, card), Fraction(0))

    pairs: Fraction | float = Fraction(0)
    triples: Fraction | float = Fraction(0)
    for player, f in free.items():
        if len(f) == 2:
            a, b = f
            pairs += p(0, player, a) - p(1, player, a)  # holds a and b: shows a first
        elif len(f) == 3:
            a, b, c = f
            alone = {a: p(1, player, a), b: p(2, player, b), c: p(0, player, c)}
            bc = p(0, player, b) - alone[b]
            ca = p(1, player, c) - alone[c]
            ab = p(2, player, a) - alone[a]
            pairs += ab + bc + ca
            triples += p(0, player, a) - alone[a] - ab - ca
    return pairs, triples


def likeliness(
    deals: Deals | EstimatedDeals, seats: Seats, queries: Sequence[Suggest]
) -> npt.NDArray[np.float64]:
    """How well each suggestion names the envelope's likeliest cards: the sum, over the
    kinds whose envelope card is still open, of its card's chance to be in the envelope;
    of a kind already solved, 1 for one of my own cards and 1/2 for the solved card
    (nobody else can show either, so the answer is about the open kinds alone).

    The suggestion with the most is, of each open kind, its likeliest card, and of each
    solved kind one of mine (else the solved card): the clause-and-sampling solvers'
    rule, with exact chances.

    Example:
        >>> from deduce.games.cluedo import Deck, Investigation, Suggest
        >>> deck = Deck("mini", ("Ann", "Bob"), ("rope", "gun"), ("hall", "attic"), (2, 3))
        >>> inv = Investigation(("me", "P1", "P2"), "me", ("Ann",), deck=deck)
        >>> # Bob is the envelope's suspect (I hold Ann): my Ann is named rather than him
        >>> likeliness(inv.deals, inv.seats, [Suggest("Bob", "rope", "hall"),
        ...                                   Suggest("Ann", "rope", "hall")]).tolist()
        [1.5, 2.0]
    """
    envelope = {card: float(p) for card, p in deals.marginals()[ENVELOPE].items()}
    worth: dict[str, float] = {}
    for kind in seats.deck.categories:
        solved = [c for c in kind if envelope.get(c, 0.0) > 1 - 1e-12]
        for card in kind:
            if not solved:
                worth[card] = envelope.get(card, 0.0)
            elif card in seats.hand:
                worth[card] = 1.0
            else:
                worth[card] = 0.5 if card in solved else 0.0
    return np.array([sum(worth[c] for c in q.cards) for q in queries], dtype=np.float64)


def ranked(
    deals: Deals | EstimatedDeals, seats: Seats, queries: Sequence[Suggest]
) -> tuple[list[int], npt.NDArray[np.float64]]:
    """The positions of ``queries`` from best to worst, and their bits about the
    envelope: most bits first, ties among the best broken by the bits about the hands
    (the first :data:`TIE_BREAKS` of them), then by the order of ``queries``.

    Example:
        >>> from deduce.games.cluedo import Deck, Investigation, Suggest
        >>> deck = Deck("mini", ("Ann", "Bob"), ("rope", "gun"), ("hall", "attic"), (2, 3))
        >>> inv = Investigation(("me", "P1", "P2"), "me", ("Ann",), deck=deck)
        >>> order, bits = ranked(inv.deals, inv.seats, inv.queries())
        >>> str(inv.queries()[order[0]]), round(float(bits[order[0]]), 3)
        ('suggest Ann, rope, hall', 1.5)
    """
    bits = envelope_bits(deals, seats, queries)
    score = round_bits(bits)
    order = sorted(range(len(queries)), key=lambda i: (-score[i], i))
    if len(order) > 1:
        tied = [i for i in order if score[i] == score[order[0]]][:TIE_BREAKS]
        if len(tied) > 1:
            hands = {i: round(hand_bits(deals, seats, queries[i]), 9) for i in tied}
            rest = [i for i in order if i not in hands]
            order = sorted(tied, key=lambda i: (-hands[i], i)) + rest
    return order, bits


def worst_case(deals: Deals | EstimatedDeals, seats: Seats, query: Suggest) -> int:
    """The most envelopes that can be left after the answer to ``query``.

    Example:
        >>> from deduce.games.cluedo import Deck, Investigation, Suggest
        >>> deck = Deck("mini", ("Ann", "Bob"), ("rope", "gun"), ("hall", "attic"), (2, 3))
        >>> inv = Investigation(("me", "P1", "P2"), "me", ("Ann",), deck=deck)
        >>> worst_case(inv.deals, inv.seats, Suggest("Ann", "rope", "hall"))
        2
    """
    order = list(seats.after(seats.me))
    joint = deals.joint_answers(
        open_cards(seats, query), order, preference=seats.asked(order) or None
    )
    left: dict[Answer, int] = {}
    for _, answer in joint:
        left[answer] = left.get(answer, 0) + 1
    return max(left.values())


guard(globals())
