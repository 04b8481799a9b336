"""The checks of the common contract that :func:`deduce.testing.check_game` runs on a game.

Each check takes what it needs (a sample investigation, hypothesis strategies of random
truthful games, the game's declaration) and raises :class:`AssertionError` saying what
failed. :func:`deduce.testing.check_game` runs them all on every sample of a game; they
are public so that a test can run one on its own.

Example:
    >>> from deduce.core import registry
    >>> declaration = registry.find("mastermind")
    >>> check_json(declaration, declaration.sample().guess("112", black=1, white=0))
"""

from __future__ import annotations

import itertools
import json
import math
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from deduce._internal.entry import guard
from deduce.core.declaration import Declaration, Sample
from deduce.errors import Contradiction, DeduceError, InvalidInput
from deduce.investigation import Investigation
from deduce.output.display import render_html, render_text
from deduce.testing.robustness import Run, States, check_junk, clue_methods, shown

__all__ = [
    "Run",
    "about",
    "check_console",
    "check_corrections",
    "check_display",
    "check_filtering",
    "check_fresh_process",
    "check_immutability",
    "check_json",
    "check_sample",
]

Pairs = st.SearchStrategy[tuple[Any, Investigation[Any, Any, Any]]]


# -- filtering ---------------------------------------------------------------------------


def check_filtering(
    start: Investigation[Any, Any, Any],
    pairs: Pairs,
    reference: Callable[[Any], Any] | None,
    run: Run,
    seen: list[Investigation[Any, Any, Any]] | None = None,
) -> None:
    """Sound and complete filtering on random truthful games.

    For each ``(secret, investigation)`` of ``pairs``: the secret is still possible
    (sound) and its solution (:meth:`~deduce.Investigation.solution_for`) is one of the
    solutions, the probabilities are the solutions' and sum to 1, the solutions come most
    probable first, and the solutions and probabilities are exactly ``reference``'s
    (complete and exact; a set means all equally likely). Without a reference, the
    investigation is compared with a replay of its clues from a new investigation of the
    same set-up. The games met are appended to ``seen`` (when given), for the other
    checks.
    """

    @run
    @given(pairs)
    def filtering(pair: tuple[Any, Investigation[Any, Any, Any]]) -> None:
        secret, investigation = pair
        if seen is not None:
            seen.append(investigation)
        assert investigation.contains_secret(secret), (
            f"the secret {shown(secret)} was eliminated by {shown(investigation.clues, 400)}"
        )
        probabilities = investigation.probabilities()
        solutions = investigation.solutions()
        assert list(probabilities) == solutions, "probabilities() and solutions() differ"
        solution = investigation.solution_for(secret)
        assert solution in probabilities, (
            f"the secret {shown(secret)} reads as {shown(solution)}, not one of the solutions "
            f"after {shown(investigation.clues, 400)}"
        )
        assert math.isclose(sum(probabilities.values()), 1.0, rel_tol=1e-9)
        ranked = list(probabilities.values())
        assert all(a >= b for a, b in itertools.pairwise(ranked)), (
            "solutions() are not most probable first"
        )
        assert investigation.solved == (solutions[0] if len(solutions) == 1 else None)
        if reference is None:
            again = type(investigation).from_setup(investigation.setup())  # as it was made
            for clue in investigation.clues:
                again = again.observe(clue)
            assert again == investigation, "a replay of the clues is another investigation"
            assert _same_space(again, investigation), "a replay of the clues keeps other worlds"
            return
        expected = reference(investigation)
        if not isinstance(expected, Mapping):
            expected = {solution: 1 / len(expected) for solution in expected}
        kept, wanted = set(probabilities), set(expected)
        assert kept == wanted, (
            f"after {shown(investigation.clues, 400)}: kept but ruled out by the reference "
            f"{shown(sorted(map(str, kept - wanted)))}; ruled out but possible "
            f"{shown(sorted(map(str, wanted - kept)))}"
        )
        for solution, p in expected.items():
            assert math.isclose(probabilities[solution], p, rel_tol=1e-9, abs_tol=1e-15), (
                f"P({solution}) is {probabilities[solution]}, the reference says {p}, after "
                f"{shown(investigation.clues, 400)}"
            )

    filtering()


