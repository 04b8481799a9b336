"""Black Stories Investigation: the assistant plays a 3-player game, saying what it knows."""

from __future__ import annotations

from itertools import pairwise

from rich.console import Console

from deduce.games.bsi import Draw, Lay, Solve, Table, advised, play_game, random_bot
from deduce.games.bsi.cards import stand_in_name


def _cases(table: Table) -> str:
    parts = []
    for seat in table.opponents:
        probabilities = table.case_probabilities(seat)
        case, p = next(iter(probabilities.items()))
        noun = "case" if len(probabilities) == 1 else "cases"
        parts.append(f"seat {seat}: {len(probabilities)} {noun} (best {case} {100 * p:.0f}%)")
    return "; ".join(parts)


def run(console: Console, *, seed: int) -> None:
    """The assistant (seat 0) against two players who lay cards at random."""
    record = play_game([advised, random_bot, random_bot], seed=seed)
    final = record.tables[0]
    console.rule("[bold]Black Stories Investigation[/bold] (3 players, the assistant is seat 0)")
    history: list[Table] = list(final.lineage)
    hand = ", ".join(map(stand_in_name, final.start_hand))
    console.print(f"My case is [bold]{final.case}[/bold]; my hand: {hand}.")
    console.print("(The box's 12 cards of 2 and 3 pieces are stand-ins, named so.)")
    for before, after in pairwise(history):
        event = after.clues[-1]
        player = before.turn
        who, s_ = ("I", "") if player == 0 else (f"Seat {player}", "s")
        if isinstance(event, Lay):
            if player == 0:
                rec = before.recommend(top=1)[0]
                fields = ", ".join(f"{f}: {100 * p:.0f}%" for f, p in rec.outcomes.items())
                console.print(
                    f"\n[bold]My turn.[/bold] Best card: {stand_in_name(rec.action.card)} "
                    f"at seat {rec.action.target} "
                    f"({rec.score:.2f} points expected; fields {fields})."
                )
            where = f"seat {event.target}: field {event.field}"
            console.print(f"{who} lay{s_} {stand_in_name(event.card)} at {where}.")
            if event.target != 0:
                console.print(f"  Now: {_cases(after)}")
        elif isinstance(event, Solve):
            verdict = "[green]right[/green]" if event.correct else "[red]wrong[/red]"
            console.print(
                f"{who} name{s_} {event.case} for seat {event.target} with {event.drops} "
                f"{'drop' if event.drops == 1 else 'drops'}: "
                f"{verdict}. Scores: {after.scores()}"
            )
        elif isinstance(event, Draw) and player == 0 and before.step == "attempt":
            choices = before.race_options()  # I did not try: say why
            tried = [c for c in choices if c.attempt is not None]
            if tried and choices[0].attempt is None and (o := tried[0].attempt) is not None:
                now, wait = 100 * tried[0].win, 100 * choices[0].win
                said = f"{now:.0f}% to finish first, waiting {wait:.0f}%"
                if round(now, 7) == round(wait, 7):  # a tie: waiting keeps more points
                    said = f"{now:.0f}% to finish first, as waiting does, with fewer points"
                    said += " expected"
                console.print(f"  I wait: naming {o.case} for seat {o.target} now gives {said}.")
    console.print(f"\nGame over after {record.turns} turns. Scores: {final.scores()}.")
    winners = ", ".join(f"seat {s}" for s in final.winners())
    console.print(f"[bold]Winner: {winners}[/bold]")
