"""The ``deduce play`` command: a new game or a saved one, its autosave file and lock,
then the session.

The autosave file is locked while the session runs; a saved game is never overwritten
or lost (it is set aside as ``FILE.bak`` when a new game replaces it); a damaged file is
set aside and said so; a file that cannot be read (no permission, an input/output
error) is said so in the system's words and left as it is, and the session is then not
autosaved.

Example:
    >>> state_dir().name
    'deduce'
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from deduce._internal.language import N_, M, _, plural
from deduce._internal.reading import kind_of, read_regular
from deduce.core import registry
from deduce.errors import DeduceError, InvalidInput
from deduce.play import files
from deduce.play.printable import guard
from deduce.play.progress import loading
from deduce.play.replies import begins, explained
from deduce.play.setup import parse_presets

__all__ = ["offer_resume", "play", "state_dir"]

Completer = Callable[[str], list[str]]


def state_dir() -> Path:
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "deduce"


def play(args: argparse.Namespace, console: Console) -> int:
    """Carry out ``deduce play`` with the parsed ``args``; returns the exit status."""
    from deduce.play import adapter as find_adapter
    from deduce.play.reader import line_reader

    guard(console)  # names and clues from files and decks: never an escape sequence
    if args.list:
        print("\n".join(registry.names()))
        return 0
    resume: Path | None = None
    if args.resume is not None:
        if args.resume:
            resume = Path(args.resume).expanduser()
        elif args.game is None:
            raise InvalidInput(
                N_("game"),
                None,
                registry.names(),
                reason=N_("name the game whose session to resume"),
            )
    if args.game is None and resume is None:
        raise InvalidInput(N_("game"), None, registry.names())
    game = find_adapter(args.game if args.game is not None else files.saved_game(resume))  # type: ignore[arg-type]
    if args.no_autosave:
        autosave: Path | None = None
    elif args.autosave:
        autosave = Path(args.autosave).expanduser()
    else:
        autosave = state_dir() / f"{registry.find(game.name).autosave}.json"
    if args.resume == "":
        resume = autosave
        if resume is None:
            raise InvalidInput("--resume", "", N_("a FILE (there is no autosave file)"))

    if args.strategy:
        _check_strategy_first(game, args.strategy)
    completion: list[Completer] = [lambda before: []]
    read = _stdin_guard(
        line_reader(
            lambda before: completion[0](before),
            history=state_dir() / f"{registry.find(game.name).autosave}.history",
        )
    )
    with _autosave_lock(autosave, named=bool(args.autosave)) as lock:
        return _play_locked(args, game, resume, lock, read, completion, console)


BGA_LIMIT = 1_000_000
"""The largest ``--bga`` file read."""


def _document(
    args: argparse.Namespace, game: Any, read: Callable[[str], str], console: Console
) -> dict[str, str]:
    """The set-up answers of the document ``--bga`` names (none without it)."""
    if getattr(args, "bga", None) is None:
        return {}
    if game.documents is None:
        readers = [g.name for g in registry.declarations() if g.front_end and g.adapter().documents]
        reason = M("{game} reads no set-up file", game=game.name)
        raise InvalidInput("--bga", args.bga, readers, reason=reason)
    data = read_regular(
        Path(args.bga).expanduser(),
        limit=BGA_LIMIT,
        argument="--bga",
        expected=N_("a file of Board Game Arena's set-up (JSON)"),
    )
    text = data.decode("utf-8", "replace")
    found: dict[str, str] = game.imported(text, read, console)
    return found


def _play_locked(
    args: argparse.Namespace,
    game: Any,
    resume: Path | None,
    lock: Any,
    read: Callable[[str], str],
    completion: list[Completer],
    console: Console,
) -> int:
    from deduce.play.session import Session
    from deduce.play.setup import ask_setup

    autosave: Path | None = lock.path if lock is not None else None
    resumed = None
    presets = {**_document(args, game, read, console), **parse_presets(args.set)}
    made: list[Any] = []  # the new game, once set up

    def asking(complete: Completer) -> None:
        completion[0] = complete

    def set_up() -> Any:
        if not made:
            title = f"[bold]{escape(game.title)}[/bold]"
            console.print(_(M("{game}: set-up (Enter takes the default)", game=title)))
            made.append(ask_setup(game, read, console, presets, on_question=asking))
        return made[0]

    if resume is None and autosave is not None and autosave.exists():
        wanted = set_up if presets else None  # --set: a saved game is offered if it is that
        resumed, autosave = offer_resume(autosave, game, read, console, wanted=wanted)
        resume = autosave if resumed is not None else None
    if resume is not None:
        if resumed is not None:
            investigation = resumed
        else:
            with loading(console, _("reading the saved clues")) as report:
                investigation = files.load_file(resume, game.investigation_type, progress=report)
        if autosave is not None and autosave.exists() and not files.same_file(autosave, resume):
            autosave = _keep_autosave(autosave, investigation, game, console)
        resumed_from = plural(
            "Resumed {n} clue from {path}.",
            "Resumed {n} clues from {path}.",
            len(investigation.clues),
            path=escape(str(resume)),
        )
        console.print(_(resumed_from))
    else:
        investigation = set_up()
    if args.strategy:
        investigation.check_strategy(args.strategy)
    session = Session(game, investigation, console, autosave=autosave, strategy=args.strategy)
    completion[0] = session.complete
    if autosave is not None:
        console.print(_(M("Autosaving to {path}.", path=escape(str(autosave)))))
    console.print(_("Type a clue, or `help` for the clue syntax and the commands."))
    session.run(read)
    if session.refusals and not _interactive():
        refused = plural("{n} line refused.", "{n} lines refused.", session.refusals)
        console.print(_(refused))
        return 1
    return 0


def _keep_autosave(autosave: Path, resumed: Any, game: Any, console: Console) -> Path | None:
    """Before a session read from another file is autosaved, keep the game left in the
    autosave file as FILE.bak (unless it is the same game). Returns the autosave file, or
    None when the game there cannot be kept aside (then it is not overwritten either)."""

    try:
        if files.load_file(autosave, game.investigation_type) == resumed:
            return autosave
    except files.Unreadable as error:
        _unreadable(autosave, error, console)
        return None
    except DeduceError:
        pass
    return _set_aside(autosave, console, N_("The autosaved session is kept in {file}."))


def _unreadable(autosave: Path, error: files.Unreadable, console: Console) -> None:
    """Say that the autosave file cannot be read: it is neither set aside nor
    overwritten, and the session is not autosaved."""
    problem = escape(_(M("{file} cannot be read", file=str(autosave))))
    said = M(
        "{problem} ({why}): it is left as it is, and this session is not autosaved "
        "(use `save FILE`).",
        problem=f"[red]{problem}[/red]",
        why=escape(_(error.strerror)),
    )
    console.print(_(said))


def _set_aside(autosave: Path, console: Console, said: str) -> Path | None:
    """Set the autosave file aside and say ``said`` (a marked text, its ``{file}`` the new
    name); if it cannot be, say so and return None: the session is then not autosaved,
    so the file stays."""

    try:
        backup = files.set_aside(autosave)
    except (OSError, DeduceError) as error:
        reason = _(error.strerror) if isinstance(error, OSError) else explained(error)
        problem = escape(_(M("{file} cannot be kept aside", file=str(autosave))))
        told = M(
            "{problem} ({why}): it is left as it is, and this session is not autosaved "
            "(use `save FILE`).",
            problem=f"[red]{problem}[/red]",
            why=escape(str(reason)),
        )
        console.print(_(told))
        return None
    console.print(_(said).format(file=escape(str(backup))))
    return autosave


def offer_resume(
    autosave: Path,
    game: Any,
    read: Callable[[str], str],
    console: Console,
    *,
    wanted: Callable[[], Any] | None = None,
) -> tuple[Any, Path | None]:
    """Ask whether to continue the session left in the autosave file; if not, keep it
    aside as FILE.bak so that starting anew never destroys it.

    A finished game is not offered, nor one set up otherwise than ``wanted()`` (the new
    game that ``--set`` describes, set up once the saved game is read): it is kept aside,
    saying so.

    A file that cannot be read is neither offered nor set aside: it is left as it is.

    Returns the session to continue (or None) and the autosave file (None when the file
    there could not be read or kept aside, so that it is not overwritten).
    """
    from deduce.play.adapter import refusal
    from deduce.play.grammar import Context, YesNo

    try:
        with loading(console, _("reading the saved clues")) as report:
            saved = files.load_file(autosave, game.investigation_type, progress=report)
    except files.Unreadable as error:  # what it holds is not known: it stays
        _unreadable(autosave, error, console)
        return None, None
    except DeduceError as error:
        said = M(
            "The autosave file {path} is unreadable: {error}",
            path=escape(str(autosave)),
            error=escape(explained(error)),
        )
        console.print(_(said))
        return None, _set_aside(autosave, console, N_("It is kept in {file}; a new game starts."))
    if not saved.clues:
        return None, autosave  # an empty session: nothing to continue or to keep
    path, n = escape(str(autosave)), len(saved.clues)
    if game.finished(saved):
        over = plural(
            "The game saved in {path} ({n} clue) is over.",
            "The game saved in {path} ({n} clues) is over.",
            n,
            path=path,
        )
        console.print(_(over))
        return None, _set_aside(autosave, console, N_("It is kept in {file}; a new game starts."))
    new = None if wanted is None else wanted()
    if new is not None and _setup(saved) != _setup(new):
        otherwise = plural(
            "The game saved in {path} ({n} clue) was set up otherwise ({how}).",
            "The game saved in {path} ({n} clues) was set up otherwise ({how}).",
            n,
            path=path,
            how=escape(_otherwise(saved, new)),
        )
        console.print(_(otherwise))
        return None, _set_aside(autosave, console, N_("It is kept in {file}; your game starts."))
    console.print(
        _(
            plural(
                "A session with {n} clue is saved in {path}.",
                "A session with {n} clues is saved in {path}.",
                n,
                path=path,
            )
        )
    )
    while True:
        answer = read(_("Continue it? [yes]: ")).strip() or "yes"
        try:
            if YesNo().read(answer, Context(), N_("answer")):
                return saved, autosave
            break
        except InvalidInput as error:
            console.print(begins("refused") + escape(refusal(error)))
    return None, _set_aside(autosave, console, N_("The earlier session is kept in {file}."))


def _setup(investigation: Any) -> str:
    return json.dumps(investigation.setup(), sort_keys=True)


def _otherwise(saved: Any, wanted: Any) -> str:
    """How the set-up of ``saved`` differs from that of ``wanted``, in a few words.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> _otherwise(Investigation(4, 6), Investigation(5, 8))
        'pegs 4, colours 6; yours: pegs 5, colours 8'
    """

    def value(v: Any) -> str:
        if isinstance(v, list):
            return " ".join(value(x) for x in v)
        return str(_(N_("yes") if v else N_("no"))) if isinstance(v, bool) else str(v)

    def said(config: dict[str, Any], names: list[str], whose: str) -> str:
        return ", ".join(
            str(_(M(whose, setting=k)))
            if isinstance(config.get(k), dict)
            else f"{k} {value(config.get(k))}"
            for k in names
        ).replace("_", " ")

    old, new = saved.setup(), wanted.setup()
    names = [k for k in dict.fromkeys([*old, *new]) if old.get(k) != new.get(k)]
    theirs, yours = (
        said(old, names, N_("its own {setting}")),
        said(new, names, N_("another {setting}")),
    )
    return str(_(M("{saved}; yours: {wanted}", saved=theirs, wanted=yours)))


@contextlib.contextmanager
def _autosave_lock(autosave: Path | None, *, named: bool) -> Iterator[Any]:
    """Lock the autosave file for this session (None: no autosave).

    A second session on the same file is refused; a folder, or a file named with
    ``--autosave`` that is not a saved session or cannot be read (said in the system's
    words), is refused and left as it is; temporary files that a killed session left are
    removed.
    """

    if autosave is None:
        yield None
        return
    if autosave.is_dir():
        raise InvalidInput(
            "--autosave", str(autosave), N_("a file"), reason=N_("it is a folder, left as it is")
        )
    if autosave.exists() and not autosave.is_file():  # a FIFO, a device: never opened
        raise InvalidInput(
            "--autosave",
            str(autosave),
            N_("a regular file (new, or a saved session)"),
            reason=M("it is {kind}, left as it is", kind=kind_of(autosave.stat().st_mode)),
        )
    with contextlib.suppress(OSError):
        autosave.parent.mkdir(parents=True, exist_ok=True)
    lock = files.SessionLock.acquire(autosave)
    try:
        try:
            foreign = named and autosave.exists() and not files.is_save(autosave)
        except files.Unreadable as error:
            raise InvalidInput(
                "--autosave",
                str(autosave),
                N_("a new file or a saved session that can be read"),
                reason=M("it cannot be read: {why}; it is left as it is", why=error.strerror),
            ) from None
        if foreign:
            raise InvalidInput(
                "--autosave",
                str(autosave),
                N_("a new file or a saved session"),
                reason=N_("it holds something else, which is left as it is"),
            )
        files.clean_temporaries(autosave)
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

    from deduce.core.strategy import STRATEGIES
    from deduce.play.setup import ask_setup

    if strategy in STRATEGIES:
        return
    asked: set[str] = set()

    def defaults(prompt: str) -> str:
        if prompt in asked:  # a question without a default
            raise EOFError
        asked.add(prompt)
        return ""

    try:
        starts = [ask_setup(game, defaults, Console(file=io.StringIO()), {})]
    except (Exception, EOFError):  # no default set-up: bare ones of every kind it saves
        kinds = [game.declaration.kind(name) for name in game.declaration.kind_names]
        starts = [kind.__new__(kind) for kind in kinds]
    refused: InvalidInput | None = None
    for start in starts:
        try:
            start.check_strategy(strategy)
            return
        except InvalidInput as error:  # the kind that knows the most names says them
            if refused is None or len(error.choices) > len(refused.choices):
                refused = error
        except Exception:  # its names depend on the set-up: checked after the questions
            return
    if refused is not None:
        raise refused
