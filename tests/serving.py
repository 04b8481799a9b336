"""``deduce serve`` for the tests: its token, and its app behind Starlette's test client.

The tests that use it skip themselves when the ``serve`` extra is not installed
(``pytest.importorskip("starlette")`` before importing this module).
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

with warnings.catch_warnings():  # newer Starlette would rather have httpx2
    warnings.filterwarnings("ignore", "Using `httpx`")
    from starlette.testclient import TestClient

from deduce.serve import create_app

__all__ = ["AUTH", "TOKEN", "Launched", "TestClient", "launched", "serving"]

TOKEN = "a-token-for-the-tests"
AUTH = {"Authorization": f"token {TOKEN}"}


def serving(state_dir: Path) -> Iterator[TestClient]:
    """The app on ``state_dir``, every request carrying :data:`TOKEN` (the ``client``
    fixture of the serve tests)."""
    with TestClient(create_app(state_dir, token=TOKEN), headers=AUTH) as client:
        yield client


class Launched:
    """A ``deduce serve`` process started by :func:`launched`: its ``port``, ``process``
    and, once it has stopped, everything it printed (``output``)."""

    def __init__(self, port: int, process: subprocess.Popen[str]) -> None:
        self.port = port
        self.process = process
        self.output = ""

    def stop(self) -> str:
        """Stop it (if it still runs) and return what it printed."""
        if self.process.poll() is None:
            self.process.terminate()
        if not self.output:
            self.output = self.process.communicate(timeout=30)[0]
        return self.output


@contextlib.contextmanager
def launched(state_dir: Path, token: str, *more: str, **popen: Any) -> Iterator[Launched]:
    """``deduce serve`` started as a player starts it, on a free port of the loopback,
    once it takes connections; stopped at the end (``more``: more options, ``popen``:
    more for its process)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    options = ["--port", str(port), "--token", token, "--state-dir", str(state_dir), *more]
    root = Path(__file__).resolve().parent.parent
    process = subprocess.Popen(
        [sys.executable, "-m", "deduce.cli", "serve", "--no-browser", *options],
        env={**os.environ, "PYTHONPATH": str(root)},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        **popen,
    )
    served = Launched(port, process)
    try:
        for _ in range(150):
            if process.poll() is not None:  # it stopped before taking a connection
                said = process.stdout.read() if process.stdout else ""
                raise AssertionError(f"deduce serve stopped ({process.returncode}): {said}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        else:
            raise AssertionError(f"deduce serve took no connection on port {port} in 30 s")
        yield served
    finally:
        served.stop()
