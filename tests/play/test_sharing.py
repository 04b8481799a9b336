"""A game shared as text: every game's truthful games come back whole (the same clues
and probabilities), and a text that is not a shared game is refused saying why."""

from __future__ import annotations

import base64
import contextlib
import json
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deduce.core import registry
from deduce.errors import InvalidInput
from deduce.games.kreuzverhoer import Investigation as Kreuzverhoer
from deduce.games.mastermind import Investigation as Mastermind
from deduce.play.sharing import PREFIX, open_shared, qr_text, shared_text
from deduce.testing import games

STARTS = [
    pytest.param(declaration, sample, id=f"{declaration.name}-{sample.kind}")
    for declaration in registry.declarations()
    if declaration.front_end
    for sample in declaration.samples
]


@pytest.mark.parametrize(("declaration", "sample"), STARTS)
def test_every_game_comes_back_whole(declaration: Any, sample: Any) -> None:
    start = declaration.make(sample)

    @settings(max_examples=5, deadline=None, suppress_health_check=list(HealthCheck))
    @given(games(start, max_clues=4))
    def check(game: tuple[Any, Any]) -> None:
        _, played = game
        opened = open_shared(shared_text(played))
        assert type(opened) is type(played)
        assert opened.clues == played.clues
        assert opened.solution_count == played.solution_count

    check()


def _packed(document: Any) -> str:
    data = zlib.compress(json.dumps(document).encode())
    return PREFIX + base64.urlsafe_b64encode(data).decode().rstrip("=")


GOOD = shared_text(Mastermind(4, 6).guess("1122", black=1, white=0))
SAVED = json.loads(zlib.decompress(base64.urlsafe_b64decode(GOOD[len(PREFIX) :] + "===")))

JUNK = {
    "no prefix": ("eNotjU0", "does not start deduce1:"),
    "the prefix alone": (PREFIX, "cut short"),
    "cut short": (GOOD[:-20], "cut short"),
    "not base64": (PREFIX + "!!!!", "damaged"),
    "not zlib": (PREFIX + base64.urlsafe_b64encode(b"hello").decode(), "damaged"),
    "not JSON": (PREFIX + base64.urlsafe_b64encode(zlib.compress(b"{no")).decode(), "damaged"),
    "not a session": (_packed([1, 2]), "no game that is installed"),
    "no such game": (_packed({**SAVED, "game": "chess"}), "no game that is installed"),
    "a contradiction": (
        _packed({**SAVED, "clues": [*SAVED["clues"], {**SAVED["clues"][0], "black": 4}]}),
        "contradicts itself",
    ),
    "a bomb": (
        PREFIX + base64.urlsafe_b64encode(zlib.compress(b" " * 50_000_000)).decode(),
        "holds too much",
    ),
    "too long": (PREFIX + "A" * 10_000_000, "too long"),
}


@pytest.mark.parametrize("name", sorted(JUNK))
def test_a_text_that_is_no_shared_game_is_refused(name: str) -> None:
    text, why = JUNK[name]
    with pytest.raises(InvalidInput) as refused:
        open_shared(text)
    assert refused.value.argument == "text" and why in str(refused.value)


def test_a_wrapped_copy_still_opens() -> None:
    wrapped = "  " + "\n  ".join(GOOD[i : i + 30] for i in range(0, len(GOOD), 30))
    assert open_shared(wrapped).clues == open_shared(GOOD).clues


@given(st.text(max_size=300))
@settings(max_examples=200, deadline=None)
def test_any_text_is_opened_or_refused(text: str) -> None:
    with contextlib.suppress(InvalidInput):  # never another error
        open_shared(text)


def test_the_qr_code_is_drawn_and_a_text_too_long_has_none() -> None:
    assert qr_text(GOOD).count("\n") > 10
    assert qr_text("x" * 5000) == ""


def test_share_and_open_at_the_console(tmp_path: Path) -> None:
    import subprocess
    import sys

    deduce = str(Path(sys.executable).with_name("deduce"))
    env = {"COLUMNS": "100", "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    shared = subprocess.run(
        [deduce, "play", "mastermind", "--no-autosave"],
        input="\n\n\n\n1122 1 0\n3456 0 2\nshare\nquit\n",
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert shared.returncode == 0, shared.stdout + shared.stderr
    after = shared.stdout.split("This game as text (2 clues)")[1]
    text = "".join(after[after.index(PREFIX) :].split("█")[0].split())  # wrapped by the console
    assert open_shared(text).clues == Mastermind(4, 6).guess("1122", 1, 0).guess("3456", 0, 2).clues
    opened = subprocess.run(
        [deduce, "play", "mastermind"],
        input=f"\n\n\n\nopen {text}\nhistory\nquit\n",
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert opened.returncode == 0, opened.stdout + opened.stderr
    assert "Opened the shared game: 2 clues." in opened.stdout
    assert "3456" in opened.stdout.split("Opened the shared game")[1]
    other = shared_text(Kreuzverhoer())
    refused = subprocess.run(
        [deduce, "play", "mastermind", "--no-autosave"],
        input=f"\n\n\n\nopen {other}\nquit\n",
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert "it holds a game of kreuzverhoer: open it in `deduce play kreuzverhoer`" in " ".join(
        refused.stdout.split()
    )


def test_a_game_shared_from_one_phone_opens_on_another_server(tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    from serving import AUTH, TOKEN, TestClient

    from deduce.serve import create_app

    with TestClient(create_app(tmp_path / "one", token=TOKEN)) as one:
        one.post("/api/sessions", json={"game": "mastermind", "setup": {}}, headers=AUTH)
        one.post("/api/sessions/mastermind/lines", json={"line": "1122 1 0"}, headers=AUTH)
        shared = one.post("/api/sessions/mastermind/lines", json={"line": "share"}, headers=AUTH)
    (reply,) = shared.json()["replies"]
    (text,) = reply["lines"]
    with TestClient(create_app(tmp_path / "two", token=TOKEN)) as two:
        two.post("/api/sessions", json={"game": "mastermind", "setup": {}}, headers=AUTH)
        line = {"line": f"open {text}"}
        opened = two.post("/api/sessions/mastermind/lines", json=line, headers=AUTH)
        assert opened.status_code == 200, opened.json()
        assert [h["clue"] for h in opened.json()["history"]] == [
            {"type": "Guess", "code": "1122", "black": 1, "white": 0}
        ]
        damaged = two.post(
            "/api/sessions/mastermind/lines", json={"line": f"open {text[:-9]}"}, headers=AUTH
        )
        assert damaged.status_code == 422 and "cut short" in damaged.json()["error"]


def test_a_notebook_of_the_game_is_not_the_table_a_console_follows(tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    from serving import AUTH, TOKEN, TestClient

    from deduce.games import bsi
    from deduce.play.setup import parse_presets
    from deduce.serve import create_app

    notebook = shared_text(bsi.Investigation())
    setup = parse_presets(registry.find("bsi").table_setup)
    with TestClient(create_app(tmp_path, token=TOKEN)) as client:
        body = {"game": "bsi", "setup": setup}
        id_ = client.post("/api/sessions", json=body, headers=AUTH).json()["id"]
        line = {"line": f"open {notebook}"}
        opened = client.post(f"/api/sessions/{id_}/lines", json=line, headers=AUTH)
        assert opened.status_code == 422, opened.json()
        error = opened.json()["error"]
        assert "it holds the game's Investigation, not the Table this console follows" in error
