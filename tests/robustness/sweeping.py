"""The public-API sweep: junk of every kind into every argument of every public callable.

The callables are those named in the ``__all__`` of every module of deduce that has one
(the package, ``deduce.search`` and the other engine modules, every game package and its
submodules, and the packages ``deduce.play`` and ``deduce.serve``; the console's and the
web companion's own modules check what is typed at them, swept by their own tests),
with every public method, class method and constructor of their classes, called on a
realistic instance of the class.

For each callable a valid call is looked for first: realistic objects (the sample of
every game, clues, decks, tables, spaces, results of their methods, ...) are offered for
each parameter by its annotation and by the names they are held under, until the call
returns (an ``InvalidInput`` that names a parameter moves that parameter on to its next
candidate). Then each argument in turn, and every required one at once, is replaced by a
junk value (:data:`deduce.testing.robustness.JUNK_NAMES`), the others kept valid. A call
may return or raise a :class:`deduce.DeduceError`; anything else is a failure.

Every group of calls runs in a forked process with a bounded address space
(:data:`MEMORY` more than it started with) and each call with a time limit (SIGALRM),
so a call that never ends, grows without bound or takes the process down is reported and
the sweep goes on with the next call; nothing a call does reaches the test runner (the
process also works in a directory of its own, with its output sent to ``/dev/null``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import importlib
import inspect
import itertools
import json
import os
import pkgutil
import random
import resource
import select
import signal
import tempfile
import time
import traceback
import types
import typing
import zlib
from collections import abc
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import numpy as np

import deduce
from deduce.errors import DeduceError, InvalidInput
from deduce.testing.robustness import JUNK_NAMES, junk_value

SKIPPED = ("deduce.grammar", "deduce.arguments", "deduce.cli")
"""Former names of modules of ``deduce.play``, kept one release: they only re-export."""

FRONT_ENDS = ("deduce.play.", "deduce.serve.")
"""The console's and the web companion's own modules (their packages are swept)."""

MEMORY = 2 * 2**30
"""How much more address space a sweeping process may take than it started with."""

GROWTH = 2**29
"""A call that takes more memory than this (512 MB), even if it then refuses, grows
without bound: on a machine without the sweep's limit it would take all memory."""

CALL_SECONDS = 8.0
"""A call that takes longer did not return."""

FIND_SECONDS = 4.0
"""How long a try at a valid call may take (a slower one counts as valid)."""

TRIES = 24
"""How many calls are tried, at most, to find a valid call."""

QUIET = 60.0
"""How long the process may stay silent before it is stopped (a call stuck in C code)."""

FAST = 2
"""How many junk values each argument gets in the quick sweep (the slow one: all)."""

FAST_SECONDS = 0.5
"""A callable whose valid call takes longer (a study that plays whole games) is left to
the slow sweep."""


# -- what is swept -------------------------------------------------------------------------


@functools.cache
def modules() -> tuple[types.ModuleType, ...]:
    """Every module of deduce with an ``__all__`` that is swept."""
    found = [deduce]
    for info in pkgutil.walk_packages(deduce.__path__, "deduce."):
        name = info.name
        if name in SKIPPED or name.startswith(FRONT_ENDS):
            continue
        if any(part.startswith("_") for part in name.split(".")):
            continue
        module = importlib.import_module(name)
        if hasattr(module, "__all__"):
            found.append(module)
    return tuple(found)


@dataclasses.dataclass(frozen=True)
class Target:
    """A public callable: a function or class of a module, or a method of a class."""

    name: str
    module: str
    owner: Any
    attribute: str
    kind: str  # "function", "class", "method" or "classmethod"

    def callable(self, instance: Any = None) -> Any:
        if self.kind == "method":
            return getattr(instance, self.attribute)
        if self.kind == "class":
            return self.owner
        return getattr(self.owner, self.attribute)


def _protocol(kind: type) -> bool:
    return bool(getattr(kind, "_is_protocol", False))


@functools.cache
def targets() -> tuple[Target, ...]:
    """Every public callable of :func:`modules`, each once (under the first module that
    names it), with every public method of its classes."""
    seen: set[int] = set()
    found: list[Target] = []
    classes: list[tuple[str, str, type]] = []
    for module in modules():
        for name in module.__all__:
            value = getattr(module, name)
            if id(value) in seen or not callable(value) or typing.get_origin(value):
                continue  # a type alias (``States``) is a type, not a callable
            if isinstance(value, type) and issubclass(value, BaseException):
                continue
            seen.add(id(value))
            where = module.__name__
            if isinstance(value, type):
                if _protocol(value):
                    continue
                classes.append((f"{where}.{name}", where, value))
                if not inspect.isabstract(value):
                    found.append(Target(f"{where}.{name}", where, value, "", "class"))
            else:
                found.append(Target(f"{where}.{name}", where, module, name, "function"))
    for qualified, where, kind in classes:
        for attribute in sorted(dir(kind)):
            if attribute.startswith("_"):
                continue
            owner = next((c for c in kind.__mro__ if attribute in vars(c)), None)
            if owner is None or not owner.__module__.startswith("deduce"):
                continue
            member = vars(owner)[attribute]
            if isinstance(member, (classmethod, staticmethod)):
                found.append(
                    Target(f"{qualified}.{attribute}", where, kind, attribute, "classmethod")
                )
            elif inspect.isfunction(member):
                found.append(Target(f"{qualified}.{attribute}", where, kind, attribute, "method"))
    return tuple(found)


