"""The solution space: every hidden world still possible, with its weight.

A :class:`Space` stores worlds as a numpy integer array with one column per variable
(each entry indexes that variable's labels) and one weight per world: the number of full
hidden worlds (deals) it stands for. Some of the variables form the *solution* (what the
player must name); the others are hidden facts that only shape the probabilities.
Filtering, projection onto the solution, probabilities, marginals and entropy are written
here once for every game.

Example:
    >>> import numpy as np
    >>> space = Space(
    ...     ("suspect", "room"),
    ...     (("Ann", "Bob"), ("hall", "attic")),
    ...     np.array([[0, 0], [0, 1], [1, 1]]),
    ...     weights=np.array([1, 1, 2]),
    ...     solution=("suspect",),
    ... )
    >>> space.probabilities()
    {('Ann',): 0.5, ('Bob',): 0.5}
    >>> space.filter(space.column("room") == 1).probabilities()
    {('Bob',): 0.6666666666666666, ('Ann',): 0.3333333333333333}
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard, is_int
from deduce._internal.reprs import rounded
from deduce._internal.validation import check_int
from deduce.core.info import entropy
from deduce.errors import InvalidInput

__all__ = ["Marginals", "Space", "distinct_rows"]

IntArray = npt.NDArray[np.int64]
ArrayT = TypeVar("ArrayT", bound=np.ndarray[Any, Any])


def _read_only(array: ArrayT) -> ArrayT:
    """``array``, marked read-only (a space's arrays never change in place)."""
    array.flags.writeable = False
    return array


def _rows(argument: str, rows: Any, radix: Sequence[int], names: Sequence[str]) -> IntArray:
    """``rows`` as a new integer array of shape ``(n, len(radix))`` whose column ``i``
    holds indices below ``radix[i]`` (``names[i]`` names it in errors), or
    :class:`InvalidInput` naming ``argument``."""
    try:
        array = np.array(rows, dtype=np.int64)  # a copy: the caller's array stays theirs
    except (TypeError, ValueError, OverflowError) as error:
        raise InvalidInput(argument, rows, "an array of rows (integers)") from error
    if array.ndim != 2 or array.shape[1] != len(radix):
        raise InvalidInput(argument, array.shape, f"an array of shape (n, {len(radix)})")
    for column, size in enumerate(radix):
        if len(array) and not 0 <= array[:, column].min() <= array[:, column].max() < size:
            bad = array[:, column][(array[:, column] < 0) | (array[:, column] >= size)]
            raise InvalidInput(
                argument, int(bad[0]), f"indices from 0 to {size - 1} for {names[column]!r}"
            )
    return array


def distinct_rows(rows: IntArray, radix: Sequence[int]) -> tuple[IntArray, IntArray]:
    """For every row of ``rows`` (value indices, ``radix[i]`` values in column ``i``) the
    number of its distinct row, and the distinct rows, sorted.

    Example:
        >>> ids, found = distinct_rows(np.array([[1, 0], [0, 1], [1, 0]]), [2, 2])
        >>> ids.tolist(), found.tolist()
        ([1, 0, 1], [[0, 1], [1, 0]])
    """
    if (
        not isinstance(radix, Sequence)
        or not radix
        or not all(is_int(size) and size > 0 for size in radix)
    ):
        raise InvalidInput(
            "radix", radix, "a non-empty sequence of column sizes (integers of at least 1)"
        )
    rows = _rows("rows", rows, radix, [f"column {column}" for column in range(len(radix))])
    if len(rows) == 0:
        return np.zeros(0, dtype=np.int64), rows
    if len(radix) > 1 and float(np.prod(radix, dtype=np.float64)) >= 2**62:  # no key fits
        found, ids = np.unique(rows, axis=0, return_inverse=True)
        return ids.reshape(-1).astype(np.int64), found.astype(np.int64)
    key = np.ravel_multi_index(rows.T, radix) if len(radix) > 1 else rows[:, 0]
    unique, ids = np.unique(key, return_inverse=True)
    found = np.stack(np.unravel_index(unique, radix), axis=1).astype(np.int64)
    return ids.reshape(-1).astype(np.int64), found


class Marginals(dict[str, dict[Any, float]]):
    """For each field, each of its values' probability: a dict that a notebook draws as a
    table of chips, and that writes its probabilities to four digits.

    Example:
        >>> Marginals({"x": {"a": 1 / 3, "b": 2 / 3}})
        {'x': {'a': 0.3333, 'b': 0.6667}}
    """

    __slots__ = ()

    def __init__(self, fields: Mapping[str, Mapping[Any, float]] | None = None) -> None:
        given = {} if fields is None else fields
        if not isinstance(given, Mapping) or not all(
            isinstance(name, str) and isinstance(values, Mapping) for name, values in given.items()
        ):
            raise InvalidInput("fields", fields, "field names -> {value: probability}")
        super().__init__({name: dict(values) for name, values in given.items()})

    def __repr__(self) -> str:
        return rounded(dict(self))

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))

    def _repr_html_(self) -> str:
        from deduce.output.notebook import marginals_html

        return marginals_html(self)


