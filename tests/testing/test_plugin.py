"""A game from outside: the example plug-in of ``examples/plugin`` installed as its own
distribution, and broken plug-ins beside it, seen through the real console script.

The plug-in is installed once per test run with pip into a temporary directory
(``pip install --no-deps --no-build-isolation --no-index --target``: offline, built by
the setuptools of the project's own environment); every check runs in a subprocess
whose ``PYTHONPATH`` holds that directory, so the project's environment is never
changed. The broken plug-ins are an installed distribution written by hand (a
``.dist-info`` folder with its entry points, as an installer leaves it), beside one sound
game that declares neither a console front end nor a demo.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path

import pytest
from places import ROOT
from terminal import Terminal, script

from deduce.core import registry

PLUGIN = ROOT / "examples" / "plugin"
BUILT_IN = ["mastermind", "bsi", "kreuzverhoer", "thirteen-clues", "crime-writers", "cluedo"]
DEMOS = [d.name for d in registry.declarations() if d.name in BUILT_IN and d.demo is not None]
"""The built-in games with a demo, in the registry's order."""
BROKEN = {  # entry point -> what is wrong with it
    "raises": "RuntimeError: the rules are not written yet",
    "not-a-declaration": "TypeError: str is not a deduce Declaration",
    "taken": "ValueError: the name 'Master Mind' is taken by 'mastermind'",
}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example plug-in, installed as the distribution ``deduce-lineup``."""
    base = tmp_path_factory.mktemp("plugin")
    source = base / "source"  # a copy: the build leaves its files beside the sources
    shutil.copytree(
        PLUGIN, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__")
    )
    target = base / "site"
    installed = subprocess.run(
        [
            *(sys.executable, "-m", "pip", "install", "--quiet", "--no-deps"),
            *("--no-build-isolation", "--no-index", "--target", str(target), str(source)),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"},
    )
    assert installed.returncode == 0, installed.stderr
    assert (target / "lineup_game" / "manifest.py").is_file()
    return target


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A distribution with three broken game plug-ins and a sound one, ``coin``, that has
    no console front end, no demo and no simulation."""
    target = tmp_path_factory.mktemp("broken")
    package = target / "broken_games"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "raises.py").write_text('raise RuntimeError("the rules are not written yet")\n')
    (package / "other.py").write_text('GAME = "lineup"\n')
    (package / "taken.py").write_text(
        "from deduce.core.declaration import Declaration\n\n"
        'GAME = Declaration(name="Master Mind", title="Mastermind", package="broken_games")\n'
    )
    (package / "coin.py").write_text(
        "from deduce.core.declaration import Declaration\n\n"
        'GAME = Declaration(name="coin", title="Coin", package="broken_games",\n'
        "                   front_end=None, demo=None)\n"
    )
    info = target / "deduce_broken_games-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: deduce-broken-games\nVersion: 0.1\n"
    )
    (info / "entry_points.txt").write_text(
        "[deduce.games]\n"
        "raises = broken_games.raises:GAME\n"
        "not-a-declaration = broken_games.other:GAME\n"
        "taken = broken_games.taken:GAME\n"
        "coin = broken_games.coin:GAME\n"
    )
    return target


def environment(*paths: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join(map(str, paths)), "COLUMNS": "140"}


