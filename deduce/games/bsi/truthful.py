"""Truthful moves at a Black Stories Investigation table, as hypothesis strategies.

What ``Table.clue_strategy`` (and so ``deduce.testing.games``) draws from: a next move
that is true when the opponents' cases are the given ones.

Example:
    >>> from deduce.games.bsi import Case, Table
    >>> t = Table(2, case="man/day/inside/knife", hand=["man/gun", "day/gun", "night/gun"])
    >>> from hypothesis import find
    >>> moves = truthful_move(t.state, (Case.parse("woman/night/outside/gun"),))
    >>> type(find(moves, lambda move: True)).__name__
    'Lay'
"""

from __future__ import annotations

from typing import Any

from deduce.games.bsi.cards import CARDS, CASES, FIELD_OF, FIELDS, Card, Case
from deduce.games.bsi.clues import Draw, Lay, Reshuffle, Solve
from deduce.games.bsi.state import State

__all__ = ["truthful_move"]


def truthful_move(s: State, cases: tuple[Case, ...]) -> Any:
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
