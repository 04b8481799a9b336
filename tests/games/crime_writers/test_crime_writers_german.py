"""Crime Writers' cards in English and German: a deck file carries each card's wording
per language (``texts = { de = "..." }``), every card is read in either language at any
time, and shown in the player's language; what is saved stays the deck's own wording."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

from deduce._internal.language import languages, use_language
from deduce.errors import InvalidInput
from deduce.games import crime_writers as cw
from deduce.output.display import render_text
from deduce.output.notebook import marginals_table
from deduce.play import adapter
from deduce.play.session import Session

DECK = cw.Deck.example()
CARDS = [(stack, card) for stack in cw.DECKS for card in DECK.stack(stack)]


def _session(inv: cw.Investigation, lines: list[str]) -> tuple[str, cw.Investigation]:
    """What the console shows for ``lines`` typed at ``inv``, and the investigation after."""
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    session = Session(adapter("crime-writers"), inv, console, autosave=None)
    for line in lines:
        session.handle(line)
    after = session.investigation
    assert isinstance(after, cw.Investigation)
    return out.getvalue(), after


def _deck_file(tmp_path: Path, persons: str) -> Path:
    """A small deck file whose persons are ``persons`` (TOML lines)."""
    path = tmp_path / "deck.toml"
    path.write_text(
        "persons = [\n"
        f"{persons}\n"
        "]\n"
        'scenes = [{ text = "Library", texts = { de = "Bibliothek" }, tags = ["indoors"] }]\n'
        'causes = [{ text = "Poison", tags = ["substance"] }]\n'
        'motives = [{ text = "Greed", texts = { de = "Habgier" }, tags = ["money"] }]\n',
        encoding="utf-8",
    )
    return path


# -- the sample deck ------------------------------------------------------------------


def test_every_card_of_the_sample_deck_has_its_german_name() -> None:
    assert all(card.text_in("de") and dict(card.texts).get("de") for _s, card in CARDS)
    german = {card.text: card.text_in("de") for _s, card in CARDS}
    assert german["Poison"] == "Gift" and german["Gardener"] == "Gärtner"
    assert german["Retired colonel"] == "Oberst a. D." and german["Nurse"] == "Pflegekraft"
    assert german["Butler"] == "Butler" and german["Cold"] == "Kälte"
    for stack in cw.DECKS:  # one name per card, in either language
        names = [w.casefold() for card in DECK.stack(stack) for w in card.wordings()]
        assert len(names) == len(set(names))


@pytest.mark.parametrize(("stack", "card"), CARDS, ids=lambda v: getattr(v, "text", v))
def test_a_card_named_in_german_is_the_card(stack: str, card: cw.Card) -> None:
    german = card.text_in("de")
    spelled = german.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("ß", "ss")
    for typed in (german, german.lower(), german.upper(), spelled, spelled.replace(" ", "_")):
        assert DECK.card(stack, typed) is card
        for code in languages():
            with use_language(code):
                assert DECK.find(stack, typed) is card
    assert DECK.card(stack, card.text) is card  # and in English, in either language


def test_a_wording_finds_the_same_card_read_again_in_either_language() -> None:
    typed = [w for _s, card in CARDS for w in card.wordings()]
    typed += [tag for stack in cw.DECKS for tag in DECK.tags(stack)]
    typed += ["gift", " Gift ", "GAERTNER", "Gaertner", "nobody", "Oberst"]
    for code in (*languages(), *reversed(languages())):  # each read again after the other
        with use_language(code):
            fresh = cw.Deck.loads(DECK.to_toml())  # an equal deck that has read nothing yet
            for stack in cw.DECKS:
                assert DECK.tags(stack) == fresh.tags(stack)
                for text in typed:
                    assert DECK.find(stack, text) == fresh.find(stack, text), (code, text)


def test_the_api_keeps_the_decks_own_wording_for_a_german_name() -> None:
    inv = cw.Investigation(DECK).answer("how", "Schraubenzieher", "no")
    inv = inv.found("whom", "Haushaelterin").drawn("why", "Habgier")
    inv = inv.seen("Gärtner", "Küche").asked("who", "Gift", "no")
    assert inv.clues == (
        cw.Answer("how", "Screwdriver", "no"),
        cw.Found("whom", "Housekeeper", None),
        cw.Found("why", "Greed", False),
        cw.Seen("persons", "Gardener"),
        cw.Seen("scenes", "Kitchen"),
        cw.Asked("who", "Gift", "no"),  # no person is "Gift": the guest's own words
    )
    assert inv.marginals()["how"]["Screwdriver"] == 0.0
    assert cw.Investigation(DECK).answer("how", "Gift", "no").clues[0].about == "Poison"


# -- a deck file with names per language ----------------------------------------------


def test_a_deck_file_carries_names_per_language(tmp_path: Path) -> None:
    path = _deck_file(
        tmp_path,
        '{ text = "Butler", texts = { de = "Diener" }, tags = ["man"] },\n'
        '{ text = "Maid", tags = ["woman"] },',
    )
    deck = cw.Deck.load(path)
    butler = deck.card("persons", "Diener")
    assert butler.text == "Butler" and butler.texts == (("de", "Diener"),)
    assert deck.card("persons", "Maid").texts == ()  # a card without: its own text only
    assert deck.card("scenes", "bibliothek").text == "Library"
    with use_language("de"):
        assert deck.shown("Butler") == "Diener" and deck.shown("Maid") == "Maid"
        assert deck.shown("Library", "scenes") == "Bibliothek"
    assert deck.shown("Butler") == "Butler"
    assert "texts" in deck.to_toml() and cw.Deck.loads(deck.to_toml()) == deck
    assert cw.Deck.from_dict(deck.to_dict()) == deck


def test_an_english_name_may_be_given_to_a_deck_in_another_language(tmp_path: Path) -> None:
    path = _deck_file(tmp_path, '{ text = "Gärtner", texts = { en = "Gardener" }, tags = [] },')
    deck = cw.Deck.load(path)
    assert deck.card("persons", "gardener").text == "Gärtner"
    assert deck.shown("Gärtner") == "Gardener"
    with use_language("de"):
        assert deck.shown("Gärtner") == "Gärtner"


@pytest.mark.parametrize(
    ("persons", "argument", "value", "choices", "words"),
    [
        (  # a language deduce does not speak
            '{ text = "Butler", texts = { fr = "Majordome" } },',
            "deck.toml: persons[0] ('Butler').texts",
            "fr",
            list(languages()),
            "not a language code deduce speaks",
        ),
        (  # a name that is not a string
            '{ text = "Butler", texts = { de = 3 } },',
            "deck.toml: persons[0] ('Butler').texts.de",
            3,
            [],
            "the card's wording in that language: a non-empty string",
        ),
        (
            '{ text = "Butler", texts = { de = "" } },',
            "deck.toml: persons[0] ('Butler').texts.de",
            "",
            [],
            "a non-empty string",
        ),
        (  # not a table of names
            '{ text = "Butler", texts = "Diener" },',
            "deck.toml: persons[0] ('Butler').texts",
            "Diener",
            [],
            'a table of language code = wording, e.g. { de = "Gift" }',
        ),
        (  # a German name that is another card's English one
            '{ text = "Butler", tags = ["man"] },\n{ text = "Valet", texts = { de = "butler" } },',
            "deck.toml: persons[1].texts.de",
            "butler",
            [],
            "persons[0] is worded 'Butler'",
        ),
        (  # a German name that is another card's German one
            '{ text = "Butler", texts = { de = "Diener" } },\n'
            '{ text = "Valet", texts = { de = "Diener" } },',
            "deck.toml: persons[1].texts.de",
            "Diener",
            [],
            "persons[0] is worded 'Diener'",
        ),
        (  # an English name that is another card's German one
            '{ text = "Butler", texts = { de = "Diener" } },\n{ text = "Diener" },',
            "deck.toml: persons[1].text",
            "Diener",
            [],
            "in any language",
        ),
        (  # a name worded like a tag of its stack
            '{ text = "Butler", texts = { de = "Mann" }, tags = ["man"] },\n'
            '{ text = "Maid", tags = ["Mann"] },',
            "deck.toml: persons[1].tags",
            "Mann",
            [],
            "a tag not worded like a card of its stack",
        ),
    ],
    ids=["language", "number", "empty", "not-a-table", "english", "german", "primary", "tag"],
)
def test_a_bad_name_per_language_is_refused(
    tmp_path: Path, persons: str, argument: str, value: object, choices: list[str], words: str
) -> None:
    with pytest.raises(InvalidInput) as refused:
        cw.Deck.load(_deck_file(tmp_path, persons))
    error = refused.value
    assert error.argument == argument and error.value == value
    assert list(error.choices) == choices
    assert words in str(error)


def test_a_card_refuses_bad_names_per_language() -> None:
    with pytest.raises(InvalidInput, match="'de' twice"):
        cw.Card("Butler", texts=(("de", "Diener"), ("de", "Kammerdiener")))
    with pytest.raises(InvalidInput, match="reserved"):
        cw.Card("Butler", texts=(("de", cw.INVENTED),))
    with pytest.raises(InvalidInput, match="texts"):
        cw.Card("Butler", texts=[("de",)])  # type: ignore[arg-type]


# -- what a player reads --------------------------------------------------------------


def test_a_german_console_shows_german_names_and_reads_either() -> None:
    lines = [
        "ask how weapon no",
        "ask how object yes",
        "ask how Rollgabelschluessel no",  # German, umlaut written out
        "seen Gardener Küche",  # English and German at once
        "candidates how",
        "each",
        "ask how Screwdriver yes",  # English in a German game
        "drawn how Schraubenzieher",
        "drawn who xyz",
        "history",
    ]
    with use_language("de"):
        shown, inv = _session(cw.Table.example(), lines)
    assert "notiert: Cy fragt how: Rollgabelschlüssel? no" in shown
    assert "nicht in der Geschichte: Gärtner (Personen)" in shown
    assert "nicht in der Geschichte: Küche (Tatorte)" in shown
    assert "Kerzenleuchter" in shown and "Candlestick" not in shown  # the marginals, candidates
    assert "ask how Schraubenzieher" in shown  # the advice names the card in German
    assert "Ben fragt how: Schraubenzieher? yes" in shown  # Cy's "no" passed the turn
    assert "Ben findet how: Schraubenzieher (gezogen)" in shown
    assert "erwartet eins von Selbst, Butler, Haushälterin" in shown  # the refusal's choices
    assert "Screwdriver" not in shown and "Gardener" not in shown and "Kitchen" not in shown
    assert inv.clues[2:6] == (
        cw.Answer("how", "Adjustable wrench", "no"),
        cw.Seen("persons", "Gardener"),
        cw.Seen("scenes", "Kitchen"),
        cw.Answer("how", "Screwdriver", "yes"),
    )


def test_german_solutions_marginals_and_the_solved_line() -> None:
    inv = cw.Investigation(DECK)
    for element, card in [("who", "Butler"), ("whom", "Erbin"), ("why", "Habgier")]:
        inv = inv.found(element, card, invented=False)
    inv = inv.found("where", "Mondschein-Dachboden").found("how", "Kerzenleuchter")
    with use_language("de"):
        assert str(inv.solved) == (
            "who: Butler, whom: Erbin, why: Habgier, where: Mondschein-Dachboden, how: "
            "Kerzenleuchter"
        )
        assert inv.shown_value("Candlestick") == "Kerzenleuchter"
        assert inv.shown_value(cw.INVENTED) == "(erfunden)"
        assert "Erbin" in render_text(inv) and "Heiress" not in render_text(inv)
        page = marginals_table(inv.marginals(), shown=inv.shown_value)
        assert "Kerzenleuchter" in page and "Candlestick" not in page
        shown, _inv = _session(inv, ["show"])
    assert "Gelöst: who: Butler, whom: Erbin, why: Habgier" in shown
    assert str(inv.solved).startswith("who: Butler, whom: Heiress, why: Greed")
    assert inv.solved == cw.Story(
        "Butler", "Heiress", "Greed", "Mondschein-Dachboden", "Candlestick"
    )


def test_the_title_is_checked_against_the_names_the_player_reads() -> None:
    table = cw.Table.example().clock(10).drawn("how", "Candlestick")
    with use_language("de"):
        shown, _inv = _session(table, ['title "Der Kerzenleuchter"', 'title "The candlestick"'])
    assert "Titelwort 'kerzenleuchter' verrät how ('Kerzenleuchter')" in shown
    assert "Titelwort 'candlestick' verrät how ('Candlestick')" in shown


def test_english_stays_english_and_reads_german_names() -> None:
    lines = ["ask how Rollgabelschlüssel no", "drawn how Schraubenzieher", "seen Gärtner", "show"]
    shown, inv = _session(cw.Table.example(), lines)
    assert "noted: Ben asks how: Adjustable wrench? no" in shown
    assert "noted: Cy finds how: Screwdriver (drawn)" in shown
    assert "noted: not in the story: Gardener (persons)" in shown
    german = {card.text_in("de") for _s, card in CARDS} - {card.text for _s, card in CARDS}
    assert not [name for name in german if name in shown]
    assert str(inv.solutions()[0]).startswith("who: Self, whom: Butler")
    assert cw.Investigation(DECK).shown_value("Poison") == "Poison"


# -- saved games ------------------------------------------------------------------------


def test_a_german_game_loads_in_english_and_back() -> None:
    lines = ["ask how Gift no", "drawn why Habgier", "seen Gärtner", "found whom Stage fright"]
    with use_language("de"):
        _shown, german = _session(cw.Table.example(), lines)
        saved = german.to_json()
    clues = json.dumps(json.loads(saved)["clues"], ensure_ascii=False)
    assert "Gift" not in clues and "Habgier" not in clues  # the deck's own wordings
    english = cw.Investigation.from_json(saved)
    assert english == german and english.clues == german.clues
    said = adapter("crime-writers").history(english)
    assert said == [
        "Ben asks how: Poison? no",
        "Cy finds why: Greed (drawn)",
        "not in the story: Gardener (persons)",
        "Cy finds whom: Stage fright (invented)",
    ]
    _shown, later = _session(english, ["drawn how Screwdriver"])
    with use_language("de"):
        again = cw.Investigation.from_json(later.to_json())
        said = adapter("crime-writers").history(again)
    assert again.clues[:4] == german.clues
    assert said[0] == "Ben fragt how: Gift? no" and said[-1].endswith(
        "how: Schraubenzieher (gezogen)"
    )
