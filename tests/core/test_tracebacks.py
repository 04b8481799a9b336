"""deduce's own errors reach a user with a traceback that starts at the user's call: the
frames inside deduce are left out (of the error and of its cause), and the messages keep
every detail; a failure that is not deduce's own keeps all its frames."""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import Any

import pytest

import deduce

PACKAGE = str(Path(deduce.__file__).resolve().parent)


def raised(code: str) -> BaseException:
    """The error that ``code`` raises, run as a user's module (not one of deduce's)."""
    space: dict[str, Any] = {"__name__": "user"}
    try:
        exec(compile(code, "user.py", "exec"), space)
    except Exception as error:
        return error
    raise AssertionError(f"{code!r} raised nothing")


def deduce_frames(error: BaseException) -> list[str]:
    """The frames of ``error``'s traceback inside deduce, each as function name."""
    frames = traceback.extract_tb(error.__traceback__)
    return [f.name for f in frames if f.filename.startswith(PACKAGE)]


MASTERMIND = "from deduce.games.mastermind import Investigation\n"


@pytest.mark.parametrize(
    ("code", "kind", "words"),
    [
        (
            MASTERMIND + "Investigation(4, 6).guess('1122', black=9, white=0)",
            "InvalidInput",
            "black=9",
        ),
        (
            MASTERMIND + "Investigation(4, 6).guess('1122', black=2, white=0)"
            ".guess('1122', black=1, white=0)",
            "Contradiction",
            "contradicts the earlier clue",
        ),
        (
            "import deduce\ndeduce.Space(('a',), ((0, 1),), worlds=object())",
            "InvalidInput",
            "worlds",
        ),
        (MASTERMIND + "Investigation(4, 6).recommend(top='3')", "InvalidInput", "top='3'"),
    ],
)
def test_a_refusal_starts_at_the_users_call(code: str, kind: str, words: str) -> None:
    error = raised(code)
    assert type(error).__name__ == kind and words in str(error)
    assert deduce_frames(error) == ["entry"]  # the one frame that raises it, no deeper
    frames = traceback.extract_tb(error.__traceback__)
    assert frames[-2].filename == "user.py"  # the user's call, then the raise
    cause = error.__cause__
    while cause is not None:  # a cause keeps its words, not deduce's frames
        assert deduce_frames(cause) == [] and str(cause)
        cause = cause.__cause__


def test_a_context_raised_inside_deduce_is_not_shown() -> None:
    error = raised("import deduce\ndeduce.Space(('a',), ((0, 1),), worlds=object())")
    text = "".join(traceback.format_exception(error))
    assert "int() argument" in text  # the cause's words stay
    assert text.count("Traceback (most recent call last)") == 1  # its frames do not


def test_a_failure_that_is_not_deduces_keeps_every_frame() -> None:
    error = raised(
        MASTERMIND + "def pick(code):\n    return 1 / 0\nInvestigation(2, 2).recommend(among=pick)"
    )
    assert isinstance(error, ZeroDivisionError)
    names = [f.name for f in traceback.extract_tb(error.__traceback__)]
    assert "pick" in names and len(deduce_frames(error)) > 1
