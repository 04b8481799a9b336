"""Kreuzverhör's cards are printed in German: a player reading English reads the English
gloss of a card where the card is explained (the case cards before the first line, the
action cards of the hand, the opponent's card waiting for an answer, the help, the set-up
and the demo's narration); a player reading German reads every card as printed."""

from __future__ import annotations

import re
from typing import Any

import pytest

from deduce._internal.language import _, use_language
from deduce.core import decks
from deduce.errors import InvalidInput
from deduce.games import kreuzverhoer as kv
from deduce.games.kreuzverhoer.clues import glossed_title
from deduce.games.kreuzverhoer.play import ADAPTER, GRAMMAR
from deduce.games.kreuzverhoer.words import (
    glossary,
    next_line,
    show_event,
    table_facts,
    table_lines,
    table_turn,
)
from deduce.play.adapter import syntax

DECK = kv.Deck.default()
HAND = ["profiler", "lawyer", "refusal"]
CRIMES = {
    "Mord": "murder",
    "Einbruch": "burglary",
    "Überfall": "robbery",
    "Erpressung": "blackmail",
    "Entführung": "kidnapping",
    "Brandstiftung": "arson",
}
WEAPONS = {
    "Messer": "knife",
    "Brechstange": "crowbar",
    "Gift": "poison",
    "Pistole": "pistol",
    "Strick": "rope",
    "Axt": "axe",
    "Hammer": "hammer",
    "Feuerzeug": "lighter",
    "Schal": "scarf",
}
# every gloss the help shows, with the title it explains (Informant, Profiler and Alibi
# are English already)
SHOWN = {
    kv.CARD_TITLES[card]: gloss
    for card, gloss in kv.CARD_GLOSSES.items()
    if gloss.lower() != kv.CARD_TITLES[card].lower()
}


def words(text: str) -> str:
    """``text`` with every run of white space one space (lines wrap anywhere)."""
    return " ".join(text.split())


def waiting_table() -> kv.Table:
    """My hand followed and my case given; my opponent's Einzelverhör waits for me."""
    table = kv.Table(case=kv.Case("Mord", "Ulm", "Ede K.", "Gift"), hand=HAND, first=1)
    return table.asked("Mord", "Berlin", "Ede K.", "Messer").their_card("single_interrogation")


def test_every_crime_and_weapon_of_the_default_deck_has_its_gloss() -> None:
    glosses = {name.removesuffix("*"): DECK.gloss(name) for name in (*DECK.crimes, *DECK.weapons)}
    assert glosses == CRIMES | WEAPONS
    # city names and people's names need none
    assert all(DECK.gloss(name) is None for name in (*DECK.scenes, *DECK.suspects))
    assert [card for card, _gloss in DECK.glosses] == [*DECK.crimes, *DECK.weapons]


def test_every_action_card_has_its_english_name_as_gloss() -> None:
    titled = [card for card in (*kv.INVESTIGATION_CARDS, *kv.DEFENCE_CARDS) if card != "other"]
    assert sorted(kv.CARD_GLOSSES) == sorted(titled)
    for card, gloss in kv.CARD_GLOSSES.items():  # the API's name in words
        assert gloss == ("refusal to testify" if card == "refusal" else card.replace("_", " "))


def test_a_gloss_is_read_as_the_card_as_the_english_names_are() -> None:
    assert kv.card_name("refusal to testify", kv.DEFENCE_CARDS) == "refusal"
    assert kv.card_name("Single interrogation") == "single_interrogation"
    table = waiting_table()
    assert table.defended("refusal to testify").clues[-1] == kv.Defended(
        "refusal", "single_interrogation"
    )
    call = GRAMMAR.parse(["play", "refusal_to_testify"], table)
    assert call.values == {"card": "Aussageverweigerung"}
    # Tab still offers the printed titles only
    assert GRAMMAR.complete("play ", table) == ["Anwalt", "Aussageverweigerung"]


