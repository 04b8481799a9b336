"""``strategy="fewest_moves"``: the exact optimum wherever a move costs about a second.

At each state it takes the first of these that is quick, and says which and why
(:class:`Choice`):

1. the optimal tree computed before (:mod:`deduce.search.tree_cache`: this session, the user's
   cache, or a tree shipped with the game): ``"optimal (cached tree)"``;
2. the exact optimum (:func:`deduce.search.optimum.optimal`), when its estimate
   (:func:`optimum_seconds`) is at most :data:`SECOND` and it finishes within
   :data:`NODES` search nodes; its tree is then kept for every later move;
3. the lookahead (``"lookahead"``), when its estimate (:func:`lookahead_seconds`) is at
   most about a second: ``"lookahead: the optimum would take about N s here"``;
4. else the one-step entropy.

Every step is decided by the state alone (sizes and node counts, never the clock), so
the same state always gets the same advice. The estimates were measured on Mastermind
on 2 cores (docs/benchmarks.md).

Example:
    >>> from deduce.games.mastermind import Investigation
    >>> choice = choose(Investigation(3, 3))
    >>> choice.strategy, str(choice.move)
    ('optimal', '112')
    >>> str(choose(Investigation(3, 3).guess("112", black=0, white=1)))
    'optimal (cached tree)'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from deduce._internal.entry import guard
from deduce._internal.language import N_, M, plural
from deduce._internal.recent import Recent
from deduce.core.strategy import STRATEGIES, Partition
from deduce.errors import InvalidInput
from deduce.search.lookahead import (
    Extra,
    FloatArray,
    Lookahead,
    ends_with_a_move,
    lookahead_scores,
)
from deduce.search.lookahead import advice_seconds as search_seconds
from deduce.search.optimum import Budget, compiled, optimal
from deduce.search.tree_cache import (
    TreeKey,
    cached_depth,
    cached_move,
    forget_trees,
    remember,
    tree_key,
)

if TYPE_CHECKING:
    from deduce.investigation import Investigation

__all__ = [
    "NODES",
    "SECOND",
    "WORK",
    "Choice",
    "advice_seconds",
    "choose",
    "fewest_moves_scores",
    "forget",
    "lookahead_seconds",
    "optimum_seconds",
    "ranked_by",
]

SECOND = 1.0
"""The estimate in seconds up to which the optimum, then the lookahead, is tried."""

NODES = 2000
"""The search nodes the optimum may take when it is tried in Python (about 3 s on
Mastermind 4 x 6); compiled, :data:`WORK` bounds it."""

WORK = 1_000_000
"""Nodes x moves the compiled optimum may take when it is tried after a clue (a node
costs 0.1 to 1 microsecond a move on Mastermind: at most about a second); 100 times that
in a fresh game, whose nodes are small (4 x 6's whole tree is 43,665 nodes x 1,296 moves,
0.6 s)."""

_OPTIMUM_PER_ENTRY = 1e-7  # seconds per move x solutions^2 (Mastermind after one guess)
_FRESH = 2.5  # a fresh game's symmetries: its whole tree costs this much less per entry
_COMPILED_PER_ENTRY = 1e-8  # the same, compiled (Mastermind 4 x 5 to 6 x 6 after clues)
_COMPILED_FRESH = 20  # a fresh game compiled: 5e-10 s per entry (3 x 6 to 5 x 4)
_FRESH_WORK = 100  # a fresh game's nodes are small: this much more work is allowed
_SETUP_PER_MOVE = 2e-5  # the outcome table of every move, before any search
_LOOKAHEAD_PER_ENTRY = 2e-6  # seconds per move x world (depth 2, width 6)
_LEAF = "entropy"
_SLOW: dict[tuple[TreeKey, int | None, bytes], Choice] = {}  # the optimum not tried or ran out
_RECENT: Recent[tuple[TreeKey, int | None, bytes], Choice] = Recent(64)
"""The choices of the last 64 states: asked again (the console's redraw, the page's
words beside the advice worked out for them), they say the same."""


@dataclass(frozen=True, slots=True)
class Choice:
    """Which strategy ranks the moves at a state, and why.

    Attributes:
        strategy: ``"optimal"``, ``"lookahead"`` or the one-step ``"entropy"``.
        reason: why, in words.
        move: the optimum's move (None unless ``strategy`` is ``"optimal"``).

    Example:
        >>> str(Choice("lookahead", "the optimum would take about 7 s here"))
        'lookahead: the optimum would take about 7 s here'
    """

    strategy: str
    reason: str
    move: object = None

    def __str__(self) -> str:
        return str(_said(self))


def _said(choice: Choice) -> str:
    """The choice in words (a Message: said in the player's language where it is shown)."""
    if choice.strategy == "optimal":
        return M("optimal ({reason})", reason=choice.reason)
    return M("{strategy}: {reason}", strategy=choice.strategy, reason=choice.reason)


def _solutions(inv: Investigation) -> int:
    return len(inv.space.solution_rows())


def optimum_seconds(inv: Investigation) -> float:
    """A rough estimate of the seconds the exact optimum takes from ``inv``: the outcome
    table of every move, then (moves x solutions squared) times the measured cost of
    one entry (Mastermind after one guess; in a fresh game, whose symmetries leave few
    kinds of first move, as measured on the fresh games of 3 and 4 pegs), compiled
    (:func:`deduce.search.optimum.compiled`) or not. After clues it is rough indeed:
    compiled, one state takes a tenth of it, the next twice it.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> round(optimum_seconds(Investigation(4, 6)), 1)
        1.1
    """
    moves, n = len(inv.queries()), _solutions(inv)
    if compiled(inv):
        per_entry = _COMPILED_PER_ENTRY / (_COMPILED_FRESH if not inv.clues else 1)
    else:
        per_entry = _OPTIMUM_PER_ENTRY / (_FRESH if not inv.clues else 1)
    return moves * (_SETUP_PER_MOVE + per_entry * n * n)


def _budget(inv: Investigation) -> Budget:
    """The nodes the optimum may take at ``inv`` when it is tried (decided by the state
    alone): :data:`NODES` in Python; compiled, :data:`WORK` over the moves (a hundred
    times that in a fresh game)."""
    if not compiled(inv):
        return Budget(seconds=None, nodes=NODES)
    work = WORK * (_FRESH_WORK if not inv.clues else 1)
    return Budget(seconds=None, nodes=max(1, work // max(len(inv.queries()), 1)))


def lookahead_seconds(inv: Investigation) -> float:
    """A rough estimate of the seconds the lookahead takes at ``inv``: moves x worlds
    times the measured cost of one entry (Mastermind 4x6 after one guess).

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> lookahead_seconds(Investigation(5, 8)) > 60
        True
    """
    return len(inv.queries()) * inv.space.size * _LOOKAHEAD_PER_ENTRY


def choose(inv: Investigation) -> Choice:
    """The strategy that ``"fewest_moves"`` ranks the moves of ``inv`` by, and why.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> str(choose(Investigation(5, 8)))
        'entropy: the lookahead would take about 2147 s here, the optimum longer'
    """
    key = (tree_key(inv), inv.moves_left(), np.asarray(inv.space.ids).tobytes())
    if key in _SLOW:
        return _SLOW[key]
    recent = _RECENT.get(key)
    if recent is not None:  # the same state again: the same words
        return recent
    choice = _choose(inv)
    if choice.strategy != "optimal":
        _SLOW[key] = choice  # not tried again
    _RECENT.put(key, choice)
    return choice


def forget() -> None:
    """Forget every choice and tree kept in memory (the files stay).

    Example:
        >>> forget()
    """
    _SLOW.clear()
    _RECENT.clear()
    forget_trees()


def _choose(inv: Investigation) -> Choice:
    if _solutions(inv) <= 1 or (_solutions(inv) == 2 and ends_with_a_move(inv)):
        return Choice("optimal", N_("at most two left"))  # the entropy's move is optimal here
    left = inv.moves_left()
    move = cached_move(inv)
    deep = None  # the most moves the optimum needs here, where that is more than are left
    if move is not None:
        depth = cached_depth(inv)
        if left is None or depth is None or depth <= left:
            return Choice("optimal", N_("cached tree"), move)
        deep = depth
    estimate = optimum_seconds(inv)
    if estimate <= SECOND:
        budget = _budget(inv)
        if deep is None:
            result = optimal(inv, budget=budget)
            if result.exact and result.tree is not None:
                remember(inv, result.tree)  # the optimum: kept, and used where it fits
                if left is None or (result.worst or 0) <= left:
                    kept = N_("computed now, kept for the next moves")
                    return Choice("optimal", kept, result.move)
                deep = result.worst
        if deep is not None:
            capped = optimal(inv, max_moves=left, budget=budget)
            if capped.exact:
                within = plural(  # English says "moves" even for 1; other languages need not
                    "computed now, within the {n} moves left",
                    "computed now, within the {n} moves left",
                    cast(int, left),  # a cap on moves: deep is only set where there is one
                )
                return Choice("optimal", within, capped.move)
            if capped.total == math.inf:
                unsure = plural(
                    "no play is sure to finish within the {n} moves left",
                    "no play is sure to finish within the {n} moves left",
                    cast(int, left),
                )
                return Choice("lookahead" if lookahead_seconds(inv) <= SECOND else _LEAF, unsure)
        estimate = max(estimate, SECOND)  # tried and ran out: over a second
    about = M("about {seconds:.0f} s", seconds=estimate) if estimate >= 1.5 else N_("over a second")
    if lookahead_seconds(inv) <= SECOND:
        if deep is None:
            return Choice("lookahead", M("the optimum would take {about} here", about=about))
        return Choice(
            "lookahead",
            plural(
                "the optimum would take {about} here; it does not plan for the {n} moves left "
                "(the optimum needs up to {deep} here)",
                "the optimum would take {about} here; it does not plan for the {n} moves left "
                "(the optimum needs up to {deep} here)",
                cast(int, left),
                about=about,
                deep=deep,
            ),
        )
    seconds = lookahead_seconds(inv)
    if deep is None:
        return Choice(
            _LEAF,
            M(
                "the lookahead would take about {seconds:.0f} s here, the optimum longer",
                seconds=seconds,
            ),
        )
    return Choice(
        _LEAF,
        plural(
            "the lookahead would take about {seconds:.0f} s here, the optimum longer; it does "
            "not plan for the {n} moves left (the optimum needs up to {deep} here)",
            "the lookahead would take about {seconds:.0f} s here, the optimum longer; it does "
            "not plan for the {n} moves left (the optimum needs up to {deep} here)",
            cast(int, left),
            seconds=seconds,
            deep=deep,
        ),
    )


def fewest_moves_scores(
    inv: Investigation, queries: Sequence[Any], part: Partition, *, extra: Extra
) -> FloatArray:
    """Rows of scores for ``strategy="fewest_moves"``: under :func:`choose`'s strategy;
    for the optimum, its move first (or one equivalent to it), then the entropy's order.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> str(Investigation(3, 4).best("fewest_moves"))
        '112'
    """
    if len(queries) != len(part.mass):
        raise InvalidInput("queries", queries, "one query for each row of the partition")
    choice = choose(inv)
    leaf = np.atleast_2d(np.asarray(STRATEGIES[_LEAF](part), dtype=np.float64))
    if choice.strategy == "lookahead":
        return lookahead_scores(inv, queries, part, plan=Lookahead(), extra=extra)
    if choice.strategy != "optimal" or choice.move is None:
        return leaf
    first = np.zeros(len(queries))
    where = [i for i, q in enumerate(queries) if q == choice.move]
    if not where:  # the tree's move stands for its class: the equivalent one listed
        orbit = inv.query_orbits([*queries, choice.move])
        if orbit is not None:
            labels = np.asarray(orbit)
            where = np.flatnonzero(labels[:-1] == labels[-1]).tolist()
    if where:
        first[where[0]] = 1.0
    return np.vstack([first, leaf])


def ranked_by(inv: Investigation, strategy: str) -> str:
    """What ranked the moves of ``inv`` under ``strategy``, as the console says it:
    for ``"fewest_moves"`` the strategy it chose and why.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> ranked_by(Investigation(4, 6), "fewest_moves")
        'optimal (cached tree)'
        >>> ranked_by(Investigation(4, 6), "minimax")
        'minimax'
    """
    return _said(choose(inv)) if strategy == "fewest_moves" else strategy


def advice_seconds(inv: Investigation, strategy: str) -> float:
    """:func:`deduce.search.advice_seconds`, and for ``"fewest_moves"`` the estimate of
    the step it will take (nothing is computed).

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> advice_seconds(Investigation(4, 6), "fewest_moves") < 0.1  # a shipped tree
        True
    """
    if strategy != "fewest_moves":
        return search_seconds(inv, strategy)
    one_step = search_seconds(inv, _LEAF)
    if _solutions(inv) <= 2 or cached_move(inv) is not None:
        return one_step
    if optimum_seconds(inv) <= SECOND:
        return one_step + optimum_seconds(inv)
    if lookahead_seconds(inv) <= SECOND:
        return one_step + lookahead_seconds(inv)
    return one_step


guard(globals())
