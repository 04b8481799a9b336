"""``deduce serve``'s advice with its numbers: the console's own lines for a game's own
objective, else each advised move's bits, answers and worst case."""

from __future__ import annotations

import html

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from serving import TestClient

from deduce import registry
from deduce.games.mastermind import Investigation
from deduce.play import adapter
from deduce.play.files import load_file
from deduce.play.setup import parse_presets

GAMES = [g.name for g in registry.declarations() if g.front_end]

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_mastermind_advice_comes_with_each_moves_bits(client: TestClient) -> None:
    state = client.post(
        "/api/sessions", json={"game": "mastermind", "setup": {"pegs": 3, "colours": 4}}
    ).json()
    state = client.post("/api/sessions/mastermind/lines", json={"line": "guess 123 1 0"}).json()
    inv = Investigation(3, 4).guess("123", black=1, white=0)
    expected = inv.recommend(top=len(state["advice"]))
    assert state["advice"] == [str(r.action) for r in expected]
    header, *lines = state["advice_detail"]
    assert header.startswith("Moves ranked by optimal")  # 3 pegs, 4 colours: the optimum
    assert lines == [
        f"{r.action}: {r.information:.2f} bits, {len(r.outcomes)} answers, "
        f"worst case {r.worst_case} left"
        for r in expected
    ]
    page = client.get("/play/mastermind").text
    assert "Why these moves" in page
    assert html.escape(state["advice_detail"][0], quote=False) in page


def test_no_advice_no_numbers(client: TestClient) -> None:
    client.post("/api/sessions", json={"game": "mastermind", "setup": {"pegs": 2, "colours": 2}})
    state = client.post("/api/sessions/mastermind/lines", json={"line": "guess 12 2 0"}).json()
    assert state["solved"] and state["advice"] == [] and state["advice_detail"] == []
    assert "Why these moves" not in client.get("/play/mastermind").text


@pytest.mark.parametrize("name", GAMES)
def test_every_games_numbers_are_the_consoles(client: TestClient, name: str) -> None:
    declared = registry.find(name)
    front = adapter(name)
    kind = front.investigation_type
    state = client.post(
        "/api/sessions", json={"game": name, "setup": parse_presets(declared.table_setup)}
    ).json()
    id = state["id"]
    own_seen = 0
    for line in ("", *declared.table_lines):
        if line:
            state = client.post(f"/api/sessions/{id}/lines", json={"line": line}).json()
        inv = load_file(client.app.state.tables.state_dir / f"{id}.json", kind)  # type: ignore[attr-defined]
        detail = state["advice_detail"]
        assert bool(detail) is bool(state["advice"]), line
        if not detail:
            continue
        own = front.own_advice(inv, state["strategy"])
        if own:  # the game's own objective: the console's lines, stripped
            own_seen += 1
            assert detail == [s.strip() for s in own.splitlines() if s.strip()], line
        else:  # what ranked them, as the console says it, then each move's numbers
            header, *lines = detail
            shown = client.app.state.tables.games[id].display()  # type: ignore[attr-defined]
            assert f"(moves ranked by {header.removeprefix('Moves ranked by ')})" in shown
            assert len(lines) == len(state["advice"]), line
            for move, said in zip(state["advice"], lines, strict=True):
                assert said.startswith(f"{move}: ") and " bits, " in said, line
    if name in ("crime-writers", "bsi"):  # their table's default is their own objective
        assert own_seen, "the game's own advice was never shown"


def test_crime_writers_numbers_are_points_net_for_each_move(client: TestClient) -> None:
    declared = registry.find("crime-writers")
    client.post(
        "/api/sessions",
        json={"game": "crime-writers", "setup": parse_presets(declared.table_setup)},
    )
    id = client.get("/api/sessions").json()[0]["id"]
    for line in declared.table_lines:
        state = client.post(f"/api/sessions/{id}/lines", json={"line": line}).json()
        if state["advice"]:
            break
    else:
        pytest.fail("no advice on the scripted table")
    header, *lines = state["advice_detail"]
    assert header.startswith("Questions by points net")
    assert len(lines) == len(state["advice"])
    for move, said in zip(state["advice"], lines, strict=True):
        assert said.startswith(f"{move}: ") and " points net; " in said


@pytest.mark.parametrize("name", ["crime-writers", "bsi"])
def test_own_advice_is_worked_out_once_per_state(
    client: TestClient, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    declared = registry.find(name)
    kind = type(adapter(name))
    worked: list[object] = []  # kept alive: their ids stay distinct
    original = kind.own_advice

    def counted(self: object, investigation: object, strategy: str) -> str | None:
        worked.append(investigation)
        return original(self, investigation, strategy)  # type: ignore[arg-type]

    monkeypatch.setattr(kind, "own_advice", counted)
    id_ = client.post(
        "/api/sessions", json={"game": name, "setup": parse_presets(declared.table_setup)}
    ).json()["id"]
    for line in declared.table_lines:
        client.post(f"/api/sessions/{id_}/lines", json={"line": line})
        client.get(f"/play/{id_}")
    assert worked, "the game's own advice was never asked for"
    assert len(worked) == len({id(i) for i in worked}), "a state's own advice was worked out twice"
