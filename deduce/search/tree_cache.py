"""The optimum's decision trees, computed once and kept: in memory, on disk, and shipped.

The exact optimum (:func:`deduce.search.optimum.optimal`) of a whole game can take minutes, but
its tree is small: the move at each node, a node being the set of worlds still possible.
The tree of a game is kept under a content key (:class:`TreeKey`: the game, its set-up,
the cap on moves and :data:`TREE_VERSION`), in a JSON file of that key's name:

- in the user's cache directory (:func:`cache_dir`): the trees computed there (never
  the one the game ships), written atomically (a temporary file renamed over the old
  one) at once, then at most every :data:`SAVE_SECONDS` while more are computed (and
  when the trees are forgotten, or the program ends);
- shipped with a game, in the folder ``trees/`` of the game's package (read only).

A file is never trusted blindly: one whose key differs, whose checksum does not match
its nodes, or whose tree does not hold together (a move that does not split its node,
a part of two worlds or more that is not a node itself) is ignored, and the tree is
computed again. Only games that are their outcome table (``table_game``) are kept on
disk: there the worlds left are the whole state.

Example:
    >>> from deduce.games.mastermind import Investigation
    >>> tree_key(Investigation(3, 4)).name.startswith("mastermind-")
    True
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import json
import math
import os
import sys
import tempfile
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce.errors import DeduceError, InvalidInput

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from deduce.core.hooks import Query
    from deduce.investigation import Investigation

__all__ = [
    "SAVE_SECONDS",
    "TREE_VERSION",
    "TreeKey",
    "build_tree",
    "cache_dir",
    "cached_depth",
    "cached_move",
    "forget_trees",
    "load_tree",
    "remember",
    "save_tree",
    "tree_key",
]

TREE_VERSION = 1
"""The version of the trees' files and of the search that made them: a file of another
version is ignored."""

Nodes = dict[bytes, int]  # a node's world ids (int32, in order) -> the move's position
_MEMORY: dict[tuple[str, TreeKey], Nodes] = {}
_KEEPING = threading.RLock()  # one tree kept at a time: the file holds every one
_DEPTHS: dict[tuple[str, TreeKey], dict[bytes, int]] = {}  # node -> most moves it needs
_OWN: dict[tuple[str, TreeKey], Nodes] = {}  # the nodes of the user's cache file, and new ones
_WRITTEN: dict[tuple[str, TreeKey], float] = {}  # when each cache file was last written
_UNWRITTEN: set[tuple[str, TreeKey]] = set()  # cache files behind what is kept in memory

SAVE_SECONDS = 2.0
"""The least time between two writes of a cache file: trees computed meanwhile are kept
in memory and written with the next one after it (or when the trees are forgotten, or
the program ends)."""


@dataclass(frozen=True, slots=True)
class TreeKey:
    """What a tree is the optimum of.

    Attributes:
        game: the game's name.
        setup: its set-up, as JSON text with sorted keys.
        max_moves: the cap on moves (None: none).
        version: :data:`TREE_VERSION` when it was made.

    Example:
        >>> TreeKey("mastermind", '{"pegs": 2}').version == TREE_VERSION
        True
    """

    game: str
    setup: str
    max_moves: int | None = None
    version: int = TREE_VERSION

    @property
    def name(self) -> str:
        """The file name of the tree: the game and a hash of the whole key."""
        text = json.dumps([self.game, self.setup, self.max_moves, self.version])
        return f"{self.game}-{hashlib.sha256(text.encode()).hexdigest()[:16]}.json"

    def as_json(self) -> dict[str, str | int | None]:
        """The key as it is written in the file."""
        return {
            "game": self.game,
            "setup": self.setup,
            "max_moves": self.max_moves,
            "version": self.version,
        }


def tree_key(inv: Investigation, max_moves: int | None = None) -> TreeKey:
    """The key of ``inv``'s game's optimal tree.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> tree_key(Investigation(3, 4)).setup
        '{"black_only": false, "colours": 4, "pegs": 3}'
    """
    return TreeKey(inv.game, json.dumps(inv.tree_setup(), sort_keys=True), max_moves)


def cache_dir() -> Path:
    """Where trees are kept: ``$DEDUCE_CACHE_DIR``, else ``$XDG_CACHE_HOME/deduce``, else
    ``~/.cache/deduce``.

    Example:
        >>> str(cache_dir()) == os.environ.get("DEDUCE_CACHE_DIR", str(cache_dir()))
        True
    """
    own = os.environ.get("DEDUCE_CACHE_DIR")
    if own:
        return Path(own)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "deduce"


def _node(ids: npt.ArrayLike) -> bytes:
    return np.sort(np.asarray(ids, dtype=np.int64)).astype(np.int32).tobytes()


def _checksum(rows: list[list[object]]) -> str:
    return hashlib.sha256(json.dumps(rows, separators=(",", ":")).encode()).hexdigest()


def save_tree(path: Path, key: TreeKey, nodes: Mapping[bytes, int]) -> None:
    """Write ``nodes`` under ``key`` to ``path`` atomically (a reader sees the old file
    or the new one, never half of one).

    Example:
        >>> import tempfile
        >>> from deduce.games.mastermind import Investigation
        >>> inv = Investigation(2, 2)
        >>> path = Path(tempfile.mkdtemp()) / "tree.json"
        >>> save_tree(path, tree_key(inv), {_node([0, 1, 2, 3]): 1, _node([0, 3]): 0})
        >>> sorted(load_tree(path, tree_key(inv), inv).values())
        [0, 1]
    """
    rows = sorted(
        [move, np.frombuffer(node, dtype=np.int32).tolist()] for node, move in nodes.items()
    )
    text = json.dumps({"key": key.as_json(), "nodes": rows, "checksum": _checksum(rows)})
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def load_tree(path: Any, key: TreeKey, inv: Investigation) -> Nodes | None:
    """The nodes of the tree in the file ``path``, or None if it is missing, unreadable,
    of another key, or does not hold together as a tree of ``inv``'s game.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> load_tree(Path("/nonexistent.json"), tree_key(Investigation()), Investigation())
    """
    if not callable(getattr(path, "read_text", None)):
        raise InvalidInput("path", path, "a path of a tree file (a pathlib.Path)")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data["key"] != key.as_json():
            return None
        rows = data["nodes"]
        if data["checksum"] != _checksum(rows):
            return None
        moves = len(inv.queries())
        nodes: Nodes = {}
        for move, ids in rows:
            if not isinstance(move, int) or not 0 <= move < moves:
                return None
            nodes[_node(ids)] = move
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return nodes if _holds_together(nodes, inv) else None


def _holds_together(nodes: Nodes, inv: Investigation) -> bool:
    """Whether every node's move splits it, and every part of two worlds or more that
    does not end the game is a node too."""
    start = inv.origin
    space, queries = start.space, start.queries()
    size = space.size
    if not bool((space.ids == np.arange(size)).all()):
        return False
    for node, move in nodes.items():
        ids = np.frombuffer(node, dtype=np.int32).astype(np.int64)
        if len(ids) < 2 or ids[0] < 0 or ids[-1] >= size or (np.diff(ids) <= 0).any():
            return False
        outcome = start.outcome_table(space.take(ids), [queries[move]])[0]
        for k in np.unique(outcome).tolist():
            part = ids[outcome == k]
            if start.finishes(queries[move], k):
                continue
            if len(part) == len(ids) or (len(part) >= 2 and _node(part) not in nodes):
                return False
    return True


def _shipped(inv: Investigation, key: TreeKey) -> Traversable:
    """The tree file that ``inv``'s game ships under ``key`` (it may not exist)."""
    package = sys.modules[type(inv).__module__].__package__ or ""
    return resources.files(package) / "trees" / key.name


