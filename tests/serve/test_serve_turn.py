"""Whose turn it is, in ``deduce serve``'s state and on its page: read from every game's
table model through its front end's ``turn``, never from the console's text."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from serving import TestClient

from deduce.core import registry
from deduce.play import adapter
from deduce.play.files import load_file
from deduce.play.setup import parse_presets

GAMES = [g.name for g in registry.declarations() if g.front_end]

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _crime_writers_seat(table: Any) -> int | None:
    if table.over:
        return None
    if table.story_found:
        return int(table.players.index(table.sheet.next_writer))
    return int(table.players.index(table.turn))


def _cluedo_seat(inv: Any) -> int | None:
    """The first player still in after the last one who suggested or accused."""
    if inv.winner is not None:
        return None
    players = list(inv.players)
    acted = [c.by for c in inv.clues if hasattr(c, "by")]
    start = players.index(acted[-1]) + 1 if acted else 0
    still = [s % len(players) for s in range(start, start + len(players))]
    return next((s for s in still if players[s] not in inv.out), None)


# The seat that acts now, as each game's table model says it (None: the game is over).
ACTING: dict[str, Callable[[Any], int | None]] = {
    "mastermind": lambda inv: None if inv.over else 0,
    "bsi": lambda table: None if table.over else table.turn,
    "kreuzverhoer": lambda table: table.acting,
    "thirteen-clues": lambda table: table.turn,
    "crime-writers": _crime_writers_seat,
    "cluedo": _cluedo_seat,
}


@pytest.mark.parametrize("name", GAMES)
def test_every_game_says_whose_turn_it_is_after_every_line(client: TestClient, name: str) -> None:
    declared = registry.find(name)
    kind = declared.adapter().investigation_type
    state = client.post(
        "/api/sessions", json={"game": name, "setup": parse_presets(declared.table_setup)}
    ).json()
    id = state["id"]
    seats = set()
    for line in ("", *declared.table_lines):
        if line:
            state = client.post(f"/api/sessions/{id}/lines", json={"line": line}).json()
        table = load_file(client.app.state.tables.state_dir / f"{id}.json", kind)  # type: ignore[attr-defined]
        turn = state["turn"]
        assert set(turn) == {
            *("seat", "name", "mine", "heading", "ways", "note", "over", "winners", "outcome")
        }
        assert turn["seat"] == ACTING[name](table), line
        assert turn["over"] is (turn["seat"] is None)
        assert turn["heading"] and bool(turn["ways"]) is not turn["over"]
        assert bool(turn["outcome"]) is turn["over"]
        grammar = declared.adapter().grammar
        for way in turn["ways"]:  # each way is a verb of the game, its fixed words its own
            verbs = [v for v in grammar.verbs if v.name == way["verb"]]
            names = {a.name for v in verbs for a in v.args}
            assert verbs and set(way["given"]) <= names and set(way["filled"]) <= names
            assert way["words"] and way["line"].split()[0] == way["verb"]
        named = name in ("crime-writers", "cluedo")  # a seat by its player's name
        me = turn["name"] == table.me if named else turn["seat"] == 0
        assert turn["mine"] is me
        seats.add(turn["seat"])
        page = client.get(f"/play/{id}").text
        at = page.index('class="turn')
        banner = page[at : page.index("</section>", at)]
        assert 'role="status"' in banner and 'aria-live="polite"' in banner
        assert html.escape(turn["heading"], quote=False) in banner.replace("&#39;", "'")
        if not turn["over"]:  # the step at hand first: its forms before every other
            now = _now(page)  # every way: open, folded under its title, or its button
            assert sorted(w["verb"] for w in turn["ways"]) == sorted(_verbs(now))
            assert page.index('class="now"') < page.index('class="verb card"')
    if name == "thirteen-clues":  # its lines go round the table
        assert seats == {0, 1, 2, 3}


def _now(page: str) -> str:
    """The page's section of the step at hand."""
    at = page.index('class="now"')
    return page[at : page.index("</section>", at)]


def _verbs(html_part: str) -> list[str]:
    return [part.split('"', 1)[0] for part in html_part.split('data-verb="')[1:]]


