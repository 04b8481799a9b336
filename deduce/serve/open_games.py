"""The games open in ``deduce serve``: the console's sessions, driven by posted lines.

Each game open in the browser is a :class:`deduce.play.session.Session` of the console
that prints nothing (:class:`~deduce.serve.served.Served`): a posted line goes through
:meth:`~deduce.play.session.Session.handle` exactly as a typed one, so its refusals are
the console's and its autosave file, in the console's state directory, is written after
every clue; the state is read from the session's data (:mod:`deduce.serve.snapshot`). The
autosave file is locked while the game is open (the console's lock), so a game open in
the console is refused here and the reverse.

Example:
    >>> import tempfile
    >>> from pathlib import Path
    >>> tables = OpenGames(Path(tempfile.mkdtemp()))
    >>> game = tables.create("mastermind", {"pegs": "2", "colours": "3"})
    >>> game.id, game.state()["solutions"]
    ('mastermind', 9)
    >>> game.post("guess 12 1 0")["solutions"]
    4
    >>> tables.close()
"""

from __future__ import annotations

import contextlib
import copy
import json
import re
import secrets
import threading
import warnings
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, cast

from deduce._internal.language import N_, M, _, language, ngettext
from deduce._internal.validation import check_bool, check_name, short
from deduce.core import registry
from deduce.errors import DeduceError, InvalidInput
from deduce.investigation import Investigation, Recommendation
from deduce.play import adapter as find_adapter
from deduce.play import files
from deduce.play.adapter import Adapter, Turn, refusal
from deduce.play.grammar import split
from deduce.play.replies import Reply
from deduce.play.session import COMMANDS
from deduce.play.setup import ask_setup
from deduce.serve import snapshot
from deduce.serve.served import Served, quiet

__all__ = [
    "DECKS",
    "SAVES",
    "Blocked",
    "Busy",
    "InProgress",
    "NoSuchGame",
    "NotSaved",
    "OpenGame",
    "OpenGames",
    "Refused",
    "Stale",
    "Unreadable",
    "save_name",
    "shown",
]

SAVES = "saves"
"""The folder of the state directory that ``save NAME`` and ``load NAME`` use."""

DECKS = "decks"
"""The folder of the state directory where a set-up answer's deck file is looked for."""

_ADVICE_SECONDS = 20.0  # the advice computed for a page at most
_MAX_WAIT = 3600.0  # the longest advice_wait taken

_TOP = 8  # the likeliest solutions in the state
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}")


def _wait(advice_wait: Any) -> float | None:
    """``advice_wait`` if it is None or seconds from 0 to an hour, else InvalidInput."""
    if advice_wait is None:
        return None
    if (
        not isinstance(advice_wait, (int, float))
        or isinstance(advice_wait, bool)
        or not 0 <= advice_wait <= _MAX_WAIT
    ):
        raise InvalidInput("advice_wait", advice_wait, f"None, or seconds from 0 to {_MAX_WAIT:g}")
    return float(advice_wait)


class Busy(DeduceError):
    """The game's file is open elsewhere (in the console, or another server)."""


class Blocked(DeduceError):
    """Something in the state directory keeps a game from being opened or replaced, and
    is left as it is for the player to clear: a lock file deduce did not make (a symbolic
    link, a FIFO, ...), or as many set-aside copies as are kept."""


class Refused(DeduceError):
    """A line the console refused; the message is what it printed."""


class Stale(DeduceError):
    """A line built for another state of the game (a game started since, or a clue
    entered elsewhere): not carried out."""


class NoSuchGame(InvalidInput, KeyError):
    """No game of that id is saved (a ``KeyError`` too: a missing key of the tables)."""

    __str__ = Exception.__str__


class NotSaved(DeduceError):
    """A line that changed the game could not be saved: it is taken back, and the game
    is as it was. Or a new game was asked for while the game open now has clues that its
    file lacks and that still cannot be written: the game open now stays."""


class InProgress(DeduceError):
    """A new game was asked for over a game with clues, without saying to start over:
    nothing changed (the message says what is in progress; ``id`` is that game's)."""

    def __init__(self, message: str, id: str) -> None:
        super().__init__(message)
        self.id = id


class Unreadable(DeduceError):
    """The game's autosave file cannot be read: a file is set aside, as the console
    does (its new name in the message), anything else is left as it is."""


def save_name(text: str) -> str:
    """A save name as the browser may give it: a plain name inside the state directory.

    Raises:
        InvalidInput: the name is a path (``/``, ``..``), hidden, or empty.

    Example:
        >>> save_name("evening game")
        'evening game.json'
        >>> save_name("../notes")
        Traceback (most recent call last):
        ...
        deduce.errors.InvalidInput: name='../notes' is not valid; expected a plain name ...
    """
    name = text.strip()
    if not _NAME.fullmatch(name) or ".." in name:
        raise InvalidInput(
            "name", text, N_("a plain name (letters, digits, spaces, _ - and .; no folders)")
        )
    return name if name.endswith(".json") else f"{name}.json"


