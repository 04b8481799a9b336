"""The one interactive session of ``deduce play``; each game's front end is the ``play``
module of its package, found through :mod:`deduce.core.registry`."""

from __future__ import annotations

from deduce._internal.entry import guard
from deduce.core import registry

from .adapter import Adapter

__all__ = ["adapter", "adapters"]


def adapters() -> dict[str, Adapter]:
    """Every game that ``deduce play`` knows, by its name."""
    return {g.name: g.adapter() for g in registry.declarations() if g.front_end is not None}


def adapter(name: str) -> Adapter:
    """The front end of game ``name`` (its name or an alias; case, ``-`` and ``_`` do not
    matter)."""
    found: Adapter = registry.find(name).adapter()
    return found


guard(globals())
