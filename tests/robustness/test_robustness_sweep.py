"""Junk of every kind at every public callable of every module's ``__all__``: each call
returns, or refuses with a deduce error (``InvalidInput``, ``Contradiction``); never a
stray ``TypeError``, ``AttributeError``, ``OverflowError``, ``MemoryError``, numpy's
"truth value is ambiguous", a call that never returns or memory that grows without bound.

How the calls are made, and bounded in time and memory, is in ``tests/robustness/sweeping.py``. The
quick sweep (every ``pytest``) gives each argument of each callable two kinds of junk,
different ones from argument to argument; the long one (``make test-long``) every kind
of junk in every argument.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
import sweeping

from deduce.testing.robustness import JUNK_NAMES

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the sweep forks a process")

GROUPS = sweeping.groups()


def _check(module: str, every: bool) -> None:
    report = sweeping.sweep(GROUPS[module], every)
    assert not report.failures, f"{len(report.failures)} failures:\n" + "\n".join(report.failures)


@pytest.mark.parametrize("module", sorted(GROUPS))
def test_junk_at_every_public_callable(module: str) -> None:
    _check(module, every=False)


@pytest.mark.long
@pytest.mark.parametrize("module", sorted(GROUPS))
def test_every_kind_of_junk_in_every_argument(module: str) -> None:
    _check(module, every=True)


def test_the_sweep_reaches_every_module_with_a_public_api() -> None:
    names = {m.__name__ for m in sweeping.modules()}
    assert {
        "deduce",
        "deduce.search",
        "deduce.search.optimum",
        "deduce.games.bsi",
        "deduce.games.bsi.state",
        "deduce.games.thirteen_clues.deals",
        "deduce.games.crime_writers.truthful",
        "deduce.play",
        "deduce.serve",
    } <= names
    called = {t.name for t in sweeping.targets()}
    assert {
        "deduce.Space",
        "deduce.search.lower_bound",
        "deduce.games.kreuzverhoer.Pace.within",
        "deduce.games.thirteen_clues.Investigation.sample_deal",
        "deduce.games.crime_writers.Card",
    } <= called


def test_every_public_class_has_a_realistic_instance() -> None:
    pool = sweeping.pool()
    assert pool.failed == []
    owners = {t.owner for t in sweeping.targets() if t.kind == "method"}
    local = {"OpenGame", "OpenGames"}  # made where the sweep runs: they write files
    missing = sorted(o.__qualname__ for o in owners if pool.instance(o) is None)
    assert missing == sorted(local)
    report = sweeping.sweep(
        [t for t in sweeping.targets() if t.name == "deduce.serve.OpenGames.saved"], every=False
    )
    assert report.plans["deduce.serve.OpenGames.saved"]["valid"]


def test_the_junk_has_every_kind() -> None:
    assert len(JUNK_NAMES) == len(set(JUNK_NAMES)) > 50
    for kind in ("nan", "-0.0", "10**5000", "np.int64(2)", "itertools.count()", "HugeLength()"):
        assert kind in JUNK_NAMES


# -- the guard itself: a call that hangs, grows or kills is reported, and the sweep goes on --


JUNK = ("zzz", b"x")  # the junk the guard's test gives: the bad callables misbehave on it


def _hangs(value: Any) -> None:
    while value in JUNK:
        pass


def _grows(value: Any) -> None:
    if value in JUNK:
        bytearray(2 * sweeping.MEMORY)  # less than the machine has: only the limit refuses


def _kills(value: Any) -> None:
    if value in JUNK:
        os.kill(os.getpid(), 9)


def _raises(value: Any) -> None:
    if value in JUNK:
        raise TypeError("no")


def _fine(value: Any) -> None:
    return None


@pytest.mark.parametrize(
    ("function", "said"),
    [
        (_hangs, "did not return"),
        (_grows, "MemoryError"),
        (_kills, "ended the process (signal 9)"),
        (_raises, "raised TypeError: no"),
    ],
)
def test_the_guard_reports_a_call_and_goes_on(
    function: Any, said: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sweeping, "CALL_SECONDS", 0.5)
    monkeypatch.setattr(sweeping, "cases", lambda p, every: [("value", "'zzz'"), ("value", "b'x'")])
    group = [
        sweeping.Target("bad", "tests", None, "", "function"),
        sweeping.Target("fine", "tests", None, "", "function"),
    ]
    monkeypatch.setattr(
        sweeping.Target,
        "callable",
        lambda self, instance=None: {"bad": function}.get(self.name, _fine),
    )
    report = sweeping.sweep(group, every=False)
    assert report.calls == 4 if "ended" not in said else report.calls == 2
    assert len(report.failures) == 2
    assert all(said in failure and failure.startswith("bad(value=") for failure in report.failures)
    assert report.plans["fine"]["valid"]
