"""Black Stories Investigation: the assistant's advice through a whole 2-player game.

This program plays the game master too: it shuffles a deck, deals, and answers for the
opponent (who lays a random card each turn). Seat 0 follows the assistant: it lays the
card whose field teaches the most, and tries to solve when `best_attempt()` says so.
"""

from __future__ import annotations

import random

from deduce.games.bsi import CASES, FIELDS, Card, Case, Table

OTHER_CARDS = [  # the 2- and 3-piece cards (their exact pieces change no deduction)
    "man/day", "woman/night", "inside/knife", "outside/gun", "man/outside", "woman/inside",
    "man/night/knife", "woman/day/gun", "man/inside/gun", "woman/outside/knife",
    "day/outside/knife", "night/inside/gun",
]  # fmt: skip


def field(case: Case, card: Card) -> str | int:
    """The field a player with ``case`` puts ``card`` at."""
    return FIELDS[max(0, min(case.matches(card) - 1, 2))]


def main(seed: int = 7) -> None:
    rng = random.Random(seed)
    pile = [case.card for case in CASES] + [Card.parse(text) for text in OTHER_CARDS]
    rng.shuffle(pile)
    mine, theirs = [c.case for c in pile if c.case is not None][:2]  # each player's case
    pile = [c for c in pile if c.case not in (mine, theirs)]
    hands = [[pile.pop() for _ in range(3)] for _ in range(2)]
    discard: list[Card] = []
    table = Table(2, case=mine, hand=hands[0], names=["me", "opponent"])
    print(f"My case: {mine}. My hand: {', '.join(map(str, hands[0]))}.")

    def draw() -> Card | None:
        nonlocal pile, discard
        if not pile:
            pile, discard = discard, []
            rng.shuffle(pile)
        return pile.pop() if pile else None

    turns = 0
    while not table.over and turns < 60:
        turns += 1
        if table.turn == 0:
            rec = table.recommend_play(top=1)[0]
            card = rec.action.card
            table = table.played(card, 1, field(theirs, card))
            hands[0].remove(card)
            print(f"\nI lay {card} ({rec.information:.2f} bits): field {table.grid(1)[-1][1]}")
            print(f"  the opponent's case: {len(table.case_probabilities(1))} possible")
            option = table.best_attempt()
            if option is not None:
                right = option.case == theirs
                revealed: list[Card] = []
                if right:
                    discard += [c for c, _ in table.grid(1)] + [theirs.card]
                    while (new := draw()) is not None and new.case is None:
                        revealed.append(new)
                        discard.append(new)
                    assert new is not None and new.case is not None
                    theirs = new.case
                table = table.attempt(
                    1, option.case, option.drops, correct=right, revealed=revealed
                )
                verdict = "right" if right else "wrong"
                print(f"  I name {option.case} with {option.drops} drops "
                      f"(expected {option.points:.1f} points): {verdict}")  # fmt: skip
            drawn = draw()
            if drawn is not None:
                hands[0].append(drawn)
            table = table.drew(drawn)
        else:
            card = rng.choice(hands[1])
            hands[1].remove(card)
            table = table.played(card, 0, field(mine, card))
            drawn = draw()
            if drawn is not None:
                hands[1].append(drawn)
            table = table.drew()
    print(f"\nAfter {turns} turns: scores {table.scores()}, winners {table.winners()}")


if __name__ == "__main__":
    main()
