"""The deals of one table of 13 Indizien that agree with the clues, counted per puzzle.

Seen from seat 0, a table is fixed by my two hidden cards and the puzzles in front of
the other seats. Every possible puzzle of mine is a *row*; given a row, the ten other
unknown cards (its *pool*) go to the other seats' hidden pairs and to the informants.
:class:`Deals` holds the arrays of one table and counts, for any set of rows and what
the clues say (a :class:`Knowledge`), the exact number of deals of each row, what a
witness would answer in them, where every card is, and draws whole deals uniformly.

Example:
    >>> deals = Deals(3, (3, 10), ((0, 1, 2), (6, 16, 11)))  # Duke, Park; two puzzles
    >>> len(deals.rows), int(deals.weights(np.arange(3), Knowledge())[0])
    (80, 1260)
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.validation import check_int
from deduce.errors import InvalidInput
from deduce.games.thirteen_clues.cards import (
    CARDS,
    Deal,
    attribute_matrix,
    attributes,
    cards_in_play,
    category_of,
    informant_count,
    pair_counts,
    puzzle_of,
)
from deduce.games.thirteen_clues.counting import PAIRS, POOL, completions, holdings, incidence

__all__ = ["Deals", "Knowledge", "ask_counts"]

_KEPT = 8
"""The answers of :meth:`Deals.allowed` each table's deals keep, the newest."""

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What the clues say beyond my puzzle: per clue about another seat, that seat's
    hidden cards (the one on ``side``, or both when ``side`` is -1) hold ``target`` minus
    my puzzle's count of the attribute; and the cards seen among the informants.

    Example:
        >>> Knowledge(rules=((1, 2, -1, 3),)).informants
        frozenset()
    """

    rules: tuple[tuple[int, int, int, int], ...] = ()  # (seat, attribute, side, target)
    informants: frozenset[int] = frozenset()


_PAIR_POSITIONS: IntArray = np.array(PAIRS, dtype=np.int64)
"""``(45, 2)``: the pool positions of each pair."""
_PAIR_POSITIONS.setflags(write=False)


@lru_cache(maxsize=8)
def _layout(
    players: int,
) -> tuple[IntArray, tuple[str, ...], npt.NDArray[np.int8], IntArray]:
    """What every table of ``players`` shares: the attribute matrix, the attributes, the
    matrix by attribute (``(A, cards)``, small: fast to gather) and each card's category
    (its length: the cards in play)."""
    attr = attribute_matrix(players)
    columns = np.ascontiguousarray(attr.T, dtype=np.int8)
    kinds = np.array([category_of(c) for c in range(len(cards_in_play(players)))])
    for array in (columns, kinds):
        array.setflags(write=False)
    return attr, attributes(players), columns, kinds


class Deals:
    """The deals of one table as seen from seat 0 (see the module's text).

    Args:
        players: 2 to 6 (checked by the caller).
        hand: my two hidden cards, as card numbers (left, right).
        puzzles: the other seats' puzzles in seat order, as card numbers.

    Attributes:
        rows: ``(X, 3)`` every puzzle of mine (person, location, weapon card numbers).
        pool: ``(X, 10)`` the other unknown cards of each row, in card order.
        known: ``(players, A)`` what each witness counts for sure (the other seats'
            puzzles but its own and mine).
    """

    def __init__(
        self, players: int, hand: tuple[int, ...], puzzles: tuple[tuple[int, int, int], ...]
    ) -> None:
        n = self.players = players
        self.hand = hand
        self.puzzles = puzzles
        self.attr, self.attributes, self.columns, kinds = _layout(n)
        self.seen = frozenset([*hand, *(c for p in puzzles for c in p)])
        unknown = [c for c in range(len(kinds)) if c not in self.seen]
        self.unknown = tuple(unknown)
        cards = np.array(unknown, dtype=np.int64)
        # every puzzle of mine: a person, a location and a weapon (the person slowest)
        person, location, weapon = (cards[kinds[cards] == k] for k in range(3))
        rows = np.empty((len(person) * len(location) * len(weapon), 3), dtype=np.int64)
        rows[:, 0] = np.repeat(person, len(location) * len(weapon))
        rows[:, 1] = np.tile(np.repeat(location, len(weapon)), len(person))
        rows[:, 2] = np.tile(weapon, len(person) * len(location))
        outside = (cards[None, None, :] != rows[:, :, None]).all(axis=1)  # (X, unknown)
        self.rows: IntArray = rows
        self.pool: IntArray = np.broadcast_to(cards, outside.shape)[outside].reshape(-1, POOL)
        # (X, 45, 2), small: only ever an index
        self.pair_cards: npt.NDArray[np.int8] = self.pool[:, _PAIR_POSITIONS].astype(np.int8)
        attr = self.attr
        self.row_attr: IntArray = attr[rows[:, 0]] + attr[rows[:, 1]] + attr[rows[:, 2]]  # (X, A)
        shown = self.attr[np.array(puzzles, dtype=np.int64).reshape(-1, 3)].sum(axis=1)
        known = np.zeros((n, len(self.attributes)), dtype=np.int64)
        known[1:] = shown.sum(axis=0) - shown  # every other seat's puzzle but mine
        self.known: IntArray = known
        self._kept: OrderedDict[tuple[Knowledge, bytes], tuple[IntArray, BoolArray]]
        self._kept = OrderedDict()  # (knowledge, rows) -> the rows, their allowed pairs
        self._unseen: dict[tuple[int, int], list[int]] = {}  # possible_answers, less the known

    def possible_answers(self, witness: int, attribute: int, side: int = -1) -> list[int]:
        """Every answer ``witness`` can give about ``attribute`` in some deal of this
        table, before any clue (``side`` 0 or 1 names one hidden card, -1 both).

        Example:
            >>> deals = Deals(3, (3, 10), ((0, 1, 2), (6, 16, 11)))  # Duke, Park; two puzzles
            >>> deals.possible_answers(1, 7), deals.possible_answers(1, 10)  # person, man
            ([2, 3, 4], [1])
        """
        witness = check_int("witness", witness, 0, self.players - 1)
        attribute = check_int("attribute", attribute, 0, len(self.attributes) - 1)
        side = check_int("side", side, -1, 1)
        unseen = self._unseen.get((attribute, side))
        if unseen is None:  # what the witness cannot see for sure, the same for every witness
            cards = self.attr[self.pair_cards, attribute]  # (X, 45, 2)
            hidden = cards.sum(axis=2) if side < 0 else cards  # one card: either of a pair
            mine = self.row_attr[:, attribute].reshape(-1, *([1] * (hidden.ndim - 1)))
            unseen = self._unseen[attribute, side] = np.unique(hidden + mine).tolist()
        known = int(self.known[witness, attribute])
        return [count + known for count in unseen]

    # -- counting ------------------------------------------------------------------------

    def allowed(self, ids: IntArray, knowledge: Knowledge) -> BoolArray:
        """``(X, seats, 45, 2)``: may a seat hold a pair, as (lower, higher) card for
        orientation 0 and the other way round for orientation 1 (left, right).

        The last few answers are kept (read-only): the rows of a space and its clues are
        asked again by every read of it, and a clue's space narrows the one before, so
        an answer is read out of a kept one for more rows and fewer rules where there is
        one, each rule it lacks applied on top (the same pairs: a rule only rules out)."""
        key = (knowledge, ids.tobytes())
        kept = self._kept.get(key)
        if kept is not None:
            return kept[1]
        found = self._narrowed(ids, knowledge)
        if found is None:
            found = self._counted(ids, knowledge)
        found.setflags(write=False)
        while len(self._kept) >= _KEPT:
            try:
                self._kept.popitem(last=False)
            except KeyError:  # emptied meanwhile by another thread
                break
        self._kept[key] = (ids, found)
        return found

    def _narrowed(self, ids: IntArray, knowledge: Knowledge) -> BoolArray | None:
        """:meth:`allowed` read out of a kept answer for rows that hold ``ids`` and
        rules among ``knowledge``'s, with the same informants; None if no answer kept is
        such."""
        rules = set(knowledge.rules)
        for (kept, _), (kept_ids, allowed) in reversed(list(self._kept.items())):
            if kept.informants != knowledge.informants or not rules.issuperset(kept.rules):
                continue
            at = np.minimum(np.searchsorted(kept_ids, ids), len(kept_ids) - 1)
            if len(kept_ids) == 0 or (kept_ids[at] != ids).any():
                continue  # a row not kept (the kept rows are in order, as a space keeps them)
            lacking = [rule for rule in knowledge.rules if rule not in kept.rules]
            return self._ruled(allowed[at], ids, lacking)
        return None

    def _counted(self, ids: IntArray, knowledge: Knowledge) -> BoolArray:
        """:meth:`allowed` worked out from every rule."""
        pair_cards = self.pair_cards[ids]
        allowed = np.ones((len(ids), self.players - 1, len(PAIRS), 2), dtype=bool)
        if knowledge.informants:
            informant = np.zeros(len(CARDS), dtype=bool)
            informant[list(knowledge.informants)] = True
            blocked = np.asarray(informant[pair_cards].any(axis=2))
            allowed &= ~blocked[:, None, :, None]
        return self._ruled(allowed, ids, knowledge.rules)

    def _ruled(
        self, allowed: BoolArray, ids: IntArray, rules: Sequence[tuple[int, int, int, int]]
    ) -> BoolArray:
        """``allowed`` (changed in place) without the pairs ``rules`` rule out for their
        seats."""
        for rule in rules:
            allowed[:, rule[0] - 1] &= self._rule_mask(ids, rule)
        return allowed

    def _rule_mask(self, ids: IntArray, rule: tuple[int, int, int, int]) -> BoolArray:
        """The pairs that the rule's seat may hold by ``rule`` (seat, attribute, side,
        target): ``(X, 45, 2)`` in each orientation as :meth:`allowed` has them, or
        ``(X, 45, 1)`` for both orientations alike (a rule about both hidden cards)."""
        _seat, attribute, side, target = rule
        need = target - self.row_attr[ids, attribute]  # (X,)
        cards = self.columns[attribute][self.pair_cards[ids]]  # (X, 45, 2)
        if side < 0:
            count = cards[:, :, :1] + cards[:, :, 1:]  # both cards (a sum, but faster)
        else:
            count = cards if side == 0 else cards[:, :, ::-1]
        mask: BoolArray = count == need[:, None, None]
        return mask

    def mult(self, allowed: BoolArray) -> IntArray:
        """``(X, seats, 45)``: in how many ways each seat can hold each pair."""
        mult: IntArray = (allowed.sum(axis=3) if self.players == 2 else allowed[..., 0]).astype(
            np.int64
        )
        return mult

    def weights(self, ids: IntArray, knowledge: Knowledge) -> IntArray:
        """``(X,)``: the number of deals of each row that agree with ``knowledge``."""
        weights: IntArray = completions(self.mult(self.allowed(ids, knowledge)))
        if knowledge.informants:
            inside = np.isin(self.rows[ids], list(knowledge.informants)).any(axis=1)
            weights[inside] = 0
        return weights

    def joint(
        self,
        ids: IntArray,
        allowed: BoolArray,
        weights: IntArray,
        queries: Sequence[tuple[int, int, int] | None],
        informants: frozenset[int] = frozenset(),
    ) -> FloatArray:
        """``(queries, X, answers)``: the deals of each row and answer of each query, a
        question as (witness, attribute, side: 0 or 1 names one hidden card, -1 both)
        or None for a look at the informant (``allowed`` and ``weights`` are
        :meth:`allowed`'s and :meth:`weights`' for ``ids``; ``informants`` the cards
        already seen there)."""
        witnesses, attributes = range(1, self.players), range(len(self.attributes))
        for i, query in enumerate(queries):
            if query is None:
                continue
            if type(query) is tuple and len(query) == 3:  # the usual question: read at once
                witness, attribute = query[0], query[1]
                usual = type(witness) is int and type(attribute) is int
                if usual and witness in witnesses and attribute in attributes:
                    continue
            if not isinstance(query, tuple) or len(query) != 3:
                raise InvalidInput(f"queries[{i}]", query, "(witness, attribute, side) or None")
            check_int(f"queries[{i}][0]", query[0], 1, self.players - 1)
            check_int(f"queries[{i}][1]", query[1], 0, len(self.attributes) - 1)
        held = holdings(self.mult(allowed))  # (X, seats, 45)
        x = len(ids)
        width = 2 + 3 * self.players
        peek_width = len(CARDS) if any(q is None for q in queries) else 0
        joint = np.zeros((len(queries), x, max(width, peek_width)), dtype=np.float64)
        asked: dict[tuple[int, int], list[tuple[int, int]]] = {}  # (witness, side) -> (q, a)
        for q, query in enumerate(queries):
            if query is None:
                joint[q, :, : len(CARDS)] = self._peek_counts(ids, informants, held, weights)
            else:
                asked.setdefault((query[0], query[2]), []).append((q, query[1]))
        by_count = ask_counts(self.players, self.pair_cards[ids], list(asked), allowed, held)
        row_attr = self.row_attr[ids]
        rows = np.arange(x)[None, :, None]
        for (witness, side), group in asked.items():
            q, a = np.array(group, dtype=np.int64).T
            # each row's answer when the witness's hidden cards count 0, 1 or 2
            answer = (row_attr[:, a].T + self.known[witness, a][:, None])[:, :, None] + np.arange(3)
            counts = by_count[witness, side][:, a].transpose(1, 0, 2)  # (queries, X, 3)
            joint[q[:, None, None], rows, answer] = counts
        return joint

    def _peek_counts(
        self, ids: IntArray, informants: frozenset[int], held: IntArray, weights: IntArray
    ) -> FloatArray:
        """``(X, 30)``: deals (divided by the informant cards I have not seen) in which
        the informant shows each card."""
        per_card = weights[:, None] - (held @ incidence()).sum(axis=1)  # (X, 10): informant
        pool = self.pool[ids]
        fresh = ~np.isin(pool, list(informants))
        unseen = informant_count(self.players) - len(informants)
        result = np.zeros((len(ids), len(CARDS)), dtype=np.float64)
        rows = np.repeat(np.arange(len(ids)), POOL)
        np.add.at(result, (rows, pool.ravel()), (per_card * fresh).ravel() / unseen)
        return result

    def place_counts(self, ids: IntArray, knowledge: Knowledge, weights: IntArray) -> IntArray:
        """``(cards in play, players + 1)``: deals in which each card is in my puzzle
        (column 0), in seat ``s``'s hidden cards (column ``s``) or among the informants
        (the last column)."""
        held = holdings(self.mult(self.allowed(ids, knowledge)))  # (X, seats, 45)
        n_cards = len(cards_in_play(self.players))
        counts = np.zeros((n_cards, self.players + 1), dtype=np.int64)
        pool = self.pool[ids]
        np.add.at(counts[:, 0], self.rows[ids].ravel(), np.repeat(weights, 3))
        per_seat = held @ incidence()  # (X, seats, 10)
        for seat in range(1, self.players):
            np.add.at(counts[:, seat], pool.ravel(), per_seat[:, seat - 1].ravel())
        at_seats = per_seat.sum(axis=1)
        np.add.at(counts[:, self.players], pool.ravel(), (weights[:, None] - at_seats).ravel())
        return counts

    # -- whole deals ---------------------------------------------------------------------

    def sample(
        self,
        ids: IntArray,
        weights: IntArray,
        knowledge: Knowledge,
        hand: tuple[str, str],
        rng: random.Random,
    ) -> Deal:
        """A whole deal drawn uniformly from the deals of rows ``ids`` (``weights`` their
        counts): my puzzle by its weight, then each seat's hidden pair by the number of
        deals that remain with it."""
        cumulative = np.cumsum(weights.astype(np.int64))
        position = int(np.searchsorted(cumulative, rng.randrange(int(cumulative[-1])), "right"))
        row = int(ids[position])
        allowed = self.allowed(ids[position : position + 1], knowledge)
        mult = self.mult(allowed)[0]  # (seats, 45)
        inside = incidence().astype(bool)  # (45, 10)
        clash = (inside[:, None, :] & inside[None, :, :]).any(axis=2)  # pairs that meet
        used = np.zeros(len(PAIRS), dtype=bool)  # pairs meeting a card already placed
        pool = self.pool[row].tolist()
        hands: list[tuple[str, str]] = [hand]
        taken: list[int] = []
        for seat in range(self.players - 1):
            blocked = clash | used[None, :]  # (candidate pair, pair) cannot both be held
            rest = np.where(blocked[:, None, :], 0, mult[None, seat + 1 :])
            ways = completions(rest) * mult[seat] * ~used  # deals with each candidate
            pick = rng.randrange(int(ways.sum()))
            pair = int(np.searchsorted(np.cumsum(ways), pick, "right"))
            a, b = PAIRS[pair]
            if self.players == 2:
                flip = rng.choice([o for o in (0, 1) if allowed[0, seat, pair, o]])
            else:
                flip = rng.randrange(2)  # a hand is a set: show it in either order
            left, right = (pool[b], pool[a]) if flip else (pool[a], pool[b])
            hands.append((CARDS[left].name, CARDS[right].name))
            taken += [pool[a], pool[b]]
            used |= clash[pair]
        informants = [CARDS[c].name for c in pool if c not in taken]
        rng.shuffle(informants)
        return Deal(
            self.players,
            tuple(hands),
            (puzzle_of(self.rows[row]), *(puzzle_of(p) for p in self.puzzles)),
            tuple(informants),
        )

    def every(self, ids: IntArray, knowledge: Knowledge, hand: tuple[str, str]) -> Iterator[Deal]:
        """Every deal of rows ``ids`` that agrees with ``knowledge``, one at a time (as many
        as :meth:`weights` counts; with more than two players a hidden pair, a set, in
        card order; the informants in card order)."""
        allowed = self.allowed(ids, knowledge)
        weights = self.weights(ids, knowledge)
        sides = 2 if self.players == 2 else 1
        for position in np.flatnonzero(weights > 0).tolist():
            row = int(ids[position])
            pool = self.pool[row].tolist()
            puzzles = (puzzle_of(self.rows[row]), *(puzzle_of(p) for p in self.puzzles))
            stack: list[tuple[list[tuple[int, int]], frozenset[int]]] = [([], frozenset())]
            while stack:  # depth first over the seats' hidden pairs
                hands, used = stack.pop()
                seat = len(hands)
                if seat == self.players - 1:
                    taken = {c for pair in hands for c in pair}
                    yield Deal(
                        self.players,
                        (hand, *((CARDS[a].name, CARDS[b].name) for a, b in hands)),
                        puzzles,
                        tuple(CARDS[c].name for c in pool if c not in taken),
                    )
                    continue
                for pair in reversed(range(len(PAIRS))):
                    a, b = PAIRS[pair]
                    if a in used or b in used:
                        continue
                    for o in reversed(range(sides)):
                        if allowed[position, seat, pair, o]:
                            cards = (pool[a], pool[b]) if o == 0 else (pool[b], pool[a])
                            stack.append(([*hands, cards], used | {a, b}))

    def holds(
        self,
        ids: IntArray,
        knowledge: Knowledge,
        row: tuple[int, int, int],
        hands: list[tuple[int, int]],
        informants: set[int],
    ) -> bool:
        """Whether the deal of puzzle ``row``, the other seats' ``hands`` (card numbers,
        left and right) and ``informants`` is among the deals of ``ids``."""
        where = np.flatnonzero((self.rows[ids] == np.array(row)).all(axis=1))
        if len(where) == 0:
            return False
        position = int(where[0])
        allowed = self.allowed(ids[position : position + 1], knowledge)[0]
        pool = self.pool[ids[position]].tolist()
        for seat, (left, right) in enumerate(hands, start=1):
            a, b = pool.index(left), pool.index(right)
            pair = PAIRS.index((min(a, b), max(a, b)))
            if not allowed[seat - 1, pair, 0 if a < b else 1]:
                return False
        return bool(knowledge.informants <= informants)


def ask_counts(
    players: int,
    pair_cards: npt.NDArray[np.int8],
    asked: list[tuple[int, int]],
    allowed: BoolArray,
    held: IntArray,
) -> dict[tuple[int, int], FloatArray]:
    """For each (witness, side) of ``asked``, ``(X, A, 3)``: deals in which the witness's
    counted hidden cards hold 0, 1, 2 cards of each attribute, in rows of
    :attr:`Deals.pair_cards` (of one table or several; ``allowed`` as
    :meth:`Deals.allowed` has them, ``held`` :func:`holdings` of their counts; ``side`` 0
    or 1 counts one hidden card, -1 both).

    Example:
        >>> deals = Deals(3, (3, 10), ((0, 1, 2), (6, 16, 11)))  # Duke, Park; two puzzles
        >>> ids = np.arange(2)
        >>> allowed = deals.allowed(ids, Knowledge())
        >>> held = holdings(deals.mult(allowed))
        >>> by_count = ask_counts(3, deals.pair_cards[ids], [(1, -1)], allowed, held)
        >>> bool((by_count[1, -1].sum(axis=2) == deals.weights(ids, Knowledge())[:, None]).all())
        True
    """
    players = check_int("players", players, 2, 6)
    result: dict[tuple[int, int], FloatArray] = {}
    if not asked:
        return result
    for witness, side in asked:
        check_int("witness", witness, 1, players - 1)
        check_int("side", side, -1, 1 if players == 2 else -1)
    x, attrs = len(pair_cards), len(attributes(players))
    both = [witness for witness, side in asked if side < 0]
    if both:  # the deals by count of every witness asked at once
        count = pair_counts(players)[pair_cards[:, :, 0], pair_cards[:, :, 1]]  # (X, 45, A)
        # the deals' cards of each attribute, and the deals with two of them
        by_count = np.concatenate([count, count == 2], axis=2).astype(np.float64)
        ways = held[:, [w - 1 for w in both]].astype(np.float64)  # (X, witnesses, 45)
        counted = np.matmul(ways, by_count)  # (X, witnesses, 2 A)
        two = counted[:, :, attrs:]
        one = counted[:, :, :attrs] - 2 * two
        none = ways.sum(axis=2)[:, :, None] - one - two
        for k, witness in enumerate(both):
            result[witness, -1] = np.stack([none[:, k], one[:, k], two[:, k]], axis=2)
    for witness, side in asked:
        if side < 0:
            continue
        # two players: nobody else holds hidden cards; each orientation counts once
        pair_attr = attribute_matrix(players)[pair_cards]  # (X, 45, 2, A)
        oriented = allowed[:, witness - 1].astype(np.float64)  # (X, 45, 2)
        card = pair_attr if side == 0 else pair_attr[:, :, ::-1]
        one = np.zeros((x, attrs, 3), dtype=np.float64)
        for c in range(2):
            one[:, :, c] = np.einsum("xpo,xpoa->xa", oriented, (card == c).astype(np.float64))
        result[witness, side] = one
    return result


guard(globals())
