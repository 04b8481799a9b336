"""The ``deduce`` command: ``play`` at the table, ``serve`` it to a phone, ``simulate``
strategies, play the ``league`` of every game's policies, ``demo``.

Example:
    >>> main(["demo", "--list"])
    mastermind
    bsi
    kreuzverhoer
    thirteen-clues
    crime-writers
    cluedo
    0
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from deduce import DISTRIBUTION, __version__
from deduce._internal.language import (
    N_,
    M,
    _,
    choose_language,
    languages,
    set_language,
)
from deduce.core import registry
from deduce.errors import DeduceError, InvalidInput
from deduce.league._seeds import MEASURING
from deduce.table.executors import add_options

__all__ = ["main"]

Completer = Callable[[str], list[str]]

_ERROR = N_("error:")
"""How the command begins the line that says why it stopped (translated where shown)."""


def _games() -> list[str]:
    return registry.names()


def _with_demo() -> list[registry.Declaration]:
    return [g for g in registry.declarations() if g.demo is not None]


class _Formatter(argparse.RawDescriptionHelpFormatter):
    pass


def _parser(setup: str = "", policies: str = "") -> argparse.ArgumentParser:
    """The command line; ``setup``: the set-up answers shown by ``play`` and ``simulate``
    ``--help``, ``policies`` the league's (each made only when help is asked for: they
    import the games). Its texts are in the player's language (argparse's own words in
    Python's)."""
    parser = argparse.ArgumentParser(
        prog="deduce",
        description=_("The detective's notebook for tabletop crime deduction games."),
        epilog=_(
            "Examples:\n  deduce play mastermind\n  deduce simulate mastermind "
            "--strategy minimax\n  deduce demo mastermind --seed 3"
        ),
        formatter_class=_Formatter,
    )
    parser.add_argument(
        "--version",
        action="version",
        version=_(
            M(
                "deduce {version} (distribution {distribution})",
                version=__version__,
                distribution=DISTRIBUTION,
            )
        ),
        help=_("show the version and exit"),
    )
    _add_language(parser)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    demo = commands.add_parser(
        "demo",
        help=_("a narrated self-play of the assistant at work"),
        description=_("Play games against a hidden secret and narrate every deduction."),
        epilog=_("Example: deduce demo mastermind --seed 3"),
    )
    demo.add_argument(
        "games", nargs="*", help=_(M("which games (default: all of {games})", games=_games()))
    )
    demo.add_argument("--seed", type=int, default=1, help=_("the random seed (default 1)"))
    demo.add_argument("--list", action="store_true", help=_("list the games and exit"))

    play = commands.add_parser(
        "play",
        help=_("the assistant at the table: type each clue, see what follows"),
        formatter_class=_Formatter,
        description=_(
            "Follow a real game: answer the set-up questions, then type each clue as it is\n"
            "revealed. After every clue the remaining solutions, the probability of each\n"
            "value and the most informative next moves are shown. Type `help` in the\n"
            "session for the clue syntax of the game and the commands (undo, history,\n"
            "save FILE, load FILE, why, quit). The session is saved after every clue, so\n"
            "it can be resumed after a crash with --resume. A saved game is never lost:\n"
            "when a new game, --resume FILE or `load FILE` replaces a different game in\n"
            "the autosave file, that game is kept as FILE.bak (then .bak.2, ...; at most\n"
            "10 copies, never removing the only copy of a game with clues)."
        ),
        epilog=(
            _(
                "Examples:\n"
                "  deduce play mastermind\n"
                "  deduce play mastermind --set pegs=4 --set colours=6\n"
                "  deduce play mastermind --resume          (continue the last session)\n"
                "  deduce play --resume mygame.json"
            )
            + (f"\n\n{setup}" if setup else "")
        ),
    )
    play.add_argument("game", nargs="?", help=_(M("the game: {games}", games=", ".join(_games()))))
    play.add_argument(
        "--set",
        metavar="KEY=VALUE",
        action="append",
        default=[],
        help=_("answer a set-up question in advance (e.g. --set pegs=5)"),
    )
    play.add_argument(
        "--resume",
        metavar="FILE",
        nargs="?",
        const="",
        help=_("continue a saved session (default: the game's autosave file)"),
    )
    play.add_argument(
        "--autosave",
        metavar="FILE",
        help=_(
            "the file written after every clue (default: "
            "$XDG_STATE_HOME/deduce/GAME.json, i.e. ~/.local/state/deduce/GAME.json)"
        ),
    )
    play.add_argument(
        "--bga",
        metavar="FILE",
        help=_(
            "thirteen-clues: the set-up from Board Game Arena's JSON in FILE "
            "(visible_cards_players; see the game's page of the docs)"
        ),
    )
    play.add_argument("--no-autosave", action="store_true", help=_("do not autosave"))
    play.add_argument("--strategy", help=_("how moves are ranked (default: the game's own)"))
    play.add_argument("--list", action="store_true", help=_("list the games and exit"))

    sim = commands.add_parser(
        "simulate",
        help=_("play every secret with a strategy and count the moves"),
        formatter_class=_Formatter,
        description=_(
            "Play the game against every possible secret with each strategy and show how\n"
            "many moves it needed: total, mean, worst case and the histogram. The games\n"
            "can run in this process, in a local process pool, or on a dask cluster; the\n"
            "results are the same whichever runs them. Cluedo, whose answers depend on\n"
            "the hidden hands, is played alone over games dealt at random (--games,\n"
            "--first): my suggestions until the envelope is certain, the others only\n"
            "answering."
        ),
        epilog=(
            _(
                "Examples:\n"
                "  deduce simulate mastermind --strategy minimax\n"
                "  deduce simulate mastermind --strategy minimax,entropy --executor process\n"
                "  deduce simulate mastermind --set pegs=3 --set colours=4 --strategy entropy\n"
                "  deduce simulate mastermind --executor dask --scheduler tcp://127.0.0.1:8786\n"
                "  deduce simulate cluedo --set players='me Ann Bob' --set me=me "
                "--set hand='Plum Rope Hall Study Green Kitchen' --games 20"
            )
            + (f"\n\n{setup}" if setup else "")
        ),
    )
    sim.add_argument("game", help=_("the game: mastermind, kreuzverhoer or cluedo"))
    sim.add_argument(
        "--strategy",
        action="append",
        default=[],
        help=_("strategy names, comma separated or repeated (default: the game's own)"),
    )
    sim.add_argument(
        "--set", metavar="KEY=VALUE", action="append", default=[], help=_("the game's set-up")
    )
    sim.add_argument("--opening", help=_("the first move, in the game's clue syntax (e.g. 1122)"))
    sim.add_argument(
        "--games",
        type=int,
        help=_(
            "games dealt at random, for a game whose answers depend on hidden hands "
            "(cluedo; default 100)"
        ),
    )
    sim.add_argument(
        "--first",
        type=int,
        help=_("the first of those games (default 0): game g is dealt from seed g"),
    )
    add_options(sim)
    _league(commands, policies)
    for command in (demo, play, sim):
        _add_language(command, again=True)
    from deduce.serve.serve_command import add_parser as add_serve

    add_serve(commands)
    return parser


