"""`deduce serve`, one player's taps: how long a game takes to start and a line to be
answered with the page redrawn, for every game, in one process (no network).

For each game with a front end: start it from its declared table set-up (its first
advice included), then, ``DEDUCE_TAPS_ROUNDS`` times over (default 5, each round a new
game), post each of its declared table lines and fetch the page's main part, as the page
does after a tap; the same for a change seen on another phone (the page alone). Prints
each game's median and worst start, and the median and 90th percentile of a tap.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
import warnings
from pathlib import Path

from deduce.core import registry
from deduce.play.setup import parse_presets


def main() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

        from deduce.serve import create_app

    rounds = int(os.environ.get("DEDUCE_TAPS_ROUNDS", "5"))
    token = "benchmark-token"
    app = create_app(Path(tempfile.mkdtemp()), token=token)
    with TestClient(app, headers={"Authorization": f"token {token}"}) as client:
        head = ("game", "start median", "start worst", "tap median", "tap p90")
        print(f"{head[0]:16} {head[1]:>12} {head[2]:>11} {head[3]:>10} {head[4]:>8}")
        for declared in registry.declarations():
            if declared.front_end is None:
                continue
            setup = parse_presets(declared.table_setup)
            starts, taps = [], []
            for _ in range(rounds):
                began = time.perf_counter()
                answer = client.post("/api/sessions", json={"game": declared.name, "setup": setup})
                client.get(f"/play/{answer.json()['id']}?part=main")
                starts.append(time.perf_counter() - began)
                id_ = answer.json()["id"]
                for line in declared.table_lines:
                    began = time.perf_counter()
                    client.post(f"/api/sessions/{id_}/lines", json={"line": line})
                    client.get(f"/play/{id_}?part=main")
                    taps.append(time.perf_counter() - began)
            tap, p90 = "-", "-"  # a game that declares no table lines
            if taps:
                tap = f"{1000 * statistics.median(taps):.0f} ms"
                p90 = (
                    f"{1000 * statistics.quantiles(taps, n=10)[-1]:.0f} ms"
                    if len(taps) > 1
                    else tap
                )
            print(
                f"{declared.name:16} {1000 * statistics.median(starts):10.0f} ms "
                f"{1000 * max(starts):8.0f} ms {tap:>10} {p90:>8}",
                flush=True,
            )


if __name__ == "__main__":
    main()
