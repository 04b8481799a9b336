"""The interactive session of ``deduce play``, written once for every game.

A prompt loop reads clue lines and commands (``undo``, ``history``, ``save FILE``,
``load FILE``, ``why``, ``help``, ``quit``), shows the state after every clue and saves
it atomically after every change, so a session can be resumed after a crash. A line
that is not understood, or a clue that cannot be true, is refused with the reason and
leaves the state exactly as it was.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import secrets
import shlex
import textwrap
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from deduce.display import render
from deduce.errors import Contradiction, DeduceError, InvalidInput
from deduce.investigation import Investigation

from .adapter import Adapter, Question, choose, word

__all__ = ["COMMANDS", "Session", "count", "load_file", "save_file", "set_aside"]

COMMANDS: dict[str, str] = {
    "undo": "take back the last clue",
    "history": "list the clues so far",
    "show": "show the state again",
    "why": "why the last clue was refused, or which clues make the facts certain "
    "(`why FIELD=VALUE` for one fact, certain or ruled out)",
    "save": "`save FILE`: write the session to FILE",
    "load": "`load FILE`: continue a saved session",
    "strategy": "`strategy NAME`: rank moves by another strategy",
    "help": "this text",
    "quit": "leave (the session stays saved)",
}

Reader = Callable[[str], str]


def count(n: int, noun: str) -> str:
    """``n`` and ``noun``, in the plural unless ``n`` is 1.

    Example:
        >>> count(1, "clue"), count(2, "clue")
        ('1 clue', '2 clues')
    """
    return f"{n} {noun}{'' if n == 1 else 's'}"


def save_file(path: Path, investigation: Investigation, *, create_directory: bool = False) -> None:
    """Write ``investigation`` to ``path`` atomically (a temporary file, then a rename).

    The file gets the usual permissions of a new file (0666 less the umask). The
    directory is synced after the rename, so that the new name survives a power cut.

    Args:
        path: the file.
        investigation: what to write.
        create_directory: create missing directories (for the autosave file only: a file
            named by the player in a directory that does not exist is most likely a typing
            mistake).

    Raises:
        OSError: the file cannot be written (e.g. its directory does not exist).
    """
    if create_directory:
        path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(investigation.to_json())
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    with contextlib.suppress(OSError):  # not every platform can open a directory
        directory = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)


def set_aside(path: Path) -> Path:
    """Rename ``path`` to ``path.bak`` (or ``.bak.2``, ``.bak.3``, ... if that exists):
    a saved session is never overwritten. Returns the new name."""
    backup = path.with_name(path.name + ".bak")
    number = 1
    while backup.exists():
        number += 1
        backup = path.with_name(f"{path.name}.bak.{number}")
    os.replace(path, backup)
    return backup


def load_file(path: Path, kind: type[Investigation]) -> Investigation:
    """Read a session saved by :func:`save_file` (every clue is checked again)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise InvalidInput(
            "file", str(path), "a readable saved session", reason=error.strerror
        ) from None
    return kind.from_json(text)


