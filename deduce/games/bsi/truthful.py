"""Truthful moves at a Black Stories Investigation table, as hypothesis strategies.

What ``Table.clue_strategy`` (and so ``deduce.testing.games``) draws from: a next move
that is true when the opponents' cases are the given ones; and the brute-force references
the tests check the deductions against, written from the rules (no space, no filter).

Example:
    >>> from deduce.games.bsi import Case, Table
    >>> t = Table(2, case="man/day/inside/knife", hand=["man/gun", "day/gun", "night/gun"])
    >>> from hypothesis import find
    >>> moves = truthful_move(t.state, (Case.parse("woman/night/outside/gun"),))
    >>> type(find(moves, lambda move: True)).__name__
    'Lay'
    >>> from deduce.games.bsi import Investigation
    >>> len(reference(Investigation().played("woman/knife", 2)))
    4
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from deduce._internal.entry import guard
from deduce._internal.validation import check_type
from deduce.errors import InvalidInput
from deduce.games.bsi.cards import CARDS, CASES, FIELD_OF, FIELDS, Card, Case
from deduce.games.bsi.clues import Draw, Lay, Reshuffle, Solve, TableClue
from deduce.games.bsi.investigation import FailedAttempt, Investigation, Played, Seen
from deduce.games.bsi.state import State
from deduce.table.referee import GameRecord

if TYPE_CHECKING:
    from hypothesis.strategies import SearchStrategy

__all__ = ["brute_cases", "field_of", "matches", "reference", "table_reference", "truthful_move"]


def truthful_move(s: State, cases: tuple[Case, ...]) -> SearchStrategy[TableClue | None]:
    """A strategy of a next move that is true when the opponents' cases are ``cases``
    (None once the game is over).

    Cards laid or drawn are 2- and 3-piece cards or case cards that can be where the
    move needs them; no attempt succeeds (that would change a case). Once the draw pile
    is empty, a reported reshuffle is one of the moves.
    """
    from hypothesis import strategies as st

    if s.over:
        return st.none()
    truth = (CASES[s.my_case], *cases)
    player = s.turn
    small = [c for c in CARDS if c.size < 4]
    if s.phase == 0 and s.hands[player] > 0:
        if player == 0:
            cards = st.sampled_from(s.hand)
        else:  # a card out of view, from a draw pile the player has drawn from

            def held(epoch: int) -> bool:
                return epoch >= 0 and bool((s.drew[player] >> epoch) & 1)

            hidden = [c.card for c in CASES if held(s.where[c.index]) and c not in cases]
            cards = st.sampled_from([c for c in small if held(s.small[c.index])] + hidden)
        targets = st.sampled_from([t for t in range(s.players) if t != player])

        def lay(card: Card, target: int) -> Lay:
            f = int(FIELD_OF[card.index, truth[target].index])
            return Lay(card, target, FIELDS[f])

        return st.builds(lay, cards, targets)
    if player == 0:
        if s.pile > 0:
            fresh = [c.card for c in CASES if s.where[c.index] == s.epoch and c not in cases]
            pool = [c for c in small if s.small[c.index] == s.epoch] + fresh
        else:  # the discard pile becomes the draw pile
            pool = list(s.discard)
        draw = st.sampled_from(pool).map(Draw) if pool else st.just(Draw())
    else:
        draw = st.just(Draw())
    if s.pile == 0 and s.discard:  # a table that reshuffles as soon as the pile is empty
        draw = st.one_of(draw, st.just(Reshuffle()))
    if s.phase == 2 or not s.drops[player]:
        return draw
    others = [t for t in range(s.players) if t != player]

    def attempt(target: int, case: Case, drops: int) -> Solve | None:
        if case == truth[target]:
            return None
        return Solve(target, case, drops, False)

    fail = st.builds(
        attempt,
        st.sampled_from(others),
        st.sampled_from(CASES),
        st.sampled_from(s.drops[player]),
    ).filter(lambda clue: clue is not None)
    return st.one_of(draw, fail)


# -- brute force ----------------------------------------------------------------------


def matches(case: Case, card: Card) -> int:
    """How many pieces of evidence of ``card`` ``case`` has."""
    return sum(getattr(case, k) == v for k, v in card.pieces.items())


def field_of(case: Case, card: Card) -> str | int:
    """The field of the grid that ``card`` goes in when the case is ``case``."""
    m = matches(case, card)
    return "0/1" if m <= 1 else m


def brute_cases(clues: Iterable[Any]) -> list[Case]:
    """Every case (in card order) that fits every clue about one case."""
    clues = list(clues)
    kept = []
    for case in CASES:
        ok = True
        for clue in clues:
            if isinstance(clue, Played):
                ok &= matches(case, clue.card) < 4 and field_of(case, clue.card) == clue.field
            elif isinstance(clue, Seen):
                ok &= case not in clue.cases
            elif isinstance(clue, FailedAttempt):
                ok &= case != clue.case
            else:
                raise InvalidInput("clues", clue, "clues about one case: Played, Seen, Failed")
        if ok:
            kept.append(case)
    return kept


def reference(investigation: Any) -> set[Case]:
    """The cases one case's investigation must keep (every one equally likely)."""
    check_type("investigation", investigation, Investigation, "a BSI Investigation")
    return set(brute_cases(investigation.clues))


def table_reference(record: Any) -> set[tuple[Case, ...]]:
    """Every assignment of cases to seats 1.. that seat 0 cannot rule out, by brute force,
    from the game master's own record of a whole game (:func:`~deduce.games.bsi.bots.play_game`).

    A card can be seat j's case if it was never in seat 0's view since the draw pile
    it could come from was formed (the start, or the last reshuffle before the case was
    drawn, when it must have been on the discard pile), fits every field at seat j's grid
    and no failed attempt named it; and the cases are all different.
    """
    truth = getattr(record, "truth", None)
    if not isinstance(record, GameRecord) or not isinstance(truth, dict) or "cases" not in truth:
        raise InvalidInput("record", record, "the record of a whole BSI game (play_game)")
    visible: list[frozenset[Case]] = truth["visible"]
    n = len(truth["cases"])
    possible: list[list[Case]] = []
    for seat in range(1, n):
        drawn = truth["case_step"][seat]
        earlier = [(step, pool) for step, pool in truth["reshuffles"] if step < drawn]
        start, pool = earlier[-1] if earlier else (0, frozenset(CASES))
        options = []
        for case in CASES:
            if case not in pool or any(case in visible[k] for k in range(start, len(visible))):
                continue
            if case in truth["failed"][seat]:
                continue
            if all(
                matches(case, c) < 4 and field_of(case, c) == f for c, f in truth["grids"][seat]
            ):
                options.append(case)
        possible.append(options)
    return {combo for combo in itertools.product(*possible) if len(set(combo)) == len(combo)}


guard(globals())
