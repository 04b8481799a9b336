"""The table's view: a second link (its own token) that shows every player what they may
all see, follows the game, and can change nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from serving import AUTH, TOKEN, TestClient

from deduce.core import registry
from deduce.play.files import load_file
from deduce.play.setup import parse_presets
from deduce.serve import create_app

VIEW = "a-view-token-for-the-tests"
GAMES = [g.name for g in registry.declarations() if g.front_end]


@pytest.fixture
def served(tmp_path: Path) -> Any:
    app = create_app(tmp_path, token=TOKEN, view_token=VIEW)
    with TestClient(app, headers=AUTH) as owner, TestClient(app) as table:
        table.headers["Authorization"] = f"token {VIEW}"
        yield owner, table, tmp_path


def _hand(name: str, table: Any) -> list[str]:
    """The cards in my hand, as the game names them (none for a game without one)."""
    from deduce.games.kreuzverhoer import CARD_TITLES

    if name == "bsi":
        return [str(card) for card in table.hand]
    if name == "kreuzverhoer":
        return [CARD_TITLES[card] for card in table.hand or ()]
    if name == "thirteen-clues":
        return list(table.hand)
    return []


@pytest.mark.parametrize("name", GAMES)
def test_the_view_shows_what_everyone_may_see_and_never_a_hand_or_advice(
    served: Any, name: str
) -> None:
    owner, table, folder = served
    declared = registry.find(name)
    setup = parse_presets(declared.table_setup)
    id_ = owner.post("/api/sessions", json={"game": name, "setup": setup}).json()["id"]
    kind = declared.adapter().investigation_type
    for line in ("", *declared.table_lines):
        if line:
            done = owner.post(f"/api/sessions/{id_}/lines", json={"line": line})
            assert done.status_code == 200
        public = table.get(f"/api/view/{id_}").json()
        assert set(public) == {
            "schema",
            "id",
            "version",
            "game",
            "title",
            "turn",
            "history",
            "facts",
            "grids",
            "clock",
        }
        assert public["schema"] == 2
        text = json.dumps(public)
        for private in ("advice", "probab", "solution", '"sheet"', "%"):  # the score sheet: yes
            assert private not in text, (line, private)
        mine = load_file(folder / f"{id_}.json", kind)
        for card in _hand(name, mine):
            assert card not in text, (line, card)
        page = table.get(f"/view/{id_}").text
        assert "<form" not in page and TOKEN not in page and 'deduce-token" content=""' in page
    history = table.get(f"/api/view/{id_}").json()["history"]
    assert len(history) >= 1 or not declared.table_lines


def test_the_view_changes_nothing_and_opens_nothing_else(served: Any) -> None:
    owner, table, _ = served
    owner.post("/api/sessions", json={"game": "mastermind", "setup": {"pegs": 2, "colours": 3}})
    owner.post("/api/sessions/mastermind/lines", json={"line": "12 1 0"})
    public = table.get("/api/view/mastermind").json()
    assert public["history"] == ["12: 1 black, 0 white"]
    assert public["turn"]["mine"] and public["facts"][0]["label"] == "Guesses"
    for method, path, body in (
        ("POST", "/api/sessions/mastermind/lines", {"line": "21 0 2"}),
        ("POST", "/api/sessions", {"game": "mastermind"}),
        ("POST", "/api/view/mastermind", {"line": "21 0 2"}),
        ("GET", "/api/sessions/mastermind", None),
        ("GET", "/play/mastermind", None),
        ("GET", "/", None),
    ):
        refused = table.request(method, path, json=body)
        assert refused.status_code == 403, path
        assert "table's view" in refused.text and "changes nothing" in refused.text, path
    assert len(owner.get("/api/sessions/mastermind").json()["history"]) == 1
    assert owner.get("/api/view/mastermind").status_code == 200  # the player sees it too
    link = owner.get("/play/mastermind").text
    assert f"/view/mastermind?token={VIEW}" in link and 'src="data:image/svg+xml' in link
    opened = table.get(f"/view/mastermind?token={VIEW}", headers={"Authorization": ""})
    assert f"-view={VIEW};" in opened.headers["set-cookie"]  # a cookie of its own


def test_a_view_token_must_be_another_token(tmp_path: Path) -> None:
    from deduce import InvalidInput

    with pytest.raises(InvalidInput, match="view_token"):
        create_app(tmp_path, token="same-token", view_token="same-token")


def test_the_views_turn_says_nothing_of_how_close_i_am_to_the_envelope(served: Any) -> None:
    """After my Cluedo suggestion my own page offers my accusation only when my notebook
    makes the envelope likely; the table's view names the next player either way, so
    nobody reads my chances off whose turn it shows."""
    from test_serve_cluedo_pagecheck import LINES, SETUP, SOLVING

    owner, table, _ = served
    id_ = owner.post("/api/sessions", json={"game": "cluedo", "setup": SETUP}).json()["id"]
    for line in (*LINES, SOLVING):
        assert owner.post(f"/api/sessions/{id_}/lines", json={"line": line}).status_code == 200
    assert owner.get(f"/api/sessions/{id_}").json()["turn"]["name"] == "me"  # mine: accuse
    assert table.get(f"/api/view/{id_}").json()["turn"]["name"] == "Bernd"
