"""``deduce serve``: the console's games in the browser, for the phone on the table.

The pages and the JSON API (:mod:`deduce.serve.app`) are drawn from each game's grammar
(:mod:`deduce.serve.forms`) and run on the console's own sessions, files and locks
(:mod:`deduce.serve.open_games`), behind a token (:mod:`deduce.serve.security`). The web
parts are imported when first used, so ``deduce`` works without the ``serve`` extra.
"""

from typing import TYPE_CHECKING

from deduce._internal.lazy import attach

if TYPE_CHECKING:  # imported when first used (see deduce._internal.lazy)
    from deduce.serve.app import create_app
    from deduce.serve.open_games import Busy, OpenGame, OpenGames, Refused, save_name

__all__ = ["Busy", "OpenGame", "OpenGames", "Refused", "create_app", "save_name"]

__getattr__, __dir__ = attach(globals())
