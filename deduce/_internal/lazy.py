"""A package's names imported when first used, so that a command imports only what it
runs (``deduce --help`` reads every game's declaration without its bots and advice).

A package lists its names once, as imports under ``if TYPE_CHECKING:`` (what type
checkers and readers see), and hands its globals to :func:`attach`, which reads those
imports from the package's source and answers a name's first use (:pep:`562`) by
importing its module. A name may also be the name of one of the package's modules (a
function ``finish`` in a module ``finish``): Python sets a module's name on its package
when the module is first imported, which would hide the function, so the package keeps
its own meaning of such a name (its module stays in ``sys.modules``).

Example (a package's ``__init__.py``)::

    from typing import TYPE_CHECKING

    from deduce._internal.lazy import attach

    if TYPE_CHECKING:
        from deduce.games.bsi.cards import Card

    __all__ = ["Card"]
    __getattr__, __dir__ = attach(globals())
"""

from __future__ import annotations

import ast
import importlib
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

from deduce._internal.entry import guard

__all__ = ["attach", "lazy_names"]


def lazy_names(source: str) -> dict[str, tuple[str, str]]:
    """The names imported under ``if TYPE_CHECKING:`` in ``source`` (a module's text):
    each name -> (its module, the attribute there).

    Example:
        >>> lazy_names("if TYPE_CHECKING:\\n    from a.b import c as d, e\\n")
        {'d': ('a.b', 'c'), 'e': ('a.b', 'e')}
    """
    names: dict[str, tuple[str, str]] = {}
    for node in ast.parse(source).body:
        if not (isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"):
            continue
        for statement in node.body:
            if isinstance(statement, ast.ImportFrom) and statement.module and not statement.level:
                for alias in statement.names:
                    names[alias.asname or alias.name] = (statement.module, alias.name)
    return names


def attach(
    namespace: dict[str, Any],
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of the package whose globals are
    ``namespace``: its ``TYPE_CHECKING`` imports (:func:`lazy_names`), each imported at
    its first use and kept, its arguments checked as :func:`~deduce._internal.entry.guard`
    checks those of a package's names."""
    package = namespace["__name__"]
    names = lazy_names(Path(namespace["__file__"]).read_text(encoding="utf-8"))

    def load(name: str) -> Any:
        module, attribute = names[name]
        namespace[name] = getattr(importlib.import_module(module), attribute)
        guard(namespace)  # as if imported at once: the names checked, its modules too
        return namespace[name]

    module = sys.modules[package]
    module.__class__ = _Package
    module.__dict__["_lazy_names"] = frozenset(names)

    def __getattr__(name: str) -> Any:
        if name in names:
            return load(name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    def __dir__() -> list[str]:
        return sorted({*namespace, *names})

    return __getattr__, __dir__


class _Package(types.ModuleType):
    """A package whose lazy names keep their meaning when a module of the same name is
    imported (see the module's text)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if (
            isinstance(value, types.ModuleType)
            and name in self.__dict__.get("_lazy_names", ())
            and value.__name__ == f"{self.__name__}.{name}"
        ):
            return  # the package's own name, not its module's
        super().__setattr__(name, value)
