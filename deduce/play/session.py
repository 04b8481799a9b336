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

from deduce._internal.language import N_, M, Message, _, plural
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
from .replies import Reply, explained, told
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


def _warned(warning: Warning | str) -> str:
    """What a warning says, in the player's language when it was made of a message."""
    said = warning.args[0] if isinstance(warning, Warning) and len(warning.args) == 1 else None
    return str(_(said)) if isinstance(said, Message) else str(warning)


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
        reason = M("{name} is not certain yet", name=name)
        raise InvalidInput("why", text, "FIELD=VALUE", reason=reason)
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
        _command(("undo",), (), N_("take back the last clue (or the last correction)"), (), "undo"),
        *VERBS,
        _command(("history",), (), N_("list the clues so far"), (), "history"),
        _command(("show",), (), N_("show the state again"), (), "show"),
        *REVIEW,
        _command(
            ("why",),
            (
                Arg(
                    "FACT",
                    Value(
                        _fact, N_("FIELD=VALUE, a fact that is certain or ruled out"), _fact_words
                    ),
                    optional=True,
                    repeated=True,
                    store="facts",
                ),
            ),
            N_(
                "why the last clue was refused, or which clues make the facts certain\n"
                "(FACT: FIELD=VALUE, a value certain or ruled out)"
            ),
            ("why",),
            "why",
        ),
        _command(
            ("save",),
            (Arg("FILE", File()),),
            N_("write the session to FILE"),
            ("save game.json",),
            "save",
        ),
        _command(
            ("load",),
            (Arg("FILE", File()),),
            N_("continue the session saved in FILE"),
            ("load game.json",),
            "load",
        ),
        _command(
            ("share",),
            (),
            N_(
                "the game as one line of text (and a QR code) that another console or phone\n"
                "opens with open TEXT"
            ),
            ("share",),
            "share",
        ),
        _command(
            ("open",),
            (
                Arg(
                    "TEXT",
                    Value(_as_typed, N_("a shared game: deduce1: and letters, as share writes it")),
                ),
            ),
            N_("continue the game shared as TEXT (the session so far is kept aside)"),
            (),
            "open",
        ),
        _command(
            ("strategy",),
            (Arg("STRATEGY", Name(_strategies), optional=True, store="name"),),
            N_("the strategy ranking the moves, and the others; STRATEGY: rank by it"),
            ("strategy", "strategy entropy"),
            "set_strategy",
        ),
        _command(("help", "?"), (), N_("this text"), (), "help"),
        _command(("quit", "exit"), (), N_("leave (the session stays saved)"), (), "quit"),
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
                self.console.print("\n" + _("(line cancelled; type quit to leave)"))
                continue
            try:
                self.handle(line)
            except _Quit:
                break
            except KeyboardInterrupt:
                self.console.print("\n" + _("(interrupted)"))
        if self.autosave is not None and self.saved:
            path = escape(str(self.autosave))
            self.console.print(_(M("Session saved in {path}.", path=path)))
        elif self.autosave is not None:
            head = escape(_("The session is not saved:"))
            said = _(M("{path} could not be written.", path=escape(str(self.autosave))))
            self.console.print(f"[red]{head}[/red] {said}")

    def handle(self, line: str) -> None:
        """Carry out one line: a command or a clue."""
        text = line.strip()
        if not text or text.startswith("#"):
            return
        try:
            tokens = split(text)
        except ValueError as error:
            self.refuse(_(M("cannot read the line ({error}); close the quotes", error=str(error))))
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
            clue = self.adapter.show_value(error.clue)
            if error.conflict:
                said = _(
                    plural(
                        "{clue} cannot be true.\nIt contradicts the earlier clues:",
                        "{clue} cannot be true.\nIt contradicts the earlier clues:",
                        len(error.conflict),
                        clue=clue,
                    )
                )
            else:
                said = _(M("{clue} cannot be true.", clue=clue))
            more = [_("(the line is refused; nothing changed)")]
            if (correct := offer(self.investigation, error.conflict)) is not None:
                more.append(correct)
            self.refuse(said, error.conflict, more=more)
        except InvalidInput as error:
            verb, typed = (call.verb, call.values) if call else (None, {})
            words = in_words(error, verb, self.adapter.arguments, self.investigation, typed)
            self.refuse(refusal(words, self.adapter.show_value))
        except DeduceError as error:
            self.refuse(explained(error))
        except Exception as error:  # a defect must not lose the game at the table
            kind = type(error).__name__
            if self.investigation is before:
                said = M(
                    "internal error ({kind}: {error}); nothing changed", kind=kind, error=str(error)
                )
            else:
                said = M(
                    "internal error ({kind}: {error}); the line is noted",
                    kind=kind,
                    error=str(error),
                )
            self.refuse(_(said))

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
            self.tell(Reply("nothing new", _("nothing new")))
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
            self.refuse(_("there is no clue to undo"))
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
            with self.console.status(_("estimating the advice")):
                estimate = self.adapter.advice_seconds(inv, self.strategy)
        else:
            estimate = self.adapter.advice_seconds(inv, self.strategy)
        if estimate > _ADVICE_LIMIT:
            said = M(
                "(no advice: ranking the moves would take about {estimate:.0f} s; "
                "enter a clue to narrow the codes down)",
                estimate=estimate,
            )
            self.console.print(_(said))
            return []
        try:
            with warnings.catch_warnings(record=True) as caught:  # a search that fell back
                warnings.simplefilter("always")
                if estimate < 1:
                    advice = self.adapter.recommend(inv, self.strategy)
                else:
                    said = M(
                        "ranking the moves (about {estimate:.0f} s; Ctrl-C skips)",
                        estimate=estimate,
                    )
                    with self.console.status(_(said)):
                        advice = self.adapter.recommend(inv, self.strategy)
        except KeyboardInterrupt:
            self.console.print(_("(advice skipped)"))
            return []
        for warning in caught:
            self.console.print(f"({escape(_warned(warning.message))})")
        return advice

    def history(self, values: Mapping[str, Any] | None = None) -> None:
        """List the clues so far."""
        lines = self.adapter.history(self.investigation)
        if not lines:
            self.console.print(_("No clues yet."))
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
            ranked = escape(_(ranked_by(inv, self.strategy)))
            self.console.print(_(M("(moves ranked by {strategy})", strategy=ranked)))
        if own:
            self.console.print(escape(_(own)))
        extra = self.adapter.extra(inv)
        if extra is not None:
            self.console.print(escape(_(extra)))
        if solved is not None:
            head, _colon, rest = _(solved).partition(":")
            self.console.print(f"[bold green]{escape(head)}:[/bold green]{escape(rest)}")

    def why(self, values: Mapping[str, Any]) -> None:
        """Explain a refused clue, or the clues behind certain facts."""
        inv = self.investigation
        facts: list[Fact] = list(values.get("facts", ()))
        if not facts and self.refused is not None:
            error = self.refused
            said = _(
                M(
                    "{clue} was refused because it cannot be true together with:",
                    clue=self.adapter.show_value(error.clue),
                )
            )
            self.tell(self.about("because", said, error.conflict))
            return
        if not facts:
            facts = list(inv.certain().items())
            if not facts:
                self.tell(
                    Reply(
                        "because",
                        _(
                            "Nothing is certain yet. Ask about a ruled-out value with "
                            "`why FIELD=VALUE`."
                        ),
                    )
                )
                return
        marginals = inv.marginals()
        facts = [(n, next(v for v in marginals[n] if str(v) == str(t))) for n, t in facts]
        clues = inv.explain(facts)  # refuses a fact that is not settled yet
        said = ", ".join(f"{n}={v}" if marginals[n][v] == 1.0 else f"{n}≠{v}" for n, v in facts)
        if not clues:
            alone = M("{facts} holds before any clue (the rules alone).", facts=said)
            self.tell(Reply("because", _(alone)))
            return
        self.tell(self.about("because", _(M("{facts} follows from:", facts=said)), clues))

    def save(self, values: Mapping[str, Any]) -> None:
        """Write the session to a file."""
        path: Path = values["file"]
        try:
            save_file(path, self.investigation)
        except OSError as error:
            raise InvalidInput(
                N_("file"), str(path), N_("a writable file"), reason=error.strerror or str(error)
            ) from None
        self._saved_elsewhere = self.investigation
        n = len(self.investigation.clues)
        said = plural("Saved {n} clue in {path}.", "Saved {n} clues in {path}.", n, path=str(path))
        self.tell(Reply("saved", _(said)))

    def load(self, values: Mapping[str, Any]) -> None:
        """Continue the session saved in a file (the session so far is kept aside first;
        clues of it that are not saved yet are saved, or the load is refused)."""
        path: Path = values["file"]
        with loading(self.console, _("reading the saved clues")) as report:
            loaded = load_file(path, self.adapter.investigation_type, progress=report)
        self._replace(loaded, "load", str(path))
        n = len(loaded.clues)
        said = plural(
            "Loaded {n} clue from {path}.", "Loaded {n} clues from {path}.", n, path=str(path)
        )
        self.tell(Reply("loaded", _(said)))
        self.show()

    def share(self, values: Mapping[str, Any]) -> None:
        """The game as a line of text that ``open`` reads, with its QR code when the
        ``serve`` extra (segno) is installed."""
        text = shared_text(self.investigation)
        said = plural(
            "This game as text ({n} clue): `open TEXT` continues it in another console, and "
            "a phone's page opens it too.",
            "This game as text ({n} clues): `open TEXT` continues it in another console, and "
            "a phone's page opens it too.",
            len(self.investigation.clues),
        )
        self.tell(Reply("note", _(said), lines=(text,)))
        code = qr_text(text)
        if code:
            shown = Shown(code, style="black on white")  # dark on light on any terminal
            self.console.print(shown, no_wrap=True, overflow="ignore", crop=False)

    def open(self, values: Mapping[str, Any]) -> None:
        """Continue a game shared as text (the session so far is kept aside first)."""
        opened = open_shared(values["text"])
        if not isinstance(opened, self.adapter.investigation_type):
            theirs = registry.find(opened.game).name if opened.game else N_("another game")
            why = M("it holds a game of {game}: open it in `deduce play {game}`", game=theirs)
            if theirs == self.adapter.name:  # the notebook, where the console follows the table
                kind, held = self.adapter.investigation_type.__name__, type(opened).__name__
                why = M(
                    "it holds the game's {held}, not the {kind} this console follows",
                    held=held,
                    kind=kind,
                )
            expected = M("a shared {title} game", title=self.adapter.title)
            raise InvalidInput(N_("text"), short(values["text"]), expected, reason=why)
        self._replace(opened, "open", short(values["text"]))
        said = plural(
            "Opened the shared game: {n} clue.",
            "Opened the shared game: {n} clues.",
            len(opened.clues),
        )
        self.tell(Reply("loaded", _(said)))
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
                    N_("a session loaded once the session so far is kept"),
                    reason=M(
                        "{file} cannot be kept aside: {why}",
                        file=str(self.autosave),
                        why=error.strerror,
                    ),
                ) from None
            kept = M("The session so far is kept in {file}.", file=str(backup))
            self.tell(Reply("kept aside", _(kept)))
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
            why = error.strerror if isinstance(error, OSError) else explained(error)
            raise InvalidInput(
                verb,
                source,
                N_("a session loaded once the session so far is saved"),
                reason=plural(
                    "the session so far has {n} clue that is not saved ({why}): make room and "
                    "load again, or keep the session with `save FILE` first",
                    "the session so far has {n} clues that are not saved ({why}): make room "
                    "and load again, or keep the session with `save FILE` first",
                    missing,
                    why=why,
                ),
            ) from None
        self.saved = True

    def set_strategy(self, values: Mapping[str, Any]) -> None:
        """Name the strategy in use and the others, or rank moves by another."""
        name = values.get("name")
        if name is None:
            default = self.adapter.strategy(self.investigation)
            others = ", ".join(strategy_names(self.investigation))
            if self.strategy == default:
                said = M(
                    "Moves are ranked by {strategy} (the game's default).", strategy=self.strategy
                )
            else:
                said = M("Moves are ranked by {strategy}.", strategy=self.strategy)
            more = (_(M("Strategies: {names}. Change with `strategy NAME`.", names=others)),)
            self.tell(Reply("strategy", _(said), more=more))
            return
        self.strategy = self.investigation.check_strategy(name)
        self.tell(Reply("strategy", _(M("Moves are now ranked by {strategy}.", strategy=name))))
        self.show()

    def quit(self, values: Mapping[str, Any]) -> None:
        """Leave."""
        raise _Quit

    def help(self, values: Mapping[str, Any] | None = None) -> None:
        """Show the clue lines and the commands."""
        game = self.adapter.grammar
        clues = Grammar(tuple(v for v in game.verbs if not v.command), game.notes)
        commands = Grammar(tuple(v for v in self.grammar.verbs if v.command))
        title = f"[bold]{escape(self.adapter.title)}[/bold]"
        self.console.print(_(M("{game}: clue lines", game=title)))
        self.console.print(escape(syntax(clues, self.investigation)))
        heading = escape(_("Commands"))
        self.console.print(f"\n[bold]{heading}[/bold]")
        self.console.print(escape(syntax(commands, self.investigation)))
        self.console.print(_("Names may be shortened to any unique start; Tab completes them."))

    def _save(self, text: str | None = None) -> None:
        if self.autosave is None:
            return
        try:
            save_file(self.autosave, self.investigation, create_directory=True, text=text)
        except (OSError, DeduceError) as error:
            self.saved = False
            reason = _(error.strerror) if isinstance(error, OSError) else explained(error)
            self.not_saved = str(reason or type(error).__name__)
            said = M(
                "could not autosave to {file}: {reason}. Not saved: the session goes on in "
                "memory (`save FILE` writes it elsewhere).",
                file=str(self.autosave),
                reason=reason,
            )
            self.tell(Reply("not saved", _(said)))
        else:
            self.saved, self.not_saved = True, ""

    # -- completion ----------------------------------------------------------------

    def complete(self, before: str) -> list[str]:
        """The words Tab may complete to, given the line up to the cursor."""
        try:
            return self.grammar.complete(before, self.investigation)
        except Exception:  # completion must never break the prompt
            return []
