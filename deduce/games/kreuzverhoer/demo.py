"""Kreuzverhör: a whole game between the race advice and one-step entropy, action cards
and all, played by the game master (:func:`~deduce.games.kreuzverhoer.play_game`)."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from deduce.games.kreuzverhoer.bots import advised, entropy, play_game


def run(console: Console, *, seed: int) -> None:
    """Play one game from ``seed`` and tell it move by move."""
    console.rule("[bold]Kreuzverhör[/bold] (default deck: names ending in * are stand-ins)")
    console.print("Seat 0 plays the race advice (advised), seat 1 one-step entropy.")
    record = play_game(
        [advised, entropy], seed=seed, narrate=lambda line: console.print(escape(line))
    )
    cases = record.truth["cases"]
    for seat in (0, 1):
        table = record.tables[seat]
        console.print(
            f"Seat {seat} had to solve [bold]{escape(str(cases[seat]))}[/bold]: "
            f"{table.questionings} questionings, {table.space.size} "
            f"case{'' if table.space.size == 1 else 's'} left in its file."
        )
    if len(record.winners) == 2:
        console.print("[yellow]A tie: both had as many details right at the end.[/yellow]")
    else:
        winner = record.winners[0]
        last = record.tables[winner].last_questioning
        solved = last is not None and last.correct == 4
        how = "laid the four right cards first" if solved else "won the tie-break"
        console.print(f"[green]Seat {winner} ({record.bots[winner]}) {how}.[/green]")
