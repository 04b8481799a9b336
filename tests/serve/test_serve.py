"""``deduce serve``: the JSON API and its security, through Starlette's test client, on
the console's own sessions, files and locks."""

from __future__ import annotations

import html
import io
import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from places import ROOT
from rich.console import Console
from serving import AUTH, TOKEN, TestClient

from deduce.core import registry
from deduce.games.mastermind import Investigation
from deduce.play import adapter
from deduce.play.files import load_file, save_file
from deduce.play.session import Session
from deduce.play.setup import parse_presets
from deduce.serve import create_app
from deduce.serve.security import MAX_BODY

SMALL = {"pegs": 3, "colours": 4}

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def console_says(line: str, clues: list[str]) -> str:
    """What the console prints for ``line`` after ``clues`` (mastermind, 3 pegs, 4 colours)."""
    out = io.StringIO()
    console = Console(file=out, width=100, soft_wrap=True, color_system=None, highlight=False)
    session = Session(adapter("mastermind"), Investigation(3, 4), console, autosave=None)
    for clue in clues:
        session.handle(clue)
    out.truncate(0)
    out.seek(0)
    session.handle(line)
    return out.getvalue().strip()


def test_a_new_game_is_201_and_its_state(client: TestClient, tmp_path: Path) -> None:
    answer = client.post("/api/sessions", json={"game": "mastermind", "setup": SMALL})
    assert answer.status_code == 201
    state = answer.json()
    assert state["id"] == "mastermind" and state["game"] == "mastermind"
    assert state["schema"] == 2
    assert state["history"] == [] and state["solutions"] == 4**3 and state["solution"] is None
    moves = state["advice"]["moves"]
    assert moves and all(isinstance(m["words"], str) for m in moves)
    assert all(m["verb"] == "guess" and m["args"]["CODE"] == m["line"] for m in moves)
    assert len(load_file(tmp_path / "mastermind.json", Investigation).clues) == 0
    assert client.get("/api/sessions").json()[0]["id"] == "mastermind"


def test_a_line_is_the_console_line_and_is_autosaved(client: TestClient, tmp_path: Path) -> None:
    client.post("/api/sessions", json={"game": "mastermind", "setup": SMALL})
    answer = client.post("/api/sessions/mastermind/lines", json={"line": "guess 123 1 1"})
    assert answer.status_code == 200
    state = answer.json()
    expected = Investigation(3, 4).guess("123", black=1, white=1)
    assert state["history"] == [
        {
            "n": 1,
            "clue": {"type": "Guess", "code": "123", "black": 1, "white": 1},
            "words": "123: 1 black, 1 white",
        }
    ]
    assert state["solutions"] == len(expected.solutions())
    assert load_file(tmp_path / "mastermind.json", Investigation) == expected
    assert client.get("/api/sessions/mastermind").json() == state
    best = state["advice"]["moves"][0]["words"]
    assert best in {str(r.action) for r in expected.recommend(top=3)}
    assert state["replies"] == [
        {"kind": "noted", "words": "123: 1 black, 1 white", "clues": [1], "lines": [], "more": []}
    ]


@pytest.mark.parametrize(
    ("line", "clues"),
    [("guess 12 1 0", []), ("guess 123 3 1", []), ("guess 123 0 0", ["guess 123 3 0"])],
)
def test_a_refused_line_is_422_with_the_consoles_words_and_nothing_changes(
    client: TestClient, tmp_path: Path, line: str, clues: list[str]
) -> None:
    client.post("/api/sessions", json={"game": "mastermind", "setup": SMALL})
    for clue in clues:
        assert client.post("/api/sessions/mastermind/lines", json={"line": clue}).status_code == 200
    before = client.get("/api/sessions/mastermind").json()
    saved = (tmp_path / "mastermind.json").read_text()
    answer = client.post("/api/sessions/mastermind/lines", json={"line": line})
    assert answer.status_code == 422
    assert answer.json()["error"] == console_says(line, clues).removeprefix("refused: ")
    assert answer.json()["state"] == before
    assert client.get("/api/sessions/mastermind").json() == before
    assert (tmp_path / "mastermind.json").read_text() == saved


