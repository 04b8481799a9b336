"""Every built-in game, one record each, looked up by name without importing the game.

The engine and the front ends know the games only through this table: ``deduce play``,
``deduce demo``, ``deduce simulate`` and :meth:`deduce.Investigation.from_json` all accept
the same names, and import a game's package only when it is used.

Example:
    >>> from deduce import registry
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

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from deduce.arguments import key
from deduce.errors import InvalidInput

__all__ = ["GAMES", "GameEntry", "find", "key", "kind", "names"]


@dataclass(frozen=True, slots=True)
class GameEntry:
    """One built-in game.

    Attributes:
        name: its one name on the command line and in the docs.
        title: its name as printed on the box.
        package: the Python package holding everything about it.
        aliases: other names accepted wherever a game is named.
        kinds: each kind of investigation it saves (the class name written in saved
            files) -> ``"module:Class"``; the first is the game's main investigation.
        tags: the tags of saved files of format 1 -> the kind they hold.
        autosave: the file name stem of its autosave file.

    Example:
        >>> find("mastermind")
        GameEntry(name='mastermind', title='Mastermind', package='deduce.games.mastermind', ...)
    """

    name: str
    title: str
    package: str
    aliases: tuple[str, ...]
    kinds: tuple[tuple[str, str], ...]
    tags: tuple[tuple[str, str], ...]
    autosave: str

    def module(self, part: str = "") -> Any:
        """The game's package, or one of its modules (``"play"``, ``"demo"``)."""
        return importlib.import_module(f"{self.package}.{part}" if part else self.package)

    def adapter(self) -> Any:
        """The game's table front end (its ``play`` module's ``ADAPTER``)."""
        return self.module("play").ADAPTER

    def demo(self) -> Callable[..., None]:
        """The game's narrated demo: ``run(console, *, seed)``."""
        run: Callable[..., None] = self.module("demo").run
        return run

    def matches(self, text: str) -> bool:
        """Whether ``text`` names this game (case, spaces, ``-`` and ``_`` do not matter)."""
        wanted = key(text)
        return wanted == key(self.name) or wanted in {key(a) for a in self.aliases}


GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        name="mastermind",
        title="Mastermind",
        package="deduce.games.mastermind",
        aliases=(),
        kinds=(("Investigation", "deduce.games.mastermind.investigation:Investigation"),),
        tags=(("mastermind", "Investigation"),),
        autosave="mastermind",
    ),
    GameEntry(
        name="bsi",
        title="Black Stories Investigation",
        package="deduce.games.bsi",
        aliases=("black-stories-investigation", "black-stories"),
        kinds=(
            ("Investigation", "deduce.games.bsi.investigation:Investigation"),
            ("Table", "deduce.games.bsi.table:Table"),
        ),
        tags=(("bsi", "Investigation"), ("bsi-table", "Table")),
        autosave="bsi",
    ),
    GameEntry(
        name="kreuzverhoer",
        title="Kreuzverhör",
        package="deduce.games.kreuzverhoer",
        aliases=("kreuzverhör", "kreuzverhor", "cross-examination"),
        kinds=(("Investigation", "deduce.games.kreuzverhoer.investigation:Investigation"),),
        tags=(("kreuzverhoer", "Investigation"),),
        autosave="kreuzverhoer",
    ),
    GameEntry(
        name="thirteen-clues",
        title="13 Indizien",
        package="deduce.games.thirteen_clues",
        aliases=("13clues", "13-indizien", "13 clues", "dreizehn-indizien"),
        kinds=(("Investigation", "deduce.games.thirteen_clues.investigation:Investigation"),),
        tags=(("thirteen_clues", "Investigation"),),
        autosave="13clues",
    ),
    GameEntry(
        name="crime-writers",
        title="Crime Writers",
        package="deduce.games.crime_writers",
        aliases=(),
        kinds=(("Investigation", "deduce.games.crime_writers.investigation:Investigation"),),
        tags=(("crime_writers", "Investigation"),),
        autosave="crime-writers",
    ),
)


def names() -> list[str]:
    """The name of every built-in game.

    Example:
        >>> names()
        ['mastermind', 'bsi', 'kreuzverhoer', 'thirteen-clues', 'crime-writers']
    """
    return [entry.name for entry in GAMES]


def find(name: object, *, argument: str = "game") -> GameEntry:
    """The game that ``name`` names (its name or an alias; case, spaces, ``-``, ``_`` and
    punctuation do not matter).

    Raises:
        InvalidInput: no game has that name.

    Example:
        >>> find("KREUZVERHÖR").name
        'kreuzverhoer'
    """
    if isinstance(name, str):
        for entry in GAMES:
            if entry.matches(name):
                return entry
        for entry in GAMES:  # a saved-file tag of format 1 names its game too
            if any(tag == name for tag, _ in entry.tags):
                return entry
    raise InvalidInput(argument, name, names())


def kind(game: object, name: object = None) -> type[Any]:
    """The investigation class of kind ``name`` of ``game`` (imported on first use).

    Args:
        game: a game's name or alias, or the tag of a saved file of format 1.
        name: the kind of investigation (``"Investigation"``, ``"Table"``...); default:
            the kind that a format 1 tag stands for, else the game's main one.

    Raises:
        InvalidInput: no built-in game has that name or kind.

    Example:
        >>> kind("13clues").__module__
        'deduce.games.thirteen_clues.investigation'
    """
    entry = find(game)
    if name is None:
        name = next((k for tag, k in entry.tags if tag == game), entry.kinds[0][0])
    for saved, path in entry.kinds:
        if saved == name:
            module, _, attribute = path.partition(":")
            found: type[Any] = getattr(importlib.import_module(module), attribute)
            return found
    raise InvalidInput("kind", name, [saved for saved, _ in entry.kinds])
