"""The games' own words on the page in German, as a German player reads them at the
table: 13 Indizien's and Kreuzverhör's buttons, the sheet, the review, the set-up's
refusals, the table's view and the notebook's lines (each button carries a word the
console reads, so the line it makes is the same move); English as it was."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from serving import AUTH, TOKEN, TestClient

from deduce.core import registry
from deduce.play.setup import parse_presets
from deduce.serve import create_app

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
ENGLISH = {"Accept-Language": "en-GB,en;q=0.9"}

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def started(client: TestClient, game: str, **setup: Any) -> str:
    """A new game of the declared table (``setup`` changing its answers, None leaving one
    out); its id."""
    answers = {**parse_presets(registry.find(game).table_setup), **setup}
    answers = {k: v for k, v in answers.items() if v is not None}
    answer = client.post("/api/sessions", json={"game": game, "setup": answers}, headers=GERMAN)
    assert answer.status_code == 201, answer.text
    return str(answer.json()["id"])


def posted(client: TestClient, id_: str, line: str, headers: dict[str, str] = GERMAN) -> Any:
    answer = client.post(f"/api/sessions/{id_}/lines", json={"line": line}, headers=headers)
    assert answer.status_code == 200, answer.text
    return answer.json()


def answered(client: TestClient, id_: str, line: str) -> int:
    """``line`` with the first answer the table takes at its end (a witness's count that
    the cards in sight allow); that answer."""
    for n in range(14):
        body = {"line": f"{line} {n}"}
        if client.post(f"/api/sessions/{id_}/lines", json=body, headers=GERMAN).is_success:
            return n
    raise AssertionError(f"no answer is taken: {line}")


def chips(page: str, field: str) -> list[tuple[str, str]]:
    """Each button of the first field called ``field`` on ``page``: its value (the word
    sent) and the word shown."""
    start = page.index(f'data-name="{field}"')
    end = page.index("</fieldset>", start)
    found = re.findall(r'value="([^"]*)"[^>]*><span>([^<]*)</span>', page[start:end])
    return [(html.unescape(v), html.unescape(s)) for v, s in found]


def text(page: str) -> str:
    """The words of a page, its markup left out."""
    page = re.sub(r"<script.*?</script>", " ", page, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


# -- 13 Indizien ---------------------------------------------------------------------------


def test_thirteen_clues_about_buttons_are_german_and_the_advice_fills_them(
    client: TestClient,
) -> None:
    id_ = started(client, "thirteen-clues")
    page = client.get(f"/play/{id_}", headers=GERMAN).text
    about = chips(page, "ABOUT")
    assert [shown for _, shown in about] == [
        *("violett", "rosa", "rot", "grün", "gelb", "blau", "orange", "weiß"),
        *("Person", "Ort", "Waffe"),
        *("männlich", "weiblich", "innen", "außen", "Nahkampf", "Fernkampf"),
    ]
    assert all(value == shown for value, shown in about)  # the word sent is the word shown
    for english in (">purple<", ">person<", ">woman<", ">outdoors<", ">melee<", ">ranged<"):
        assert english not in page, english
    # the advice is said as the buttons are, and fills the button of its colour
    state = client.get(f"/api/sessions/{id_}", headers=GERMAN).json()
    best = state["advice"]["moves"][0]
    assert best["verb"] == "ask" and best["line"] == best["words"]  # "ask 1 rot"
    assert best["args"]["ABOUT"] in {value for value, _ in about}
    assert f'"ABOUT": "{best["args"]["ABOUT"]}"' in page  # the advice's button fills it
    # a button's word is read back: the line is the same move as in English
    witness = best["args"]["WITNESS"]
    n = answered(client, id_, f"ask {witness} gelb")
    history = client.get(f"/api/sessions/{id_}", headers=ENGLISH).json()["history"]
    assert history[-1]["clue"]["about"] == "yellow"
    assert history[-1]["words"] == f"I asked seat {witness} about yellow: {n}"


def test_thirteen_clues_english_buttons_and_advice_are_as_they_were(client: TestClient) -> None:
    id_ = started(client, "thirteen-clues")
    page = client.get(f"/play/{id_}", headers=ENGLISH).text
    assert [v for v, _ in chips(page, "ABOUT")][:3] == ["purple", "pink", "red"]
    assert chips(page, "right|wrong") == [("right", "right"), ("wrong", "wrong")]
    best = client.get(f"/api/sessions/{id_}", headers=ENGLISH).json()["advice"]["moves"][0]
    assert best["line"] == f"ask {best['args']['WITNESS']} red" and best["args"]["ABOUT"] == "red"
    assert "<summary>person</summary>" in page and '<span class="value">Butcher</span>' in page


def test_thirteen_clues_two_players_ask_about_and_sides_in_german(client: TestClient) -> None:
    id_ = started(
        client,
        "thirteen-clues",
        players="2",
        seat_1="Duke Market Crossbow",
        seat_2=None,
        seat_3=None,
    )
    page = client.get(f"/play/{id_}", headers=GERMAN).text
    about = [shown for _, shown in chips(page, "ABOUT")]  # few: one row, no categories
    assert about[:6] == ["violett", "rosa", "rot", "grün", "gelb", "blau"] and "Waffe" in about
    assert chips(page, "left|right") == [("links", "links"), ("rechts", "rechts")]
    best = client.get(f"/api/sessions/{id_}", headers=GERMAN).json()["advice"]["moves"][0]
    if best["verb"] == "ask":
        assert best["args"]["ABOUT"] in about


def test_thirteen_clues_verdict_buttons_are_richtig_and_falsch(client: TestClient) -> None:
    id_ = started(client, "thirteen-clues", first="1")
    page = client.get(f"/play/{id_}", headers=GERMAN).text
    assert chips(page, "right|wrong") == [("richtig", "richtig"), ("falsch", "falsch")]
    assert ">right<" not in page and ">wrong<" not in page
    posted(client, id_, "accuse 1 falsch")  # as the button sends it
    history = client.get(f"/api/sessions/{id_}", headers=ENGLISH).json()["history"]
    assert history[-1]["words"] == "seat 1 accused and was wrong"


def test_the_sheet_is_in_the_players_words(client: TestClient) -> None:
    id_ = started(client, "thirteen-clues")
    page = client.get(f"/play/{id_}", headers=GERMAN).text
    sheet = page[page.index('id="sheet-h"') :]
    headings = re.findall(r"<summary>([^<:]*)", sheet)[:3]
    assert headings == ["Person", "Ort", "Waffe"]  # the rulebook's words, not Tatwaffe
    assert '<span class="value">Metzger</span>' in sheet and ">Butcher<" not in sheet
    state = client.get(f"/api/sessions/{id_}", headers=GERMAN).json()
    assert list(state["sheet"]) == ["person", "location", "weapon"]  # the data as it was
    assert "Butcher" in state["sheet"]["person"]
    kv = started(client, "kreuzverhoer")
    sheet = client.get(f"/play/{kv}", headers=GERMAN).text
    sheet = sheet[sheet.index('id="sheet-h"') :]
    assert re.findall(r"<summary>([^<:]*)", sheet)[:4] == [
        "Verbrechen",
        "Tatort",
        "Verdächtiger",
        "Tatwaffe",
    ]
    english = client.get(f"/play/{kv}", headers=ENGLISH).text
    english = english[english.index('id="sheet-h"') :]
    assert re.findall(r"<summary>([^<:]*)", english)[:4] == ["crime", "scene", "suspect", "weapon"]


def test_a_set_up_refusal_names_the_seat_and_the_cards_in_german(client: TestClient) -> None:
    setup = {
        **parse_presets(registry.find("thirteen-clues").table_setup),
        "seat_2": "Officer Harbor Sword",  # the Officer is in my hand
    }
    body = {"game": "thirteen-clues", "setup": setup}
    german = client.post("/api/sessions", json=body, headers=GERMAN).json()["error"]
    assert german.startswith('Platz 2 "Offizier Hafen Schwert" ist ungültig (Offizier ist schon')
    assert "seat_2" not in german
    english = client.post("/api/sessions", json=body, headers=ENGLISH).json()["error"]
    assert english == (
        'seat_2 "Officer Harbor Sword" is not valid (Officer is already in your hand); '
        "expected cards not given before"
    )


def test_did_you_mean_is_german_in_a_german_refusal(client: TestClient) -> None:
    setup = {**parse_presets(registry.find("thirteen-clues").table_setup), "hand": "Officer Sallon"}
    body = {"game": "thirteen-clues", "setup": setup}
    german = client.post("/api/sessions", json=body, headers=GERMAN).json()["error"]
    assert "(meintest du Salon oder Sailor?)" in german and "did you mean" not in german


def test_thirteen_clues_notebook_lines_speak_to_the_player(client: TestClient) -> None:
    id_ = started(client, "thirteen-clues")
    mine = answered(client, id_, "ask 2 gelb")

    def whose() -> int:
        return int(client.get(f"/api/sessions/{id_}", headers=GERMAN).json()["turn"]["seat"])

    asker = whose()  # the others in turn: a question to me, a look, an accusation
    witness = 2 if asker != 2 else 1
    theirs = answered(client, id_, f"q {asker} {witness} rot")
    looked = whose()
    posted(client, id_, f"consulted {looked}")
    accused = whose()
    posted(client, id_, f"accuse {accused} wrong")
    state = client.get(f"/api/sessions/{id_}", headers=GERMAN).json()
    assert [c["words"] for c in state["history"]] == [
        f"Du hast Platz 2 nach Gelb gefragt: {mine}",
        f"Platz {asker} hat Platz {witness} nach Rot gefragt: {theirs}",
        f"Platz {looked} hat den Informanten befragt",
        f"Platz {accused} hat Anklage erhoben und lag falsch",
    ]
    english = client.get(f"/api/sessions/{id_}", headers=ENGLISH).json()["history"]
    assert english[0]["words"] == f"I asked seat 2 about yellow: {mine}"
    game = started(client, "thirteen-clues")  # a new game: my own look first
    posted(client, game, "informant Messer")
    state = client.get(f"/api/sessions/{game}", headers=GERMAN).json()
    assert [c["words"] for c in state["history"]] == ["Der Informant hat dir Messer gezeigt"]
    english = client.get(f"/api/sessions/{game}", headers=ENGLISH).json()["history"]
    assert english[0]["words"] == "the informant showed me the Knife"


def test_the_facts_label_of_the_others_accusing_is_short_in_german(client: TestClient) -> None:
    id_ = started(client, "thirteen-clues")
    facts = client.get(f"/api/sessions/{id_}", headers=GERMAN).json()["facts"]
    assert "Falls andere jetzt anklagen" in [f["label"] for f in facts]


# -- Kreuzverhör ---------------------------------------------------------------------------


def test_kreuzverhoer_set_up_buttons_are_german_and_read_back(client: TestClient) -> None:
    page = client.get("/", headers=GERMAN).text
    form = page[page.index('data-game="kreuzverhoer"') :]
    assert chips(form, "counting") == [("je_Spieler", "je Spieler"), ("insgesamt", "insgesamt")]
    assert chips(form, "first") == [("ich", "ich"), ("Gegner", "Gegner")]
    assert 'value="je_Spieler" checked' in form and 'value="ich" checked' in form  # defaults
    answers = {"counting": "insgesamt", "questionings": "12", "first": "Gegner"}
    body = {"game": "kreuzverhoer", "setup": answers}
    state = client.post("/api/sessions", json=body, headers=GERMAN).json()
    assert state["turn"]["mine"] is False  # the opponent questions first
    (grid,) = state["grids"]
    assert grid["rows"] == [["du", "0", "6"], ["dein Gegner", "0", "6"]]  # 12 in total
    english = client.get("/", headers=ENGLISH).text
    english = english[english.index('data-game="kreuzverhoer"') :]
    assert chips(english, "counting") == [("each", "each"), ("total", "total")]
    assert chips(english, "first") == [("me", "me"), ("opponent", "opponent")]


def test_kreuzverhoer_an_odd_total_is_refused_in_german(client: TestClient) -> None:
    body = {"game": "kreuzverhoer", "setup": {"counting": "insgesamt", "questionings": "13"}}
    german = client.post("/api/sessions", json=body, headers=GERMAN).json()["error"]
    assert german.startswith("Befragungen 13 ist ungültig")
    english = client.post("/api/sessions", json=body, headers=ENGLISH).json()["error"]
    assert english.startswith("questionings 13 is not valid")


def test_kreuzverhoer_the_ninth_investigation_card_is_andere(client: TestClient) -> None:
    id_ = started(client, "kreuzverhoer")
    posted(client, id_, "ask Mord Ulm Nora Brechstange 2")
    page = client.get(f"/play/{id_}", headers=GERMAN).text
    assert ("andere", "andere") in chips(page, "CARD") and ">other<" not in page
    posted(client, id_, "they ask Mord Berlin Nora Messer")
    posted(client, id_, "they play andere")  # as the button sends it
    english = client.get(f"/api/sessions/{id_}", headers=ENGLISH).json()
    assert english["history"][-1]["clue"]["card"] == "other"
    assert ">other<" in client.get(f"/play/{id_}", headers=ENGLISH).text


# -- every game's review, and the table's view ----------------------------------------------


def test_the_review_table_is_german(client: TestClient) -> None:
    id_ = started(client, "kreuzverhoer")
    posted(client, id_, "ask Mord Ulm Nora Brechstange 2")
    posted(client, id_, "review")
    page = client.get(f"/play/{id_}", headers=GERMAN).text
    review = page[page.index('id="review-h"') : page.index("</table>", page.index('id="review-h"'))]
    heads = re.findall(r'<th scope="col">([^<]*)</th>', review)
    assert heads == [
        "#",
        "Zug",
        "Bit",
        "bester",
        "Bit (bester)",
        "gelernt",
        "Glück",
        "Lösungen",
        "Chance vorher",
        "Chance nachher",
    ]
    assert '<tr class="total"><th scope="row">gesamt</th>' in review
    posted(client, id_, "review", ENGLISH)
    english = client.get(f"/play/{id_}", headers=ENGLISH).text
    assert '<th scope="col">win before</th>' in english
    assert '<tr class="total"><th scope="row">all</th>' in english


def test_the_tables_view_names_the_opponent_neutrally_in_german(tmp_path: Path) -> None:
    app = create_app(tmp_path, token=TOKEN, view_token="a-view-token")
    with TestClient(app, headers=AUTH) as client:
        id_ = started(client, "kreuzverhoer", first="opponent")
        view = {"Authorization": "token a-view-token"}
        german = client.get(f"/view/{id_}", headers={**view, **GERMAN}).text
        english = client.get(f"/view/{id_}", headers={**view, **ENGLISH}).text
    assert '<h2 id="turn-h">Der Gegner ist dran</h2>' in german
    assert "Dein Gegner ist dran" not in german
    assert """<h2 id="turn-h">The opponent's turn</h2>""" in english