def groups() -> dict[str, list[Target]]:
    """The targets by module."""
    grouped: dict[str, list[Target]] = {}
    for target in targets():
        grouped.setdefault(target.module, []).append(target)
    return grouped


# -- realistic objects ---------------------------------------------------------------------


def _model() -> Any:
    model = deduce.Model()
    model.variable("a", (1, 2, 3))
    model.variable("b", ("x", "y"))
    model.constraint(lambda a, b: a != 1 or b == "x", ["a", "b"])
    model.query("odd", lambda a: a % 2, ["a"])
    return model


def _game(name: str) -> types.ModuleType:
    return importlib.import_module(f"deduce.games.{name}")


def _seat_view() -> Any:
    """Seat 1's notebook in a deal of three players after a public answer."""
    from deduce.games.thirteen_clues import Deal, Question
    from deduce.games.thirteen_clues.views import seat_view

    deal = Deal.random(3, seed=1)
    return seat_view(deal, 1, [Question(0, 2, "red", deal.answer(2, "red"))])


def _dealing() -> Any:
    """Deals of a small Cluedo: Ann holds Plum and showed me Knife, Bob showed someone
    Rope or Hall and names its own cards a quarter as often."""
    dealing = importlib.import_module("deduce.core.dealing")
    cards = ("Plum", "Green", "Rope", "Knife", "Hall", "Study", "Lounge")
    setup = dealing.Setup(
        cards, {"Ann": 2, "Bob": 2}, categories=(cards[:2], cards[2:4], cards[4:])
    )
    known = [
        dealing.Holds("Ann", "Plum"),
        dealing.HoldsOneOf("Bob", ("Rope", "Hall")),
        dealing.Shows("Ann", "Knife", among=("Green", "Knife", "Study")),
        dealing.Weighs("Bob", ("Study", "Green"), Fraction(1, 4)),
    ]
    return dealing.Deals(setup, known, weights={("Green", "Rope", "Hall"): 2})


def _dealing_estimate() -> Any:
    """The deals of :func:`_dealing`, estimated below a limit that leaves out Bob's clause."""
    dealing = importlib.import_module("deduce.core.dealing")
    deals = _dealing()
    return dealing.EstimatedDeals(deals.setup, deals.constraints, limit=8, draws=50)


def _cluedo_table() -> Any:
    """A Cluedo table one suggestion on, at the step to accuse or end the turn."""
    table = _game("cluedo").Table(
        ("me", "Ann", "Bob"), "me", ("Plum", "Rope", "Hall", "Study", "Green", "Kitchen")
    )
    return table.suggested("me", "White", "Dagger", "Lounge", shown_by="Ann", card="Lounge")


