"""Names as players type them: case, accents and umlauts optional, "did you mean" on a near
miss, ambiguity refused, and Tab offering what may be typed at that place, in every game."""

from __future__ import annotations

import io
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from rich.console import Console

from deduce._internal import names
from deduce.errors import InvalidInput
from deduce.games import bsi, crime_writers, kreuzverhoer, thirteen_clues
from deduce.games.thirteen_clues.cards import card_index
from deduce.play import adapters
from deduce.play.grammar import split, word
from deduce.play.reader import LineCompleter
from deduce.play.session import Session

_WRITTEN_OUT = {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss"}


def _plain(text: str) -> str:
    """``text`` with its accents and umlauts dropped (ä -> a, ß -> ss)."""
    text = text.replace("ß", "ss")
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def _spelled(text: str) -> str:
    """``text`` with its umlauts written out (ä -> ae, ß -> ss), other accents dropped."""
    return _plain("".join(_WRITTEN_OUT.get(ch, ch) for ch in text))


def _ascii(name: str) -> list[str]:
    """The plain ASCII ways of typing ``name`` (both spellings of umlauts, and lower case)."""
    forms = {_plain(name), _spelled(name), _plain(name).lower(), _spelled(name).upper()}
    assert all(f.isascii() for f in forms), forms
    return sorted(forms)


def _session(game: str, investigation: object) -> tuple[Session, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    return Session(adapters()[game], investigation, console, autosave=None), out  # type: ignore[arg-type]


def _deck_cases() -> list[tuple[str, str, str]]:
    deck = kreuzverhoer.Deck.default()
    return [(f, n, a) for f in kreuzverhoer.FIELDS for n in deck.names(f) for a in _ascii(n)]


# -- the engine's reader -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("Ueberfall", "Überfall"),
        ("Uberfall", "Überfall"),
        ("überfall", "Überfall"),
        ("Koeln", "Köln"),
        ("Koln", "Köln"),
        ("Gegenueberstellung", "Gegenüberstellung"),
        ("Strasse", "Straße"),
        ("muenchen", "München"),
        ("Ermittler_vor_Ort", "Ermittler vor Ort"),
        ("ermittler-vor-ort", "Ermittler vor Ort"),
        ("Mueller", "Müller"),
        ("Müller", "Mueller"),
    ],
)
def test_names_are_read_without_their_umlauts(typed: str, name: str) -> None:
    assert names.resolve(typed, ["Mord", name, "Ulm"], argument="x", prefix=False) == name


def test_a_near_miss_says_did_you_mean_and_keeps_the_real_names() -> None:
    deck = kreuzverhoer.Deck.default()
    with pytest.raises(InvalidInput) as caught:
        deck.card("crime", "Uberfal")
    assert caught.value.reason == "did you mean Überfall?"
    assert caught.value.choices == deck.crimes
    with pytest.raises(InvalidInput) as far:
        deck.card("crime", "Zebra")
    assert far.value.reason is None


def test_a_word_that_fits_several_names_is_refused_naming_them() -> None:
    with pytest.raises(InvalidInput) as caught:
        names.resolve("E", kreuzverhoer.Deck.default().crimes, argument="crime")
    assert caught.value.choices == ("Einbruch", "Erpressung*", "Entführung*")
    assert "it fits several: Einbruch, Erpressung*, Entführung*" in str(caught.value)
    with pytest.raises(InvalidInput, match="fits several"):  # the same letters either way
        names.resolve("koeln", ["Köln", "Koeln*"], argument="scene")
    assert names.resolve("Koeln*", ["Köln", "Koeln*"], argument="scene") == "Koeln*"
    assert names.resolve("koln", ["Köln", "Koeln*"], argument="scene") == "Köln"


@given(st.lists(st.text("abcäöüßéxyz -", min_size=1, max_size=12), min_size=1, max_size=6))
def test_every_ascii_spelling_finds_its_name_unless_two_names_read_alike(words: list[str]) -> None:
    choices = list(dict.fromkeys(words))
    for name in choices:
        for typed in _ascii(name):
            meant = [c for c in choices if names.forms(c) & names.forms(typed)]
            if len(meant) == 1 and names.fold(typed):
                found = names.resolve(typed, choices, argument="x", prefix=False)
                assert found == name


@given(st.text("abcäöüß", min_size=1, max_size=10), st.integers(0, 10))
def test_completion_offers_a_name_for_each_start_of_its_ascii_spellings(
    name: str, cut: int
) -> None:
    for typed in _ascii(name):
        assert names.starts(typed[:cut], name)


