"""A command imports what it runs: ``deduce --help`` reads every game's declaration
without its bots, advice or the web stack; a game's names are there at first use, with
their arguments checked, and a function keeps its name beside a module of that name."""

from __future__ import annotations

import subprocess
import sys

import pytest

from deduce._internal.lazy import lazy_names

HEAVY = (
    "deduce.games.crime_writers.bots",
    "deduce.games.kreuzverhoer.advice",
    "deduce.games.thirteen_clues.advice",
    "deduce.games.bsi.bots",
    "deduce.serve.app",
    "deduce.serve.open_games",
    "deduce.play.play_command",
    "starlette",
    "prompt_toolkit",
)


def _imported_after(code: str) -> set[str]:
    """The modules loaded in a fresh interpreter after ``code``."""
    probe = f"{code}\nimport sys\nprint('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    return set(out.split())


def test_help_imports_no_game_machinery_and_no_web_stack() -> None:
    code = (
        "import contextlib, io\nfrom deduce.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
        "    main(['--help'])"
    )
    loaded = _imported_after(code)
    assert "deduce.games.mastermind.manifest" in loaded  # the declarations are read
    assert not loaded & set(HEAVY)


def test_a_game_name_is_imported_at_first_use() -> None:
    loaded = _imported_after("import deduce.games.crime_writers as cw\ncw.Deck")
    assert "deduce.games.crime_writers.cards" in loaded
    assert "deduce.games.crime_writers.bots" not in loaded


@pytest.mark.parametrize(
    ("package", "name"),
    [("deduce.games.kreuzverhoer", "finish"), ("deduce.games.crime_writers", "truthful")],
)
def test_a_name_shared_with_a_module_keeps_its_meaning(package: str, name: str) -> None:
    code = (
        f"import importlib\nimport {package}.{name}\n"
        f"value = getattr(importlib.import_module({package!r}), {name!r})\n"
        "assert callable(value) and not hasattr(value, '__path__'), value\n"
        "assert type(value).__name__ != 'module', value"
    )
    _imported_after(code)  # fails (check=True) if the module hid the function


def test_names_used_lazily_check_their_arguments() -> None:
    from deduce.errors import InvalidInput
    from deduce.serve import save_name

    with pytest.raises(InvalidInput):
        save_name(["not", "text"])  # type: ignore[arg-type]


def test_an_unknown_name_is_an_attribute_error() -> None:
    import deduce.games.bsi as bsi

    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        bsi.Nope  # noqa: B018
    assert "Table" in dir(bsi)


def test_lazy_names_reads_only_the_type_checking_block() -> None:
    source = (
        "from a import b\n"
        "if TYPE_CHECKING:\n"
        "    from x.y import z, w as v\n"
        "    from . import relative\n"
        "if other:\n"
        "    from p import q\n"
    )
    assert lazy_names(source) == {"z": ("x.y", "z"), "v": ("x.y", "w")}
