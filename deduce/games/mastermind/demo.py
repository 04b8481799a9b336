"""Mastermind: the assistant breaks a random code, saying what it knows at each step."""

from __future__ import annotations

import random

from rich.console import Console
from rich.markup import escape

from deduce.games.mastermind.bots import Bot, play_game
from deduce.games.mastermind.investigation import Code, Game, Investigation
from deduce.output.display import render


def run(console: Console, *, seed: int) -> None:
    """Break a random 4-peg, 6-colour code with Knuth's minimax rule."""
    game = Game()
    secret = random.Random(seed).choice(game.codes())
    console.rule("[bold]Mastermind[/bold] (4 pegs, 6 colours)")
    console.print(f"The secret code (hidden from the assistant) is [bold]{secret}[/bold].")

    def explained(inv: Investigation, rng: random.Random) -> Code:
        if inv.clues:
            console.print(render(inv, solutions=5))
        rec = inv.recommend(top=1, strategy="minimax")[0]
        console.print(
            f"\nMove {len(inv.clues) + 1}: guess [bold]{rec.action}[/bold]: it is expected "
            f"to teach {rec.information:.2f} bits, and leaves at most {rec.worst_case} codes."
        )
        code: Code = rec.action
        return code

    record = play_game(
        [Bot("minimax", explained)],
        seed=seed,
        secret=secret,
        narrate=lambda line: console.print(f"Feedback: {escape(line.split(': ')[-1])}."),
    )
    if record.winners:
        console.print(f"[green]Solved in {len(record.moves)} guesses.[/green]")