def test_thirteen_clues_card_buttons_are_german_and_read_back(client: TestClient) -> None:
    id_ = started(client, "thirteen-clues")
    german = client.get(f"/play/{id_}", headers=GERMAN).text
    english = client.get(f"/play/{id_}", headers=ENGLISH).text
    for field in ("CARD", "PERSON"):
        shown = [word for _value, word in chips(german, field)]
        assert shown and all(value == word for value, word in chips(german, field))
        assert [word for _value, word in chips(english, field)] != shown
    assert "Metzger" in [word for _v, word in chips(german, "PERSON")]
    assert "Butcher" in [word for _v, word in chips(english, "PERSON")]
    # the advice's accusation is said as the buttons are, and a German line is the same move
    posted(client, id_, "informant Messer")
    history = client.get(f"/api/sessions/{id_}", headers=ENGLISH).json()["history"]
    assert history[-1]["clue"]["card"] == "Knife"


def test_what_ranked_the_advice_is_said_in_german(client: TestClient) -> None:
    id_ = started(client, "mastermind")
    german = client.get(f"/api/sessions/{id_}", headers=GERMAN).json()["advice"]
    english = client.get(f"/api/sessions/{id_}", headers=ENGLISH).json()["advice"]
    assert english["ranked_by"] == "optimal (cached tree)"
    assert german["ranked_by"] == "optimal (gespeicherter Baum)"
