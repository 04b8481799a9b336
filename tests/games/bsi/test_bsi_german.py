"""Black Stories Investigation's cards in German: read in either language at any time
(mixed, with or without umlauts), shown in the player's language."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from deduce._internal.language import use_language
from deduce.errors import InvalidInput
from deduce.games import bsi
from deduce.games.bsi.cards import GERMAN, shown, stand_in_name
from deduce.games.bsi.play_advice import attempt_choices
from deduce.output.display import render_text
from deduce.output.notebook import marginals_table
from deduce.play import adapter
from deduce.play.session import Session

HAND = ["woman/night/outside/gun", "woman/knife", "man/day"]


def _table() -> bsi.Table:
    return bsi.Table(2, case="man/night/inside/gun", hand=HAND)


def _session(table: bsi.Table, lines: list[str]) -> str:
    """What the console shows for ``lines`` typed at ``table``."""
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    session = Session(adapter("bsi"), table, console, autosave=None)
    for line in lines:
        session.handle(line)
    return out.getvalue()


# -- reading --------------------------------------------------------------------------


def test_every_value_has_its_german_word() -> None:
    values = [value for values in bsi.ATTRIBUTES.values() for value in values]
    assert list(GERMAN) == values
    assert GERMAN["outside"] == "draußen" and GERMAN["gun"] == "Pistole"
    assert len({word.casefold() for word in GERMAN.values()} | set(values)) == 16


@pytest.mark.parametrize("card", bsi.CARDS, ids=str)
def test_a_card_in_german_is_the_card_in_english(card: bsi.Card) -> None:
    german = "/".join(GERMAN[value] for value in card.pieces.values())
    assert bsi.Card.parse(german) == card
    assert bsi.Card.parse(german.lower()) == card
    assert bsi.Card.parse(german.upper().replace("/", " ")) == card


@pytest.mark.parametrize(
    "typed",
    [
        "Frau/Nacht/draußen/Pistole",
        "frau nacht draussen pistole",
        "Frau/Nacht/drausen/Pistole",
        "FRAU, NACHT, DRAUSSEN, PISTOLE",
        "woman/Nacht/draußen/gun",  # mixed
        "Pistole draussen night Frau",  # mixed, in any order
        "frau/night/outside/pistole",
    ],
)
def test_german_words_mixed_and_without_umlauts(typed: str) -> None:
    case = bsi.Case("woman", "night", "outside", "gun")
    assert bsi.Card.parse(typed) == case.card
    assert bsi.Case.parse(typed) == case


def test_german_words_in_every_method_and_in_either_language() -> None:
    for code in ("en", "de"):
        with use_language(code):
            inv = bsi.Investigation().played("Frau/Nacht/draussen/Pistole", "0/1")
            inv = inv.played("Frau/knife", 2)
            assert inv.solutions() == [bsi.Case("woman", "day", "inside", "knife")]
            hand = ["Frau/Nacht/draußen/Pistole", "Frau/Messer", "Mann/Tag"]
            table = bsi.Table(2, case="Mann/Nacht/drinnen/Pistole", hand=hand)
            assert table.start_hand == _table().start_hand
            table = table.played("Frau/Nacht/draußen/Pistole", 1, "0/1").drew("Mann/Nacht")
            assert table.clues[-1] == bsi.Draw(bsi.Card.parse("man/night"))
    small = [shown(card) for card in bsi.STAND_IN]
    with use_language("de"):
        german = [shown(card) for card in bsi.STAND_IN]
    assert german != small
    assert bsi.Investigation(small_cards=german).small_cards == bsi.STAND_IN


def test_a_slip_is_refused_with_the_values_in_the_player_s_language() -> None:
    with pytest.raises(InvalidInput) as english:
        bsi.Card.parse("woman/knive")
    assert "did you mean knife?" in str(english.value)
    assert "expected values from man, woman, day, night, inside" in str(english.value)
    with use_language("de"), pytest.raises(InvalidInput) as german:
        bsi.Card.parse("Frau/Mesesr")
    assert "did you mean Messer?" in str(german.value)
    assert "Mann, Frau, Tag, Nacht, drinnen, draußen, Messer, Pistole" in str(german.value)
    with pytest.raises(InvalidInput, match="at most one value of each evidence"):
        bsi.Card.parse("Frau/man")


# -- showing --------------------------------------------------------------------------


def test_shown_is_english_in_english_and_german_in_german() -> None:
    case = bsi.Case("woman", "night", "outside", "gun")
    assert shown(case) == shown(case.card) == str(case) == "woman/night/outside/gun"
    assert shown("Frau/knife") == "woman/knife" and shown("0/1") == "0/1"
    with use_language("de"):
        assert shown(case) == shown(case.card) == "Frau/Nacht/draußen/Pistole"
        assert shown("woman/Messer") == "Frau/Messer" and shown("gun") == "Pistole"
        assert shown("0/1") == "0/1" and shown("seat 1") == "seat 1"
        assert str(case) == "woman/night/outside/gun"  # data and typed lines stay English
        assert stand_in_name(bsi.STAND_IN[2]).endswith("(drinnen/Messer)")


def test_a_german_console_shows_the_german_card() -> None:
    lines = ["lay Frau/Nacht/draussen/Pistole 1 0/1", "draw man/night", "table"]
    with use_language("de"):
        german = _session(_table(), lines)
    assert "Platz 0 legt Frau/Nacht/draußen/Pistole an Platz 1: Feld 0/1" in german
    assert "Platz 0 zieht Mann/Nacht" in german
    assert "Deine Hand: Frau/Messer Mann/Tag Mann/Nacht." in german
    assert "Frau/Nacht/draußen/Pistole:0/1" in german  # the table's grids
    assert "Platz 1: Frau/Tag/drinnen/Messer" in german  # the solutions
    for english in ("woman", "night", "outside", "knife"):
        assert english not in german, english


def test_english_is_unchanged() -> None:
    lines = ["lay Frau/Nacht/draussen/Pistole 1 0/1", "draw Mann/Nacht"]
    english = _session(_table(), lines)
    assert "noted: seat 0 lays woman/night/outside/gun at seat 1: field 0/1" in english
    assert "noted: seat 0 draws man/night" in english
    assert "My hand: woman/knife man/day man/night." in english
    for german in ("Frau", "Nacht", "draußen", "Pistole", "Mann"):
        assert german not in english, german
    assert english == _session(_table(), ["lay woman/night/outside/gun 1 0/1", "draw man/night"])


def test_a_german_refusal_names_the_german_card() -> None:
    with use_language("de"):
        refused = " ".join(_session(_table(), ["lay Frau/Messer 1 3"]).split())
    assert "Frau/Messer hat nur 2" in refused and "woman" not in refused


def test_german_advice_lines_are_lines_to_type() -> None:
    hand = ["man/day/inside/knife", "man/night", "woman/day/inside"]
    table = bsi.Table(2, case="woman/night/outside/gun", hand=hand).played("man/night", 1, 2)
    with use_language("de"):
        lines = attempt_choices(table.race_options(), 3)
    assert lines[0].startswith("  solve 1 Mann/Nacht/drinnen/Messer 1: ")
    assert lines[2].startswith("  draw: ")  # a command: never said in German
    english = attempt_choices(table.race_options(), 3)
    assert english[0].startswith("  solve 1 man/night/inside/knife 1: 43% to finish first")


def test_the_marginals_show_german_values_in_german() -> None:
    inv = bsi.Investigation().played("woman/night/outside/gun", "0/1")
    marginals = inv.marginals()
    assert marginals["scene"] == {"inside": 0.8, "outside": 0.2}  # the data stay English
    with use_language("de"):
        text = render_text(inv)
        page = marginals_table(marginals, shown=inv.shown_value)
    assert "Mann 80.0%" in text and "draußen 20.0%" in text
    assert ">draußen<" in page and ">Pistole<" in page and ">outside<" not in page
    english = render_text(inv)
    assert "man 80.0%" in english and "outside 20.0%" in english and "draußen" not in english
    table = _table().played("woman/night/outside/gun", 1, "0/1")
    case = bsi.Case("woman", "day", "inside", "knife")
    assert table.shown_value(case) == "woman/day/inside/knife"
    with use_language("de"):
        assert table.shown_value(case) == "Frau/Tag/drinnen/Messer"
        assert "Frau/Tag/drinnen/Messer 20.0%" in render_text(table)


def test_the_page_offers_german_cards_and_reads_its_lines_back() -> None:
    from deduce.serve.forms import verb_forms
    from deduce.serve.snapshot import advice

    game, table = adapter("bsi"), _table()
    with use_language("de"):
        lay = verb_forms(game.grammar, table)[0]
        card = next(f for f in lay.fields if f.name == "CARD")
        assert card.choices == ("Frau/Nacht/draußen/Pistole", "Frau/Messer", "Mann/Tag")
        solve = verb_forms(game.grammar, table)[1]
        case = next(f for f in solve.fields if f.name == "CASE")
        assert case.parts[0][1] == ("Mann", "Frau") and case.parts[2][1] == ("drinnen", "draußen")
        moves = advice(game, game.grammar, table, "points", game.recommend(table, "points"))
        first = moves["moves"][0]
        assert first["args"]["CARD"] in card.choices  # the button the advice fills in
        shown_lines = _session(table, [f"{first['line']} 0/1"])
    assert "Platz 0 legt" in shown_lines


@pytest.mark.parametrize(("german", "english"), [("richtig", "right"), ("falsch", "wrong")])
def test_a_verdict_in_german_is_the_verdict_in_english(german: str, english: str) -> None:
    hand = ["man/day/inside/knife", "man/night", "woman/day/inside"]
    table = bsi.Table(2, case="woman/night/outside/gun", hand=hand).played("man/night", 1, 2)
    line = "solve 1 Mann/Nacht/drinnen/Messer 1 {}"
    with use_language("de"):
        said = _session(table, [line.format(german)])
        meant = _session(table, [line.format(english)])
    assert "abgelehnt" not in said and said == meant


def test_chances_at_my_attempt_step_and_where_it_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from deduce.games.bsi import play_advice

    monkeypatch.setattr(play_advice, "CHANCES_WORLDS", 4)  # the same table, sooner
    hand = ["man/day/inside/knife", "man/night", "woman/day/inside"]
    start = bsi.Table(2, case="woman/night/outside/gun", hand=hand)
    shown = play_advice.chances(start.played("man/night", 1, 2))
    assert shown.header == ("move", "chance to win", "95% interval")
    assert shown.rows[0][0].startswith("solve 1 ")
    assert "4 worlds the clues allow" in shown.note and "the same each time" in shown.note
    assert "posterior" not in shown.note and "bot" not in shown.note
    with pytest.raises(InvalidInput, match="lay step of seat 0"):
        play_advice.chances(start)
    with use_language("de"):
        german = play_advice.chances(start.played("man/night", 1, 2))
    assert german.header[1] == "Gewinnchance" and "Welten" in german.note
