"""The page while a state's advice is worked out, in a real browser (Playwright driving
Debian's chromium at a phone's viewport): the note says so, the advice shows by itself
once it is ready, written into its form as a page drawn then has it, and nothing else on
the page is drawn again meanwhile (an error said stays).

Skipped where chromium or Playwright is missing (failed under CI); ``make test`` runs it.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browser import PHONE, phone_page

pytest.importorskip("uvicorn")

from deduce.serve import OpenGame, create_app

TOKEN = "a-token-for-the-pending-page"

pytestmark = pytest.mark.slow


@pytest.fixture
def held(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, threading.Event]]:
    """A server (in this process) whose advice waits until the event is set, and
    whose requests never wait for the advice: every state's advice is pending first."""
    import uvicorn

    release = threading.Event()
    advise = OpenGame._advise

    def advising(self: OpenGame, inv: Any, strategy: str) -> Any:
        assert release.wait(60)
        return advise(self, inv, strategy)

    monkeypatch.setattr(OpenGame, "_advise", advising)
    app = create_app(tmp_path / "state", token=TOKEN, advice_wait=0)
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    try:
        for _ in range(300):
            if server.started:
                break
            threading.Event().wait(0.05)
        yield f"http://127.0.0.1:{listener.getsockname()[1]}", release
    finally:
        release.set()
        server.should_exit = True
        thread.join(10)


def _form(page: Any) -> list[str]:
    """The guess form as it is filled in: the values of its checked inputs."""
    return page.eval_on_selector_all(
        "form[data-verb=guess] input:checked", "inputs => inputs.map(i => i.value)"
    )


def test_pending_advice_shows_by_itself_and_nothing_else_is_redrawn(
    held: tuple[str, threading.Event],
) -> None:
    from playwright.sync_api import expect

    url, release = held
    with phone_page(PHONE) as page:
        page.goto(f"{url}/?token={TOKEN}")
        page.click("summary:has-text('Mastermind')")
        page.click("button:has-text('Start Mastermind')")
        page.wait_for_url("**/play/mastermind")
        note = page.locator("#advice-part [data-pending]")
        expect(note).to_contain_text("Working out the advice for the game as it stands")
        page.click("form[data-verb=guess] button[type=submit]")  # nothing filled in
        alert = page.locator("#alert")
        expect(alert).to_contain_text("fill it in first")
        history = page.locator("h2:has-text('History')").element_handle()
        assert _form(page) == []  # the best move is not known yet
        release.set()
        expect(page.locator("#advice-part button.fill").first).to_be_visible(timeout=20_000)
        expect(note).to_have_count(0)
        expect(alert).to_contain_text("fill it in first")  # what was said stays
        assert history is not None and history.evaluate("h => h.isConnected")  # not redrawn
        filled = _form(page)
        page.reload()
        assert filled and filled == _form(page)  # written in as a page drawn now has it
