"""Every open page of a game hears of each change at once: ``GET
/api/sessions/{id}/events`` (Server-Sent Events), on a real ``deduce serve``."""

from __future__ import annotations

import json
import signal
import time
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

import httpx
from serving import AUTH, TOKEN, launched

from deduce.serve.app import EVENTS_SECONDS


def _versions(lines: object) -> object:
    """The versions a stream of events says, one by one."""
    event = None
    for line in lines:  # type: ignore[attr-defined]
        if line.startswith("event: "):
            event = line.removeprefix("event: ")
        elif line.startswith("data: ") and event == "version":
            yield json.loads(line.removeprefix("data: "))["version"]


def test_a_change_made_anywhere_reaches_an_open_stream(tmp_path: Path) -> None:
    with launched(tmp_path, TOKEN) as served:
        base = f"http://127.0.0.1:{served.port}"
        with httpx.Client(base_url=base, headers=AUTH, timeout=10) as api:
            game = {"game": "mastermind", "setup": {"pegs": 2, "colours": 3}}
            first = api.post("/api/sessions", json=game).json()["version"]
            with api.stream("GET", "/api/sessions/mastermind/events") as stream:
                assert stream.status_code == 200
                assert stream.headers["content-type"].startswith("text/event-stream")
                versions = _versions(stream.iter_lines())
                assert next(versions) == first  # at once: the version shown
                with httpx.Client(base_url=base, headers=AUTH, timeout=10) as other:
                    done = other.post("/api/sessions/mastermind/lines", json={"line": "12 1 0"})
                assert next(versions) == done.json()["version"] != first
            assert api.get("/api/sessions/nothing/events").status_code == 404
            refused = httpx.get(f"{base}/api/sessions/mastermind/events", timeout=10)
            assert refused.status_code == 403  # no token, no events


def test_an_open_stream_does_not_hold_the_server_up(tmp_path: Path) -> None:
    """Ctrl-C stops the server within seconds though a page still follows a game."""
    with launched(tmp_path, TOKEN) as served:
        base = f"http://127.0.0.1:{served.port}"
        with httpx.Client(base_url=base, headers=AUTH, timeout=10) as api:
            api.post("/api/sessions", json={"game": "mastermind", "setup": {}})
            with api.stream("GET", "/api/sessions/mastermind/events") as stream:
                next(_versions(stream.iter_lines()))
                asked = time.monotonic()
                served.process.send_signal(signal.SIGINT)
                served.process.wait(timeout=EVENTS_SECONDS)
                assert time.monotonic() - asked < EVENTS_SECONDS  # not held up by it
