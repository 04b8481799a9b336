"""Every program and notebook in examples/ runs, and the documentation builds without a
warning."""

from __future__ import annotations

import ast
import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.py"))
NOTEBOOKS = sorted((ROOT / "examples").glob("*.ipynb"))


def test_there_are_examples() -> None:
    assert EXAMPLES, "examples/ holds no program"


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_runs(path: Path, tmp_path: Path) -> None:
    env = {**os.environ, "MPLBACKEND": "Agg"}
    result = subprocess.run(
        [sys.executable, str(path)],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.skipif(
    importlib.util.find_spec("mkdocs") is None or importlib.util.find_spec("griffe") is None,
    reason="the docs extra is not installed",
)
def test_docs_build_strictly(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert result.returncode == 0, result.stderr
    warnings = [
        line
        for line in result.stderr.splitlines()
        if "WARNING" in line and not line.startswith(_KERNEL_NOTICE)
    ]
    assert warnings == []
    assert (tmp_path / "reference" / "index.html").exists()
    for name in ("thirteen_clues_game", "strategies"):  # the notebooks, run, with charts
        page = (tmp_path / "notebooks" / name / "index.html").read_text(encoding="utf-8")
        assert "data:image/png;base64" in page, name
        assert "Traceback" not in page, name


# the kernel's own notice about its local connection, printed while notebooks run
_KERNEL_NOTICE = "[IPKernelApp] WARNING | Kernel is running over TCP without encryption."


def test_notebooks_are_stored_without_outputs() -> None:
    import nbformat

    assert [p.name for p in NOTEBOOKS] == ["strategies.ipynb", "thirteen_clues_game.ipynb"]
    for path in NOTEBOOKS:
        notebook = nbformat.read(path, as_version=4)
        nbformat.validate(notebook)
        for cell in notebook.cells:
            if cell.cell_type == "code":
                assert cell.outputs == [] and cell.execution_count is None, path.name


def run_notebook(path: Path, folder: Path) -> tuple[Any, Any]:
    """Execute the notebook in a fresh kernel; the notebook and its result cell's value."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    NotebookClient(
        notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(folder)}}
    ).execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"], path.name
    assert not [o for o in outputs if o.get("name") == "stderr"], path.name
    charts = [o for o in outputs if "image/png" in o.get("data", {})]
    assert len(charts) >= 2, path.name
    shown = [o["data"].get("text/plain", "") for o in outputs if "data" in o]
    assert not [s for s in shown if s.startswith("<Axes")], path.name  # a chart, never its repr
    (result,) = [c for c in notebook.cells if "result" in c.metadata.get("tags", [])]
    (value,) = [o for o in result.outputs if o.output_type == "execute_result"]
    return notebook, ast.literal_eval(value["data"]["text/plain"])


def test_thirteen_clues_notebook(tmp_path: Path) -> None:
    from deduce.games.thirteen_clues import Deal, Investigation

    notebook, result = run_notebook(ROOT / "examples" / "thirteen_clues_game.ipynb", tmp_path)
    deal = Deal.random(result["players"], seed=result["seed"])
    start = Investigation(
        players=4, hand=deal.hands[0], puzzles={s: deal.puzzles[s] for s in (1, 2, 3)}
    )
    assert result["possible at the start"] == len(start.solutions()) == 75
    left = result["left after each move"]
    assert left == sorted(left, reverse=True) and left[-1] == 1 and len(left) > 3
    assert result["accused"] == result["secret"] == str(deal.puzzles[0])
    assert result["certain"] is True
    assert result["sheet sums"] == [1.0]
    html = [
        o for c in notebook.cells for o in c.get("outputs", []) if "text/html" in o.get("data", {})
    ]
    assert any("1 solution left" in o["data"]["text/html"] for o in html)


@pytest.mark.slow
def test_strategies_notebook(tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    import deduce
    from deduce.games import kreuzverhoer

    _, result = run_notebook(ROOT / "examples" / "strategies.ipynb", tmp_path)
    # Knuth (1977) and Kooi (2005): totals over all 1296 secrets, and the worst case
    assert result["mastermind"] == {
        "minimax": (5801, 5),
        "entropy": (5722, 6),
        "expected_size": (5696, 6),
        "most_parts": (5668, 6),
    }
    case_file = kreuzverhoer.Investigation(kreuzverhoer.Deck.default())
    with ThreadPoolExecutor(1) as one:
        again = {
            name: deduce.simulate(case_file, name, executor=one) for name in ("entropy", "minimax")
        }
    assert result["kreuzverhoer"] == {n: (s.total, s.worst) for n, s in again.items()}