def _league(commands: Any, policies: str) -> None:
    """``league`` and its options; ``policies``: every game's, for ``--help``."""
    league = commands.add_parser(
        "league",
        help=_("play every game's policies against each other"),
        formatter_class=_Formatter,
        description=_(
            "Play every game's policies against each other: in a cell, the policy under test\n"
            "sits in one seat and the opponent in every other; the table gives the lone\n"
            "seat's share of the wins with its 95% interval beside the fair share,\n"
            "1/players. Game g of a cell is the game master's deal g (from --first on), the\n"
            "lone seat at seat g % players. With no --game, --players, --policy or\n"
            "--against: all of them. (python -m deduce.league is the same command.)"
        ),
        epilog=(
            _(
                "Examples:\n"
                "  deduce league --game bsi --players 2 --policy advised --against clock "
                "--games 20\n"
                "  deduce league --game thirteen-clues --policy advised --first 1000000 \\\n"
                "      --results thirteen.jsonl\n"
                "  deduce league --game kreuzverhoer --executor dask --workers 2"
            )
            + ("\n\n" + _(M("Policies:\n{policies}", policies=policies)) if policies else "")
        ),
    )
    league.add_argument(
        "--game", action="append", default=[], help=_("a game (repeat it for more)")
    )
    league.add_argument("--players", action="append", type=int, default=[], help=_("a table size"))
    league.add_argument("--policy", action="append", default=[], help=_("a policy under test"))
    league.add_argument("--against", action="append", default=[], help=_("an opponent policy"))
    league.add_argument("--games", type=int, default=200, help=_("games a cell (default 200)"))
    league.add_argument(
        "--first",
        type=int,
        default=MEASURING.start,
        help=_(
            "the first deal (default 1000000: the measuring deals, never used to choose a "
            "strategy's constants)"
        ),
    )
    league.add_argument(
        "--results",
        metavar="FILE",
        type=Path,
        help=_(
            "write each cell to FILE (JSON lines) as it finishes, and each chunk of games to "
            "FILE.parts until the run is whole; the cells and games already there (same games "
            "and first deal) are not played again"
        ),
    )
    league.add_argument(
        "--markdown",
        metavar="FILE",
        type=Path,
        help=_("append the command and the table to FILE (a Markdown log)"),
    )
    add_options(league)
    _add_language(league, again=True)


