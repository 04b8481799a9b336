"""Interactive front ends of ``deduce play``: one small adapter module per game."""

from __future__ import annotations

import importlib
import pkgutil

from deduce.errors import InvalidInput

from .adapter import Adapter, key

__all__ = ["adapter", "adapters"]

_NOT_GAMES = {"adapter", "session"}
_ALIASES = {"thirteenclues": "13clues", "13indizien": "13clues", "kreuzverhör": "kreuzverhoer"}


def adapters() -> dict[str, Adapter]:
    """Every game that ``deduce play`` knows, by its command-line name."""
    found: dict[str, Adapter] = {}
    for module in pkgutil.iter_modules(__path__):
        if module.name in _NOT_GAMES or module.name.startswith("_"):
            continue
        loaded = importlib.import_module(f"{__name__}.{module.name}")
        game: Adapter = loaded.ADAPTER
        found[game.name] = game
    return dict(sorted(found.items()))


def adapter(name: str) -> Adapter:
    """The adapter of game ``name`` (hyphens, underscores and case do not matter)."""
    known = adapters()
    wanted = _ALIASES.get(key(name), key(name))
    for game_name, game in known.items():
        if key(game_name) == wanted:
            return game
    raise InvalidInput("game", name, list(known))
