"""Driving the real ``deduce`` console script in a pseudo-terminal (for end-to-end tests).

Needs ``pexpect`` (in the ``test`` extra).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pexpect

__all__ = ["Terminal", "script"]

_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\r")


def script() -> str:
    """The ``deduce`` console script next to the running Python."""
    return str(Path(sys.executable).with_name("deduce"))


class Terminal:
    """One ``deduce`` process in a pseudo-terminal.

    Args:
        args: the command-line arguments after ``deduce``.
        home: a directory used as HOME and XDG_STATE_HOME (autosaves go there).
        timeout: seconds to wait for any expected text.
        environment: more environment variables (a value of None removes the variable,
            e.g. ``{"XDG_STATE_HOME": None}`` autosaves to ``HOME/.local/state``).

    Every output is checked for a traceback or an internal error, which fail the test
    that drives the terminal.
    """

    def __init__(
        self,
        args: Sequence[str],
        *,
        home: Path,
        timeout: float = 60,
        environment: Mapping[str, str | None] | None = None,
    ) -> None:
        env = dict(os.environ)
        env.update(
            TERM="dumb",
            COLUMNS="140",
            LINES="50",
            HOME=str(home),
            XDG_STATE_HOME=str(home / "state"),
            PYTHONUNBUFFERED="1",
        )
        env.pop("NO_COLOR", None)
        for name, value in (environment or {}).items():
            if value is None:
                env.pop(name, None)
            else:
                env[name] = value
        self.child = pexpect.spawn(
            script(),
            list(args),
            env=env,
            encoding="utf-8",
            timeout=timeout,
            dimensions=(50, 140),
            cwd=str(home),
        )
        self.seen = ""

    def expect(self, text: str) -> str:
        """Wait for ``text``; return everything printed before it (ANSI codes removed)."""
        try:
            self.child.expect_exact(text)
        except (pexpect.TIMEOUT, pexpect.EOF) as error:
            raise AssertionError(
                f"did not see {text!r}; the terminal showed:\n{self.clean(self.child.before)}"
            ) from error
        before = self.clean(self.child.before)
        self.seen += before + text
        self._check(before)
        return before

    def expect_prompt(self, prompt: str) -> str:
        """Wait for the session's prompt; return the output since the last one."""
        return self.expect(prompt)

    def refuses(self, lines: Mapping[str, str], prompt: str) -> None:
        """Type each line and check it is answered with its message (white space folded,
        since long lines wrap) and the prompt comes back: a refused line, not a crash."""
        for line, message in lines.items():
            self.send(line)
            shown = self.expect_prompt(prompt)
            assert message in " ".join(shown.split()), (line, shown)

    def send(self, line: str) -> None:
        """Type ``line`` and Enter."""
        self.child.sendline(line)

    def type(self, keys: str) -> None:
        """Type ``keys`` without Enter."""
        self.child.send(keys)

    def finish(self) -> int:
        """Wait for the process to end; its exit status."""
        self.child.expect(pexpect.EOF)
        rest = self.clean(self.child.before)
        self.seen += rest
        self._check(rest)
        self.child.close()
        status: Any = self.child.exitstatus
        return int(status) if status is not None else -int(self.child.signalstatus or 0)

    def kill(self) -> None:
        """End the process at once (as a crash would)."""
        self.child.kill(9)
        self.child.close(force=True)

    @staticmethod
    def _check(shown: str) -> None:
        for sign in ("Traceback", "internal error"):
            if sign in shown:
                raise AssertionError(f"the terminal showed {sign!r}:\n{shown}")

    @staticmethod
    def clean(text: Any) -> str:
        """``text`` without terminal control codes."""
        return _ANSI.sub("", text if isinstance(text, str) else "")