# -- every card of every built-in deck, in plain ASCII ---------------------------------------


@pytest.mark.parametrize(("field", "name", "typed"), _deck_cases())
def test_kreuzverhoer_cards_in_ascii(field: str, name: str, typed: str) -> None:
    deck = kreuzverhoer.Deck.default()
    assert deck.card(field, typed) == name
    inv = kreuzverhoer.Investigation().ruled_out(**{field: typed})
    assert getattr(inv.clues[-1], field) == (name,)
    session, out = _session("kreuzverhoer", kreuzverhoer.Investigation())
    session.handle(f"is {field}={word(typed)}")
    assert getattr(session.investigation.clues[-1], field) == name, out.getvalue()


def test_kreuzverhoer_questioning_in_ascii_through_the_console() -> None:
    session, out = _session("kreuzverhoer", kreuzverhoer.Investigation())
    session.handle("ask Ueberfall Koeln juri messer 1")
    session.handle("ask Uberfall Koln Nora_M. Messer 1")
    laid = [c.guess for c in session.investigation.clues]
    assert laid == [
        kreuzverhoer.Guess("Überfall", "Köln*", "Juri L.", "Messer"),
        kreuzverhoer.Guess("Überfall", "Köln*", "Nora M.", "Messer"),
    ], out.getvalue()
    session.handle("informant Munchen Koeln")
    assert session.investigation.clues[-1] == kreuzverhoer.Informant(("München*", "Köln*"))


@pytest.mark.parametrize("card", [*kreuzverhoer.INVESTIGATION_CARDS, *kreuzverhoer.DEFENCE_CARDS])
def test_kreuzverhoer_action_cards_by_their_printed_titles(card: str) -> None:
    every = (*kreuzverhoer.INVESTIGATION_CARDS, *kreuzverhoer.DEFENCE_CARDS)
    assert kreuzverhoer.card_name(card, every) == card
    if card != "other":
        for typed in _ascii(kreuzverhoer.CARD_TITLES[card]):
            assert kreuzverhoer.card_name(typed, every) == card


def test_kreuzverhoer_german_verbs_and_titles_at_the_console() -> None:
    inv = kreuzverhoer.Investigation().questioning("Mord", "Ulm", "Ede K.", "Gift", 1)
    session, out = _session("kreuzverhoer", inv)
    session.handle("Gegenueberstellung nein")
    assert session.investigation.clues[-1] == kreuzverhoer.Confrontation("Ede K.", False)
    session.handle("ask Mord Ulm Elke Gift 1")
    session.handle("out scene=Koeln card=Zeuge")
    assert session.investigation.clues[-1].card == "witness", out.getvalue()
    session.handle("ask Mord Ulm Nora Gift 1")
    session.handle("defence Aussageverweigerung Einzelverhoer")
    assert session.investigation.clues[-1] == kreuzverhoer.Defence(
        "refusal", "single_interrogation"
    )
    assert "defence Aussageverweigerung against Einzelverhör" in adapters()["kreuzverhoer"].history(
        session.investigation
    )


def test_kreuzverhoer_near_miss_at_the_console() -> None:
    session, out = _session("kreuzverhoer", kreuzverhoer.Investigation())
    session.handle("ask Uberfahl Koeln juri messer 1")
    assert 'crime "Uberfahl" is not valid (did you mean Überfall?)' in out.getvalue()
    assert session.investigation.clues == ()
    session.handle("ask E Koeln juri messer 1")
    assert "it fits several: Einbruch, Erpressung*, Entführung*" in out.getvalue()


@pytest.mark.parametrize("card", thirteen_clues.CARDS, ids=str)
def test_thirteen_clues_cards_in_ascii(card: thirteen_clues.Card) -> None:
    for typed in [*_ascii(card.name), card.name.upper()]:
        assert thirteen_clues.CARDS[card_index(typed, 6)] == card
    puzzles = {
        1: ("Butcher", "Library", "Poison"),
        2: ("Countess", "Park", "Sword"),
        3: ("Nurse", "Museum", "Blowgun"),
    }
    seen = {"Officer", "Duke", *(n for p in puzzles.values() for n in p)}
    if card.name in seen or card.colour in ("gray", "brown"):
        return
    inv = thirteen_clues.Investigation(4, ["Officer", "Duke"], puzzles)
    session, out = _session("thirteen-clues", inv)
    session.handle(f"informant {card.name.lower()}")
    assert session.investigation.clues[-1].card == card.name, out.getvalue()
    assert inv.informant(card.name.upper()).clues[-1].card == card.name