def test_english_lines_show_the_glosses_where_a_card_is_explained() -> None:
    start = kv.Table(case=kv.Case("Mord", "Ulm", "Ede K.", "Gift"), hand=HAND)
    shown = table_lines(start).splitlines()
    assert shown[0] == (
        "Case cards in English: crimes Mord (murder), Einbruch (burglary), Überfall (robbery), "
        "Erpressung* (blackmail), Entführung* (kidnapping), Brandstiftung* (arson); weapons "
        "Messer (knife), Brechstange (crowbar), Gift (poison), Pistole (pistol), Strick* (rope), "
        "Axt* (axe), Feuerzeug* (lighter), Schal* (scarf)."
    )  # Hammer* is English already; scenes and suspects have none
    assert "Your hand: Profiler, Anwalt (lawyer), Aussageverweigerung (refusal to testify). " in (
        table_lines(start)
    )
    facts = {fact.label: fact.value for fact in table_facts(start)}
    assert (
        facts["Your hand"] == "Profiler, Anwalt (lawyer), Aussageverweigerung (refusal to testify)"
    )
    assert facts["Case cards in English"].startswith("crimes Mord (murder), Einbruch (burglary)")
    # once: after the first line of the game the case cards go as printed
    later = table_lines(start.questioning("Mord", "Berlin", "Juri L.", "Messer", 1))
    assert "Case cards in English" not in later and later.startswith("Questionings: ")
    assert "Case cards in English" not in {f.label for f in table_facts(waiting_table())}
    # their card, where it waits for my answer; the lines to type stay as printed
    said = next_line(waiting_table())
    assert said.startswith("Next: answer their Einzelverhör (single interrogation): tell them ")
    assert said.endswith("or block it (play Aussageverweigerung).")
    ways = {way.verb: way.words for way in table_turn(waiting_table()).ways}
    assert ways["answer"] == "answer their Einzelverhör (single interrogation)"


def test_the_history_and_the_tables_stay_as_printed_in_english() -> None:
    assert show_event(kv.TheirCard("single_interrogation")) == "your opponent plays Einzelverhör"
    assert (
        str(kv.Guess("Mord", "Berlin", "Juri L.", "Messer")) == "Mord / Berlin / Juri L. / Messer"
    )
    assert str(kv.CardMove("refusal", exchange=True)) == "exchange Aussageverweigerung"


def test_the_help_and_the_set_up_explain_every_action_card_in_english() -> None:
    help_text = words(ADAPTER.syntax)
    for title, gloss in SHOWN.items():
        assert f"{title} ({gloss})" in help_text, title
    assert "single CRIME Einzelverhör (single interrogation): CRIME is not the case's" in help_text
    hint = next(q.help for q in GRAMMAR.setup if q.key == "skips_use_up")
    assert hint == (
        "a questioning skipped after Anwalt (lawyer) or Suspendierung (suspension) counts as used"
    )


def test_the_demo_narration_explains_the_cards_played() -> None:
    lines: list[str] = []
    kv.play_game([kv.entropy, kv.entropy], seed=3, narrate=lines.append)
    played = [line for line in lines if " plays " in line or " blocks it with " in line]
    assert "seat 1 plays Einzelverhör (single interrogation)" in played
    assert "seat 1 blocks it with Aussageverweigerung (refusal to testify)" in played
    assert "seat 0 plays Profiler" in played  # English already


def test_german_lines_show_the_cards_as_printed() -> None:
    start = kv.Table(case=kv.Case("Mord", "Ulm", "Ede K.", "Gift"), hand=HAND)
    with use_language("de"):
        shown = table_lines(start)
        facts = table_facts(start)
        waiting = next_line(waiting_table())
        ways = [way.words for way in table_turn(waiting_table()).ways]
        help_text = words(syntax(GRAMMAR))
        hint = _(next(q.help for q in GRAMMAR.setup if q.key == "skips_use_up"))
        cards = glossary(DECK)
        glossed = [DECK.glossed(name) for name in (*DECK.crimes, *DECK.weapons)]
        titles = [glossed_title(card) for card in kv.CARD_GLOSSES]
        lines: list[str] = []
        kv.play_game([kv.entropy, kv.entropy], seed=3, narrate=lines.append)
    assert shown.splitlines()[0].startswith("Befragungen: du hast 0 gemacht, 12 übrig;")
    assert shown.splitlines()[1] == "Deine Hand: Profiler, Anwalt, Aussageverweigerung. " + (
        "Nachziehstapel: 24."
    )
    assert [(f.label, f.value) for f in facts][:2] == [
        ("Deine Hand", "Profiler, Anwalt, Aussageverweigerung"),
        ("Nachziehstapel", "24"),
    ]
    assert waiting.startswith("Als Nächstes: beantworte seine Karte Einzelverhör: sag ihm, ")
    assert ways == ["beantworte seine Karte Einzelverhör", "blocke sie mit Aussageverweigerung"]
    assert hint == "eine nach Anwalt oder Suspendierung ausgesetzte Befragung zählt als verbraucht"
    assert "Einzelverhör: CRIME gehört nicht zum Fall" in help_text
    assert help_text.endswith(
        "Aktionskarten heißen wie ihre gedruckten Titel (Gegenüberstellung, Zeuge) oder wie ihre "
        "englischen Namen (confrontation, witness); die Befehle einzelverhör, ermittler und "
        "gegenüberstellung sind single, site und confront."
    )
    assert cards == ""
    assert glossed == [*DECK.crimes, *DECK.weapons]
    assert titles == [kv.CARD_TITLES[card] for card in kv.CARD_GLOSSES]
    everything = "\n".join([shown, waiting, *ways, help_text, hint, *lines])
    for gloss in {*CRIMES.values(), *WEAPONS.values(), *SHOWN.values()}:
        assert f"({gloss})" not in everything, gloss
    assert not re.search(r"in English|auf Englisch", everything)