def saved_game(path: Path) -> str:
    """The game's name stored in a saved session."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise InvalidInput(
            "file", str(path), "a readable saved session", reason=error.strerror
        ) from None
    except json.JSONDecodeError as error:
        raise InvalidInput("file", str(path), "a saved session (JSON)", reason=str(error)) from None
    game = document.get("game") if isinstance(document, dict) else None
    if not isinstance(game, str):
        raise InvalidInput("file", str(path), "a saved session naming its game")
    return game


Fact = tuple[str, Any]  # a field of the solution and one of its values


_ADVICE_LIMIT = 120.0  # seconds of advice computed before a prompt at most


class _Quit(Exception):
    pass


class Session:
    """One interactive game: the current investigation and the commands on it.

    Args:
        adapter: the game's front end.
        investigation: the state to start from.
        console: where to print.
        autosave: the file written after every change (None: no autosave).
        strategy: how moves are ranked.
    """

    def __init__(
        self,
        adapter: Adapter,
        investigation: Investigation,
        console: Console,
        *,
        autosave: Path | None,
        strategy: str | None = None,
    ) -> None:
        self.adapter = adapter
        self.investigation = investigation
        self.console = console
        self.autosave = autosave
        self.strategy = strategy or adapter.strategy
        self.refused: Contradiction | None = None

    # -- the loop ------------------------------------------------------------------

    def run(self, read: Reader) -> None:
        """Read lines with ``read(prompt)`` until ``quit`` or the end of the input."""
        self._save()
        self.show()
        prompt = f"{self.adapter.name}> "
        while True:
            try:
                line = read(prompt)
            except EOFError:
                self.console.print()
                break
            except KeyboardInterrupt:
                self.console.print("\n(line cancelled; type quit to leave)")
                continue
            try:
                self.handle(line)
            except _Quit:
                break
            except KeyboardInterrupt:
                self.console.print("\n(interrupted)")
        if self.autosave is not None:
            self.console.print(f"Session saved in {escape(str(self.autosave))}.")

    def handle(self, line: str) -> None:
        """Carry out one line: a command or a clue."""
        text = line.strip()
        if not text or text.startswith("#"):
            return
        try:
            tokens = shlex.split(text)
        except ValueError as error:
            self._refuse(f"cannot read the line: {error}")
            return
        command = tokens[0].lower()
        try:
            if command in {"quit", "exit"}:
                raise _Quit
            if command in {"help", "?"}:
                self.help()
            elif command == "undo":
                self.undo()
            elif command == "history":
                self.history()
            elif command == "show":
                self.show()
            elif command == "why":
                self.why(tokens[1:])
            elif command == "save":
                self.save(tokens[1:])
            elif command == "load":
                self.load(tokens[1:])
            elif command == "strategy":
                self.set_strategy(tokens[1:])
            elif command in self.adapter.commands():
                _, function = self.adapter.commands()[command]
                shown = function(self.investigation, tokens[1:])
                if shown is not None:
                    self.console.print(shown)
            else:
                self.clue(tokens)
        except _Quit:
            raise
        except Contradiction as error:
            self.refused = error
            self._refuse(f"{self.adapter.show_clue(error.clue)} cannot be true.")
            if error.conflict:
                self.console.print("It contradicts the earlier clues:")
                for clue in error.conflict:
                    self.console.print(f"  {self._numbered(clue)}")
            self.console.print("(the line is refused; nothing changed)")
        except DeduceError as error:
            self._refuse(str(error))
        except Exception as error:  # a defect must not lose the game at the table
            self._refuse(f"internal error ({type(error).__name__}: {error}); nothing changed")

    def _refuse(self, message: str) -> None:
        self.console.print(f"[red]refused:[/red] {escape(message)}")

    def _numbered(self, clue: Any) -> str:
        clues = self.investigation.clues
        number = next((i + 1 for i, c in enumerate(clues) if c == clue), None)
        prefix = f"{number}. " if number else ""
        return escape(prefix + self.adapter.show_clue(clue))

    # -- commands ------------------------------------------------------------------

    def clue(self, tokens: list[str]) -> None:
        """Add the clue said by ``tokens``."""
        new = self.adapter.apply(self.investigation, tokens)
        if new is self.investigation or new.clues == self.investigation.clues:
            self.console.print("(nothing new)")
            return
        self.investigation = new
        self.refused = None
        self._save()
        self.console.print(f"[green]noted:[/green] {escape(self.adapter.show_clue(new.clues[-1]))}")
        self.show()

    def undo(self) -> None:
        """Take back the last clue."""
        if not self.investigation.clues:
            self._refuse("there is no clue to undo")
            return
        dropped = self.investigation.clues[-1]
        self.investigation = self.investigation.undo()
        self.refused = None
        self._save()
        self.console.print(f"undone: {escape(self.adapter.show_clue(dropped))}")
        self.show()

    def _advice(self, inv: Investigation) -> list[Any]:
        """The recommended moves; refused up front when they would take too long, with a
        spinner when they take a while, and skipped on Ctrl-C (the session goes on)."""
        from deduce.search import advice_seconds

        estimate = advice_seconds(inv, self.strategy)
        if estimate > _ADVICE_LIMIT:
            self.console.print(
                f"(no advice: ranking the moves would take about {estimate:.0f} s; "
                "enter a clue to narrow the codes down)"
            )
            return []
        if estimate < 1:
            return self.adapter.recommend(inv, self.strategy)
        try:
            with self.console.status(f"ranking the moves (about {estimate:.0f} s; Ctrl-C skips)"):
                return self.adapter.recommend(inv, self.strategy)
        except KeyboardInterrupt:
            self.console.print("(advice skipped)")
            return []

    def history(self) -> None:
        """List the clues so far."""
        clues = self.investigation.clues
        if not clues:
            self.console.print("No clues yet.")
        for i, clue in enumerate(clues, 1):
            self.console.print(f"{i}. {escape(self.adapter.show_clue(clue))}")

    def show(self) -> None:
        """Show the solutions, marginals and recommended moves."""
        inv = self.investigation
        solved = inv.solved
        try:
            recommendations = [] if solved is not None else self._advice(inv)
        except (DeduceError, NotImplementedError):
            recommendations = []
        self.console.print(
            render(
                inv,
                solutions=self.adapter.solutions_shown,
                recommendations=recommendations,
                describe=self.adapter.show_action,
            )
        )
        extra = self.adapter.extra(inv)
        if extra is not None:
            self.console.print(extra)
        if solved is not None:
            self.console.print(f"[bold green]Solved:[/bold green] {escape(str(solved))}")

    def why(self, arguments: list[str]) -> None:
        """Explain a refused clue, or the clues behind certain facts."""
        inv = self.investigation
        if arguments:
            facts = [self._fact(argument) for argument in arguments]
        elif self.refused is not None:
            error = self.refused
            self.console.print(
                f"{escape(self.adapter.show_clue(error.clue))} was refused because it "
                "cannot be true together with:"
            )
            for clue in error.conflict:
                self.console.print(f"  {self._numbered(clue)}")
            return
        else:
            facts = list(inv.certain().items())
            if not facts:
                self.console.print(
                    "Nothing is certain yet. Ask about a ruled-out value with `why FIELD=VALUE`."
                )
                return
        clues = inv.explain(facts)  # refuses a fact that is not settled yet
        marginals = inv.marginals()
        said = ", ".join(f"{n}={v}" if marginals[n][v] == 1.0 else f"{n}≠{v}" for n, v in facts)
        if not clues:
            self.console.print(f"{escape(said)} holds before any clue (the rules alone).")
            return
        self.console.print(f"{escape(said)} follows from:")
        for clue in clues:
            self.console.print(f"  {self._numbered(clue)}")

    def _fact(self, text: str) -> Fact:
        """``FIELD=VALUE`` (names shortened as anywhere), or ``FIELD`` for its certain value."""
        marginals = self.investigation.marginals()
        name_text, sep, value_text = text.partition("=")
        name = choose(name_text, list(marginals), "field")
        values = marginals[name]
        if not sep:
            certain = [v for v, p in values.items() if p == 1.0]
            if certain:
                return (name, certain[0])
            raise InvalidInput(
                "why", text, "FIELD=VALUE", reason=f"{name} is not certain yet; name a value"
            )
        return (name, choose(value_text, list(values), name))

    def save(self, arguments: list[str]) -> None:
        """Write the session to a file."""
        if len(arguments) != 1:
            raise InvalidInput("save", " ".join(arguments), "save FILE")
        path = Path(arguments[0]).expanduser()
        try:
            save_file(path, self.investigation)
        except OSError as error:
            raise InvalidInput(
                "file", str(path), "a writable file", reason=error.strerror
            ) from None
        self.console.print(
            f"Saved {count(len(self.investigation.clues), 'clue')} in {escape(str(path))}."
        )

    def load(self, arguments: list[str]) -> None:
        """Continue the session saved in a file."""
        if len(arguments) != 1:
            raise InvalidInput("load", " ".join(arguments), "load FILE")
        path = Path(arguments[0]).expanduser()
        loaded = load_file(path, self.adapter.investigation_type)
        if (
            self.autosave is not None
            and self.investigation.clues
            and self.investigation != loaded
            and self.autosave.exists()
            and not _same_file(self.autosave, path)
        ):
            backup = set_aside(self.autosave)
            self.console.print(f"The session so far is kept in {escape(str(backup))}.")
        self.investigation = loaded
        self.refused = None
        self._save()
        self.console.print(f"Loaded {count(len(loaded.clues), 'clue')} from {escape(str(path))}.")
        self.show()

    def set_strategy(self, arguments: list[str]) -> None:
        """Rank moves by another strategy."""
        if len(arguments) != 1:
            raise InvalidInput("strategy", " ".join(arguments), "strategy NAME")
        name = arguments[0]
        self.investigation.check_strategy(name)
        self.strategy = name
        self.console.print(f"Moves are now ranked by {escape(name)}.")
        self.show()

    def help(self) -> None:
        """Show the clue syntax and the commands."""
        self.console.print(f"[bold]{escape(self.adapter.title)}[/bold]: clue lines")
        self.console.print(escape(textwrap.dedent(self.adapter.syntax).strip("\n")))
        self.console.print("\n[bold]Commands[/bold]")
        for name, text in COMMANDS.items():
            self.console.print(f"  {name:<9} {escape(text)}")
        for name, (text, _) in self.adapter.commands().items():
            self.console.print(f"  {name:<9} {escape(text)}")
        self.console.print("Names may be shortened to any unique start; Tab completes them.")

    def _save(self) -> None:
        if self.autosave is None:
            return
        try:
            save_file(self.autosave, self.investigation, create_directory=True)
        except OSError as error:
            self._refuse(f"could not autosave to {self.autosave}: {error.strerror}")

    # -- completion ----------------------------------------------------------------

    def completions(self) -> list[str]:
        """Every word Tab may complete to now."""
        words = set(COMMANDS) | {"quit"} | set(self.adapter.commands())
        try:
            words.update(self.adapter.words(self.investigation))
            for name, values in self.investigation.marginals().items():
                words.update(f"{word(name)}={word(v)}" for v in values)
        except Exception:  # completion must never break the prompt
            pass
        return sorted(words)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.samefile(b)
    except OSError:
        return False


def ask_setup(
    adapter: Adapter,
    read: Reader,
    console: Console,
    preset: dict[str, str],
    *,
    on_question: Callable[[Question], None] | None = None,
) -> Investigation:
    """The investigation set up by the adapter's questions (``preset`` ones not asked).

    A set-up that the game refuses as a whole is reported and asked again (the earlier
    answers become the defaults), unless every answer was given in advance.
    """
    keys = adapter.setup_keys()
    unknown = sorted(set(preset) - keys)
    if unknown:
        raise InvalidInput("--set", unknown[0], sorted(keys))
    defaults: dict[str, str] = {}
    while True:
        answers: dict[str, Any] = {}
        typed: dict[str, str] = {}
        while True:
            pending = [q for q in adapter.questions(answers) if q.key not in answers]
            if not pending:
                break
            question = pending[0]
            if question.key in preset:
                answers[question.key] = question.convert(preset[question.key])
                continue
            if question.key in defaults:
                question = dataclasses.replace(question, default=defaults[question.key])
            if on_question is not None:
                on_question(question)
            text, answers[question.key] = _ask(question, read, console)
            typed[question.key] = text
        try:
            return adapter.start(answers)
        except InvalidInput as error:
            if not typed or error.argument in preset:
                raise
            console.print(f"[red]refused:[/red] {escape(str(error))}")
            console.print("Please answer the set-up questions again.")
            defaults = typed


def _ask(question: Question, read: Reader, console: Console) -> tuple[str, Any]:
    suffix = f" [{question.default}]" if question.default is not None else ""
    while True:
        text = read(f"{question.prompt}{suffix}: ").strip()
        if not text:
            if question.default is None:
                console.print("[red]refused:[/red] an answer is needed")
                continue
            text = question.default
        try:
            return text, question.convert(text)
        except DeduceError as error:
            console.print(f"[red]refused:[/red] {escape(str(error))}")


def readline_reader(words: Callable[[], Iterable[str]]) -> Reader:
    """``input`` with Tab completion of ``words()`` (when readline is available)."""
    try:
        import readline
    except ImportError:  # pragma: no cover - readline is missing on some platforms
        return input

    matches: list[str] = []

    def complete(text: str, state: int) -> str | None:
        nonlocal matches
        if state == 0:
            folded = text.casefold()
            matches = [w + " " for w in words() if w.casefold().startswith(folded)]
        return matches[state] if state < len(matches) else None

    readline.set_completer(complete)
    readline.set_completer_delims(" \t\n")
    readline.parse_and_bind("tab: complete")
    return input
