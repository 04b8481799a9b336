"""The ``deduce`` command: ``play`` at the table, ``simulate`` strategies, ``demo``.

Example:
    >>> main(["demo", "--list"])
    mastermind
    bsi
    kreuzverhoer
    thirteen-clues
    crime-writers
    0
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from deduce import DISTRIBUTION, __version__, registry
from deduce._validation import check_int
from deduce.errors import DeduceError, InvalidInput

__all__ = ["main"]

_EXECUTORS = ("serial", "process", "dask")
Completer = Callable[[str], list[str]]


def _games() -> list[str]:
    return registry.names()


class _Formatter(argparse.RawDescriptionHelpFormatter):
    pass


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="deduce",
        description="The detective's notebook for tabletop crime deduction games.",
        epilog="Examples:\n  deduce play mastermind\n  deduce simulate mastermind "
        "--strategy minimax\n  deduce demo mastermind --seed 3",
        formatter_class=_Formatter,
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"deduce {__version__} (distribution {DISTRIBUTION})",
        help="show the version and exit",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    demo = commands.add_parser(
        "demo",
        help="a narrated self-play of the assistant at work",
        description="Play games against a hidden secret and narrate every deduction.",
        epilog="Example: deduce demo mastermind --seed 3",
    )
    demo.add_argument("games", nargs="*", help=f"which games (default: all of {_games()})")
    demo.add_argument("--seed", type=int, default=1, help="the random seed (default 1)")
    demo.add_argument("--list", action="store_true", help="list the games and exit")

    play = commands.add_parser(
        "play",
        help="the assistant at the table: type each clue, see what follows",
        formatter_class=_Formatter,
        description=(
            "Follow a real game: answer the set-up questions, then type each clue as it is\n"
            "revealed. After every clue the remaining solutions, the probability of each\n"
            "value and the most informative next moves are shown. Type `help` in the\n"
            "session for the clue syntax of the game and the commands (undo, history,\n"
            "save FILE, load FILE, why, quit). The session is saved after every clue, so\n"
            "it can be resumed after a crash with --resume. A saved game is never lost:\n"
            "when a new game, --resume FILE or `load FILE` replaces a different game in\n"
            "the autosave file, that game is kept as FILE.bak (then .bak.2, ...)."
        ),
        epilog=(
            "Examples:\n"
            "  deduce play mastermind\n"
            "  deduce play mastermind --set pegs=4 --set colours=6\n"
            "  deduce play mastermind --resume          (continue the last session)\n"
            "  deduce play --resume mygame.json"
        ),
    )
    play.add_argument("game", nargs="?", help=f"the game: {', '.join(_games())}")
    play.add_argument(
        "--set",
        metavar="KEY=VALUE",
        action="append",
        default=[],
        help="answer a set-up question in advance (e.g. --set pegs=5)",
    )
    play.add_argument(
        "--resume",
        metavar="FILE",
        nargs="?",
        const="",
        help="continue a saved session (default: the game's autosave file)",
    )
    play.add_argument(
        "--autosave",
        metavar="FILE",
        help="the file written after every clue (default: "
        "$XDG_STATE_HOME/deduce/GAME.json, i.e. ~/.local/state/deduce/GAME.json)",
    )
    play.add_argument("--no-autosave", action="store_true", help="do not autosave")
    play.add_argument("--strategy", help="how moves are ranked (default: the game's own)")
    play.add_argument("--list", action="store_true", help="list the games and exit")

    sim = commands.add_parser(
        "simulate",
        help="play every secret with a strategy and count the moves",
        formatter_class=_Formatter,
        description=(
            "Play the game against every possible secret with each strategy and show how\n"
            "many moves it needed: total, mean, worst case and the histogram. The games\n"
            "can run in this process, in a local process pool, or on a dask cluster; the\n"
            "results are the same whichever runs them."
        ),
        epilog=(
            "Examples:\n"
            "  deduce simulate mastermind --strategy minimax\n"
            "  deduce simulate mastermind --strategy minimax,entropy --executor process\n"
            "  deduce simulate mastermind --set pegs=3 --set colours=4 --strategy entropy\n"
            "  deduce simulate mastermind --executor dask --scheduler tcp://127.0.0.1:8786"
        ),
    )
    sim.add_argument("game", help="the game: mastermind or kreuzverhoer")
    sim.add_argument(
        "--strategy",
        action="append",
        default=[],
        help="strategy names, comma separated or repeated (default: the game's own)",
    )
    sim.add_argument(
        "--set", metavar="KEY=VALUE", action="append", default=[], help="the game's set-up"
    )
    sim.add_argument("--opening", help="the first move, in the game's clue syntax (e.g. 1122)")
    sim.add_argument(
        "--executor",
        choices=_EXECUTORS,
        default="process",
        help="where the games run: serial (this process), process (a local pool, the "
        "default) or dask (a dask.distributed cluster)",
    )
    sim.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="the dask scheduler, e.g. tcp://127.0.0.1:8786 (default: a local cluster)",
    )
    sim.add_argument(
        "--workers",
        type=int,
        help="processes of the local pool (with --executor process only; default: one per core)",
    )
    return parser


def _presets(items: Sequence[str]) -> dict[str, str]:
    presets = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise InvalidInput("--set", item, "KEY=VALUE")
        presets[name.strip()] = value.strip()
    return presets


def _state_dir() -> Path:
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "deduce"


def _play(args: argparse.Namespace, console: Console) -> int:
    from deduce.play import adapter as find_adapter
    from deduce.play.files import saved_game
    from deduce.play.reader import line_reader

    if args.list:
        print("\n".join(_games()))
        return 0
    resume: Path | None = None
    if args.resume is not None:
        if args.resume:
            resume = Path(args.resume).expanduser()
        elif args.game is None:
            raise InvalidInput(
                "game", None, _games(), reason="name the game whose session to resume"
            )
    if args.game is None and resume is None:
        raise InvalidInput("game", None, _games())
    game = find_adapter(args.game if args.game is not None else saved_game(resume))  # type: ignore[arg-type]
    if args.no_autosave:
        autosave: Path | None = None
    elif args.autosave:
        autosave = Path(args.autosave).expanduser()
    else:
        autosave = _state_dir() / f"{registry.find(game.name).autosave}.json"
    if args.resume == "":
        resume = autosave
        if resume is None:
            raise InvalidInput("--resume", "", "a FILE (there is no autosave file)")

    if args.strategy:
        _check_strategy_first(game, args.strategy)
    completion: list[Completer] = [lambda before: []]
    read = _stdin_guard(
        line_reader(
            lambda before: completion[0](before),
            history=_state_dir() / f"{registry.find(game.name).autosave}.history",
        )
    )
    with _autosave_lock(autosave, named=bool(args.autosave)) as lock:
        return _play_locked(args, game, resume, lock, read, completion, console)


def _play_locked(
    args: argparse.Namespace,
    game: Any,
    resume: Path | None,
    lock: Any,
    read: Callable[[str], str],
    completion: list[Completer],
    console: Console,
) -> int:
    from deduce.play.files import load_file
    from deduce.play.session import Session, count
    from deduce.play.setup import ask_setup

    autosave: Path | None = lock.path if lock is not None else None
    resumed = None
    if resume is None and autosave is not None and autosave.exists():
        resumed, autosave = _offer_resume(autosave, game, read, console)
        resume = autosave if resumed is not None else None
    if resume is not None:
        investigation = (
            resumed if resumed is not None else load_file(resume, game.investigation_type)
        )
        if autosave is not None and autosave.exists() and not _same(autosave, resume):
            autosave = _keep_autosave(autosave, investigation, game, console)
        console.print(
            f"Resumed {count(len(investigation.clues), 'clue')} from {escape(str(resume))}."
        )
    else:
        console.print(f"[bold]{escape(game.title)}[/bold]: set-up (Enter takes the default)")

        def asking(complete: Completer) -> None:
            completion[0] = complete

        investigation = ask_setup(game, read, console, _presets(args.set), on_question=asking)
    if args.strategy:
        investigation.check_strategy(args.strategy)
    session = Session(game, investigation, console, autosave=autosave, strategy=args.strategy)
    completion[0] = session.complete
    if autosave is not None:
        console.print(f"Autosaving to {escape(str(autosave))}.")
    console.print("Type a clue, or `help` for the clue syntax and the commands.")
    session.run(read)
    if session.refusals and not _interactive():
        console.print(f"{count(session.refusals, 'line')} refused.")
        return 1
    return 0


def _same(a: Path, b: Path) -> bool:
    try:
        return a.samefile(b)
    except OSError:
        return False


def _keep_autosave(autosave: Path, resumed: Any, game: Any, console: Console) -> Path | None:
    """Before a session read from another file is autosaved, keep the game left in the
    autosave file as FILE.bak (unless it is the same game). Returns the autosave file, or
    None when the game there cannot be kept aside (then it is not overwritten either)."""
    from deduce.play.files import load_file

    try:
        if load_file(autosave, game.investigation_type) == resumed:
            return autosave
    except DeduceError:
        pass
    return _set_aside(autosave, console, "The autosaved session is kept in {}.")


def _set_aside(autosave: Path, console: Console, said: str) -> Path | None:
    """Set the autosave file aside and say ``said`` with its new name; if it cannot be,
    say so and return None: the session is then not autosaved, so the file stays."""
    from deduce.play.files import set_aside

    try:
        backup = set_aside(autosave)
    except (OSError, DeduceError) as error:
        reason = error.strerror if isinstance(error, OSError) else str(error)
        console.print(
            f"[red]{escape(str(autosave))} cannot be kept aside[/red] ({escape(str(reason))}): "
            "it is left as it is, and this session is not autosaved (use `save FILE`)."
        )
        return None
    console.print(said.format(escape(str(backup))))
    return autosave


def _offer_resume(
    autosave: Path, game: Any, read: Callable[[str], str], console: Console
) -> tuple[Any, Path | None]:
    """Ask whether to continue the session left in the autosave file; if not, keep it
    aside as FILE.bak so that starting anew never destroys it.

    Returns the session to continue (or None) and the autosave file (None when the file
    there could not be kept aside, so that it is not overwritten).
    """
    from deduce.grammar import Context, YesNo
    from deduce.play.adapter import refusal
    from deduce.play.files import load_file
    from deduce.play.session import count

    try:
        saved = load_file(autosave, game.investigation_type)
    except DeduceError as error:
        console.print(
            f"The autosave file {escape(str(autosave))} is unreadable: {escape(str(error))}"
        )
        return None, _set_aside(autosave, console, "It is kept in {}; a new game starts.")
    if not saved.clues:
        return None, autosave  # an empty session: nothing to continue or to keep
    console.print(
        f"A session with {count(len(saved.clues), 'clue')} is saved in {escape(str(autosave))}."
    )
    while True:
        answer = read("Continue it? [yes]: ").strip() or "yes"
        try:
            if YesNo().read(answer, Context(), "answer"):
                return saved, autosave
            break
        except InvalidInput as error:
            console.print(f"[red]refused:[/red] {escape(refusal(error))}")
    return None, _set_aside(autosave, console, "The earlier session is kept in {}.")


@contextlib.contextmanager
def _autosave_lock(autosave: Path | None, *, named: bool) -> Iterator[Any]:
    """Lock the autosave file for this session (None: no autosave).

    A second session on the same file is refused; a folder, or a file named with
    ``--autosave`` that is not a saved session, is refused and left as it is; temporary
    files that a killed session left are removed.
    """
    from deduce.play.files import SessionLock, clean_temporaries, is_save

    if autosave is None:
        yield None
        return
    if autosave.is_dir():
        raise InvalidInput(
            "--autosave", str(autosave), "a file", reason="it is a folder, left as it is"
        )
    with contextlib.suppress(OSError):
        autosave.parent.mkdir(parents=True, exist_ok=True)
    lock = SessionLock.acquire(autosave)
    try:
        if named and autosave.exists() and not is_save(autosave):
            raise InvalidInput(
                "--autosave",
                str(autosave),
                "a new file or a saved session",
                reason="it holds something else, which is left as it is",
            )
        clean_temporaries(autosave)
        yield lock
    finally:
        lock.release()


def _stdin_guard(read: Callable[[str], str]) -> Callable[[str], str]:
    """``read``, ending the input (EOFError) when there is no standard input at all."""

    def guarded(prompt: str) -> str:
        if sys.stdin is None or sys.stdin.closed:
            raise EOFError
        try:
            return read(prompt)
        except RuntimeError as error:  # input(): lost sys.stdin
            if "stdin" in str(error):
                raise EOFError from None
            raise

    return guarded


def _interactive() -> bool:
    """Whether lines are typed at a terminal (not piped in)."""
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except ValueError:  # closed
        return False


def _check_strategy_first(game: Any, strategy: str) -> None:
    """Refuse an unknown ``--strategy`` before any set-up question is asked.

    The names every game knows are checked at once; another name is checked on the
    game's default set-up when it has one (else after the set-up questions).
    """
    import io

    from deduce.play.setup import ask_setup
    from deduce.strategy import STRATEGIES

    if strategy in STRATEGIES:
        return
    asked: set[str] = set()

    def defaults(prompt: str) -> str:
        if prompt in asked:  # a question without a default
            raise EOFError
        asked.add(prompt)
        return ""

    try:
        start = ask_setup(game, defaults, Console(file=io.StringIO()), {})
    except (Exception, EOFError):  # no default set-up: a bare one knows the same names
        kind = game.investigation_type
        start = kind.__new__(kind)
    try:
        start.check_strategy(strategy)
    except InvalidInput:
        raise
    except Exception:  # its names depend on the set-up: checked after the questions
        return


def _executor(args: argparse.Namespace) -> tuple[Executor | None, Callable[[], None]]:
    """Where the games run (None: in this process), and how to close it."""
    if args.executor != "dask" and args.scheduler:
        raise InvalidInput(
            "--scheduler", args.scheduler, f"no scheduler with --executor {args.executor}"
        )
    if args.executor != "process" and args.workers is not None:
        raise InvalidInput(
            "--workers",
            args.workers,
            "no --workers with --executor " + args.executor,
            reason="it sizes the local process pool only",
        )
    if args.executor == "serial":  # in this process, one subtree after another
        from concurrent.futures import ThreadPoolExecutor

        one = ThreadPoolExecutor(max_workers=1)
        return one, lambda: one.shutdown(cancel_futures=True)
    if args.executor == "process":
        from concurrent.futures import ProcessPoolExecutor

        if args.workers is not None:
            check_int("--workers", args.workers, 1)
        pool = ProcessPoolExecutor(max_workers=args.workers)
        return pool, lambda: pool.shutdown(cancel_futures=True)
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError:  # pragma: no cover - the dask extra is not installed
        raise InvalidInput(
            "--executor", "dask", "an installed dask extra (pip install 'deduce-notebook[dask]')"
        ) from None
    try:
        if args.scheduler:
            client = distributed.Client(args.scheduler, timeout=10)
        else:
            client = distributed.Client(processes=True)
    except (OSError, TimeoutError, ValueError, TypeError) as error:
        raise InvalidInput(
            "--scheduler",
            args.scheduler,
            "the address of a running dask scheduler, e.g. tcp://127.0.0.1:8786",
            reason=str(error),
        ) from None
    executor: Executor = client.get_executor()
    close: Callable[[], None] = client.close
    return executor, close


def _simulate(args: argparse.Namespace, console: Console) -> int:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from deduce.play import adapter as find_adapter
    from deduce.play.setup import ask_setup
    from deduce.simulate import Stats, simulate

    game = find_adapter(args.game)
    if not game.simulated:
        from deduce.play import adapters

        able = [name for name, a in adapters().items() if a.simulated]
        raise InvalidInput(
            "game",
            args.game,
            able,
            reason="its hidden worlds are not one secret each; study it with the Python API",
        )

    def no_questions(prompt: str) -> str:
        return ""

    start = ask_setup(game, no_questions, console, _presets(args.set))
    strategies = [s.strip() for item in args.strategy for s in item.split(",") if s.strip()]
    strategies = strategies or [game.strategy(start)]
    opening = None
    for name in strategies:
        start.check_strategy(name)  # every name before any work
    if args.opening:
        opening = _opening(game, start, args.opening)
    executor, close = _executor(args)
    results: list[Stats] = []
    try:
        with Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
            transient=False,
        ) as progress:
            for name in strategies:
                task = progress.add_task(f"{name:<14}", total=None)

                def show(done: int, total: int, task: Any = task) -> None:
                    progress.update(task, completed=done, total=total)

                stats = simulate(start, name, executor=executor, opening=opening, progress=show)
                progress.update(task, completed=stats.games, total=stats.games)
                results.append(stats)
    finally:
        close()
    console.print(_summary(game, results))
    return 0


def _summary(game: Any, results: Sequence[Any]) -> Any:
    """The summary table of a simulation, and a histogram of moves per strategy."""
    from rich.console import Group
    from rich.table import Table

    summary = Table(title=f"{game.title}: moves needed over every secret")
    summary.add_column("strategy")
    summary.add_column("opening")
    for column in ("games", "total", "mean", "worst"):
        summary.add_column(column, justify="right")
    for s in results:
        summary.add_row(
            s.strategy,
            game.show_action(s.opening),
            str(s.games),
            str(s.total),
            f"{s.mean:.4f}",
            str(s.worst),
        )
    histogram = Table(title="histogram")
    histogram.add_column("moves", justify="right")
    for s in results:
        histogram.add_column(s.strategy, justify="right")
    for m in sorted({m for s in results for m in s.histogram}):
        histogram.add_row(str(m), *[str(s.histogram.get(m, 0)) for s in results])
    return Group(summary, histogram)


def _opening(game: Any, start: Any, text: str) -> Any:
    queries = start.queries()
    for query in queries:
        if game.show_action(query) == text:
            return query
    shown = [game.show_action(q) for q in queries[:5]]
    raise InvalidInput("--opening", text, f"a move written like {', '.join(shown)}, ...")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    console = Console(highlight=False, emoji=False)
    try:
        return _run(args, console)
    except BrokenPipeError:  # the reader of the output went away (e.g. `| head`)
        with contextlib.suppress(OSError, ValueError):  # nothing more can be written
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 1


def _run(args: argparse.Namespace, console: Console) -> int:
    try:
        if args.command == "demo":
            if args.list:
                print("\n".join(_games()))
                return 0
            entries = [registry.find(g) for g in args.games] or list(registry.GAMES)
            for entry in entries:
                entry.demo()(console, seed=args.seed)
        elif args.command == "play":
            return _play(args, console)
        elif args.command == "simulate":
            return _simulate(args, console)
    except InvalidInput as error:
        from deduce.play.adapter import refusal

        console.print(f"[red]error:[/red] {escape(refusal(error))}")
        return 1
    except DeduceError as error:
        console.print(f"[red]error:[/red] {escape(str(error))}")
        return 1
    except KeyboardInterrupt:
        console.print("\ninterrupted")
        return 130
    except EOFError:
        console.print("\nend of input: no game started")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
