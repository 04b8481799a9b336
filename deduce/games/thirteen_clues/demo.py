"""13 Indizien: the assistant plays a 4-player game against three entropy players."""

from __future__ import annotations

from itertools import pairwise
from typing import cast

from rich.console import Console
from rich.table import Table as Grid

from deduce._internal.language import N_, M, Message, _, plural
from deduce.games.thirteen_clues import (
    Accused,
    Charged,
    Consulted,
    Convicted,
    Informant,
    Puzzle,
    Question,
    Table,
    advised,
    entropy,
    play_game,
)
from deduce.games.thirteen_clues.cards import shown_name, shown_word
from deduce.output.display import render

PLAYERS = 4


def _sheet(table: Table, console: Console) -> None:
    """The investigation sheet: where each card I cannot see may be."""
    places = ["mine", *range(1, PLAYERS), "informant"]
    columns = (
        str(p) if isinstance(p, int) else _("mine") if p == "mine" else _("informant")
        for p in places
    )
    grid = Grid(_("card"), *columns, box=None, title=_("investigation sheet"))
    for card, where in table.card_locations().items():
        if set(where) & {"seen", 0}:
            continue
        cells = [f"{100 * where[p]:.0f}%" if p in where else "-" for p in places]
        grid.add_row(shown_name(card), *cells)
    console.print(grid)


def run(console: Console, *, seed: int) -> None:
    """A whole game from seat 0's table: the assistant follows ``advise`` (the race), the
    others the most informative move; every action, and the advice on my turns."""
    record = play_game([advised, entropy, entropy, entropy], seed=seed)
    deal = record.truth["deal"]
    final: Table = record.tables[0]
    title = _(M("{players} players; I am seat 0", players=PLAYERS))
    console.rule(f"[bold]13 Indizien[/bold] ({title})")
    hand = ", ".join(shown_name(card) for card in deal.hands[0])
    console.print(_(M("My hidden cards: {cards}.", cards=hand)))
    for seat in range(1, PLAYERS):
        seen = M(
            "Seat {seat}'s puzzle, which I see: {puzzle}.",
            seat=seat,
            puzzle=str(deal.puzzles[seat]),
        )
        console.print(_(seen))
    own = f"[bold]{deal.puzzles[0]}[/bold]"
    console.print(_(M("My own puzzle (hidden from the assistant): {puzzle}.", puzzle=own)))
    for before, after in pairwise(cast("tuple[Table, ...]", final.lineage)):
        clue = after.clues[-1]
        if before.turn == 0:
            mine = _("My turn.")
            console.print(f"\n[bold]{mine}[/bold] {before.advice()}")
        if isinstance(clue, Question):
            console.print(_(_question(clue)))
        elif isinstance(clue, Informant):
            console.print(_(M("I consult the informant: {card}.", card=shown_name(clue.card))))
        elif isinstance(clue, Consulted):
            console.print(_(M("Seat {seat} consults the informant.", seat=clue.seat)))
        elif isinstance(clue, Accused | Convicted):
            puzzle = str(Puzzle(clue.person, clue.location, clue.weapon))
            verdict = _verdict(isinstance(clue, Convicted))
            console.print(_(M("I accuse {puzzle}: {verdict}.", puzzle=puzzle, verdict=verdict)))
        elif isinstance(clue, Charged):
            verdict = _verdict(clue.right)
            console.print(_(M("Seat {seat} accuses: {verdict}.", seat=clue.seat, verdict=verdict)))
        if before.turn == 0 or isinstance(clue, Question):
            left = len(after.solutions())
            said = plural(
                "{n} puzzle left; {glasses}.",
                "{n} puzzles left; {glasses}.",
                left,
                glasses=str(after.glasses),
            )
            console.print(f"  {_(said)}")
    console.print()
    console.print(render(final, solutions=3))
    _sheet(final, console)
    actions = len(record.moves)
    if record.winners:
        (winner,) = record.winners
        if winner == 0:
            won = _(M("I win after {actions} actions.", actions=actions))
        else:
            won = _(M("Seat {seat} wins after {actions} actions.", seat=winner, actions=actions))
        console.print(f"[bold]{won}[/bold]")
    else:
        nobody = _(M("Nobody won in {actions} actions.", actions=actions))
        console.print(f"[red]{nobody}[/red]")


def _verdict(right: bool) -> str:
    """An accusation's verdict, coloured."""
    if right:
        said = _("right")
        return f"[green]{said}[/green]"
    said = _("wrong")
    return f"[red]{said}[/red]"


def _question(clue: Question) -> Message:
    """A question at the table and its answer, as the demo tells it."""
    who = "I" if clue.asker == 0 else "me" if clue.witness == 0 else "seat"
    return M(
        _QUESTIONS[(who, bool(clue.side))],
        asker=clue.asker,
        witness=clue.witness,
        about=shown_word(clue.about),
        side=shown_word(clue.side) if clue.side else "",
        answer=clue.answer,
    )


_QUESTIONS: dict[tuple[str, bool], str] = {  # (who asks whom, a side named)
    ("I", False): N_("I ask seat {witness} about {about}: {answer}."),
    ("I", True): N_("I ask seat {witness} about {about} ({side} card): {answer}."),
    ("me", False): N_("Seat {asker} asks me about {about}: {answer}."),
    ("me", True): N_("Seat {asker} asks me about {about} ({side} card): {answer}."),
    ("seat", False): N_("Seat {asker} asks seat {witness} about {about}: {answer}."),
    ("seat", True): N_("Seat {asker} asks seat {witness} about {about} ({side} card): {answer}."),
}
