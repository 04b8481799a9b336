"""Pickers, not typing: a field whose game has a fixed set of choices is buttons (by
category when there are many), and a card or a code put together from pieces is a row of
buttons per piece; a text field is left only where the answer is free."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from deduce.core import registry
from deduce.games.mastermind import Investigation
from deduce.play import adapter
from deduce.play.setup import parse_presets
from deduce.serve import OpenGames
from deduce.serve.forms import Field, verb_forms

GAMES = [g.name for g in registry.declarations() if g.front_end]
FREE = {  # (verb, field): why it stays text
    ("clock", "TIME"): "a reading of the round's clock, minutes:seconds",
    ("amend", "LINE"): "a clue line as typed",
}


def _fields(name: str, investigation: Any) -> dict[tuple[str, str], list[Field]]:
    found: dict[tuple[str, str], list[Field]] = {}
    for form in verb_forms(adapter(name).grammar, investigation):
        for field in form.fields:
            found.setdefault((form.name, field.name), []).append(field)
    return found


def _table(name: str, tmp_path: Path) -> list[Any]:
    """Every state of the game's declared table, the start first."""
    declared = registry.find(name)
    tables = OpenGames(tmp_path)
    game = tables.create(name, parse_presets(declared.table_setup))
    states = [game.session.investigation]
    for line in declared.table_lines:
        game.post(line)
        states.append(game.session.investigation)
    tables.close()
    return states


@pytest.mark.parametrize("name", GAMES)
def test_no_field_of_a_fixed_set_of_choices_needs_typing(name: str, tmp_path: Path) -> None:
    for inv in _table(name, tmp_path):
        for (verb, arg), fields in _fields(name, inv).items():
            for field in fields:
                if field.control != "text" or (verb, arg) in FREE:
                    continue
                assert not field.choices, (name, verb, arg, field.choices[:5])


def test_a_bsi_card_is_a_row_of_buttons_per_piece_and_my_lay_my_hand(tmp_path: Path) -> None:
    inv = _table("bsi", tmp_path)[0]
    fields = _fields("bsi", inv)
    case = fields["solve", "CASE"][0]
    assert case.control == "parts" and case.joiner == "/" and case.least == 4
    assert [h for h, _ in case.parts] == ["victim", "time", "scene", "weapon"]
    assert case.parts[0][1] == ("man", "woman")
    drawn = fields["draw", "CARD"][0]
    assert drawn.control == "parts" and drawn.least == 2  # a card of two pieces at least
    laid = fields["lay", "CARD"][0]  # my turn: the cards in my hand
    assert laid.control == "buttons" and set(laid.choices) == {str(c) for c in inv.hand}


def test_a_mastermind_code_is_a_row_of_colours_per_peg() -> None:
    code = _fields("mastermind", Investigation(3, 5))["guess", "CODE"][0]
    assert code.control == "parts" and code.joiner == "" and code.least == 3
    assert code.parts == tuple((f"peg {i}", ("1", "2", "3", "4", "5")) for i in (1, 2, 3))


def test_many_choices_are_buttons_by_category(tmp_path: Path) -> None:
    about = _fields("thirteen-clues", _table("thirteen-clues", tmp_path)[0])["ask", "ABOUT"][0]
    assert about.control == "buttons"
    assert [h for h, _ in about.groups] == ["colour", "category", "kind"]
    assert dict(about.groups)["category"] == ("person", "location", "weapon")
    start = _table("kreuzverhoer", tmp_path / "kv")[0]
    fact = _fields("kreuzverhoer", start)["is", "FIELD=NAME"][0]
    assert [h for h, _ in fact.groups] == ["crime", "scene", "suspect", "weapon"]
    assert all(w.startswith(f"{h}=") for h, words in fact.groups for w in words)


def test_crime_writers_cards_follow_the_element_chosen(tmp_path: Path) -> None:
    fields = _fields("crime-writers", _table("crime-writers", tmp_path)[0])
    card = fields["drawn", "CARD"][0]
    assert card.control == "buttons" and card.follows == "ELEMENT"
    assert [h for h, _ in card.groups] == ["who", "whom", "why", "where", "how"]
    about = fields["ask", "ABOUT"][0]  # a tag, a card, or a question in your own words
    assert about.follows == "ELEMENT" and about.other
    wording = fields["found", "WORDING"][0]  # a card's wording, or one the writer made up
    assert wording.control == "buttons" and wording.other and wording.follows == "ELEMENT"


FREE_SETUP = {  # (game, question): why it stays text
    ("bsi", "box"): "any, a box file, or the 12 small cards of the box",
    ("kreuzverhoer", "deck"): "a deck file, or default",
    ("crime-writers", "deck"): "a deck file",
    ("crime-writers", "players"): "the players' names",
    ("cluedo", "players"): "the players' names",
}


@pytest.mark.parametrize("name", GAMES)
def test_no_set_up_answer_of_a_fixed_set_of_choices_needs_typing(name: str) -> None:
    from deduce.serve.forms import question_fields

    for field in question_fields(adapter(name).grammar.setup):
        if (name, field.name) in FREE_SETUP:
            continue
        assert field.control != "text", (name, field.name)


def test_a_kreuzverhoer_case_is_a_row_per_field_and_read_back() -> None:
    from deduce.games.kreuzverhoer.table_lines import read_case
    from deduce.play.grammar import Context
    from deduce.serve.forms import question_fields

    fields = {f.name: f for f in question_fields(adapter("kreuzverhoer").grammar.setup)}
    case = fields["case"]
    assert [h for h, _ in case.parts] == ["crime", "scene", "suspect", "weapon"]
    suspect = dict(case.parts)["suspect"]
    assert "Ede_K." in suspect  # a name of two words is one button's word
    read = read_case(case.joiner.join(("Mord", "Berlin", "Ede_K.", "Gift")), Context())
    assert read is not None and read.suspect == "Ede K."
    hand = fields["hand"]
    assert hand.control == "parts" and len(hand.parts) == 3 and hand.joiner == " "


def test_cluedo_cards_at_the_set_up_follow_the_decks_edition() -> None:
    """The editions are buttons (a deck file typed beside them), and the cards laid face
    up, my hand and the cards a player shows first are the chosen edition's: Master
    Detective's Rose, not the classic deck's Ballroom; with a deck file, they are
    typed."""
    from deduce.serve.forms import question_fields

    fields = {f.name: f for f in question_fields(adapter("cluedo").grammar.setup)}
    deck = fields["deck"]
    assert deck.control == "buttons" and deck.choices == ("classic", "master_detective")
    assert deck.default == "classic" and "deck file" in deck.other
    habits = fields["shows_first"]  # a player named, then that player's cards in order
    assert habits.control == "pairs" and habits.among == "players" and habits.optional
    assert habits.besides == "me"  # my own habit is not asked for
    for name in ("face_up", "hand", "shows_first"):
        field = fields[name]
        assert field.varies == "deck" and field.other, name
        editions = {edition: dict(groups) for edition, groups in field.variants}
        assert list(editions) == ["classic", "master_detective"]
        assert "Ballroom" in editions["classic"]["rooms"]
        assert "Rose" in editions["master_detective"]["suspects"]
        assert "Ballroom" not in editions["master_detective"]["rooms"]
        assert field.groups == field.variants[0][1]  # the default edition's, first
    assert not fields["players"].varies and not fields["players"].variants