def shown(text: str, state_dir: Path) -> str:
    """``text`` with the paths in ``state_dir`` named as the browser knows them: a save
    by its name, any other file by its place in the folder.

    Example:
        >>> shown("/srv/d/saves/evening.json and /srv/d/decks/x.toml", Path("/srv/d"))
        'evening.json and decks/x.toml'
    """
    return text.replace(str(state_dir / SAVES) + "/", "").replace(str(state_dir) + "/", "")


@dataclass(eq=False)
class _Asked:
    """The advice of one state, being worked out in the background."""

    investigation: Investigation
    strategy: str
    done: threading.Event = field(default_factory=threading.Event)
    found: list[Any] = field(default_factory=list)
    error: BaseException | None = None
    told_pending: bool = False  # a request answered before it was done
    passed_by: bool = False  # not worked out: the game had moved on, nobody waited


class OpenGame:
    """One game open in the browser: its console session, its file and its lock.

    Args:
        id: the game's name in the API (its autosave file's stem).
        adapter: the game's front end.
        investigation: the state to start from.
        path: the autosave file (locked by the caller).
        lock: the lock held on ``path``.
        state_dir: the state directory (paths in it are shown by their names).
        advice_wait: how long the first request that needs a state's advice waits for
            it, in seconds (None: until it is worked out); see :meth:`advice`.
    """

    def __init__(
        self,
        id: str,
        adapter: Adapter,
        investigation: Investigation,
        path: Path,
        lock: files.SessionLock,
        state_dir: Path,
        *,
        advice_wait: float | None = None,
    ) -> None:
        self.id = id
        self.adapter = adapter = copy.copy(adapter)  # its advice is cached for this game only
        self.path = path
        self.lock = lock
        self.state_dir = state_dir
        self.guard = threading.Lock()  # one line at a time
        self._kept: dict[str, tuple[Investigation, str, Any]] = {}
        self._working = threading.RLock()  # one piece of advice worked out at a time
        self._turning = threading.RLock()  # one turn at a time, never behind the advice
        self.advice_wait = _wait(advice_wait)
        self._asking = threading.Lock()  # guards _asked
        self._asked: _Asked | None = None  # the advice of the newest state asked for
        self.session = Served(adapter, investigation, autosave=path)
        self.session.adapter.recommend = self._recommend  # type: ignore[method-assign]
        self.session.adapter.own_now = self._cached_own  # type: ignore[method-assign]
        self._stamp = secrets.token_hex(4)  # this game, as opened here
        self._changes = 0  # the lines that changed it since
        self._said = 0  # the lines and notes since: what a state shows may have changed
        self._states: dict[tuple[int, str], tuple[dict[str, Any], bytes]] = {}

    def note(self, text: str, *, first: bool = False, kind: str = "note") -> None:
        """Add a reply of ``kind`` to the replies to the last line (``first``: before
        them); a message made with ``M`` is said in the language of each request that
        reads it."""
        check_name("text", text)
        first = check_bool("first", first)
        said = Reply(kind, text)
        replies = self.session.replies
        self.session.replies = [said, *replies] if first else [*replies, said]
        self._said += 1

    # -- the advice -----------------------------------------------------------------

    def _once(
        self, kind: str, investigation: Investigation, strategy: str, work: Callable[[], Any]
    ) -> Any:
        """``work``'s ``kind`` of advice, computed once per state (the page, the state and
        the console's redraw share it). One piece of advice is worked out at a time, and
        one turn (``kind`` ``"turn:"`` or ``"public turn:"``: whose turn it is never
        waits for the advice),
        without :attr:`guard`: a request that needs what another works out waits for
        it, then reads it. A kind in words (``kind`` ending in ``:``) is kept for each
        language it was said in."""
        lock = self._turning if kind in ("turn:", "public turn:") else self._working
        if kind.endswith(":"):
            kind += language()
        kept = self._kept.get(kind)
        if kept is not None and kept[0] is investigation and kept[1] == strategy:
            return kept[2]
        with lock:
            kept = self._kept.get(kind)  # worked out while this one waited
            if kept is not None and kept[0] is investigation and kept[1] == strategy:
                return kept[2]
            found = work()
            self._kept[kind] = (investigation, strategy, found)
            return found

    def _recommend(self, investigation: Investigation, strategy: str) -> list[Any]:
        adapter = self.adapter
        work = partial(type(adapter).recommend, adapter, investigation, strategy)
        return cast(list[Any], self._once("recommend", investigation, strategy, work))

    def _cached_own(self, investigation: Investigation, strategy: str) -> str | None:
        adapter = self.adapter
        work = partial(type(adapter).own_now, adapter, investigation, strategy)
        return cast("str | None", self._once("own_advice:", investigation, strategy, work))

    def turn(self) -> Turn | None:
        """Whose turn it is and what they may do (:meth:`Adapter.turn`), worked out once
        per state (and language: it is in words)."""
        return self._turn_of(self.session.investigation)

    def public_turn(self) -> Turn | None:
        """Whose turn it is as every player may know it (:meth:`Adapter.public_turn`),
        worked out once per state and language."""
        inv = self.session.investigation
        work = partial(self.adapter.public_turn, inv)
        return cast("Turn | None", self._once("public turn:", inv, "", work))

    def _turn_of(self, inv: Investigation) -> Turn | None:
        work = partial(self.adapter.turn, inv)
        return cast("Turn | None", self._once("turn:", inv, "", work))

    def _shown(self, text: str) -> str:
        return shown(text, self.state_dir)

    def _own_of(self, inv: Investigation, strategy: str) -> str | None:
        """The game's own advice now, as the console shows it (none once it is over)."""
        try:
            return self._cached_own(inv, strategy)
        except (DeduceError, NotImplementedError):
            return None

    def _advised(self, inv: Investigation, strategy: str) -> list[Any]:
        """The advised moves, best first (none when they would take too long), worked
        out once per state."""
        work = partial(self._advise, inv, strategy)
        return cast(list[Any], self._once("advised", inv, strategy, work))

    def _advise(self, inv: Investigation, strategy: str) -> list[Any]:
        moves: list[Any] = []
        turn = self._turn_of(inv)
        over = turn is not None and turn.over
        if not over and inv.solved is not None and not self._own_of(inv, strategy):
            win = self.adapter.winning(inv)  # no moves to rank: the one that wins
            moves = (
                []
                if win is None
                else [Recommendation(win, 0.0, {"won": 1.0}, 1, N_("the solution"))]
            )
        elif not over:
            try:
                if self.adapter.advice_seconds(inv, strategy) <= _ADVICE_SECONDS:
                    with warnings.catch_warnings():
                        warnings.simplefilter("ignore")
                        moves = self._recommend(inv, strategy)
            except (DeduceError, NotImplementedError):
                moves = []
        return moves

    def advice(self) -> dict[str, Any]:
        """The advised moves as data, best first (none when they would take too long),
        with what ranked them (:func:`deduce.serve.snapshot.advice`).

        A state's advice is worked out once, in the background: the first request that
        needs it waits for it (at most :attr:`advice_wait` seconds) unless the advice of
        an earlier state is still being worked out; a request that comes while it is
        being worked out does not wait, and is told it is ``pending``. Once it is done,
        what the state shows has changed (a client that was told ``pending`` asks again
        and gets it)."""
        session = self.session
        return self._advice_of(session.investigation, session.strategy)

    def _advice_of(self, inv: Investigation, strategy: str) -> dict[str, Any]:
        found = self._advised_now(inv, strategy)
        return snapshot.advice(self.adapter, self.session.grammar, inv, strategy, found)

    def _advised_now(self, inv: Investigation, strategy: str) -> list[Any] | None:
        """The advised moves of ``inv`` if they are worked out, or once they are (see
        :meth:`advice`); None: not yet."""
        kept = self._kept.get("advised")
        if kept is not None and kept[0] is inv and kept[1] == strategy:
            return cast(list[Any], kept[2])
        with self._asking:
            asked = self._asked
            first = asked is None or asked.investigation is not inv or asked.strategy != strategy
            # behind the advice of an earlier state it would wait in a queue: it does not
            wait = first and (asked is None or asked.done.is_set())
            if first:
                asked = self._asked = _Asked(inv, strategy)
                threading.Thread(
                    target=self._work_out, args=(asked,), name="deduce advice", daemon=True
                ).start()
        assert asked is not None
        if not asked.done.wait(self.advice_wait if wait else 0):
            with self._asking:
                if not asked.done.is_set():
                    asked.told_pending = True
                    return None
        if asked.error is not None:
            raise asked.error
        return None if asked.passed_by else asked.found

    def _work_out(self, asked: _Asked) -> None:
        """Work out ``asked``'s advice (in its own thread), after the advice before it,
        unless the game has moved on from its state and nobody waits for it; if a
        request was told it is pending meanwhile, what the state shows has changed."""
        try:
            with self._working:  # taken again inside: one piece of advice at a time
                with self._asking:
                    asked.passed_by = (
                        asked.told_pending and asked.investigation is not self.session.investigation
                    )
                if not asked.passed_by:
                    asked.found = self._advised(asked.investigation, asked.strategy)
        except BaseException as error:  # raised in the requests that read it
            asked.error = error
        with self._asking:
            asked.done.set()
            told = asked.told_pending
        if told:
            with self.guard:
                self._said += 1

    @property
    def version(self) -> str:
        """The state's version: which game (as opened here) and how many lines changed
        it since; a line that changes nothing keeps it."""
        return f"{self._stamp}-{self._changes}"

    # -- the state -------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        """The game as the API gives it (see docs/reference.md): data read from the
        session, never from what the console prints. Worked out once for each state and
        language (every client that asks for it shares it; treat it as read only)."""
        with self.guard:
            shown = self._now()
        return self._kept_for(shown)[0]

    def state_json(self) -> bytes:
        """:meth:`state` as the API sends it (compact JSON, UTF-8), encoded once for each
        state and language. What it is worked out from is read under :attr:`guard`; the
        advice and the rest are worked out without it, so a line can be carried out
        meanwhile."""
        with self.guard:
            shown = self._now()
        return self._kept_for(shown)[1]

    def kept_json(self) -> bytes | None:
        """:meth:`state_json` if it was worked out for the state as it is now, else None
        (read without :attr:`guard`: a line being carried out shows once it is done)."""
        kept = self._states.get((self._said, language()))
        return None if kept is None else kept[1]

    def _now(self) -> _Shown:
        """What the state as it is now is worked out from (the caller holds
        :attr:`guard`)."""
        session = self.session
        return _Shown(
            self._said,
            self.version,
            session.investigation,
            session.strategy,
            session.replies,
            session.review,
            session.listing,
            session.saved,
        )

    def _kept_for(self, shown: _Shown) -> tuple[dict[str, Any], bytes]:
        """The state of ``shown`` and its JSON, kept while it is the state as it is."""
        key = (shown.said, language())
        kept = self._states.get(key)
        if kept is None:
            found = self._state_of(shown)
            kept = (found, _json_bytes(found))
            if shown.said == self._said:  # still the state as it is: keep it
                fresh = {k: v for k, v in self._states.items() if k[0] == shown.said}
                self._states = {**fresh, key: kept}  # one state, each language asked for
        return kept

    def _state_of(self, shown: _Shown) -> dict[str, Any]:
        inv = shown.investigation
        marginals = inv.marginals()
        turn = self._turn_of(inv)
        grammar = self.session.grammar
        clues = snapshot.history(self.adapter, inv)
        return {
            **self._head(inv, shown.version),
            "history": clues,
            "solutions": inv.solution_count,
            "solution": snapshot.solution(inv),
            "advice": self._advice_of(inv, shown.strategy),
            "turn": None if turn is None else snapshot.turn(turn, grammar, inv),
            "strategy": shown.strategy,
            "sheet": {
                field: {str(v): p for v, p in values.items()} for field, values in marginals.items()
            },
            "certain": {field: str(value) for field, value in inv.certain().items()},
            "replies": snapshot.replies(shown.replies, self._shown, clues),
            "review": shown.review,
            "listing": shown.listing,
            "top": snapshot.top(inv, _TOP),
            "facts": [asdict(f) for f in self.adapter.facts(inv)],
            "grids": [asdict(g) for g in self.adapter.grids(inv)],
            "saved": shown.saved,
        }

    def _head(self, inv: Investigation, version: str) -> dict[str, Any]:
        """What the state and the table's view both begin with: the game, its version
        and its clock."""
        clock = self.adapter.clock(inv)
        return {
            "schema": snapshot.SCHEMA,
            "id": self.id,
            "version": version,
            "game": self.adapter.name,
            "title": self.adapter.title,
            "clock": None if clock is None else asdict(clock),
        }

    def public(self) -> dict[str, Any]:
        """What every player at the table may see, as the table's view shows it: whose
        turn it is, the public history and facts (scores, grids, the clock); never a
        hand, a probability, a deduction or advice."""
        inv = self.session.investigation
        turn = self.public_turn()
        return {
            **self._head(inv, self.version),
            "turn": None
            if turn is None
            else {
                "name": turn.name,
                "mine": turn.mine,
                "over": turn.over,
                "winners": list(turn.winners),
                "outcome": turn.outcome,
            },
            "history": self.adapter.public_history(inv),
            "facts": [asdict(f) for f in self.adapter.public_facts(inv)],
            "grids": [asdict(g) for g in self.adapter.public_grids(inv)],
        }

    # -- lines -----------------------------------------------------------------------

    def _line(self, line: str) -> str:
        """``line`` with a save or load name turned into its file in the state directory."""
        try:
            words = split(line + " ")[0]
        except ValueError:
            return line
        if len(words) < 2:
            return line
        verbs = self.session.grammar.find(words[0])
        if not any(v.name in ("save", "load") and v in COMMANDS.verbs for v in verbs):
            return line
        if len(words) > 2:
            raise InvalidInput(
                "name", " ".join(words[1:]), N_("one name (quote it if it has spaces)")
            )
        path = self.state_dir / SAVES / save_name(words[1])
        path.parent.mkdir(parents=True, exist_ok=True)
        return f'{verbs[0].name} "{path}"'

    def post(self, line: str, *, version: str | None = None) -> dict[str, Any]:
        """Carry out ``line`` as the console does and return the new state.

        Args:
            line: the console's line.
            version: the state's version the line was built for (None: whatever it is).

        Raises:
            Stale: ``version`` is not the state's (another game, or an older state).
            Refused: the console refused the line (the message is its refusal, in its
                words); the game is as it was.
            NotSaved: the line changed the game but it could not be saved; the change
                is taken back, and the game is as it was.
        """
        with self.guard:
            self._post(line, version)
            shown = self._now()
        return self._kept_for(shown)[0]

    def post_json(self, line: str, *, version: str | None = None) -> bytes:
        """:meth:`post`, the new state as the API sends it (:meth:`state_json`).

        Raises:
            Stale, Refused, NotSaved: as :meth:`post`.
        """
        with self.guard:
            self._post(line, version)
            shown = self._now()
        return self._kept_for(shown)[1]

    def _post(self, line: str, version: str | None) -> None:
        """:meth:`post` under :attr:`guard`."""
        if version is not None and version != self.version:
            raise Stale(
                _(
                    "The game changed since this page was drawn (a new game was started, "
                    "or a line was entered on another device), so your line is not carried "
                    "out. Here is the game as it is now."
                )
            )
        session = self.session
        refusals = session.refusals
        shown = self._now()
        kept = (session.replies, session.review, session.listing)
        before = (session.investigation, session.saved, list(session.corrections))
        try:
            line = self._line(line)
        except InvalidInput as error:
            session.replies = []
            session.refuse(refusal(error))
        else:
            session.handle(line)
        changed = session.investigation is not before[0]
        unsaved = changed and session.autosave is not None and not session.saved
        if session.refusals != refusals or unsaved:
            refused = [r for r in session.replies if r.kind == "refused"]
            session.replies, session.review, session.listing = kept
            if not unsaved:
                self._seen(shown)
                raise Refused(self._shown(_words(refused[-1])))
            why = session.not_saved
            session.investigation, session.saved, session.corrections = before
            self._seen(shown)
            raise NotSaved(
                _(
                    "This line is not saved: {file} could not be written ({why}). It is "
                    "not carried out, and the game is as it was: send it again in a "
                    "moment."
                ).format(file=self.path.name, why=_(why))
            )
        if changed:
            self._changes += 1
        self._seen(shown)

    def _seen(self, before: _Shown) -> None:
        """A new state to work out, if anything it shows changed since ``before``
        (compared by identity: the session replaces each of them when it changes)."""
        now = self._now()
        if any(getattr(before, name) is not getattr(now, name) for name in _SHOWS):
            self._said += 1


@dataclass(frozen=True, slots=True)
class _Shown:
    """What a state is worked out from, read together under a game's guard (the session
    replaces each of them when the game changes, never changes one in place)."""

    said: int
    version: str
    investigation: Investigation
    strategy: str
    replies: list[Reply]
    review: Any
    listing: Any
    saved: bool


_SHOWS = ("investigation", "strategy", "replies", "review", "listing", "saved")
"""The fields of :class:`_Shown` that the session's lines change (the others count
them)."""


def _json_bytes(state: dict[str, Any]) -> bytes:
    """``state`` as the API sends it: compact JSON in UTF-8 (as Starlette's JSONResponse
    writes it)."""
    return json.dumps(state, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()


def _words(reply: Reply) -> str:
    """A reply in words, on one line: its words, the clues it lists, what follows."""
    return " ".join([reply.words, *(f"({line})" for line in reply.lines), *reply.more])


class OpenGames:
    """Every game open in one server, on the console's state directory.

    Args:
        state_dir: the console's state directory (``$XDG_STATE_HOME/deduce``).
        advice_wait: how long the first request that needs a state's advice waits for
            it, in seconds (None: until it is worked out; see :meth:`OpenGame.advice`).
    """

    def __init__(self, state_dir: Path, *, advice_wait: float | None = None) -> None:
        self.state_dir = state_dir
        self.advice_wait = _wait(advice_wait)
        self.games: dict[str, OpenGame] = {}
        self._guard = threading.Lock()

    def _open(
        self,
        id: str,
        adapter: Adapter,
        investigation: Investigation,
        path: Path,
        lock: files.SessionLock,
    ) -> OpenGame:
        """A game open here (its file ``path`` locked by ``lock``)."""
        return OpenGame(
            id, adapter, investigation, path, lock, self.state_dir, advice_wait=self.advice_wait
        )

    def _declaration(self, name: str) -> registry.Declaration:
        declared = registry.find(name)
        if declared.front_end is None:
            raise InvalidInput("game", name, [g.name for g in self.declarations()])
        return declared

    @staticmethod
    def declarations() -> list[registry.Declaration]:
        """The games the browser can play."""
        return [g for g in registry.declarations() if g.front_end is not None]

    def _lock(self, path: Path) -> files.SessionLock:
        try:
            self.state_dir.mkdir(parents=True, exist_ok=True)
            return files.SessionLock.acquire(path, holder="deduce serve")
        except files.LockHeld as error:
            if error.holder == "deduce serve":
                said = _(
                    "This game is open in another deduce serve ({reason}). Quit it there "
                    "(the game stays saved), then open it here again."
                )
            else:
                said = _(
                    "This game is open in the console ({reason}). Quit it there "
                    "(the game stays saved), then open it here again."
                )
            raise Busy(said.format(reason=_(error.reason))) from None
        except files.LockRefused as error:
            raise Blocked(
                _(
                    "This game cannot be opened: its lock file {file} (in the state "
                    "directory) is {what}, which is refused as a lock and left as it is. "
                    "No deduce holds it: remove it, then open the game here again."
                ).format(file=error.lock_file.name, what=_(error.what))
            ) from None
        except InvalidInput as error:  # the file's symbolic links go round in a circle
            why = shown(str(_(error.reason) or error), self.state_dir)
            raise Blocked(_("This game cannot be opened: {why}.").format(why=why)) from None

    def saved(self) -> list[dict[str, Any]]:
        """The games saved in the state directory (open here or not)."""
        found = []
        for declared in self.declarations():
            path = self.state_dir / f"{declared.autosave}.json"
            if declared.autosave in self.games or path.exists():
                found.append(
                    {"id": declared.autosave, "game": declared.name, "title": declared.title}
                )
        return found

    def create(
        self,
        game: str,
        setup: Mapping[str, Any],
        *,
        replace: bool = True,
        start: Investigation | None = None,
    ) -> OpenGame:
        """A new game set up with ``setup`` (the ``--set`` answers; missing ones take
        their defaults), or continued from ``start`` (a game shared as text). A different
        game saved in its file is kept as ``FILE.bak`` (:meth:`copies`, :meth:`reopen`).

        Args:
            game: the game's name.
            setup: the set-up answers.
            replace: start over a game with clues (False: refused, :class:`InProgress`).
            start: the game to continue instead of a new one (its kind the console's).

        Raises:
            InProgress: ``replace`` is False and the game open or saved now has clues.
            InvalidInput: an answer is wrong, or needed (the console's refusal).
            Busy: the game's file is open in the console.
            Blocked: its lock file is not one deduce made, or the game saved in its file
                cannot be kept aside (as many copies as are kept, each the only one of a
                game with clues).
            NotSaved: the game open now has clues that its file lacks, and they still
                cannot be written (it stays open).
        """
        replace = check_bool("replace", replace)
        declared = self._declaration(game)
        adapter = find_adapter(declared.name)
        if start is None:
            investigation = _set_up(adapter, setup, self.state_dir)
        elif isinstance(start, adapter.investigation_type):
            investigation = start
        else:
            kind = adapter.investigation_type.__name__
            raise InvalidInput(
                "shared",
                type(start).__name__,
                M("a shared {game} {kind}", game=declared.title, kind=kind),
                reason=M("the page follows the game's {kind}", kind=kind),
            )
        with self._guard:
            old = self.games.get(declared.autosave)
            if not replace:
                self._refuse_over(declared, old)
            self._close(declared.autosave)
            path = self.state_dir / f"{declared.autosave}.json"
            lock = self._lock(path)
            try:
                kept = _keep_aside(path, adapter)
                opened = self._open(declared.autosave, adapter, investigation, path, lock)
            except BaseException:
                lock.release()
                raise
            try:
                files.save_file(path, investigation, create_directory=True)
                opened.session.saved = True
            except (OSError, DeduceError) as error:
                opened.note(M("could not autosave: {error}", error=str(error)), kind="not saved")
            if kept:
                opened.note(M("The earlier game is kept in {file}.", file=kept), first=True)
            self.games[opened.id] = opened
            return opened

    def _refuse_over(self, declared: registry.Declaration, old: OpenGame | None) -> None:
        """Refuse to start over the game open or saved now if it has clues."""
        if old is not None:
            clues = len(old.session.investigation.clues)
        else:
            path = self.state_dir / f"{declared.autosave}.json"
            earlier: Investigation | None = None
            with contextlib.suppress(DeduceError, OSError):
                earlier = files.load_file(path, find_adapter(declared.name).investigation_type)
            clues = 0 if earlier is None else len(earlier.clues)
        if clues:
            said = ngettext(
                "A {game} game with {n} clue is in progress. Start a new one only if you "
                "mean to: the game now is kept and can be reopened.",
                "A {game} game with {n} clues is in progress. Start a new one only if you "
                "mean to: the game now is kept and can be reopened.",
                clues,
            )
            raise InProgress(said.format(game=declared.title, n=clues), declared.autosave)

    def copies(self, id: str) -> list[dict[str, Any]]:
        """The earlier games of ``id`` kept aside (``FILE.bak``, ...), newest first:
        ``{"copy": name, "clues": n}`` (``clues`` None for a copy that cannot be read).

        Raises:
            NoSuchGame: no game has that id.
        """
        declared = self._by_id(id)
        kind = find_adapter(declared.name).investigation_type
        found = []
        for aside in reversed(files.set_aside_copies(self.state_dir / f"{id}.json")):
            earlier: Investigation | None = None
            with contextlib.suppress(DeduceError, OSError):
                earlier = files.load_file(aside, kind)
            found.append(
                {"copy": aside.name, "clues": None if earlier is None else len(earlier.clues)}
            )
        return found

    def reopen(self, id: str, copy: str) -> OpenGame:
        """The earlier game kept aside as ``copy`` (one of :meth:`copies`) open again in
        place of the game now, which is kept aside in turn (if it has clues).

        Raises:
            NoSuchGame: no game has that id.
            InvalidInput: ``copy`` is no earlier game of ``id``, or it cannot be read.
            Busy, Blocked: as :meth:`create`.
        """
        declared = self._by_id(id)
        path = self.state_dir / f"{id}.json"
        kept = {c.name: c for c in files.set_aside_copies(path)}
        if not isinstance(copy, str) or copy not in kept:
            raise InvalidInput("copy", copy, sorted(kept) or N_("an earlier game (there is none)"))
        adapter = find_adapter(declared.name)
        try:
            earlier = files.load_file(kept[copy], adapter.investigation_type)
        except (DeduceError, OSError) as error:
            reason = _(getattr(error, "reason", "")) or str(error)
            raise InvalidInput(
                "copy",
                copy,
                N_("an earlier game that can be read"),
                reason=shown(str(reason), self.state_dir),
            ) from None
        with self._guard:
            self._close(id)
            lock = self._lock(path)
            try:
                _keep_aside(path, adapter)
                files.save_file(path, earlier, create_directory=True)
                with contextlib.suppress(OSError):
                    kept[copy].unlink()
                opened = self._open(id, adapter, earlier, path, lock)
            except BaseException:
                lock.release()
                raise
            opened.session.saved = True
            opened.note(M("The earlier game from {file} is open again.", file=copy), first=True)
            self.games[id] = opened
            return opened

    def _close(self, id: str) -> None:
        """Close the game ``id`` open here, if any, before another takes its file: its
        unsaved clues written (or NotSaved), its lock released (under ``_guard``)."""
        old = self.games.get(id)
        if old is not None:
            with old.guard:
                _keep_unsaved(old)  # NotSaved: it stays open, as it was
                old.session.autosave = None  # a late line never writes the new game's file
                old.lock.release()
            del self.games[id]

    def _by_id(self, id: str) -> registry.Declaration:
        declared = next((g for g in self.declarations() if g.autosave == id), None)
        if declared is None:
            raise NoSuchGame("id", id, N_("the id of a saved game"))
        return declared

    def open(self, id: str) -> OpenGame:
        """The game ``id``: open here, or resumed from its autosave file.

        Raises:
            NoSuchGame: no such game is saved (a ``KeyError``, and an ``InvalidInput``).
            Busy: its file is open in the console.
            Unreadable: its file cannot be read (a file is set aside).
        """
        if not isinstance(id, str):
            raise InvalidInput("id", id, N_("the id of a saved game (a str)"))
        with self._guard:
            if id in self.games:
                return self.games[id]
            declared = self._by_id(id)
            path = self.state_dir / f"{id}.json"
            if not path.exists():
                raise NoSuchGame("id", id, N_("the id of a saved game"))
            adapter = find_adapter(declared.name)
            lock = self._lock(path)
            try:
                files.clean_temporaries(path)
                try:
                    investigation = files.load_file(path, adapter.investigation_type)
                except (DeduceError, OSError) as error:
                    raise Unreadable(self._unreadable(declared.title, path, error)) from None
                opened = self._open(id, adapter, investigation, path, lock)
            except BaseException:
                lock.release()
                raise
            self.games[id] = opened
            return opened

    def _unreadable(self, title: str, path: Path, error: DeduceError | OSError) -> str:
        """What to say of the autosave ``path`` that cannot be read (set aside if it is a
        file, as the console does)."""
        if isinstance(error, OSError):
            reason = error.strerror or type(error).__name__
        else:
            reason = _(getattr(error, "reason", "")) or str(error)
        reason = shown(str(reason), self.state_dir)
        named = {"game": title, "file": path.name, "reason": reason}
        if isinstance(error, files.Unreadable | OSError):  # a read error: not what it holds
            said = _(
                "The saved {game} game in {file} cannot be read ({reason}): it is left as it "
                "is. Open it again in a moment."
            )
            return str(said.format(**named))
        try:
            kept = files.set_aside(path)
        except (DeduceError, OSError):
            said = _(
                "The saved {game} game in {file} cannot be read ({reason}): it is left as it "
                "is. Start a new game, or remove {file}."
            )
            return str(said.format(**named))
        said = _(
            "The saved {game} game in {file} cannot be read ({reason}): it is kept in "
            "{kept}. Start a new game."
        )
        return str(said.format(**named, kept=kept.name))

    def close(self) -> None:
        """Give every lock up (the games stay saved)."""
        with self._guard:
            for game in self.games.values():
                game.lock.release()
            self.games.clear()


def _keep_aside(path: Path, adapter: Adapter) -> str:
    """Keep the game saved in ``path`` aside (``FILE.bak``, ...) if it has clues, before
    another game takes the file; the copy's name, or "" when nothing was kept.

    Raises:
        Blocked: as many copies as are kept, each the only one of a game with clues.
    """
    if not path.exists():
        return ""
    files.clean_temporaries(path)
    earlier: Investigation | None = None
    with _suppressed():
        earlier = files.load_file(path, adapter.investigation_type)
    if earlier is None or not earlier.clues:
        return ""
    try:
        return files.set_aside(path).name
    except files.AsideFull as error:
        said = _("The game saved in {file} cannot be kept aside: {why}.")
        raise Blocked(said.format(file=path.name, why=_(error.strerror))) from None


def _keep_unsaved(game: OpenGame) -> None:
    """Before ``game`` is replaced by a new game: the clues that its file lacks (an
    autosave that failed) are written now.

    Raises:
        NotSaved: they cannot be written (the game stays as it is).
    """
    session = game.session
    if session.saved or session.autosave is None:
        return
    missing = files.unsaved_clues(game.path, session.investigation)
    if not missing:
        return
    try:
        files.save_file(game.path, session.investigation, create_directory=True)
    except (OSError, DeduceError) as error:
        if isinstance(error, OSError):
            why = error.strerror or type(error).__name__
        else:
            why = str(_(getattr(error, "reason", "")) or error)
        said = ngettext(
            "The game open now has {n} clue that is not saved: {file} could not be written "
            "({why}). A new game would lose them: start it again once the file can be "
            "written (make room on the disk).",
            "The game open now has {n} clues that are not saved: {file} could not be "
            "written ({why}). A new game would lose them: start it again once the file can "
            "be written (make room on the disk).",
            missing,
        )
        why = shown(why, game.state_dir)
        raise NotSaved(said.format(n=missing, file=game.path.name, why=why)) from None
    session.saved = True


class _suppressed:
    """Ignore an unreadable earlier file (it is overwritten only if it is a save)."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, error: Any, trace: Any) -> bool:
        return kind is not None and issubclass(kind, DeduceError)


def _set_up(adapter: Adapter, setup: Mapping[str, Any], state_dir: Path) -> Investigation:
    """The investigation set up by the console's questions with ``setup``'s answers; an
    answer naming a file (a deck) names one in the state directory's ``decks`` folder."""
    given = {str(k): _answer(v, state_dir) for k, v in setup.items()}
    document, seats = given.pop("document", None), given.pop("seats", "")
    if document is not None:  # a whole set-up pasted, e.g. Board Game Arena's
        if adapter.documents is None:
            raise InvalidInput("document", short(document), N_("no document: this game reads none"))
        found = adapter.imported(document, lambda prompt: seats, quiet(), again=False)
        given = {**given, **found}
    return ask_setup(adapter, lambda prompt: "", quiet(), given, again=False)  # defaults


def _answer(value: Any, state_dir: Path) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    text = str(value)
    exists = False
    with contextlib.suppress(OSError, ValueError):
        exists = bool(text.strip()) and Path(text.strip()).expanduser().exists()
    if exists:  # a path on this machine: never
        raise InvalidInput(
            "deck",
            text,
            M("the name of a file in the {folder} folder of the state directory", folder=DECKS),
        )
    if text.casefold().endswith((".toml", ".json")):
        name = save_name(text)
        return str(state_dir / DECKS / (name if text.endswith(".json") else text.strip()))
    return text
