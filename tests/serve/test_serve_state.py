"""The state is data: every answer of the API fits the schema it publishes, and it is
read from the game, never from what the console would print (the console's wording can
change, and no answer of the API with it)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
pytest.importorskip("jsonschema")

import jsonschema
from rich.console import Console
from serving import AUTH, TOKEN, TestClient

from deduce.core import registry
from deduce.play.setup import parse_presets
from deduce.serve import create_app

GAMES = [g.name for g in registry.declarations() if g.front_end]
VIEW = "a-view-token-for-the-state-tests"
COMMANDS = ("why", "strategy", "history", "help", "show", "save evening")
REPLY = {"kind": "note", "words": "", "clues": [], "lines": [], "more": []}
PLAYED = {  # the games whose table plays no lines
    "mastermind": ("1122 1 0", "3456 0 2"),
    "cluedo": ("suggest me White Dagger Lounge Ann Dagger", "suggest Ann White Spanner Hall Bob"),
}


def _checker(schema: dict[str, Any], kind: str) -> Any:
    document = {"$ref": f"#/$defs/{kind}", "$defs": schema["$defs"]}
    jsonschema.Draft202012Validator.check_schema(document)
    return jsonschema.Draft202012Validator(document)


@pytest.mark.parametrize("name", GAMES)
def test_every_answer_of_a_whole_game_fits_the_schema_and_nothing_is_printed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    declared = registry.find(name)
    app = create_app(tmp_path, token=TOKEN, view_token=VIEW)
    with TestClient(app, headers=AUTH) as client:
        schema = client.get("/api/schema").json()
        state, view = _checker(schema, "state"), _checker(schema, "view")
        setup = parse_presets(declared.table_setup)
        answer = client.post("/api/sessions", json={"game": name, "setup": setup})
        assert answer.status_code == 201
        state.validate(answer.json())
        id_ = answer.json()["id"]
        printed: list[tuple[Any, ...]] = []
        monkeypatch.setattr(Console, "print", lambda self, *said, **_: printed.append(said))
        kinds = set()
        played = declared.table_lines or PLAYED[name]
        last = f"drop {len(played)}"  # the last clue (an earlier one may leave a later alone)
        for line in (*played, "1 2 3 nonsense", *COMMANDS, last, "undo"):
            answer = client.post(f"/api/sessions/{id_}/lines", json={"line": line})
            assert answer.status_code in (200, 422), (line, answer.json())
            found = answer.json() if answer.status_code == 200 else answer.json()["state"]
            state.validate(found)
            kinds |= {r["kind"] for r in found["replies"]}
        assert {"noted", "undone", "saved", "strategy", "dropped"} <= kinds
        public = client.get(f"/api/view/{id_}", headers={"Authorization": f"token {VIEW}"})
        view.validate(public.json())
        assert client.get(f"/play/{id_}").status_code == 200
    assert printed == []  # no console printed a word of it


def test_a_state_that_does_not_fit_is_refused_by_the_schema(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path, token=TOKEN), headers=AUTH) as client:
        schema = client.get("/api/schema").json()
        good = client.post("/api/sessions", json={"game": "mastermind", "setup": {}}).json()
    state = _checker(schema, "state")
    state.validate(good)
    for broken in (
        {**good, "said": "noted: 1122"},  # a key the schema does not list
        {**good, "advice": ["1122"]},  # advice in words only
        {**good, "schema": 1},
        {k: v for k, v in good.items() if k != "history"},
        {
            **good,
            "replies": [{"kind": "printed", "words": "", "clues": [], "lines": [], "more": []}],
        },
    ):
        assert not state.is_valid(broken), broken


def test_a_refusal_names_the_clues_it_contradicts_by_number(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path, token=TOKEN), headers=AUTH) as client:
        client.post("/api/sessions", json={"game": "mastermind", "setup": {"pegs": 2}})
        lines = "/api/sessions/mastermind/lines"
        client.post(lines, json={"line": "11 0 0"})
        client.post(lines, json={"line": "22 0 0"})
        refused = client.post(lines, json={"line": "12 1 0"})  # needs both to refuse
        assert refused.status_code == 422
        assert "cannot be true" in refused.json()["error"]
        why = client.post(lines, json={"line": "why"}).json()["replies"]
    assert [(r["kind"], r["clues"]) for r in why] == [("because", [1, 2])]