def test_a_whole_game_through_the_api(client: TestClient) -> None:
    secret = "3142"  # written down before the game
    game = Investigation(4, 6)
    client.post("/api/sessions", json={"game": "mastermind", "setup": {}})
    state = client.get("/api/sessions/mastermind").json()
    for _ in range(10):
        if state["solution"] is not None:
            break
        guess = state["advice"]["moves"][0]["words"]
        black = sum(a == b for a, b in zip(guess, secret, strict=True))
        white = sum(min(guess.count(c), secret.count(c)) for c in set(guess)) - black
        line = f"guess {guess} {black} {white}"
        state = client.post("/api/sessions/mastermind/lines", json={"line": line}).json()
        game = game.guess(guess, black=black, white=white)
    assert state["solution"] == {"solution": {"type": "Code", "digits": secret}, "words": secret}
    assert state["solutions"] == 1 and len(state["history"]) == len(game.clues)


def test_bad_set_up_answers_and_games_are_refused_in_the_consoles_words(
    client: TestClient,
) -> None:
    answer = client.post("/api/sessions", json={"game": "mastermind", "setup": {"pegs": 12}})
    assert answer.status_code == 422 and "pegs" in answer.json()["error"]
    assert "12" in answer.json()["error"] and "1 to 8" in answer.json()["error"]
    answer = client.post("/api/sessions", json={"game": "chess", "setup": {}})
    assert answer.status_code == 422 and "mastermind" in answer.json()["error"]
    answer = client.post("/api/sessions", json={"game": "mastermind", "setup": {"colour": 3}})
    assert answer.status_code == 422 and "colours" in answer.json()["error"]
    answer = client.post("/api/sessions", json={"game": "bsi", "setup": {}})
    assert answer.status_code == 422
    assert answer.json()["error"] == (
        "the Case is missing; expected an answer, e.g. man/night/inside/gun"
    )
    answer = client.post("/api/sessions", json={"game": "thirteen-clues", "setup": {}})
    assert answer.json()["error"] == (  # the set-up's note is not part of it
        "the Hand is missing; expected an answer, e.g. Officer Parlor"
    )
    answer = client.post("/api/sessions", content=b"[1, 2]")
    assert answer.status_code == 422 and "JSON object" in answer.json()["error"]
    assert client.get("/api/sessions/nothing").status_code == 404


def test_every_request_needs_the_token(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path, token=TOKEN)) as client:
        for path in ("/", "/api/sessions", "/api/sessions/mastermind", "/static/app.js", "/sw.js"):
            assert client.get(path).status_code == 403, path
        assert client.get("/?token=wrong").status_code == 403
        assert client.get("/", headers={"Authorization": "token wrong"}).status_code == 403
        answer = client.post("/api/sessions", json={"game": "mastermind", "setup": {}})
        assert answer.status_code == 403
        assert not (tmp_path / "mastermind.json").exists()


def test_the_token_in_the_address_once_then_a_cookie(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path, token=TOKEN)) as client:
        first = client.get(f"/?token={TOKEN}")
        assert first.status_code == 200
        cookie = first.headers["set-cookie"]
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
        assert client.get("/api/sessions").status_code == 200  # the cookie alone
        assert client.get("/static/app.css").status_code == 200


def test_two_servers_on_one_host_keep_their_own_cookies(tmp_path: Path) -> None:
    one = TestClient(create_app(tmp_path / "one", token="token-one"), "http://127.0.0.1:8001")
    two = TestClient(create_app(tmp_path / "two", token="token-two"), "http://127.0.0.1:8002")
    with one, two:
        assert one.get("/?token=token-one").status_code == 200
        assert two.get("/?token=token-two").status_code == 200
        jar = {c.name: c.value for c in [*one.cookies.jar, *two.cookies.jar]}
        assert jar == {"deduce-token-8001": "token-one", "deduce-token-8002": "token-two"}
        for client in (one, two):  # a browser's one jar for the host, whatever the port
            client.cookies.clear()
            client.cookies.update(jar)
        assert one.get("/api/sessions").status_code == 200  # each by its own cookie
        assert two.get("/api/sessions").status_code == 200
        one.cookies.clear()
        one.cookies.update({"deduce-token-8002": "token-two", "deduce-token": "token-one"})
        assert one.get("/api/sessions").status_code == 403  # another port's is not taken


