"""The house rules, checked on the code: no import circle (imports inside functions
count), no reaching into another module's private names, the engine free of games and
front ends, and the architecture section of the docs drawn from the code. A module is as
long as its job needs: it is split by responsibility, never by a count of lines."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "docs"))
import architecture

MODULES = architecture.modules()


def test_no_import_circle() -> None:
    assert architecture.cycles() == []


def test_the_engine_imports_no_game_and_no_front_end() -> None:
    engine = [
        m
        for m in MODULES
        if not m.startswith(("deduce.games", "deduce.play", "deduce.serve"))
        and m not in architecture.ALIASES
    ]
    for module in engine:
        reached = {
            t
            for t in architecture.imports()[module]
            if t.startswith(("deduce.games", "deduce.play", "deduce.serve"))
        }
        if module == "deduce":  # the package imports the engine's public names only
            assert reached == set()
        assert reached == set(), module


def _defined_names(tree: ast.Module) -> set[str]:
    """Every name a module defines: functions, classes, attributes it assigns (``self.x``
    and ``X.x`` alike), and the names of its dataclass fields and slots."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def _private_reaches(module: str) -> list[str]:
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    own = _defined_names(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("deduce"):
            found += [f"from {node.module} import {a.name}" for a in node.names if _private(a.name)]
        elif isinstance(node, ast.Attribute) and _private(node.attr) and node.attr not in own:
            found.append(f"line {node.lineno}: .{node.attr}")
    return found


NAMEDTUPLE = {"_replace", "_asdict", "_fields", "_make"}  # public API, underscore or not


def _private(name: str) -> bool:
    dunder = name.startswith("__") and name.endswith("__")
    return name.startswith("_") and not dunder and name not in NAMEDTUPLE


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_reaches_into_another_modules_private_names(module: str) -> None:
    assert _private_reaches(module) == []


def test_the_docs_architecture_section_is_drawn_from_the_code() -> None:
    assert architecture.written() == architecture.section(), (
        "docs/explanation.md is out of date: run python docs/architecture.py"
    )


@pytest.mark.parametrize("name", ["grammar", "arguments", "cli"])
def test_the_former_module_names_still_work_with_a_warning(name: str) -> None:
    import importlib

    sys.modules.pop(f"deduce.{name}", None)
    with pytest.warns(DeprecationWarning, match=f"deduce.play.{name}"):
        old = importlib.import_module(f"deduce.{name}")
    new = importlib.import_module(f"deduce.play.{name}")
    assert old.__all__ == new.__all__
    assert all(getattr(old, n) is getattr(new, n) for n in new.__all__)
