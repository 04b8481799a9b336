"""The exact optimum of Mastermind: the compiled search against the Python path.

Times :func:`deduce.search.optimum.optimal` on MM(4, 6) with the compiled search (its
first call in a fresh process, loading the compiled code, and the median of three more)
and once with the Python path, and checks that both give 5625 guesses, the same
histogram, tree and nodes. With ``--big`` it also solves MM(4, 7) with the compiled
search in a fresh process (11,228 guesses, Ville 2013) and reports its time and peak
memory (``ru_maxrss`` of that process: the interpreter, the outcome table and the
search's cache). ``--no-python`` leaves the Python path out (about a minute on 4 x 6).

Run: ``.venv/bin/python -m benchmarks.bench_mastermind_optimum [--big] [--no-python]``
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time

_CHILD = """
import json, resource, sys, time
args = json.loads(sys.argv[1])
start = time.perf_counter()
import deduce.search.optimum as optimum
from deduce.games.mastermind import Investigation
optimum._COMPILED = args["compiled"]
imported = time.perf_counter()
inv = Investigation(args["pegs"], args["colours"])
times = []
for _ in range(args["repeat"]):
    began, cpu = time.perf_counter(), time.process_time()
    result = optimum.optimal(inv, budget=optimum.Budget(seconds=None))
    times.append((time.perf_counter() - began, time.process_time() - cpu))
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
tree = sorted([list(node), str(move)] for node, move in result.tree.items())
print(json.dumps({"imported": imported - start, "times": times, "total": result.total,
                  "histogram": sorted(result.histogram.items()), "nodes": result.nodes,
                  "move": str(result.move), "tree": tree, "peak": peak}))
"""


def run(pegs: int, colours: int, *, compiled: bool, repeat: int = 1) -> dict[str, object]:
    """``optimal`` on MM(pegs, colours) ``repeat`` times in a fresh process."""
    args = json.dumps({"pegs": pegs, "colours": colours, "compiled": compiled, "repeat": repeat})
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, args], capture_output=True, text=True, check=True
    )
    result: dict[str, object] = json.loads(out.stdout)
    return result


def _line(label: str, result: dict[str, object], seconds: float, cpu: float) -> None:
    print(
        f"| {label} | {result['total']:,.0f} | {result['nodes']:,} | {seconds:.3f} s "
        f"| {cpu:.3f} s | {result['peak']:.0f} MB |",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--big", action="store_true", help="also MM(4,7), compiled")
    parser.add_argument("--no-python", action="store_true", help="leave the Python path out")
    args, _ = parser.parse_known_args()  # `python -m benchmarks` passes its own names
    print("| search | total | nodes | wall | CPU | peak memory |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    compiled = run(4, 6, compiled=True, repeat=4)
    times = compiled["times"]
    assert isinstance(times, list)
    first_wall, first_cpu = times[0]
    _line("MM(4,6) compiled, first call (loads the compiled code)", compiled, first_wall, first_cpu)
    walls = [wall for wall, _ in times[1:]]
    cpus = [cpu for _, cpu in times[1:]]
    _line(
        "MM(4,6) compiled, median of 3 more",
        compiled,
        statistics.median(walls),
        statistics.median(cpus),
    )
    if not args.no_python:
        python = run(4, 6, compiled=False)
        (wall, cpu), *_ = python["times"]  # type: ignore[misc]
        _line("MM(4,6) Python path", python, wall, cpu)
        same = all(compiled[key] == python[key] for key in ("total", "histogram", "nodes", "tree"))
        print(f"\nthe compiled search and the Python path agree: {same}", flush=True)
        assert same, "the compiled search and the Python path differ"
    assert compiled["total"] == 5625
    if args.big:
        began = time.perf_counter()
        big = run(4, 7, compiled=True)
        (wall, cpu), *_ = big["times"]  # type: ignore[misc]
        _line("MM(4,7) compiled", big, wall, cpu)
        print(f"(the fresh process took {time.perf_counter() - began:.1f} s in all)")
        assert big["total"] == 11228, big["total"]


if __name__ == "__main__":
    main()
