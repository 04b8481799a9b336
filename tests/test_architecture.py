"""The house rules, checked on the code: no import circle (imports inside functions
count), no reaching into another module's private names, the engine free of games and
front ends, and the architecture section of the docs drawn from the code. A module is as
long as its job needs: it is split by responsibility, never by a count of lines."""

from __future__ import annotations

import ast
import sys

import pytest
from places import ROOT

sys.path.insert(0, str(ROOT / "docs"))
import architecture

MODULES = architecture.modules()


def test_no_import_circle() -> None:
    assert architecture.cycles() == []


def test_the_engine_imports_no_game_and_no_front_end() -> None:
    front = architecture.layer("deduce.play")
    engine = [m for m in MODULES if architecture.layer(m) < front or m == "deduce"]
    for module in engine:
        reached = {
            t
            for t in architecture.imports()[module]
            if t.startswith(("deduce.games", "deduce.play", "deduce.serve", "deduce.cli"))
        }
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
# sys._getframe: the caller's frame, as documented; _: gettext's name for "translate"
DOCUMENTED = NAMEDTUPLE | {"_getframe", "_"}


def _private(name: str) -> bool:
    dunder = name.startswith("__") and name.endswith("__")
    return name.startswith("_") and not dunder and name not in DOCUMENTED


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_reaches_into_another_modules_private_names(module: str) -> None:
    assert _private_reaches(module) == []


def test_the_docs_architecture_section_is_drawn_from_the_code() -> None:
    assert architecture.written() == architecture.section(), (
        "docs/explanation.md is out of date: run python docs/architecture.py"
    )


def test_the_guides_file_table_is_drawn_from_the_tree() -> None:
    assert set(architecture.game_files()) <= set(architecture.GAME_FILES), "a file has no job"
    assert set(architecture.GAME_FILES) <= set(architecture.game_files()), "a job has no file"
    assert architecture.written_table() == architecture.file_table(), (
        "docs/writing_a_game.md is out of date: run python docs/architecture.py"
    )


STABLE = {
    "deduce",
    "deduce.core",
    "deduce.play.grammar",
    "deduce.play.adapter",
    "deduce.table",
    "deduce.testing",
}
"""What a game written outside deduce imports (the guide's "What a game imports")."""


def _imported(text: str) -> set[str]:
    found = set()
    for line in text.splitlines():
        line = line.strip().removeprefix(">>> ")
        if line.startswith("from deduce") or line.startswith("import deduce"):
            found.add(line.split()[1])
    return found


def test_a_game_from_outside_imports_only_the_stable_names() -> None:
    plugin = ROOT / "examples" / "plugin" / "lineup_game"
    used = set().union(*(_imported(p.read_text(encoding="utf-8")) for p in plugin.glob("*.py")))
    assert used and used <= STABLE
    guide = _imported((ROOT / "docs" / "writing_a_game.md").read_text(encoding="utf-8"))
    assert {m for m in guide if not m.startswith("deduce.games")} <= STABLE
    for module in STABLE:  # each is a real module with a public face
        assert __import__(module, fromlist=["__all__"]).__all__


def test_no_import_goes_up_a_layer() -> None:
    assert architecture.upward() == []


def test_the_top_level_holds_the_face_and_a_handful_of_modules() -> None:
    top = {m for m, path in MODULES.items() if m.count(".") == 1 and path.name != "__init__.py"}
    assert top == {
        "deduce.errors",
        "deduce.investigation",
        "deduce.model",
        "deduce.cli",
        "deduce.__main__",
    }


def test_every_package_is_a_layer_or_inside_one() -> None:
    packages = {
        m for m, path in MODULES.items() if path.name == "__init__.py" and m.count(".") == 1
    }
    declared = {prefix for prefix, _ in architecture.LAYERS}
    assert packages <= declared


SAME_JOB = {
    "investigation": "the engine's investigation, and each game's, which extends it",
    "advice": "the advice every investigation gives, and each game's own at its table",
    "review": "the review of every question, and each game's moves that are not questions",
}
"""The names an engine module shares with game modules: the engine's part of a job, and
each game's part of the same job."""

ENGINE_PLACE = {"investigation": "deduce", "advice": "deduce.search", "review": "deduce.search"}
assert ENGINE_PLACE.keys() == SAME_JOB.keys()


def test_no_two_modules_share_a_name_unless_the_same_job_in_different_games() -> None:
    by_name: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        if path.name in ("__init__.py", "__main__.py"):  # Python's names: a package, -m
            continue
        parts = module.split(".")
        place = "a game" if parts[1] == "games" else ".".join(parts[:-1])
        by_name.setdefault(parts[-1], set()).add(place)
    shared = {name: places for name, places in by_name.items() if len(places) > 1}
    assert {name: places - {"a game"} for name, places in shared.items()} == {
        name: {by_engine} for name, by_engine in ENGINE_PLACE.items()
    }