def _nodes(inv: Investigation, key: TreeKey) -> Nodes:
    """The nodes known for ``key``: the user's cache and the game's shipped tree."""
    where = str(cache_dir())
    kept = _MEMORY.get((where, key))
    if kept is not None:
        return kept
    with _KEEPING:  # read once, whichever thread asks first
        if (where, key) not in _MEMORY:
            known: Nodes = {}
            own: Nodes = {}
            if inv.table_game:
                shipped = load_tree(_shipped(inv, key), key, inv)
                own = load_tree(cache_dir() / key.name, key, inv) or {}
                known.update(shipped or {})
                known.update(own)
            _MEMORY[(where, key)] = known
            _OWN[(where, key)] = own
        return _MEMORY[(where, key)]


def cached_move(inv: Investigation[Any, Query]) -> Query | None:
    """The optimal move at ``inv`` from a tree computed before, or None.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> cached_move(Investigation(4, 6))  # shipped with the package
        Code('1123')
    """
    if inv.space.size < 2 or not bool((inv.space.weights == inv.space.weights[0]).all()):
        return None
    move = _nodes(inv, tree_key(inv)).get(_node(inv.space.ids))
    return None if move is None else inv.queries()[move]


def cached_depth(inv: Investigation) -> int | None:
    """The most moves the tree computed before needs from ``inv`` to the end, or None
    when it has no move at ``inv``.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> cached_depth(Investigation(4, 6))  # the shipped tree: one code needs 6
        6
    """
    if cached_move(inv) is None:
        return None
    from deduce.search.lookahead import ends_with_a_move

    start, ids = inv.origin, np.sort(np.asarray(inv.space.ids, dtype=np.int64))
    nodes = _nodes(inv, tree_key(inv))
    last = 1 if ends_with_a_move(inv) else 0  # one world left: its own move, if any
    depths = _DEPTHS.setdefault((str(cache_dir()), tree_key(inv)), {})
    queries = start.queries()

    def depth(ids: npt.NDArray[np.int64]) -> int:
        node = _node(ids)
        if node not in depths:
            move = queries[nodes[node]]
            outcome = start.outcome_table(start.space.take(ids), [move])[0]
            deepest = 0
            for k in np.unique(outcome).tolist():
                part = ids[outcome == k]
                if start.finishes(move, k):
                    continue
                deepest = max(deepest, last if len(part) == 1 else depth(part))
            depths[node] = 1 + deepest
        return depths[node]

    return depth(ids)


