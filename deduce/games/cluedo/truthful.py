"""Cluedo for tests: every deal of a table listed, the brute-force reference the exact
counts are checked against (the rules played out plainly on each listed deal, no deal
counter), and truthful clues about a whole deal.

A listed deal that fits every clue weighs the chance that the cards shown to me were
shown in it (:func:`chance`): a player shows each of the named cards it holds equally
likely, or the first of them it is known to show first.

Example:
    >>> from deduce.games.cluedo.investigation import Investigation
    >>> from deduce.games.cluedo.manifest import GAME
    >>> inv = GAME.sample()
    >>> len(every_deal(inv)), sum(reference(inv).values())
    (72, Fraction(1, 1))
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations, product
from typing import TYPE_CHECKING, Any

from deduce._internal.entry import guard
from deduce.core.dealing import Deal
from deduce.errors import InvalidInput
from deduce.games.cluedo.cards import Envelope
from deduce.games.cluedo.clues import Accused, Seen, Suggest, Suggestion
from deduce.games.cluedo.counting import NAMES_OWN

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

    from deduce.games.cluedo.investigation import Investigation

__all__ = [
    "LISTED",
    "answers",
    "chance",
    "every_deal",
    "fits",
    "kept",
    "read",
    "reference",
    "reference_bits",
    "reference_locations",
    "truthful_clues",
]

LISTED = 2_000_000
"""The most deals :func:`every_deal` lists."""

Hands = dict[str, frozenset[str]]
"""One deal: every player's hand and the envelope, by name."""


def every_deal(inv: Investigation) -> list[Hands]:
    """Every deal of the table that gives me my hand (the cards face up in no hand):
    each envelope, then each way to hand out the rest to the others in their sizes.

    Raises:
        InvalidInput: more than :data:`LISTED` deals.
    """
    seats = inv.seats
    others = [(p, s) for p, s in zip(seats.players, seats.sizes, strict=True) if p != inv.me]
    unknown = [c for c in inv.deck.cards if c not in seats.face_up and c not in inv.hand]
    kinds = [[c for c in kind if c in unknown] for kind in inv.deck.categories]
    found: list[Hands] = []
    for envelope in product(*kinds):
        rest = [c for c in unknown if c not in envelope]
        for hands in _split(rest, others):
            found.append({inv.me: frozenset(inv.hand), "envelope": frozenset(envelope), **hands})
            if len(found) > LISTED:
                raise InvalidInput("inv", inv, f"a table of at most {LISTED:,} deals")
    return found


def _split(cards: list[str], seats: list[tuple[str, int]]) -> Iterator[Hands]:
    if not seats:
        if not cards:
            yield {}
        return
    (player, size), later = seats[0], seats[1:]
    for hand in combinations(cards, size):
        rest = [c for c in cards if c not in hand]
        for others in _split(rest, later):
            yield {player: frozenset(hand), **others}


def fits(inv: Investigation, deal: Hands, clue: Any) -> bool:
    """Whether ``clue`` could have happened in ``deal``, by the rules.

    A suggestion: asked in turn after the suggester, every player before the one who
    showed holds none of the cards, and that one holds the card shown (and it is the
    first of those they hold in the order they are known to show cards), or at least
    one of the three when the card was not seen; nobody showing: nobody else holds any.
    """
    deal = _checked(inv, deal)
    if not isinstance(clue, Suggestion | Accused | Seen):
        raise InvalidInput("clue", clue, "a Suggestion, Accused or Seen")
    if isinstance(clue, Seen):
        return clue.card in deal[clue.player]
    if isinstance(clue, Accused):
        right = deal["envelope"] == frozenset(clue.cards)
        return right if clue.right else not right
    players = list(inv.players)
    start = players.index(clue.by)
    named = set(clue.cards)
    for step in range(1, len(players)):
        player = players[(start + step) % len(players)]
        held = deal[player] & named
        if held:
            if player != clue.shown_by:
                return False
            if clue.card is None:
                return True
            first = [c for c in inv.seats.preference(player) if c in held]
            return clue.card in held and (not first or first[0] == clue.card)
    return clue.shown_by is None


def kept(inv: Investigation) -> list[Hands]:
    """The deals every clue so far could have happened in."""
    return [deal for deal in every_deal(inv) if all(fits(inv, deal, c) for c in inv.clues)]


