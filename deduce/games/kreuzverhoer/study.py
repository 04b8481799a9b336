"""Kreuzverhör: how many questionings a strategy needs for every case, and hard cases.

The games a strategy plays against every case form one decision tree, walked once by
:func:`deduce.table.simulation.walk`; here it also stops at the questionings allowed and, with
cards, plays an investigation card between questionings.

Example:
    >>> from deduce.games.kreuzverhoer import Investigation
    >>> inv = Investigation().confirmed(crime="Mord", scene="Ulm", suspect="Ede K.")
    >>> questionings_needed(inv, "minimax").tolist()
    [1, 2, 3, 4, 5, 6]
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.validation import MAX_SEED, check_bool, check_int, check_seed, check_type
from deduce.games.kreuzverhoer.cards import Deck
from deduce.games.kreuzverhoer.clues import VALUED_CARDS, Case
from deduce.games.kreuzverhoer.interrogation import Answer, Interrogation
from deduce.games.kreuzverhoer.investigation import Investigation
from deduce.table.simulation import walk

__all__ = ["hard_case", "questionings_needed"]

IntArray = npt.NDArray[np.int64]


def questionings_needed(
    start: Investigation, strategy: str = "entropy", *, cards: bool = False, seed: int = 0
) -> IntArray:
    """For every case still possible (in ``start.space`` order), the questionings the
    ``strategy`` needs to solve it; ``start.limit + 1`` when it is not solved in time.

    With ``cards=True``, after every questioning the best of the five described
    investigation cards is played (the answering player names what :meth:`Interrogation.
    suggest` says, drawn with a generator seeded by ``seed`` and the case). This is an
    idealisation, a bound on what cards can give: the rules allow a hand of 3 cards
    drawn from a deck with other kinds and defence cards, and the answering player may
    block.

    Example:
        >>> inv = Investigation().confirmed(crime="Mord", scene="Ulm", suspect="Ede K.")
        >>> questionings_needed(inv, "minimax").tolist()
        [1, 2, 3, 4, 5, 6]
    """
    check_type("start", start, Investigation, "a Kreuzverhör Investigation")
    start.check_strategy(strategy)
    cards = check_bool("cards", cards)
    seed = check_int("seed", seed, 0, MAX_SEED)
    ids = start.space.ids
    needed = np.zeros(len(ids), dtype=np.int64)
    unsolved = start.limit + 1

    def done(case_ids: IntArray, moves: int) -> None:
        needed[np.searchsorted(ids, case_ids)] = moves

    def follow(child: Any, case_ids: IntArray, moves: int) -> list[tuple[Any, IntArray]]:
        after = _card_answers(child, case_ids, seed) if cards else [(child, case_ids)]
        going = []
        for node, group in after:
            if node.questionings_left == 0:
                done(group, unsolved)
            else:
                going.append((node, group))
        return going

    if start.questionings_left == 0:
        needed[:] = unsolved
    else:
        walk(start, strategy, ids, done, follow=follow)
    return needed


def _card_answers(
    child: Investigation, case_ids: IntArray, seed: int
) -> list[tuple[Investigation, IntArray]]:
    """The case files after the best described card, one per answer given."""
    best = child.rank_cards(list(VALUED_CARDS))[0]
    if not best.allowed or not best.information:
        return [(child, case_ids)]
    by_answer: dict[Answer, list[int]] = {}
    for world in case_ids.tolist():
        secret = child.secret_of(world)
        rng = random.Random(f"{seed}/{world}/{child.questionings}")
        named = Interrogation.of(secret, child).suggest(best.card, seed=rng)
        by_answer.setdefault(named, []).append(world)
    result = []
    for named, worlds in by_answer.items():
        secret = child.secret_of(worlds[0])
        after = Interrogation.of(secret, child).played(best.card, named).opponent
        result.append((after, np.array(worlds, dtype=np.int64)))
    return result


def hard_case(
    deck: Deck | None = None, *, strategy: str = "entropy", seed: int | None = None
) -> Case:
    """A case for your opponent that ``strategy`` needs the most questionings for.

    Among the hardest cases one is drawn at random (``seed`` makes it reproducible), so
    an opponent cannot guess it from this function.

    Raises:
        InvalidInput: an unknown strategy or deck.

    Example:
        >>> hard_case(strategy="minimax", seed=1)
        Case(crime='Einbruch', scene='Leipzig*', suspect='Juri L.', weapon='Messer')
    """
    start = Investigation(deck)
    needed = questionings_needed(start, strategy)
    hardest = np.flatnonzero(needed == needed.max())
    choice = check_seed("seed", seed).choice(hardest.tolist())
    return start.secret_of(int(start.space.ids[choice]))


guard(globals())
