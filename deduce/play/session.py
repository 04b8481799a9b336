"""The interactive session of ``deduce play``, written once for every game.

A prompt loop reads clue lines and commands (``undo``, ``history``, ``save FILE``,
``load FILE``, ``why``, ``help``, ``quit``), shows the state after every clue and saves
it atomically after every change, so a session can be resumed after a crash. A line
that is not understood, or a clue that cannot be true, is refused with the reason and
leaves the state exactly as it was.
"""

from __future__ import annotations

import dataclasses
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from deduce.display import render
from deduce.errors import Contradiction, DeduceError, InvalidInput
from deduce.investigation import Investigation

from .adapter import Adapter, Question, choose, word
from .files import load_file, save_file, set_aside
from .reader import Reader, split

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


def count(n: int, noun: str) -> str:
    """``n`` and ``noun``, in the plural unless ``n`` is 1.

    Example:
        >>> count(1, "clue"), count(2, "clue")
        ('1 clue', '2 clues')
    """
    return f"{n} {noun}{'' if n == 1 else 's'}"


Fact = tuple[str, Any]  # a field of the solution and one of its values


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
        self.refusals = 0  # lines refused so far
        self.saved = False  # whether the autosave file holds the current state

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
        if self.autosave is not None and self.saved:
            self.console.print(f"Session saved in {escape(str(self.autosave))}.")
        elif self.autosave is not None:
            self.console.print(
                f"[red]The session is not saved:[/red] {escape(str(self.autosave))} could "
                "not be written."
            )

    def handle(self, line: str) -> None:
        """Carry out one line: a command or a clue."""
        text = line.strip()
        if not text or text.startswith("#"):
            return
        try:
            tokens = split(text)
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
        self.refusals += 1
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
            recommendations = (
                [] if solved is not None else self.adapter.recommend(inv, self.strategy)
            )
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
            try:
                backup = set_aside(self.autosave)
            except OSError as error:
                raise InvalidInput(
                    "load",
                    str(path),
                    "a session loaded once the session so far is kept",
                    reason=f"{self.autosave} cannot be kept aside: {error.strerror}",
                ) from None
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
        except (OSError, DeduceError) as error:
            self.saved = False
            reason = error.strerror if isinstance(error, OSError) else str(error)
            self.console.print(
                f"[red]could not autosave[/red] to {escape(str(self.autosave))}: "
                f"{escape(str(reason))}"
            )
        else:
            self.saved = True

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
