"""13 Indizien for tests: every deal of the unknown cards listed, and the brute-force
reference the exact posterior is checked against (the rules written out plainly over the
listed deals, no space, no counting tables).

Example:
    >>> from deduce.games.thirteen_clues.investigation import Investigation
    >>> inv = Investigation(3, ("Duke", "Park"), [("Officer", "Parlor", "Knife"),
    ...                                            ("Butcher", "Harbor", "Sword")])
    >>> round(sum(reference(inv).values()), 12), len(reference(inv))
    (1.0, 80)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations, permutations, product
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.validation import check_int
from deduce.errors import InvalidInput
from deduce.games.thirteen_clues.cards import CARDS, Puzzle, cards_in_play
from deduce.games.thirteen_clues.clues import (
    Accused,
    Charged,
    Consulted,
    Convicted,
    Informant,
    Question,
)

if TYPE_CHECKING:
    from deduce.games.thirteen_clues.investigation import Investigation

__all__ = [
    "INDEX",
    "all_deals",
    "brute",
    "brute_answer",
    "brute_keep",
    "has",
    "reference",
    "seat_hands",
    "vars_of",
]

INDEX: dict[str, int] = {card.name: i for i, card in enumerate(CARDS)}


def has(about: str) -> npt.NDArray[np.int64]:
    """For every card number, 1 if the card has the colour, category or sub-kind."""
    return np.array([about in (c.colour, c.category, c.kind) for c in CARDS], dtype=np.int64)


# -- brute force: every deal, listed -------------------------------------------------------


@lru_cache(maxsize=8)
def all_deals(
    players: int, hand: tuple[str, ...], puzzles: tuple[Puzzle, ...]
) -> npt.NDArray[np.int64]:
    """Every deal of the unknown cards: columns = my person, location, weapon, then each
    other seat's (left, right) hidden cards, then the informants (in card order).

    With three or more players a hand is a set (left < right); with two players, the
    witness names a side, so both orders are different deals.
    """
    named = [*hand, *(c for p in puzzles for c in vars_of(p))]
    if not all(isinstance(c, str) and c in INDEX for c in named):
        raise InvalidInput("hand", hand, "names of cards (with the puzzles' cards)")
    seen = {INDEX[c] for c in named}
    unknown = [i for i in range(len(cards_in_play(players))) if i not in seen]
    by_category = [
        [c for c in unknown if CARDS[c].category == k] for k in ("person", "location", "weapon")
    ]
    rows = []
    for mine in product(*by_category):
        rest = [c for c in unknown if c not in mine]
        for hands in seat_hands(rest, players - 1, ordered=players == 2):
            taken = {c for pair in hands for c in pair}
            informants = [c for c in rest if c not in taken]
            rows.append([*mine, *(c for pair in hands for c in pair), *informants])
    return np.array(rows, dtype=np.int64)


def vars_of(p: Puzzle) -> tuple[str, str, str]:
    """The puzzle's person, location and weapon."""
    return (p.person, p.location, p.weapon)


def seat_hands(
    cards: list[int], seats: int, *, ordered: bool
) -> Iterator[tuple[tuple[int, int], ...]]:
    """Every way to give each of ``seats`` seats two of ``cards`` (ordered: left, right)."""
    if seats == 0:
        yield ()
        return
    pairs = permutations(cards, 2) if ordered else combinations(cards, 2)
    for pair in pairs:
        rest = [c for c in cards if c not in pair]
        for others in seat_hands(rest, seats - 1, ordered=ordered):
            yield (pair, *others)


def brute_answer(
    inv: Investigation, deals: npt.NDArray[np.int64], witness: int, about: str, side: str | None
) -> npt.NDArray[np.int64]:
    """The witness's answer in every deal, straight from the rules."""
    witness = check_int("witness", witness, 0, inv.players - 1)
    if side not in (None, "left", "right"):
        raise InvalidInput("side", side, [None, "left", "right"])
    if deals.ndim != 2 or deals.shape[1] < 3 + 2 * (inv.players - 1):
        raise InvalidInput("deals", deals, "deals of this investigation (all_deals)")
    a = has(about)
    if witness == 0:
        hidden = [INDEX[c] for c in inv.hand]
        if side is not None:
            hidden = [hidden[("left", "right").index(side)]]
        counted = a[hidden].sum() + sum(
            a[INDEX[c]] for p in inv.puzzles.values() for c in vars_of(p)
        )
        return np.full(len(deals), counted)
    first = 3 + 2 * (witness - 1)
    columns = [first, first + 1]
    if side is not None:
        columns = [columns[("left", "right").index(side)]]
    counts: npt.NDArray[np.int64] = a[deals[:, columns]].sum(axis=1)
    counts = counts + a[deals[:, 0:3]].sum(axis=1)
    for seat, p in inv.puzzles.items():
        if seat != witness:
            counts = counts + sum(a[INDEX[c]] for c in vars_of(p))
    return counts


def brute_keep(inv: Investigation, deals: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Which deals every clue so far allows."""
    if deals.ndim != 2 or deals.shape[1] < 3 + 2 * (inv.players - 1):
        raise InvalidInput("deals", deals, "deals of this investigation (all_deals)")
    keep = np.ones(len(deals), dtype=bool)
    first_informant = 3 + 2 * (inv.players - 1)
    for clue in inv.clues:
        if isinstance(clue, Question):
            answer = brute_answer(inv, deals, clue.witness, clue.about, clue.side)
            keep &= answer == clue.answer
        elif isinstance(clue, Informant):
            keep &= (deals[:, first_informant:] == INDEX[clue.card]).any(axis=1)
        elif isinstance(clue, Accused | Convicted):
            named = [INDEX[clue.person], INDEX[clue.location], INDEX[clue.weapon]]
            same = (deals[:, 0:3] == named).all(axis=1)
            keep &= same if isinstance(clue, Convicted) else ~same
        else:  # another seat's look at the informant or accusation: nothing about mine
            assert isinstance(clue, Consulted | Charged)
    return keep


def brute(inv: Investigation) -> tuple[npt.NDArray[np.int64], Counter[tuple[str, ...]]]:
    """The deals every clue allows, and how many of them give each puzzle of mine."""
    n = inv.players
    deals = all_deals(n, inv.hand, tuple(inv.puzzles.values()))
    deals = deals[brute_keep(inv, deals)]
    counts = Counter(tuple(CARDS[c].name for c in row[:3]) for row in deals.tolist())
    return deals, counts


def reference(inv: Investigation) -> dict[Puzzle, float]:
    """My puzzle's posterior: each puzzle's share of the listed deals that fit every clue."""
    _, counts = brute(inv)
    total = sum(counts.values())
    return {Puzzle(*names): n / total for names, n in counts.items()}


guard(globals())
