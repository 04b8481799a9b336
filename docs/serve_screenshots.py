"""Draw the phone screenshots of docs/serve.md: every game in ``deduce serve`` at 360x740.

Run from the project's root (needs the serve extra, Playwright and Debian's chromium):

    python docs/serve_screenshots.py
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from deduce.core import registry
from deduce.play.setup import parse_presets

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "images" / "serve"
TOKEN = "screenshots-token"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]


def post(url: str, body: dict[str, object]) -> dict[str, object]:
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Authorization": f"token {TOKEN}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as answer:
        found: dict[str, object] = json.load(answer)
        return found


def main() -> None:
    from playwright.sync_api import sync_playwright  # the dev group has it

    OUT.mkdir(parents=True, exist_ok=True)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    state = tempfile.mkdtemp()
    command = [sys.executable, "-m", "deduce.cli", "serve", "--no-browser"]
    options = ["--port", str(port), "--token", TOKEN, "--state-dir", state]
    server = subprocess.Popen(
        command + options, env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.DEVNULL
    )
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.2)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            page = browser.new_page(viewport={"width": 360, "height": 740})
            page.goto(f"{base}/?token={TOKEN}")
            for game in (g for g in registry.declarations() if g.front_end is not None):
                setup = parse_presets(game.table_setup)
                post(f"{base}/api/sessions", {"game": game.name, "setup": setup})
                for line in game.table_lines:
                    post(f"{base}/api/sessions/{game.autosave}/lines", {"line": line})
                page.goto(f"{base}/play/{game.autosave}")
                page.screenshot(path=str(OUT / f"{game.name}.png"))
            page.goto(f"{base}/")
            page.screenshot(path=str(OUT / "home.png"))
            page.emulate_media(color_scheme="dark")
            page.goto(f"{base}/play/mastermind")
            page.screenshot(path=str(OUT / "mastermind-dark.png"))
            browser.close()
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
