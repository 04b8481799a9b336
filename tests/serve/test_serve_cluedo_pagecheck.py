"""Cluedo on the phone page as a player met it, a deal written down first (3 players, the
classic deck): right after my own suggestion the page offers my accusation and never fills
in another player's; a refusal says no Python; junk in a body is refused, never a 500; a
German page names the cards as the deck does and labels every field in German."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from serving import TestClient

# The deal, written down before the game: Envelope Scarlet, Candlestick, Hall;
# Anna: Conservatory, Dining room, Green, Mustard, Rope, White;
# me: Billiard room, Kitchen, Lead pipe, Peacock, Plum, Study;
# Bernd: Ballroom, Dagger, Library, Lounge, Revolver, Spanner.
SETUP = {
    "players": "Anna me Bernd",
    "me": "me",
    "hand": "Peacock Plum Lead_pipe Billiard_room Kitchen Study",
}
LINES = (  # answered from the deal above
    "suggest Anna White Dagger Kitchen me Kitchen",
    "suggest me Green Lead_pipe Billiard_room Anna Green",
    "suggest Bernd Scarlet Candlestick Lounge nobody",
    "suggest Anna Scarlet Revolver Ballroom Bernd",
    "suggest me Mustard Candlestick Billiard_room Anna Mustard",
    "suggest Bernd White Rope Hall Anna",
    "suggest Anna Scarlet Spanner Library Bernd",
)
SOLVING = "suggest me Scarlet Candlestick Hall nobody"  # my suggestion that proves it

# Another deal (seed 105 of random suggestions, the advice's own for me): after my last
# suggestion the envelope is not certain, but the race says accuse (69.8% right).
RACE_SETUP = {
    "players": "Anna me Bernd",
    "me": "me",
    "hand": "Library Kitchen Dining_room Conservatory Peacock Spanner",
}
RACE_LINES = (
    "suggest Anna White Dagger Conservatory me Conservatory",
    "suggest me Green Spanner Conservatory Bernd Green",
    "suggest Bernd Green Lead_pipe Billiard_room nobody",
    "suggest Anna Peacock Spanner Conservatory me Conservatory",
    "suggest me Mustard Lead_pipe Conservatory Anna Mustard",
    "suggest Bernd Scarlet Rope Lounge Anna",
    "suggest Anna Scarlet Rope Library me Library",
    "suggest me Plum Lead_pipe Billiard_room Bernd Plum",
    "suggest Bernd Scarlet Revolver Kitchen Anna",
    "suggest Anna Peacock Spanner Hall me Peacock",
    "suggest me White Lead_pipe Billiard_room Bernd White",
)
GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}


def played(client: TestClient, setup: dict[str, str], lines: tuple[str, ...]) -> Any:
    answer = client.post("/api/sessions", json={"game": "cluedo", "setup": setup})
    assert answer.status_code == 201, answer.text
    for line in lines:
        answer = client.post("/api/sessions/cluedo/lines", json={"line": line})
        assert answer.status_code == 200, (line, answer.text)
    return answer.json()


def step_forms(page: str) -> list[tuple[str, str, list[str]]]:
    """The forms of the step at hand: (verb, the player it is fixed to, the values
    filled in)."""
    now = page[page.index('<section class="now"') :]
    now = now[: now.index("</section>")]
    found = []
    for form in re.findall(r"<form class=\"verb card now\".*?</form>", now, re.S):
        verb = re.search(r'data-verb="(\w+)"', form)
        player = re.search(
            r'data-name="PLAYER"[^>]*hidden><input type="hidden" value="([^"]*)"', form
        )
        filled = re.findall(r'value="([^"]*)" checked', form)
        assert verb is not None and player is not None, form[:300]
        found.append((verb.group(1), player.group(1), filled))
    return found


def test_my_solving_suggestion_fills_in_no_other_players_accusation(
    client: TestClient,
) -> None:
    """Right after my suggestion proved the envelope, the page advised `accuse me ...`
    and drew Bernd's accusation filled in with it: a tap on "right" and Enter recorded
    "Bernd accused Scarlet, Candlestick, Hall: right", Bernd the winner."""
    state = played(client, SETUP, (*LINES, SOLVING))
    best = state["advice"]["moves"][0]
    assert best["verb"] == "accuse" and best["args"]["PLAYER"] == "me"
    for verb, player, filled in step_forms(client.get("/play/cluedo").text):
        if player != "me":
            assert filled == [], f"{player}'s {verb} is filled in with my move: {filled}"


def test_after_my_suggestion_the_race_accusation_is_advised(client: TestClient) -> None:
    """The console says "Accuse now (...)" right after my suggestion when the race says
    so; the page advised nothing at all (only Bernd's turn)."""
    state = played(client, RACE_SETUP, RACE_LINES)
    moves = state["advice"]["moves"]
    assert moves, "no advice right after my suggestion, though the race says accuse"
    assert moves[0]["verb"] == "accuse" and moves[0]["args"]["PLAYER"] == "me"
    assert moves[0]["args"]["SUSPECT"] == "Scarlet"


def test_a_card_only_another_player_saw_is_refused_without_python_words(
    client: TestClient,
) -> None:
    """It said: card "Revolver" is not valid; expected None: only Anna saw the card."""
    played(client, SETUP, LINES[:3])
    answer = client.post(
        "/api/sessions/cluedo/lines",
        json={"line": "suggest Anna Scarlet Revolver Ballroom Bernd Revolver"},
    )
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert "only Anna saw" in error
    assert "None" not in error, error
    answer = client.post(
        "/api/sessions/cluedo/lines",
        json={"line": "suggest Anna Scarlet Revolver Ballroom nobody Revolver"},
    )
    assert answer.status_code == 422
    assert "None" not in answer.json()["error"], answer.json()["error"]


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/sessions/cluedo/lines", b'{"line": "suggest Bernd \\ud800 Rope Hall Anna"}'),
        ("/api/sessions", b'{"game": "\\ud800"}'),
        ("/api/sessions", b'{"game": "mastermind", "setup": {"pegs": "\\udfff"}}'),
    ],
)
def test_a_lone_surrogate_is_refused_not_a_server_error(
    client: TestClient, path: str, body: bytes
) -> None:
    """A JSON string may escape half a UTF-16 pair, which is no character: the refusal
    quoting it could not be encoded, and the answer was 500 Internal Server Error."""
    played(client, SETUP, LINES[:1])
    answer = client.post(path, content=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == 422, answer.text
    assert "character" in answer.json()["error"]
    assert client.get("/api/sessions/cluedo").json()["history"][-1]["n"] == 1


def test_a_german_page_names_the_cards_as_the_deck_does(client: TestClient) -> None:
    """The sheet's list said "Weiß" for the suspect White (the colour's translation),
    while the grid, the forms and the history said White."""
    played(client, SETUP, LINES)
    page = html.unescape(client.get("/play/cluedo", headers=GERMAN).text)
    assert "Weiß" not in page
    sheet = page[page.index('id="sheet-h"') :]
    assert "White" in sheet


def test_a_german_page_labels_every_field_of_a_suggestion_in_german(
    client: TestClient,
) -> None:
    """The suggestion's fields were "Verdächtiger", "Waffe", then "Room" and "Shown"."""
    played(client, SETUP, LINES[:1])
    page = client.get("/play/cluedo", headers=GERMAN).text
    legends = re.findall(r"<legend>([^<]*)", page)
    for english in ("Room", "Shown", "Player"):
        assert english not in legends, legends


def test_after_my_suggestion_the_step_at_hand_offers_my_accusation(
    client: TestClient,
) -> None:
    """In Cluedo the suggester may accuse in the same turn: right after my suggestion the
    banner said "Bernd's turn" and the step offered only Bernd's "Suggests" and
    "Accuses"; my accusation was only under "Every clue, out of turn too"."""
    state = played(client, SETUP, (*LINES, SOLVING))
    assert state["turn"]["name"] == "me", state["turn"]["heading"]
    ways = step_forms(client.get("/play/cluedo").text)
    assert any(verb == "accuse" and player == "me" for verb, player, _ in ways), ways
    # the next player may go on at once, and none of their forms holds my envelope
    theirs = [(verb, filled) for verb, player, filled in ways if player == "Bernd"]
    assert sorted(verb for verb, _ in theirs) == ["accuse", "suggest"], ways
    assert all(not filled for _, filled in theirs), ways


def test_after_my_suggestion_far_from_an_accusation_the_step_is_the_next_players(
    client: TestClient,
) -> None:
    """When no accusation can be advised after my suggestion (the likeliest envelope far
    below what the race asks), the step at hand stays the next player's, as it was."""
    state = played(client, SETUP, LINES[:2])
    assert state["turn"]["name"] == "Bernd", state["turn"]["heading"]
    ways = step_forms(client.get("/play/cluedo").text)
    assert {player for _, player, _ in ways} == {"Bernd"}, ways


def test_what_the_notebook_says_is_in_the_readers_language(client: TestClient) -> None:
    """A line entered on an English phone showed on a German one as "Notiert: me accused
    Scarlet, Candlestick, Hall: right", under a history in German."""
    played(client, SETUP, LINES[:1])
    page = html.unescape(client.get("/play/cluedo", headers=GERMAN).text)
    said = page[page.index('id="said-h"') :]
    said = said[: said.index("</section>")]
    assert "Anna hat White, Dagger, Kitchen verdächtigt" in said, said


def test_a_german_page_says_the_solution_is_certain_in_german(client: TestClient) -> None:
    """Once the envelope is proved the advice is the solution: the heading's note reads
    as German, never "nach die Lösung"."""
    played(client, SETUP, (*LINES, SOLVING, "suggest Bernd White Rope Hall Anna"))
    page = html.unescape(client.get("/play/cluedo", headers=GERMAN).text)
    heading = re.search(r'<h2 id="advice-h">(.*?)</h2>', page, re.S)
    assert heading is not None
    words = " ".join(re.sub(r"<[^>]+>", " ", heading.group(1)).split())
    assert words == "Rat (die Lösung steht fest)"
