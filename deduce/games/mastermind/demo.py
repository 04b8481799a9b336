"""Mastermind: the assistant breaks a random code, saying what it knows at each step."""

from __future__ import annotations

import random

from rich.console import Console
from rich.markup import escape

from deduce._internal.language import M, _, plural
from deduce.games.mastermind.bots import Bot, play_game
from deduce.games.mastermind.investigation import Code, Game, Investigation
from deduce.output.display import render


def run(console: Console, *, seed: int) -> None:
    """Break a random 4-peg, 6-colour code with Knuth's minimax rule."""
    game = Game()
    secret = random.Random(seed).choice(game.codes())
    console.rule("[bold]Mastermind[/bold] " + _("(4 pegs, 6 colours)"))
    shown = f"[bold]{secret}[/bold]"
    hidden = M("The secret code (hidden from the assistant) is {secret}.", secret=shown)
    console.print(_(hidden))

    def explained(inv: Investigation, rng: random.Random) -> Code:
        if inv.clues:
            console.print(render(inv, solutions=5))
        rec = inv.recommend(top=1, strategy="minimax")[0]
        bold = f"[bold]{rec.action}[/bold]"
        said = plural(
            "Move {move}: guess {code}: it is expected to teach {bits:.2f} bits, and leaves at "
            "most {n} codes.",
            "Move {move}: guess {code}: it is expected to teach {bits:.2f} bits, and leaves at "
            "most {n} codes.",
            rec.worst_case,
            move=len(inv.clues) + 1,
            code=bold,
            bits=rec.information,
        )
        console.print("\n" + _(said))
        code: Code = rec.action
        return code

    record = play_game(
        [Bot("minimax", explained)],
        seed=seed,
        secret=secret,
        narrate=lambda line: console.print(
            _(M("Feedback: {feedback}.", feedback=escape(line.split(": ")[-1])))
        ),
    )
    if record.winners:
        solved = plural("Solved in {n} guesses.", "Solved in {n} guesses.", len(record.moves))
        console.print("[green]" + _(solved) + "[/green]")
