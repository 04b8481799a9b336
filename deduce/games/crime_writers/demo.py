"""Crime Writers: guests find a writer's story with the assistant's questions."""

from __future__ import annotations

from rich.console import Console

from deduce._internal.language import N_, M, _, plural
from deduce.games.crime_writers import (
    DECK_OF,
    ELEMENTS,
    Deck,
    Investigation,
    advised,
    check_title,
)
from deduce.games.crime_writers.bots import Event, play_game

_NAMES = {
    "who": N_("killer"),
    "whom": N_("victim"),
    "why": N_("motive"),
    "where": N_("scene"),
    "how": N_("cause"),
}
# whole sentences for each element (a language's article follows the noun)
_ASKS_FREELY = {
    "who": N_("{guest} asks freely about the killer"),
    "whom": N_("{guest} asks freely about the victim"),
    "why": N_("{guest} asks freely about the motive"),
    "where": N_("{guest} asks freely about the scene"),
    "how": N_("{guest} asks freely about the cause"),
}
_NAMES_INVENTED = {
    "who": N_("{guest} names the invented killer: {wording!r}"),
    "whom": N_("{guest} names the invented victim: {wording!r}"),
    "why": N_("{guest} names the invented motive: {wording!r}"),
    "where": N_("{guest} names the invented scene: {wording!r}"),
    "how": N_("{guest} names the invented cause: {wording!r}"),
}
_REPLIES = {"yes": N_("Yes"), "no": N_("No")}


def _leads(inv: Investigation, element: str) -> str:
    shown = inv.candidates(element)[:3]
    stack = DECK_OF[element]
    return ", ".join(f"{inv.deck.shown(text, stack)} {100 * p:.0f}%" for text, p in shown)


def run(console: Console, *, seed: int) -> None:
    """Play one story of the sample deck: Ann writes, Ben and Cy ask."""
    deck = Deck.example()
    console.rule("[bold]Crime Writers[/bold] " + _("(sample deck, 3 players)"))
    console.print(
        _(
            "Ann drew three cards and invented two elements. Ben and Cy ask the question the "
            "assistant rates most informative; a guest keeps asking until the answer is no. "
            "An element known to be invented gets its cards' wordings named in turn; a "
            "wording of Ann's own takes six free questions (a stand-in rule)."
        )
    )

    def narrate(event: Event, inv: Investigation) -> None:
        clock = f"[dim]{int(event.seconds) // 60}:{int(event.seconds) % 60:02d}[/dim]"
        element = event.element
        label = _(_NAMES[element])
        cards = {c.text for c in deck.for_element(element)}
        card = deck.shown(event.about, DECK_OF[element])  # in the player's language
        if event.reply == "stand-in":
            asks = _(_ASKS_FREELY[element]).format(guest=event.guest)
            aside = _(
                "(its wording is the writer's own: a stand-in for questions the notebook does "
                "not model)"
            )
            console.print(f"{clock} {asks} [dim]{aside}[/dim]")
            return
        if event.reply == "found":
            if event.about not in cards:
                how = _(_NAMES_INVENTED[element]).format(guest=event.guest, wording=event.about)
            else:
                how = _(
                    M(
                        "{guest} asks: {label}, is it {card}? Yes! Found: {wording!r}",
                        guest=event.guest,
                        label=label,
                        card=card,
                        wording=card,
                    )
                )
            console.print(f"{clock} [green]{how}[/green] (+3)")
            return
        reply = _(_REPLIES.get(event.reply, event.reply.capitalize()))
        about = f"[bold]{card}[/bold]"
        if event.about in cards:
            said = M(
                "{guest}: {label}, is it {card}? {reply}.",
                guest=event.guest,
                label=label,
                card=about,
                reply=reply,
            )
        else:
            said = M(
                "{guest}: {label}, tag {tag}? {reply}.",
                guest=event.guest,
                label=label,
                tag=about,
                reply=reply,
            )
        console.print(f"{clock} {_(said)}  [dim]{_leads(inv, element)}[/dim]")

    record = play_game([advised] * 3, seed=seed, deck=deck, rounds=1, on_event=narrate)
    sheet = record.tables[0].sheet
    minutes = sheet.rounds[0].minutes or 0
    story = record.truth["stories"][0].told_with(deck)  # its cards in the player's language
    found = plural(
        "All five found after {n} started minutes: {writer} scores {n}.",
        "All five found after {n} started minutes: {writer} scores {n}.",
        minutes,
        writer="Ann",
    )
    console.print("\n" + _(found))
    console.print(_(M("The story: {story}", story=story)))
    elements = {e: getattr(story, e) for e in ELEMENTS}
    for title in ("Murder at the " + elements["where"].lower(), "A quiet evening"):
        warnings = check_title(title, elements, deck=deck)
        verdict = "; ".join(str(w) for w in warnings) if warnings else _("fine")
        console.print(_(M("Title {title!r}: {verdict}", title=title, verdict=verdict)))
    points = ", ".join(f"{p} {n}" for p, n in sheet.points().items())
    console.print(_(M("Points: {points}", points=points)))
