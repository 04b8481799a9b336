"""The interactive session of ``deduce play``, written once for every game.

A prompt loop reads clue lines and commands (``help`` lists them: ``undo``, ``drop N``,
``amend N LINE``, ``history``, ``save FILE``, ``load FILE``, ``why``...), shows the state
after every clue and saves it atomically after every change, so a session can be resumed
after a crash. Every line is read by the game's :class:`deduce.play.grammar.Grammar` with
the commands below; a line that is not understood, or a clue that cannot be true, is
refused with the reason and leaves the state exactly as it was.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text as Shown

from deduce._internal.validation import short
from deduce.core import registry
from deduce.errors import Contradiction, DeduceError, InvalidInput
from deduce.investigation import Investigation
from deduce.output.display import render
from deduce.play.grammar import Arg, Context, File, Grammar, Name, Rows, Value, Verb, choose
from deduce.search.fewest_moves import ranked_by

from .adapter import Adapter, in_words, refusal, syntax
from .correction_verbs import VERBS, offer, undo_correction
from .files import load_file, same_file, save_file, saved_text, set_aside, unsaved_clues
from .progress import loading
from .reader import Reader, split
from .replies import Reply, told
from .review_verb import VERBS as REVIEW
from .sharing import open_shared, qr_text, shared_text

__all__ = ["COMMANDS", "Session", "count", "load_file", "save_file", "set_aside", "strategy_names"]


def count(n: int, noun: str) -> str:
    """``n`` and ``noun``, in the plural unless ``n`` is 1.

    Example:
        >>> count(1, "clue"), count(2, "clue")
        ('1 clue', '2 clues')
    """
    return f"{n} {noun}{'' if n == 1 else 's'}"


Fact = tuple[str, Any]  # a field of the solution and one of its values


_ADVICE_LIMIT = 120.0  # seconds of advice computed before a prompt at most


class _Quit(Exception):
    pass


def strategy_names(investigation: Investigation) -> list[str]:
    """The strategies that can rank this game's moves.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> strategy_names(Investigation(2, 2))[:2]
        ['entropy', 'minimax']
    """
    names = getattr(investigation, "strategies", None)
    if callable(names):
        return [str(n) for n in names()]
    try:
        investigation.check_strategy("")
    except InvalidInput as error:
        return [str(name) for name in error.choices]
    return []


def _fact(text: str, context: Context) -> Fact:
    """``FIELD=VALUE`` (names shortened as anywhere), or ``FIELD`` for its certain value."""
    marginals = context.investigation.marginals()
    name_text, sep, value_text = text.partition("=")
    name = choose(name_text, list(marginals), "field")
    if not sep:
        certain = [v for v, p in marginals[name].items() if p == 1.0]
        if certain:
            return (name, certain[0])
        raise InvalidInput("why", text, "FIELD=VALUE", reason=f"{name} is not certain yet")
    return (name, choose(value_text, [str(v) for v in marginals[name]], name))


def _fact_words(context: Context) -> list[str]:
    marginals = context.investigation.marginals().items()
    return [f"{n}={v}".replace(" ", "_") for n, values in marginals for v in values]  # one word


def _strategies(context: Context) -> list[str]:
    return strategy_names(context.investigation)


def _as_typed(text: str, context: Context) -> str:
    """``text`` as it is (a shared game's letters include ``_``, which free text reads
    as a space)."""
    return text


def _command(
    words: tuple[str, ...],
    args: tuple[Arg, ...],
    text: str,
    examples: tuple[str, ...],
    method: str,
) -> Verb:
    def do(session: Session, values: dict[str, Any]) -> Any:
        return getattr(session, method)(values)

    return Verb(words, args, text, examples, do, command=True)


COMMANDS = Grammar(
    (
        _command(("undo",), (), "take back the last clue (or the last correction)", (), "undo"),
        *VERBS,
        _command(("history",), (), "list the clues so far", (), "history"),
        _command(("show",), (), "show the state again", (), "show"),
        *REVIEW,
        _command(
            ("why",),
            (
                Arg(
                    "FACT",
                    Value(_fact, "FIELD=VALUE, a fact that is certain or ruled out", _fact_words),
                    optional=True,
                    repeated=True,
                    store="facts",
                ),
            ),
            "why the last clue was refused, or which clues make the facts certain\n"
            "(FACT: FIELD=VALUE, a value certain or ruled out)",
            ("why",),
            "why",
        ),
        _command(
            ("save",),
            (Arg("FILE", File()),),
            "write the session to FILE",
            ("save game.json",),
            "save",
        ),
        _command(
            ("load",),
            (Arg("FILE", File()),),
            "continue the session saved in FILE",
            ("load game.json",),
            "load",
        ),
        _command(
            ("share",),
            (),
            "the game as one line of text (and a QR code) that another console or phone\n"
            "opens with open TEXT",
            ("share",),
            "share",
        ),
        _command(
            ("open",),
            (
                Arg(
                    "TEXT",
                    Value(_as_typed, "a shared game: deduce1: and letters, as share writes it"),
                ),
            ),
            "continue the game shared as TEXT (the session so far is kept aside)",
            (),
            "open",
        ),
        _command(
            ("strategy",),
            (Arg("STRATEGY", Name(_strategies), optional=True, store="name"),),
            "the strategy ranking the moves, and the others; STRATEGY: rank by it",
            ("strategy", "strategy entropy"),
            "set_strategy",
        ),
        _command(("help", "?"), (), "this text", (), "help"),
        _command(("quit", "exit"), (), "leave (the session stays saved)", (), "quit"),
    )
)
"""The commands of every game's session."""


