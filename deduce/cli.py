"""The ``deduce`` command.

Example:
    >>> main(["demo", "--list"])
    mastermind
    0
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

from rich.console import Console

import deduce._demos
from deduce.errors import DeduceError

__all__ = ["main"]


def _demos() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(deduce._demos.__path__))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="deduce",
        description="The detective's notebook for tabletop crime deduction games.",
        epilog="Example: deduce demo mastermind --seed 3",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    demo = commands.add_parser(
        "demo",
        help="a narrated self-play of the assistant at work",
        description="Play games against a hidden secret and narrate every deduction.",
        epilog="Example: deduce demo mastermind --seed 3",
    )
    demo.add_argument("games", nargs="*", help=f"which games (default: all of {_demos()})")
    demo.add_argument("--seed", type=int, default=1, help="the random seed (default 1)")
    demo.add_argument("--list", action="store_true", help="list the games and exit")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    console = Console(highlight=False)
    try:
        if args.command == "demo":
            if args.list:
                print("\n".join(_demos()))
                return 0
            unknown = [g for g in args.games if g not in _demos()]
            if unknown:
                console.print(f"[red]unknown game {unknown[0]!r}; choose from {_demos()}[/red]")
                return 2
            for name in args.games or _demos():
                module = importlib.import_module(f"deduce._demos.{name}")
                module.run(console, seed=args.seed)
    except DeduceError as error:
        console.print(f"[red]error:[/red] {error}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