def deduce(args: Sequence[str], *paths: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """The ``deduce`` console script with ``paths`` on its ``PYTHONPATH``."""
    return subprocess.run(
        [script(), *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env=environment(*paths),
        stdin=subprocess.DEVNULL,
    )


def python(code: str, *paths: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """A fresh Python process running ``code`` with ``paths`` on its ``PYTHONPATH``."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env=environment(*paths),
    )


def test_the_registry_reads_the_plugin_lazily(site: Path, tmp_path: Path) -> None:
    result = python(
        """
        import json, sys
        import deduce
        from deduce.core import registry
        before = "lineup_game" in sys.modules
        game = registry.find("Line Up")
        imported = sorted(m for m in sys.modules if m.startswith("lineup_game"))
        print(json.dumps({
            "before": before,
            "names": registry.names(),
            "title": game.title,
            "kind": registry.kind("lineup").__module__,
            "imported": imported,
            "problems": [str(p) for p in registry.problems()],
        }))
        """,
        site,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    assert found["before"] is False  # importing deduce does not import the plug-in
    assert found["names"] == [*BUILT_IN, "lineup"]
    assert found["title"] == "Line-up"
    assert "lineup_game.manifest" in found["imported"]
    assert "lineup_game.play" not in found["imported"]  # until the console asks for it
    assert found["kind"] == "lineup_game.investigation"
    assert found["problems"] == []


def test_the_plugin_is_played_through_the_console(site: Path, tmp_path: Path) -> None:
    prompt = "lineup> "
    term = Terminal(
        ["play", "line-up", "--no-autosave", "--set", "suspects=24"],
        home=tmp_path,
        environment={"PYTHONPATH": str(site)},
    )
    first = term.expect_prompt(prompt)
    assert "ask woman" in first  # the most informative first question
    term.send("help")
    shown = term.expect_prompt(prompt)
    for usage in ("ask TRAIT ANSWER", "name SUSPECT ANSWER", "ask red_hair no"):
        assert usage in shown
    for line in ("ask woman no", "has beard y", "ask h no"):
        term.send(line)
        shown = term.expect_prompt(prompt)
    for name in ("Max", "Quinn", "Sam", "Tom", "Xaver"):
        assert name in shown
    term.refuses({"ask wig no": 'trait "wig" is not valid', "name Zoe no": "Zoe"}, prompt)
    term.send("save game.json")
    term.expect_prompt(prompt)
    term.send("name Max yes")
    assert "Solved: Max is the culprit" in term.expect_prompt(prompt)
    term.refuses({"ask glasses no": "Max was named: it is over"}, prompt)
    term.send("quit")
    assert term.finish() == 0
    saved = python(
        """
        import deduce
        inv = deduce.Investigation.from_json(open("game.json").read())
        print(type(inv).__module__, inv.solutions(), len(inv.clues))
        """,
        site,
        cwd=tmp_path,
    )
    assert saved.returncode == 0, saved.stderr
    assert saved.stdout.split("\n")[0] == (
        "lineup_game.investigation ['Max', 'Quinn', 'Sam', 'Tom', 'Xaver'] 3"
    )


def test_demo_and_simulate_list_the_plugin(site: Path, tmp_path: Path) -> None:
    listed = deduce(["demo", "--list"], site, cwd=tmp_path)
    assert (listed.returncode, listed.stderr) == (0, "")
    assert listed.stdout.split() == [*DEMOS, "lineup"]
    demo = deduce(["demo", "lineup", "--seed", "3"], site, cwd=tmp_path)
    assert demo.returncode == 0, demo.stderr
    assert "Found in" in demo.stdout
    simulated = deduce(
        ["simulate", "lineup", "--executor", "serial", "--strategy", "minimax"], site, cwd=tmp_path
    )
    assert simulated.returncode == 0, simulated.stderr
    assert "Line-up: moves needed over every secret" in simulated.stdout
    assert "ask woman" in simulated.stdout and "122" in simulated.stdout  # 24 games
    refused = deduce(["simulate", "bsi"], site, cwd=tmp_path)
    assert refused.returncode == 1
    assert "mastermind, kreuzverhoer, cluedo, lineup" in " ".join(refused.stdout.split())


def test_saves_of_the_plugin_load_in_a_fresh_process(site: Path, tmp_path: Path) -> None:
    made = python(
        """
        from lineup_game import Lineup
        print(Lineup(8).ask("glasses", False).ask("is it Anna?", False).to_json())
        """,
        site,
        cwd=tmp_path,
    )
    assert made.returncode == 0, made.stderr
    document = json.loads(made.stdout)
    assert (document["game"], document["kind"]) == ("lineup", "Lineup")
    (tmp_path / "saved.json").write_text(made.stdout)
    loaded = python(
        """
        import deduce
        inv = deduce.Investigation.from_json(open("saved.json").read())
        print(inv.solutions(), inv == deduce.Investigation.from_json(inv.to_json()))
        """,
        site,
        cwd=tmp_path,
    )
    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stdout.strip() == "['Max', 'Clara', 'Otto', 'Paul'] True"


def test_the_plugins_own_examples_pass(site: Path, tmp_path: Path) -> None:
    result = subprocess.run(
        [
            *(sys.executable, "-m", "pytest", "-q", "--doctest-modules", "-p", "no:cacheprovider"),
            *("--rootdir", str(site), "-c", os.devnull, str(site / "lineup_game")),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
        env=environment(site),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert " passed" in result.stdout


def test_broken_plugins_are_named_and_stop_nothing(
    site: Path, broken: Path, tmp_path: Path
) -> None:
    found = python(
        """
        import warnings
        from deduce.core import registry
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            names = registry.names()
        print(names)
        for problem in registry.problems():
            print(problem.name, "|", problem.reason)
        print(sorted({w.category.__name__ for w in caught}), len(caught))
        """,
        site,
        broken,
        cwd=tmp_path,
    )
    assert found.returncode == 0, found.stderr
    lines = found.stdout.splitlines()
    assert lines[0] == str([*BUILT_IN, "coin", "lineup"])
    assert sorted(lines[1:4]) == sorted(f"{name} | {why}" for name, why in BROKEN.items())
    assert lines[4] == "['RuntimeWarning'] 3"

    listed = deduce(["demo", "--list"], site, broken, cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.split() == [*DEMOS, "lineup"]  # coin declares no demo
    reported = listed.stderr.splitlines()
    assert len(reported) == len(BROKEN)  # one line each, and nothing else
    for name, why in BROKEN.items():
        assert sum(f"plug-in {name!r}" in line and why in line for line in reported) == 1

    prompt = "mastermind> "
    term = Terminal(
        [
            "play",
            "mastermind",
            "--no-autosave",
            *("--set", "pegs=4", "--set", "colours=6"),
            *("--set", "black_only=no", "--set", "limit=10"),
        ],
        home=tmp_path,
        environment={"PYTHONPATH": os.pathsep.join([str(site), str(broken)])},
    )
    first = term.expect_prompt(prompt)
    assert "plug-in 'raises'" in first and "plug-in 'taken'" in first
    term.send("1122 1 0")
    assert "256" in term.expect_prompt(prompt)
    term.send("quit")
    assert term.finish() == 0

    for command in (["play", "coin", "--no-autosave"], ["simulate", "coin"]):
        refused = deduce(command, site, broken, cwd=tmp_path)
        assert refused.returncode == 1, refused.stdout
        assert "Traceback" not in refused.stdout + refused.stderr
        assert 'game "coin" is not valid' in " ".join(refused.stdout.split())
    refused = deduce(["demo", "coin"], site, broken, cwd=tmp_path)
    assert refused.returncode == 1, refused.stdout
    assert "Traceback" not in refused.stdout + refused.stderr
    said = " ".join(refused.stdout.split())
    assert 'game "coin" is not valid (it has no demo)' in said and "lineup" in said
