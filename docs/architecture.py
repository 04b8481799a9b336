"""The architecture section of ``docs/explanation.md``, drawn from the code.

The folder map lists every module of the package with the first line of its docstring;
the layers (:data:`LAYERS`) say which package may import which (imports inside
functions count; imports only for type checking do not, as they never run). The section between
the two markers of ``docs/explanation.md`` is this text, so it cannot drift from the
code: ``python docs/architecture.py`` writes it again, and a test checks it.

Example:
    >>> graph = imports()
    >>> "deduce.core.space" in graph["deduce.investigation"]
    True
    >>> layer("deduce.errors"), layer("deduce.core.space") < layer("deduce.search.advice")
    (0, True)
    >>> cycles(), upward()
    ([], [])
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
LAYERS: tuple[tuple[str, str], ...] = (
    ("deduce.errors", "the errors every layer raises"),
    (
        "deduce._internal",
        "argument checks, name matching, safe reading, the player's language: no public API",
    ),
    ("deduce.core", "spaces, strategies, hooks, history, persistence, the game registry"),
    ("deduce.search", "ranking, lookahead, optimal trees, advice, the review of moves"),
    ("deduce.investigation", "the investigation a user holds: core and search together"),
    ("deduce.model", "custom games declared as variables and constraints"),
    ("deduce.table", "games played out: referee, bots, rollouts, simulation"),
    ("deduce.output", "text, HTML and figures"),
    ("deduce.testing", "strategies, conformance and junk for tests"),
    ("deduce.play", "the console"),
    ("deduce.games", "the six games (each above every layer it uses)"),
    ("deduce.league", "every game's policies played against each other"),
    ("deduce.serve", "the web companion"),
    ("deduce", "the face: the names a user imports"),
    ("deduce.cli", "the deduce command: play, serve, simulate, league, games, demo"),
    ("deduce.__main__", "python -m deduce: the deduce command"),
)
"""The layers, lowest first, each with what it holds: a module imports only modules of
its own layer or of layers below it (a game package may import any layer below it)."""

UPWARD: dict[tuple[str, str], str] = {
    ("deduce.investigation", "deduce.output.display"): (
        "an investigation draws itself in a notebook (imported when it is drawn)"
    ),
    ("deduce.core", "deduce.output.notebook"): (
        "the marginals and the clue log draw themselves in a notebook (likewise)"
    ),
    ("deduce.search", "deduce.output.notebook"): (
        "recommendations and reviews draw themselves in a notebook (likewise)"
    ),
    ("deduce.table", "deduce.output.notebook"): (
        "a simulation's stats and the chances to win draw themselves in a notebook (likewise)"
    ),
    ("deduce.league.__main__", "deduce.cli"): (
        "python -m deduce.league is the deduce command's league"
    ),
}
"""The imports that go up a layer, each with why: the only exceptions (a source that is
a package stands for each of its modules)."""


def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its ``__init__``)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


def layer(module: str) -> int:
    """The number of the layer ``module`` belongs to (see :data:`LAYERS`)."""
    matches = [
        number
        for number, (prefix, _) in enumerate(LAYERS)
        if module == prefix or module.startswith(prefix + ".")
    ]
    return max(matches, key=lambda n: len(LAYERS[n][0]))


def upward() -> list[str]:
    """Every import from a module to a higher layer that :data:`UPWARD` does not list
    (none, when all is well)."""
    found = []
    for module, targets in imports().items():
        for target in sorted(targets):
            if layer(target) > layer(module) and not _allowed(module, target):
                found.append(f"{module} -> {target}")
    return found


def _allowed(module: str, target: str) -> bool:
    """Whether :data:`UPWARD` lets ``module`` import ``target``."""
    return any(
        target == allowed and (module == source or module.startswith(source + "."))
        for source, allowed in UPWARD
    )


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


def _summary(path: Path) -> str:
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    line = " ".join(doc.split("\n\n")[0].split())
    return line if len(line) <= 72 else line[:71].rsplit(" ", 1)[0] + " ..."


def folder_map() -> str:
    """The package as a tree: each module with the first sentence of its docstring (a
    game's package as the list of its modules)."""
    known = modules()
    lines = ["deduce/"]
    games = sorted({m.split(".")[2] for m in known if m.startswith("deduce.games.")})
    for module, path in known.items():
        parts = module.split(".")
        if module == "deduce" or (len(parts) > 2 and parts[1] == "games"):
            continue
        name = parts[-1] + ("/" if path.name == "__init__.py" else ".py")
        indent = "  " * (len(parts) - 1)
        lines.append(f"{indent}{name:<{26 - len(indent)}}{_summary(path)}")
        if module == "deduce.games":
            for game in games:
                files = sorted(
                    p.name
                    for p in (PACKAGE / "games" / game).glob("*.py")
                    if p.name != "__init__.py"
                )
                wrapped = textwrap.wrap(" ".join(files), 64)
                lines.append(f"    {game + '/':<22}{wrapped[0]}")
                lines.extend(f"    {'':<22}{more}" for more in wrapped[1:])
    return "\n".join(lines)


def _short(module: str) -> str:
    return module.removeprefix("deduce.") or "deduce"


def layer_list() -> str:
    """The layers, lowest first: each package or module with what it holds."""
    lines = []
    for number, (prefix, holds) in enumerate(LAYERS):
        lines.append(f"{number:>2}  {_short(prefix):<14}{holds}")
    lines.append("")
    lines.append("Imports that go up, each for a reason:")
    for (source, target), why in UPWARD.items():
        lines.append(f"    {_short(source)} -> {_short(target)}: {why}")
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
            "The layers, lowest first: a module imports only modules of its own layer or of",
            "the layers below (imports inside functions count, imports for type checking only",
            "do not), and no import circle. No engine layer imports a game or a front end: the",
            "console and the web companion find the games through the registry.",
            "",
            "```text",
            layer_list(),
            "```",
            "",
            END,
        ]
    )


