"""``deduce serve`` against connections that hold the port and send nothing: the server
is started as a player starts it, under an open-file limit of 1,024, and flooded."""

from __future__ import annotations

import http.client
import json
import resource
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("starlette")

from serving import Launched, launched

from deduce.serve.connections import HEAD_SECONDS, Quiet, connection_cap

TOKEN = "a-token-for-the-flood"
AUTH = {"Authorization": f"token {TOKEN}", "Content-Type": "application/json"}
LIMIT = 1024


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (LIMIT, LIMIT))


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Launched]:
    """`deduce serve` on a free port, its open files limited to 1,024 (hard limit too)."""
    with launched(tmp_path / "state", TOKEN, preexec_fn=_limited) as served:
        yield served


def _post(connection: http.client.HTTPConnection, path: str, body: object) -> tuple[int, dict]:
    connection.request("POST", path, body=json.dumps(body), headers=AUTH)
    answer = connection.getresponse()
    return answer.status, json.loads(answer.read())


@pytest.mark.slow  # a real server, flooded
def test_idle_and_dripping_sockets_never_stop_the_autosave(served: Launched) -> None:
    port = served.port
    phone = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    status, state = _post(phone, "/api/sessions", {"game": "mastermind", "setup": {}})
    assert status == 201 and state["saved"]
    flood = []
    for n in range(1100):  # more than the server's open files
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        if n % 100 == 0:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # a header dripped, never ended
        flood.append(sock)
    try:
        status, state = _post(phone, "/api/sessions/mastermind/lines", {"line": "1122 1 0"})
        assert status == 200 and state["saved"] and state["solutions"] == 256
        newcomer = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        newcomer.request("GET", "/api/sessions/mastermind", headers=AUTH)
        answer = newcomer.getresponse()
        assert answer.status == 200
        history = json.loads(answer.read())["history"]
        assert [c["words"] for c in history] == ["1122: 1 black, 0 white"]
        newcomer.close()
        # the flood's connections are closed: made room for, or past their deadline
        deadline = time.monotonic() + HEAD_SECONDS + 20
        open_ = list(flood)
        while open_ and time.monotonic() < deadline:
            still = []
            for sock in open_:
                sock.settimeout(0.01)
                try:
                    if sock.recv(1024) == b"":
                        continue
                except TimeoutError:
                    still.append(sock)
                except OSError:
                    continue
            open_ = still
            time.sleep(0.5)
        assert not open_
    finally:
        for sock in flood:
            sock.close()
        phone.close()
    log = served.stop()
    assert "Traceback" not in log and "Too many open files" not in log, log[-3000:]


def test_the_cap_leaves_most_open_files_to_the_games() -> None:
    assert connection_cap(LIMIT) == LIMIT // 4
    assert connection_cap(20) == 8


def test_the_same_warning_is_logged_once_in_a_while() -> None:
    import logging

    quiet = Quiet(seconds=60)

    def record(text: str) -> logging.LogRecord:
        return logging.LogRecord("uvicorn.error", logging.WARNING, "", 0, text, None, None)

    passed = [quiet.filter(record("Invalid HTTP request received.")) for _ in range(500)]
    assert passed.count(True) == 1
    assert quiet.filter(record("another warning"))


def test_a_server_that_never_starts_fails_the_launch_with_what_it_said(tmp_path: Path) -> None:
    said = r"(?s)stopped.*unrecognized arguments: --no-such-option"
    with (
        pytest.raises(AssertionError, match=said),
        launched(tmp_path / "state", TOKEN, "--no-such-option"),
    ):
        pass  # never reached: the launch fails first
