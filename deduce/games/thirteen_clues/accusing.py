"""When to accuse in 13 Indizien: my chance to win by accusing now against asking on.

A move is worth the chance that I win the race after it. The others threaten: each other
seat ``s`` would name their own puzzle right with the chance ``r[s]`` if they accused on
their next action (:func:`~deduce.games.thirteen_clues.rival_chances`, from their own
view of the table). A glass I hand out does not come straight back: the player who gets
it acts, and hands it on (a question to the witness, else to the next player), and so on
until it comes to me. :func:`passing` counts that way back, each player handing the
glass to one of the others at random: ``V(s)``, the chance that nobody wins before I act
again when ``s`` acts now. From my next turn on I count what the simplest plan still
wins: the *ladder*, accusing my puzzles in order of probability, one a round, while the
others win a round (a wrong accusation hands the glass to my left, seat 1) with
``h = 1 - V(1)``::

    ladder = p1 + (1 - h) p2 + (1 - h)^2 p3 + ...

(the puzzles' probabilities ``p1 >= p2 >= ...``). It is a plan I can always follow, so a
lower bound of my chances; with two players and two puzzles left it is exact (accusing
the likelier one, then the other, is the best there is). With two players I act next
after every move: ``V(1) = 1 - r[1]``. The rule before (``passed=False``) counted only
the glasses held after my move before my next action, and a round of the ladder as each
other player once, ``h = 1 - prod(1 - r[s])``: a move's danger was the chance of the
witness alone, whatever the size of the table.

- **Accusing now** wins with ``p1``; wrong, it rules that puzzle out and lays my glasses
  down, and the players who act before I act again may win first (``danger``, the
  glass from seat 1 back to me):
  ``p1 + (1 - p1)(1 - danger) ladder(the rest)``.
- **Asking on** spends the turn on an answer (its danger as :func:`advise` counts it):
  ``(1 - danger) sum over answers P(answer) ladder(after the answer)``, computed exactly
  from the deals behind each puzzle and answer.

While another seat acts (after my move, say), my chance is :func:`waiting`'s: that
nobody who acts before my next action wins, times the ladder from there (what a move's
answer is worth above: with the same rivals, the chances after a move's answers
average to its value, outside the deeper search of a two-player end game). The race's
arithmetic is the engine's (:mod:`deduce.table.races`): the ladder is
:func:`~deduce.table.races.first_to_finish` against
:func:`~deduce.table.races.steady` rivals, a danger a
:func:`~deduce.table.races.survival`.

I accuse when accusing now wins more often than the best question (on a tie, I ask).
With two players and few puzzles left (at most :data:`EXACT_PUZZLES`) the comparison looks
:data:`EXACT_DEPTH` moves deep: after the accusation, and after each answer of the
:data:`QUESTIONS` best questions, my next turn weighs accusing and every question again,
the ladder only at the end of that search. With two puzzles left it is exact: accusing
now wins at least as often as asking, more often once the rival can win at all.

Example:
    >>> from deduce.games.thirteen_clues import Deal, Glasses, Investigation
    >>> deal = Deal.random(3, seed=4)
    >>> inv = Investigation(3, deal.hands[0], list(deal.puzzles[1:]))
    >>> now, later = accuse_or_ask(inv, Glasses.start(3), inv.recommend(top=3), {1: 0.1, 2: 0.1})
    >>> now < later  # 80 puzzles: asking wins far more often
    True
    >>> round(ladder([3, 1], 0.5), 3)  # 3/4 + (1 - 1/2) 1/4
    0.875
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce._internal.validation import check_type
from deduce.errors import InvalidInput
from deduce.games.thirteen_clues.cards import check_players
from deduce.games.thirteen_clues.clues import Ask, Peek
from deduce.games.thirteen_clues.glasses import Glasses
from deduce.games.thirteen_clues.investigation import Investigation
from deduce.investigation import Recommendation
from deduce.table.races import first_to_finish, steady, survival

__all__ = ["EXACT_DEPTH", "EXACT_PUZZLES", "accuse_or_ask", "ladder", "passing", "waiting"]

QUESTIONS = 6
"""How many questions (the best by the ladder after their answer) the deeper search of
the two-player game follows."""

EXACT_PUZZLES = 6
"""With two players and at most this many puzzles left, the comparison searches deeper."""

EXACT_DEPTH = 2
"""How many of my moves that search looks ahead (with two players, few puzzles)."""


def ladder(weights: npt.ArrayLike, hazard: float) -> float:
    """My chance to win by accusing my puzzles in order of probability, one a round,
    when the others win each round with the chance ``hazard`` (the puzzles' weights
    need not add up to 1; no weight: 0).

    Example:
        >>> ladder([1, 1], 0.0), ladder([2, 1, 1], 1.0), ladder([], 0.3)
        (1.0, 0.5, 0.0)
    """
    try:
        w = np.sort(np.asarray(weights, dtype=np.float64).ravel())[::-1]
    except (TypeError, ValueError):
        raise InvalidInput("weights", weights, "a list of weights of at least 0") from None
    if not np.isfinite(w).all() or (w < 0).any():
        raise InvalidInput("weights", weights, "a list of weights of at least 0")
    hazard = _chance("hazard", hazard)
    total = float(w.sum())
    if total <= 0:
        return 0.0
    return first_to_finish(w / total, steady(hazard, len(w)), tie=0.0)


def _chance(argument: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        raise InvalidInput(argument, value, "a chance from 0 to 1")
    return float(value)


def _ladders(
    joint: npt.NDArray[np.float64], hazard: float | npt.NDArray[np.float64]
) -> npt.NDArray[np.float64]:
    """For each query of ``joint`` (queries, puzzles, answers): the expected ladder after
    its answer (``hazard``: one for every query, or one each)."""
    ordered = -np.sort(-joint, axis=1)  # each answer's puzzles, likeliest first
    if np.ndim(hazard) == 0:
        reached = np.einsum("qxk,x->q", ordered, steady(float(hazard), joint.shape[1]))
    else:
        discounts = steady(np.asarray(hazard, dtype=np.float64), joint.shape[1])
        reached = np.einsum("qxk,qx->q", ordered, discounts)
    totals = joint.sum(axis=(1, 2))
    return np.where(totals > 0, reached / np.where(totals > 0, totals, 1.0), 0.0)


def _safe(acting: set[int], rivals: Mapping[int, float]) -> float:
    return survival(rivals.get(seat, 0.0) for seat in acting - {0})


def passing(players: int, rivals: Mapping[int, float]) -> dict[int, float]:
    """For each other seat ``s``: the chance that nobody wins before I act again when
    ``s`` acts now with the one glass, each player who acts winning with their chance
    ``rivals`` and handing the glass to one of the other players at random (a question
    hands it to the witness), until it comes to me:
    ``V(s) = (1 - r[s]) (1 + sum of V(t) over the others t but me and s) / (players - 1)``.

    Raises:
        InvalidInput: a bad player count, or chances not of the other seats from 0 to 1.

    Example:
        >>> passing(2, {1: 0.25})  # with two players, I act next
        {1: 0.75}
        >>> v = passing(3, {1: 0.5, 2: 0.5})  # V = (1 + V) / 4
        >>> round(v[1], 6), round(v[2], 6)
        (0.333333, 0.333333)
    """
    players = check_players(players)
    _check_chances(players, rivals)
    return dict(_passing(players, tuple(float(rivals.get(s, 0.0)) for s in range(1, players))))


@lru_cache(maxsize=256)
def _passing(players: int, chances: tuple[float, ...]) -> tuple[tuple[int, float], ...]:
    """:func:`passing` for the other seats' ``chances`` in seat order (kept: one advice
    asks it for every move)."""
    seats = list(range(1, players))
    rivals = dict(zip(seats, chances, strict=True))
    keep = np.array([1.0 - rivals.get(s, 0.0) for s in seats])
    share = 1.0 / (players - 1)
    others = np.ones((len(seats), len(seats))) - np.eye(len(seats))
    system = np.eye(len(seats)) - share * keep[:, None] * others
    values = np.linalg.solve(system, share * keep)
    return tuple((s, float(min(max(v, 0.0), 1.0))) for s, v in zip(seats, values, strict=True))


def _reaches_me(
    acting: Sequence[int], rivals: Mapping[int, float], players: int, passed: bool
) -> float:
    """The chance that nobody wins before I act again when ``acting`` (in order) act
    first: each of them wins with their chance; with ``passed``, the glass the last of
    them holds then passes on as :func:`passing` counts it."""
    others = [s for s in dict.fromkeys(acting) if s != 0]
    if not passed or not others:
        return _safe(set(others), rivals)
    return _safe(set(others[:-1]), rivals) * passing(players, rivals)[others[-1]]


def survive(
    glasses: Glasses, receiver: int, rivals: Mapping[int, float], *, passed: bool = True
) -> float:
    """The chance that nobody who acts before my next action wins, after a move that
    hands ``receiver`` a glass (a move's danger, as :func:`advise` counts it, is one
    less this): the players holding glasses then, and with ``passed`` (the default) the
    others the glass is handed to on its way back to me (:func:`passing`); without it,
    only the glasses held then."""
    acting = [s for s in glasses.actions_before(0) if s != receiver] + [receiver]
    return _reaches_me(acting, rivals, glasses.players, passed)


def _after_wrong(glasses: Glasses, rivals: Mapping[int, float], passed: bool) -> float:
    """The chance that nobody wins before I act again after a wrong accusation: the
    other player with two; else everyone holding a glass then (mine are laid down),
    and with ``passed`` the others the glass passes to on its way back to me."""
    if glasses.players == 2:
        return _safe({1}, rivals)
    wrong = glasses.accused(right=False)
    holders = wrong.actions_before(0) if wrong.active != 0 else {}
    acting = [s for s in holders if s != wrong.active] + [wrong.active]
    return _reaches_me(acting, rivals, glasses.players, passed)


def _hazard(players: int, rivals: Mapping[int, float], passed: bool) -> float:
    """The chance that the others win a round of the ladder: each of them once, or,
    with ``passed``, on the glass's way from my left-hand neighbour back to me (a
    wrong accusation hands it to them)."""
    if not passed or players == 2:
        return _round(rivals)
    return 1.0 - passing(players, rivals)[1]


def waiting(
    inv: Investigation, glasses: Glasses, rivals: Mapping[int, float], *, passed: bool = True
) -> float:
    """My chance to win while another seat acts: that nobody who acts before my next
    action wins (the glasses they hold now), times the ladder of my puzzles from my
    next turn (the others winning a round with the chance ``rivals`` give).

    Raises:
        InvalidInput: a table of another player count, one where I act now, or one that
            is over.

    Example:
        >>> from deduce.games.thirteen_clues import Glasses, Investigation
        >>> inv = Investigation(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")])
        >>> glasses = Glasses.start(2, first=1)  # seat 1 acts: 0.8 that they are wrong
        >>> waiting(inv, glasses, {1: 0.2}) == 0.8 * ladder(inv.space.weights, 0.2)
        True
    """
    check_type("inv", inv, Investigation, "a 13 Indizien Investigation")
    if not isinstance(glasses, Glasses) or glasses.players != inv.players:
        raise InvalidInput("glasses", glasses, f"the Glasses of a {inv.players}-player table")
    if glasses.active == 0 or glasses.winner is not None:
        raise InvalidInput("glasses", str(glasses), "a table where another seat acts now")
    _check_rivals(inv, rivals)
    acting = [1] if glasses.players == 2 else list(glasses.actions_before(0))
    reach = _reaches_me(acting, rivals, glasses.players, passed)
    return reach * ladder(inv.space.weights, _hazard(glasses.players, rivals, passed))


def _check_rivals(inv: Investigation, rivals: Any) -> None:
    _check_chances(inv.players, rivals)


def _check_chances(players: int, rivals: Any) -> None:
    if not isinstance(rivals, Mapping) or not all(
        s in range(1, players)
        and not isinstance(p, bool)
        and isinstance(p, int | float)
        and 0 <= p <= 1
        for s, p in rivals.items()
    ):
        raise InvalidInput("rivals", rivals, "other seats -> chances from 0 to 1")


def _round(rivals: Mapping[int, float]) -> float:
    return 1.0 - survival(rivals.values())


def accuse_or_ask(
    inv: Investigation,
    glasses: Glasses,
    moves: Sequence[Recommendation],
    rivals: Mapping[int, float],
    *,
    passed: bool = True,
    after: Mapping[Any, Mapping[int, float]] | None = None,
) -> tuple[float, float]:
    """My chance to win by accusing my likeliest puzzle now, and by the best of
    ``moves`` (questions or the informant), as the module's text counts them.

    Args:
        inv: my notebook.
        glasses: the glasses at the table; I (seat 0) act now.
        moves: the questions and the informant, best first (as :func:`advise` ranks
            them); no move: asking on is worth 0.
        rivals: each other seat's chance to be right if they accused now.
        passed: count the glass passing on among the others until it comes back to me
            (:func:`passing`, the default); False: only the glasses held after my move
            act before me, and a round of the ladder is each other player once (the
            rule before).
        after: for a move, the others' chances once its answer is public (see
            :func:`~deduce.games.thirteen_clues.rival_chances_after`): what they act on
            after it, in its danger and in the ladder after its answer; a move not in
            it, or no ``after``: ``rivals``.

    Raises:
        InvalidInput: a table of another player count, not my turn, or chances that are
            not of the other seats from 0 to 1.

    Example:
        >>> from deduce.games.thirteen_clues import Glasses, Investigation
        >>> inv = Investigation(2, ("Duke", "Park"), [("Officer", "Parlor", "Knife")])
        >>> accuse_or_ask(inv, Glasses.start(2), [], {1: 0.2})[1]
        0.0
    """
    check_type("inv", inv, Investigation, "a 13 Indizien Investigation")
    if not isinstance(glasses, Glasses) or glasses.players != inv.players:
        raise InvalidInput("glasses", glasses, f"the Glasses of a {inv.players}-player table")
    if glasses.active != 0 or glasses.winner is not None:
        raise InvalidInput("glasses", str(glasses), "a table where I (seat 0) act now")
    if isinstance(moves, str | bytes) or not isinstance(moves, Sequence):
        raise InvalidInput("moves", moves, "a list of Recommendations (from recommend)")
    if not all(isinstance(m, Recommendation) for m in moves):
        raise InvalidInput("moves", moves, "a list of Recommendations (from recommend)")
    _check_rivals(inv, rivals)
    if after is not None:
        if not isinstance(after, Mapping):
            raise InvalidInput("after", after, "moves -> the other seats' chances after them")
        for chances in after.values():
            _check_rivals(inv, chances)
    queries = [m.action for m in moves if isinstance(m.action, Ask | Peek)]
    if inv.players == 2 and inv.space.size <= EXACT_PUZZLES:
        return _search(inv, inv.queries(), float(rivals.get(1, 0.0)), EXACT_DEPTH)
    hazard = _hazard(inv.players, rivals, passed)
    weights = inv.space.weights.astype(np.float64)
    total = float(weights.sum())
    p = float(weights.max()) / total
    rest = weights.copy()
    rest[int(np.argmax(weights))] = 0.0
    now = p + (1.0 - p) * _after_wrong(glasses, rivals, passed) * ladder(rest, hazard)
    if not queries:
        return now, 0.0
    later = [rivals if after is None else after.get(q, rivals) for q in queries]
    hazards = (
        hazard
        if after is None
        else np.array([_hazard(inv.players, chances, passed) for chances in later])
    )
    reached = _ladders(inv.joint(inv.space, queries), hazards)
    safe = np.array(
        [
            survive(glasses, glasses.receiver(q), chances, passed=passed)
            for q, chances in zip(queries, later, strict=True)
        ]
    )
    return now, float((safe * reached).max())


def _search(
    inv: Investigation, queries: Sequence[Any], rival: float, depth: int
) -> tuple[float, float]:
    """Two players: accusing now and the best of ``queries``, ``depth`` moves deep."""
    weights = inv.space.weights.astype(np.float64)
    p = float(weights.max()) / float(weights.sum())
    rest = weights.copy()
    rest[int(np.argmax(weights))] = 0.0
    safe = 1.0 - rival
    joint = inv.joint(inv.space, queries) if queries else np.zeros((0, 1, 1))
    reached = _ladders(joint, rival)
    if inv.space.size <= 2 or depth <= 1:
        now = p + (1.0 - p) * safe * ladder(rest, rival)
        return now, safe * float(reached.max(initial=0.0))
    puzzle = inv.accusation().puzzle
    wrong = inv.accused(puzzle.person, puzzle.location, puzzle.weapon)
    now = p + (1.0 - p) * safe * _value(wrong, rival, depth - 1)
    best = 0.0
    for q in np.argsort(-reached, kind="stable")[:QUESTIONS]:
        query = queries[int(q)]
        mass = joint[q].sum(axis=0)
        chance = 0.0
        for k in np.flatnonzero(mass > 0):
            after = inv.observe(inv.clue_for(query, int(k)))
            chance += float(mass[k]) / float(mass.sum()) * _value(after, rival, depth - 1)
        best = max(best, safe * chance)
    return now, best


def _value(inv: Investigation, rival: float, depth: int) -> float:
    """Two players, my turn: my chance to win, ``depth`` moves deep."""
    if inv.space.size <= 2:
        return ladder(inv.space.weights, rival)
    return max(_search(inv, inv.queries(), rival, depth))


guard(globals())