def test_a_mastermind_game_over_names_its_winner(client: TestClient) -> None:
    client.post("/api/sessions", json={"game": "mastermind", "setup": {"pegs": 2, "colours": 2}})
    state = client.get("/api/sessions/mastermind").json()
    assert state["turn"]["mine"] and state["turn"]["note"] == "10 of 10 guesses left"
    assert [w["verb"] for w in state["turn"]["ways"]] == ["guess"]
    state = client.post("/api/sessions/mastermind/lines", json={"line": "guess 12 0 2"}).json()
    assert state["turn"]["note"] == "9 of 10 guesses left"
    state = client.post("/api/sessions/mastermind/lines", json={"line": "guess 21 2 0"}).json()
    turn = state["turn"]
    assert turn["over"] and turn["seat"] is None and turn["winners"] == ["you"]
    assert turn["heading"] == "The game is over" and "2 guesses" in turn["outcome"]
    assert turn["ways"] == []


def test_thirteen_clues_says_what_another_seat_may_do(client: TestClient) -> None:
    declared = registry.find("thirteen-clues")
    setup = parse_presets(declared.table_setup)
    client.post("/api/sessions", json={"game": "thirteen-clues", "setup": setup})
    answer = client.post("/api/sessions/13clues/lines", json={"line": "ask 2 red 1"})
    assert answer.status_code == 200, answer.json()
    turn = answer.json()["turn"]
    assert (turn["seat"], turn["name"], turn["mine"], turn["heading"]) == (
        2,
        "seat 2",
        False,
        "Seat 2's turn",
    )
    ways = {w["verb"]: w for w in turn["ways"]}
    assert set(ways) == {"q", "consulted", "accuse"}
    assert ways["q"]["given"] == {"ASKER": "2"} and ways["q"]["line"] == "q 2 WITNESS ABOUT N"
    assert ways["consulted"]["line"] == "consulted 2" and ways["accuse"]["given"] == {"SEAT": "2"}
    page = client.get("/play/13clues").text
    now = _now(page)
    assert "Asks a witness" in now and 'value="2"' in now  # the asker filled in, out of sight
    assert "Left or right" not in now  # not at four players


def test_a_game_without_turns_has_none() -> None:
    from deduce.games.mastermind import Investigation
    from deduce.play.adapter import Adapter

    assert Adapter().turn(Investigation(2, 2)) is None
    assert adapter("mastermind").turn(Investigation(2, 2)) is not None


def test_a_game_over_offers_no_clue_forms(client: TestClient) -> None:
    client.post("/api/sessions", json={"game": "mastermind", "setup": {"pegs": 2, "colours": 2}})
    before = client.get("/play/mastermind").text
    assert 'form class="verb card now" data-verb="guess"' in before
    client.post("/api/sessions/mastermind/lines", json={"line": "guess 21 2 0"})
    page = client.get("/play/mastermind").text
    assert 'data-verb="guess"' not in page  # a guess after the game is refused anyway
    assert "The game is over: no clue follows" in page
    assert 'data-verb="amend"' in page and 'data-line="undo"' in page  # still put right


def test_the_step_at_hand_is_filled_in_with_the_best_move_its_answer_left_empty(
    client: TestClient,
) -> None:
    client.post("/api/sessions", json={"game": "mastermind", "setup": {"pegs": 4, "colours": 6}})
    state = client.get("/api/sessions/mastermind").json()
    now = _now(client.get("/play/mastermind").text)
    best = state["advice"]["moves"][0]
    assert best["verb"] == "guess"  # the answer is the player's to fill in
    assert best["args"] == {"CODE": best["line"], "BLACK": None, "WHITE": None}
    code = now[now.index('data-name="CODE"') : now.index('data-name="BLACK"')]
    tapped = re.findall(r'value="(\d)" checked', code)
    assert "".join(tapped) == best["args"]["CODE"]  # the code to guess, a peg a row
    black = now[now.index('data-name="BLACK"') :]
    black_input = black[black.index("<input") : black.index(">", black.index("<input"))]
    assert 'value=""' in black_input  # the answer: empty, never a 0 unread
    declared = registry.find("kreuzverhoer")
    setup = {**parse_presets(declared.table_setup), "first": "opponent"}
    setup["hand"] = "profiler lawyer refusal"
    client.post("/api/sessions", json={"game": "kreuzverhoer", "setup": setup})
    for line in ("they ask Mord Berlin Nora Messer", "they play confrontation"):
        client.post("/api/sessions/kreuzverhoer/lines", json={"line": line})
    turn = client.get("/api/sessions/kreuzverhoer").json()["turn"]
    assert turn["note"] == "tell them the suspect is not Nora M."
    answer = turn["ways"][0]
    assert (answer["verb"], answer["filled"]) == ("answer", {"ANSWER": ["no"]})
    blocks = [w["given"]["CARD"] for w in turn["ways"][1:]]
    assert blocks == ["refusal"]  # the blocking card in my hand (no Alibi held)


