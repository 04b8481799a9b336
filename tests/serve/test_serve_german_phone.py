"""The German page on a phone (390 px, Accept-Language de) in a real browser: 13 Indizien's
advice fills its German button, and the table's facts keep their values readable beside
a long German label, the page never wider than the phone.

Skipped where chromium or Playwright is missing (failed under CI); ``make test`` runs it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import no_sideways_scroll, phone_page, picked
from serving import launched

TOKEN = "a-token-for-the-german-phone"
PHONE = {"width": 390, "height": 844}
"""The German player's phone, in CSS pixels."""

pytestmark = pytest.mark.slow


@pytest.fixture
def german(tmp_path: Path) -> Iterator[tuple[str, Any]]:
    """`deduce serve` on a free port, and a phone's page asking for German."""
    with launched(tmp_path / "state", TOKEN) as served, phone_page(PHONE) as page:
        page.set_extra_http_headers({"Accept-Language": "de"})
        yield f"http://127.0.0.1:{served.port}", page


def started(url: str, game: str) -> None:
    """A new game of ``game``'s declared table, set up through the API."""
    import httpx

    from deduce.core import registry
    from deduce.play.setup import parse_presets

    setup = parse_presets(registry.find(game).table_setup)
    with httpx.Client(base_url=url, headers={"Authorization": f"token {TOKEN}"}) as api:
        assert api.post("/api/sessions", json={"game": game, "setup": setup}).is_success


def test_the_german_advice_fills_the_german_button(german: tuple[str, Any]) -> None:
    url, page = german
    started(url, "thirteen-clues")
    page.goto(f"{url}/play/13clues?token={TOKEN}")
    assert page.get_attribute("html", "lang") == "de"
    move = page.inner_text(".advice li button >> nth=0").strip()  # "ask 1 rot"
    _verb, witness, about = move.split()
    assert about in {"violett", "rosa", "rot", "grün", "gelb", "blau", "orange", "weiß"}
    page.click(".advice li button >> nth=0")
    ask = page.locator("section.now form[data-verb=ask]")
    assert ask.locator(".field[data-name=WITNESS] input").input_value() == witness
    assert picked(ask.locator(".field[data-name=ABOUT]")) == [about]
    assert ask.locator(".field[data-name=ABOUT] input:checked + span").inner_text() == about
    no_sideways_scroll(page)


def test_the_facts_keep_their_values_readable_on_a_german_phone(
    german: tuple[str, Any], tmp_path: Path
) -> None:
    url, page = german
    started(url, "thirteen-clues")
    page.goto(f"{url}/play/13clues?token={TOKEN}")
    facts = page.locator("dl.facts")
    assert "Falls andere jetzt anklagen" in facts.inner_text()
    no_sideways_scroll(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    width = facts.bounding_box()["width"]
    for label in facts.locator("dt").all():
        value = label.locator("xpath=following-sibling::dd[1]")
        assert label.bounding_box()["width"] <= 0.5 * width, label.inner_text()
        assert value.bounding_box()["width"] >= 112, value.inner_text()  # 7rem at least
    # a label far longer than any the games have: it wraps, its value keeps its room
    page.evaluate(
        "document.querySelector('dl.facts dt').textContent = "
        "'Falls die anderen Spieler am Tisch jetzt sofort Anklage erheben würden'"
    )
    first = facts.locator("dd").first
    assert first.bounding_box()["width"] >= 112
    line = float(page.evaluate("parseFloat(getComputedStyle(document.body).lineHeight)"))
    lines = first.evaluate(  # its words' height (the row may be the label's)
        "d => { const r = document.createRange(); r.selectNodeContents(d);"
        " return r.getBoundingClientRect().height; }"
    )
    assert lines < 4 * line, first.inner_text()  # a few lines, not a letter a line
    no_sideways_scroll(page)
    page.evaluate("document.documentElement.style.fontSize = '200%'")  # the system's text size
    no_sideways_scroll(page)
    page.evaluate("document.documentElement.style.fontSize = ''")
    page.evaluate("document.querySelector('section[aria-labelledby=facts-h]').scrollIntoView()")
    shot = tmp_path / "thirteen-clues-de-390.png"
    page.screenshot(path=str(shot), full_page=True)  # looked at by eye when the page changes
    assert shot.stat().st_size > 10_000
