"""Kreuzverhör at the table: both sides of one game, as a player would type it.

Run: ``python examples/kreuzverhoer.py``
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from deduce.games.kreuzverhoer import (
    Case,
    Deck,
    Interrogation,
    Investigation,
    deck_template,
    hard_case,
)
from deduce.output.display import show


def my_deck() -> Deck:
    """Copy the commented deck file, as you would to type in your own cards, and load it."""
    folder = Path(tempfile.mkdtemp())
    path = folder / "my_kreuzverhoer.toml"
    path.write_text(deck_template(), encoding="utf-8")
    return Deck.load(path)


def my_case_file(deck: Deck) -> Investigation:
    """Questioning my opponent: my guesses, their answers, my cards."""
    inv = Investigation(deck)
    print("First guess:", inv.recommend(top=1)[0].action)
    inv = inv.questioning("Mord", "Berlin", "Juri L.", "Messer", correct=1)
    print(
        "Cards in hand:",
        [
            (c.card, c.information)
            for c in inv.rank_cards(["informant", "single_interrogation", "profiler"])
        ],
    )
    inv = inv.single_interrogation("Einbruch")  # they named Einbruch as not the crime
    inv = inv.defence("lawyer")  # they played Lawyer: I skip my next questioning
    print("Questionings left:", inv.questionings_left)
    inv = inv.questioning("Überfall", "Ulm", "Nora M.", "Pistole", correct=2)
    inv = inv.investigators_on_site(None)  # Ulm is not the scene
    rec = inv.recommend(top=1, strategy="minimax")[0]
    print(f"Next: {rec.action} (worst case {rec.worst_case} cases)")
    print("Most likely to win:", inv.recommend(top=1, strategy="win_probability")[0].action)
    show(inv, solutions=5)
    saved = inv.to_json()
    assert Investigation.from_json(saved) == inv
    return inv


def my_answers(deck: Deck) -> None:
    """Answering my opponent: the case I chose and what to tell them."""
    case = hard_case(deck, strategy="minimax", seed=7)
    print("A case that is hard for the minimax strategy:", case)
    mine = Interrogation(Case("Mord", "Ulm", "Ede K.", "Gift"), deck=deck)
    mine = mine.questioning("Mord", "Berlin", "Ede K.", "Messer")
    print("They hear:", mine.last_answer, "correct;", mine.cases_left, "cases left for them")
    print("Forced to name a crime, name:", mine.suggest("single_interrogation"))
    mine = mine.played("single_interrogation")
    print(f"They know {mine.known()}, and the true case has {mine.chance:.1%} for them.")


if __name__ == "__main__":
    deck = my_deck()
    my_case_file(deck)
    my_answers(deck)