class Session:
    """One interactive game: the current investigation and the commands on it.

    Args:
        adapter: the game's front end.
        investigation: the state to start from.
        console: where to print.
        autosave: the file written after every change (None: no autosave).
        strategy: how moves are ranked (None: the game's default).
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
        self.strategy = strategy or adapter.strategy(investigation)
        self.refused: Contradiction | None = None
        self.corrections: list[tuple[Investigation, Investigation, Reply]] = []  # (after, before)
        self.refusals = 0  # lines refused so far
        self.saved = False  # whether the autosave file holds the current state
        self._saved_elsewhere: Investigation | None = None  # the state `save FILE` wrote
        self.not_saved = ""  # why the last autosave failed ("" when it did not)
        self.grammar = adapter.grammar + COMMANDS

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
            self.refuse(f"cannot read the line ({error}); close the quotes")
            return
        call, before = None, self.investigation
        try:
            call = self.grammar.parse(tokens, self.investigation)
            if call.verb in COMMANDS.verbs:
                call.verb.do(self, call.values)
            elif call.verb.command:
                self._print(call.verb.do(self.investigation, call.values))
            else:
                self.clue(call.verb.do(self.investigation, call.values))
        except _Quit:
            raise
        except Contradiction as error:
            self.refused = error
            said = f"{self.adapter.show_value(error.clue)} cannot be true."
            if error.conflict:
                said += "\nIt contradicts the earlier clues:"
            more = ["(the line is refused; nothing changed)"]
            if (correct := offer(self.investigation, error.conflict)) is not None:
                more.append(correct)
            self.refuse(said, error.conflict, more=more)
        except InvalidInput as error:
            verb, typed = (call.verb, call.values) if call else (None, {})
            words = in_words(error, verb, self.adapter.arguments, self.investigation, typed)
            self.refuse(refusal(words, self.adapter.show_value))
        except DeduceError as error:
            self.refuse(str(error))
        except Exception as error:  # a defect must not lose the game at the table
            done = "nothing changed" if self.investigation is before else "the line is noted"
            self.refuse(f"internal error ({type(error).__name__}: {error}); {done}")

    def refuse(self, message: str, clues: Sequence[Any] = (), *, more: Sequence[str] = ()) -> None:
        """Refuse the line at hand with ``message`` (nothing changed), listing the
        ``clues`` of the log it names (those a clue contradicts)."""
        self.refusals += 1
        self.tell(self.about("refused", message, clues, more=more))

    def tell(self, reply: Reply) -> None:
        """Answer the line with ``reply`` (the console prints it)."""
        told(self.console, reply)

    def about(
        self, kind: str, words: str, clues: Sequence[Any], *, more: Sequence[str] = ()
    ) -> Reply:
        """A reply that lists ``clues`` of the log, by their numbers and in words."""
        if not clues:
            return Reply(kind, words, more=tuple(more))
        inv = self.investigation
        numbers = tuple(n for n in self.adapter.numbers(inv, clues) if n is not None)
        lines = tuple(self.adapter.numbered(inv, clues))
        return Reply(kind, words, clues=numbers, lines=lines, more=tuple(more))

    def _print(self, shown: Any) -> None:
        if shown is None:
            return
        if isinstance(shown, Rows):
            table = Table(*shown.header, box=None)
            for row in shown.rows:
                table.add_row(*row)
            self.console.print(table)
            if shown.note:
                self.console.print(escape(shown.note))
        else:
            self.console.print(escape(str(shown)))

    # -- commands ------------------------------------------------------------------

    def clue(self, new: Investigation, reply: Reply | None = None) -> None:
        """Continue from ``new``, the investigation after a clue line (a correction:
        after ``reply``)."""
        if new is self.investigation or new.clues == self.investigation.clues:
            self.tell(Reply("nothing new", "nothing new"))
            return
        text = saved_text(new)  # refused (nothing changed) if it could not be read back
        self.investigation = new
        self.refused = None
        self._save(text)
        if reply is None:
            n = len(new.clues)
            reply = Reply("noted", self.adapter.history(new)[-1], clues=(n,))
        self.tell(reply)
        self.show()

    def undo(self, values: Mapping[str, Any] | None = None) -> None:
        """Take back the last clue, or the correction just made."""
        if undo_correction(self):
            return
        if not self.investigation.clues:
            self.refuse("there is no clue to undo")
            return
        dropped = self.adapter.history(self.investigation)[-1]
        self.investigation = self.investigation.undo()
        self.refused = None
        self._save()
        self.tell(Reply("undone", dropped))
        self.show()

    def _advice(self, inv: Investigation) -> list[Any]:
        """The recommended moves; refused up front when they would take too long, with a
        spinner when they take a while, and skipped on Ctrl-C (the session goes on)."""
        if inv.space.size >= 100_000:  # even the estimate takes seconds
            with self.console.status("estimating the advice"):
                estimate = self.adapter.advice_seconds(inv, self.strategy)
        else:
            estimate = self.adapter.advice_seconds(inv, self.strategy)
        if estimate > _ADVICE_LIMIT:
            self.console.print(
                f"(no advice: ranking the moves would take about {estimate:.0f} s; "
                "enter a clue to narrow the codes down)"
            )
            return []
        try:
            with warnings.catch_warnings(record=True) as caught:  # a search that fell back
                warnings.simplefilter("always")
                if estimate < 1:
                    advice = self.adapter.recommend(inv, self.strategy)
                else:
                    with self.console.status(
                        f"ranking the moves (about {estimate:.0f} s; Ctrl-C skips)"
                    ):
                        advice = self.adapter.recommend(inv, self.strategy)
        except KeyboardInterrupt:
            self.console.print("(advice skipped)")
            return []
        for warning in caught:
            self.console.print(f"({escape(str(warning.message))})")
        return advice

    def history(self, values: Mapping[str, Any] | None = None) -> None:
        """List the clues so far."""
        lines = self.adapter.history(self.investigation)
        if not lines:
            self.console.print("No clues yet.")
        for i, line in enumerate(lines, 1):
            self.console.print(f"{i}. {escape(line)}")

    def show(self, values: Mapping[str, Any] | None = None) -> None:
        """Show the solutions, marginals and recommended moves."""
        inv = self.investigation
        solved = self.adapter.solved(inv)
        own = self.adapter.own_now(inv, self.strategy)
        try:
            recommendations = [] if inv.solved is not None or own else self._advice(inv)
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
        if recommendations:
            self.console.print(f"(moves ranked by {escape(ranked_by(inv, self.strategy))})")
        if own:
            self.console.print(escape(own))
        extra = self.adapter.extra(inv)
        if extra is not None:
            self.console.print(escape(extra))
        if solved is not None:
            head, _, rest = solved.partition(":")
            self.console.print(f"[bold green]{escape(head)}:[/bold green]{escape(rest)}")

    def why(self, values: Mapping[str, Any]) -> None:
        """Explain a refused clue, or the clues behind certain facts."""
        inv = self.investigation
        facts: list[Fact] = list(values.get("facts", ()))
        if not facts and self.refused is not None:
            error = self.refused
            said = (
                f"{self.adapter.show_value(error.clue)} was refused because it cannot be "
                "true together with:"
            )
            self.tell(self.about("because", said, error.conflict))
            return
        if not facts:
            facts = list(inv.certain().items())
            if not facts:
                self.tell(
                    Reply(
                        "because",
                        "Nothing is certain yet. Ask about a ruled-out value with "
                        "`why FIELD=VALUE`.",
                    )
                )
                return
        marginals = inv.marginals()
        facts = [(n, next(v for v in marginals[n] if str(v) == str(t))) for n, t in facts]
        clues = inv.explain(facts)  # refuses a fact that is not settled yet
        said = ", ".join(f"{n}={v}" if marginals[n][v] == 1.0 else f"{n}≠{v}" for n, v in facts)
        if not clues:
            self.tell(Reply("because", f"{said} holds before any clue (the rules alone)."))
            return
        self.tell(self.about("because", f"{said} follows from:", clues))

    def save(self, values: Mapping[str, Any]) -> None:
        """Write the session to a file."""
        path: Path = values["file"]
        try:
            save_file(path, self.investigation)
        except OSError as error:
            raise InvalidInput(
                "file", str(path), "a writable file", reason=error.strerror or str(error)
            ) from None
        self._saved_elsewhere = self.investigation
        saved = count(len(self.investigation.clues), "clue")
        self.tell(Reply("saved", f"Saved {saved} in {path}."))

    def load(self, values: Mapping[str, Any]) -> None:
        """Continue the session saved in a file (the session so far is kept aside first;
        clues of it that are not saved yet are saved, or the load is refused)."""
        path: Path = values["file"]
        with loading(self.console, "reading the saved clues") as report:
            loaded = load_file(path, self.adapter.investigation_type, progress=report)
        self._replace(loaded, "load", str(path))
        self.tell(Reply("loaded", f"Loaded {count(len(loaded.clues), 'clue')} from {path}."))
        self.show()

    def share(self, values: Mapping[str, Any]) -> None:
        """The game as a line of text that ``open`` reads, with its QR code when the
        ``serve`` extra (segno) is installed."""
        text = shared_text(self.investigation)
        self.tell(
            Reply(
                "note",
                f"This game as text ({count(len(self.investigation.clues), 'clue')}): "
                "`open TEXT` continues it in another console, and a phone's page opens it "
                "too.",
                lines=(text,),
            )
        )
        code = qr_text(text)
        if code:
            shown = Shown(code, style="black on white")  # dark on light on any terminal
            self.console.print(shown, no_wrap=True, overflow="ignore", crop=False)

    def open(self, values: Mapping[str, Any]) -> None:
        """Continue a game shared as text (the session so far is kept aside first)."""
        opened = open_shared(values["text"])
        if not isinstance(opened, self.adapter.investigation_type):
            theirs = registry.find(opened.game).name if opened.game else "another game"
            why = f"it holds a game of {theirs}: open it in `deduce play {theirs}`"
            if theirs == self.adapter.name:  # the notebook, where the console follows the table
                kind, held = self.adapter.investigation_type.__name__, type(opened).__name__
                why = f"it holds the game's {held}, not the {kind} this console follows"
            raise InvalidInput(
                "text", short(values["text"]), f"a shared {self.adapter.title} game", reason=why
            )
        self._replace(opened, "open", short(values["text"]))
        self.tell(Reply("loaded", f"Opened the shared game: {count(len(opened.clues), 'clue')}."))
        self.show()

    def _replace(self, loaded: Investigation, verb: str, source: str) -> None:
        """``loaded`` becomes the session, the session so far kept aside first (clues of
        it that are not saved yet are saved, or ``verb`` is refused)."""
        self._keep_unsaved(verb, source)
        if (
            self.autosave is not None
            and self.investigation.clues
            and self.investigation != loaded
            and self.autosave.exists()
            and not (verb == "load" and same_file(self.autosave, Path(source)))
        ):
            try:
                backup = set_aside(self.autosave)
            except OSError as error:
                raise InvalidInput(
                    verb,
                    source,
                    "a session loaded once the session so far is kept",
                    reason=f"{self.autosave} cannot be kept aside: {error.strerror}",
                ) from None
            self.tell(Reply("kept aside", f"The session so far is kept in {backup}."))
        self.investigation = loaded
        self.refused = None
        self._save()

    def _keep_unsaved(self, verb: str, source: str) -> None:
        """Before ``load FILE`` or ``open TEXT`` replaces the session: the clues that its
        autosave file lacks (an autosave that failed, e.g. on a full disk) are saved now.

        Raises:
            InvalidInput: they cannot be saved (and `save FILE` has not kept them).
        """
        if self.autosave is None or self.saved or self.investigation is self._saved_elsewhere:
            return
        missing = unsaved_clues(self.autosave, self.investigation)
        if not missing:
            return
        try:
            save_file(self.autosave, self.investigation, create_directory=True)
        except (OSError, DeduceError) as error:
            why = error.strerror if isinstance(error, OSError) else str(error)
            are = "is" if missing == 1 else "are"
            raise InvalidInput(
                verb,
                source,
                "a session loaded once the session so far is saved",
                reason=f"the session so far has {count(missing, 'clue')} that {are} not "
                f"saved ({why}): make room and load again, or keep the session with "
                "`save FILE` first",
            ) from None
        self.saved = True

    def set_strategy(self, values: Mapping[str, Any]) -> None:
        """Name the strategy in use and the others, or rank moves by another."""
        name = values.get("name")
        if name is None:
            default = self.adapter.strategy(self.investigation)
            others = ", ".join(strategy_names(self.investigation))
            note = " (the game's default)" if self.strategy == default else ""
            more = (f"Strategies: {others}. Change with `strategy NAME`.",)
            self.tell(Reply("strategy", f"Moves are ranked by {self.strategy}{note}.", more=more))
            return
        self.strategy = self.investigation.check_strategy(name)
        self.tell(Reply("strategy", f"Moves are now ranked by {name}."))
        self.show()

    def quit(self, values: Mapping[str, Any]) -> None:
        """Leave."""
        raise _Quit

    def help(self, values: Mapping[str, Any] | None = None) -> None:
        """Show the clue lines and the commands."""
        game = self.adapter.grammar
        clues = Grammar(tuple(v for v in game.verbs if not v.command), game.notes)
        commands = Grammar(tuple(v for v in self.grammar.verbs if v.command))
        self.console.print(f"[bold]{escape(self.adapter.title)}[/bold]: clue lines")
        self.console.print(escape(syntax(clues, self.investigation)))
        self.console.print("\n[bold]Commands[/bold]")
        self.console.print(escape(syntax(commands, self.investigation)))
        self.console.print("Names may be shortened to any unique start; Tab completes them.")

    def _save(self, text: str | None = None) -> None:
        if self.autosave is None:
            return
        try:
            save_file(self.autosave, self.investigation, create_directory=True, text=text)
        except (OSError, DeduceError) as error:
            self.saved = False
            reason = error.strerror if isinstance(error, OSError) else str(error)
            self.not_saved = str(reason or type(error).__name__)
            self.tell(
                Reply(
                    "not saved",
                    f"could not autosave to {self.autosave}: {reason}. Not saved: the "
                    "session goes on in memory (`save FILE` writes it elsewhere).",
                )
            )
        else:
            self.saved, self.not_saved = True, ""

    # -- completion ----------------------------------------------------------------

    def complete(self, before: str) -> list[str]:
        """The words Tab may complete to, given the line up to the cursor."""
        try:
            return self.grammar.complete(before, self.investigation)
        except Exception:  # completion must never break the prompt
            return []