def _same_space(a: Investigation[Any, Any, Any], b: Investigation[Any, Any, Any]) -> bool:
    """Whether ``a`` and ``b`` keep the same worlds with the same weights."""
    x, y = a.space, b.space
    return bool(
        x.size == y.size
        and (x.ids == y.ids).all()
        and (x.weights == y.weights).all()
        and (x.worlds == y.worlds).all()
    )


# -- immutability and saved files ----------------------------------------------------------


def _state(investigation: Investigation[Any, Any, Any]) -> tuple[Any, ...]:
    space = investigation.space
    arrays = tuple(
        getattr(space, name).tobytes()
        for name in ("worlds", "weights", "ids")
        if hasattr(space, name)
    )
    return investigation.to_json(), investigation.clues, arrays  # the worlds say the rest


def check_immutability(states: States, run: Run) -> None:
    """A clue returns a new investigation; the one it was called on is unchanged.

    For each investigation of ``states``, its last clue is observed again on the investigation
    before it (:meth:`~deduce.Investigation.undo`): the result is a new object equal to
    the game, and the earlier investigation's saved form, clues, probabilities and space
    arrays are what they were.
    """

    @run
    @given(states)
    def immutability(investigation: Investigation[Any, Any, Any]) -> None:
        if not investigation.clues:
            return
        before = investigation.undo()
        assert before.clues == investigation.clues[:-1], "undo() does not drop the last clue"
        state = _state(before)
        again = before.observe(investigation.clues[-1])
        assert again is not before, "observe() returned the investigation it was called on"
        assert again == investigation, "the same clues give another investigation"
        assert _state(before) == state, "observe() changed the investigation it was called on"

    immutability()


def _replayed(
    investigation: Investigation[Any, Any, Any], clues: tuple[Any, ...]
) -> Investigation[Any, Any, Any] | DeduceError:
    """``clues`` observed one by one from the investigation's origin, or the error."""
    again = investigation.origin
    try:
        for clue in clues:
            again = again.observe(clue)
    except (InvalidInput, Contradiction) as error:
        return error
    return again


def _same_result(
    got: Callable[[], Investigation[Any, Any, Any]],
    expected: Investigation[Any, Any, Any] | DeduceError,
    said: str,
) -> None:
    """``got()`` is ``expected``: the same investigation, or an error of the same kind."""
    try:
        result = got()
    except (InvalidInput, Contradiction) as error:
        assert isinstance(expected, DeduceError), f"{said} refused ({error}); a replay is not"
        assert type(error) is type(expected), (
            f"{said}: {type(error).__name__}, a replay: {type(expected).__name__} ({expected})"
        )
        if isinstance(error, Contradiction) and isinstance(expected, Contradiction):
            assert error.clue == expected.clue, f"{said} names {error.clue}, a replay {expected}"
        return
    assert not isinstance(expected, DeduceError), f"{said} accepted; a replay: {expected}"
    assert result == expected and result.clues == expected.clues, f"{said} is another game"
    # the same worlds with the same weights: the same probabilities, without listing them
    assert _same_space(result, expected), f"{said} keeps other worlds than a replay"


def check_corrections(states: States, run: Run) -> None:
    """``drop(n)`` and ``amend(n, clue)`` equal a replay of the clues without clue ``n``
    or with it replaced (the same investigation, probabilities and worlds, or the same
    kind of refusal), and leave the investigation they are called on unchanged.

    The new clue is a truthful one, at the place of clue ``n``, about a secret still
    possible at the end (the clue ``n`` itself when the game offers none); a number that
    is no clue's is refused with InvalidInput naming ``n``.
    """

    @run
    @given(states, st.data())
    def corrections(investigation: Investigation[Any, Any, Any], data: st.DataObject) -> None:
        clues = investigation.clues
        state = _state(investigation)
        for wrong in (0, len(clues) + 1):
            try:
                investigation.drop(wrong)
            except InvalidInput as error:
                assert error.argument == "n", f"drop({wrong}) names {error.argument!r}"
            else:
                raise AssertionError(f"drop({wrong}) of {len(clues)} clues was accepted")
        if not clues:
            return
        n = data.draw(st.integers(1, len(clues)), label="n")
        before = investigation.lineage[n - 1]
        secret = data.draw(investigation.secrets_strategy(), label="secret")
        new = data.draw(before.clue_strategy(secret), label="new clue")
        new = clues[n - 1] if new is None else new
        rest = clues[n:]
        _same_result(
            lambda: investigation.drop(n),
            _replayed(investigation, (*clues[: n - 1], *rest)),
            f"drop({n})",
        )
        _same_result(
            lambda: investigation.amend(n, new),
            _replayed(investigation, (*clues[: n - 1], new, *rest)),
            f"amend({n}, {shown(new)})",
        )
        assert _state(investigation) == state, "a correction changed the investigation"

    corrections()