# -- the deck file -----------------------------------------------------------------------


def test_the_glosses_are_part_of_the_deck_file() -> None:
    assert "[glosses]" in kv.deck_template()
    assert kv.Deck.loads(kv.deck_template()) == DECK
    data = DECK.to_dict()
    assert data["glosses"]["Mord"] == "murder"
    assert kv.Deck.from_dict(data) == DECK
    # optional: a deck without them (one saved before) loads, its cards go as printed
    del data["glosses"]
    plain = kv.Deck.from_dict(data)
    assert plain.glosses == () and plain.glossed("Mord") == "Mord"
    assert glossary(plain) == ""
    # kept in the order of the cards, trimmed, any card of the deck
    data["glosses"] = {" Ulm ": " Ulm ", "Gift": "poison ", "Mord": "murder"}
    mine = kv.Deck.from_dict(data)
    assert mine.glosses == (("Mord", "murder"), ("Ulm", "Ulm"), ("Gift", "poison"))
    assert mine.glossed("Ulm") == "Ulm"  # the name again: nothing to explain
    assert kv.Deck.loads(decks.dumps(mine.to_dict())) == mine


BAD: list[tuple[str, Any, str]] = [
    (
        "a card of no deck",
        {"Raub": "robbery"},
        "glosses='Raub' is not valid (not a card of this deck); expected one of 'Mord', 'Einbruch'",
    ),
    (
        "a card twice",
        [("Mord", "murder"), ("Mord", "killing")],
        "glosses='Mord' is not valid (listed twice); expected each card once",
    ),
    (
        "not a table",
        "murder",
        "glosses='murder' is not valid; expected a table of card name -> English gloss",
    ),
    ("no text", {"Mord": 3}, "glosses['Mord']=3 is not valid; expected the card's name in"),
    ("empty", {"Mord": "  "}, "glosses['Mord']='  ' is not valid; expected the card's name in"),
    ("no letter", {"Mord": "!!"}, "glosses['Mord']='!!' is not valid"),
    ("too long", {"Mord": "m" * 61}, "a word or phrase of at most 60 characters"),
    (
        "a line break",
        {"Mord": "mur\nder"},
        "glosses['Mord']='mur\\nder' is not valid (it holds the character U+000A)",
    ),
]


@pytest.mark.parametrize(("case", "glosses", "message"), BAD, ids=[b[0] for b in BAD])
def test_a_bad_gloss_is_refused_naming_the_argument_value_and_choices(
    case: str, glosses: Any, message: str
) -> None:
    data = DECK.to_dict()
    data["glosses"] = glosses
    with pytest.raises(InvalidInput) as refused:
        kv.Deck.from_dict(data)
    assert message in str(refused.value)


def test_a_gloss_of_a_card_the_deck_does_not_have_is_asked_for_by_name() -> None:
    with pytest.raises(InvalidInput, match="name='Raub' is not valid"):
        DECK.gloss("Raub")
    with pytest.raises(
        InvalidInput, match=r"deck key='gloss' is not valid; expected one of .*glosses"
    ):
        kv.Deck.from_dict({**DECK.to_dict(), "gloss": {}})
