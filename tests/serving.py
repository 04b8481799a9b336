"""``deduce serve`` for the tests: its token, and its app behind Starlette's test client.

The tests that use it skip themselves when the ``serve`` extra is not installed
(``pytest.importorskip("starlette")`` before importing this module).
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

with warnings.catch_warnings():  # newer Starlette would rather have httpx2
    warnings.filterwarnings("ignore", "Using `httpx`")
    from starlette.testclient import TestClient

from deduce.serve import create_app

__all__ = ["AUTH", "TOKEN", "TestClient", "serving"]

TOKEN = "a-token-for-the-tests"
AUTH = {"Authorization": f"token {TOKEN}"}


def serving(state_dir: Path) -> Iterator[TestClient]:
    """The app on ``state_dir``, every request carrying :data:`TOKEN` (the ``client``
    fixture of the serve tests)."""
    with TestClient(create_app(state_dir, token=TOKEN), headers=AUTH) as client:
        yield client
