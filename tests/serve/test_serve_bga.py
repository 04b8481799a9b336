"""13 Indizien set up on the page from Board Game Arena's JSON: through the API's set-up
(``document`` and ``seats``) the same game as typing it, a document that is no set-up
refused in words (422) with nothing started, and on a phone, pasted into the set-up
form's field."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from browser import phone_page
from serving import AUTH, TOKEN, TestClient, launched

from deduce.games import thirteen_clues as tc
from deduce.serve import create_app

BGA = (
    '{"85268622":[{"name":"Officer"},{"name":"Sword"},{"name":"Park"}],'
    '"87792535":[{"name":"Duke"},{"name":"Harbor"},{"name":"Blowgun"}],'
    '"87978988":[{"name":"Countess"},{"name":"Library"},{"name":"Knife"}],'
    '"88584546":[{"name":"Butcher"},{"name":"Nurse"}]}'
)
SEATS = "87792535 85268622 87978988"


def _start(client: Any, setup: dict[str, Any]) -> Any:
    body = {"game": "thirteen-clues", "setup": setup}
    return client.post("/api/sessions", json=body, headers=AUTH)


def test_the_api_sets_up_the_game_from_the_document(tmp_path: Path) -> None:
    typed = tc.read_bga(BGA).table(SEATS.split())
    with TestClient(create_app(tmp_path, token=TOKEN)) as client:
        started = _start(client, {"document": BGA, "seats": SEATS, "first": "0", "players": 3})
        assert started.status_code == 201, started.json()
        state = started.json()
        assert state["solutions"] == typed.solution_count
        assert state["sheet"] == {k: dict(v) for k, v in typed.marginals().items()}


@pytest.mark.parametrize(
    ("setup", "why"),
    [
        ({"document": BGA}, "does not say the seating"),
        ({"document": BGA, "seats": "87792535"}, "seats"),
        ({"document": "{not json"}, "not JSON"),
        ({"document": '{"a": ["Duke", "Park"], "me": ["Butcher", "Nurse"]}'}, "two cards"),
    ],
)
def test_a_document_that_is_no_set_up_is_refused_in_words(
    tmp_path: Path, setup: dict[str, Any], why: str
) -> None:
    with TestClient(create_app(tmp_path, token=TOKEN)) as client:
        refused = _start(client, setup)
        assert refused.status_code == 422 and why in refused.json()["error"]
        assert client.get("/api/sessions", headers=AUTH).json() == []  # nothing started


def test_a_game_that_reads_no_document_refuses_one(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path, token=TOKEN)) as client:
        body = {"game": "mastermind", "setup": {"document": BGA}}
        refused = client.post("/api/sessions", json=body, headers=AUTH)
        assert refused.status_code == 422 and "reads none" in refused.json()["error"]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    with launched(tmp_path / "state", TOKEN) as served:
        yield f"http://127.0.0.1:{served.port}"


@pytest.mark.slow
def test_pasted_into_the_set_up_form_on_a_phone(server: str) -> None:
    with phone_page() as page:
        page.goto(f"{server}/?token={TOKEN}")
        page.click("summary:has-text('13 Indizien')")
        form = page.locator("form.setup[data-game=thirteen-clues]")
        form.locator('summary:has-text("Board Game Arena")').click()
        form.locator("textarea").fill(BGA)
        form.locator("[data-name=seats] input").fill(SEATS)
        form.locator("button:has-text('Start 13 Indizien')").click()
        page.wait_for_url("**/play/*")
        typed = tc.read_bga(BGA).table(SEATS.split())
        page.wait_for_selector("text=solutions left")
        assert f"{typed.solution_count} solutions left" in page.inner_text("main")
