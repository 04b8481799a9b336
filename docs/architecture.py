"""The architecture section of ``docs/explanation.md``, drawn from the code.

The folder map lists every module of the package with the first line of its docstring;
the layers put each module above every module it imports (imports inside functions
count; imports only for type checking do not, as they never run). The section between
the two markers of ``docs/explanation.md`` is this text, so it cannot drift from the
code: ``python docs/architecture.py`` writes it again, and a test checks it.

Example:
    >>> graph = imports()
    >>> "deduce.space" in graph["deduce.investigation"]
    True
    >>> "deduce.errors" in layers()[0], cycles()
    (True, [])
"""

from __future__ import annotations

import ast
import sys
import textwrap
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "deduce"
DOC = ROOT / "docs" / "explanation.md"
BEGIN = "<!-- architecture: begin (python docs/architecture.py writes this part) -->"
END = "<!-- architecture: end -->"
ALIASES = ("deduce.grammar", "deduce.arguments", "deduce.cli")
"""Modules kept one release under their former names; they only re-export."""


def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its ``__init__``)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def _type_checking_only(tree: ast.Module) -> set[int]:
    """The ids of the import nodes under ``if TYPE_CHECKING:``."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                skipped |= {id(n) for n in ast.walk(inner)}
    return skipped


def _resolve(module: str, path: Path, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{node.module}" if node.module else package


@cache
def imports() -> dict[str, frozenset[str]]:
    """Each module -> the modules of the package it imports when it runs."""
    known = modules()
    graph: dict[str, frozenset[str]] = {}
    for module, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skipped = _type_checking_only(tree)
        targets: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            if isinstance(node, ast.Import):
                targets |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(module, path, node)
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    targets.add(full if full in known else base)
        graph[module] = frozenset(t for t in targets if t in known and t != module)
    return graph


def cycles() -> list[list[str]]:
    """Every import circle, each as the modules along it (none, when all is well)."""
    graph = imports()
    found: list[list[str]] = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        stack.append(module)
        for target in sorted(graph[module]):
            if state.get(target) == 1:
                found.append([*stack[stack.index(target) :], target])
            elif target not in state:
                visit(target)
        stack.pop()
        state[module] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module)
    return found


def layers() -> list[list[str]]:
    """The modules by layer: each imports only modules of the layers below it."""
    graph = imports()
    level: dict[str, int] = {}

    def depth(module: str, seen: tuple[str, ...] = ()) -> int:
        if module not in level:
            below = [depth(t, (*seen, module)) for t in graph[module] if t not in seen]
            level[module] = 1 + max(below, default=-1)
        return level[module]

    for module in graph:
        depth(module)
    order = list(modules())
    result: list[list[str]] = [[] for _ in range(max(level.values()) + 1)]
    for module in sorted(level, key=lambda m: (level[m], _rank(m), order.index(m))):
        result[level[module]].append(module)
    return result


def _rank(module: str) -> int:
    return 1 if module.startswith(("deduce.games.", "deduce.play")) else 0


def _summary(path: Path) -> str:
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    line = " ".join(doc.split("\n\n")[0].split())
    return line if len(line) <= 72 else line[:71].rsplit(" ", 1)[0] + " ..."


def folder_map() -> str:
    """The package as a tree: each module with the first sentence of its docstring."""
    known = modules()
    lines = ["deduce/"]
    games = sorted({m.split(".")[2] for m in known if m.startswith("deduce.games.")})
    for module, path in known.items():
        parts = module.split(".")
        if module in ALIASES or (len(parts) > 2 and parts[1] == "games"):
            continue
        if module == "deduce":
            continue
        name = parts[-1] + ("/" if path.name == "__init__.py" else ".py")
        indent = "  " * (len(parts) - 1)
        lines.append(f"{indent}{name:<{24 - len(indent)}}{_summary(path)}")
        if module == "deduce.games":
            for game in games:
                files = sorted(
                    p.name
                    for p in (PACKAGE / "games" / game).glob("*.py")
                    if p.name != "__init__.py"
                )
                wrapped = textwrap.wrap(" ".join(files), 66)
                lines.append(f"    {game + '/':<20}{wrapped[0]}")
                lines.extend(f"    {'':<20}{more}" for more in wrapped[1:])
    lines.append(f"  {'(aliases)':<22}{', '.join(m.split('.')[-1] + '.py' for m in ALIASES)}:")
    lines.append(f"  {'':<22}former names of deduce.play.grammar, .arguments, .cli")
    return "\n".join(lines)


def _short(module: str) -> str:
    return module.removeprefix("deduce.") or "deduce"


def layer_list() -> str:
    """The layers of the engine and the console, lowest first (the games sit above the
    engine's modules they use, and the console finds them through the registry)."""
    lines = []
    for number, layer in enumerate(layers()):
        names = [_short(m) for m in layer if m not in ALIASES and not m.startswith("deduce.games")]
        if not names:
            continue
        wrapped = textwrap.wrap(", ".join(names), 84)
        lines.append(f"{number:>2}  {wrapped[0]}")
        lines.extend(f"    {more}" for more in wrapped[1:])
    return "\n".join(lines)


def section() -> str:
    """The text between the markers of ``docs/explanation.md``."""
    return "\n".join(
        [
            BEGIN,
            "",
            "```text",
            folder_map(),
            "```",
            "",
            "The layers of the engine and the console, lowest first: a module imports only",
            "modules of lower layers (imports inside functions count, imports for type checking",
            "only do not). A game's modules sit above the engine modules they use; no engine",
            "module imports a game or the console, which find the games through the registry.",
            "",
            "```text",
            layer_list(),
            "```",
            "",
            END,
        ]
    )


def written() -> str:
    """The section as ``docs/explanation.md`` has it now."""
    text = DOC.read_text(encoding="utf-8")
    start, end = text.index(BEGIN), text.index(END) + len(END)
    return text[start:end]


def write() -> None:
    """Write the section into ``docs/explanation.md``."""
    text = DOC.read_text(encoding="utf-8")
    DOC.write_text(text.replace(written(), section()), encoding="utf-8")


if __name__ == "__main__":
    write()
    sys.exit(0)
