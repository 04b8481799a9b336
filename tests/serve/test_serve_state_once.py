"""A state is worked out once and shared: every client asking for the game as it is gets
the same answer without working it out again, in each language; a line, a refusal that
shows something, a note or a new strategy makes a new one; a line's answer is the state
right after that line, whatever other clients do. A state's advice is worked out once,
in the background: the first request waits for it, the others are told it is pending."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from serving import AUTH, TOKEN, TestClient

from deduce import InvalidInput
from deduce.serve import OpenGames, create_app


def _counted(game: object) -> list[int]:
    """Count the states that ``game`` works out (the count is the list's length)."""
    made: list[int] = []
    work = game._state_of  # type: ignore[attr-defined]

    def counting(shown: object) -> object:
        made.append(1)
        return work(shown)

    game._state_of = counting  # type: ignore[attr-defined]
    return made


def test_every_client_shares_the_state_until_it_changes(tmp_path: Path) -> None:
    app = create_app(tmp_path, token=TOKEN)
    with TestClient(app, headers=AUTH) as client:
        client.post("/api/sessions", json={"game": "mastermind", "setup": {}})
        game = app.state.tables.games["mastermind"]
        made = _counted(game)
        first = client.get("/api/sessions/mastermind")
        assert [client.get("/api/sessions/mastermind").content for _ in range(5)] == [
            first.content
        ] * 5
        assert len(made) <= 1  # worked out at most once (it may have been before)
        german = client.get("/api/sessions/mastermind", headers={"Accept-Language": "de"})
        assert german.json()["version"] == first.json()["version"]
        count = len(made)
        said = client.post("/api/sessions/mastermind/lines", json={"line": "guess 1122 1 0"})
        assert said.status_code == 200 and len(made) == count + 1
        assert said.json()["history"][-1]["words"] == "1122: 1 black, 0 white"
        assert client.get("/api/sessions/mastermind").content == said.content


def test_a_refusal_that_shows_nothing_keeps_the_state_a_command_makes_a_new_one(
    tmp_path: Path,
) -> None:
    app = create_app(tmp_path, token=TOKEN)
    with TestClient(app, headers=AUTH) as client:
        client.post("/api/sessions", json={"game": "mastermind", "setup": {}})
        game = app.state.tables.games["mastermind"]
        before = client.get("/api/sessions/mastermind").json()
        made = _counted(game)
        refused = client.post("/api/sessions/mastermind/lines", json={"line": "guess 11 9 9"})
        assert refused.status_code == 422 and refused.json()["state"] == before
        assert made == []  # the game shows what it showed
        shown = client.post("/api/sessions/mastermind/lines", json={"line": "strategy minimax"})
        assert shown.status_code == 200 and shown.json()["strategy"] == "minimax"
        assert len(made) == 1


def test_a_note_makes_a_new_state(tmp_path: Path) -> None:
    tables = OpenGames(tmp_path)
    game = tables.create("mastermind", {})
    before = game.state_json()
    assert game.state_json() is before  # the same, not worked out again
    game.note("a word from the table")
    after = game.state()
    assert after["replies"][-1]["words"] == "a word from the table"
    assert game.kept_json() is not None and game.kept_json() != before
    tables.close()


def test_a_line_is_carried_out_while_the_advice_is_worked_out(tmp_path: Path) -> None:
    import threading

    tables = OpenGames(tmp_path)
    game = tables.create("mastermind", {})
    slow = game.session.investigation  # the state whose advice takes its time
    release, started = threading.Event(), threading.Event()
    asked: list[object] = []
    advise = game._advise  # type: ignore[attr-defined]

    def advising(inv: object, strategy: str) -> object:
        asked.append(inv)
        if inv is slow:
            started.set()
            assert release.wait(10)
        return advise(inv, strategy)

    game._advise = advising  # type: ignore[attr-defined]
    for kept in ("advised", "recommend"):  # forget what was worked out at the start
        game._kept.pop(kept, None)  # type: ignore[attr-defined]
    game._states = {}  # type: ignore[attr-defined]
    answers: list[bytes] = []
    readers = [threading.Thread(target=lambda: answers.append(game.state_json())) for _ in range(3)]
    for reader in readers:
        reader.start()
    assert started.wait(10)
    posted: list[dict[str, object]] = []
    poster = threading.Thread(target=lambda: posted.append(game.post("guess 1122 1 0")))
    poster.start()
    for _ in range(1000):  # the line is carried out, the advice of the state before aside
        if game.session.investigation is not slow and game.version.endswith("-1"):
            break
        threading.Event().wait(0.01)
    assert game.session.investigation is not slow and game.version.endswith("-1")
    release.set()
    for thread in [*readers, poster]:
        thread.join(10)
    assert posted[0]["history"][-1]["words"] == "1122: 1 black, 0 white"  # type: ignore[index]
    advice = [json.loads(answer)["advice"] for answer in answers]
    waited = [a for a in advice if not a["pending"]]  # the first to ask waited for it
    told = [a for a in advice if a["pending"]]  # the others were told it is pending
    assert len(waited) == 1 and waited[0]["moves"] and len(told) == 2
    assert all(a["moves"] == [] for a in told)
    assert asked.count(slow) == 1  # its advice worked out once
    tables.close()


class _Held:
    """``game``'s advice held until :attr:`release` is set: :attr:`started` is set when
    one starts, and :attr:`asked` counts the clues of each state advised."""

    def __init__(self, game: Any) -> None:
        import threading

        self.release, self.started = threading.Event(), threading.Event()
        self.asked: list[int] = []
        advise = game._advise

        def advising(inv: Any, strategy: str) -> object:
            self.asked.append(len(inv.clues))
            self.started.set()
            assert self.release.wait(20)
            return advise(inv, strategy)

        game._advise = advising


def test_advice_not_ready_in_time_is_pending_then_shown(tmp_path: Path) -> None:
    import threading

    tables = OpenGames(tmp_path, advice_wait=0)
    game = tables.create("mastermind", {})
    release = _Held(game).release
    posted = game.post("guess 1122 1 0")
    assert posted["advice"]["pending"] is True and posted["advice"]["moves"] == []
    assert game.state()["advice"]["pending"] is True  # asked again: still not ready
    release.set()
    for _ in range(1000):
        if game.kept_json() is None:  # what the state shows changed: its advice
            break
        threading.Event().wait(0.01)
    shown = game.state()
    assert shown["advice"]["pending"] is False and shown["advice"]["moves"]
    assert shown["version"] == posted["version"]  # the same state, now with its advice
    tables.close()


@pytest.mark.parametrize("make", [create_app, OpenGames])
@pytest.mark.parametrize("junk", ["1", True, -1, math.nan, math.inf, 10**9, [1.0]])
def test_an_advice_wait_that_is_no_number_of_seconds_is_refused(
    tmp_path: Path, make: object, junk: object
) -> None:
    with pytest.raises(InvalidInput, match="advice_wait") as refused:
        make(tmp_path, advice_wait=junk)  # type: ignore[operator]
    assert refused.value.value is junk or refused.value.value == junk
    assert "seconds from 0 to 3600" in str(refused.value)


def test_lines_and_reads_do_not_wait_for_an_advice_being_worked_out(tmp_path: Path) -> None:
    import threading

    tables = OpenGames(tmp_path, advice_wait=0)
    game = tables.create("mastermind", {})
    held = _Held(game)
    release, started = held.release, held.started
    try:
        assert game.post("guess 1122 1 0")["advice"]["pending"] is True
        assert started.wait(10)  # the advice is being worked out, and takes its time
        done: list[dict[str, object]] = []
        undo = threading.Thread(target=lambda: done.append(game.post("undo")))
        undo.start()
        undo.join(5)
        assert done, "the line waited for the advice of the state before it"
        assert done[0]["history"] == []
        german = threading.Thread(target=lambda: done.append(_in_german(game.state)))
        german.start()
        german.join(5)
        assert len(done) == 2, "a read in another language waited for the advice"
    finally:
        release.set()
    tables.close()


def _in_german(read: object) -> dict[str, object]:
    from deduce._internal.language import use_language

    with use_language("de"):
        return read()  # type: ignore[operator, no-any-return]


def test_the_page_asks_for_the_advice_alone_until_it_shows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading
    import time

    from deduce.serve import OpenGame

    release = threading.Event()
    advise = OpenGame._advise

    def advising(self: OpenGame, inv: object, strategy: str) -> object:
        assert release.wait(20)
        return advise(self, inv, strategy)  # type: ignore[arg-type]

    monkeypatch.setattr(OpenGame, "_advise", advising)
    app = create_app(tmp_path, token=TOKEN, advice_wait=0)
    try:
        with TestClient(app, headers=AUTH) as client:
            made = client.post("/api/sessions", json={"game": "mastermind", "setup": {}})
            assert made.status_code == 201 and made.json()["advice"]["pending"] is True
            part = client.get("/play/mastermind?part=advice")
            assert part.status_code == 200 and 'id="advice-part"' in part.text
            assert "data-pending" in part.text and "Working out the advice" in part.text
            assert "<form" not in part.text and "History" not in part.text  # the advice alone
            main = client.get("/play/mastermind?part=main")
            assert 'id="advice-part"' in main.text and "data-pending" in main.text
            release.set()
            for _ in range(1000):
                part = client.get("/play/mastermind?part=advice")
                if "data-pending" not in part.text:
                    break
                time.sleep(0.01)
            assert "data-pending" not in part.text and 'class="fill"' in part.text
            assert f'data-advice-version="{made.json()["version"]}"' in part.text
    finally:
        release.set()


def test_the_advice_of_a_state_passed_by_is_not_worked_out_once_nobody_waits(
    tmp_path: Path,
) -> None:
    import threading

    tables = OpenGames(tmp_path, advice_wait=0)
    game = tables.create("mastermind", {})
    held = _Held(game)
    release, started, asked = held.release, held.started, held.asked
    for kept in ("advised", "recommend"):  # forget what was worked out at the start
        game._kept.pop(kept, None)  # type: ignore[attr-defined]
    game._states = {}  # type: ignore[attr-defined]
    try:
        assert game.state()["advice"]["pending"] is True  # no clue yet: being worked out
        assert started.wait(10)
        game.post("guess 1122 1 0")  # its advice waits behind the first one's
        last = game.post("guess 3456 0 1")
        release.set()
        for _ in range(1000):
            if not game.state()["advice"]["pending"]:
                break
            threading.Event().wait(0.01)
        assert game.state()["advice"]["moves"] and game.state()["version"] == last["version"]
        assert asked == [0, 2]  # the state of one clue was passed by before its turn came
    finally:
        release.set()
    tables.close()


def test_a_line_does_not_wait_behind_the_advice_of_an_earlier_state(tmp_path: Path) -> None:
    import threading
    import time

    tables = OpenGames(tmp_path, advice_wait=30)
    game = tables.create("mastermind", {})
    held = _Held(game)
    try:
        done: list[dict[str, Any]] = []
        first = threading.Thread(target=lambda: done.append(game.post("guess 1122 1 0")))
        first.start()
        assert held.started.wait(10)  # its advice is being worked out, held
        began = time.monotonic()
        posted = game.post("guess 3456 0 1")  # waits for nothing: not 30 s in a queue
        assert time.monotonic() - began < 10
        assert posted["advice"]["pending"] is True and len(posted["history"]) == 2
    finally:
        held.release.set()
    first.join(20)
    assert done and done[0]["advice"]["pending"] is False  # the first waited for its own
    tables.close()
