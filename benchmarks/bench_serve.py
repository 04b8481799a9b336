"""`deduce serve` under load: 50 clients at once for 30 s against one server on loopback.

Every client posts truthful Mastermind clues about one secret (a random guess and its
black and white pegs) to the same game and reads its state back, as fast as the server
answers. A game is over after its tenth guess (or the code broken): the first client to
be told so starts the next game, and a guess posted before it is refused as the rules
say (counted, not an error). Every clue taken must come back as the last clue of the
history, the last game's history must hold only clues posted, and no request may have
failed otherwise; the median, 95th percentile and maximum latency are printed (of all the
requests, of the posts and of the reads), and how many answers came before their state's
advice was worked out (``"pending"``: the request that first needs a state's advice waits
for it, at most ``ADVICE_WAIT``; one that comes meanwhile does not).
``DEDUCE_SERVE_CLIENTS`` and ``DEDUCE_SERVE_SECONDS`` change the load.
"""

from __future__ import annotations

import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "benchmark-token"
SECRET = "3142"


def feedback(guess: str, secret: str = SECRET) -> tuple[int, int]:
    black = sum(a == b for a, b in zip(guess, secret, strict=True))
    white = sum(min(guess.count(c), secret.count(c)) for c in set(guess)) - black
    return black, white


class Games:
    """The games played so far: the first client told that one is over starts the next."""

    def __init__(self, state: Path) -> None:
        self.state = state
        self.started = 1
        self.lock = asyncio.Lock()
        self.over_refusals = 0
        self.pending = 0  # states answered with their advice still being worked out

    async def next(self, http: httpx.AsyncClient, seen: int) -> str | None:
        """Start the next game unless another client did since game ``seen``."""
        async with self.lock:
            if self.started != seen:
                return None
            for kept in self.state.glob("mastermind.json.bak*"):  # as a player clears them
                kept.unlink()
            answer = await http.post("/api/sessions", json={"game": "mastermind", "setup": {}})
            if answer.status_code != 201:
                return f"new game {answer.status_code}: {answer.text[:200]}"
            self.started += 1
            return None


async def client(
    base: str,
    until: float,
    seed: int,
    latencies: dict[str, list[float]],
    posted: list[str],
    games: Games,
) -> list[str]:
    """One client's loop: a clue, then the state; the failures it saw."""
    rng = random.Random(seed)
    failures = []
    headers = {"Authorization": f"token {TOKEN}"}
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=120) as http:
        while time.monotonic() < until:
            guess = "".join(rng.choice("123456") for _ in range(4))
            black, white = feedback(guess)
            clue = f"{guess}: {black} black, {white} white"
            game = games.started
            start = time.perf_counter()
            answer = await http.post(
                "/api/sessions/mastermind/lines", json={"line": f"guess {guess} {black} {white}"}
            )
            latencies["POST"].append(time.perf_counter() - start)
            said = answer.json() if answer.headers.get("content-type") == "application/json" else {}
            if answer.status_code == 200:
                games.pending += _pending(said)
                posted.append(clue)
                clues = _clues(said)
                if not clues or clues[-1] != clue:
                    failures.append(f"POST 200 without its clue: {clues[-1:]}")
            elif answer.status_code == 422 and said.get("state", {}).get("turn", {}).get("over"):
                games.over_refusals += 1
                failure = await games.next(http, game)
                if failure:
                    failures.append(failure)
            else:
                failures.append(f"POST {answer.status_code}: {answer.text[:200]}")
            start = time.perf_counter()
            answer = await http.get("/api/sessions/mastermind")
            latencies["GET"].append(time.perf_counter() - start)
            if answer.status_code != 200:
                failures.append(f"GET {answer.status_code}")
            else:
                games.pending += _pending(answer.json())
    return failures


def _pending(state: dict[str, object]) -> int:
    """1 if ``state``'s advice was still being worked out when it was answered."""
    advice = state.get("advice")
    return int(isinstance(advice, dict) and bool(advice.get("pending")))


def _clues(state: dict[str, object]) -> list[str]:
    """The clues of a state's history, each in words (``1122: 1 black, 0 white``)."""
    history = state.get("history")
    return [str(entry["words"]) for entry in history] if isinstance(history, list) else []


async def load(base: str, clients: int, seconds: float, state: Path) -> None:
    headers = {"Authorization": f"token {TOKEN}"}
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=120) as http:
        answer = await http.post("/api/sessions", json={"game": "mastermind", "setup": {}})
        assert answer.status_code == 201, answer.text
    latencies: dict[str, list[float]] = {"POST": [], "GET": []}
    posted: list[str] = []
    games = Games(state)
    until = time.monotonic() + seconds
    started = time.perf_counter()
    found = await asyncio.gather(
        *(client(base, until, seed, latencies, posted, games) for seed in range(clients))
    )
    elapsed = time.perf_counter() - started
    failures = [f for each in found for f in each]
    async with httpx.AsyncClient(base_url=base, headers=headers, timeout=120) as http:
        state = (await http.get("/api/sessions/mastermind")).json()
    lost = set(_clues(state)) - set(posted)
    assert not failures, failures[:5]
    assert not lost, sorted(lost)[:5]
    ordered = sorted(latencies["POST"] + latencies["GET"])
    each = "; ".join(
        f"{kind} median {statistics.median(found) * 1000:.0f} ms, p95 {_p95(found) * 1000:.0f} ms"
        for kind, found in latencies.items()
        if found
    )
    print(
        f"{clients} clients, {elapsed:.1f} s: {len(ordered)} requests "
        f"({len(ordered) / elapsed:.1f}/s), {len(posted)} clues kept in {games.started} "
        f"games, {games.over_refusals} guesses refused after a game's end, {games.pending} "
        "states answered with their advice pending, 0 errors; "
        f"latency median {statistics.median(ordered) * 1000:.0f} ms, "
        f"p95 {_p95(ordered) * 1000:.0f} ms, max {ordered[-1] * 1000:.0f} ms ({each}); "
        f"load average {os.getloadavg()[0]:.1f}",
        flush=True,
    )


def _p95(latencies: list[float]) -> float:
    ordered = sorted(latencies)
    return ordered[int(0.95 * (len(ordered) - 1))]


def main() -> None:
    clients = int(os.environ.get("DEDUCE_SERVE_CLIENTS", "50"))
    seconds = float(os.environ.get("DEDUCE_SERVE_SECONDS", "30"))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory() as state:
        command = [sys.executable, "-m", "deduce.cli", "serve", "--no-browser"]
        options = ["--port", str(port), "--token", TOKEN, "--state-dir", state]
        server = subprocess.Popen(
            command + options,
            # a cache of its own: trees computed by an earlier run never speed this one up
            env={**os.environ, "PYTHONPATH": str(ROOT), "DEDUCE_CACHE_DIR": f"{state}/cache"},
            stdout=subprocess.DEVNULL,
        )
        try:
            for _ in range(300):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.1)
            asyncio.run(load(f"http://127.0.0.1:{port}", clients, seconds, Path(state)))
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
