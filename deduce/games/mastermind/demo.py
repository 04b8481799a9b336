"""Mastermind: the assistant breaks a random code, saying what it knows at each step."""

from __future__ import annotations

import random

from rich.console import Console

from deduce.display import render
from deduce.games.mastermind import Game


def run(console: Console, *, seed: int) -> None:
    """Break a random 4-peg, 6-colour code with Knuth's minimax rule."""
    game = Game()
    secret = random.Random(seed).choice(game.codes())
    console.rule("[bold]Mastermind[/bold] (4 pegs, 6 colours)")
    console.print(f"The secret code (hidden from the assistant) is [bold]{secret}[/bold].")
    inv = game.investigation()
    for move in range(1, 11):
        rec = inv.recommend(top=1, strategy="minimax")[0]
        console.print(
            f"\nMove {move}: guess [bold]{rec.action}[/bold]: it is expected to teach "
            f"{rec.information:.2f} bits, and leaves at most {rec.worst_case} codes."
        )
        black, white = game.feedback(secret, rec.action)
        console.print(f"Feedback: {black} black, {white} white.")
        inv = inv.guess(rec.action, black=black, white=white)
        if black == game.pegs:
            console.print(f"[green]Solved in {move} guesses.[/green]")
            return
        console.print(render(inv, solutions=5))
