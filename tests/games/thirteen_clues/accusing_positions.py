"""13 Indizien positions for the tests of when to accuse, and the race counted by hand."""

from __future__ import annotations

from deduce.games.thirteen_clues import Ask, Deal, Investigation, Peek


def two_player(seed: int, left: int) -> tuple[Deal, Investigation, list[Ask]]:
    """The two-player notebook of ``Deal.random(2, seed)`` after the truthful entropy
    questions that leave at most ``left`` puzzles, and those questions."""
    deal = Deal.random(2, seed=seed)
    inv = Investigation(2, deal.hands[0], list(deal.puzzles[1:]))
    asked = []
    while inv.space.size > left:
        move = inv.best("entropy")
        assert isinstance(move, Ask)
        inv = inv.question(0, 1, move.about, deal.answer(1, move.about, side=move.side), move.side)
        asked.append(move)
    return deal, inv, asked


def after(inv: Investigation, move: Ask | Peek, answer: object) -> Investigation:
    if isinstance(move, Peek):
        return inv.informant(str(answer))
    return inv.question(0, move.witness, move.about, int(str(answer)), move.side)


def by_hand_ladder(inv: Investigation, hazard: float) -> float:
    """Accuse my puzzles in order, one a round: the sum of p_k (1 - hazard)^k."""
    return sum(p * (1 - hazard) ** k for k, (_, p) in enumerate(inv.ranked()))


def three_player_position() -> Investigation:
    deal = Deal.random(3, seed=4)
    inv = Investigation(3, deal.hands[0], list(deal.puzzles[1:]))
    for witness, about in [(1, "red"), (2, "woman"), (1, "melee"), (2, "indoors")]:
        inv = inv.question(0, witness, about, deal.answer(witness, about))
    return inv