GUIDE = ROOT / "docs" / "writing_a_game.md"
FILES_BEGIN = "<!-- game files: begin (python docs/architecture.py writes this part) -->"
FILES_END = "<!-- game files: end -->"

GAME_FILES: dict[str, str] = {
    "__init__.py": "the game's public API: the names a user imports, with an explicit `__all__`",
    "manifest.py": "the declaration (`GAME`): names, saved files, front ends, samples",
    "investigation.py": "the investigation: the hooks",
    "play.py": "the console front end (`ADAPTER`, a grammar)",
    "demo.py": "the narrated demo, `run(console, *, seed)`",
    "truthful.py": "secrets and truthful clues for property tests",
    "bots.py": "bots and whole games between them",
    "cards.py": "the cards or the deck: their names and attributes, deck files",
    "clues.py": "the clues and moves as values (frozen dataclasses)",
    "rules.py": "what each clue rules out, when the investigation would grow too long",
    "counting.py": "counting tables: the numbers behind weights, answers and advice",
    "advice.py": "advice that plays to win (points, races, when to accuse)",
    "review.py": "the game's part of the review: my moves that are not questions",
    "table.py": "the whole game at the table, from my seat",
    "position.py": "the game's position for the search that plays to win (`win_chances`)",
    "play_advice.py": "the console's words for the game's advice",
    "symmetry.py": "Mastermind's symmetries of positions and colours",
    "race.py": "BSI's clock and score race: the end of the game",
    "state.py": "BSI's public state of the table and the rules that move it",
    "events.py": "Kreuzverhör's events besides my questionings",
    "finish.py": "the end of Kreuzverhör's race, searched exactly",
    "interrogation.py": "Kreuzverhör's answering side: my case and what my answers teach",
    "study.py": "Kreuzverhör's study: the questionings a strategy needs for every case",
    "table_lines.py": "Kreuzverhör's console lines about the rest of the table",
    "tactics.py": "Kreuzverhör's action cards in the race advice",
    "turns.py": "Kreuzverhör's turn order of a whole game",
    "words.py": "Kreuzverhör's table in the console's words",
    "accusing.py": "13 Indizien's choice to accuse now or ask on",
    "bga.py": "13 Indizien's set-up read from Board Game Arena's page",
    "deals.py": "13 Indizien's deals of one table, counted per puzzle",
    "glasses.py": "13 Indizien's magnifying glasses: who acts next",
    "guest.py": "Crime Writers' guest objective: my points this turn",
    "hints.py": "Crime Writers' soft replies and the cards they point at",
    "play_clues.py": "Crime Writers' console lines that ask and find",
    "scoresheet.py": "Crime Writers' score sheet: finds, the clock, the points",
    "timer.py": "Crime Writers' round clock on a wall clock",
    "title.py": "Crime Writers' title rule",
    "sheet.py": "Cluedo's paper detective's sheet: ticks, crosses, no counting",
    "solo.py": "Cluedo played alone against dealt hands: the suggestions a strategy needs",
    "_sampler_kernel.py": "Cluedo's sampling player's chain, compiled (numba)",
    "views.py": "13 Indizien's other seats' notebooks in drawn deals, kept between decisions",
}
"""What each file of a game holds: the same name, the same job in every game."""


def game_files() -> dict[str, tuple[str, ...]]:
    """Each file name of the built-in games -> the games that have it."""
    found: dict[str, list[str]] = {}
    for game in sorted(
        p.name for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").exists()
    ):
        for path in sorted((PACKAGE / "games" / game).glob("*.py")):
            found.setdefault(path.name, []).append(game)
    return {name: tuple(games) for name, games in found.items()}


def file_table() -> str:
    """The guide's table of a game's files, drawn from the tree."""
    files = game_files()
    games = sorted({g for gs in files.values() for g in gs})
    lines = [
        FILES_BEGIN,
        "",
        "| file | what it holds | " + " | ".join(games) + " |",
        "| --- | --- | " + " | ".join("---" for _ in games) + " |",
    ]
    for name in [n for n in GAME_FILES if n in files]:
        marks = " | ".join("✓" if g in files[name] else "" for g in games)
        lines.append(f"| `{name}` | {GAME_FILES[name]} | {marks} |")
    lines += ["", FILES_END]
    return "\n".join(lines)


def _between(path: Path, begin: str, end: str) -> str:
    text = path.read_text(encoding="utf-8")
    start, stop = text.index(begin), text.index(end) + len(end)
    return text[start:stop]


def written() -> str:
    """The section as ``docs/explanation.md`` has it now."""
    return _between(DOC, BEGIN, END)


def written_table() -> str:
    """The file table as ``docs/writing_a_game.md`` has it now."""
    return _between(GUIDE, FILES_BEGIN, FILES_END)


def write() -> None:
    """Write the section into ``docs/explanation.md`` and the file table into the guide."""
    text = DOC.read_text(encoding="utf-8")
    DOC.write_text(text.replace(written(), section()), encoding="utf-8")
    guide = GUIDE.read_text(encoding="utf-8")
    GUIDE.write_text(guide.replace(written_table(), file_table()), encoding="utf-8")


if __name__ == "__main__":
    write()
    sys.exit(0)
