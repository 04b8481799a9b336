"""Every game deduce knows, built from the games' declarations.

The built-in games declare themselves in their package's ``manifest`` module; a game
published as its own distribution names its :class:`~deduce.core.declaration.Declaration`
in the entry-point group ``deduce.games``::

    [project.entry-points."deduce.games"]
    coin = "coin_game.manifest:GAME"

The entry points are read on first use, not when deduce is imported. A plug-in that
cannot be loaded (an import error, not a declaration, a name that is taken) is reported
by name in :func:`problems` (and once as a warning) and never stops the other games.
``deduce play``, ``deduce demo``, ``deduce simulate``,
:meth:`deduce.Investigation.from_json` and :func:`deduce.testing.check_game` all accept
the same names, and import a game's package only when it is used.

Example:
    >>> from deduce.core import registry
    >>> registry.find("13 Indizien").name
    'thirteen-clues'
    >>> registry.find("Crime_Writers").package
    'deduce.games.crime_writers'
    >>> registry.kind("bsi", "Table").__name__
    'Table'
    >>> registry.kind("bsi-table").__name__  # the tag of format 1 saved files
    'Table'
"""

from __future__ import annotations

import functools
import importlib
import warnings
from dataclasses import dataclass
from importlib import metadata
from typing import Any

from deduce._internal.entry import guard
from deduce._internal.validation import key
from deduce.core.declaration import Declaration, Sample
from deduce.errors import InvalidInput

__all__ = [
    "BUILT_IN",
    "ENTRY_POINTS",
    "Declaration",
    "GameEntry",
    "Problem",
    "Sample",
    "declarations",
    "find",
    "key",
    "kind",
    "names",
    "problems",
    "refresh",
]

ENTRY_POINTS = "deduce.games"
"""The entry-point group in which a distribution names its games' declarations."""

BUILT_IN = (
    "deduce.games.mastermind.manifest:GAME",
    "deduce.games.bsi.manifest:GAME",
    "deduce.games.kreuzverhoer.manifest:GAME",
    "deduce.games.thirteen_clues.manifest:GAME",
    "deduce.games.crime_writers.manifest:GAME",
    "deduce.games.cluedo.manifest:GAME",
)
"""Where the built-in games' declarations are (``module:attribute``)."""

GameEntry = Declaration
"""The former name of :class:`~deduce.core.declaration.Declaration` (kept for one release)."""


@dataclass(frozen=True, slots=True)
class Problem:
    """A game plug-in that could not be used.

    Attributes:
        name: the entry point's name.
        source: what it points at (``module:attribute``).
        reason: what went wrong.

    Example:
        >>> Problem("coin", "coin_game:GAME", "ModuleNotFoundError: No module named 'coin_game'")
        Problem(name='coin', source='coin_game:GAME', reason="ModuleNotFoundError: ...")
    """

    name: str
    source: str
    reason: str

    def __str__(self) -> str:
        return f"the game plug-in {self.name!r} ({self.source}) was not loaded: {self.reason}"


@functools.cache
def _load() -> tuple[tuple[Declaration, ...], tuple[Problem, ...]]:
    games: list[Declaration] = [_built_in(path) for path in BUILT_IN]
    problems: list[Problem] = []
    for point in _entry_points():
        try:
            declared = point.load()
            if not isinstance(declared, Declaration):
                raise TypeError(f"{type(declared).__name__} is not a deduce Declaration")
            taken = [g.name for g in games if _clash(g, declared)]
            if taken:
                raise ValueError(f"the name {declared.name!r} is taken by {taken[0]!r}")
        except Exception as error:  # a broken plug-in never stops the other games
            problem = Problem(point.name, point.value, f"{type(error).__name__}: {error}")
            problems.append(problem)
            warnings.warn(str(problem), RuntimeWarning, stacklevel=3)
            continue
        games.append(declared)
    return tuple(games), tuple(problems)


def _built_in(path: str) -> Declaration:
    module, _, attribute = path.partition(":")
    declared: Declaration = getattr(importlib.import_module(module), attribute)
    return declared


def _entry_points() -> list[metadata.EntryPoint]:
    return sorted(metadata.entry_points(group=ENTRY_POINTS), key=lambda p: (p.name, p.value))


def _clash(old: Declaration, new: Declaration) -> bool:
    words = {key(w) for w in (new.name, *new.aliases)}
    return bool(words & {key(w) for w in (old.name, *old.aliases)})


def declarations() -> tuple[Declaration, ...]:
    """Every game: the built-in ones, then the plug-ins, in the order of their names.

    Example:
        >>> [game.name for game in declarations()][:2]
        ['mastermind', 'bsi']
    """
    return _load()[0]


def problems() -> tuple[Problem, ...]:
    """The game plug-ins that could not be loaded, each with its reason.

    Example:
        >>> problems()
        ()
    """
    return _load()[1]


def refresh() -> None:
    """Read the entry points again (after a distribution was installed in this process).

    Example:
        >>> refresh()
        >>> names()[0]
        'mastermind'
    """
    _load.cache_clear()
    importlib.invalidate_caches()


def names() -> list[str]:
    """The name of every game.

    Example:
        >>> names()[:5]
        ['mastermind', 'bsi', 'kreuzverhoer', 'thirteen-clues', 'crime-writers']
    """
    return [game.name for game in declarations()]


def find(name: object, *, argument: str = "game") -> Declaration:
    """The game that ``name`` names (its name or an alias; case, spaces, ``-``, ``_`` and
    punctuation do not matter), or the tag of a saved file of format 1.

    Raises:
        InvalidInput: no game has that name.

    Example:
        >>> find("KREUZVERHÖR").name
        'kreuzverhoer'
    """
    if not isinstance(name, str):
        raise InvalidInput(argument, name, names())
    games = declarations()
    for game in games:
        if game.matches(name):
            return game
    for game in games:
        if game.tag_kind(name) is not None:
            return game
    raise InvalidInput(argument, name, names())


def kind(game: object, name: object = None) -> type[Any]:
    """The investigation class of kind ``name`` of ``game`` (imported on first use).

    Args:
        game: a game's name or alias, or the tag of a saved file of format 1.
        name: the kind of investigation (``"Investigation"``, ``"Table"``...); default:
            the kind that a format 1 tag stands for, else the game's main one.

    Raises:
        InvalidInput: no game has that name or kind.

    Example:
        >>> kind("13clues").__module__
        'deduce.games.thirteen_clues.investigation'
    """
    declared = find(game)
    if name is None:
        name = declared.tag_kind(game)
    return declared.kind(name)


def __getattr__(name: str) -> Any:
    if name == "GAMES":  # the former table of built-in games (kept for one release)
        return declarations()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


guard(globals())
