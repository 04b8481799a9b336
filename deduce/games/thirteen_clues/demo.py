"""13 Indizien: the assistant plays a 4-player game against three entropy players."""

from __future__ import annotations

from itertools import pairwise
from typing import cast

from rich.console import Console
from rich.table import Table as Grid

from deduce.games.thirteen_clues import (
    Accused,
    Charged,
    Consulted,
    Convicted,
    Informant,
    Question,
    Table,
    advised,
    entropy,
    play_game,
)
from deduce.output.display import render

PLAYERS = 4


def _sheet(table: Table, console: Console) -> None:
    """The investigation sheet: where each card I cannot see may be."""
    places = ["mine", *range(1, PLAYERS), "informant"]
    grid = Grid("card", *(str(p) for p in places), box=None, title="investigation sheet")
    for card, where in table.card_locations().items():
        if set(where) & {"seen", 0}:
            continue
        cells = [f"{100 * where[p]:.0f}%" if p in where else "-" for p in places]
        grid.add_row(card, *cells)
    console.print(grid)


def run(console: Console, *, seed: int) -> None:
    """A whole game from seat 0's table: the assistant follows ``advise`` (the race), the
    others the most informative move; every action, and the advice on my turns."""
    record = play_game([advised, entropy, entropy, entropy], seed=seed)
    deal = record.truth["deal"]
    final: Table = record.tables[0]
    console.rule(f"[bold]13 Indizien[/bold] ({PLAYERS} players; I am seat 0)")
    console.print(f"My hidden cards: {', '.join(deal.hands[0])}.")
    for seat in range(1, PLAYERS):
        console.print(f"Seat {seat}'s puzzle, which I see: {deal.puzzles[seat]}.")
    console.print(f"My own puzzle (hidden from the assistant): [bold]{deal.puzzles[0]}[/bold].")
    for before, after in pairwise(cast("tuple[Table, ...]", final.lineage)):
        clue = after.clues[-1]
        if before.turn == 0:
            console.print(f"\n[bold]My turn.[/bold] {before.advice()}")
        if isinstance(clue, Question):
            asker = "I ask" if clue.asker == 0 else f"Seat {clue.asker} asks"
            witness = "me" if clue.witness == 0 else f"seat {clue.witness}"
            side = f" ({clue.side} card)" if clue.side else ""
            console.print(f"{asker} {witness} about {clue.about}{side}: {clue.answer}.")
        elif isinstance(clue, Informant):
            console.print(f"I consult the informant: {clue.card}.")
        elif isinstance(clue, Consulted):
            console.print(f"Seat {clue.seat} consults the informant.")
        elif isinstance(clue, Accused | Convicted):
            right = isinstance(clue, Convicted)
            verdict = "[green]right[/green]" if right else "[red]wrong[/red]"
            console.print(f"I accuse {clue.person}, {clue.location}, {clue.weapon}: {verdict}.")
        elif isinstance(clue, Charged):
            verdict = "[green]right[/green]" if clue.right else "[red]wrong[/red]"
            console.print(f"Seat {clue.seat} accuses: {verdict}.")
        if before.turn == 0 or isinstance(clue, Question):
            left = len(after.solutions())
            console.print(f"  {left} puzzle{'s' if left != 1 else ''} left; {after.glasses}.")
    console.print()
    console.print(render(final, solutions=3))
    _sheet(final, console)
    if record.winners:
        (winner,) = record.winners
        who = "I win" if winner == 0 else f"Seat {winner} wins"
        console.print(f"[bold]{who} after {len(record.moves)} actions.[/bold]")
    else:
        console.print(f"[red]Nobody won in {len(record.moves)} actions.[/red]")
