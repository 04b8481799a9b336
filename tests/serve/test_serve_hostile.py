"""``deduce serve`` against what a hostile or unlucky client sends: every answer is a
clear 4xx in the console's words (never a 500), and no clue is lost or misplaced."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from serving import AUTH, TOKEN, TestClient

from deduce.games.kreuzverhoer import Investigation as Kreuzverhoer
from deduce.games.mastermind import Investigation
from deduce.play import files
from deduce.play.files import load_file, save_file
from deduce.serve import create_app

SMALL = {"pegs": 3, "colours": 4}
LINES = "/api/sessions/mastermind/lines"

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _no_500(client: TestClient, *requests: tuple[str, str, object]) -> list[object]:
    """Each request's answer, none of them a server error."""
    answers = []
    for method, url, body in requests:
        answer = client.request(method, url, json=body) if body is not None else client.get(url)
        assert answer.status_code < 500, (url, answer.status_code, answer.text[:300])
        answers.append(answer)
    return answers


@pytest.mark.parametrize("line", ["q", "qui", "quit", "e", "ex", "exi", "EXIT", '"quit"', "é"])
def test_leaving_in_any_spelling_is_refused_with_words(client: TestClient, line: str) -> None:
    client.post("/api/sessions", json={"game": "mastermind", "setup": SMALL})
    answer = client.post(LINES, json={"line": line})
    assert answer.status_code == 422, answer.text
    assert "close the page" in answer.json()["error"]
    assert client.get("/api/sessions/mastermind").json()["history"] == []


@pytest.mark.parametrize(
    "body",
    [
        '{"line": ' + "9" * 5000 + "}",
        '{"line": "123 1 1", "n": -' + "9" * 5000 + "}",
        '{"line": ' + "[" * 32000 + "]" * 32000 + "}",
        '{"line": "x", "deep": ' + '{"a":' * 20000 + "1" + "}" * 20000 + "}",
        '{"line": 1e999999}',
    ],
)
def test_json_over_its_limits_is_refused_before_it_is_read(client: TestClient, body: str) -> None:
    client.post("/api/sessions", json={"game": "mastermind", "setup": SMALL})
    for url in (LINES, "/api/sessions"):
        answer = client.post(
            url, content=body.encode(), headers={"Content-Type": "application/json"}
        )
        assert answer.status_code in (413, 422), (url, answer.status_code, answer.text[:200])
        assert "error" in answer.json()