def test_a_change_needs_the_token_in_a_header_csrf(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path, token=TOKEN)) as client:
        client.get(f"/?token={TOKEN}")  # the browser now has the cookie
        body = {"game": "mastermind", "setup": {}}
        answer = client.post("/api/sessions", json=body)
        assert answer.status_code == 403 and "CSRF" in answer.text
        answer = client.post(f"/api/sessions?token={TOKEN}", json=body)
        assert answer.status_code == 403
        foreign = {**AUTH, "Origin": "http://evil.example"}
        assert client.post("/api/sessions", json=body, headers=foreign).status_code == 403
        assert not (tmp_path / "mastermind.json").exists()
        same = {**AUTH, "Origin": "http://testserver"}
        assert client.post("/api/sessions", json=body, headers=same).status_code == 201


def test_request_bodies_are_capped(client: TestClient) -> None:
    client.post("/api/sessions", json={"game": "mastermind", "setup": SMALL})
    big = {"line": "guess " + "1" * MAX_BODY}
    assert client.post("/api/sessions/mastermind/lines", json=big).status_code == 413

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it comes
        yield b'{"line": "'
        for _ in range(MAX_BODY // 1024 + 1):
            yield b"1" * 1024
        yield b'"}'

    answer = client.post("/api/sessions/mastermind/lines", content=chunks())
    assert answer.status_code == 413
    assert client.get("/api/sessions/mastermind").json()["history"] == []


@pytest.mark.parametrize(
    "name", ["../outside", "/tmp/outside", "..", ".hidden", "a/b", "~/x", "sub/../../x"]
)
def test_save_names_stay_inside_the_state_directory(
    client: TestClient, tmp_path: Path, name: str
) -> None:
    client.post("/api/sessions", json={"game": "mastermind", "setup": SMALL})
    before = sorted(p for p in tmp_path.parent.rglob("*") if "outside" in p.name)
    for verb in ("save", "load"):
        answer = client.post("/api/sessions/mastermind/lines", json={"line": f'{verb} "{name}"'})
        assert answer.status_code == 422, (verb, name)
        assert "plain name" in answer.json()["error"]
    assert sorted(p for p in tmp_path.parent.rglob("*") if "outside" in p.name) == before


def test_a_save_is_a_name_in_the_state_directory(client: TestClient, tmp_path: Path) -> None:
    client.post("/api/sessions", json={"game": "mastermind", "setup": SMALL})
    client.post("/api/sessions/mastermind/lines", json={"line": "guess 123 1 1"})
    state = client.post("/api/sessions/mastermind/lines", json={"line": 'save "evening game"'})
    assert state.status_code == 200
    replies = state.json()["replies"]
    assert [(r["kind"], r["words"]) for r in replies] == [
        ("saved", "Saved 1 clue in evening game.json.")
    ]
    assert str(tmp_path) not in json.dumps(replies)  # the browser never sees a path
    saved = load_file(tmp_path / "saves" / "evening game.json", Investigation)
    assert len(saved.clues) == 1
    client.post("/api/sessions/mastermind/lines", json={"line": "undo"})
    state = client.post("/api/sessions/mastermind/lines", json={"line": "load evening game"})
    assert state.status_code == 422  # two words: the name must be quoted
    state = client.post("/api/sessions/mastermind/lines", json={"line": 'load "evening game"'})
    assert [c["words"] for c in state.json()["history"]] == ["123: 1 black, 1 white"]
    missing = client.post("/api/sessions/mastermind/lines", json={"line": "load nothing"})
    assert missing.status_code == 422 and "nothing.json" in missing.json()["error"]
    assert str(tmp_path) not in missing.json()["error"]
    for word in ("quit", "exit"):
        left = client.post("/api/sessions/mastermind/lines", json={"line": word})
        assert left.status_code == 422 and "close the page" in left.json()["error"]


def test_every_text_on_a_page_is_escaped(client: TestClient, tmp_path: Path) -> None:
    page = client.get("/play/<script>alert(1)")
    assert page.status_code == 404
    assert "<script>alert" not in page.text and "&lt;script&gt;alert(1)" in page.text
    deck = (ROOT / "deduce" / "games" / "kreuzverhoer" / "default.toml").read_text("utf-8")
    (tmp_path / "decks").mkdir()
    evil = deck.replace('"Berlin"', '"<script>alert(1)</script>"')
    (tmp_path / "decks" / "evil.toml").write_text(evil, encoding="utf-8")
    answer = client.post(
        "/api/sessions", json={"game": "kreuzverhoer", "setup": {"deck": "evil.toml"}}
    )
    assert answer.status_code == 201, answer.json()
    assert "<script>alert(1)</script>" in answer.json()["sheet"]["scene"]
    page = client.get("/play/kreuzverhoer")
    assert page.status_code == 200 and "<script>alert(1)</script>" not in page.text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page.text
    assert "Content-Security-Policy" in page.headers
    answer = client.post(
        "/api/sessions", json={"game": "kreuzverhoer", "setup": {"deck": "../decks/evil.toml"}}
    )
    assert answer.status_code == 422 and "plain name" in answer.json()["error"]
    for path in (str(tmp_path / "decks" / "evil.toml"), str(ROOT / "pyproject.toml"), "/etc"):
        answer = client.post(
            "/api/sessions", json={"game": "kreuzverhoer", "setup": {"deck": path}}
        )
        assert answer.status_code == 422 and "decks folder" in answer.json()["error"], path


HOLD = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from deduce.play.files import SessionLock
    lock = SessionLock.acquire(Path(sys.argv[1]))
    print("held", flush=True)
    sys.stdin.read()
    """
)


def test_a_game_open_in_the_console_is_refused_in_the_browser(tmp_path: Path) -> None:
    save_file(tmp_path / "mastermind.json", Investigation(3, 4).guess("123", black=1, white=1))
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(tmp_path / "mastermind.json")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with TestClient(create_app(tmp_path, token=TOKEN), headers=AUTH) as client:
            answer = client.get("/api/sessions/mastermind")
            assert answer.status_code == 409
            assert "open in the console" in answer.json()["error"]
            assert f"deduce process {holder.pid}" in answer.json()["error"]
            page = client.get("/play/mastermind")
            assert page.status_code == 409 and "Quit it there" in page.text
            answer = client.post("/api/sessions", json={"game": "mastermind", "setup": {}})
            assert answer.status_code == 409
            assert len(load_file(tmp_path / "mastermind.json", Investigation).clues) == 1
    finally:
        holder.communicate("")
    with TestClient(create_app(tmp_path, token=TOKEN), headers=AUTH) as client:
        state = client.get("/api/sessions/mastermind").json()  # resumed once it is quit
        assert [c["words"] for c in state["history"]] == ["123: 1 black, 1 white"]


def test_a_game_open_in_the_browser_is_refused_in_the_console(tmp_path: Path) -> None:
    with TestClient(create_app(tmp_path / "deduce", token=TOKEN), headers=AUTH) as client:
        client.post("/api/sessions", json={"game": "mastermind", "setup": SMALL})
        console = subprocess.run(
            [sys.executable, "-m", "deduce.cli", "play", "mastermind"],
            input="quit\n",
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT), "XDG_STATE_HOME": str(tmp_path)},
            timeout=120,
        )
    assert console.returncode == 1
    assert f"deduce serve process {os.getpid()}" in " ".join(console.stdout.split())


def test_the_serve_command_line(tmp_path: Path) -> None:
    from deduce.cli import main

    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    assert main(["serve", "--port", "70000", "--no-browser"]) == 1
    assert main(["serve", "--token", "short", "--no-browser", "--state-dir", str(tmp_path)]) == 1
    for token in (
        "a&b=c-token",
        "with#fragment",
        "semi;colon;token",
        "tökenwithumlaut",
        "a b c d e f",
    ):
        # it would break the printed address, its QR code and the page's posts
        assert main(["serve", "--token", token, "--no-browser", "--state-dir", str(tmp_path)]) == 1
    import socket

    with socket.socket() as taken:  # a port in use: said, and nothing is served
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        assert main(["serve", "--port", port, "--no-browser", "--state-dir", str(tmp_path)]) == 1


@pytest.mark.parametrize("name", [g.name for g in registry.declarations() if g.front_end])
def test_every_game_plays_through_the_api_and_its_page(client: TestClient, name: str) -> None:
    declared = registry.find(name)
    setup = parse_presets(declared.table_setup)
    answer = client.post("/api/sessions", json={"game": name, "setup": setup})
    assert answer.status_code == 201, answer.json()
    id = answer.json()["id"]
    assert id == declared.autosave
    for line in declared.table_lines:
        answer = client.post(f"/api/sessions/{id}/lines", json={"line": line})
        assert answer.status_code == 200, answer.json()
    state = client.get(f"/api/sessions/{id}").json()
    assert len(state["history"]) == len(declared.table_lines)
    page = client.get(f"/play/{id}")
    assert page.status_code == 200
    for verb in declared.adapter().grammar.verbs:  # every verb is a form
        assert f'data-verb="{verb.name}"' in page.text


@pytest.mark.parametrize("name", [g.name for g in registry.declarations() if g.front_end])
def test_every_argument_is_a_control_of_its_kind(name: str, tmp_path: Path) -> None:
    from deduce.play.arguments import grouped
    from deduce.play.grammar import Context, Integer, Name, YesNo
    from deduce.serve import OpenGames
    from deduce.serve.forms import verb_forms

    declared = registry.find(name)
    game = declared.adapter()
    tables = OpenGames(tmp_path)
    start = tables.create(name, parse_presets(declared.table_setup)).session.investigation
    tables.close()
    forms = verb_forms(game.grammar, start)
    context = Context(start)
    for verb, form in zip(game.grammar.verbs, forms, strict=True):  # a verb of two forms too
        assert form.name == verb.name
        fields = iter(form.fields)  # in the grammar's order
        for arg in verb.args:
            if arg.when is not None and not arg.when(context):
                continue
            field = next(fields)
            assert field.name == arg.name
            assert field.optional == arg.optional and field.keyword == (arg.keyword or "")
            if isinstance(arg.kind, Integer):
                assert field.control == "stepper"
                assert (field.low, field.high) == arg.kind.bounds(context)
            elif isinstance(arg.kind, YesNo):
                assert field.control == "buttons" and field.choices == ("yes", "no")
            elif isinstance(arg.kind, Name):
                words = tuple(arg.kind.words(context))
                other = set() if arg.kind.offered is not None else set(arg.kind.aliases)
                names = tuple(w for w in words if w not in other)  # a button per name
                laid = grouped(arg.kind, context)
                if 0 < len(names) <= 16:
                    assert (field.control, field.choices) == ("buttons", names)
                elif laid:  # many: by category, every name in one
                    assert field.control == "buttons"
                    assert field.groups == tuple((h, tuple(ws)) for h, ws in laid)
                    assert set(field.choices) == {w for _, ws in laid for w in ws} <= set(words)
                else:
                    assert (field.control, field.choices) == ("text", words[:200])


def test_other_words_for_a_name_are_no_buttons_of_their_own(client: TestClient) -> None:
    setup = parse_presets(registry.find("bsi").table_setup)
    id_ = client.post("/api/sessions", json={"game": "bsi", "setup": setup}).json()["id"]
    client.post(f"/api/sessions/{id_}/lines", json={"line": "lay woman/night/outside/gun 1 2"})
    page = client.get(f"/play/{id_}").text
    solve = page.split('<form class="verb card" data-verb="solve"')[1].split("</form>")[0]
    assert 'value="right"' in solve and 'value="wrong"' in solve
    assert 'value="yes"' not in solve and 'value="correct"' not in solve
    state = client.post(  # still taken when typed
        f"/api/sessions/{id_}/lines", json={"line": "solve 1 man/day/outside/gun 1 no"}
    ).json()
    assert state["history"][-1]["words"].endswith(": wrong")
    assert state["history"][-1]["clue"]["correct"] is False


def test_no_two_controls_of_a_page_share_an_id(client: TestClient) -> None:
    import re

    client.post("/api/sessions", json={"game": "kreuzverhoer", "setup": {}})
    for path in ("/", "/play/kreuzverhoer"):
        ids = re.findall(r'\bid="([^"]+)"', client.get(path).text)
        assert ids and len(ids) == len(set(ids)), path


def test_a_game_in_the_server_leaves_the_games_front_end_as_it_was(tmp_path: Path) -> None:
    from deduce.serve import OpenGames

    before = adapter("mastermind").recommend
    tables = OpenGames(tmp_path)
    game = tables.create("mastermind", SMALL)
    assert game.adapter is not adapter("mastermind")
    assert adapter("mastermind").recommend == before
    tables.close()


def test_the_page_is_the_state_as_data_never_the_consoles_printout(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn = []
    show = Session.show

    def counted(self: Session, values: object = None) -> None:
        drawn.append(len(self.investigation.clues))
        show(self)

    monkeypatch.setattr(Session, "show", counted)
    client.post("/api/sessions", json={"game": "mastermind", "setup": SMALL})
    for line in ("guess 123 1 1", "guess 321 1 1"):
        state = client.post("/api/sessions/mastermind/lines", json={"line": line}).json()
        assert [r["kind"] for r in state["replies"]] == ["noted"] and state["advice"]["moves"]
    assert client.get("/api/sessions/mastermind").status_code == 200
    page = client.get("/play/mastermind").text
    assert drawn == [] and "<pre" not in page  # no console display, ever
    said = page[page.index('class="said') :]
    assert said.startswith('class="said noted">\n    <p>Noted: 321: 1 black, 1 white</p>')
    history = page[page.index('<ol class="history">') :]
    assert history.startswith(
        '<ol class="history"><li value="1">123: 1 black, 1 white</li>'
        '<li value="2">321: 1 black, 1 white</li></ol>'
    )
    top = [(t["words"], t["p"]) for t in state["top"]]
    assert all(t["solution"] == {"type": "Code", "digits": t["words"]} for t in state["top"])
    assert len(top) == min(8, state["solutions"]) and top == sorted(top, key=lambda t: -t[1])
    assert all(f'<span class="value">{s}</span>' in page for s, _ in top)
    assert state["facts"] == [{"label": "Guesses", "value": "2 made, 8 of 10 left"}]
    assert "<dt>Guesses</dt><dd>2 made, 8 of 10 left</dd>" in page


def test_a_commands_table_is_a_table_on_the_page(client: TestClient) -> None:
    setup = parse_presets(registry.find("kreuzverhoer").table_setup)
    client.post("/api/sessions", json={"game": "kreuzverhoer", "setup": setup})
    state = client.post("/api/sessions/kreuzverhoer/lines", json={"line": "race"}).json()
    listing = state["listing"]
    assert listing["columns"][0] == "lay" and len(listing["rows"]) >= 1
    page = client.get("/play/kreuzverhoer").text
    assert '<table class="listing">' in page and "<pre" not in page
    first = html.escape(listing["rows"][0][0], quote=False)
    assert f'<th scope="row">{first}</th>' in page
    after = client.post("/api/sessions/kreuzverhoer/lines", json={"line": "history"}).json()
    assert after["listing"] is None  # the answer to the last line only


def test_the_review_is_a_table_on_the_page(client: TestClient) -> None:
    client.post("/api/sessions", json={"game": "mastermind", "setup": SMALL})
    state = client.post("/api/sessions/mastermind/lines", json={"line": "review"}).json()
    assert state["review"] is None
    assert [r["kind"] for r in state["replies"]] == ["note"]
    assert state["replies"][0]["words"].startswith("No move of yours")
    for line in ("guess 123 1 1", "guess 321 1 1"):
        client.post("/api/sessions/mastermind/lines", json={"line": line})
    state = client.post("/api/sessions/mastermind/lines", json={"line": "review"}).json()
    review = state["review"]
    assert review["columns"] == [
        "#", "move", "bits", "best", "best bits", "learned", "luck", "solutions"
    ]  # fmt: skip
    made = Investigation(3, 4).guess("123", black=1, white=1).guess("321", black=1, white=1)
    expected = made.review(strategy=state["strategy"])
    assert [row[:2] for row in review["rows"]] == [
        ["1", "123: 1 black, 1 white"], ["2", "321: 1 black, 1 white"], ["all", ""]
    ]  # fmt: skip
    assert review["rows"][-1][6] == f"{expected.luck:+.2f}"  # the totals under their heads
    assert review["rows"][0][5] == f"{expected.rows[0].learned:.2f}"
    assert "luck: learned - bits" in review["note"]
    assert state["replies"] == []  # the note is the table's, not repeated as a reply
    page = client.get("/play/mastermind").text
    assert '<table class="review">' in page and '<th scope="col">luck</th>' in page
    assert '<th scope="row">all</th>' in page
    state = client.post("/api/sessions/mastermind/lines", json={"line": "history"}).json()
    assert state["review"] is None  # until the next line


def test_the_review_of_a_race_has_the_chances_to_win(client: TestClient) -> None:
    from deduce.games import thirteen_clues as tc

    deal = tc.Deal.random(2, seed=3)
    puzzle = deal.puzzles[1]
    setup = {"players": "2", "hand": " ".join(deal.hands[0])}
    setup["seat_1"] = f"{puzzle.person} {puzzle.location} {puzzle.weapon}"
    assert client.post("/api/sessions", json={"game": "thirteen-clues", "setup": setup}).is_success
    answer = deal.answer(1, "red", side="left")
    client.post("/api/sessions/13clues/lines", json={"line": f"ask 1 red {answer} left"})
    state = client.post("/api/sessions/13clues/lines", json={"line": "review"}).json()
    review = state["review"]
    assert review["columns"][-2:] == ["win before", "win after"]
    table = tc.Table(2, deal.hands[0], [puzzle]).question(0, 1, "red", answer, side="left")
    (row,) = table.review(strategy=state["strategy"]).rows
    assert review["rows"][0][-2:] == [f"{row.chance_before:.1%}", f"{row.chance_after:.1%}"]
    assert "win before/after: my chance to win" in review["note"]
    page = client.get("/play/13clues").text
    assert '<th scope="col">win before</th>' in page


@pytest.mark.parametrize("name", [g.name for g in registry.declarations() if g.front_end])
def test_no_field_help_lists_nothing(client: TestClient, name: str) -> None:
    """A field whose choices follow from an earlier one says so, not "one of " alone."""
    import re

    setup = parse_presets(registry.find(name).table_setup)
    id_ = client.post("/api/sessions", json={"game": name, "setup": setup}).json()["id"]
    helps = re.findall(r'<p class="help">(.*?)</p>', client.get(f"/play/{id_}").text)
    assert helps
    for text in helps:
        assert not re.search(r"one of\s*(,|$)", text), text


def test_a_needed_word_that_is_the_only_choice_is_checked(client: TestClient) -> None:
    """Kreuzverhör's ``they ask ...``: the word ``ask`` is the form's only choice there."""
    setup = parse_presets(registry.find("kreuzverhoer").table_setup)
    id_ = client.post("/api/sessions", json={"game": "kreuzverhoer", "setup": setup}).json()["id"]
    page = client.get(f"/play/{id_}").text
    they = page.split('<form class="verb card" data-verb="they"')[1].split("</form>")[0]
    assert 'value="ask" checked' in they and "one of ask" not in they


def test_crime_writers_forms_offer_the_tags_and_cards_before_the_element(
    client: TestClient,
) -> None:
    setup = parse_presets(registry.find("crime-writers").table_setup)
    id_ = client.post("/api/sessions", json={"game": "crime-writers", "setup": setup}).json()["id"]
    page = client.get(f"/play/{id_}").text
    ask = page.split('<form class="verb card" data-verb="ask"')[1].split("</form>")[0]
    assert 'value="servant">' in ask and 'value="Butler">' in ask  # buttons, by element
    assert 'data-follows="ELEMENT"' in ask and 'data-heading="who"' in ask
    drawn = page.split('<form class="verb card" data-verb="drawn"')[1].split("</form>")[0]
    assert 'value="Butler">' in drawn and 'value="Library">' in drawn


def test_bsi_solve_fields_say_when_they_are_needed(client: TestClient) -> None:
    """Its verdict may be left out only for my own case: the form says so, not "optional"."""
    setup = parse_presets(registry.find("bsi").table_setup)
    id_ = client.post("/api/sessions", json={"game": "bsi", "setup": setup}).json()["id"]
    client.post(f"/api/sessions/{id_}/lines", json={"line": "lay woman/night/outside/gun 1 2"})
    page = client.get(f"/play/{id_}").text
    solve = page.split('<form class="verb card" data-verb="solve"')[1].split("</form>")[0]
    assert "Right or wrong <small>(needed unless it is your own case)</small>" in solve
    assert "New case <small>(only when your own case is solved)</small>" in solve
    assert "(optional)" not in solve


def test_buttons_do_not_repeat_their_choices_as_help(client: TestClient) -> None:
    """Kreuzverhör's card buttons: before, the help listed every card again, its other
    names included (``single_interrogation``)."""
    setup = parse_presets(registry.find("kreuzverhoer").table_setup)
    id_ = client.post("/api/sessions", json={"game": "kreuzverhoer", "setup": setup}).json()["id"]
    page = client.get(f"/play/{id_}").text
    out = page.split('<form class="verb card" data-verb="out"')[1].split("</form>")[0]
    assert 'value="Profiler"' in out and "single_interrogation" not in out


def test_the_seats_a_table_size_has_not_are_hidden_in_its_set_up(client: TestClient) -> None:
    """13 Indizien asks for seat 3's puzzle only with 4 players or more: the home page
    marks the field so (its script hides it for fewer), and a game of 3 starts without."""
    import re

    home = client.get("/").text
    seat_3 = re.search(r'<fieldset class="field" data-name="seat_3"[^>]*>', home)
    assert seat_3 and 'data-shown-by="players" data-shown-for="4 5 6"' in seat_3.group(0)
    assert "data-optional" not in seat_3.group(0)  # needed where it is shown
    seat_1 = re.search(r'<fieldset class="field" data-name="seat_1"[^>]*>', home)
    assert seat_1 and 'data-shown-for="2 3 4 5 6"' in seat_1.group(0)  # at every size
    assert "data-optional" not in seat_1.group(0)


def test_a_game_in_progress_is_started_over_only_when_asked_and_can_be_reopened(
    client: TestClient,
) -> None:
    client.post("/api/sessions", json={"game": "mastermind", "setup": SMALL})
    for line in ("guess 123 1 1", "guess 321 1 1"):
        client.post("/api/sessions/mastermind/lines", json={"line": line})
    asked = client.post(
        "/api/sessions", json={"game": "mastermind", "setup": SMALL, "replace": False}
    )
    assert asked.status_code == 409 and asked.json()["in_progress"] == "mastermind"
    assert "A Mastermind game with 2 clues is in progress" in asked.json()["error"]
    assert len(client.get("/api/sessions/mastermind").json()["history"]) == 2  # untouched
    for junk in ("yes", 1, None, []):
        refused = client.post(
            "/api/sessions", json={"game": "mastermind", "setup": {}, "replace": junk}
        )
        assert refused.status_code == 422 and "replace" in refused.json()["error"]
    assert client.get("/api/sessions/mastermind/copies").json() == []
    fresh = client.post("/api/sessions", json={"game": "mastermind", "setup": SMALL})
    assert fresh.status_code == 201 and fresh.json()["history"] == []
    copies = client.get("/api/sessions/mastermind/copies").json()
    assert copies == [{"copy": "mastermind.json.bak", "clues": 2}]
    home = client.get("/").text
    assert 'data-copy="mastermind.json.bak"' in home and "game of 2 clues" in home
    again = client.post("/api/sessions", json={"game": "mastermind", "replace": False})
    assert again.status_code == 201  # nothing in progress: no question
    reopened = client.post("/api/sessions/mastermind/reopen", json={"copy": "mastermind.json.bak"})
    assert reopened.status_code == 200 and len(reopened.json()["history"]) == 2
    assert [(r["kind"], r["words"]) for r in reopened.json()["replies"]] == [
        ("note", "The earlier game from mastermind.json.bak is open again.")
    ]
    assert client.get("/api/sessions/mastermind/copies").json() == []  # (the new one had none)
    for junk in ("../mastermind.json", "mastermind.json", "bsi.json.bak", 5, None):
        refused = client.post("/api/sessions/mastermind/reopen", json={"copy": junk})
        assert refused.status_code == 422 and "copy" in refused.json()["error"]
    assert client.get("/api/sessions/nothing/copies").status_code == 404
    assert client.post("/api/sessions/nothing/reopen", json={"copy": "x"}).status_code == 404
