"""13 Indizien at the table: type in what you see and hear, read the exact sheet.

A 5-player game from seat 0's point of view. Every question at the table is recorded,
whoever asks; the informant shows me a card; I follow the advice until it is to accuse.

Run: ``python examples/thirteen_clues.py``
"""

from __future__ import annotations

from deduce import Contradiction, InvalidInput
from deduce.games.thirteen_clues import Accusation, Deal, Investigation, Peek
from deduce.output.display import show


def main() -> None:
    deal = Deal.random(5, seed=2024)  # plays the table: it knows every card
    inv = Investigation(
        players=5,
        hand=deal.hands[0],  # my two hidden cards
        puzzles={seat: deal.puzzles[seat] for seat in range(1, 5)},  # the puzzles I see
    )
    print(f"I hold {deal.hands[0]}; {len(inv.solutions())} puzzles are possible for me.")

    # The others ask first: every question and answer is public.
    for asker, witness, about in [(1, 2, "red"), (2, 3, "woman"), (3, 4, "outdoors")]:
        answer = deal.answer(witness, about)
        inv = inv.question(asker, witness, about, answer)
        print(f"seat {asker} asked seat {witness} about {about}: {answer}")

    # My turns: follow the most informative move until the advice is to accuse (when
    # my puzzle is certain, or when no question can tell the rest apart).
    shown = iter(deal.informants)
    while True:
        best = inv.recommend(top=1)[0]
        if isinstance(best.action, Accusation):
            break
        if isinstance(best.action, Peek):
            card = next(shown)
            print(f"I consult the informant: {card}")
            inv = inv.informant(card)
        else:
            answer = deal.answer(best.action.witness, best.action.about)
            print(f"I {best.action} ({best.information:.2f} bits expected): {answer}")
            inv = inv.question(0, best.action.witness, best.action.about, answer)
        print(f"  puzzles left: {len(inv.solutions())}")

    show(inv, solutions=3)
    sheet = inv.card_locations()
    for card in deal.informants[:2]:
        print(f"where is {card}? {sheet[card]}")
    accusation = best.action
    print(f"advice: {accusation}; right {best.outcomes.get('right', 0):.0%}")
    assert accusation == inv.accusation()
    assert accusation.puzzle == deal.puzzles[0] or not accusation.certain

    # A mistyped answer is refused: impossible on its own (InvalidInput), or against
    # earlier clues (Contradiction, which names them).
    last = inv.clues[-1]
    for typo in range(12):
        if typo == last.answer:
            continue
        try:
            inv.question(last.asker, last.witness, last.about, typo)
        except Contradiction as error:
            print(f"refused: {error}")
            break
        except InvalidInput:
            continue

    saved = inv.to_json()
    assert Investigation.from_json(saved) == inv
    print(f"saved the whole notebook in {len(saved)} characters of JSON")


if __name__ == "__main__":
    main()
