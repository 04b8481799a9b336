"""Hypothesis strategies for property tests of deductions, yours and ours.

Every game's investigation can produce its secrets and *truthful* clues for a given
secret, so a test can check that a deduction is sound (the secret is never eliminated)
and complete (every kept solution fits every clue). :func:`junk` and :func:`junk_or`
are values a caller might pass by mistake, and :func:`check_game` checks the whole
common contract on any registered game, built in or a plug-in.

Example:
    >>> from hypothesis import given, settings
    >>> from deduce.games.mastermind import Game
    >>> start = Game(pegs=3, colours=3).investigation()
    >>> @settings(max_examples=20)
    ... @given(games(start))
    ... def test_secret_survives(game):
    ...     secret, investigation = game
    ...     assert contains(investigation, secret)
    >>> test_secret_survives()
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
from hypothesis import HealthCheck, reject, settings
from hypothesis import strategies as st

from deduce._internal.entry import guard
from deduce._internal.validation import check_bool, check_int
from deduce.core import registry
from deduce.errors import Contradiction, DeduceError, InvalidInput
from deduce.investigation import Investigation, as_investigation
from deduce.testing import conformance
from deduce.testing.robustness import junk, junk_or

__all__ = [
    "check_game",
    "clue_sequences",
    "clues",
    "contains",
    "contradictions",
    "games",
    "invalid_input",
    "junk",
    "junk_or",
    "lies",
    "secrets",
    "setups",
]

MAX_EXAMPLES = 100_000
"""The most random games :func:`check_game` tries for each property."""

MAX_CLUES = 1_000
"""The most clues of a random game (:func:`clue_sequences`, :func:`games`)."""


TRIES = 20
"""How many clues :func:`lies` and :func:`contradictions` draw for one example before
they give it up (hypothesis then draws another)."""


def setups(game: Any, *, kind: str | None = None) -> st.SearchStrategy[Investigation]:
    """New investigations of random set-ups of ``game``: its tables, sizes and rule
    variants, as the game draws them (13 Indizien: 2 to 6 players dealt at random;
    Mastermind: 1 to 4 pegs of 2 to 6 colours...).

    Args:
        game: a registered game's name, or an investigation class or investigation of it.
        kind: with a name, which kind of investigation (``"Table"``...; default: the
            game's main one).

    Example:
        >>> from hypothesis import given, settings
        >>> @settings(max_examples=10)
        ... @given(setups("13clues"))
        ... def test_my_puzzle_is_hidden(inv):
        ...     assert len(inv.solutions()) > 1
        >>> test_my_puzzle_is_hidden()
    """
    if isinstance(game, str):
        made: type[Investigation] = registry.kind(game, kind)
    elif kind is not None:
        raise InvalidInput("kind", kind, "None when game is not a name")
    elif isinstance(game, type) and issubclass(game, Investigation):
        made = game
    elif isinstance(game, Investigation):
        made = type(game)
    else:
        raise InvalidInput("game", game, "a game's name, or an investigation class or object")
    strategy: st.SearchStrategy[Investigation] = made.setups_strategy()
    return strategy


def clues(investigation: Investigation, secret: Any) -> st.SearchStrategy[Any]:
    """Single clues that are true of ``secret`` and allowed now (for a test of one step:
    observing one never rules ``secret`` out). Nothing is drawn once the game has no
    clue left to give (hypothesis then draws another example).

    Example:
        >>> from hypothesis import given, settings
        >>> from deduce.games.mastermind import Investigation
        >>> inv = Investigation(3, 3)
        >>> @settings(max_examples=20)
        ... @given(clues(inv, "123"))
        ... def test_a_true_clue_keeps_the_secret(clue):
        ...     assert contains(inv.observe(clue), "123")
        >>> test_a_true_clue_keeps_the_secret()
    """
    start = as_investigation(investigation)
    start.contains_secret(secret)  # a secret of another game is refused here
    return start.clue_strategy(secret).filter(lambda clue: clue is not None)


def lies(investigation: Investigation, secret: Any) -> st.SearchStrategy[Any]:
    """Clues allowed now that are false of ``secret``: each is true of another secret,
    and observing it either rules ``secret`` out or is refused as a
    :class:`~deduce.Contradiction` (for a test of what a program does with a player's
    mistake or lie).

    Example:
        >>> from hypothesis import given, settings
        >>> from deduce.games.mastermind import Investigation
        >>> inv = Investigation(3, 3)
        >>> @settings(max_examples=20)
        ... @given(lies(inv, "123"))
        ... def test_a_lie_rules_the_secret_out(clue):
        ...     assert not contains(inv.observe(clue), "123")
        >>> test_a_lie_rules_the_secret_out()
    """
    start = as_investigation(investigation)
    start.contains_secret(secret)
    return _lie(start, secret)


def contradictions(investigation: Investigation) -> st.SearchStrategy[Any]:
    """Clues allowed now that contradict the clues so far, so that observing one raises
    :class:`~deduce.Contradiction` (for a test of a program's handling of it): my moves
    now given an answer no world left gives, and first clues true of a secret that is
    ruled out. An investigation that has ruled nothing out has none, and neither
    has a game that is over, nor a table where neither kind is allowed now (13 Indizien's
    ``Table`` in most turns: draw them for its notebook, ``Investigation``); hypothesis
    then draws another example.

    Example:
        >>> from hypothesis import given, settings
        >>> from deduce.games.mastermind import Investigation
        >>> from deduce import Contradiction
        >>> inv = Investigation(3, 3).guess("123", black=1, white=0)
        >>> @settings(max_examples=10)
        ... @given(contradictions(inv))
        ... def test_refused(clue):
        ...     try:
        ...         inv.observe(clue)
        ...     except Contradiction:
        ...         return
        ...     raise AssertionError("observed")
        >>> test_refused()
    """
    start = as_investigation(investigation)
    written = [_given(start, move, answer) for move, answer in _unanswerable(start)]
    candidates = [clue for clue in written if clue is not None]
    candidates += list(start.impossible_clues())
    return _contradiction(start, candidates, _ruled_out(start), {})


def _ruled_out(investigation: Investigation) -> list[int] | None:
    """The worlds of the start that the clues ruled out, where a world is a secret of the
    game (None where a secret is more, 13 Indizien's whole deal)."""
    origin = investigation.origin
    gone = np.setdiff1d(origin.space.ids, investigation.space.ids)
    try:  # a game whose secret is a world reads one back as possible at the start
        if len(gone) and not origin.contains_secret(origin.secret_of(int(gone[0]))):
            return None
    except DeduceError:
        return None
    return [int(world) for world in gone]


def _unanswerable(investigation: Investigation) -> list[tuple[Any, int]]:
    """Each move of mine now with an answer that some world of the start gave and none
    left gives (its clue contradicts the clues so far); none where the game has no moves
    now."""
    origin = investigation.origin
    try:
        queries = list(investigation.queries())
        if not queries or investigation.space.size == origin.space.size:
            return []
        now = investigation.partition(investigation.space, queries).mass
        then = origin.partition(origin.space, queries).mass
    except (DeduceError, NotImplementedError):
        return []
    if now.shape != then.shape:  # answers counted otherwise as the game went on
        return []
    gone = (now == 0) & (then > 0)
    return [(queries[q], int(k)) for q, k in zip(*np.nonzero(gone), strict=True)]


def _given(investigation: Investigation, move: Any, answer: int) -> Any:
    """The clue of ``move`` given ``answer`` (None: the game cannot write it)."""
    try:
        return investigation.clue_for(move, answer)
    except DeduceError:
        return None


def _rules_out(investigation: Investigation, clue: Any, secret: Any) -> bool:
    """Whether observing ``clue`` is refused as a contradiction or rules ``secret`` out
    (read on the secret's world alone where the game keeps one per secret)."""
    space = investigation.space
    try:
        rows = np.flatnonzero(space.ids == investigation.world_of(secret))
    except DeduceError:  # a secret that is more than a world (13 Indizien's whole deal)
        rows = np.zeros(0, dtype=np.int64)
    try:
        if len(rows):
            return investigation.apply_clue(space.take([int(rows[0])]), clue).size == 0
        return not investigation.observe(clue).contains_secret(secret)
    except Contradiction:
        return True


@st.composite  # built once: hypothesis reads a composite's source when it is built
def _lie(draw: st.DrawFn, investigation: Investigation, secret: Any) -> Any:
    others = investigation.secrets_strategy()  # a clue is drawn for a secret still possible
    for tried in range(TRIES):
        if tried % 4 == 0:  # a few clues of each other secret (drawing one can cost)
            truths = investigation.clue_strategy(draw(others))
        clue = draw(truths)
        if clue is not None and _rules_out(investigation, clue, secret):
            return clue
    reject()


@st.composite
def _contradiction(
    draw: st.DrawFn,
    investigation: Investigation,
    candidates: list[Any],
    ruled_out: list[int] | None,
    refused: dict[int, bool],
) -> Any:
    """A clue of ``candidates`` (my moves with an answer no world left gives, and the
    game's :meth:`~deduce.core.hooks.Hooks.impossible_clues`), or a first clue true of a
    secret ruled out, that is refused as a contradiction (``refused``: each candidate
    tried so far, whether it was)."""
    origin = investigation.origin  # where every secret was possible, to draw its clues
    if investigation.space.size == origin.space.size:
        reject()  # nothing is ruled out yet: nothing to contradict
    for _ in range(TRIES):
        written: bool = draw(st.booleans())
        if candidates and written:
            pick = draw(st.integers(0, len(candidates) - 1))
            if pick not in refused:  # the same clue: the same verdict
                refused[pick] = _contradicts(investigation, candidates[pick])
            if refused[pick]:
                return candidates[pick]
            continue
        if ruled_out is not None:  # a world ruled out, drawn at once
            other = origin.secret_of(ruled_out[draw(st.integers(0, len(ruled_out) - 1))])
        else:
            other = draw(origin.secrets_strategy())
            if investigation.contains_secret(other):
                continue
        clue = draw(origin.clue_strategy(other))
        if clue is not None and _contradicts(investigation, clue):
            return clue
    reject()


def _contradicts(investigation: Investigation, clue: Any) -> bool:
    """Whether observing ``clue`` is refused as a contradiction (no world left fits it,
    read first without the explanation of the conflict, which costs more)."""
    try:
        investigation.check_turn(clue)
        if investigation.apply_clue(investigation.space, clue).total > 0:
            return False
        investigation.observe(clue)  # a table may check more of its turn here
    except Contradiction:
        return True
    except DeduceError:  # not allowed now, or wrong on its own
        return False
    return False


def secrets(game: Any) -> st.SearchStrategy[Any]:
    """Secrets that are still possible in ``game`` (a game or an investigation).

    Example:
        >>> from hypothesis import given
        >>> from deduce.games.mastermind import Game
        >>> @given(secrets(Game(pegs=2, colours=2)))
        ... def test_is_a_code(code):
        ...     assert code in Game(2, 2).codes()
        >>> test_is_a_code()
    """
    strategy: st.SearchStrategy[Any] = as_investigation(game).secrets_strategy()
    return strategy


def clue_sequences(game: Any, secret: Any, *, max_clues: int = 6) -> st.SearchStrategy[Any]:
    """Investigations built from up to ``max_clues`` clues that are true for ``secret``.

    Each clue is drawn from the investigation as it stands, so clues that depend on the
    state (a card played after a guess, say) come out right.

    Example:
        >>> from hypothesis import given, settings
        >>> from deduce.games.mastermind import Game
        >>> @settings(max_examples=10)
        ... @given(clue_sequences(Game(2, 3), "12"))
        ... def test_keeps_the_secret(inv):
        ...     assert contains(inv, "12")
        >>> test_keeps_the_secret()
    """
    start = as_investigation(game)
    max_clues = check_int("max_clues", max_clues, 0, MAX_CLUES)
    return _truthful_game(start, secret, max_clues)


@st.composite  # built once: hypothesis reads a composite's source when it is built
def _truthful_game(
    draw: st.DrawFn, start: Investigation, secret: Any, max_clues: int
) -> Investigation:
    """``start`` with up to ``max_clues`` clues true of ``secret``, each drawn from the
    investigation as it stands."""
    investigation = start
    for _ in range(draw(st.integers(0, max_clues))):
        clue = draw(investigation.clue_strategy(secret))
        if clue is None:
            break
        investigation = investigation.observe(clue)
    return investigation


def games(game: Any, *, max_clues: int = 6) -> st.SearchStrategy[tuple[Any, Investigation]]:
    """Pairs ``(secret, investigation)``: a secret and truthful clues about it.

    The secret is the whole hidden truth (13 Indizien's whole deal, say), not always a
    solution: ``inv.solution_for(secret)`` is the solution it reads as, which truthful
    clues never rule out (see :meth:`deduce.Investigation.solution_for`).

    Example:
        >>> from hypothesis import given, settings
        >>> from deduce.games.mastermind import Game
        >>> @settings(max_examples=10)
        ... @given(games(Game(2, 3)))
        ... def test_pairs(game):
        ...     secret, inv = game
        ...     assert inv.solution_for(secret) in inv.solutions()
        >>> test_pairs()
    """
    start = as_investigation(game)
    max_clues = check_int("max_clues", max_clues, 0, MAX_CLUES)
    return secrets(start).flatmap(
        lambda secret: st.tuples(
            st.just(secret), clue_sequences(start, secret, max_clues=max_clues)
        )
    )


def contains(investigation: Investigation, secret: Any) -> bool:
    """Whether ``secret`` is still possible in ``investigation``.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> inv = Investigation(2, 2).guess("11", black=1, white=0)
        >>> contains(inv, "12"), contains(inv, "22")
        (True, False)
    """
    return as_investigation(investigation).contains_secret(secret)


def invalid_input(
    call: Callable[[], Any], argument: str, choices: str | None = None
) -> InvalidInput:
    """Check that ``call()`` raises :class:`~deduce.InvalidInput` about ``argument``.

    The message must start with ``argument=`` (it names the argument and its value) and,
    if given, contain ``choices`` (the valid choices it lists). Returns the error.

    Example:
        >>> from deduce.games.mastermind import Game
        >>> invalid_input(lambda: Game(pegs=0), "pegs", "from 1 to 8").value
        0
    """
    if not callable(call):
        raise InvalidInput("call", call, "a function of no arguments")
    try:
        call()
    except InvalidInput as error:
        message = str(error)
        assert error.argument == argument, (
            f"argument {error.argument!r}, not {argument!r}: {message}"
        )
        assert message.startswith(f"{argument}="), message
        assert choices is None or choices in message, f"{choices!r} not in {message!r}"
        return error
    raise AssertionError(f"no InvalidInput about {argument!r}")


def check_game(
    name: str,
    *,
    examples: int = 25,
    max_clues: int = 5,
    console: bool = True,
    derandomize: bool = True,
) -> None:
    """Check the common contract of every investigation on the registered game ``name``.

    For every sample that the game's declaration lists (see
    :class:`deduce.core.declaration.Sample`), on ``examples`` random truthful games of up to
    ``max_clues`` clues each (:func:`games`):

    - filtering is sound and complete: the secret is never eliminated, and the solutions
      and probabilities are exactly those of the sample's ``reference`` (the game's own
      brute force); without one, those of a replay of the clues
      (:func:`deduce.testing.conformance.check_filtering`);
    - a clue returns a new investigation and leaves the old one unchanged
      (:func:`~deduce.testing.conformance.check_immutability`);
    - ``to_json`` / ``from_json`` round-trip exactly, also through
      :meth:`deduce.Investigation.from_json`, from format 1 tags, and in a fresh Python
      process (:func:`~deduce.testing.conformance.check_json`,
      :func:`~deduce.testing.conformance.check_fresh_process`);
    - junk into ``observe`` and into every public clue method
      (:func:`~deduce.testing.conformance.clue_methods`) gives only
      :class:`~deduce.InvalidInput` or :class:`~deduce.Contradiction`, leaves the state
      unchanged, and what is accepted can be saved and read back
      (:func:`~deduce.testing.conformance.check_junk`);
    - the text view and the notebook's HTML view render
      (:func:`~deduce.testing.conformance.check_display`);
    - with ``console=True``, when the game has a console front end, every example of its
      ``help`` is accepted by ``deduce play`` after the declaration's ``table_setup``
      and ``table_lines`` (:func:`~deduce.testing.conformance.check_console`).

    Args:
        name: the game's name or an alias, as :func:`deduce.core.registry.find` takes it.
        examples: random games per property (more finds more, slower).
        max_clues: clues per random game, at most.
        console: also drive the console (a new process for each game).
        derandomize: the same examples every run (hypothesis' ``derandomize``).

    Raises:
        AssertionError: a check failed; the message names the game, the kind of
            investigation and the check.
        InvalidInput: no game has that name, or it declares no sample.

    Example:
        >>> check_game("mastermind", examples=3, console=False)
    """
    declaration = registry.find(name)
    if not declaration.samples:
        raise InvalidInput("game", name, "a game that declares its samples")
    examples = check_int("examples", examples, 1, MAX_EXAMPLES)
    max_clues = check_int("max_clues", max_clues, 0, MAX_CLUES)
    console, derandomize = check_bool("console", console), check_bool("derandomize", derandomize)
    run = settings(
        max_examples=examples,
        derandomize=derandomize,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        print_blob=False,
    )
    for number, sample in enumerate(declaration.samples):
        where = f"{declaration.name} ({sample.kind}, sample {number + 1})"
        start = declaration.make(sample)
        conformance.check_sample(
            declaration, sample, start, games(start, max_clues=max_clues), run, where=where
        )
    if console and declaration.front_end is not None:
        conformance.about(
            declaration.name, "console", lambda: conformance.check_console(declaration)
        )


guard(globals())
