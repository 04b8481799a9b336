"""Kreuzverhör: the assistant questions a hidden case, playing investigation cards too."""

from __future__ import annotations

import random

from rich.console import Console

from deduce.display import render
from deduce.games.kreuzverhoer import (
    CARD_TITLES,
    INVESTIGATION_CARDS,
    Interrogation,
    Investigation,
)


def run(console: Console, *, seed: int) -> None:
    """Solve a random case of the default deck within the 12 questionings."""
    rng = random.Random(seed)
    start = Investigation()
    case = start.secret_of(rng.randrange(start.space.size))
    console.rule("[bold]Kreuzverhör[/bold] (default deck: names ending in * are stand-ins)")
    console.print(f"The opponent's case (hidden from the assistant) is [bold]{case}[/bold].")
    opponent = Interrogation(case)  # answers truthfully, giving nothing away
    pile = [card for card in INVESTIGATION_CARDS for _ in range(2)]
    rng.shuffle(pile)
    hand = [pile.pop() for _ in range(3)]
    for number in range(1, 13):
        inv = opponent.opponent
        strategy = "win_probability" if inv.questionings_left <= 2 else "entropy"
        rec = inv.recommend(top=1, strategy=strategy)[0]
        console.print(
            f"\nQuestioning {number} ({strategy}): lay [bold]{rec.action}[/bold]; expected "
            f"{rec.information:.2f} bits, at most {rec.worst_case} "
            f"{'case' if rec.worst_case == 1 else 'cases'} left."
        )
        opponent = opponent.questioning(*rec.action)
        right = opponent.last_answer
        console.print(f"Answer: {right} {'detail' if right == 1 else 'details'} right.")
        if right == 4:
            console.print(f"[green]Solved in {number} questionings.[/green]")
            return
        values = opponent.opponent.rank_cards(hand)
        best = values[0]
        shown = ", ".join(
            f"{CARD_TITLES[v.card]} {v.information:.2f} bits"
            if v.information is not None
            else f"{CARD_TITLES[v.card]} ({v.reason})"
            for v in values
        )
        console.print(f"Hand: {shown}.")
        if best.allowed and best.information:
            named = opponent.suggest(best.card, seed=rng)
            words = opponent.in_words(best.card, named)
            opponent = opponent.played(best.card, named)
            end = "" if words.endswith(".") else "."
            title = CARD_TITLES[best.card]
            console.print(f"Plays [bold]{title}[/bold]; the opponent answers: {words}{end}")
            hand.remove(best.card)
            if pile:
                hand.append(pile.pop())
        console.print(render(opponent.opponent, solutions=4))
    console.print(f"[red]Not solved in 12 questionings; the case was {case}.[/red]")
