"""A game moved between devices on the page: the game page shows it as text and a QR
code, and another server's first page opens the text (the API's ``shared``), asking
first over a game in progress; a text that is no shared game is refused in words."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from browser import phone_page
from serving import AUTH, TOKEN, TestClient, launched

from deduce.games.mastermind import Investigation
from deduce.play.sharing import shared_text
from deduce.serve import create_app

VIEW = "a-view-token-for-the-sharing-tests"
GAME = Investigation(4, 6).guess("1122", black=1, white=0).guess("3456", black=0, white=2)


def test_the_api_opens_a_shared_game_and_asks_over_one_in_progress(tmp_path: Path) -> None:
    text = shared_text(GAME)
    with TestClient(create_app(tmp_path, token=TOKEN)) as client:
        opened = client.post("/api/sessions", json={"shared": text}, headers=AUTH)
        assert opened.status_code == 201, opened.json()
        assert opened.json()["solutions"] == GAME.solution_count
        again = client.post("/api/sessions", json={"shared": text, "replace": False}, headers=AUTH)
        assert again.status_code == 409 and again.json()["in_progress"] == "mastermind"
        for junk, why in [("deduce1:xyz", "damaged"), (42, "shared 42"), ("hello", "deduce1:")]:
            refused = client.post("/api/sessions", json={"shared": junk}, headers=AUTH)
            assert refused.status_code == 422 and why in refused.json()["error"], junk


def test_the_game_as_text_and_its_qr_code_are_made_when_asked_for(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path, token=TOKEN, view_token=VIEW)) as client:
        client.post("/api/sessions", json={"shared": shared_text(GAME)}, headers=AUTH)
        page = client.get("/play/mastermind", headers=AUTH).text
        assert "Move this game to another device" in page
        assert shared_text(GAME) not in page  # not drawn at every redraw: asked for
        moved = client.get("/api/sessions/mastermind/shared", headers=AUTH)
        assert moved.status_code == 200
        assert moved.json()["text"] == shared_text(GAME)
        assert moved.json()["qr"].startswith("data:image/svg+xml")
        view = {"Authorization": f"token {VIEW}"}  # it holds my hand: never the table's view
        assert client.get("/api/sessions/mastermind/shared", headers=view).status_code == 403
        assert client.get("/api/sessions/nosuch/shared", headers=AUTH).status_code == 404


@pytest.mark.slow
def test_moved_from_one_phone_to_another(tmp_path: Path) -> None:
    with (
        launched(tmp_path / "one", TOKEN) as one,
        launched(tmp_path / "two", TOKEN) as two,
        phone_page() as page,
    ):
        first = f"http://127.0.0.1:{one.port}"
        page.goto(f"{first}/?token={TOKEN}")
        page.click("summary:has-text('Mastermind')")
        page.click("button:has-text('Start Mastermind')")
        page.wait_for_url("**/play/mastermind")
        after = Investigation(4, 6).guess("1122", black=1, white=0)
        page.fill("form.free input", "1122 1 0")  # a line as in the console
        page.click("form.free button:has-text('Send')")
        page.wait_for_selector(f"text={after.solution_count} solutions left")
        page.click("summary:has-text('Move this game to another device')")
        from playwright.sync_api import expect

        expect(page.locator("textarea.share")).to_have_value(re.compile("^deduce1:"))  # fetched
        assert page.locator("details.moved img.qr").is_visible()
        expect(page.locator("details.moved img.qr")).to_have_js_property("complete", True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= page.viewport_size["width"]  # the code fits the phone, never wider
        text = page.locator("textarea.share").input_value()
        assert text.startswith("deduce1:")
        page.goto(f"http://127.0.0.1:{two.port}/?token={TOKEN}")
        page.locator("#shared-text").fill(text)
        page.click("button:has-text('Open it')")
        page.wait_for_url("**/play/mastermind")
        page.wait_for_selector(f"text={after.solution_count} solutions left")