def test_the_crime_writers_clock_is_in_the_state_and_on_the_page(client: TestClient) -> None:
    declared = registry.find("crime-writers")
    client.post("/api/sessions", json={"game": "crime-writers", "setup": {}})
    state = client.get("/api/sessions/crime-writers").json()
    assert state["clock"] == {"seconds": 0.0, "running": False}
    assert 'data-line="timer start"' in client.get("/play/crime-writers").text
    started = client.post("/api/sessions/crime-writers/lines", json={"line": "timer start"})
    assert started.json()["clock"]["running"] is True
    page = client.get("/play/crime-writers").text
    assert 'data-line="timer stop"' in page and "data-running" in page
    stopped = client.post("/api/sessions/crime-writers/lines", json={"line": "timer stop"})
    assert stopped.json()["clock"]["running"] is False
    for name in GAMES:  # only a game that keeps a clock has one
        if name != declared.name:
            setup = parse_presets(registry.find(name).table_setup)
            id_ = client.post("/api/sessions", json={"game": name, "setup": setup}).json()["id"]
            assert client.get(f"/api/sessions/{id_}").json()["clock"] is None


def test_an_advised_move_never_fills_an_argument_written_with_its_keyword() -> None:
    from deduce.serve.forms import Field, Form, advised

    # BSI's solve: the case named, and "new CASE", the solver's new case (never advised)
    fields = (Field("CASE", "Case", "text"), Field("CASE", "New case", "text", keyword="new"))
    form = Form("solve", "", (), fields, False)
    filled = advised([form], "solve", {"CASE": "man/day/inside/knife"})[0]
    assert [f.filled for f in filled.fields] == [("man/day/inside/knife",), ()]


def test_a_suggested_name_of_two_words_is_its_button_tapped(client: TestClient) -> None:
    declared = registry.find("kreuzverhoer")
    setup = {**parse_presets(declared.table_setup), "first": "opponent"}
    setup.update(hand="profiler lawyer refusal", case="Mord Ulm Ede Gift")
    client.post("/api/sessions", json={"game": "kreuzverhoer", "setup": setup})
    for line in ("they ask Mord Berlin Nora Messer", "they play profiler"):
        client.post("/api/sessions/kreuzverhoer/lines", json={"line": line})
    turn = client.get("/api/sessions/kreuzverhoer").json()["turn"]
    assert turn["ways"][0]["filled"] == {"NAME": ["Juri L."]}
    now = _now(client.get("/play/kreuzverhoer").text)
    assert re.findall(r'value="([^"]+)" checked', now) == ["Juri_L."]  # the button of it


def test_my_ermittler_vor_ort_may_say_the_scene_is_wrong_at_the_step(client: TestClient) -> None:
    declared = registry.find("kreuzverhoer")
    setup = {**parse_presets(declared.table_setup), "hand": "investigators_on_site lawyer refusal"}
    client.post("/api/sessions", json={"game": "kreuzverhoer", "setup": setup})
    state = client.post(
        "/api/sessions/kreuzverhoer/lines", json={"line": "ask Mord Ulm Nora Brechstange 2"}
    ).json()
    right, wrong = state["turn"]["ways"][:2]
    assert (right["verb"], right["line"]) == ("site", "site WEAPON WEAPON")
    assert (wrong["verb"], wrong["given"]) == ("site", {"wrong": "wrong"})
    assert wrong["line"] == "site wrong"
    state = client.post("/api/sessions/kreuzverhoer/lines", json={"line": wrong["line"]}).json()
    assert state["history"][-1]["words"] == "Ermittler vor Ort: not Ulm"
