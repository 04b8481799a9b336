"""Cluedo on ``deduce serve``: the set-up, the events of the table as lines, the detective's
sheet as grids from data, refusals in the console's words; and a game on a phone in a
real browser (Playwright on Debian's chromium), a deal written down first."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from rich.console import Console
from serving import TestClient, launched

from deduce.games.cluedo import Investigation
from deduce.games.cluedo.play import ADAPTER, cell
from deduce.play.session import Session

PLAYERS = ("Scarlet", "me", "Peacock", "Plum")
HAND = ("Plum", "Rope", "Hall", "Lounge", "White")
SETUP = {"players": " ".join(PLAYERS), "me": "me", "dealer": "Plum", "hand": " ".join(HAND)}
# the deal, written down before the game: the others' hands and the envelope
HANDS = {
    "Scarlet": ("Green", "Dagger", "Ballroom", "Kitchen", "Study"),
    "Peacock": ("Scarlet", "Candlestick", "Conservatory", "Dining room"),
    "Plum": ("Peacock", "Revolver", "Spanner", "Billiard room"),
}
LINES = (  # answered from the deal above
    "suggest Scarlet Peacock Rope Lounge me Rope",
    "suggest me Green Candlestick Kitchen Peacock Candlestick",
    "suggest Peacock Mustard Lead Library nobody",
)
TOKEN = "a-token-for-the-browser"


def notebook(lines: tuple[str, ...] = LINES) -> Investigation:
    inv = Investigation(PLAYERS, "me", HAND, dealer="Plum")
    for line in lines:
        call = ADAPTER.grammar.parse(line.split(), inv)
        inv = call.verb.do(inv, call.values)
    return inv


def console_says(line: str) -> str:
    """What the console prints for ``line`` after :data:`LINES`."""
    out = io.StringIO()
    console = Console(file=out, width=100, soft_wrap=True, color_system=None, highlight=False)
    session = Session(ADAPTER, notebook(), console, autosave=None)
    out.truncate(0)
    out.seek(0)
    session.handle(line)
    return out.getvalue().strip()


def test_the_sheet_is_a_grid_per_kind_of_card_from_the_notebook(client: TestClient) -> None:
    assert client.post("/api/sessions", json={"game": "cluedo", "setup": SETUP}).status_code == 201
    for line in LINES:
        answer = client.post("/api/sessions/cluedo/lines", json={"line": line})
        assert answer.status_code == 200, answer.json()
    state = answer.json()
    inv = notebook()
    grids = {g["title"]: g for g in state["grids"]}
    assert list(grids) == ["Suspects", "Weapons", "Rooms"]
    locations = inv.card_locations()
    for grid, cards in zip(grids.values(), inv.deck.categories, strict=True):
        assert grid["columns"] == ["card", "envelope", *PLAYERS]
        assert [row[0] for row in grid["rows"]] == list(cards)
        for card, *squares in grid["rows"]:
            assert squares == [cell(locations[card].get(p)) for p in ("envelope", *PLAYERS)]
    assert grids["Weapons"]["rows"][0] == ["Candlestick", "✗", "✗", "✗", "✓", "✗"]
    assert state["turn"]["name"] == "Plum" and not state["turn"]["mine"]
    assert state["advice"]["moves"] == []  # not my turn
    facts = {f["label"]: f["value"] for f in state["facts"]}
    assert facts["Your hand"] == ", ".join(inv.hand)
    assert facts["Turn order"] == ", ".join(PLAYERS)
    # the table's view: the history without the cards shown to me, no sheet
    view = client.get("/api/view/cluedo").json()
    assert view["grids"] == []
    assert "me suggested Green, Candlestick, Kitchen: Peacock showed a card" in view["history"]


@pytest.mark.parametrize(
    "line",
    [
        "suggest Zed Green Dagger Study nobody",
        "suggest Plum Zzz Dagger Study nobody",
        "suggest Plum Green Hall Study nobody",
        "suggest Plum Green Dagger Study Zed",
        "suggest Plum Green Dagger Study",
        "suggest Plum Peacock Rope Lounge nobody",
        "suggest Plum Mustard Lead Library Scarlet",  # Scarlet passed on all three
        "accuse Plum Green Dagger Study maybe",
        "seen Zed Hall",
        "seen Plum Zzz",
        "rooms Rope",
    ],
)
def test_a_refused_line_is_422_with_the_consoles_words_and_nothing_changes(
    client: TestClient, line: str
) -> None:
    client.post("/api/sessions", json={"game": "cluedo", "setup": SETUP})
    for done in LINES:
        client.post("/api/sessions/cluedo/lines", json={"line": done})
    before = client.get("/api/sessions/cluedo").json()
    answer = client.post("/api/sessions/cluedo/lines", json={"line": line})
    assert answer.status_code == 422
    said = console_says(line)
    assert said.startswith("refused: "), said
    first, *more = said.removeprefix("refused: ").split("\n")
    assert answer.json()["error"] == first if not more else answer.json()["error"].startswith(first)
    for clue in (m.strip() for m in more if m.strip()[:2] in {"1.", "2.", "3."}):
        assert clue in answer.json()["error"]  # the clues it contradicts, by number
    assert client.get("/api/sessions/cluedo").json() == before


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("players", "Ann Bob", 'players "Ann Bob" is not valid (2 named)'),
        ("me", "Zed", 'me "Zed" is not valid; expected one of the players'),
        ("hand", "Plum Rope", "(18 cards are dealt round 4 players from the one after Plum"),
        ("hand", "Plum Rope Hall Lounge Zzz", 'hand "Zzz" is not valid'),
        ("face_up", "Zzz", 'face_up "Zzz" is not valid'),
        ("shows_first", "me=Hall", 'shows_first "me=Hall" is not valid (it is me)'),
        ("deck", "nosuch.toml", 'nosuch.toml" is not valid (No such file or directory)'),
    ],
)
def test_bad_set_up_answers_are_422_in_the_consoles_words(
    client: TestClient, key: str, value: str, words: str
) -> None:
    answer = client.post("/api/sessions", json={"game": "cluedo", "setup": {**SETUP, key: value}})
    assert answer.status_code == 422
    assert words in answer.json()["error"]


def _set_up(page: Any, url: str) -> Any:
    """The page's Cluedo set-up, the players named and me picked among them."""
    from browser import pick

    page.goto(f"{url}/?token={TOKEN}")
    page.click("summary:has-text('Cluedo')")
    setup = page.locator("form.setup[data-game=cluedo]")
    setup.locator("#setup-cluedo-players").fill(SETUP["players"])
    setup.locator("#setup-cluedo-players").dispatch_event("input")
    pick(setup.locator(".field[data-name=me]"), "me")
    return setup