def _add_language(parser: argparse.ArgumentParser, *, again: bool = False) -> None:
    """``--lang``, before the command or after it (``again``: it keeps the one given
    before when it is not given again)."""
    parser.add_argument(
        "--lang",
        choices=languages(),
        default=argparse.SUPPRESS if again else None,
        help=_(
            M(
                "the language of every word deduce says: {codes} (default: the locale's, "
                "LC_ALL, LC_MESSAGES or LANG; else en)",
                codes=", ".join(languages()),
            )
        ),
    )


def _chosen_language(words: Sequence[str]) -> str:
    """The language ``--lang`` asks for (anywhere before ``--``) when deduce speaks it,
    else the locale's; a ``--lang`` deduce does not speak is refused by the parser."""
    before = list(words[: words.index("--")] if "--" in words else words)
    requested = None
    for word, following in zip(before, [*before[1:], None], strict=True):
        if word == "--lang":
            requested = following
        elif word.startswith("--lang="):
            requested = word.removeprefix("--lang=")
    return choose_language(requested if requested in languages() else None)


def _simulate(args: argparse.Namespace, console: Console) -> int:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from deduce._internal.validation import check_int
    from deduce.play.setup import ask_setup, parse_presets
    from deduce.table.executors import executor
    from deduce.table.simulation import Stats, simulate

    declared = registry.find(args.game)
    if not declared.simulated and declared.solo is None:
        able = [g.name for g in registry.declarations() if g.simulated or g.solo]
        raise InvalidInput(
            N_("game"),
            args.game,
            able,
            reason=N_(
                "its hidden worlds are not one secret each, and it is not played alone; "
                "deduce league plays its table games"
            ),
        )
    solo = None if declared.solo is None else declared.load(declared.solo)
    if solo is not None:
        for option, value, least in (("--games", args.games, 1), ("--first", args.first, 0)):
            if value is not None:
                check_int(option, value, least, 2**63 - 1 if least == 0 else 100_000)
    else:
        for option, value in (("--games", args.games), ("--first", args.first)):
            if value is not None:
                raise InvalidInput(
                    option,
                    value,
                    M(
                        "no {option}: {game} is played against every secret",
                        option=option,
                        game=declared.name,
                    ),
                )

    game = declared.adapter()

    def no_questions(prompt: str) -> str:
        return ""

    presets = parse_presets(args.set)
    quiet = Console(file=io.StringIO())  # nothing is asked: no set-up notes
    try:
        start = game.simulated(ask_setup(game, no_questions, quiet, presets, again=False))
    except InvalidInput as error:  # an answer with no default: name the --set it needs
        question = next(
            (q for q in game.grammar.setup if error.value is None and error.argument == q.label),
            None,
        )
        if question is None:
            raise
        example = question.example or question.default or "VALUE"
        expected = M(
            "--set {key}=VALUE: {help}, e.g. --set {key}='{example}'",
            key=question.key,
            help=_(question.help),
            example=example,
        )
        raise InvalidInput("--set", None, expected) from None
    strategies = [s.strip() for item in args.strategy for s in item.split(",") if s.strip()]
    strategies = strategies or [game.strategy(start)]
    opening = None
    for name in strategies:
        start.check_strategy(name)  # every name before any work
    if args.opening:
        opening = _opening(game, start, args.opening)
    results: list[Stats] = []
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=False,
    )
    where = executor(args.executor, workers=args.workers, scheduler=args.scheduler)
    with where as running, progress:
        for name in strategies:
            task = progress.add_task(f"{name:<14}", total=None)

            def show(done: int, total: int, task: Any = task) -> None:
                progress.update(task, completed=done, total=total)

            if solo is None:
                stats = simulate(start, name, executor=running, opening=opening, progress=show)
            else:
                stats = solo(
                    start,
                    name,
                    games=SOLO_GAMES if args.games is None else args.games,
                    first=0 if args.first is None else args.first,
                    opening=opening,
                    executor=running,
                    progress=show,
                )
            progress.update(task, completed=stats.games, total=stats.games)
            results.append(stats)
    if solo is None:
        title = M("{game}: moves needed over every secret", game=game.title)
    else:
        start_at = 0 if args.first is None else args.first
        title = M(
            "{game}: moves needed over {games} games dealt at random (games {first} to "
            "{last}: my suggestions until the envelope is certain, and the accusation; "
            "the others only answer)",
            game=game.title,
            games=results[0].games,
            first=start_at,
            last=start_at + results[0].games - 1,
        )
    console.print(_summary(game, results, title))
    return 0