def check_json(declaration: Declaration, investigation: Investigation[Any, Any, Any]) -> None:
    """``to_json`` and ``from_json`` round-trip exactly, also through
    :meth:`deduce.Investigation.from_json` and from a file of format 1 (each tag of the
    kind that the declaration lists); the saved document names the game and the kind."""
    kind = type(investigation)
    text = investigation.to_json()
    again = kind.from_json(text)
    assert again == investigation, "from_json(to_json()) is another investigation"
    assert again.clues == investigation.clues and again.to_json() == text
    assert _same_space(again, investigation), "from_json(to_json()) keeps other worlds"
    generic = Investigation.from_json(text)
    assert type(generic) is kind and generic == investigation, "deduce.Investigation.from_json"
    document = json.loads(text)
    assert document["format"] == 2, document["format"]
    assert declaration.matches(document["game"]), f"the file names the game {document['game']!r}"
    assert document["kind"] == kind.__name__, f"the file names the kind {document['kind']!r}"
    for tag, tagged in declaration.tags:
        if tagged != kind.__name__:
            continue
        old = {"format": 1, "game": tag, "config": document["config"], "clues": document["clues"]}
        for reader in (Investigation, kind):
            loaded = reader.from_json(json.dumps(old))
            assert type(loaded) is kind and loaded == investigation, f"format 1 tag {tag!r}"


_FRESH = """\
import sys, deduce
text = open(sys.argv[1], encoding="utf-8").read()
inv = deduce.Investigation.from_json(text)
print(type(inv).__module__, type(inv).__name__, len(inv.clues), inv.to_json() == text)
"""