def test_a_json_body_of_the_right_shape_still_works(client: TestClient) -> None:
    client.post("/api/sessions", json={"game": "mastermind", "setup": SMALL})
    body = json.dumps({"line": "123 1 1", "nested": [[[[1.5, -7, 10**40]]]]})
    answer = client.post(LINES, content=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == 200
    assert [c["words"] for c in answer.json()["history"]] == ["123: 1 black, 1 white"]


def _damage(path: Path, how: str) -> None:
    if how == "garbage":
        path.write_bytes(b"\x00\xffnot a save at all{{{")
    elif how == "another game":
        save_file(path, Kreuzverhoer().questioning("Mord", "Ulm", "Ede K.", "Gift", 1))
    elif how == "json of nothing":
        path.write_text('{"format": "deduce", "clues": [[[[["x"]]]]]}', encoding="utf-8")
    elif how == "FIFO":
        os.mkfifo(path)
    elif how == "device":
        path.symlink_to("/dev/zero")
    elif how == "folder":
        path.mkdir()
    elif how == "too large":
        save_file(path, Investigation(3, 4))
        with path.open("a", encoding="utf-8") as stream:
            stream.write(" " * (65 * 1024 * 1024))


@pytest.mark.parametrize(
    "how", ["garbage", "another game", "json of nothing", "FIFO", "device", "folder", "too large"]
)
def test_a_damaged_autosave_is_answered_in_words(tmp_path: Path, how: str) -> None:
    path = tmp_path / "mastermind.json"
    _damage(path, how)
    with TestClient(create_app(tmp_path, token=TOKEN), headers=AUTH) as client:
        state, page, line = _no_500(
            client,
            ("GET", "/api/sessions/mastermind", None),
            ("GET", "/play/mastermind", None),
            ("POST", LINES, {"line": "123 1 1"}),
        )
        assert state.status_code in (404, 409, 422)  # type: ignore[attr-defined]
        said = state.json()["error"]  # type: ignore[attr-defined]
        assert "mastermind" in said and str(tmp_path) not in said
        assert page.status_code in (404, 409, 422)  # type: ignore[attr-defined]
        assert line.status_code in (404, 409, 422)  # type: ignore[attr-defined]
        if how in ("garbage", "another game", "json of nothing", "too large"):
            kept = [p.name for p in tmp_path.iterdir() if p.name.startswith("mastermind.json.")]
            assert kept == ["mastermind.json.bak"]  # set aside, as the console does
            assert "mastermind.json.bak" in said
        # a new game can always be started, and its clues are saved
        new = client.post("/api/sessions", json={"game": "mastermind", "setup": SMALL})
        assert new.status_code in (201, 409), new.text
        if new.status_code == 201:
            answer = client.post(LINES, json={"line": "123 1 1"})
            assert answer.status_code in (200, 503), answer.text
            if answer.status_code == 200:
                assert answer.json()["saved"]
                assert len(load_file(path, Investigation).clues) == 1


def test_a_clue_that_cannot_be_saved_is_not_answered_as_a_success(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    client.post("/api/sessions", json={"game": "mastermind", "setup": SMALL})
    client.post(LINES, json={"line": "123 1 1"})
    real = files.save_file

    def no_files(*args: object, **options: object) -> None:
        raise OSError(errno.EMFILE, "Too many open files")

    monkeypatch.setattr("deduce.play.session.save_file", no_files)
    answer = client.post(LINES, json={"line": "234 0 1"})
    assert answer.status_code == 503
    said = answer.json()["error"]
    assert "not saved" in said and "Too many open files" in said and "again" in said
    state = client.get("/api/sessions/mastermind").json()
    assert [c["words"] for c in state["history"]] == ["123: 1 black, 1 white"]  # nothing changed
    assert state["saved"]
    monkeypatch.setattr("deduce.play.session.save_file", real)
    answer = client.post(LINES, json={"line": "234 0 1"})  # sent again: it is saved
    assert answer.status_code == 200 and answer.json()["saved"]
    assert len(load_file(tmp_path / "mastermind.json", Investigation).clues) == 2


def test_a_line_built_for_another_game_is_refused_with_409(client: TestClient) -> None:
    first = client.post("/api/sessions", json={"game": "mastermind", "setup": SMALL}).json()
    version = first["version"]
    answer = client.post(LINES, json={"line": "123 1 1", "version": version})
    assert answer.status_code == 200
    version = answer.json()["version"]
    assert version != first["version"]
    same = client.post(LINES, json={"line": "history", "version": version})
    assert same.status_code == 200 and same.json()["version"] == version  # nothing changed
    # another device starts a new game: this page's next clue must not land in it
    client.post("/api/sessions", json={"game": "mastermind", "setup": SMALL})
    stale = client.post(LINES, json={"line": "234 0 1", "version": version})
    assert stale.status_code == 409
    assert "changed" in stale.json()["error"] and stale.json()["state"]["history"] == []
    # and an older state of the same game is refused alike (the If-Match header too)
    fresh = client.post(LINES, json={"line": "234 0 1"}).json()["version"]
    client.post(LINES, json={"line": "undo"})
    stale = client.post(LINES, json={"line": "111 0 0"}, headers={"If-Match": f'"{fresh}"'})
    assert stale.status_code == 409
    assert client.post(LINES, json={"line": "111 0 0", "version": 7}).status_code == 422


def test_set_up_refusals_never_show_the_state_directory(client: TestClient, tmp_path: Path) -> None:
    for setup in ({"deck": "missing.toml"}, {"deck": "x.json"}, {"deck": "../../etc.toml"}):
        answer = client.post("/api/sessions", json={"game": "kreuzverhoer", "setup": setup})
        assert answer.status_code == 422
        assert str(tmp_path) not in answer.json()["error"], answer.json()["error"]
