"""Kreuzverhör: the end of the race, searched exactly.

With few cases left in my case file, :func:`finish` walks every sequence of my lays
(each lay taken once per way it splits the cases) and gives each first lay the chance
to win when I play best after it: solving at my ``t``-th lay from now wins if the
opponent has not solved before it (``alive[t]``); nobody solving counts as half of the
rulebook's tie-break (``never / 2``).

Example:
    >>> from deduce.games.kreuzverhoer.investigation import Investigation
    >>> inv = Investigation().confirmed(crime="Mord", scene="Ulm", suspect="Ede K.")
    >>> inv = inv.ruled_out(weapon=["Messer", "Gift", "Pistole"])
    >>> inv.space.size
    3
    >>> wins = finish(inv, [1.0, 0.0], 0.0)        # they solve before my second lay
    >>> round(max(wins.values()), 3)
    0.333
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from deduce._internal.entry import guard
from deduce.errors import InvalidInput
from deduce.games.kreuzverhoer.investigation import Investigation

__all__ = ["FINISH_UP_TO", "finish"]

FINISH_UP_TO = 8
"""Case files of at most this many cases get the exact search (the race's default)."""


def finish(inv: Investigation, alive: Sequence[float], never: float) -> dict[int, float]:
    """The chance to win of each first lay (by its number in ``inv.queries()``, one lay
    for each way of splitting the cases that splits them or can solve), playing best
    after it.

    Args:
        inv: my case file (the weights of its cases are their chances).
        alive: ``alive[t]``: the chance that the opponent has not solved before my
            ``t``-th lay from now (``t = 0`` is this one); its length is the count of my
            lays searched.
        never: the chance that the opponent never solves.

    Raises:
        InvalidInput: ``inv`` holds more than :data:`FINISH_UP_TO` cases or none, or
            ``alive`` is empty.
    """
    if not isinstance(inv, Investigation):
        raise InvalidInput("inv", inv, "a kreuzverhoer.Investigation")
    size = inv.space.size
    if not 0 < size <= FINISH_UP_TO:
        raise InvalidInput("inv", size, f"a case file of 1 to {FINISH_UP_TO} cases")
    chances = [float(a) for a in alive]
    if not chances:
        raise InvalidInput("alive", alive, "at least one lay")
    outcome = inv.outcome_table(inv.space, inv.queries())
    weights = inv.space.weights.astype(np.float64)
    memo: dict[tuple[tuple[int, ...], int], float] = {}

    split: dict[tuple[int, ...], tuple[npt.NDArray[np.int64], npt.NDArray[np.intp]]] = {}

    def splits(cols: tuple[int, ...]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.intp]]:
        if cols not in split:
            sub = outcome[:, list(cols)].astype(np.int64)
            code = sub @ (5 ** np.arange(len(cols), dtype=np.int64))  # one number a split
            _, first = np.unique(code, return_index=True)
            rows = sub[first]
            useful = (rows == 4).any(axis=1) | (rows != rows[:, :1]).any(axis=1)
            seen: dict[frozenset[tuple[bool, frozenset[int]]], int] = {}
            for j in np.flatnonzero(useful).tolist():  # the same parts, named otherwise
                row = rows[j].tolist()
                key = frozenset(
                    (k == 4, frozenset(p for p, r in enumerate(row) if r == k)) for k in set(row)
                )
                seen.setdefault(key, j)
            keep = np.array(sorted(seen.values()), dtype=np.intp)
            split[cols] = rows[keep], first[keep]
        return split[cols]

    def worth(cols: tuple[int, ...], row: npt.NDArray[np.int64], t: int) -> float:
        w = weights[list(cols)]
        total = float(w.sum())
        win = float(w[row == 4].sum()) / total * chances[t]
        for k in range(4):
            part = tuple(c for c, r in zip(cols, row.tolist(), strict=True) if r == k)
            if part:
                win += float(weights[list(part)].sum()) / total * value(part, t + 1)
        return win

    def value(cols: tuple[int, ...], t: int) -> float:
        if t == len(chances):
            return 0.5 * never
        key = (cols, t)
        if key not in memo:
            rows, _ = splits(cols)
            memo[key] = max(worth(cols, row, t) for row in rows)
        return memo[key]

    root = tuple(range(size))
    rows, first = splits(root)
    return {int(i): worth(root, row, 0) for row, i in zip(rows, first, strict=True)}


guard(globals())