@pytest.mark.slow
def test_a_game_of_cluedo_on_a_phone(tmp_path: Path) -> None:
    from browser import PHONE, no_sideways_scroll, phone_page, pick, way_now
    from playwright.sync_api import expect

    with launched(tmp_path / "state", TOKEN) as served, phone_page(PHONE) as page:
        url = f"http://127.0.0.1:{served.port}"
        setup = _set_up(page, url)
        pick(setup.locator(".field[data-name=dealer]"), "Plum")
        pick(setup.locator(".field[data-name=hand]"), *HAND)  # several cards: each tapped
        setup.locator("button[type=submit]").click()
        page.wait_for_url("**/play/cluedo")
        assert page.inner_text("section.turn h2") == "Scarlet's turn"
        no_sideways_scroll(page)

        def suggest(suspect: str, weapon: str, room: str, shown: str, card: str = "") -> None:
            form = way_now(page, "suggest")
            pick(form.locator(".field[data-name=SUSPECT]"), suspect)
            pick(form.locator(".field[data-name=WEAPON]"), weapon)
            pick(form.locator(".field[data-name=ROOM]"), room)
            pick(form.locator(".field[data-name=SHOWN]"), shown)
            if card:
                pick(form.locator(".field[data-name=CARD]"), card)
            form.locator("button[type=submit]").click()

        suggest("Peacock", "Rope", "Lounge", "me", "Rope")  # Scarlet's; I showed Rope
        expect(page.locator(".history li")).to_have_count(1)
        assert page.inner_text("section.turn h2") == "Your turn"
        advised = page.locator(".advice li button").first
        inv = notebook(LINES[:1])
        best = ADAPTER.recommend(inv, inv.default_strategy)[0]
        assert advised.inner_text().strip() == str(best.action)
        # my own suggestion, as the table answered it from the deal
        suggest("Green", "Candlestick", "Kitchen", "Peacock", "Candlestick")
        expect(page.locator(".history li")).to_have_count(2)
        assert page.inner_text("section.turn h2") == "Peacock's turn"
        assert page.locator(".advice li button").count() == 0  # advice on my turn only
        suggest("Mustard", "Lead pipe", "Library", "nobody")
        expect(page.locator(".history li")).to_have_count(3)
        # the sheet: a table per kind of card, its squares from the notebook
        inv = notebook()
        locations = inv.card_locations()
        weapons = page.locator("table.grid:has(caption:text-is('Weapons'))")
        assert weapons.locator("th").all_inner_texts() == ["card", "envelope", *PLAYERS]
        for row in weapons.locator("tbody tr").all():
            card, *squares = row.locator("td").all_inner_texts()
            assert squares == [cell(locations[card].get(p)) for p in ("envelope", *PLAYERS)]
        # a line refused: the console's words, nothing changed
        page.fill("#free-line", "suggest Plum Mustard Lead Library Scarlet")
        page.click("form.free button")
        alert = page.locator("#alert")
        alert.wait_for(state="visible")
        assert "contradicts the earlier clue" in alert.inner_text()
        assert page.locator(".history li").count() == 3
        no_sideways_scroll(page)
        page.evaluate("window.scrollTo(0, 0)")
        shot = tmp_path / "cluedo-phone.png"  # looked at by eye when the page changes
        page.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 10_000


@pytest.mark.slow
def test_cards_face_up_are_picked_as_buttons_on_a_phone(tmp_path: Path) -> None:
    """The house rule's cards face up are tapped like the hand's, and the notebook takes
    them: 18 cards dealt round four players, two face up, four each."""
    from browser import PHONE, phone_page, pick, picked
    from playwright.sync_api import expect

    with launched(tmp_path / "state", TOKEN) as served, phone_page(PHONE) as page:
        url = f"http://127.0.0.1:{served.port}"
        setup = _set_up(page, url)
        up = setup.locator(".field[data-name=face_up]")
        assert up.get_attribute("data-control") == "buttons"
        pick(up, "Library", "Dagger")
        assert sorted(picked(up)) == ["Dagger", "Library"]
        pick(setup.locator(".field[data-name=hand]"), "Plum", "Rope", "Hall", "Lounge")
        setup.locator("button[type=submit]").click()
        page.wait_for_url("**/play/cluedo")
        expect(page.locator("section.turn h2")).to_have_text("Scarlet's turn")
        rooms = page.locator("table.grid:has(caption:text-is('Rooms'))")
        assert "face up" in rooms.locator("th").all_inner_texts()
        row = rooms.locator("tbody tr:has(td:text-is('Library'))")
        assert row.locator("td").all_inner_texts()[-1] == "✓"