def makers() -> list[tuple[str, Callable[[], Any]]]:
    """How to make a realistic object of every public class (and the values they hold):
    the sample of every game and kind, games a few clues on, decks, tables and results."""
    from deduce.core import registry

    bsi, cw, kv, mm, tc = (
        _game(n) for n in ("bsi", "crime_writers", "kreuzverhoer", "mastermind", "thirteen_clues")
    )
    cw_bots = importlib.import_module("deduce.games.crime_writers.bots")
    cw_truthful = importlib.import_module("deduce.games.crime_writers.truthful")
    cw_timer = importlib.import_module("deduce.games.crime_writers.timer")
    cw_counting = importlib.import_module("deduce.games.crime_writers.counting")
    cw_play_clues = importlib.import_module("deduce.games.crime_writers.play_clues")
    ranking = importlib.import_module("deduce.search.ranking")
    tree_cache = importlib.import_module("deduce.search.tree_cache")
    case = kv.Case("Mord", "Ulm", "Ede K.", "Gift")
    bsi_table = bsi.Table(
        2,
        case="man/night/inside/gun",
        hand=["woman/night/outside/gun", "woman/knife", "man/day"],
    ).played("woman/knife", 1, "0/1")
    tc_table = tc.Table(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")], first=1)
    made: list[tuple[str, Callable[[], Any]]] = []
    for declaration in registry.declarations():
        made.append((declaration.name, lambda d=declaration: d))
        made += [
            (f"{d.name}:{k}", functools.partial(d.sample, k))
            for d in [declaration]
            for k in d.kind_names
        ]
    made += [
        ("mastermind game", lambda: mm.Game(2, 2)),
        ("crime writers story", lambda: cw.Investigation(cw.Deck.example()).solutions()[0]),
        ("crime writers card name", lambda: cw_play_clues.CardName(cw_play_clues.cards)),
        ("mastermind guessed", lambda: mm.Investigation(2, 2).guess("12", 1, 0)),
        ("mastermind limited", lambda: mm.Investigation(2, 3, limit=4).guess("12", 0, 1)),
        ("mastermind bot", lambda: mm.strategy_bot("minimax")),
        ("bsi played", lambda: bsi.Investigation().played("woman/knife", 2)),
        ("bsi table", lambda: bsi_table),
        ("bsi position", lambda: bsi.TablePosition(bsi_table)),
        ("bsi cases", lambda: bsi_table.solutions()[0]),
        (
            "kreuzverhoer asked",
            lambda: kv.Investigation().questioning("Mord", "Ulm", "Ede K.", "Gift", 1),
        ),
        (
            "kreuzverhoer interrogation",
            lambda: kv.Interrogation(case).questioning("Mord", "Berlin", "Ede K.", "Messer"),
        ),
        (
            "kreuzverhoer table",
            lambda: kv.Table(case=case, hand=["profiler", "lawyer", "refusal"]).questioning(
                "Mord", "Berlin", "Juri L.", "Messer", 1
            ),
        ),
        ("kreuzverhoer deck", kv.Deck.default),
        (
            "13 clues asked",
            lambda: tc.Investigation(
                3,
                ("Duke", "Park"),
                [("Officer", "Parlor", "Knife"), ("Nurse", "Museum", "Blowgun")],
            ).question(0, 1, "red", 1),
        ),
        ("13 clues deal", lambda: tc.Deal.random(3, seed=1)),
        ("13 clues glasses", lambda: tc.Glasses.start(3)),
        ("13 clues seat's notebook", _seat_view),
        ("13 clues table", lambda: tc_table.question(1, 0, "red", 0, "right")),
        (
            "13 clues position",
            lambda: tc.TablePosition(
                tc.Table(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")])
            ),
        ),
        ("13 clues game master", lambda: tc.GameMaster(tc.Deal.random(3, seed=1))),
        ("cluedo table", _cluedo_table),
        ("cluedo sheet", lambda: _game("cluedo").Sheet.of(_cluedo_table())),
        (
            "cluedo game master",
            lambda: _game("cluedo").GameMaster(
                _game("cluedo").deal_of(("A", "B", "C"), seed=1), ("A", "B", "C")
            ),
        ),
        ("dealing setup", lambda: _dealing().setup),
        ("dealing deals", _dealing),
        ("dealing estimate", _dealing_estimate),
        ("dealing deal", lambda: _dealing().sample(1, seed=1)[0]),
        ("dealing answer", lambda: next(iter(_dealing().answers(("Green", "Rope"), ["Bob"])))),
        (
            "13 clues from board game arena",
            lambda: tc.read_bga({"a": ["Duke", "Park", "Knife"], "me": ["Butcher", "Nurse"]}),
        ),
        ("crime writers deck", cw.Deck.example),
        ("crime writers small", cw_truthful.small_investigation),
        (
            "crime writers answered",
            lambda: cw.Investigation.example().answer("how", "object", "yes"),
        ),
        ("crime writers table", lambda: cw.Table.example().ask("how", "object", "yes")),
        ("crime writers sheet", lambda: cw.ScoreSheet(("Ann", "Bob", "Cy")).start_round()),
        ("crime writers bot", cw.following),
        ("crime writers timer", cw_timer.Timer),
        (
            "crime writers counting",
            lambda: cw_counting.State((None,) * 5, (frozenset(),) * 5, {}, frozenset()),
        ),
        (
            "crime writers writer",
            lambda: cw_bots.Writer(
                cw.Deck.example(),
                *cw_bots.random_story(cw.Deck.example(), random.Random(1)),
                random.Random(1),
            ),
        ),
        ("stats", lambda: deduce.simulate(mm.Game(2, 2))),
        (
            "league row",
            lambda: importlib.import_module("deduce.league").Row(
                importlib.import_module("deduce.league").Cell("bsi", 2, "random", "random"),
                2,
                1.0,
                0.5,
            ),
        ),
        ("model", _model),
        ("assignment", lambda: _model().investigation().solutions()[0]),
        ("model investigation", lambda: _model().investigation().answer("odd", 1)),
        ("budget", lambda: importlib.import_module("deduce.search.budget").Budget(seconds=1.0)),
        (
            "ranking",
            lambda: ranking.rank_queries(
                mm.Investigation(2, 2), mm.Investigation(2, 2).queries(), "entropy"
            ),
        ),
        ("tree key", lambda: tree_cache.tree_key(mm.Investigation(2, 2))),
        (
            "review",
            lambda: importlib.import_module("deduce.search.review").review(
                mm.Investigation(2, 2).guess("12", 1, 0)
            ),
        ),
        ("random", lambda: random.Random(1)),
    ]
    return made


def local_makers() -> list[tuple[str, Callable[[], Any]]]:
    """How to make the objects that write files: made in the sweeping process, in its
    own directory (the web companion's tables and one game open in them)."""
    from pathlib import Path

    from deduce import serve

    def tables() -> Any:
        return serve.OpenGames(Path("state"))

    return [("web tables", tables), ("web game", lambda: tables().create("mastermind", {}))]


HARVEST_SKIPPED = frozenset(
    {"run_demo", "refresh", "release", "close", "stop", "start", "forget"}
    | {"probabilities", "solutions", "ranked"}
)
"""Methods whose results are not collected: they act on the world rather than answer, or
list every solution (seconds for a large space, and nothing new)."""


class Pool:
    """Realistic objects: by type, and by the names they are held under (dataclass
    fields, attributes, keys of dicts)."""

    def __init__(self) -> None:
        self.by_type: dict[type, list[Any]] = {}
        self.by_name: dict[str, list[Any]] = {}
        self.failed: list[str] = []
        self._kept: list[Any] = []  # keeps every object seen alive, so ids stay unique
        self._seen: set[int] = set()

    def add(self, value: Any, name: str = "", depth: int = 0) -> None:
        """Add ``value`` (held under ``name``) and what it holds, a few levels down."""
        if name:
            bucket = self.by_name.setdefault(name.lstrip("_"), [])
            if len(bucket) < 6 and not any(_same(value, v) for v in bucket):
                bucket.append(value)
        if id(value) in self._seen or depth > 3:
            return
        self._seen.add(id(value))
        self._kept.append(value)
        of_type = self.by_type.setdefault(type(value), [])
        if len(of_type) < 4:
            of_type.append(value)
        if isinstance(value, (str, bytes, int, float, np.ndarray, type, types.ModuleType)):
            return
        if isinstance(value, dict):
            for k, v in itertools.islice(value.items(), 4):
                self.add(k, "", depth + 1)
                self.add(v, k if isinstance(k, str) else "", depth + 1)
        elif isinstance(value, (list, tuple, set, frozenset)):
            for v in itertools.islice(value, 4):
                self.add(v, "", depth + 1)
        if dataclasses.is_dataclass(value):
            for f in dataclasses.fields(value):
                self.add(getattr(value, f.name), f.name, depth + 1)
        elif type(value).__module__.startswith("deduce") and hasattr(value, "__dict__"):
            for k, v in list(vars(value).items())[:30]:
                self.add(v, k, depth + 1)

    def instance(self, kind: type) -> Any:
        """An object of ``kind`` (a subclass if there is none of the class itself)."""
        found = self.instances(kind)
        return found[0] if found else None

    def instances(self, kind: type) -> list[Any]:
        """The objects of ``kind``, the class's own first, then its subclasses'."""
        own = list(self.by_type.get(kind, []))
        others = [
            v for k, vs in self.by_type.items() if k is not kind and _subclass(k, kind) for v in vs
        ]
        return own + others


def _same(a: Any, b: Any) -> bool:
    try:
        return type(a) is type(b) and bool(a == b)
    except Exception:
        return False


def _subclass(kind: type, base: Any) -> bool:
    try:
        return isinstance(base, type) and issubclass(kind, base)
    except TypeError:
        return False


@functools.cache
def pool() -> Pool:
    """The realistic objects: made by :func:`makers`, then what their properties and
    methods without arguments give. Made in the test runner's own process (before the
    forks, which share them), so without an alarm: what is made here is quick."""
    found = Pool()
    made = []
    for name, make in makers():
        try:
            value = make()
        except Exception as error:
            found.failed.append(f"{name}: {error!r}")
            continue
        found.add(value)
        made.append(value)
    for value in made:
        for attribute in dir(value):
            if attribute.startswith("_") or attribute in HARVEST_SKIPPED:
                continue
            static = inspect.getattr_static(value, attribute, None)
            if not (isinstance(static, property) or inspect.isfunction(static)):
                continue
            try:
                member = getattr(value, attribute)
                if isinstance(static, property):
                    found.add(member, attribute)
                elif not _required(member):
                    found.add(member(), attribute)
            except Exception:
                continue
    return found


def _required(call: Any) -> bool:
    try:
        parameters = inspect.signature(call).parameters.values()
    except (TypeError, ValueError):
        return True
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    return any(
        p.default is p.empty and (p.kind in kinds or p.kind is p.KEYWORD_ONLY) for p in parameters
    )


class Hang(BaseException):
    """A call took longer than it may (raised by the alarm; not an Exception, so that the
    code under test does not catch it)."""


@contextlib.contextmanager
def bounded(seconds: float) -> Iterator[None]:
    """Raise :class:`Hang` in the block after ``seconds``."""
    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# -- valid calls ---------------------------------------------------------------------------


def _anything(*args: Any, **kwargs: Any) -> bool:
    return True


LITERALS: dict[Any, list[Any]] = {
    int: [1, 2, 0, 3],
    float: [1.0, 0.5, 2.0],
    bool: [True, False],
    bytes: [b"{}"],
    type(None): [None],
    random.Random: [random.Random(1)],
}
"""Valid values of the plain types."""


def _quick(test: Callable[..., None]) -> Callable[..., None]:
    """A property test run on two examples (a valid ``run`` of the conformance suite)."""
    from hypothesis import settings

    ran: Callable[..., None] = settings(max_examples=2, database=None, deadline=None)(test)
    return ran


def _states() -> Any:
    from hypothesis import strategies as st

    return st.just(importlib.import_module("deduce.games.mastermind").Investigation(2, 2))


def _pairs() -> Any:
    testing = importlib.import_module("deduce.testing")
    return testing.games(importlib.import_module("deduce.games.mastermind").Investigation(2, 2))


BY_NAME: dict[str, list[Any]] = {
    "run": [_quick],
    "states": [_states()],
    "pairs": [_pairs()],
    "strategy": ["entropy", "minimax", "points"],
    "seed": [1, 0],
    "rng": [random.Random(1)],
    "players": [3, 2, 4],
    "top": [3, 1],
    "seat": [1, 0],
    "among": [None, _anything],
    "n": [1, 2],
    "reply": ["yes", "no"],
    "order": [("Bob",), ("Ann", "Bob")],
    "suggestions": [(("Green", "Rope", "Hall"),)],
}
"""Valid values of parameters by their names, where the types say too little."""


def _candidates(pool: Pool, name: str, hint: Any, depth: int = 0) -> list[Any]:
    """Values that may be valid for a parameter ``name`` of type ``hint``: first those
    held under its name that are of its type, then those of its type."""
    found: list[Any] = []
    held = pool.by_name.get(name, [])
    for value in [
        *[v for v in held if _fits(v, hint)],
        *BY_NAME.get(name, []),
        *_of_type(pool, name, hint, depth),
        *held,
    ]:
        if not any(value is f for f in found):
            found.append(value)
    return found[:12]


def _fits(value: Any, hint: Any) -> bool:
    try:
        origin = typing.get_origin(hint)
        if origin in (typing.Union, types.UnionType):
            return any(_fits(value, arm) for arm in typing.get_args(hint))
        if origin is typing.Literal:
            return value in typing.get_args(hint)
        kind = origin or hint
        if kind is float:
            return isinstance(value, (int, float)) and not isinstance(value, bool)
        return not isinstance(kind, type) or isinstance(value, kind)
    except Exception:
        return True


def _of_type(pool: Pool, name: str, hint: Any, depth: int) -> list[Any]:
    if depth > 2 or hint is Any or hint is object or isinstance(hint, str):
        return []
    if isinstance(hint, typing.TypeVar):
        return _of_type(pool, name, hint.__bound__, depth) if hint.__bound__ else []
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return [
            v
            for arm in sorted(args, key=lambda a: a is type(None))
            for v in _of_type(pool, name, arm, depth)
        ]
    if origin is typing.Literal:
        return list(args)
    if origin is type:
        return [a for a in args if isinstance(a, type)]
    if origin is abc.Callable or hint is abc.Callable:
        return [_anything]
    several = (list, tuple, abc.Sequence, abc.Iterable, abc.Collection, set, frozenset, abc.Set)
    if origin in several:
        if origin is tuple and args and not (len(args) == 2 and args[1] is Ellipsis):
            return [tuple((_of_type(pool, name, a, depth + 1) or [None])[0] for a in args)]
        single = name[:-1] if name.endswith("s") else name
        items = _candidates(pool, single, args[0], depth + 1) if args else [1]
        items = [i for i in items if _fits(i, args[0])] if args else items
        make = {list: list, set: set, frozenset: frozenset, abc.Set: frozenset}.get(origin, tuple)
        return [make(items[:1]), make(items[:2]), make()]
    if origin in (dict, abc.Mapping):
        if len(args) == 2:
            keys = _of_type(pool, name, args[0], depth + 1)
            values = _of_type(pool, name, args[1], depth + 1)
            if keys and values:
                return [{keys[0]: values[0]}, {}]
        return [{}]
    kind = origin or hint
    if not isinstance(kind, type):
        return []
    found = list(LITERALS.get(kind, []))
    found += pool.by_type.get(kind, [])
    for other, values in pool.by_type.items():
        if other is not kind and _subclass(other, kind) and not (kind is int and other is bool):
            found += values
    return found


@dataclasses.dataclass
class Plan:
    """How a target is called: the callable, its parameters and a call (valid if found)."""

    target: Target
    call: Any
    parameters: list[inspect.Parameter]
    values: dict[str, Any]
    valid: bool
    note: str = ""
    seconds: float = 0.0  # the valid call's


def arguments(
    parameters: list[inspect.Parameter], values: dict[str, Any]
) -> tuple[list[Any], dict[str, Any]]:
    """The positional and keyword arguments that give each parameter its value in
    ``values`` (the others keep their defaults)."""
    variadic = any(p.kind is p.VAR_POSITIONAL for p in parameters)
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for p in parameters:
        if p.kind is p.VAR_POSITIONAL:
            args += list(values.get(p.name, ()))
        elif p.kind is p.VAR_KEYWORD:
            kwargs.update(values.get(p.name, {}))
        elif p.kind is p.POSITIONAL_ONLY or (variadic and p.kind is p.POSITIONAL_OR_KEYWORD):
            args.append(values.get(p.name, p.default))
        elif p.name in values:
            kwargs[p.name] = values[p.name]
    return args, kwargs


def _required_parameters(parameters: list[inspect.Parameter]) -> list[inspect.Parameter]:
    return [
        p
        for p in parameters
        if p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
    ]


INSTANCES = 4
"""How many instances of its class a method is tried on for a valid call."""


def plan(pool: Pool, target: Target, seconds: float = FIND_SECONDS) -> Plan:
    """``target`` with a valid call if one is found within :data:`TRIES` tries (for a
    method, on each of the first :data:`INSTANCES` instances of its class in turn); a try
    that takes longer than ``seconds`` counts as valid, and slow."""
    if target.kind != "method":
        return _plan(pool, target, None, seconds)
    instances = pool.instances(target.owner)[:INSTANCES]
    if not instances:
        return Plan(target, None, [], {}, False, "no instance")
    first = None
    for instance in instances:
        found = _plan(pool, target, instance, seconds)
        if found.valid:
            return found
        first = first or found
    return first


def _plan(pool: Pool, target: Target, instance: Any, seconds: float) -> Plan:
    from deduce._internal.entry import hints

    call = target.callable(instance)
    try:
        parameters = list(inspect.signature(call).parameters.values())
    except (TypeError, ValueError):
        return Plan(target, None, [], {}, False, "no signature")
    hinted = hints(call.__init__ if isinstance(call, type) else call)
    required = _required_parameters(parameters)
    options = {
        p.name: _candidates(pool, p.name, hinted.get(p.name, Any)) or [None] for p in required
    }
    index = dict.fromkeys(options, 0)
    tried: set[tuple[int, ...]] = set()
    note = ""
    for _ in range(TRIES):
        tried.add(tuple(index.values()))
        values = {n: options[n][i] for n, i in index.items()}
        args, kwargs = arguments(parameters, values)
        bump = None
        began = time.perf_counter()
        try:
            with bounded(seconds):
                call(*args, **kwargs)
            return Plan(target, call, parameters, values, True, "", time.perf_counter() - began)
        except Hang:
            return Plan(target, call, parameters, values, True, "slow", seconds)
        except InvalidInput as error:
            note = f"InvalidInput: {error}"
            bump = error.argument if error.argument in index else None
        except BaseException as error:
            note = f"{type(error).__name__}: {_text(error)}"
        following = _next(index, options, tried, bump)
        if following is None:
            break
        index = following
    values = {n: options[n][0] for n in index}
    return Plan(target, call, parameters, values, False, note[:200])


def _next(
    index: dict[str, int],
    options: dict[str, list[Any]],
    tried: set[tuple[int, ...]],
    bump: str | None,
) -> dict[str, int] | None:
    """The next choice of candidates: the named parameter's next one, else the untried
    choice with the fewest steps from the first."""
    if bump is not None and index[bump] + 1 < len(options[bump]):
        return {**index, bump: index[bump] + 1}
    sizes = [len(options[n]) for n in index]
    for total in range(1, sum(sizes)):
        for combo in _combos(sizes, total):
            if combo not in tried:
                return dict(zip(index, combo, strict=True))
    return None


def _combos(sizes: list[int], total: int) -> Iterator[tuple[int, ...]]:
    if len(sizes) == 1:
        if total < sizes[0]:
            yield (total,)
        return
    for first in range(min(total, sizes[0] - 1) + 1):
        for rest in _combos(sizes[1:], total - first):
            yield (first, *rest)


def _text(error: BaseException) -> str:
    try:
        return str(error)[:200]
    except Exception:
        return f"<{type(error).__name__}>"


# -- the junk calls ------------------------------------------------------------------------

ASSERTING = (
    "deduce.testing.conformance.",
    "deduce.testing.robustness.attempt",
    "deduce.testing.robustness.check_junk",
    "deduce.testing.check_game",
    "deduce.testing.invalid_input",
)
"""The checks of the conformance suite: what they find wrong is an AssertionError (junk
given to them, too, may make a check fail)."""

EVERY = "*"
"""The parameter of a case with the same junk in every required argument."""


def cases(p: Plan, every: bool) -> list[tuple[str, str]]:
    """(parameter, junk name) of each junk call of ``p``: every junk in every parameter
    if ``every``, else :data:`FAST` for each parameter (another pair for each, so that
    the parameters of a module meet every kind of junk), and the same junk in every
    required argument at once."""
    found: list[tuple[str, str]] = []
    names = JUNK_NAMES
    for parameter in p.parameters:
        if parameter.kind is parameter.VAR_KEYWORD:
            continue  # its keywords are the callable's own: an unknown one is the call's shape
        if every:
            chosen: tuple[str, ...] = names
            if parameter.annotation in (bool, "bool"):  # True and False are its values
                chosen = tuple(n for n in names if not isinstance(junk_value(n), (bool, np.bool_)))
        else:
            start = zlib.crc32(f"{p.target.name}.{parameter.name}".encode())
            chosen = tuple(names[(start + k * 29) % len(names)] for k in range(FAST))
        found += [(parameter.name, junk) for junk in chosen]
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    required = [q for q in _required_parameters(p.parameters) if q.kind in positional]
    if len(required) > 1:
        start = zlib.crc32(p.target.name.encode())
        chosen = names if every else (names[start % len(names)],)
        found += [(EVERY, junk) for junk in chosen]
    return found


def run_case(p: Plan, parameter: str, junk: str) -> str | None:
    """The failure of the call of ``p`` with the junk ``junk`` in ``parameter``, if any."""
    values = dict(p.values)
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    for q in p.parameters:
        if parameter == EVERY and q.default is q.empty and q.kind in positional:
            values[q.name] = junk_value(junk)
        elif q.name == parameter:
            values[q.name] = [junk_value(junk)] if q.kind is q.VAR_POSITIONAL else junk_value(junk)
    args, kwargs = arguments(p.parameters, values)
    shown_call = f"{p.target.name}({parameter}={junk})"
    try:
        with bounded(CALL_SECONDS):
            p.call(*args, **kwargs)
    except DeduceError:
        return None
    except Hang:
        return f"{shown_call} did not return within {CALL_SECONDS:g} s"
    except BaseException as error:
        if isinstance(error, AssertionError) and p.target.name.startswith(ASSERTING):
            return None
        return f"{shown_call} raised {type(error).__name__}: {_text(error)} ({_where(error)})"
    return None


def _where(error: BaseException) -> str:
    frames = traceback.extract_tb(error.__traceback__)
    inside = [f for f in frames if "/deduce/" in f.filename] or frames
    frame = inside[-1]
    return f"deduce/{frame.filename.rpartition('/deduce/')[2]}:{frame.lineno} in {frame.name}"


# -- the guard: each group of calls in a forked process of bounded memory ----------------------


@dataclasses.dataclass
class Report:
    """What a sweep found: failures, the plan of each target, how many calls it made."""

    failures: list[str] = dataclasses.field(default_factory=list)
    plans: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)
    calls: int = 0
    seconds: float = 0.0


def _peak() -> int:
    """The most memory the process has held so far, in bytes."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _address_space() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[0]) * resource.getpagesize()


def _child(
    write: int, group: list[Target], every: bool, skip: int, skipped: set[str], workdir: str
) -> None:
    """Plan and run the cases of ``group`` after the first ``skip``, writing a line of
    JSON for each step to ``write``; leave early (asking to be started again) once the
    process has grown by half its allowance."""
    os.chdir(workdir)
    for variable in (
        "HOME",
        "XDG_STATE_HOME",
        "XDG_CACHE_HOME",
        "XDG_CONFIG_HOME",
        "DEDUCE_CACHE_DIR",
    ):
        os.environ[variable] = workdir
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    start = _address_space()
    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    resource.setrlimit(resource.RLIMIT_AS, (start + MEMORY, hard))
    out = os.fdopen(write, "w", buffering=1)

    def say(**message: Any) -> None:
        out.write(json.dumps(message) + "\n")

    for name, make in local_makers():
        try:
            with bounded(20):
                pool().add(make())
        except (Exception, Hang) as error:
            say(made=name, failure=f"{name}: {error!r}")

    try:
        _sweep_group(say, group, every, skip, skipped, start)
    except BaseException:
        say(broken=traceback.format_exc())
    out.flush()
    os._exit(0)


def _sweep_group(
    say: Callable[..., None],
    group: list[Target],
    every: bool,
    skip: int,
    skipped: set[str],
    start: int,
) -> None:
    number = 0
    for target in group:
        if target.name in skipped:
            continue
        say(planning=target.name)
        began = time.perf_counter()
        p = plan(pool(), target, FIND_SECONDS if every else FAST_SECONDS)
        say(plan=target.name, valid=p.valid, note=p.note, seconds=time.perf_counter() - began)
        if p.call is None or (not every and p.seconds >= FAST_SECONDS):
            continue  # a study that plays whole games: the slow sweep calls it
        for parameter, junk in cases(p, every):
            number += 1
            if number <= skip:
                continue
            call = f"{target.name}({parameter}={junk})"
            say(start=number, call=call)
            peak = _peak()
            failure = run_case(p, parameter, junk)
            grown = _peak() - peak
            if failure is None and grown > GROWTH:
                failure = f"{call} took {grown // 2**20} MB more memory (it was then refused)"
            say(done=number, failure=failure)
            hung = failure is not None and " did not return " in failure
            if hung or grown > GROWTH or _address_space() > start + MEMORY // 2:
                say(respawn=number)
                return
    say(end=number)


def sweep(group: list[Target], every: bool) -> Report:
    """The junk calls of ``group``, each group of them in a forked process (started
    again after a call that did not return, took the process down or left it grown)."""
    report = Report()
    began = time.perf_counter()
    skip = 0
    skipped: set[str] = set()
    with tempfile.TemporaryDirectory(prefix="deduce-sweep-") as workdir:
        pool()  # made once, before the fork: every process shares it
        while True:
            outcome = _one_process(group, every, skip, skipped, workdir, report)
            if outcome is None:
                break
            skip, lost = outcome
            if lost:
                skipped.add(lost)
    report.seconds = time.perf_counter() - began
    return report


def _one_process(
    group: list[Target], every: bool, skip: int, skipped: set[str], workdir: str, report: Report
) -> tuple[int, str | None] | None:
    """Run a forked process from case ``skip`` on: None once it ends the group, else
    where to start again (and a target that took the process down while being planned)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child never returns into the test runner
        try:
            os.close(read)
            _child(write, group, every, skip, skipped, workdir)
        finally:
            os._exit(3)
    os.close(write)
    current: dict[str, Any] | None = None
    planning: str | None = None
    ended = False
    with os.fdopen(read) as stream:
        while True:
            ready, _, _ = select.select([stream], [], [], QUIET)
            if not ready:
                os.kill(pid, signal.SIGKILL)
                what = current["call"] if current else f"planning {planning}"
                report.failures.append(f"{what} did not return within {QUIET:g} s (stopped)")
                break
            line = stream.readline()
            if not line:
                break
            message = json.loads(line)
            if "broken" in message:
                raise AssertionError(f"the sweep itself failed:\n{message['broken']}")
            if "made" in message:
                report.failures.append(f"cannot make {message['failure']}")
            elif "planning" in message:
                planning = message["planning"]
            elif "plan" in message:
                planning = None
                report.plans[message["plan"]] = message
            elif "start" in message:
                current = message
            elif "done" in message:
                current = None
                report.calls += 1
                skip = message["done"]
                if message["failure"]:
                    report.failures.append(message["failure"])
            elif "respawn" in message:
                break
            elif "end" in message:
                ended = True
    _, status = os.waitpid(pid, 0)
    if ended:
        return None
    if current is not None:
        if not any(f.startswith(current["call"]) for f in report.failures[-1:]):
            cause = (
                f"signal {os.WTERMSIG(status)}" if os.WIFSIGNALED(status) else f"status {status}"
            )
            report.failures.append(f"{current['call']} ended the process ({cause})")
        return current["start"], None
    if planning is not None:
        report.failures.append(f"planning {planning} ended the process")
        return skip, planning
    return skip, None


# -- the simpler sweep of test_robustness_roundtrip: one value in every position ---------------

PACKAGES = [
    "deduce",
    "deduce.table.referee",
    "deduce.core.registry",
    "deduce.testing",
    "deduce.games.bsi",
    "deduce.games.crime_writers",
    "deduce.games.kreuzverhoer",
    "deduce.games.mastermind",
    "deduce.games.thirteen_clues",
]
"""The packages whose callables get one value in every required position."""

SIMPLE_JUNK: dict[str, Any] = {
    "None": None,
    "True": True,
    "-1": -1,
    "0": 0,
    "10**30": 10**30,
    "1.5": 1.5,
    "NaN": float("nan"),
    "''": "",
    "'zzz'": "zzz",
    "b'x'": b"x",
    "[]": [],
    "[1, 2]": [1, 2],
    "{}": {},
    "{'a': 1}": {"a": 1},
    "object()": object(),
    "array": np.array([1, 2]),
    "(None,)": (None,),
}
"""Junk that can be made once and given to many calls (nothing in it is used up)."""

HANG = 60
"""Seconds: a guard against a call that never returns, not a speed goal."""


def public_callables() -> Iterator[tuple[str, Callable[..., Any], inspect.Signature]]:
    """Every callable of every package of :data:`PACKAGES`'s ``__all__`` that has a
    signature (no errors)."""
    for package in PACKAGES:
        module = importlib.import_module(package)
        for name in module.__all__:
            value = getattr(module, name)
            if not callable(value) or (
                isinstance(value, type) and issubclass(value, BaseException)
            ):
                continue
            try:
                signature = inspect.signature(value)
            except (TypeError, ValueError):
                continue
            yield f"{package}.{name}", value, signature


def signature_refusal(error: TypeError) -> bool:
    """Whether ``error`` is Python refusing a call of the wrong shape."""
    text = str(error)
    return "argument" in text and any(w in text for w in ("positional", "missing", "keyword"))


def alarm(signum: int, frame: Any) -> None:
    """A SIGALRM handler that raises :class:`Hang`."""
    raise Hang