SOLO_GAMES = 100
"""The games ``deduce simulate`` deals for a game played alone, unless ``--games`` says."""


def _summary(game: Any, results: Sequence[Any], title: str) -> Any:
    """The summary table of a simulation, and a histogram of moves per strategy."""
    from rich.console import Group
    from rich.table import Table

    summary = Table(title=_(title))
    summary.add_column(_("strategy"))
    summary.add_column(_("opening"))
    for column in (N_("games"), N_("total"), N_("mean"), N_("worst")):
        summary.add_column(_(column), justify="right")
    for s in results:
        summary.add_row(
            s.strategy,
            game.show_action(s.opening),
            str(s.games),
            str(s.total),
            f"{s.mean:.4f}",
            str(s.worst),
        )
    histogram = Table(title=_("histogram"))
    histogram.add_column(_("moves"), justify="right")
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
    raise InvalidInput(
        "--opening", text, M("a move written like {moves}, ...", moves=", ".join(shown))
    )


def _report_problems() -> None:
    """One line on stderr for each game plug-in that could not be loaded (instead of the
    registry's warning): the other games go on working."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", "the game plug-in", RuntimeWarning)
        problems = registry.problems()
    for problem in problems:
        said = " ".join(str(problem).split())
        print(_(M("deduce: warning: {problem}", problem=said)), file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    words = list(sys.argv[1:] if argv is None else argv)
    before = set_language(_chosen_language(words))
    try:
        return _main(words, argv)
    finally:  # a caller in the same process (a test) keeps its own language
        set_language(before)


def _main(words: list[str], argv: Sequence[str] | None) -> int:
    _report_problems()
    setup = ""
    if {"-h", "--help"} & set(words) and {"play", "simulate"} & set(words):
        from deduce.play.setup import setup_help

        consoles = [g for g in registry.declarations() if g.front_end is not None]
        named = [g.name for w in words for g in consoles if g.matches(w)]
        setup = setup_help(named or [g.name for g in consoles])
    policies = ""
    if {"-h", "--help"} & set(words) and "league" in words:
        from deduce.league import PANELS

        policies = "\n".join(f"  {g}: {', '.join(panel)}" for g, panel in sorted(PANELS.items()))
    args = _parser(setup, policies).parse_args(argv)
    console = Console(highlight=False, emoji=False)
    try:
        return _run(args, console)
    except BrokenPipeError:  # the reader of the output went away (e.g. `| head`)
        with contextlib.suppress(OSError, ValueError):  # nothing more can be written
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 1
    except OSError as error:  # the output cannot be written (`>/dev/full`, a closed terminal)
        with contextlib.suppress(OSError, ValueError, AttributeError):
            why = error.strerror or str(error)
            print(_(M("deduce: cannot write the output: {why}", why=why)), file=sys.stderr)
        with contextlib.suppress(OSError, ValueError, AttributeError):  # nor the rest
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        return 1


def _run(args: argparse.Namespace, console: Console) -> int:
    try:
        if args.command == "demo":
            if args.list:
                print("\n".join(g.name for g in _with_demo()))
                return 0
            entries = [registry.find(g) for g in args.games] or _with_demo()
            for entry in entries:
                if entry.demo is None:
                    choices = [g.name for g in _with_demo()]
                    raise InvalidInput(N_("game"), entry.name, choices, reason=N_("it has no demo"))
            for entry in entries:
                entry.run_demo()(console, seed=args.seed)
        elif args.command == "play":
            from deduce.play.play_command import play

            return play(args, console)
        elif args.command == "simulate":
            return _simulate(args, console)
        elif args.command == "league":
            from deduce.league._command import run

            return run(args, console)
        elif args.command == "serve":
            from deduce.serve.serve_command import serve

            return serve(args, console)
    except InvalidInput as error:
        from deduce.play.adapter import refusal

        console.print(f"[red]{escape(_(_ERROR))}[/red] {escape(refusal(error))}")
        return 1
    except DeduceError as error:
        console.print(f"[red]{escape(_(_ERROR))}[/red] {escape(str(error))}")
        return 1
    except KeyboardInterrupt:
        console.print("\n" + escape(_("interrupted")))
        return 130
    except EOFError:
        console.print("\n" + escape(_("end of input: no game started")))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
