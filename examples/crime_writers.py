"""Crime Writers at the table: a guest's notebook, the master-scribe's sheet, a title.

Run: ``python examples/crime_writers.py``
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import deduce
from deduce.games.crime_writers import (
    ELEMENTS,
    Deck,
    Investigation,
    ScoreSheet,
    check_title,
)


def my_deck() -> Deck:
    """Write a deck file as you would for your own box, and load it."""
    path = Path(tempfile.mkdtemp()) / "my_deck.toml"
    path.write_text(Deck.example().to_toml(), encoding="utf-8")
    return Deck.load(path)


def show_leads(inv: Investigation) -> None:
    for element in ELEMENTS:
        leads = ", ".join(f"{text} {100 * p:.0f}%" for text, p in inv.candidates(element)[:3])
        print(f"  {element:>5}: {leads}")


def guests_notebook(deck: Deck) -> None:
    print("Ann reads her title: 'The Popcorn-case'. I hold Butler, Library and Greed.")
    inv = Investigation(deck).seen("Butler", "Library", "Greed")
    print("Best first questions, one per element:")
    for element, rec in inv.recommend_each().items():
        print(f"  {element:>5}: {rec.action}  ({rec.information:.2f} bits)")
    replies = [
        ("who", "profession", "yes"),
        ("who", "weapon-trained", "yes"),
        ("who", "law", "no"),
        ("how", "weapon", "yes"),
        ("how", "firearm", "almost"),  # nothing ruled out: close tags are listed first
        ("how", "ranged", "yes"),
        ("where", "high", "yes"),
        ("where", "outdoors", "yes"),
        ("why", "emotion", "yes"),
        ("why", "work", "yes"),
    ]
    for element, about, reply in replies:
        inv = inv.answer(element, about, reply)
        print(f"{element}: {about}? {reply}")
    show_leads(inv)
    try:
        inv.answer("where", "high", "no")
    except deduce.Contradiction as error:
        print(f"Refused: {error}")
    inv = inv.answer("how", "Gunshot", "yes")  # the card, or an invented cause worded so
    print(f"Gunshot? yes: drawn {inv.marginals()['how']['Gunshot']:.0%}, else invented so")
    inv = inv.found("how", "Gunshot", invented=False)  # Ann says it was her card
    inv = inv.found("who", "Secret agent", invented=False)
    inv = inv.found("why", "Professional pride", invented=False)
    print("Three of Ann's cards found, so the other two were invented:")
    show_leads(inv)
    inv = inv.found("whom", "Popcorn vendor")
    inv = inv.found("where", "Rooftop", invented=True)  # worded like a card, but invented
    print(f"Solved: {inv.solved}")
    saved = inv.to_json()
    assert Investigation.from_json(saved) == inv
    print(f"Saved and restored ({len(saved)} characters of JSON).")


def score_sheet() -> None:
    sheet = ScoreSheet(("Ann", "Ben", "Cy"))
    stories = [
        [
            ("how", "Ben", 40),
            ("who", "Ben", 95),
            ("where", "Cy", 130),
            ("why", "Cy", 200),
            ("whom", "Ben", 250),
        ],
        [
            ("who", "Ann", 20),
            ("whom", "Cy", 50),
            ("why", "Ann", 60),
            ("where", "Ann", 80),
            ("how", "Cy", 190),
        ],
        [
            ("why", "Ann", 100),
            ("who", "Ben", 200),
            ("how", "Ben", 300),
            ("where", "Ann", 420),
            ("whom", "Ann", 500),
        ],
    ]
    for finds in stories:
        sheet = sheet.start_round()
        for element, guest, seconds in finds:
            sheet = sheet.found(element, guest, at=seconds)
        last = sheet.rounds[-1]
        print(f"{last.writer} writes: found in {last.minutes} started minutes")
    print("Guests:", sheet.guest_points(), "Writers:", sheet.writer_points())
    for place, player, points in sheet.ranking():
        print(f"  {place}. {player}: {points}")
    assert ScoreSheet.from_json(sheet.to_json()) == sheet


def titles(deck: Deck) -> None:
    story = {
        "who": "Secret agent",
        "whom": "Mafia boss",
        "why": "Professional pride",
        "where": "Rooftop",
        "how": "Gunshot",
    }
    for title in ("The Popcorn-case", "The Agent's Last Shot", "Pride on the roof"):
        warnings = check_title(title, story, deck=deck)
        print(f"{title!r}: " + ("; ".join(map(str, warnings)) or "fine"))


def main() -> None:
    deck = my_deck()
    guests_notebook(deck)
    print()
    score_sheet()
    print()
    titles(deck)


if __name__ == "__main__":
    main()