class Space:
    """Worlds (one row each, one column per variable) with their weights.

    Args:
        names: the variables, in column order.
        labels: for each variable, the labels of its values; a world stores indices.
        worlds: integer array of shape ``(n, len(names))``.
        weights: how many full hidden worlds each row stands for (default 1 each).
        solution: the variables that make up the solution (default: all of them).
        ids: the row number of each world in the space it was filtered from (default
            ``0..n-1``); games use it to look up precomputed tables.
        state: any immutable value a game keeps beside the worlds (for instance what the
            clues say about hidden cards that the rows do not list); carried along by
            every derived space.

    A ``Space`` is never changed in place: :meth:`filter` and :meth:`reweight` return
    new spaces. Rows of weight 0 are dropped. Every array it holds or hands out
    (``worlds``, ``weights``, ``ids``, :meth:`column`, :meth:`solution_ids`,
    :meth:`solution_rows`, :meth:`solution_weights`) is read-only: writing into one
    raises ``ValueError``. Arrays passed in are copied, so the caller's stay writable.

    Example:
        >>> s = Space(("x",), ((1, 2),), [[0], [1]])
        >>> s.weights[:] = 0
        Traceback (most recent call last):
        ...
        ValueError: assignment destination is read-only
    """

    __slots__ = (
        "__weakref__",
        "_cache",
        "ids",
        "labels",
        "names",
        "solution",
        "state",
        "weights",
        "worlds",
    )

    def __init__(
        self,
        names: Sequence[str],
        labels: Sequence[Sequence[Any]],
        worlds: npt.ArrayLike,
        *,
        weights: npt.ArrayLike | None = None,
        solution: Sequence[str] | None = None,
        ids: npt.ArrayLike | None = None,
        state: Any = None,
    ) -> None:
        if isinstance(names, (str, bytes)) or not np.iterable(names):
            raise InvalidInput("names", names, "a sequence of variable names (str)")
        if not all(isinstance(name, str) for name in names):
            raise InvalidInput("names", names, "a sequence of variable names (str)")
        self.names: tuple[str, ...] = tuple(names)
        if isinstance(labels, (str, bytes)) or not np.iterable(labels):
            raise InvalidInput("labels", labels, "a sequence of label lists, one per variable")
        labels = list(labels)
        if not all(np.iterable(v) and not isinstance(v, (str, bytes)) for v in labels):
            raise InvalidInput("labels", labels, "a sequence of label lists, one per variable")
        self.labels: tuple[tuple[Any, ...], ...] = tuple(tuple(v) for v in labels)
        if len(self.labels) != len(self.names):
            raise InvalidInput("labels", len(self.labels), f"{len(self.names)} label lists")
        array = _rows("worlds", worlds, [len(values) for values in self.labels], self.names)
        weight_array = np.ones(len(array), dtype=np.int64) if weights is None else np.array(weights)
        if weight_array.shape != (len(array),):
            raise InvalidInput("weights", weight_array.shape, f"shape ({len(array)},)")
        if len(weight_array) and weight_array.min() < 0:
            raise InvalidInput("weights", weight_array.min(), "weights of at least 0")
        id_array = np.arange(len(array)) if ids is None else np.array(ids, dtype=np.int64)
        keep = weight_array > 0
        if not keep.all():
            array, weight_array, id_array = array[keep], weight_array[keep], id_array[keep]
        self.worlds: IntArray = _read_only(array)
        self.weights: npt.NDArray[Any] = _read_only(weight_array)
        self.ids: IntArray = _read_only(id_array)
        chosen = self.names if solution is None else tuple(solution)
        unknown = [name for name in chosen if name not in self.names]
        if unknown or not chosen:
            raise InvalidInput("solution", tuple(chosen), f"a non-empty subset of {self.names}")
        self.solution: tuple[int, ...] = tuple(self.names.index(name) for name in chosen)
        self.state: Any = state
        self._cache: dict[str, Any] = {}

    # -- construction ------------------------------------------------------------------

    def _derive(
        self, worlds: IntArray, weights: npt.NDArray[Any], ids: IntArray, state: Any = None
    ) -> Space:
        new = Space.__new__(Space)
        keep = weights > 0
        if not keep.all():
            worlds, weights, ids = worlds[keep], weights[keep], ids[keep]
        new.names, new.labels, new.solution = self.names, self.labels, self.solution
        new.worlds, new.weights, new.ids = _read_only(worlds), _read_only(weights), _read_only(ids)
        new.state = self.state if state is None else state
        new._cache = {}
        return new

    def replace(self, *, weights: npt.ArrayLike | None = None, state: Any = None) -> Space:
        """The same rows with new weights and/or a new game state (rows of weight 0 go).

        Example:
            >>> s = Space(("x",), ((1, 2),), [[0], [1]])
            >>> s.replace(weights=[0, 5], state="after clue 1").worlds.tolist()
            [[1]]
        """
        new_weights = self.weights if weights is None else np.array(weights)
        if new_weights.shape != (len(self.worlds),):
            raise InvalidInput("weights", new_weights.shape, f"an array of shape ({self.size},)")
        if len(new_weights) and new_weights.min() < 0:
            raise InvalidInput("weights", new_weights.min(), "weights of at least 0")
        return self._derive(self.worlds, new_weights, self.ids, state)

    def filter(self, mask: npt.ArrayLike) -> Space:
        """The worlds where ``mask`` is true.

        Example:
            >>> s = Space(("x",), ((1, 2, 3),), [[0], [1], [2]])
            >>> s.filter(s.column("x") >= 1).size
            2
        """
        keep = np.asarray(mask, dtype=bool)
        if keep.shape != (len(self.worlds),):
            raise InvalidInput("mask", keep.shape, f"a boolean array of shape ({self.size},)")
        rows = keep.nonzero()[0]
        if len(rows) == len(keep):  # nothing ruled out: spaces never change, so share this one
            return self
        return self._derive(self.worlds[rows], self.weights[rows], self.ids[rows])

    def take(self, rows: npt.ArrayLike) -> Space:
        """The worlds at the given row positions, in that order.

        Example:
            >>> s = Space(("x",), ((1, 2, 3),), [[0], [1], [2]])
            >>> s.take([2, 0]).worlds.tolist()
            [[2], [0]]
        """
        index = np.asarray(rows)
        if index.ndim != 1 or (index.size and index.dtype.kind not in "iu"):
            raise InvalidInput("rows", rows, "a list of row positions (integers)")
        if index.size and not (-self.size <= index.min() and index.max() < self.size):
            raise InvalidInput("rows", rows, f"row positions from {-self.size} to {self.size - 1}")
        index = index.astype(np.int64)
        return self._derive(self.worlds[index], self.weights[index], self.ids[index])

    def reweight(self, factor: npt.ArrayLike) -> Space:
        """Multiply every world's weight by ``factor`` (an array, one entry per world).

        Example:
            >>> s = Space(("x",), ((1, 2),), [[0], [1]])
            >>> s.reweight([3, 0]).total
            3
        """
        scale = np.asarray(factor)
        if scale.shape != (len(self.worlds),):
            raise InvalidInput("factor", scale.shape, f"an array of shape ({self.size},)")
        return self._derive(self.worlds, self.weights * scale, self.ids)

    def derived(self, key: Hashable, make: Callable[[], Space]) -> Space:
        """The space ``make()`` gives, made once for ``key`` while anyone holds it.

        For a space that depends only on this one and ``key`` (a clue read by the same
        rules, say): every investigation that turns this space by ``key`` gets the same
        space, worked out once (the players of a table hear each clue, and one filter
        serves them all). A space nobody holds any more is made again when asked for.

        Example:
            >>> s = Space(("x",), ((1, 2, 3),), [[0], [1], [2]])
            >>> def big() -> Space:
            ...     return s.filter(s.column("x") >= 1)
            >>> s.derived("x >= 1", big) is s.derived("x >= 1", big)
            True
        """
        made: weakref.WeakValueDictionary[Hashable, Space] | None = self._cache.get("derived")
        if made is None:
            made = self._cache["derived"] = weakref.WeakValueDictionary()
        space = made.get(key)
        if space is None:
            space = make()
            if not isinstance(space, Space):
                raise InvalidInput(
                    "make", make, "a function that returns a Space", reason=f"it returned {space!r}"
                )
            made[key] = space
        return space

    # -- reading -----------------------------------------------------------------------

    @property
    def size(self) -> int:
        """The number of worlds (rows) left.

        Example:
            >>> worlds = [[0, 0], [1, 1], [1, 0]]
            >>> s = Space(("x", "y"), (("a", "b"), (0, 1)), worlds, solution=("x",))
            >>> s.size
            3
        """
        return len(self.worlds)

    @property
    def total(self) -> int | float:
        """The sum of the weights (0 for an empty space).

        Example:
            >>> Space(("x",), ((0, 1),), [[0], [1]], weights=[2, 3]).total
            5
        """
        return self.weights.sum().item() if len(self.weights) else 0

    def index(self, name: str) -> int:
        """The column of variable ``name``.

        Example:
            >>> worlds = [[0, 0], [1, 1], [1, 0]]
            >>> s = Space(("x", "y"), (("a", "b"), (0, 1)), worlds, solution=("x",))
            >>> s.index("y")
            1
        """
        try:
            return self.names.index(name)
        except ValueError:
            raise InvalidInput("variable", name, self.names) from None

    def column(self, name: str) -> IntArray:
        """The value index of variable ``name`` in every world.

        Example:
            >>> worlds = [[0, 0], [1, 1], [1, 0]]
            >>> s = Space(("x", "y"), (("a", "b"), (0, 1)), worlds, solution=("x",))
            >>> s.column("x").tolist()
            [0, 1, 1]
        """
        return self.worlds[:, self.index(name)]

    def label_index(self, name: str, label: object) -> int:
        """The index of ``label`` among the values of variable ``name``.

        Example:
            >>> worlds = [[0, 0], [1, 1], [1, 0]]
            >>> s = Space(("x", "y"), (("a", "b"), (0, 1)), worlds, solution=("x",))
            >>> s.label_index("x", "b")
            1
        """
        labels = self.labels[self.index(name)]
        try:
            return labels.index(label)
        except ValueError:
            raise InvalidInput(name, label, labels) from None

    @property
    def solution_names(self) -> tuple[str, ...]:
        """The names of the solution's variables.

        Example:
            >>> worlds = [[0, 0], [1, 1], [1, 0]]
            >>> s = Space(("x", "y"), (("a", "b"), (0, 1)), worlds, solution=("x",))
            >>> s.solution_names
            ('x',)
        """
        return tuple(self.names[i] for i in self.solution)

    def _projection(self) -> tuple[IntArray, IntArray]:
        """(solution id of every world, one row of solution value indices per id)."""
        if "projection" not in self._cache:
            radix = [len(self.labels[i]) for i in self.solution]
            result = distinct_rows(self.worlds[:, self.solution], radix)
            self._cache["projection"] = (_read_only(result[0]), _read_only(result[1]))
        projection: tuple[IntArray, IntArray] = self._cache["projection"]
        return projection

    def solution_ids(self) -> IntArray:
        """For every world, the number of its solution among :meth:`solution_rows`.

        Example:
            >>> worlds = [[0, 0], [1, 1], [1, 0]]
            >>> s = Space(("x", "y"), (("a", "b"), (0, 1)), worlds, solution=("x",))
            >>> s.solution_ids().tolist()
            [0, 1, 1]
        """
        return self._projection()[0]

    def solution_rows(self) -> IntArray:
        """The distinct solutions, as rows of value indices (in a fixed, sorted order).

        Example:
            >>> worlds = [[0, 0], [1, 1], [1, 0]]
            >>> s = Space(("x", "y"), (("a", "b"), (0, 1)), worlds, solution=("x",))
            >>> s.solution_rows().tolist()
            [[0], [1]]
        """
        return self._projection()[1]

    def solution_weights(self) -> npt.NDArray[Any]:
        """The weight of each row of :meth:`solution_rows`.

        Example:
            >>> worlds = [[0, 0], [1, 1], [1, 0]]
            >>> s = Space(("x", "y"), (("a", "b"), (0, 1)), worlds, solution=("x",))
            >>> s.solution_weights().tolist()
            [1.0, 2.0]
        """
        if "solution_weights" not in self._cache:
            ids, rows = self._projection()
            self._cache["solution_weights"] = _read_only(
                np.bincount(ids, weights=self.weights, minlength=len(rows))
            )
        result: npt.NDArray[Any] = self._cache["solution_weights"]
        return result

    def solution_labels(self, row: Sequence[int]) -> tuple[Any, ...]:
        """The labels of one solution row.

        Example:
            >>> worlds = [[0, 0], [1, 1], [1, 0]]
            >>> s = Space(("x", "y"), (("a", "b"), (0, 1)), worlds, solution=("x",))
            >>> s.solution_labels([1])
            ('b',)
        """
        if len(row) != len(self.solution):
            raise InvalidInput("row", row, f"{len(self.solution)} label positions, one per name")
        for v, i in zip(self.solution, row, strict=True):
            if not is_int(i) or not 0 <= i < len(self.labels[v]):
                raise InvalidInput("row", row, "label positions within the labels of each name")
        return tuple(self.labels[v][int(i)] for v, i in zip(self.solution, row, strict=True))

    def rows_labels(self, rows: npt.ArrayLike) -> list[tuple[Any, ...]]:
        """The labels of several solution rows at once (as :meth:`solution_labels` reads
        each), in their order.

        Example:
            >>> worlds = [[0, 0], [1, 1], [1, 0]]
            >>> s = Space(("x", "y"), (("a", "b"), (0, 1)), worlds)
            >>> s.rows_labels([[1, 0], [0, 1]])
            [('b', 0), ('a', 1)]
        """
        names = self.solution_names
        sizes = [len(self.labels[v]) for v in self.solution]
        array = _rows("rows", rows, sizes, names)
        columns = [
            [self.labels[v][j] for j in array[:, k].tolist()] for k, v in enumerate(self.solution)
        ]
        return list(zip(*columns, strict=True)) if len(array) else []

    def ranked(self, limit: int | None = None) -> list[tuple[tuple[Any, ...], float]]:
        """Every solution's labels with its probability, most probable first.

        Ties keep the fixed order of :meth:`solution_rows`.

        Args:
            limit: only the ``limit`` most probable ones (default: all).

        Example:
            >>> s = Space(("x",), (("a", "b", "c"),), [[0], [1], [1]])
            >>> s.ranked(limit=1)
            [(('b',), 0.6666666666666666)]
        """
        rows, weights = self.solution_rows(), self.solution_weights()
        total = float(weights.sum())
        if total == 0:
            return []
        order = np.argsort(-weights, kind="stable")
        if limit is not None:
            order = order[: check_int("limit", limit, 0)]
        chances = (weights[order] / total).tolist()
        return list(zip(self.rows_labels(rows[order]), chances, strict=True))

    def probabilities(self) -> dict[tuple[Any, ...], float]:
        """Solution labels -> probability, most probable first.

        Example:
            >>> worlds = [[0, 0], [1, 1], [1, 0]]
            >>> s = Space(("x", "y"), (("a", "b"), (0, 1)), worlds, solution=("x",))
            >>> s.probabilities()
            {('b',): 0.6666666666666666, ('a',): 0.3333333333333333}
        """
        return dict(self.ranked())

    def tally(self, name: str, *, weighted: bool = True) -> npt.NDArray[Any]:
        """For each value of variable ``name`` (one per label), the total weight of the
        worlds that have it, or with ``weighted=False`` how many worlds do; worked out
        once per space (read-only).

        Example:
            >>> s = Space(("x",), (("a", "b", "c"),), [[0], [1], [1]], weights=[1, 2, 3])
            >>> s.tally("x").tolist(), s.tally("x", weighted=False).tolist()
            ([1.0, 5.0, 0.0], [1, 2, 0])
        """
        key = f"tally {weighted} {name}"
        found: npt.NDArray[Any] | None = self._cache.get(key)
        if found is None:
            column = self.index(name)
            found = np.bincount(
                self.worlds[:, column],
                weights=self.weights if weighted else None,
                minlength=len(self.labels[column]),
            )
            self._cache[key] = _read_only(found)
        return found

    def marginals(self, names: Sequence[str] | None = None) -> Marginals:
        """For each variable (default: the solution's), each value's probability.

        Every value of the variable is listed, impossible ones with 0.0.

        Example:
            >>> s = Space(("x",), (("a", "b", "c"),), [[0], [1], [1]])
            >>> s.marginals()
            {'x': {'a': 0.3333, 'b': 0.6667, 'c': 0.0}}
        """
        chosen = self.solution_names if names is None else tuple(names)
        total = float(self.total)
        result = Marginals()
        for name in chosen:
            labels = self.labels[self.index(name)]
            mass = self.tally(name).tolist()
            result[name] = {
                label: (m / total if total else 0.0) for label, m in zip(labels, mass, strict=True)
            }
        return result

    def entropy(self) -> float:
        """The entropy of the solution in bits.

        Example:
            >>> Space(("x",), ((0, 1, 2, 3),), [[0], [1], [2], [3]]).entropy()
            2.0
        """
        weights = self.solution_weights()
        return entropy(weights[weights > 0])

    def __repr__(self) -> str:
        return (
            f"Space(names={self.names!r}, worlds={self.size}, total={self.total}, "
            f"solution={self.solution_names!r})"
        )


guard(globals())
