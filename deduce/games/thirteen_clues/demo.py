"""13 Indizien: the assistant follows a 4-player table and solves its own puzzle."""

from __future__ import annotations

import random

from rich.console import Console
from rich.table import Table

from deduce.display import render
from deduce.games.thirteen_clues import (
    Accusation,
    Deal,
    Informant,
    Investigation,
    Peek,
    attributes,
)

PLAYERS = 4


def _sheet(inv: Investigation, console: Console) -> None:
    """The investigation sheet: where each card I cannot see may be."""
    places = ["mine", *range(1, PLAYERS), "informant"]
    table = Table("card", *(str(p) for p in places), box=None, title="investigation sheet")
    for card, where in inv.card_locations().items():
        if set(where) & {"seen", 0}:
            continue
        cells = [f"{100 * where[p]:.0f}%" if p in where else "-" for p in places]
        table.add_row(card, *cells)
    console.print(table)


def run(console: Console, *, seed: int) -> None:
    """Play a random 4-player deal: every seat asks in turn, I follow the recommendations."""
    rng = random.Random(seed)
    deal = Deal.random(PLAYERS, seed=rng)
    console.rule(f"[bold]13 Indizien[/bold] ({PLAYERS} players; I am seat 0)")
    console.print(f"My hidden cards: {', '.join(deal.hands[0])}.")
    for seat in range(1, PLAYERS):
        console.print(f"Seat {seat}'s puzzle, which I see: {deal.puzzles[seat]}.")
    console.print(f"My own puzzle (hidden from the assistant): [bold]{deal.puzzles[0]}[/bold].")
    inv = Investigation(PLAYERS, deal.hands[0], list(deal.puzzles[1:]))
    shown = list(deal.informants)
    rng.shuffle(shown)
    actions = 0
    for turn in range(1, 41):
        console.print(f"\n[bold]Round {turn}[/bold]")
        rec = inv.recommend(top=1)[0]
        if isinstance(rec.action, Accusation):  # certain, or no question can tell more
            best = rec.action
            actions += 1
            console.print(
                f"I accuse {best.puzzle} (probability {best.probability:.0%})"
                + (", certain." if best.certain else ": no question can tell any more.")
            )
            if best.puzzle == deal.puzzles[0]:
                console.print(f"[green]Right: solved with {actions} actions.[/green]")
                _sheet(inv, console)
                return
            console.print("Wrong; that puzzle is ruled out.")
            inv = inv.accused(best.puzzle.person, best.puzzle.location, best.puzzle.weapon)
        else:
            actions += 1
            if isinstance(rec.action, Peek):
                seen = {clue.card for clue in inv.clues if isinstance(clue, Informant)}
                card = next(c for c in shown if c not in seen)
                console.print(f"I {rec.action} ({rec.information:.2f} bits): it shows {card}.")
                inv = inv.informant(card)
            else:
                witness, about = rec.action.witness, rec.action.about
                answer = deal.answer(witness, about)
                console.print(
                    f"I {rec.action} ({rec.information:.2f} bits expected): answer {answer}."
                )
                inv = inv.question(0, witness, about, answer)
        for asker in range(1, PLAYERS):  # the others ask too; every answer is public
            witness = rng.choice([s for s in range(PLAYERS) if s != asker])
            about = rng.choice(attributes(PLAYERS))
            answer = deal.answer(witness, about)
            inv = inv.question(asker, witness, about, answer)
            console.print(f"Seat {asker} asks seat {witness} about {about}: {answer}.")
        console.print(render(inv, solutions=3))
    console.print(f"[red]Not solved; my puzzle was {deal.puzzles[0]}.[/red]")
