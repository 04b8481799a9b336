"""The exact optimum's branch and bound, compiled (numba): the search of
:mod:`deduce.search.optimum` over equally weighted worlds, one world per solution.

It does what ``_Solver.solve`` and ``_Solver.histogram`` do, step for step (the same
bounds, the same order of moves and of parts, the same cache of solved sets, the same
count of nodes), so both give the same totals, trees and node counts. It only leaves out
work whose outcome it knows (the same sets are searched, with the same cutoffs):

- where a move that can end the game reaches the node's own bound with every part
  settled (and no move ends the game on two worlds, so no move's bound is lower), the
  first such move is the one the search would try first and keep: it is taken without
  ranking the others;
- where every move is tried (no symmetry), the moves that can end the game are tried
  first while their bounds stay below the least any other move can have (every world in
  a part that needs more moves, the parts as even as can be); the others are ranked
  only if one of them may still beat the best found;
- on small nodes (up to :data:`_BY_WORLD_MOST` worlds) every move's bound is counted at
  once, reading the table by world: each world adds to its part's bound what the
  ``r``-th world of a part adds (``r``: the earlier worlds with its answer); where a
  part's bound is ``2 s - 1`` for each size ``s`` the node's worlds can make
  (Mastermind's smaller sets), it is enough to know how many worlds repeat an earlier
  world's answer. Moves whose bound is not below the best found are left out then
  (they are never tried).

What the compiled code cannot do itself, it asks of the caller by stopping: the search stops with a
:data:`STATUS` saying why, the caller does what is asked and runs the same search
again. A search run again gets back to where it stopped at little cost (every set solved
before is in the cache) and counts no node twice (a stopped search takes back the nodes
it left unfinished). It stops

- when the node budget runs out (:data:`OUT_OF_NODES`: the search is over);
- every so many nodes, for the caller to look at the clock (:data:`CHECK_TIME`);
- where it needs the symmetry classes of the moves after a path of moves that it has
  not been given yet (:data:`NEED_ORBITS`: the game's hook is Python);
- where its cache is full (:data:`NEED_ROOM`: the caller gives it larger arrays).

The arrays (all made by :func:`new_state` and :func:`grown`):

- ``game``: the outcome table (query x world, ``uint8`` or ``int32``), the finishing
  answers (query x answer), the bounds of ``0..n`` worlds (unit weight), the capacity
  within each number of moves left, the unit weight, whether answers end the game, and
  a random number per world (the cache's hash);
- ``counters``: see the ``C_*`` positions;
- ``orbits``: the moves worth trying after each path of moves whose classes are known
  (``reps``, one array laid end to end, and each path's ``start``/``length`` in it), and
  for each path short enough to be followed by another, the path after each move
  (``after``: a row per such path; ``-2``: not known yet, ``-1``: every move);
- ``cache``: an open-addressing table (``slots``) of entries (``entry``: hash, start of
  its worlds in ``arena``, their number, the moves left (``-1``: no cap), exactness and
  the best move; ``value``: the cost or its bound).

Example:
    >>> import numpy as np
    >>> table = np.array([[2, 0, 1], [0, 2, 1], [0, 1, 2]], dtype=np.uint8)  # 3 codes
    >>> fin = np.array([[False, False, True]] * 3)  # answer 2: the guess is the code
    >>> lbu = np.array([0.0, 1.0, 3.0, 5.0])  # two answers that do not end the game
    >>> state = new_state(table, fin, lbu, np.full(65, np.inf), 1.0, True, 2, 1)
    >>> rows = np.arange(3, dtype=np.int32)
    >>> search(state, rows, np.inf, -1, -1, 0, -1)  # (cost, status, asked path, move)
    (5.0, 0, 0, 0)
    >>> entry_move(state, rows, -1)  # the first code tells the others apart
    (0, True)
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
from numba import njit

__all__ = [
    "CHECK_TIME",
    "DONE",
    "NEED_ORBITS",
    "NEED_ROOM",
    "OUT_OF_NODES",
    "STATUS",
    "add_orbit",
    "entry_move",
    "grown",
    "new_state",
    "ready",
    "search",
    "walk",
]

DONE, OUT_OF_NODES, CHECK_TIME, NEED_ORBITS, NEED_ROOM = 0, 1, 2, 3, 4
STATUS = ("done", "out of nodes", "check the time", "need orbits", "need room")
"""Why a search stopped, by its number."""

# positions in the counters
C_NODES = 0  # nodes searched
C_LIMIT = 1  # the most nodes allowed
C_CHECK = 2  # the node count at which to stop for the clock
C_STATUS = 3  # why the search stopped (DONE while it runs)
C_ENTRIES = 4  # entries in the cache
C_ARENA = 5  # worlds kept in the arena
C_ASK_PATH = 6  # NEED_ORBITS: the path (its orbit id, -1 for none: the root) ...
C_ASK_MOVE = 7  # ... and the move after it (-1: the root itself)
C_ROOT = 8  # the orbit id of the root (-2: not known yet)
C_NEED = 9  # NEED_ROOM: worlds the entry to keep has
C_DEPTH = 10  # the longest path whose moves are grouped by symmetry
C_ORBITS = 11  # orbit ids given
C_REPS = 12  # moves kept in ``reps``, end to end
C_ROWS = 13  # rows of ``after`` used
C_SIZE = 14

_GOLDEN = np.int64(-7046029254386353131)  # 0x9E3779B97F4A7C15 as int64
_SCANS = 8  # moves picked by a scan before the rest of a node's moves are sorted
_ENDERS_LIMIT = 1 << 26  # table entries up to which the moves that end the game are listed
_BY_WORLD_MOST = 48  # worlds up to which a node's moves are counted world by world

State = tuple[Any, ...]


def new_state(
    table: Any,
    fin: Any,
    lbu: Any,
    caps: Any,
    unit: float,
    finishing: bool,
    branching: int,
    symmetry_depth: int,
    *,
    seed: int = 0,
) -> State:
    """Empty counters, orbits and cache for the search of one game.

    Args:
        table: ``(Q, N)`` answers, ``uint8`` or ``int32``.
        fin: ``(Q, K)`` whether answer k to query q ends the game.
        lbu: ``(N + 1,)`` the lower bounds of ``0..N`` worlds of unit weight.
        caps: ``(65,)`` the most solutions that ``0..64`` moves can tell apart.
        unit: the weight of each world.
        finishing: whether answers end the game (a known solution still takes a move).
        branching: the most parts that need more moves any move leaves.
        symmetry_depth: the longest path of moves after which moves are grouped by
            symmetry (deeper, every move is tried).
        seed: the seed of the random numbers the cache hashes worlds with.
    """
    queries, worlds = table.shape
    # only the answers that occur, in their order (the search loops over them)
    used = np.flatnonzero(np.bincount(np.asarray(table).ravel(), minlength=fin.shape[1]))
    dense = np.zeros(fin.shape[1], dtype=np.int64)
    dense[used] = np.arange(len(used))
    table = dense[np.asarray(table)].astype(np.asarray(table).dtype)
    fin = np.asarray(fin)[:, used]
    enders = _enders(table, fin)
    rng = np.random.default_rng(seed)
    rand = rng.integers(-(2**62), 2**62, size=max(worlds, 1), dtype=np.int64)
    game = (
        np.ascontiguousarray(table),
        np.ascontiguousarray(fin, dtype=np.bool_),
        np.asarray(lbu, dtype=np.float64),
        np.asarray(caps, dtype=np.float64),
        np.float64(unit),
        np.bool_(finishing),
        rand,
        np.arange(queries, dtype=np.int32),
        *enders[:4],
        np.int64(branching),
        *enders[4:],
    )
    counters = np.zeros(C_SIZE, dtype=np.int64)
    counters[C_LIMIT] = np.iinfo(np.int64).max
    counters[C_CHECK] = np.iinfo(np.int64).max
    counters[C_ROOT] = -2
    counters[C_DEPTH] = symmetry_depth
    orbits = (
        np.zeros(0, dtype=np.int32),  # reps, end to end
        np.zeros(0, dtype=np.int64),  # start of each orbit id's reps
        np.zeros(0, dtype=np.int64),  # their number
        np.zeros(0, dtype=np.int64),  # each orbit id's row in `after` (-1: none)
        np.full((0, queries), -2, dtype=np.int64),  # after
    )
    slots = np.full(1 << 12, -1, dtype=np.int64)
    cache = (
        slots,
        np.zeros((1 << 11, 6), dtype=np.int64),  # entries: hash, start, n, left, exact, move
        np.zeros(1 << 11, dtype=np.float64),  # value
        np.zeros(1 << 15, dtype=np.int32),  # arena of worlds
    )
    return (game, counters, orbits, cache)


def _enders(table: Any, fin: Any) -> tuple[Any, ...]:
    """For each world, the moves that end the game on it (CSR: starts, moves); whether
    no move ends it on two worlds (then no move's bound is below its node's, and a move
    that reaches it with every part settled is taken at once); whether they are listed
    (none are where no answer ends the game, or the table is too large); and the table
    by world (world x query: its answers, and whether they end the game), which the
    search reads a world at a time for every move at once (empty where not listed)."""
    queries, worlds = table.shape
    if not fin.any() or queries * worlds > _ENDERS_LIMIT:
        none = np.zeros(worlds + 1, dtype=np.int64), np.zeros(0, dtype=np.int32)
        by_world = np.zeros((0, 0), dtype=table.dtype), np.zeros((0, 0), dtype=np.bool_)
        return (*none, np.bool_(False), np.bool_(not fin.any()), *by_world)
    ends = np.take_along_axis(fin, table.astype(np.int64), axis=1)  # (Q, N)
    world, move = np.nonzero(ends.T)  # by world, then move: each world's moves in order
    starts = np.zeros(worlds + 1, dtype=np.int64)
    np.cumsum(np.bincount(world, minlength=worlds), out=starts[1:])
    simple = np.bool_(not (ends.sum(axis=1) > 1).any())
    by_world = np.ascontiguousarray(table.T), np.ascontiguousarray(ends.T)
    return starts, move.astype(np.int32), simple, np.bool_(True), *by_world


def grown(state: State) -> State:
    """``state`` with room for the entry the search stopped to keep (:data:`NEED_ROOM`):
    twice the entries and slots, and an arena large enough."""
    game, counters, orbits, cache = state
    slots, entry, value, arena = cache
    used = int(counters[C_ENTRIES])
    if used + 1 >= len(entry) or 2 * (used + 1) > len(slots):
        entry = np.concatenate([entry, np.zeros_like(entry)])
        value = np.concatenate([value, np.zeros_like(value)])
        slots = np.full(2 * len(slots), -1, dtype=np.int64)
        _rehash(slots, entry, used)
    need = int(counters[C_ARENA]) + int(counters[C_NEED])
    if need > len(arena):
        bigger = np.zeros(max(2 * len(arena), need), dtype=np.int32)
        bigger[: len(arena)] = arena
        arena = bigger
    return (game, counters, orbits, (slots, entry, value, arena))


def _room(array: Any, used: int, need: int, fill: int = 0) -> Any:
    """``array`` with room for ``need`` more items after its first ``used`` (twice the
    room when it grows, so that adding is cheap however many are added)."""
    if used + need <= len(array):
        return array
    bigger = np.full((max(2 * len(array), used + need), *array.shape[1:]), fill, array.dtype)
    bigger[:used] = array[:used]
    return bigger


def add_orbit(state: State, reps: Any, parent: int, move: int, length: int) -> State:
    """``state`` with the moves worth trying after a path of ``length`` moves: the
    path ``parent`` (an orbit id, -1: none) then ``move`` (-1: the root itself).
    Returns the new state (its orbits' arrays grow when they are full)."""
    game, counters, orbits, cache = state
    reps_all, start, count, row, after = orbits
    oid, used, rows = int(counters[C_ORBITS]), int(counters[C_REPS]), int(counters[C_ROWS])
    start, count, row = (_room(a, oid, 1) for a in (start, count, row))
    reps_all = _room(reps_all, used, len(reps))
    start[oid], count[oid] = used, len(reps)
    reps_all[used : used + len(reps)] = reps
    counters[C_ORBITS], counters[C_REPS] = oid + 1, used + len(reps)
    if length < counters[C_DEPTH]:
        after = _room(after, rows, 1, fill=-2)
        row[oid] = rows
        counters[C_ROWS] = rows + 1
    else:
        row[oid] = -1
    if parent < 0:
        counters[C_ROOT] = oid
    else:
        after[row[parent], move] = oid
    return (game, counters, (reps_all, start, count, row, after), cache)


def link_orbit(state: State, oid: int, parent: int, move: int) -> None:
    """Say that the path ``parent`` then ``move`` has the orbits ``oid`` already known
    (the same set of moves reached in another order)."""
    _, counters, orbits, _ = state
    if parent < 0:
        counters[C_ROOT] = oid
    else:
        orbits[4][orbits[3][parent], move] = oid


def search(
    state: State,
    rows: Any,
    cutoff: float,
    path: int,
    move: int,
    length: int,
    left: int,
) -> tuple[float, int, int, int]:
    """The cost of ``rows`` (sorted world rows) within ``left`` moves (-1: no cap) if it
    is below ``cutoff``, else a bound of at least ``cutoff``; the status (:data:`DONE`,
    else why it stopped: then run it again once the caller has done what it asks, or
    give up); and for :data:`NEED_ORBITS` the path and the move it asks about. The rows
    are reached by ``length`` moves: the path ``path`` (an orbit id, -1 for the root)
    then ``move`` (-1 for the root)."""
    game, counters, orbits, cache = state
    value, status, asked, ask_move = _search(
        np.ascontiguousarray(rows, dtype=np.int32),
        float(cutoff),
        path,
        move,
        length,
        left,
        game,
        counters,
        orbits,
        cache,
    )
    return float(value), int(status), int(asked), int(ask_move)


_READY = threading.Lock()
_LOADED: list[bool] = []


def ready() -> None:
    """Load the compiled code (compiling it the first time on a machine, about half a
    minute; numba keeps it on disk after that), by one tiny search through every compiled
    function a search of a ``uint8`` table uses. It is done once a process, before a
    search's clock starts: a budget in seconds never counts the compiling.

    Example:
        >>> ready()
    """
    with _READY:
        if _LOADED:
            return
        table = np.array([[2, 0, 1], [0, 2, 1], [0, 1, 2]], dtype=np.uint8)
        fin = np.array([[False, False, True]] * 3)
        state = new_state(
            table, fin, np.array([0.0, 1.0, 3.0, 5.0]), np.full(65, np.inf), 1.0, True, 2, 1
        )
        rows = np.arange(3, dtype=np.int32)
        search(state, rows, np.inf, -1, -1, 0, -1)
        walk(state, rows, -1)
        entry_move(state, rows, -1)
        _LOADED.append(True)


def entry_move(state: State, rows: Any, left: int) -> tuple[int, bool]:
    """The best move kept for ``rows`` within ``left`` moves (-1: none found) and
    whether the cache has an entry for them."""
    game, _, _, cache = state
    rows = np.ascontiguousarray(rows, dtype=np.int32)
    e = _find(rows, left, _hash(rows, left, game[6]), cache)
    if e < 0:
        return -1, False
    return int(cache[1][e, 5]), True


def walk(state: State, rows: Any, left: int) -> tuple[Any, Any, Any, bool]:
    """The best tree below ``rows`` (solved already): moves -> worlds that need them
    (an array by number of moves), and the tree's nodes of two solutions or more:
    their rows end to end, each node's (start, length, move). The last item says
    whether every node was found exact in the cache (else the caller searches again)."""
    game, _, _, cache = state
    rows = np.ascontiguousarray(rows, dtype=np.int32)
    hist = np.zeros(130, dtype=np.int64)
    sizes = np.zeros(2, dtype=np.int64)
    nowhere = np.zeros(0, np.int32), np.zeros((0, 3), np.int64)  # the first pass counts
    ok = _walk(rows, left, 0, game, cache, hist, *nowhere, sizes, False)
    if not ok:
        return hist, None, None, False
    out_rows = np.zeros(sizes[0], dtype=np.int32)
    nodes = np.zeros((sizes[1], 3), dtype=np.int64)
    sizes[:] = 0
    hist[:] = 0
    _walk(rows, left, 0, game, cache, hist, out_rows, nodes, sizes, True)
    return hist, out_rows, nodes, True


# -- compiled -----------------------------------------------------------------------


@njit(cache=True, nogil=True)
def _search(
    rows: Any,
    cutoff: float,
    path: int,
    move: int,
    length: int,
    left: int,
    game: Any,
    counters: Any,
    orbits: Any,
    cache: Any,
) -> tuple[float, int, int, int]:  # pragma: no cover - compiled
    """:func:`_solve` and why it stopped, read in the same call (a thread switch cannot
    come between)."""
    counters[C_STATUS] = DONE
    value = _solve(rows, cutoff, path, move, length, left, game, counters, orbits, cache)
    return value, counters[C_STATUS], counters[C_ASK_PATH], counters[C_ASK_MOVE]


@njit(cache=True)
def _rehash(slots: Any, entry: Any, used: int) -> None:  # pragma: no cover - compiled
    mask = len(slots) - 1
    for e in range(used):
        i = entry[e, 0] & mask
        while slots[i] >= 0:
            i = (i + 1) & mask
        slots[i] = e


@njit(cache=True)
def _hash(rows: Any, left: int, rand: Any) -> np.int64:  # pragma: no cover - compiled
    h = np.int64(left + 1) * _GOLDEN
    for i in range(len(rows)):
        h += rand[rows[i]]
    return h


@njit(cache=True)
def _find(rows: Any, left: int, h: np.int64, cache: Any) -> Any:  # pragma: no cover
    slots, entry, _, arena = cache
    mask = len(slots) - 1
    n = len(rows)
    i = h & mask
    while True:
        e = slots[i]
        if e < 0:
            return -1
        if entry[e, 0] == h and entry[e, 2] == n and entry[e, 3] == left:
            start = entry[e, 1]
            same = True
            for j in range(n):
                if arena[start + j] != rows[j]:
                    same = False
                    break
            if same:
                return e
        i = (i + 1) & mask


@njit(cache=True)
def _keep(
    rows: Any,
    left: int,
    h: np.int64,
    e: int,
    value: float,
    exact: bool,
    move: Any,
    counters: Any,
    cache: Any,
) -> bool:  # pragma: no cover - compiled
    """Keep the entry (over ``e`` if it is one already); False when there is no room."""
    slots, entry, values, arena = cache
    if e < 0:
        used = counters[C_ENTRIES]
        n = len(rows)
        start = counters[C_ARENA]
        if used + 1 >= len(entry) or 2 * (used + 1) > len(slots) or start + n > len(arena):
            counters[C_NEED] = n
            return False
        for j in range(n):
            arena[start + j] = rows[j]
        counters[C_ARENA] = start + n
        e = used
        counters[C_ENTRIES] = used + 1
        entry[e, 0] = h
        entry[e, 1] = start
        entry[e, 2] = n
        entry[e, 3] = left
        mask = len(slots) - 1
        i = h & mask
        while slots[i] >= 0:
            i = (i + 1) & mask
        slots[i] = e
    entry[e, 4] = 1 if exact else 0
    entry[e, 5] = move
    values[e] = value
    return True


@njit(cache=True)
def _bound(n: int, left: int, game: Any) -> Any:  # pragma: no cover - compiled
    """``_Solver.bound`` for equal weights."""
    lbu, caps, unit, finishing = game[2], game[3], game[4], game[5]
    if left >= 0 and (n > caps[left] or (left == 0 and (finishing or n > 1))):
        return np.inf
    return lbu[n] * unit


@njit(cache=True)
def _trivial(n: int, finishing: bool) -> bool:  # pragma: no cover - compiled
    return n <= 1 or (n == 2 and finishing)


@njit(cache=True)
def _tick(counters: Any) -> bool:  # pragma: no cover - compiled
    """Count a node; False when the search must stop here."""
    counters[C_NODES] += 1
    if counters[C_NODES] > counters[C_LIMIT]:
        counters[C_STATUS] = OUT_OF_NODES
        return False
    if counters[C_NODES] >= counters[C_CHECK]:
        counters[C_STATUS] = CHECK_TIME
        return False
    return True


@njit(cache=True)
def _stop(counters: Any) -> None:  # pragma: no cover - compiled
    """Leave a node unfinished: a search run again counts it again."""
    if counters[C_STATUS] != OUT_OF_NODES:
        counters[C_NODES] -= 1


@njit(cache=True)
def _solve(
    rows: Any,
    cutoff: float,
    path: Any,
    move: Any,
    length: int,
    left: int,
    game: Any,
    counters: Any,
    orbits: Any,
    cache: Any,
) -> Any:  # pragma: no cover - compiled
    """``_Solver.solve`` for equal weights; 0.0 when the search stops."""
    table, fin, lbu, caps, unit, finishing, rand, every = game[:8]
    n = len(rows)
    bound = _bound(n, left, game)
    if bound >= cutoff or _trivial(n, finishing):
        return bound
    h = _hash(rows, left, rand)
    e = _find(rows, left, h, cache)
    if e >= 0 and (cache[1][e, 4] == 1 or cache[2][e] >= cutoff):
        return cache[2][e]
    if not _tick(counters):
        _stop(counters)
        return 0.0
    child = left - 1 if left >= 0 else -1
    child_cap = caps[child] if child >= 0 else np.inf
    answers = fin.shape[1]
    c = np.zeros(answers, dtype=np.int64)
    lbc = np.empty(n + 1, dtype=np.float64)  # a part's bound by its size, within the moves left
    for size in range(n + 1):
        lbc[size] = np.inf if size > child_cap else lbu[size]
    deep = length > counters[C_DEPTH]  # every move is tried here (no symmetry)
    if game[10] and not deep and n <= 2 * game[12] + 1:  # else no move settles every part
        q_best, value = _perfect(rows, cutoff, child, lbc, game, c)
        if q_best >= 0:
            if not _keep(rows, left, h, e, value, True, q_best, counters, cache):
                counters[C_STATUS] = NEED_ROOM
                _stop(counters)
                return 0.0
            return value
    best = cutoff
    best_q = np.int64(-1)
    part_rows = np.empty(n, dtype=np.int32)
    begin = np.empty(answers, dtype=np.int64)
    fill = np.empty(answers, dtype=np.int64)
    ks = np.empty(answers, dtype=np.int64)
    stopped = False
    # Phase 1 (where every move is tried): the moves that can end the game, best bound
    # first, while they are below the bound of every other move (``floor``: its worlds
    # all in parts that need more moves). They come first in the search's order too, so
    # if no other move is left below the best found, the node is done without them.
    # Phase 2: every move, in the search's order (those tried already skipped).
    phase = 1 if deep and game[11] else 2
    done_q = np.zeros(table.shape[0] if phase == 1 else 0, dtype=np.bool_)
    emoves = _ender_moves(rows, game) if phase == 1 else np.zeros(0, dtype=np.int64)
    ebounds = np.empty(len(emoves), dtype=np.float64)
    for j in range(len(emoves)):
        ebounds[j], _, _, useless, _ = _move_bound(emoves[j], rows, child, lbc, game, c)
        if useless:
            ebounds[j] = np.inf
    eorder = np.argsort(ebounds, kind="mergesort")  # by bound, then by index
    floor = n * unit + _split_bound(n, lbc, game[12]) * unit
    j = 0
    prepared = False
    reps = every
    oid = np.int64(-1)
    bounds = np.empty(0, dtype=np.float64)
    cand = np.empty(0, dtype=np.int64)
    order = cand
    picked = np.empty(0, dtype=np.bool_)
    tried = 0
    while True:
        if phase == 1:
            if j < len(emoves) and ebounds[eorder[j]] < best and ebounds[eorder[j]] < floor:
                q = emoves[eorder[j]]
                q_bound = ebounds[eorder[j]]
                done_q[q] = True
                j += 1
            else:
                if floor >= best:
                    break
                phase = 2
                continue
        else:
            if not prepared:
                # the moves worth trying: one per class of the path's symmetries
                reps_all, starts, counts_of, row_of, after = orbits
                if deep:
                    oid = np.int64(-1)
                elif length == 0:
                    oid = counters[C_ROOT]
                else:
                    oid = after[row_of[path], move]
                if oid == -2:
                    counters[C_STATUS] = NEED_ORBITS
                    counters[C_ASK_PATH] = path if length > 0 else -1
                    counters[C_ASK_MOVE] = move if length > 0 else -1
                    stopped = True
                    break
                reps = every if oid == -1 else reps_all[starts[oid] : starts[oid] + counts_of[oid]]
                m = len(reps)
                # a move that can end the game first, then by index
                cand = np.empty(m, dtype=np.int64)
                bounds = np.empty(m, dtype=np.float64)
                ending = 0
                later = m  # moves that cannot end the game fill ``cand`` from its end
                if _affine(lbc, game):  # every move's bound at once
                    repeats, ending_at = _by_world(rows, game)
                    for r in range(m):
                        q = reps[r]
                        bounds[r] = n * unit + np.float64(n + repeats[q] - ending_at[q]) * unit
                    for r in range(m):
                        if bounds[r] >= best:  # never tried: not below the best found
                            continue
                        q = reps[r]
                        if (len(done_q) > 0 and done_q[q]) or (
                            not ending_at[q] and repeats[q] == n - 1  # one part: useless
                        ):
                            continue
                        if ending_at[q]:
                            cand[ending] = r
                            ending += 1
                        else:
                            later -= 1
                            cand[later] = r
                elif _by_world_fits(n, lbc, game):  # the same from each world's rank
                    sums, ending_at, single = _ranks_by_world(rows, lbc, game)
                    for r in range(m):
                        q = reps[r]
                        bounds[r] = n * unit + sums[q] * unit
                    for r in range(m):
                        if bounds[r] >= best:  # never tried: not below the best found
                            continue
                        q = reps[r]
                        if (len(done_q) > 0 and done_q[q]) or single[q]:
                            continue
                        if ending_at[q]:
                            cand[ending] = r
                            ending += 1
                        else:
                            later -= 1
                            cand[later] = r
                else:
                    for r in range(m):
                        if len(done_q) > 0 and done_q[reps[r]]:
                            continue
                        bound_r, _, ends, useless, _ = _move_bound(
                            reps[r], rows, child, lbc, game, c
                        )
                        if useless or bound_r >= best:  # never tried: not below the best
                            continue
                        bounds[r] = bound_r
                        if ends:
                            cand[ending] = r
                            ending += 1
                        else:
                            later -= 1
                            cand[later] = r
                # cand: [ending moves by index][unused][the others, by index from the end]
                tried = ending + (m - later)
                cand[ending:tried] = cand[later:][::-1].copy()
                cand = cand[:tried]
                picked = np.zeros(tried, dtype=np.bool_)
                order = cand  # once sorted
                prepared = True
                j = 0
            # best bound first (ties: the order of ``cand``): the first few picked by a
            # scan, the rest sorted once
            if j >= tried:
                break
            if j < _SCANS:
                at = -1
                for t in range(tried):
                    if not picked[t] and (at < 0 or bounds[cand[t]] < bounds[cand[at]]):
                        at = t
                picked[at] = True
                r = cand[at]
            else:
                if j == _SCANS:
                    rest = cand[~picked]
                    order = rest[np.argsort(bounds[rest], kind="mergesort")]
                r = order[j - _SCANS]
            j += 1
            q = np.int64(reps[r])  # the type of the search's own argument (a cached recursion)
            q_bound = bounds[r]
            if q_bound >= best:
                break
        line = table[q]
        for i in range(n):
            c[line[rows[i]]] += 1
        at = 0
        for k in range(answers):
            begin[k] = at
            fill[k] = at
            at += c[k]
        for i in range(n):
            k = line[rows[i]]
            part_rows[fill[k]] = rows[i]
            fill[k] += 1
        # the parts that need more moves, largest first (then by answer)
        parts = 0
        for k in range(answers):
            if c[k] > 0 and not fin[q, k]:
                at = parts
                while at > 0 and c[ks[at - 1]] < c[k]:
                    ks[at] = ks[at - 1]
                    at -= 1
                ks[at] = k
                parts += 1
        for k in range(answers):
            fill[k] = c[k]  # the parts' sizes
            c[k] = 0
        total = q_bound
        for p in range(parts):
            k = ks[p]
            size = fill[k]
            if _trivial(size, finishing):
                continue
            part_bound = _bound(size, child, game)
            value = _solve(
                part_rows[begin[k] : begin[k] + size],
                best - total + part_bound,
                oid,
                q,
                length + 1,
                child,
                game,
                counters,
                orbits,
                cache,
            )
            if counters[C_STATUS] != DONE:
                stopped = True
                break
            total += value - part_bound
            if total >= best:
                break
        if stopped:
            break
        if total < best:
            best = total
            best_q = q
    if stopped:
        _stop(counters)
        return 0.0
    exact = best < cutoff
    kept = best if exact else max(cutoff, bound)
    if not _keep(rows, left, h, e, kept, exact, best_q, counters, cache):
        counters[C_STATUS] = NEED_ROOM
        _stop(counters)
        return 0.0
    return best


@njit(cache=True)
def _move_bound(
    q: Any, rows: Any, child: int, lbc: Any, game: Any, c: Any
) -> tuple[float, float, bool, bool, bool]:  # pragma: no cover - compiled
    """A move's bound at ``rows`` (``_Solver.candidates``) and its parts' bounds (unit
    weight), whether it can end the game there, whether it is useless (it splits
    nothing, or leaves a part with no move left, or a part too large), and whether every
    part it leaves is settled (trivial). ``lbc``: the bound of a part of each size within
    the moves left (infinite: too large); ``c``: zeros, one per answer (left as zeros)."""
    fin, unit, finishing = game[1], game[4], game[5]
    line = game[0][q]
    ends_q = fin[q]
    n = len(rows)
    for i in range(n):
        c[line[rows[i]]] += 1
    most = 2 if finishing else 1  # the largest part that is settled without a search
    total_bound = 0.0
    largest = 0
    opened = 0
    ends = False
    settled = True
    for k in range(len(c)):
        size = c[k]
        c[k] = 0
        if ends_q[k]:
            ends = ends or size > 0
        else:
            opened += size
            largest = max(largest, size)
            total_bound += lbc[size]
            settled = settled and size <= most
    bound = n * unit + total_bound * unit
    useless = largest == n or (child == 0 and opened > 0) or bound == np.inf
    return bound, total_bound, ends, useless, settled


@njit(cache=True)
def _affine(lbc: Any, game: Any) -> bool:  # pragma: no cover - compiled
    """Whether the moves' bounds at a node can be counted for every move at once: a game
    whose answers end it on one world per move at most, read by world, and parts' bounds
    of ``2 s - 1`` for every size ``s`` the node's worlds can make (each part a move
    that may end the game, then the others one move deeper)."""
    if not game[10] or not game[5] or game[13].shape[0] == 0:
        return False
    size = 1
    while size < len(lbc) and lbc[size] == 2 * size - 1:
        size += 1
    return size == len(lbc)


@njit(cache=True)
def _by_world(rows: Any, game: Any) -> tuple[Any, Any]:  # pragma: no cover - compiled
    """For every move at once: how many of ``rows`` get an answer that one before them
    got, and whether one of them ends the game (reading the table by world). Where
    parts' bounds are ``2 s - 1`` (:func:`_affine`), a move's parts that need more moves
    hold ``n - e`` worlds in ``n - e - repeats`` parts (``e``: the world the move ends
    the game on, if any), so their bounds add up to ``n + repeats - e``; one part holds
    every world when ``repeats`` is ``n - 1`` and no world ends the game."""
    by_world, ends_by_world = game[13], game[14]
    queries = by_world.shape[1]
    repeats = np.zeros(queries, dtype=np.int64)
    ending = np.zeros(queries, dtype=np.bool_)
    again = np.empty(queries, dtype=np.bool_)
    for j in range(len(rows)):
        line = by_world[rows[j]]
        ends = ends_by_world[rows[j]]
        for q in range(queries):
            ending[q] |= ends[q]
        if j == 0:
            continue
        again[:] = False
        for i in range(j):
            earlier = by_world[rows[i]]
            for q in range(queries):
                again[q] |= earlier[q] == line[q]
        for q in range(queries):
            repeats[q] += again[q]
    return repeats, ending


@njit(cache=True)
def _by_world_fits(n: int, lbc: Any, game: Any) -> bool:  # pragma: no cover - compiled
    """Whether :func:`_ranks_by_world` serves a node of ``n`` worlds: the table is read
    by world, the node is small enough (its pairs of worlds cost less than its worlds
    times its moves), and no part is too large for the moves left."""
    if game[13].shape[0] == 0 or n > _BY_WORLD_MOST:
        return False
    return bool(lbc[n] < np.inf)


@njit(cache=True)
def _ranks_by_world(
    rows: Any, lbc: Any, game: Any
) -> tuple[Any, Any, Any]:  # pragma: no cover - compiled
    """For every move at once (reading the table by world): the sum of the bounds of the
    parts that need more moves, whether one of ``rows`` ends the game, and whether one
    part holds them all. A part's bound is the sum of what each of its worlds adds to
    it, in order: the ``r``-th world of a part (``r`` earlier worlds got its answer)
    adds ``lbc[r + 1] - lbc[r]``."""
    by_world, ends_by_world = game[13], game[14]
    queries = by_world.shape[1]
    n = len(rows)
    sums = np.zeros(queries, dtype=np.float64)
    ending = np.zeros(queries, dtype=np.bool_)
    single = np.zeros(queries, dtype=np.bool_)
    rank = np.empty(queries, dtype=np.uint8)
    adds = np.empty(n, dtype=np.float64)
    for r in range(n):
        adds[r] = lbc[r + 1] - lbc[r]
    for j in range(n):
        line = by_world[rows[j]]
        ends = ends_by_world[rows[j]]
        rank[:] = 0
        for i in range(j):
            earlier = by_world[rows[i]]
            for q in range(queries):
                rank[q] += np.uint8(earlier[q] == line[q])
        for q in range(queries):
            if not ends[q]:
                sums[q] += adds[rank[q]]
            ending[q] |= ends[q]
        if j == n - 1:
            for q in range(queries):
                single[q] = rank[q] == n - 1 and not ending[q]
    return sums, ending, single


@njit(cache=True)
def _perfect(
    rows: Any, cutoff: float, child: int, lbc: Any, game: Any, c: Any
) -> tuple[np.int64, float]:  # pragma: no cover - compiled
    """The move the search would take at once at ``rows``, and its cost; (-1, 0.0) when
    there is none. No move's bound is below the node's (no move ends the game on two
    worlds), and among moves of equal bound one that can end the game comes first, by
    index: so if the first such move by index reaches the node's own bound with every
    part settled, it is the best, and the search tries it first."""
    lbu, unit = game[2], game[4]
    n = len(rows)
    moves = _ender_moves(rows, game)
    count = len(moves)
    least = lbu[n] - n  # the parts' bounds of a move that reaches the node's bound
    target = n * unit + least * unit  # as a move's bound is computed
    for j in range(count):
        q = moves[j]
        q_bound, parts, _, useless, settled = _move_bound(q, rows, child, lbc, game, c)
        if useless or q_bound != target:
            continue
        if parts == least and settled and q_bound < cutoff:
            return np.int64(q), q_bound
        return np.int64(-1), 0.0
    return np.int64(-1), 0.0


@njit(cache=True)
def _ender_moves(rows: Any, game: Any) -> Any:  # pragma: no cover - compiled
    """The moves that end the game on one of ``rows``, by index, each once."""
    starts, enders = game[8], game[9]
    count = 0
    for i in range(len(rows)):
        count += starts[rows[i] + 1] - starts[rows[i]]
    moves = np.empty(count, dtype=np.int64)
    at = 0
    for i in range(len(rows)):
        for j in range(starts[rows[i]], starts[rows[i] + 1]):
            moves[at] = enders[j]
            at += 1
    moves = np.sort(moves)
    distinct = 0
    for j in range(count):
        if j == 0 or moves[j] != moves[j - 1]:
            moves[distinct] = moves[j]
            distinct += 1
    return moves[:distinct]


@njit(cache=True)
def _split_bound(n: int, lbc: Any, branching: int) -> Any:  # pragma: no cover - compiled
    """The least sum of the parts' bounds of a move that ends the game on none of ``n``
    worlds: at most ``branching`` parts, as even as can be (the bounds are convex)."""
    if branching <= 0:
        return np.inf
    size, more = divmod(n, branching)
    total = (branching - more) * lbc[size]
    if more > 0:
        total += more * lbc[size + 1]
    return total


@njit(cache=True)
def _own_move(heavy: int, game: Any) -> int:  # pragma: no cover - compiled
    """``_only``: the first move that ends the game on the world ``heavy``, else -1."""
    table, fin = game[0], game[1]
    for q in range(table.shape[0]):
        if fin[q, table[q, heavy]]:
            return q
    return -1


@njit(cache=True)
def _walk(
    rows: Any,
    left: int,
    depth: int,
    game: Any,
    cache: Any,
    hist: Any,
    out_rows: Any,
    nodes: Any,
    sizes: Any,
    fill: bool,
) -> bool:  # pragma: no cover - compiled
    """``_Solver.histogram``; counts the tree's size first (``fill`` False), then
    writes it. False when a node is not exact in the cache."""
    table, fin, finishing, rand = game[0], game[1], game[5], game[6]
    n = len(rows)
    if n <= 1:
        hist[depth + (1 if finishing else 0)] += n
        return True
    if _trivial(n, finishing):
        hist[depth + 1] += 1
        hist[depth + 2] += 1
        move = _own_move(rows[0], game)
        if move >= 0:
            _note(rows, move, out_rows, nodes, sizes, fill)
        return True
    e = _find(rows, left, _hash(rows, left, rand), cache)
    if e < 0 or cache[1][e, 4] == 0:
        return False
    q = cache[1][e, 5]
    _note(rows, q, out_rows, nodes, sizes, fill)
    line = table[q]
    answers = fin.shape[1]
    counts = np.zeros(answers, dtype=np.int64)
    for i in range(n):
        counts[line[rows[i]]] += 1
    child = left - 1 if left >= 0 else -1
    for k in range(answers):
        if counts[k] == 0:
            continue
        if fin[q, k]:
            hist[depth + 1] += counts[k]
            continue
        group = np.empty(counts[k], dtype=np.int32)
        at = 0
        for i in range(n):
            if line[rows[i]] == k:
                group[at] = rows[i]
                at += 1
        if not _walk(group, child, depth + 1, game, cache, hist, out_rows, nodes, sizes, fill):
            return False
    return True


@njit(cache=True)
def _note(
    rows: Any, move: int, out_rows: Any, nodes: Any, sizes: Any, fill: bool
) -> None:  # pragma: no cover - compiled
    """Write a node of the tree (``fill``), and count its size."""
    if fill:
        start = sizes[0]
        for i in range(len(rows)):
            out_rows[start + i] = rows[i]
        nodes[sizes[1], 0] = start
        nodes[sizes[1], 1] = len(rows)
        nodes[sizes[1], 2] = move
    sizes[0] += len(rows)
    sizes[1] += 1
