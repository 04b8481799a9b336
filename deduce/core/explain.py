"""Explanations: the fewest clues behind a fact (``why``) or a contradiction.

Both questions ask for a minimal sub-list of the clues for which a test still holds
("the fact is settled", "no world is left"). :func:`deletion_filter` answers it for any
test; :func:`smallest` answers it for an investigation's own clues with far fewer
replays, because the spaces after every prefix of the clues are already known (each
investigation keeps its own): it searches by bisection for the shortest prefix that
still holds, keeps that prefix's last clue, and repeats on the clues before it.

Example:
    >>> from deduce.games.mastermind import Investigation
    >>> inv = Investigation(2, 3).guess("11", black=0, white=0).guess("22", black=1, white=0)
    >>> inv.why("peg1", "1")
    (Guess(code='11', black=0, white=0),)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from deduce._internal.entry import guard
from deduce._internal.language import N_, M
from deduce.core.space import Space
from deduce.errors import Contradiction, DeduceError, InvalidInput

if TYPE_CHECKING:
    from deduce.investigation import Investigation

__all__ = [
    "MAX_ITEMS",
    "contradiction",
    "deletion_filter",
    "explain_facts",
    "impossible",
    "replay",
    "settled_test",
    "smallest",
]

Test = Callable[[Space | None], bool]


MAX_ITEMS = 100_000
"""The most items :func:`deletion_filter` shrinks: as many as the clues an investigation
may hold (:data:`deduce.core.persistence.MAX_CLUES`)."""


def deletion_filter(
    items: Sequence[Any],
    holds: Callable[[list[Any]], bool],
    *,
    on_keep: Callable[[Any], None] | None = None,
) -> list[Any]:
    """A minimal sub-list of ``items`` (order kept) for which ``holds`` is still true.

    ``holds(items)`` must be true and stay true for every super-list of a list it holds
    for; each item is dropped in turn when ``holds`` survives without it, so no item of the
    answer can be left out. Used to shrink conflicts and explanations.

    Args:
        items: the candidates, in order.
        holds: the test, called with a trial list: the items kept so far, then every
            item after the one being tried.
        on_keep: called with each item as it is found to be needed (callers use it to
            carry work done on the kept prefix from one trial to the next).

    Example:
        >>> deletion_filter([1, 2, 3, 4], lambda kept: sum(kept) >= 5)
        [3, 4]

    Raises:
        InvalidInput: more than :data:`MAX_ITEMS` items (the trials grow as their square).
    """
    if len(items) > MAX_ITEMS:
        raise InvalidInput(
            "items", items, M("at most {n:,} items", n=MAX_ITEMS), reason=N_("too many")
        )
    kept: list[Any] = []
    rest = list(items)
    while rest:
        item, rest = rest[0], rest[1:]
        if not holds(kept + rest):
            kept.append(item)
            if on_keep is not None:
                on_keep(item)
    return kept


def replay(
    investigation: Investigation, clues: Sequence[Any], start: Space | None = None
) -> Space | None:
    """``start`` (default: the space before any clue) filtered by ``clues``, in order.

    The rules of the turn (``check_turn``) are not applied. None if one of the clues
    cannot apply there (a clue that needs an earlier one).

    Example:
        >>> from deduce.games.mastermind import Guess, Investigation
        >>> replay(Investigation(2, 2), [Guess("12", 2, 0)]).size
        1
    """
    space = investigation.origin.space if start is None else start
    try:
        for clue in clues:
            space = investigation.apply_clue(space, clue)
    except InvalidInput:
        return None
    return space


def _prefix_spaces(investigation: Investigation, clues: Sequence[object]) -> list[Space | None]:
    """The space after each prefix of ``clues`` (``len(clues) + 1`` of them)."""
    chain = [step.space for step in investigation.lineage]
    if len(chain) == len(clues) + 1 and tuple(clues) == investigation.clues:
        return list(chain)  # the investigation's own clues: every prefix is known
    spaces: list[Space | None] = [chain[0]]
    for clue in clues:
        before = spaces[-1]
        spaces.append(None if before is None else replay(investigation, [clue], before))
    return spaces


def smallest(
    investigation: Investigation,
    clues: Sequence[Any],
    holds: Test,
    tail: Sequence[Any] = (),
) -> tuple[Any, ...]:
    """A minimal sub-list of ``clues`` (order kept) with ``holds(replay(sub + tail))``.

    Dropping any clue of the answer makes ``holds`` false. The answer is built from the
    end: the shortest prefix of ``clues`` that holds (with the clues already kept after
    it) is found by bisection; its last clue is needed, so it is kept, and the search
    goes on among the clues before it until the kept ones hold alone. Each trial replays
    only the kept clues and ``tail``, from the known space after the prefix.

    If even every clue does not hold, every clue is returned.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> inv = Investigation(2, 3).guess("11", 0, 0).guess("33", 0, 0)
        >>> smallest(inv, inv.clues, lambda space: space is not None and space.size == 1)
        (Guess(code='11', black=0, white=0), Guess(code='33', black=0, white=0))
    """
    clues = list(clues)
    spaces = _prefix_spaces(investigation, clues)
    kept: list[object] = []

    def test(length: int) -> bool:
        start = spaces[length]
        return holds(None if start is None else replay(investigation, [*kept, *tail], start))

    limit = len(clues)
    if not test(limit):
        return tuple(clues)
    while not test(0):
        low, high = 1, limit  # test(limit) holds, test(0) does not
        while low < high:
            middle = (low + high) // 2
            if test(middle):
                high = middle
            else:
                low = middle + 1
        kept.insert(0, clues[low - 1])
        limit = low - 1
    return tuple(kept)


def impossible(clue: object) -> InvalidInput:
    """The refusal of a clue that no solution fits, whatever the clues before it.

    Example:
        >>> impossible("3 black, 1 white").reason
        'no solution fits it, whatever the other clues'
    """
    return InvalidInput(
        "clue",
        clue,
        N_("a clue that some solution allows"),
        reason=N_("no solution fits it, whatever the other clues"),
    )


def contradiction(investigation: Investigation, clue: object) -> DeduceError:
    """The error for ``clue``, which leaves no world after ``investigation``'s clues.

    :class:`InvalidInput` if no world allows the clue even alone, else a
    :class:`Contradiction` naming a minimal set of earlier clues it conflicts with.

    Example:
        >>> from deduce.games.mastermind import Guess, Investigation
        >>> inv = Investigation(2, 2).guess("12", black=2, white=0)
        >>> contradiction(inv, Guess("21", black=2, white=0)).conflict
        (Guess(code='12', black=2, white=0),)
    """
    alone = replay(investigation, [clue])
    if alone is not None and alone.total == 0:
        return impossible(clue)
    kept = smallest(
        investigation,
        investigation.clues,
        lambda space: space is not None and space.total == 0,
        tail=[clue],
    )
    return Contradiction(clue, kept)


def explain_facts(
    investigation: Investigation, facts: Sequence[tuple[str, object]]
) -> tuple[Any, ...]:
    """The fewest clues of ``investigation`` that settle every fact of ``facts``.

    A fact ``(field, value)`` is settled when the value is certain or impossible; the
    answer keeps it so, and dropping any of its clues unsettles one of the facts.

    Raises:
        InvalidInput: a field that the solution does not have, a value it cannot take,
            or a value that is neither certain nor impossible yet.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> inv = Investigation(2, 3).guess("12", black=0, white=2)
        >>> explain_facts(inv, [("peg1", "2")])
        (Guess(code='12', black=0, white=2),)
    """
    return smallest(investigation, investigation.clues, settled_test(investigation, facts))


def settled_test(investigation: Investigation, facts: Sequence[tuple[str, object]]) -> Test:
    """The test that a space still settles every fact of ``facts`` as ``investigation``
    does (each value as certain, or as impossible, as it is now).

    Raises:
        InvalidInput: as :func:`explain_facts`.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> inv = Investigation(2, 3).guess("12", black=0, white=2)
        >>> test = settled_test(inv, [("peg1", "2")])
        >>> test(inv.space), test(inv.origin.space)
        (True, False)
    """
    marginals = investigation.marginals()
    if not isinstance(facts, Sequence) or isinstance(facts, str):
        raise InvalidInput("facts", facts, "a list of (field, value) pairs")
    settled_to: list[tuple[str, object, float]] = []
    for fact in facts:
        if not isinstance(fact, tuple) or len(fact) != 2:
            raise InvalidInput("fact", fact, "a (field, value) pair")
        name, value = fact
        if not isinstance(name, str) or name not in marginals:
            raise InvalidInput("field", name, list(marginals))
        try:
            known = value in marginals[name]
        except TypeError:  # an unhashable value
            known = False
        if not known:
            raise InvalidInput("value", value, list(marginals[name]))
        p = marginals[name][value]
        if p not in (0.0, 1.0):
            raise InvalidInput(  # the value as written: a case or a card is not "impossible"
                "value",
                str(value),
                M("a value of {field} that is certain or impossible by now", field=name),
            )
        settled_to.append((name, value, p))

    def settled(space: Space | None) -> bool:
        if space is None or space.total == 0:
            return False
        now = space.marginals([f for f, _, _ in settled_to])
        return all(now[f][v] == p for f, v, p in settled_to)

    return settled


guard(globals())
