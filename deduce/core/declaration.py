"""A game's declaration: everything the engine and the front ends need to know of it, once.

Every game, built in or published as its own distribution, says who it is in one
:class:`Declaration` (the built-in games in their package's ``manifest`` module): its
name and title, the names people also call it, the kinds of investigation it saves, the
tags of old saved files, its console front end and demo, whether ``deduce simulate``
applies, and sample set-ups for tests. :mod:`deduce.core.registry` is built from these, so
``deduce play``, ``deduce demo``, ``deduce simulate``, :meth:`deduce.Investigation.from_json`
and :func:`deduce.testing.check_game` see every game the same way.

A declaration holds only names and plain values: reading one imports nothing of its
game; the game's modules are imported when one of them is used.

Example:
    >>> game = Declaration(
    ...     name="coin", title="Coin", package="coin_game", aliases=("heads or tails",)
    ... )
    >>> game.matches("Heads_or_Tails"), game.kind_names, game.autosave
    (True, ('Investigation',), 'coin')
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from deduce._internal.entry import guard
from deduce._internal.language import N_
from deduce._internal.validation import key
from deduce.errors import InvalidInput

__all__ = ["Declaration", "Sample"]


@dataclass(frozen=True, slots=True)
class Sample:
    """A sample investigation of one kind of a game, for tests and checks.

    It is made by ``make`` when given (the path of a function of no arguments), else from
    ``setup`` with ``from_setup``, else by the kind's constructor with no arguments.

    Attributes:
        kind: the kind of investigation (a class name of the declaration's ``kinds``).
        setup: the set-up as :meth:`deduce.Investigation.setup` writes it (plain JSON
            values), or None.
        make: the path (``"module:function"``) of a function that makes it, or None.
        reference: the path (``"module:function"``) of the game's own brute force for
            this sample: ``reference(investigation)`` lists the solutions that its clues
            allow, as a set (all equally likely) or a dict solution -> probability,
            straight from the rules and independent of the engine (no
            :class:`~deduce.Space`, no filter). :func:`deduce.testing.check_game`
            compares every random truthful game with it; None: the check falls back to
            soundness and a replay.

    Example:
        >>> Sample("Investigation", {"pegs": 3, "colours": 3, "black_only": False})
        Sample('Investigation', {'pegs': 3, 'colours': 3, 'black_only': False})
        >>> Sample("Investigation", reference="truthful:reference")
        Sample('Investigation', reference='truthful:reference')
    """

    kind: str
    setup: Mapping[str, Any] | None = field(default=None, hash=False)
    make: str | None = None
    reference: str | None = None

    def __repr__(self) -> str:
        args = [repr(self.kind)]
        if self.setup is not None:
            args.append(repr(dict(self.setup)))
        if self.make is not None:
            args.append(f"make={self.make!r}")
        if self.reference is not None:
            args.append(f"reference={self.reference!r}")
        return f"Sample({', '.join(args)})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Declaration:
    """One game, as it declares itself.

    Paths name an attribute of a module of the game's package as ``"module:attribute"``
    (``"play:ADAPTER"`` is ``ADAPTER`` of ``<package>.play``).

    Attributes:
        name: its one name on the command line, in saved files and in the docs.
        title: its name as printed on the box.
        package: the Python package that holds everything about it.
        aliases: other names accepted wherever a game is named (case, spaces, ``-``,
            ``_`` and punctuation never matter).
        kinds: each kind of investigation it saves, as the path of its class; the first
            is the game's main investigation. The class name is the kind written in
            saved files.
        tags: the tags of saved files of format 1 -> the kind (class name) they hold.
        autosave: the file name stem of its autosave file (default: its name).
        front_end: the path of its console front end (a :class:`deduce.play.Adapter`),
            or None when ``deduce play`` cannot play it.
        demo: the path of its narrated demo ``run(console, *, seed)``, or None.
        decisions: the path of the function that reads a clue as a move of mine that
            answers no query, for the review (``decision(before, clue, *, strategy)``
            returns a :class:`deduce.search.review.Decision`, or None for a clue that is no
            such move: see :mod:`deduce.search.review`), or None: every move of mine is a query.
        simulated: whether ``deduce simulate`` applies: a world is the secret and
            every answer is a function of it.
        solo: for a game whose answers depend on more than a world (a deal of hidden
            hands), the path of the function ``deduce simulate`` plays it with instead:
            ``solo(start, strategy, *, games, first, opening, executor, progress)``
            returning a :class:`deduce.table.simulation.Stats` over games dealt at
            random; or None.
        samples: a sample investigation of each kind (more than one of a kind is
            allowed: :meth:`sample` makes the first), for
            :func:`deduce.testing.check_game`.
        table_setup: answers to the console's set-up questions (``KEY=VALUE``, as
            ``deduce play --set`` takes them) that start a sample game.
        table_lines: console lines that, played after ``table_setup``, make every
            example of the console's help possible (an example of the same verb as one
            of them is tried without them, at the start).

    Example:
        >>> from deduce.core import registry
        >>> registry.find("mastermind").title
        'Mastermind'
    """

    name: str
    title: str
    package: str
    aliases: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ("investigation:Investigation",)
    tags: tuple[tuple[str, str], ...] = ()
    autosave: str = ""
    front_end: str | None = "play:ADAPTER"
    demo: str | None = "demo:run"
    decisions: str | None = None
    simulated: bool = False
    solo: str | None = None
    samples: tuple[Sample, ...] = field(default=(), hash=False)
    table_setup: tuple[str, ...] = ()
    table_lines: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for argument in ("name", "title", "package"):
            value = getattr(self, argument)
            if not isinstance(value, str) or not key(value):
                raise InvalidInput(argument, value, "a name with a letter or a digit")
        for argument in ("aliases", "kinds", "table_setup", "table_lines"):
            value = getattr(self, argument)
            if not isinstance(value, tuple) or not all(isinstance(v, str) for v in value):
                raise InvalidInput(argument, value, "a tuple of strings")
        if not self.kinds or not all(_is_path(path) for path in self.kinds):
            raise InvalidInput("kinds", self.kinds, "paths 'module:Class', at least one")
        for path_argument in ("front_end", "demo", "decisions", "solo"):
            path = getattr(self, path_argument)
            if path is not None and not _is_path(path):
                raise InvalidInput(path_argument, path, "a path 'module:attribute', or None")
        for tag, kind in self.tags:
            if kind not in self.kind_names:
                raise InvalidInput("tags", (tag, kind), list(self.kind_names))
        for sample in self.samples:
            if not isinstance(sample, Sample) or sample.kind not in self.kind_names:
                raise InvalidInput("samples", sample, f"a Sample of {list(self.kind_names)}")
            if sample.setup is not None:
                json.dumps(dict(sample.setup))  # plain values only (a TypeError otherwise)
            for path_argument in ("make", "reference"):
                path = getattr(sample, path_argument)
                if path is not None and not _is_path(path):
                    raise InvalidInput(path_argument, path, "a path 'module:function', or None")
        if not isinstance(self.simulated, bool):
            raise InvalidInput("simulated", self.simulated, [True, False])
        if self.simulated and self.solo is not None:
            raise InvalidInput("solo", self.solo, N_("None for a game simulated by its worlds"))
        if not self.autosave:
            object.__setattr__(self, "autosave", self.name)

    @property
    def kind_names(self) -> tuple[str, ...]:
        """The kinds of investigation, as saved files name them (class names)."""
        return tuple(path.rpartition(":")[2].rpartition(".")[2] for path in self.kinds)

    def matches(self, text: object) -> bool:
        """Whether ``text`` names this game (its name or an alias)."""
        if not isinstance(text, str):
            return False
        wanted = key(text)
        return bool(wanted) and (
            wanted == key(self.name) or wanted in {key(a) for a in self.aliases}
        )

    def module(self, part: str = "") -> ModuleType:
        """The game's package, or one of its modules (``"play"``, ``"demo"``).

        Raises:
            InvalidInput: the package has no such module.
        """
        if not isinstance(part, str) or (part and not part.replace("_", "a").isalnum()):
            raise InvalidInput("part", part, "the name of a module of the game's package")
        name = f"{self.package}.{part}" if part else self.package
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as error:
            if error.name is None or not name.startswith(error.name):
                raise  # the module is there, and fails to import something else
            raise InvalidInput("part", part, "a module of the game's package") from None

    def load(self, path: str) -> Any:
        """The attribute that ``path`` (``"module:attribute"``) names in the package.

        Raises:
            InvalidInput: no such module or attribute.
        """
        module, _, attribute = path.partition(":")
        found: object = self.module(module)
        for part in attribute.split("."):
            if not part.isidentifier() or not hasattr(found, part):
                raise InvalidInput("path", path, "'module:attribute' of the game's package")
            found = getattr(found, part)
        return found

    def kind(self, name: object = None) -> type[Any]:
        """The investigation class of kind ``name`` (default: the main one).

        Raises:
            InvalidInput: the game has no kind of that name.
        """
        if name is None:
            name = self.kind_names[0]
        if not isinstance(name, str):
            raise InvalidInput("kind", name, list(self.kind_names))
        for kind_name, path in zip(self.kind_names, self.kinds, strict=True):
            if kind_name == name:
                found: type[Any] = self.load(path)
                return found
        raise InvalidInput("kind", name, list(self.kind_names))

    def tag_kind(self, tag: object) -> str | None:
        """The kind that a format 1 ``tag`` stands for, or None."""
        if not isinstance(tag, str):
            return None
        return next((kind for t, kind in self.tags if t == tag), None)

    def adapter(self) -> Any:
        """The game's console front end.

        Raises:
            InvalidInput: the game has none.
        """
        if self.front_end is None:
            raise InvalidInput("game", self.name, N_("a game with a console front end"))
        return self.load(self.front_end)

    def run_demo(self) -> Callable[..., None]:
        """The game's narrated demo: ``run(console, *, seed)``.

        Raises:
            InvalidInput: the game has none.
        """
        if self.demo is None:
            raise InvalidInput("game", self.name, N_("a game with a demo"))
        run: Callable[..., None] = self.load(self.demo)
        return run

    def sample(self, kind: str | None = None) -> Any:
        """A new investigation of the sample set-up of ``kind`` (default: the first sample).

        Raises:
            InvalidInput: no sample of that kind is declared.
        """
        for sample in self.samples:
            if kind is None or sample.kind == kind:
                return self.make(sample)
        raise InvalidInput("kind", kind, [s.kind for s in self.samples])

    def make(self, sample: Sample) -> Any:
        """A new investigation of ``sample`` (one of :attr:`samples`)."""
        if sample.make is not None:
            return self.load(sample.make)()
        made = self.kind(sample.kind)
        if sample.setup is None:
            return made()
        return made.from_setup(json.loads(json.dumps(dict(sample.setup))))

    def reference(self, sample: Sample) -> Callable[[Any], Any] | None:
        """The brute force that ``sample`` names (see :attr:`Sample.reference`), or None."""
        if sample.reference is None:
            return None
        found: Callable[[Any], Any] = self.load(sample.reference)
        return found


def _is_path(path: object) -> bool:
    if not isinstance(path, str):
        return False
    _, colon, attribute = path.partition(":")
    return bool(colon and attribute and all(p.isidentifier() for p in attribute.split(".")))


guard(globals())