def test_thirteen_clues_colours_and_kinds_in_any_case() -> None:
    deal = thirteen_clues.Deal.random(3, seed=1)
    for about in thirteen_clues.attributes(3):
        assert deal.answer(1, about.upper()) == deal.answer(1, about)


@pytest.mark.parametrize("element", crime_writers.ELEMENTS)
def test_crime_writers_cards_in_ascii(element: str) -> None:
    deck = crime_writers.Deck.example()
    stack = crime_writers.DECK_OF[element]
    inv = crime_writers.Investigation(deck)
    grammar = adapters()["crime-writers"].grammar
    for card in deck.stack(stack):
        for typed in _ascii(card.text):
            assert deck.card(stack, typed) == card
            line = f"drawn {element.upper()} {word(typed)}".split()
            call = grammar.parse(line, inv)
            clue = call.verb.do(inv, call.values).clues[-1]
            assert str(clue).startswith(f"{element} found: {card.text} "), clue


def test_crime_writers_elements_and_replies_as_typed() -> None:
    inv = crime_writers.Investigation(crime_writers.Deck.example())
    tag = crime_writers.Deck.example().tags("persons")[0]
    clue = inv.answer("WHOM", tag, "Not-Important").clues[-1]
    assert (clue.element, clue.reply) == ("whom", "not characteristic"), clue
    with pytest.raises(InvalidInput, match="did you mean almost"):
        inv.answer("who", tag, "almots")


def test_bsi_cards_in_any_case() -> None:
    for card in bsi.CARDS:
        assert bsi.Card.parse(str(card).upper()) == card
    with pytest.raises(InvalidInput, match="did you mean night"):
        bsi.Card.parse("woman/nigth")


# -- Tab offers what may be typed at that place ---------------------------------------------


def _offered(session: Session, before: str) -> list[str]:
    completer = LineCompleter(session.complete)
    return [c.text.strip() for c in completer.get_completions(Document(before), CompleteEvent())]


def test_bsi_lay_offers_my_hand_then_the_other_seats() -> None:
    hand = ["man/day/outside/gun", "man/inside/gun", "man/night/knife"]
    table = bsi.Table(3, case="woman/day/outside/knife", hand=hand)
    session, _ = _session("bsi", table)
    assert _offered(session, "lay ") == hand
    assert _offered(session, "lay man/i") == ["man/inside/gun"]
    assert _offered(session, "lay man/inside/gun ") == ["1", "2"]
    assert _offered(session, "solve ")[:2] == ["1", "2"]
    assert _offered(session, "solve 1 woman/night/inside/gun ")[:4] == ["1", "2", "3", "new"]
    later = table.played("man/inside/gun", 1, 2).drew("woman/night")
    later = later.played("woman/day", 2, "0/1").drew()
    session, _ = _session("bsi", later)
    assert later.turn == 2
    assert len(_offered(session, "lay ")) == len(bsi.CARDS)
    assert _offered(session, "lay woman/day ") == ["0", "1"]
    assert _offered(session, "solve 0 woman/night/inside/gun ")[:4] == ["1", "2", "3", "new"]
    later = table.played("man/inside/gun", 1, 2).drew("woman/night")  # seat 1 uses its 3:
    later = later.played("woman/day", 0, 2).attempt(2, "man/night/inside/gun", 3, correct=False)
    later = later.drew().played("man/day", 1, "0/1").drew()
    later = later.played("man/night/knife", 2, "0/1").drew("woman/knife")
    assert (later.turn, later.drops_left(1)) == (1, (1, 2))
    session, _ = _session("bsi", later)
    assert _offered(session, "solve 0 woman/night/inside/gun ")[:3] == ["1", "2", "new"]


def test_tab_completes_names_typed_without_umlauts() -> None:
    session, _ = _session("kreuzverhoer", kreuzverhoer.Investigation())
    assert _offered(session, "ask Ueb") == ["Überfall"]
    assert _offered(session, "ask Mord Koe") == ["Köln*"]
    assert _offered(session, "ask Mord Ko") == ["Köln*"]
    assert _offered(session, "geg") == ["gegenüberstellung"]
    inv = kreuzverhoer.Investigation().questioning("Mord", "Ulm", "Ede K.", "Gift", 1)
    session, _ = _session("kreuzverhoer", inv)
    assert "Zeuge" in _offered(session, "defence Falscher_Zeuge ")
    assert "Einzelverhör" in _offered(session, "cards ")


def test_split_keeps_umlauts() -> None:
    assert split("ask Über") == (["ask"], "Über")
