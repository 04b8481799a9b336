"""Tests of the ``deduce`` command: help texts, simulate with every executor, demo."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import deduce
from deduce.cli import main
from deduce.core import registry
from deduce.games.mastermind import Game

SCRIPT = str(Path(sys.executable).with_name("deduce"))


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [SCRIPT, *args],
        capture_output=True,
        text=True,
        timeout=300,
        env={"COLUMNS": "120", "PATH": "/usr/bin:/bin", "HOME": "/tmp"},
    )


@pytest.mark.parametrize("command", [[], ["play"], ["simulate"], ["demo"]])
def test_every_command_explains_itself_with_an_example(command: list[str]) -> None:
    result = run(*command, "--help")
    assert result.returncode == 0
    assert "Example" in result.stdout
    assert "deduce " + (command[0] if command else "") in result.stdout


def test_demo_lists_every_game_folder(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--list"]) == 0
    folder = Path(deduce.__file__).parent / "games"
    packages = sorted(p.parent.name for p in folder.glob("*/demo.py"))
    assert "mastermind" in packages
    listed = capsys.readouterr().out.split()
    assert sorted(registry.find(name).package.rsplit(".", 1)[1] for name in listed) == packages


def test_demo_runs_and_solves() -> None:
    result = run("demo", "mastermind", "--seed", "3")
    assert result.returncode == 0
    assert "Solved in" in result.stdout


def summary_rows(text: str) -> dict[str, list[str]]:
    """strategy -> [opening, games, total, mean, worst] from the summary table."""
    rows = {}
    for line in text.splitlines():
        cells = [c.strip() for c in re.split(r"[│┃|]", line) if c.strip()]
        if len(cells) == 6 and cells[2].isdigit():  # a strategy's row, not the header
            rows[cells[0]] = cells[1:]
    return rows


def expected_row(stats: deduce.Stats) -> list[str]:
    return [
        str(stats.opening),
        str(stats.games),
        str(stats.total),
        f"{stats.mean:.4f}",
        str(stats.worst),
    ]


@pytest.mark.parametrize("executor", ["serial", "process"])
def test_simulate_prints_the_measured_stats(
    executor: str, capsys: pytest.CaptureFixture[str]
) -> None:
    game = Game(pegs=3, colours=4)
    args = ["simulate", "mastermind", "--set", "pegs=3", "--set", "colours=4"]
    code = main([*args, "--strategy", "minimax,entropy", "--executor", executor])
    assert code == 0
    rows = summary_rows(capsys.readouterr().out)
    assert rows == {
        name: expected_row(deduce.simulate(game, name)) for name in ("minimax", "entropy")
    }


def test_simulate_with_an_opening(capsys: pytest.CaptureFixture[str]) -> None:
    game = Game(pegs=3, colours=3)
    args = ["simulate", "mastermind", "--set", "pegs=3", "--set", "colours=3"]
    assert main([*args, "--opening", "123", "--executor", "serial"]) == 0
    default = getattr(game.investigation(), "default_strategy", "entropy")
    stats = deduce.simulate(game, default, opening=game.code("123"))
    assert summary_rows(capsys.readouterr().out) == {default: expected_row(stats)}


def test_simulate_histogram_table(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "mastermind", "--set", "pegs=2", "--set", "colours=3"]
    assert main([*args, "--strategy", "minimax", "--executor", "serial"]) == 0
    out = capsys.readouterr().out
    stats = deduce.simulate(Game(pegs=2, colours=3), "minimax")
    for moves, n in stats.histogram.items():
        assert re.search(rf"[│|]\s+{moves}\s+[│|]\s+{n}\s+[│|]", out), (moves, n)


@pytest.mark.slow
def test_simulate_starts_a_local_dask_cluster_of_the_workers_asked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "mastermind", "--set", "pegs=3", "--set", "colours=3"]
    assert main([*args, "--executor", "dask", "--workers", "2", "--strategy", "minimax"]) == 0
    stats = deduce.simulate(Game(pegs=3, colours=3), "minimax")
    assert summary_rows(capsys.readouterr().out) == {"minimax": expected_row(stats)}


def test_simulate_on_a_dask_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    import distributed  # the dask extra is installed where the tests run

    with distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=False,
        protocol="tcp",
        host="127.0.0.1",
        dashboard_address=":0",
    ) as cluster:
        args = ["simulate", "mastermind", "--set", "pegs=3", "--set", "colours=3"]
        code = main([*args, "--executor", "dask", "--scheduler", cluster.scheduler_address])
    assert code == 0
    default = getattr(Game(pegs=3, colours=3).investigation(), "default_strategy", "entropy")
    stats = deduce.simulate(Game(pegs=3, colours=3), default)
    assert summary_rows(capsys.readouterr().out) == {default: expected_row(stats)}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "nosuchgame"], 'game "nosuchgame" is not valid'),
        (["simulate", "mastermind", "--strategy", "best"], 'strategy "best" is not valid'),
        (["simulate", "mastermind", "--opening", "9"], '--opening "9" is not valid'),
        (["simulate", "mastermind", "--set", "pegs"], '--set "pegs" is not valid'),
        (
            ["simulate", "mastermind", "--executor", "serial", "--scheduler", "x"],
            '--scheduler "x" is not valid',
        ),
        (
            ["simulate", "mastermind", "--executor", "dask", "--scheduler", "tcp://127.0.0.1:1"],
            '--scheduler "tcp://127.0.0.1:1" is not valid',
        ),
        (
            ["simulate", "mastermind", "--executor", "dask", "--scheduler", "nonsense"],
            '--scheduler "nonsense" is not valid',
        ),
        (
            ["simulate", "mastermind", "--executor", "serial", "--workers", "2"],
            "--workers 2 is not valid (it sizes a local pool or a local dask cluster only)",
        ),
        (
            ["simulate", "mastermind", "--executor", "dask", "--scheduler", "x", "--workers", "2"],
            "--workers 2 is not valid (it sizes a local pool or a local dask cluster only); "
            "expected no --workers with",
        ),
        (
            ["simulate", "mastermind", "--executor", "dask", "--workers", "0"],
            "--workers 0 is not valid",
        ),
        (["simulate", "mastermind", "--workers", "0"], "--workers 0 is not valid"),
    ],
)
def test_simulate_errors_are_messages(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.returncode == 1
    assert message in result.stdout.replace("\n", " ")
    assert "Traceback" not in result.stdout + result.stderr


def test_simulate_refuses_games_it_does_not_apply_to() -> None:
    result = run("simulate", "bsi")
    assert result.returncode == 1
    assert 'game "bsi" is not valid' in result.stdout
    said = " ".join(result.stdout.split())
    assert "mastermind, kreuzverhoer, cluedo" in said
    assert "deduce league plays its table games" in said


@pytest.mark.slow
def test_simulate_kreuzverhoer(capsys: pytest.CaptureFixture[str]) -> None:
    from deduce.games import kreuzverhoer

    assert main(["simulate", "kreuzverhoer", "--executor", "process"]) == 0
    stats = deduce.simulate(kreuzverhoer.Investigation(), "entropy")
    rows = summary_rows(capsys.readouterr().out)
    assert rows["entropy"][1:] == expected_row(stats)[1:]


def test_simulate_shows_a_progress_bar_per_strategy(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "mastermind", "--set", "pegs=2", "--set", "colours=4"]
    assert main([*args, "--strategy", "minimax,entropy", "--executor", "serial"]) == 0
    out = capsys.readouterr().out
    games = 16
    for name in ("minimax", "entropy"):
        assert re.search(rf"^{name}\s+━+ {games}/{games} \d+:\d\d:\d\d$", out, re.M), name
