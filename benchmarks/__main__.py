"""Run every ``benchmarks/bench_*.py`` (or the ones named) and print what each measured."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path


def main(argv: list[str]) -> int:
    here = Path(__file__).parent
    names = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_"))
    wanted = [f"bench_{n.removeprefix('bench_')}" for n in argv] or names
    unknown = [n for n in wanted if n not in names]
    if unknown:
        print(f"unknown benchmark {unknown[0]!r}; choose from {names}", file=sys.stderr)
        return 2
    for name in wanted:
        print(f"== {name} ==", flush=True)
        importlib.import_module(f"benchmarks.{name}").main()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
