"""``deduce serve``: the console's games in the browser, for the phone on the table.

The pages and the JSON API (:mod:`deduce.serve.app`) are drawn from each game's grammar
(:mod:`deduce.serve.forms`) and run on the console's own sessions, files and locks
(:mod:`deduce.serve.open_games`), behind a token (:mod:`deduce.serve.security`). The web
parts are imported when first used, so ``deduce`` works without the ``serve`` extra.
"""

from __future__ import annotations

from typing import Any

from deduce._internal.entry import guard

from .open_games import Busy, OpenGame, OpenGames, Refused, save_name

__all__ = ["Busy", "OpenGame", "OpenGames", "Refused", "create_app", "save_name"]


def __getattr__(name: str) -> Any:
    if name == "create_app":  # Starlette and Jinja2: the serve extra
        from .app import create_app

        return create_app
    raise AttributeError(f"module 'deduce.serve' has no attribute {name!r}")


guard(globals())
