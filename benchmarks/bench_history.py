"""Loading long saved games: time and peak memory of ``from_json`` for 10,000 and 100,000
clues (Mastermind 4x6, the same consistent guess repeated), each size in a fresh process.

Run: ``.venv/bin/python -m benchmarks history`` (``-- --sizes 10000`` for fewer sizes;
``PYTHONPATH=OTHER_CHECKOUT`` measures another version of deduce the same way).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

SIZES = (10_000, 100_000)

_CHILD = """
import resource, sys, time
import deduce
text = open(sys.argv[1], encoding="utf-8").read()
start = time.perf_counter()
inv = deduce.Investigation.from_json(text)
seconds = time.perf_counter() - start
assert len(inv.clues) == int(sys.argv[2])
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(f"{seconds:.3f} {peak:.0f}")
"""


def document(clues: int) -> str:
    """A saved Mastermind game of ``clues`` copies of one consistent guess (format 1,
    which every version reads)."""
    guess = {"type": "Guess", "code": "1122", "black": 1, "white": 0}
    return json.dumps(
        {
            "format": 1,
            "game": "mastermind",
            "config": {"pegs": 4, "colours": 6, "black_only": False},
            "clues": [guess] * clues,
        }
    )


def measure(clues: int) -> tuple[float, float]:
    """Seconds to load, and the peak resident memory (MB) of the loading process."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "saved.json"
        path.write_text(document(clues), encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "-c", _CHILD, str(path), str(clues)],
            capture_output=True,
            text=True,
            check=True,
            cwd=folder,  # deduce comes from the environment, not the current folder
        )
    seconds, peak = done.stdout.split()
    return float(seconds), float(peak)


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    sizes = [int(n) for n in args[args.index("--sizes") + 1 :]] if "--sizes" in args else SIZES
    _, base_peak = measure(0)
    print(f"{'clues':>8} {'load time':>10} {'peak memory':>12}  (empty game: {base_peak:.0f} MB)")
    for clues in sizes:
        seconds, peak = measure(clues)
        print(f"{clues:>8,} {seconds:>9.2f}s {peak:>9.0f} MB", flush=True)


if __name__ == "__main__":
    main()