def remember(inv: Investigation, tree: Mapping[tuple[int, ...], object]) -> None:
    """Keep the optimal ``tree`` found at ``inv`` (nodes -> moves, as in
    :attr:`deduce.search.optimum.Optimum.tree`): in memory, and on disk for a table game.
    A cache that cannot be written is skipped: it is only a cache.

    Example:
        >>> from deduce.games.mastermind import Investigation
        >>> from deduce.search.optimum import optimal
        >>> inv = Investigation(2, 3)
        >>> remember(inv, optimal(inv).tree)
        >>> cached_move(inv)
        Code('12')
    """
    key = tree_key(inv)
    position = {query: i for i, query in enumerate(inv.queries())}
    new = {_node(ids): position[move] for ids, move in tree.items()}
    with _KEEPING:  # threads keep trees of one game at once (the web page's advice)
        nodes = _nodes(inv, key)
        if all(nodes.get(node) == move for node, move in new.items()):
            return
        nodes.update(new)
        where = (str(cache_dir()), key)
        _DEPTHS.pop(where, None)
        if inv.table_game:
            _OWN[where].update(new)
            _UNWRITTEN.add(where)
            if time.monotonic() - _WRITTEN.get(where, -math.inf) >= SAVE_SECONDS:
                _write(where)


def _write(where: tuple[str, TreeKey]) -> None:
    """Write the cache file of ``where`` (the caller holds ``_KEEPING``); one that
    cannot be written is skipped: it is only a cache."""
    _UNWRITTEN.discard(where)
    _WRITTEN[where] = time.monotonic()
    directory, key = where
    with contextlib.suppress(OSError):
        save_tree(Path(directory) / key.name, key, _OWN[where])


@atexit.register
def _write_all() -> None:
    """Write every cache file behind what is kept in memory."""
    with _KEEPING:
        for where in list(_UNWRITTEN):
            _write(where)


def forget_trees() -> None:
    """Forget the trees read or computed so far (the files stay, with every tree
    computed): the next move reads them again.

    Example:
        >>> forget_trees()
    """
    with _KEEPING:
        _write_all()
        _MEMORY.clear()
        _DEPTHS.clear()
        _OWN.clear()
        _WRITTEN.clear()


def build_tree(inv: Investigation, path: Path | None = None, *, executor: Any = None) -> Path:
    """Compute the whole optimal tree from ``inv`` (no budget: it may take minutes) and
    write it to ``path`` (default: the user's cache). The trees shipped for Mastermind
    4 x 6 (with a 2-process pool) and 4 x 7 were made so, with ``path`` the package's
    ``trees/`` folder.

    Example:
        >>> import tempfile
        >>> from deduce.games.mastermind import Investigation
        >>> path = build_tree(Investigation(2, 3), Path(tempfile.mkdtemp()) / "tree.json")
        >>> len(load_tree(path, tree_key(Investigation(2, 3)), Investigation(2, 3)))
        3
    """
    from deduce.search.optimum import Budget, optimal

    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise InvalidInput("executor", executor, "None or an executor (with submit())")
    result = optimal(inv, budget=Budget(seconds=None), executor=executor)
    if result.tree is None:
        raise DeduceError(f"no optimal tree: {result.fell_back}")
    key = tree_key(inv)
    position = {query: i for i, query in enumerate(inv.queries())}
    target = cache_dir() / key.name if path is None else path
    save_tree(target, key, {_node(ids): position[move] for ids, move in result.tree.items()})
    return target


guard(globals())