def read(inv: Investigation) -> dict[str, Fraction]:
    """Every player the notebook reads, with how often it names a card of its own: as
    set up, else :data:`~deduce.games.cluedo.counting.NAMES_OWN` unless a card it named is
    in its hand in every deal that fits the clues (then it is not read).

    Example:
        >>> from deduce.games.cluedo.manifest import GAME
        >>> sorted(read(GAME.sample()).items())[:1]
        [('Ann', Fraction(1, 4))]
    """
    found: dict[str, Fraction] = {}
    deals = None
    for player in inv.players:
        if player == inv.me:
            continue
        factor = inv.seats.naming(player)
        if factor is None:
            named = _named(inv, player)
            deals = kept(inv) if deals is None and named else deals
            sure = named and any(all(c in d[player] for d in deals or ()) for c in named)
            factor = Fraction(1) if sure else NAMES_OWN
        if factor != 1:
            found[player] = factor
    return found


def _named(inv: Investigation, player: str) -> set[str]:
    """The cards ``player`` named in its suggestions that are not mine or face up."""
    return {
        c
        for clue in inv.clues
        if isinstance(clue, Suggestion) and clue.by == player
        for c in clue.cards
        if c not in inv.hand and c not in inv.seats.face_up
    }


def chance(
    inv: Investigation, deal: Hands, readings: dict[str, Fraction] | None = None
) -> Fraction:
    """The chance that every card shown to me so far was the one shown, in ``deal`` (a
    deal every clue fits): for each, one over the named cards the player holds, or 1
    when the player is known to show that card first; times, for each player read
    (``readings``, default :func:`read`), its factor for each card it named that it
    holds.

    Example:
        >>> from deduce.games.cluedo.manifest import GAME
        >>> inv = GAME.sample()
        >>> chance(inv, every_deal(inv)[0])
        Fraction(1, 1)
    """
    deal = _checked(inv, deal)
    result = Fraction(1)
    for clue in inv.clues:
        if not isinstance(clue, Suggestion) or clue.card is None or clue.shown_by == inv.me:
            continue
        held = [c for c in clue.cards if c in deal[str(clue.shown_by)]]
        first = [c for c in inv.seats.preference(str(clue.shown_by)) if c in held]
        result *= Fraction(int(clue.card in held), len(held)) if not first else 1
    for player, factor in (read(inv) if readings is None else readings).items():
        result *= factor ** len(_named(inv, player) & set(deal[player]))
    return result


def weighed(inv: Investigation) -> list[tuple[Hands, Fraction]]:
    """The deals every clue so far could have happened in, each with its
    :func:`chance`."""
    readings = read(inv)
    return [(deal, chance(inv, deal, readings)) for deal in kept(inv)]


def reference(inv: Investigation) -> dict[Envelope, Fraction]:
    """Each envelope's share of the weight of the listed deals that fit every clue."""
    deals = weighed(inv)
    total = sum(w for _, w in deals)
    counts: dict[Envelope, Fraction] = {}
    for deal, w in deals:
        envelope = _envelope(inv, deal["envelope"])
        counts[envelope] = counts.get(envelope, Fraction(0)) + w
    return {envelope: w / total for envelope, w in counts.items()}


def reference_locations(inv: Investigation) -> dict[str, dict[str, Fraction]]:
    """Every card -> each place's share of the weight of the listed deals that fit
    every clue."""
    deals = weighed(inv)
    total = sum(w for _, w in deals)
    result: dict[str, dict[str, Fraction]] = {}
    for deal, w in deals:
        for place, hand in deal.items():
            for card in hand:
                here = result.setdefault(card, {})
                here[place] = here.get(place, Fraction(0)) + w / total
    return result


def answers(inv: Investigation, deal: Hands, query: Suggest) -> list[tuple[str | None, str | None]]:
    """The answers my suggestion ``query`` can get in ``deal``, each equally likely (or
    the one the shower is known to show first): (who, which card), or (None, None)."""
    deal = _checked(inv, deal)
    if not isinstance(query, Suggest):
        raise InvalidInput("query", query, "a Suggest")
    order = list(inv.seats.after(inv.me))
    for player in order:
        held = [c for c in query.cards if c in deal[player]]
        if held:
            first = [c for c in inv.seats.preference(player) if c in held]
            return [(player, first[0])] if first else [(player, c) for c in held]
    return [(None, None)]


