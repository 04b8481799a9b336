"""The package as users get it: the wheel's contents, the version, the changelog."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
import zipfile
from datetime import date
from email.parser import Parser
from importlib.metadata import version
from pathlib import Path

import pytest

import deduce

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
DECKS = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "deduce" / "games").glob("*/*.toml"))
SERVED = sorted(
    p.relative_to(ROOT).as_posix()
    for p in (ROOT / "deduce" / "serve").glob("*/*")
    if p.parent.name in ("static", "templates")
)


def test_the_distribution_name_is_the_one_deduce_names() -> None:
    assert PROJECT["name"] == deduce.DISTRIBUTION == "deduce-notebook"


def test_version_is_the_installed_metadata() -> None:
    assert deduce.__version__ == version(deduce.DISTRIBUTION) == PROJECT["version"]


@pytest.mark.parametrize(
    "command",
    [[str(Path(sys.executable).parent / "deduce")], [sys.executable, "-m", "deduce"]],
    ids=["deduce", "python -m deduce"],  # what a reader of the docs may type
)
def test_the_command_prints_the_version_and_both_names(command: list[str]) -> None:
    result = subprocess.run(
        [*command, "--version"],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"deduce {version('deduce-notebook')} (distribution deduce-notebook)\n"


def test_licence_is_declared_the_modern_way() -> None:
    assert PROJECT["license"] == "MIT"
    assert PROJECT["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    # an SPDX expression and a licence classifier together are refused by PEP 639
    assert not [c for c in PROJECT["classifiers"] if c.startswith("License ::")]


def test_user_extras_and_dev_group_are_apart() -> None:
    extras = PROJECT["optional-dependencies"]
    assert extras["testing"] == ["hypothesis>=6.100"]
    assert "test" not in extras
    dev = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["dependency-groups"][
        "dev"
    ]
    names = {re.split(r"[<>=\[ ]", requirement)[0] for requirement in dev}
    assert {"pytest", "mypy", "ruff", "pexpect", "build", "nbclient"} <= names
    assert "--group dev" in (ROOT / "Makefile").read_text(encoding="utf-8")


@pytest.mark.slow
def test_built_wheel_carries_licence_decks_and_types(tmp_path: Path) -> None:
    """Build the sdist and, from it, the wheel in isolated environments."""
    result = subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(tmp_path), str(ROOT)],
        capture_output=True,
        text=True,
        timeout=900,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Deprecat" not in result.stdout + result.stderr
    (wheel,) = tmp_path.glob("deduce_notebook-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        info = f"deduce_notebook-{PROJECT['version']}.dist-info"
        metadata = Parser().parsestr(archive.read(f"{info}/METADATA").decode())
        licence = archive.read(f"{info}/licenses/LICENSE").decode()
    assert licence == (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "deduce/py.typed" in names
    assert DECKS and set(DECKS) <= names
    assert set(SERVED) <= names  # deduce serve's pages and scripts: nothing from a CDN
    assert "serve" in metadata.get_all("Provides-Extra")
    assert metadata["Name"] == "deduce-notebook"
    assert metadata["Version"] == PROJECT["version"]
    assert metadata["License-Expression"] == "MIT"
    assert metadata.get_all("License-File") == ["LICENSE"]
    assert "Typing :: Typed" in metadata.get_all("Classifier")
    assert metadata.get_all("Project-URL")
    assert "Provides-Extra" in metadata and "testing" in metadata.get_all("Provides-Extra")
    entry_points = zipfile.ZipFile(wheel).read(f"{info}/entry_points.txt").decode()
    assert "deduce = deduce.cli:main" in entry_points


HEADING = re.compile(r"^## \[(?P<version>[^\]]+)\](?: - (?P<date>\d{4}-\d\d-\d\d))?$")
KINDS = {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}


def test_changelog_keeps_a_changelog() -> None:
    lines = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "# Changelog"
    releases = [m for line in lines if (m := HEADING.match(line))]
    assert [m["version"] for m in releases][:1] == ["Unreleased"]
    assert all(m["date"] is None for m in releases[:1])
    dated = releases[1:]
    assert dated and dated[0]["version"] == PROJECT["version"]  # the newest release
    for m in dated:
        assert re.fullmatch(r"\d+\.\d+\.\d+", m["version"]), m.group(0)
        assert date.fromisoformat(m["date"]) <= date.today(), m.group(0)
    assert [m["version"] for m in dated] == sorted(
        (m["version"] for m in dated), key=lambda v: tuple(map(int, v.split("."))), reverse=True
    )
    for line in lines:
        if line.startswith("### "):
            assert line[4:] in KINDS, line
        assert not line.startswith("#### "), line
    assert any(line.startswith("- ") for line in lines)
