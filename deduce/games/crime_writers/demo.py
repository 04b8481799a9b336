"""Crime Writers: guests find a writer's story with the assistant's questions."""

from __future__ import annotations

from rich.console import Console

from deduce.games.crime_writers import ELEMENTS, Deck, Investigation, advised, check_title
from deduce.games.crime_writers.bots import Event, play_game

_NAMES = {"who": "killer", "whom": "victim", "why": "motive", "where": "scene", "how": "cause"}


def _leads(inv: Investigation, element: str) -> str:
    shown = inv.candidates(element)[:3]
    return ", ".join(f"{text} {100 * p:.0f}%" for text, p in shown)


def run(console: Console, *, seed: int) -> None:
    """Play one story of the sample deck: Ann writes, Ben and Cy ask."""
    deck = Deck.example()
    console.rule("[bold]Crime Writers[/bold] (sample deck, 3 players)")
    console.print(
        "Ann drew three cards and invented two elements. Ben and Cy ask the question the "
        "assistant rates most informative; a guest keeps asking until the answer is no. "
        "An element known to be invented gets its cards' wordings named in turn; a "
        "wording of Ann's own takes six free questions (a stand-in rule)."
    )

    def narrate(event: Event, inv: Investigation) -> None:
        clock = f"[dim]{int(event.seconds) // 60}:{int(event.seconds) % 60:02d}[/dim]"
        label = _NAMES[event.element]
        cards = {c.text for c in deck.for_element(event.element)}
        if event.reply == "stand-in":
            console.print(
                f"{clock} {event.guest} asks freely about the {label} "
                "[dim](its wording is the writer's own: a stand-in for questions the "
                "notebook does not model)[/dim]"
            )
            return
        if event.reply == "found":
            if event.about not in cards:
                how = "names the invented " + label
            else:
                how = f"asks: {label}, is it {event.about}? Yes! Found"
            console.print(f"{clock} [green]{event.guest} {how}: {event.about!r}[/green] (+3)")
            return
        kind = "is it" if event.about in cards else "tag"
        console.print(
            f"{clock} {event.guest}: {label}, {kind} [bold]{event.about}[/bold]? "
            f"{event.reply.capitalize()}.  [dim]{_leads(inv, event.element)}[/dim]"
        )

    record = play_game([advised] * 3, seed=seed, deck=deck, rounds=1, on_event=narrate)
    sheet = record.tables[0].sheet
    minutes = sheet.rounds[0].minutes
    story = record.truth["stories"][0]
    console.print(f"\nAll five found after {minutes} started minutes: Ann scores {minutes}.")
    console.print(f"The story: {story}")
    elements = {e: getattr(story, e) for e in ELEMENTS}
    for title in ("Murder at the " + elements["where"].lower(), "A quiet evening"):
        warnings = check_title(title, elements, deck=deck)
        verdict = "; ".join(str(w) for w in warnings) if warnings else "fine"
        console.print(f"Title {title!r}: {verdict}")
    console.print("Points: " + ", ".join(f"{p} {n}" for p, n in sheet.points().items()))
