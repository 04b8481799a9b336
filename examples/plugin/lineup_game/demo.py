"""``deduce demo lineup``: the assistant finds a random culprit, saying why at each step."""

from __future__ import annotations

import random

from rich.console import Console

from lineup_game.cards import CAST
from lineup_game.clues import Ask
from lineup_game.investigation import Lineup

__all__ = ["run"]


def run(console: Console, *, seed: int) -> None:
    """Find a random culprit among the 24 faces with the most informative questions."""
    culprit = random.Random(seed).choice(CAST)
    console.rule("[bold]Line-up[/bold] (24 faces)")
    console.print(f"The culprit (hidden from the assistant) is [bold]{culprit}[/bold].")
    inv = Lineup()
    for move in range(1, len(CAST) + 1):
        rec = inv.recommend(top=1)[0]
        question: Ask = rec.action
        yes = (
            culprit.name == question.about
            if question.names_a_suspect
            else culprit.has(question.about)
        )
        console.print(
            f"\nQuestion {move}: [bold]{question}[/bold] ({rec.information:.2f} bits, "
            f"at most {rec.worst_case} suspects left): {'yes' if yes else 'no'}."
        )
        if yes and question.names_a_suspect:
            console.print(f"[green]Found in {move} questions.[/green]")
            return
        inv = inv.ask(question.about, yes)
        console.print(f"Left: {', '.join(inv.solutions())}")