def reference_bits(inv: Investigation, query: Suggest) -> tuple[float, float]:
    """The bits the answer to ``query`` gives about the envelope and about the whole
    deal, from the listed deals (a shower's cards weighed equally)."""
    deals = weighed(inv)
    envelope: Counter[tuple[frozenset[str], Any]] = Counter()
    whole: Counter[tuple[int, Any]] = Counter()
    for n, (deal, w) in enumerate(deals):
        possible = answers(inv, deal, query)
        for answer in possible:
            envelope[(deal["envelope"], answer)] += w / len(possible)  # type: ignore[assignment]
            whole[(n, answer)] += w / len(possible)  # type: ignore[assignment]
    total = sum((w for _, w in deals), Fraction(0))
    return _mutual(envelope, total), _mutual(whole, total)


def _mutual(joint: Counter[Any], total: Fraction) -> float:
    left: Counter[Any] = Counter()
    right: Counter[Any] = Counter()
    for (a, b), w in joint.items():
        left[a] += w
        right[b] += w
    return sum(
        float(w / total) * math.log2(float(w * total / (left[a] * right[b])))
        for (a, b), w in joint.items()
        if w
    )


def _checked(inv: Investigation, deal: Any) -> Hands:
    """``deal`` if it is a deal of ``inv``'s table: every player's hand and the envelope."""
    places = [*inv.players, "envelope"]
    if (
        not isinstance(deal, dict)
        or sorted(deal) != sorted(places)
        or not all(isinstance(hand, frozenset) for hand in deal.values())
    ):
        raise InvalidInput("deal", deal, f"a dict of {places} to frozensets of cards")
    return deal


def _envelope(inv: Investigation, cards: frozenset[str]) -> Envelope:
    by_kind = {inv.deck.category_of(c): c for c in cards}
    return Envelope(by_kind["suspect"], by_kind["weapon"], by_kind["room"])


# -- truthful clues -------------------------------------------------------------------------


def truthful_clues(inv: Investigation, secret: Deal) -> SearchStrategy[Any]:
    """A hypothesis strategy of a clue that is true of ``secret`` (a whole deal of the
    table) and may follow the clues of ``inv``: a suggestion by a player still in the
    game, answered by the rules (the card seen when I suggested), a wrong accusation, a
    right one (rarely), or a card seen in a hand; None once the game is over.

    Example:
        >>> from deduce.games.cluedo.manifest import GAME
        >>> import random
        >>> inv = GAME.sample()
        >>> truthful_clues(inv, inv.sample_deal(random.Random(0))).is_empty
        False
    """
    from hypothesis import strategies as st

    if inv.winner is not None:
        return st.none()
    deal: Hands = {seat: frozenset(hand) for seat, hand in secret.hands}
    still = [p for p in inv.players if p not in inv.out]
    if not still:
        return st.none()
    kinds = inv.deck.categories
    envelope = tuple(secret.hand("envelope"))

    def suggest(args: tuple[str, tuple[str, str, str], int]) -> Suggestion:
        by, cards, pick = args
        players = list(inv.players)
        start = players.index(by)
        for step in range(1, len(players)):
            player = players[(start + step) % len(players)]
            held = [c for c in cards if c in deal.get(player, frozenset())]
            if held:
                first = [c for c in inv.seats.preference(player) if c in held]
                shown = first[0] if first else held[pick % len(held)]
                seen = shown if by == inv.me or player == inv.me else None
                return Suggestion(by, *cards, shown_by=player, card=seen)
        return Suggestion(by, *cards)

    triples = st.tuples(*(st.sampled_from(kind) for kind in kinds))
    options: list[SearchStrategy[Any]] = [
        st.tuples(st.sampled_from(still), triples, st.integers(0, 2)).map(suggest),
        st.tuples(st.just(inv.me), triples, st.integers(0, 2))
        .filter(lambda args: inv.me in still)
        .map(suggest),
    ]
    wrong = st.tuples(st.sampled_from(still), triples).filter(lambda a: a[1] != envelope)
    options.append(wrong.map(lambda a: Accused(a[0], *a[1])))
    hidden = [(p, c) for p, hand in deal.items() if p not in (inv.me, "envelope") for c in hand]
    if hidden:
        options.append(st.sampled_from(hidden).map(lambda pc: Seen(*pc)))
    chosen = st.one_of(options)
    right = st.sampled_from(still).map(lambda by: Accused(by, *envelope, right=True))
    return st.one_of(chosen, chosen, chosen, chosen, chosen, chosen, chosen, right)


guard(globals())
