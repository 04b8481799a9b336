"""The table's own tables, drawn: BSI's scores and each seat's evidence grid (the cards
under each field), Crime Writers' score sheet, Kreuzverhör's questionings; for every
player in the table's view, and at the end of a game right under the banner."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from serving import TestClient

from deduce.core import registry
from deduce.games.bsi import FIELDS
from deduce.play.setup import parse_presets


def _played(client: TestClient, name: str, lines: tuple[str, ...] | None = None) -> Any:
    declared = registry.find(name)
    setup = parse_presets(declared.table_setup)
    id_ = client.post("/api/sessions", json={"game": name, "setup": setup}).json()["id"]
    for line in declared.table_lines if lines is None else lines:
        answer = client.post(f"/api/sessions/{id_}/lines", json={"line": line})
        assert answer.status_code == 200, answer.json()
    return id_, client.get(f"/api/sessions/{id_}").json()


def _grid(state: dict[str, Any], title: str) -> dict[str, Any]:
    return next(g for g in state["grids"] if g["title"] == title)


def test_a_bsi_grid_has_the_cards_laid_under_each_field(client: TestClient) -> None:
    id_, state = _played(client, "bsi")
    laid = _grid(state, "Grid of seat 1")
    assert laid["columns"] == [str(f) for f in FIELDS]
    assert laid["rows"] == [["woman/night/outside/gun", "", ""]]  # laid under 0/1
    assert _grid(state, "Grid of you")["rows"] == []
    scores = _grid(state, "Scores")
    assert scores["columns"] == ["player", "points", "blood drops left"]
    assert scores["rows"] == [["you", "0", "1, 2, 3"], ["seat 1", "0", "1, 2, 3"]]
    assert not any(f["label"] in ("Scores", "Grid of you") for f in state["facts"])  # once
    page = client.get(f"/play/{id_}").text
    assert "<caption>Grid of seat 1</caption>" in page
    assert "<td>woman/night/outside/gun</td><td></td><td></td>" in page


def test_the_crime_writers_score_sheet_adds_up_to_the_points(client: TestClient) -> None:
    _, state = _played(client, "crime-writers")
    sheet = _grid(state, "Score sheet")
    assert sheet["columns"] == ["", "Ann", "Ben", "Cy"]
    *stories, total = sheet["rows"]
    assert total[0] == "total"
    for column in range(1, 4):
        assert int(total[column]) == sum(int(row[column]) for row in stories)
    assert stories[0][:3] == ["story 1 (Ann)", "0", "15"]  # Ben found all five
    found = _grid(state, "Found in this story")
    assert [row[:2] for row in found["rows"]] == [
        [e, "Ben"] for e in ("who", "whom", "why", "where", "how")
    ]


def test_kreuzverhoer_questionings_are_a_grid_for_everyone(client: TestClient) -> None:
    id_, state = _played(client, "kreuzverhoer")
    grid = _grid(state, "Questionings")
    assert grid["rows"] == [["you", "1", "11"], ["your opponent", "0", "12"]]
    assert not any(f["label"] == "Questionings" for f in state["facts"])
    assert client.get(f"/api/view/{id_}").json()["grids"] == [grid]  # every player sees it


def test_the_scores_come_first_once_the_game_is_over(client: TestClient) -> None:
    lines = ("accuse 1 right",)  # seat 1 accuses first, and right: the game is over
    setup = parse_presets(registry.find("thirteen-clues").table_setup)
    id_ = client.post(
        "/api/sessions", json={"game": "thirteen-clues", "setup": {**setup, "first": 1}}
    ).json()["id"]
    for line in lines:
        assert client.post(f"/api/sessions/{id_}/lines", json={"line": line}).status_code == 200
    state = client.get(f"/api/sessions/{id_}").json()
    assert state["turn"]["over"]
    page = client.get(f"/play/{id_}").text
    banner = page.index('aria-labelledby="turn-h"')
    assert banner < page.index("<caption>Magnifying glasses</caption>") < page.index("Sheet</h2>")