def check_fresh_process(investigation: Investigation[Any, Any, Any]) -> None:
    """:meth:`deduce.Investigation.from_json` reads the saved investigation in a new
    Python process (``sys.executable``), which finds the game through the registry."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "saved.json"
        path.write_text(investigation.to_json(), encoding="utf-8")
        done = subprocess.run(
            [sys.executable, "-c", _FRESH, str(path)],
            capture_output=True,
            text=True,
            check=False,
            timeout=300,
        )
    assert done.returncode == 0, f"from_json in a fresh process failed:\n{done.stderr}"
    kind = type(investigation)
    expected = [kind.__module__, kind.__name__, str(len(investigation.clues)), "True"]
    assert done.stdout.split() == expected, done.stdout + done.stderr


def check_sample(
    declaration: Declaration,
    sample: Sample,
    start: Investigation[Any, Any, Any],
    pairs: Pairs,
    run: Run,
    *,
    where: str,
) -> None:
    """Every check but the console's on one sample: filtering on the random truthful
    games of ``pairs``; then, on the games it met and the start, immutability, JSON (also
    in a fresh process, on the longest game), junk and display (at the start and on the
    longest game). An :class:`AssertionError` names ``where`` and the check that failed."""
    met: list[Investigation[Any, Any, Any]] = []
    reference = declaration.reference(sample)

    def states() -> States:  # the games that the filtering check met, and the start
        return st.sampled_from([start, *met])

    def saved() -> None:
        for investigation in [start, *met]:
            check_json(declaration, investigation)

    def longest() -> Investigation[Any, Any, Any]:
        return max([start, *met], key=lambda investigation: len(investigation.clues))

    def display() -> None:
        check_display(start)
        check_display(longest())

    checks: list[tuple[str, Callable[[], None]]] = [
        (
            "filtering against the reference" if reference else "filtering (sound, replayed)",
            lambda: check_filtering(start, pairs, reference, run, met),
        ),
        ("immutability", lambda: check_immutability(states(), run)),
        ("drop and amend", lambda: check_corrections(states(), run)),
        ("JSON round trip", saved),
        ("from_json in a fresh process", lambda: check_fresh_process(longest())),
        (
            "junk into observe and the clue methods",
            lambda: check_junk(states(), run, clue_methods(type(start))),
        ),
        ("display", display),
    ]
    for check, call in checks:
        about(where, check, call)


def about(where: str, check: str, call: Callable[[], Any]) -> None:
    """Run ``call``; any error becomes an :class:`AssertionError` naming ``where`` (the
    game and kind) and ``check``."""
    try:
        call()
    except Exception as error:
        raise AssertionError(f"check_game: {where}: {check} failed: {error}") from error


# -- what the player sees ------------------------------------------------------------------


def check_display(investigation: Investigation[Any, Any, Any]) -> None:
    """The text view and the notebook's HTML view render without error and show the
    number of solutions left."""
    count = len(investigation.solutions())
    left = f"{count} solution{'' if count == 1 else 's'} left"
    text = render_text(investigation)
    assert left in text, f"the text view does not say {left!r}:\n{text}"
    page = render_html(investigation)
    assert "<table" in page, "the notebook view has no table"


def check_console(declaration: Declaration) -> None:
    """Every example of the game's ``help`` is accepted by ``deduce play``.

    The console runs in a new process on piped lines, set up with the declaration's
    ``table_setup`` (and the defaults of the other questions). ``help`` must show every
    example of the game's clue lines and commands; each example is then typed on the
    saved start, after its verb's ``setting`` if it has one, else after the declaration's
    ``table_lines`` unless it is a line of the same verb as one of them, and must not be
    refused.
    """
    adapter = declaration.adapter()
    grammar = adapter.grammar
    given_keys = {item.partition("=")[0] for item in declaration.table_setup}
    answers = [
        *declaration.table_setup,
        *(
            f"{q.key}={q.default}"
            for q in grammar.setup
            if q.key not in given_keys and q.default is not None
        ),
    ]
    examples = [e for verb in grammar.verbs for e in verb.examples if e != "quit"]
    before_verbs = {line.split()[0] for line in declaration.table_lines if line.split()}
    lines = ["help", "save start.json"]
    expect: list[tuple[str, str]] = [("help", "help"), ("save start.json", "command")]
    for verb in grammar.verbs:
        for example in (e for e in verb.examples if e != "quit"):
            lines.append("load start.json")
            expect.append(("load start.json", "command"))
            lead = verb.setting
            if not lead and example.split()[0] not in before_verbs:
                lead = declaration.table_lines
            for line in lead:
                lines.append(line)
                expect.append((line, "clue"))
            lines.append(example)
            expect.append((example, "example"))
    lines.append("quit")
    program = "import sys\nfrom deduce.cli import main\nsys.exit(main(sys.argv[1:]))\n"
    options = [w for item in answers for w in ("--set", item)]
    with tempfile.TemporaryDirectory() as home:
        environment = dict(
            os.environ, HOME=home, XDG_STATE_HOME=home, COLUMNS="400", LINES="50", TERM="dumb"
        )
        done = subprocess.run(
            [sys.executable, "-c", program, "play", declaration.name, "--no-autosave", *options],
            input="\n".join(lines) + "\n",
            capture_output=True,
            text=True,
            cwd=home,
            env=environment,
            timeout=1200,
            check=False,
        )
    output = done.stdout
    for sign in ("Traceback", "internal error"):
        assert sign not in output + done.stderr, (
            f"the console showed {sign!r}:\n{output}{done.stderr}"
        )
    prompt = f"{declaration.name}> "
    answered = output.split(prompt)
    assert len(answered) >= len(lines) + 1, (
        f"the console stopped early (status {done.returncode}):\n{output[-3000:]}{done.stderr}"
    )
    for (line, role), answer in zip(expect, answered[1:], strict=False):
        if role == "help":
            missing = [e for e in examples if e not in answer]
            assert not missing, f"help does not show the examples {missing}:\n{answer}"
        elif role == "clue":
            assert "noted:" in answer, f"the table line {line!r} was not noted:\n{answer}"
        else:
            assert "refused:" not in answer, f"{line!r} was refused:\n{answer}"


guard(globals())
