"""Right after my own Cluedo suggestion proved the envelope, on a phone in a real browser
(Playwright driving Debian's chromium): the page advises my accusation; the step at
hand is still mine (the next player's forms beside it are not filled in with it), a tap
on the advice fills in a form of mine, and Enter records my accusation, not the next
player's; what the notebook says
sits in its box without blank lines around it.

Skipped where chromium or Playwright is missing (failed under CI); ``make test`` runs it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser import PHONE, phone_page

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from serving import launched
from test_serve_cluedo_pagecheck import LINES, SETUP, SOLVING

TOKEN = "a-token-for-my-accusation"

pytestmark = pytest.mark.slow


def test_my_accusation_after_my_solving_suggestion_is_mine(tmp_path: Path) -> None:
    import httpx
    from playwright.sync_api import expect

    with launched(tmp_path / "state", TOKEN) as served, phone_page(PHONE) as page:
        url = f"http://127.0.0.1:{served.port}"
        auth = {"Authorization": f"token {TOKEN}"}
        answer = httpx.post(
            f"{url}/api/sessions", json={"game": "cluedo", "setup": SETUP}, headers=auth
        )
        assert answer.status_code == 201, answer.text
        for line in (*LINES, SOLVING):
            answer = httpx.post(
                f"{url}/api/sessions/cluedo/lines", json={"line": line}, headers=auth
            )
            assert answer.status_code == 200, answer.text
        page.goto(f"{url}/play/cluedo?token={TOKEN}")
        # my turn goes on: I may accuse, else it is Bernd's turn
        assert page.inner_text("section.turn h2") == "Your turn"
        assert "else it is Bernd's turn" in page.inner_text("section.turn")
        # Bernd's ways are not filled in with my envelope: one tap on "right" and Enter
        # made Bernd the winner
        filled = page.eval_on_selector_all(
            "section.now form:has(input[type=hidden][value=Bernd]) input:checked",
            "inputs => inputs.map(i => i.value)",
        )
        assert filled == []
        # what the notebook says starts at the top of its box (no blank line above it)
        gap = page.evaluate(
            """() => { const box = document.querySelector('.said');
                       const top = box.querySelector('p').getBoundingClientRect().top;
                       return top - box.getBoundingClientRect().top; }"""
        )
        assert gap < 16, f"the notebook's words start {gap} px below the top of their box"
        advice = page.locator("#advice-part button.fill").first
        assert advice.inner_text().strip() == "accuse me Scarlet Candlestick Hall"
        advice.click()
        form = page.locator("form[data-verb=accuse]:has(input[value=Scarlet]:checked)")
        expect(form).to_have_count(1)
        form.locator("label.chip:has(input[value=right])").click()
        form.locator("button[type=submit]").click()
        expect(page.locator(".history li")).to_have_count(len(LINES) + 2)
        assert page.locator(".history li").last.inner_text() == (
            "me accused Scarlet, Candlestick, Hall: right"
        )
        expect(page.locator("section.turn")).to_contain_text("me accused right")
