"""Kreuzverhör: a whole game between the race advice and one-step entropy, action cards
and all, played by the game master (:func:`~deduce.games.kreuzverhoer.play_game`)."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from deduce._internal.language import M, _, plural
from deduce.games.kreuzverhoer.bots import advised, entropy, play_game


def run(console: Console, *, seed: int) -> None:
    """Play one game from ``seed`` and tell it move by move."""
    stand_ins = _("(default deck: names ending in * are stand-ins)")
    console.rule(f"[bold]Kreuzverhör[/bold] {escape(stand_ins)}")
    console.print(escape(_("Seat 0 plays the race advice (advised), seat 1 one-step entropy.")))
    record = play_game(
        [advised, entropy], seed=seed, narrate=lambda line: console.print(escape(line))
    )
    cases = record.truth["cases"]
    for seat in (0, 1):
        table = record.tables[seat]
        said = plural(
            "Seat {seat} had to solve {case}: {questionings} questionings, {n} case left in "
            "its file.",
            "Seat {seat} had to solve {case}: {questionings} questionings, {n} cases left in "
            "its file.",
            table.space.size,
            seat=seat,
            case=f"[bold]{escape(str(cases[seat]))}[/bold]",  # the markup outside the text
            questionings=table.questionings,
        )
        console.print(_(said))
    if len(record.winners) == 2:
        tie = _("A tie: both had as many details right at the end.")
        console.print(f"[yellow]{escape(tie)}[/yellow]")
    else:
        winner = record.winners[0]
        last = record.tables[winner].last_questioning
        solved = last is not None and last.correct == 4
        bot = record.bots[winner]
        if solved:
            how = _(M("Seat {seat} ({bot}) laid the four right cards first.", seat=winner, bot=bot))
        else:
            how = _(M("Seat {seat} ({bot}) won the tie-break.", seat=winner, bot=bot))
        console.print(f"[green]{escape(how)}[/green]")
